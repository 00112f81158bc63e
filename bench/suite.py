"""How long the test suite takes: `make test` as a contributor runs it, and with the sweeps as CI runs it.

    .venv/bin/python bench/suite.py [--sweeps]

Runs in the checkout, one after the other, and prints for each its wall time, the CPU time of
everything it started, and its counts:
  - `pytest`: `make test` after its lint, with the cache of passed checks emptied first
    (`.fieldguide_cache/checks/`, which this run fills again), as on a fresh clone; the builds'
    own caches (converted and executed notebooks) are kept, so the notebooks'
    first execution is not in it;
  - `pytest`: `make test` again, every snippet check that passed above skipped as cached;
  - with --sweeps, `pytest --sweeps --no-cache`: what `.ci/run` runs.
The machine is shared and noisy: each line's CPU time is the figure that depends least on
what else runs. Then pytest's ten slowest tests of the first run.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

import results
from checks import timed

from fieldguide.check_cache import CACHE_DIR

ROOT = Path(__file__).resolve().parents[1]
# as `make test` runs it: on every core, a test module to a worker (the Makefile's PARALLEL)
PYTEST = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "auto", "--dist", "loadfile"]
# a line of pytest's --durations section: "12.34s call     tests/test_x.py::test_y"
DURATION = re.compile(r"^\d+\.\d+s (?:setup|call|teardown) .*$", re.MULTILINE)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sweeps", action="store_true", help="also time the suite with its sweeps, as CI runs it")
    args = parser.parse_args()
    shutil.rmtree(ROOT / CACHE_DIR, ignore_errors=True)
    printed = timed("make test, no check cached: pytest", [*PYTEST, "--durations=10"], ROOT)
    timed("make test again, cached: pytest", PYTEST, ROOT)
    if args.sweeps:
        timed("CI's suite: pytest --sweeps --no-cache", [*PYTEST, "--sweeps", "--no-cache"], ROOT)
    print("the ten slowest tests of the first run:", *DURATION.findall(printed), sep="\n")
    return 0


if __name__ == "__main__":
    sys.exit(results.record(main))
