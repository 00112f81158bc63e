"""What the terminal tool (explain/) adds to an uncaught exception, in time.

    .venv/bin/python bench/explain.py

Each run is a fresh interpreter, as a reader's script is: it imports the package (what
`install()` or `python -m autograd_fieldguide` costs at start-up), then raises each message
and times the diagnosis the hook prints for it: the first one loads the data and builds the
reader, the ones after it reuse them. Messages: three recorded ones (the in-place error, the
long DDP reduction error with its parameter list, a leaf's in-place error) and one the guide
does not know. Prints the median and the slowest of RUNS runs, in milliseconds; the aim is
at most 100 ms for the first diagnosis.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

import results

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from fieldguide.errors import grammar  # noqa: E402
from fieldguide.releases import load as load_matrix  # noqa: E402
from fieldguide.store import OutputStore  # noqa: E402

RUNS = 15
SNIPPETS = ("debugging/clamp_after_save", "distributed/unused_aux_head", "leaf/attack_step_requires_grad")
AIM_MS = 100
TIMED = """\
import io, json, sys, time
start = time.perf_counter()
from autograd_fieldguide import hooks
imported = time.perf_counter()
times = []
for category, message in json.loads(sys.argv[1]):
    error = type(category, (Exception,), {})(message)
    try:
        raise error
    except Exception as caught:
        before = time.perf_counter()
        hooks.print_diagnosis(caught, io.StringIO())
        times.append(time.perf_counter() - before)
print(json.dumps({"import": imported - start, "diagnoses": times}))
"""


def messages() -> list[tuple[str, str]]:
    store, reference = OutputStore(ROOT), load_matrix(ROOT).reference
    found = []
    for key in SNIPPETS:
        _, output = store.recorded(key, reference)
        found.append(grammar.messages(output)[-1])
    return [*found, ("KeyError", "'learning_rate'")]


def main() -> int:
    said = messages()
    runs = []
    for _ in range(RUNS):
        run = subprocess.run([sys.executable, "-c", TIMED, json.dumps(said)], capture_output=True, text=True,
                             check=True, env={"AUTOGRAD_FIELDGUIDE_LANG": "en", "PATH": ""})
        runs.append(json.loads(run.stdout))

    def line(label: str, seconds: list[float]) -> str:
        ms = [s * 1000 for s in seconds]
        return f"  {label:48} median {statistics.median(ms):6.1f} ms, slowest {max(ms):6.1f} ms"

    print(f"the terminal tool, {RUNS} fresh interpreters:")
    print(line("import autograd_fieldguide", [r["import"] for r in runs]))
    first = [r["diagnoses"][0] for r in runs]
    print(line(f"first diagnosis ({said[0][0]}, loads the data)", first))
    for i, (category, message) in enumerate(said[1:], 1):
        print(line(f"then {category}: {message[:30]}", [r["diagnoses"][i] for r in runs]))
    met = statistics.median(first) * 1000 <= AIM_MS
    print(f"aim: the first diagnosis at most {AIM_MS} ms: {'met' if met else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(results.record(main))
