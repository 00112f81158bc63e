"""What the cache of passed checks (fieldguide/check_cache.py) saves after a one-snippet edit.

    .venv/bin/python bench/checks.py [--snippet detach/shares_storage]

Works in a copy of the checkout's engine, tests, snippets and recordings, with a cache of its
own, so its edit never reaches the checkout and edits made there meanwhile do not change
what it measures. First fills that cache: one `make matrix` (`python -m fieldguide.matrix
run`, what `make matrix` runs, without make's check of .venv), which installs any missing
release; its time is printed but is not a figure. Then it adds a comment line to the
snippet and times, on every listed release:

  - `pytest tests/test_snippets.py` on the reference, uncached (--no-cache), then cached;
  - the snippet edited again: `make matrix ARGS="-k NAME"`, which runs it on every release;
  - the snippet restored: a cached `make matrix`, every release with every snippet cached.

Each line gives the wall time, the CPU time of everything the run started, and how many
checks passed, failed and were skipped. The machine is shared: CPU time is the figure that
depends least on what else runs.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import results

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fieldguide.snippet import Snippet, keys  # noqa: E402

# What a check reads: the engine, the tests and their configuration, the snippets and their
# recordings (constraints.txt is part of the reference's cache key).
COPIED = ["fieldguide", "tests", "snippets", "outputs", "pyproject.toml", "constraints.txt"]
MATRIX = [sys.executable, "-m", "fieldguide.matrix", "run"]
PYTEST = [sys.executable, "-m", "pytest", "tests/test_snippets.py", "-q", "-p", "no:cacheprovider"]
# What make gives the commands it runs: the Makefile unexports PYTHONDONTWRITEBYTECODE, so the
# copy's modules and pytest's rewritten tests are compiled once, not in every session.
MAKE_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
RUN_TIMEOUT_S = 3600  # a full matrix that is not cached yet takes minutes; one still going is hung
# pytest's closing line, one per session: "2 passed, 429 skipped in 3.10s"
SUMMARY = re.compile(r"^=*\s*((?:\d+ \w+, )*\d+ \w+) in [\d.]+s", re.MULTILINE)


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(label: str, command: list[str], cwd: Path) -> str:
    """Run `command` in `cwd`, print its wall and CPU time and the checks' outcomes, and
    return what it printed."""
    cpu, start = cpu_seconds(), time.monotonic()
    proc = subprocess.run(command, cwd=cwd, env=MAKE_ENV, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    wall, cpu = time.monotonic() - start, cpu_seconds() - cpu
    counts: dict[str, int] = {}
    for line in SUMMARY.findall(proc.stdout):
        for number, outcome in (part.split() for part in line.split(", ")):
            counts[outcome] = counts.get(outcome, 0) + int(number)
    shown = ("passed", "failed", "skipped")
    outcomes = ", ".join([f"{counts.get(o, 0)} {o}" for o in shown]
                         + [f"{n} {o}" for o, n in counts.items() if o not in shown])  # deselected, xfailed
    print(f"{label:62} {wall:6.1f} s wall {cpu:6.1f} s CPU   {outcomes}", flush=True)
    if proc.returncode != 0:
        print(f"    (exit status {proc.returncode}; the end of its output:)\n{proc.stdout[-3000:]}")
    return proc.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--snippet", default="detach/shares_storage",
                        help="topic/name of the snippet to edit: one that runs on every release, and "
                        "whose name no other snippet's contains (it is the -k expression)")
    args = parser.parse_args()
    snippet = Snippet.load(ROOT, *args.snippet.split("/"))
    name = snippet.name
    if snippet.min_torch or [key for key in keys(ROOT) if name in key] != [snippet.key]:
        parser.error(f"{args.snippet} declares '# min-torch:' or -k {name} selects other snippets too")

    with tempfile.TemporaryDirectory(prefix="fieldguide-bench-checks-") as scratch:
        copy = Path(scratch)
        for entry in COPIED:
            if (ROOT / entry).is_dir():
                shutil.copytree(ROOT / entry, copy / entry, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(ROOT / entry, copy / entry)
        path = copy / "snippets" / f"{args.snippet}.py"
        original = path.read_bytes()

        def edit(number: int) -> None:
            path.write_bytes(original + f"# a one-line edit by bench/checks.py ({number})\n".encode())

        timed("filling the cache: make matrix (not a figure)", MATRIX, copy)
        edit(1)
        timed(f"edited {args.snippet}: pytest tests/test_snippets.py --no-cache", [*PYTEST, "--no-cache"], copy)
        timed(f"edited {args.snippet}: pytest tests/test_snippets.py (cached)", PYTEST, copy)
        edit(2)
        timed(f'edited again: make matrix ARGS="-k {name}"', [*MATRIX, "-k", name], copy)
        path.write_bytes(original)
        timed("restored: make matrix (cached)", MATRIX, copy)
    return 0


if __name__ == "__main__":
    sys.exit(results.record(main))
