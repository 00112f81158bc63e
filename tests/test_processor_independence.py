"""What a snippet prints must not depend on the processor it runs on: a reader's laptop, an
ARM machine or CI's Intel server all print the recorded output. torch picks its CPU kernels
by the instructions the processor has (ATEN_CPU_CAPABILITY: AVX-512, AVX2, or none), and
float32 results of the same operation can differ in their last bits between those kernels.
Every snippet therefore runs again on the reference release with the kernels of the other
capabilities, and must print what was recorded. (Another vendor's library path, as torch
1.13's bernoulli takes on Intel processors, cannot be chosen this way: CONTRIBUTING.md's
authoring rules keep random draws out of what snippets print.)

One test per capability and snippet: a snippet whose check passed with the same inputs before
is skipped (fieldguide/check_cache.py, the capability part of its key; `--no-cache` runs it).
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from fieldguide.engine import Engine
from fieldguide.matrix import python_for
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import Snippet, SnippetError, keys
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
MODULE = Path(__file__).resolve()
KEYS = keys(ROOT)
# "default" is torch's portable C++ kernels, what a processor without AVX2 gets (and the closest
# to what an ARM machine runs); AVX2 is most laptops'. A capability the processor lacks falls
# back to the best it has, so on such a machine that run repeats another.
CAPABILITIES = ["default", "avx2"]


class Kernels:
    """One capability's engine on the reference release, started when a test first needs it
    with every selected snippet queued that is not skipped as cached."""

    def __init__(self, capability: str, selected: list[str], passed_checks):
        self.capability = capability
        self.check = f"ATEN_CPU_CAPABILITY={capability}"  # this check's part of a cache key
        self.matrix = load_matrix(ROOT)
        self.reference = self.matrix.reference
        self.checks = passed_checks
        self.passed_before = {key: passed_checks.key(self.check, key, self.reference, MODULE) for key in selected}
        self._engine: Engine | None = None

    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = Engine(python_for(self.reference, self.matrix), ROOT,
                                  env={"ATEN_CPU_CAPABILITY": self.capability})
            for key, passed_before in self.passed_before.items():
                if self.checks.cached(passed_before):
                    continue
                try:
                    snippet = Snippet.load(ROOT, *key.split("/"))
                except SnippetError:
                    continue  # its own test item reports the problem
                if snippet.runs_on(self.reference):
                    self._engine.submit(snippet)
        return self._engine

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()


@pytest.fixture(scope="module", params=CAPABILITIES)
def kernels(request, passed_checks):
    """Module-scoped, so pytest runs one capability's tests, then the other's: one engine at a time."""
    selected = [item.callspec.params["key"] for item in request.session.items
                if item.path == MODULE and item.callspec.params.get("kernels") == request.param]
    kernels = Kernels(request.param, selected, passed_checks)
    yield kernels
    kernels.close()


@pytest.mark.sweep
@pytest.mark.parametrize("key", KEYS)
def test_snippet_prints_the_same_with_other_cpu_kernels(key, kernels, passed_checks):
    try:
        snippet = Snippet.load(ROOT, *key.split("/"))
    except SnippetError as error:
        pytest.fail(str(error), pytrace=False)
    if not snippet.runs_on(kernels.reference):
        pytest.skip(f"{snippet.relpath} needs torch >= {snippet.min_torch}")
    passed_before = kernels.passed_before.get(key)
    passed_checks.skip_if_cached(passed_before)
    recorded = OutputStore(ROOT).recorded(key, kernels.reference)
    output = kernels.engine().result(snippet).output
    if recorded is not None and output != recorded[1]:  # none recorded: tests/test_snippets.py fails
        diff = difflib.unified_diff(recorded[1].splitlines(keepends=True), output.splitlines(keepends=True),
                                    fromfile=f"{recorded[0].relative_to(ROOT)} (recorded)",
                                    tofile=f"{snippet.relpath} (ATEN_CPU_CAPABILITY={kernels.capability})")
        pytest.fail(
            f"{snippet.relpath} prints another output with torch's {kernels.capability} kernels, so a "
            "reader's processor would change it: print what does not depend on the last bits of float32 "
            "math (round, compare, or compute in float64), then re-record.\n\n" + "".join(diff),
            pytrace=False,
        )
    passed_checks.passed(passed_before, kernels.check, key, kernels.reference, MODULE)
