"""What a snippet prints must not depend on the processor it runs on: a reader's laptop, an
ARM machine or CI's Intel server all print the recorded output. torch picks its CPU kernels
by the instructions the processor has (ATEN_CPU_CAPABILITY: AVX-512, AVX2, or none), and
float32 results of the same operation can differ in their last bits between those kernels.
Every snippet therefore runs again on the reference release with the kernels of the other
capabilities, and must print what was recorded. (Another vendor's library path, as torch
1.13's bernoulli takes on Intel processors, cannot be chosen this way: the README's
authoring rules keep random draws out of what snippets print.)"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from fieldguide.engine import Engine
from fieldguide.matrix import python_for
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import discover
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
# "default" is torch's portable C++ kernels, what a processor without AVX2 gets (and the closest
# to what an ARM machine runs); AVX2 is most laptops'. A capability the processor lacks falls
# back to the best it has, so on such a machine that run repeats another.
CAPABILITIES = ["default", "avx2"]


@pytest.mark.parametrize("capability", CAPABILITIES)
def test_every_snippet_prints_the_same_with_other_cpu_kernels(capability):
    matrix = load_matrix(ROOT)
    store = OutputStore(ROOT)
    snippets = [s for s in discover(ROOT) if s.runs_on(matrix.reference)]
    engine = Engine(python_for(matrix.reference, matrix), ROOT, env={"ATEN_CPU_CAPABILITY": capability})
    try:
        for snippet in snippets:
            engine.submit(snippet)
        differ = []
        for snippet in snippets:
            recorded = store.recorded(snippet.key, matrix.reference)
            output = engine.result(snippet).output
            if recorded is not None and output != recorded[1]:
                diff = difflib.unified_diff(recorded[1].splitlines(keepends=True), output.splitlines(keepends=True),
                                            fromfile=f"{recorded[0].relative_to(ROOT)} (recorded)",
                                            tofile=f"{snippet.relpath} (ATEN_CPU_CAPABILITY={capability})")
                differ.append("".join(diff))
    finally:
        engine.close()
    print(f"ATEN_CPU_CAPABILITY={capability}: {len(snippets) - len(differ)}/{len(snippets)} snippets print "
          "their recorded output")
    assert not differ, (
        f"{len(differ)} snippets print another output with torch's {capability} kernels, so a reader's "
        "processor would change it: print what does not depend on the last bits of float32 math (round, "
        "compare, or compute in float64), then re-record.\n\n" + "\n".join(differ)
    )
