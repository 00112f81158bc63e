"""How long the test suite takes: `make test` as a contributor runs it, and with the sweeps as CI runs it.

    .venv/bin/python bench/suite.py [--sweeps]

Runs in the checkout, one after the other, and prints for each its wall time, the CPU time of
everything it started, and its counts:
  - `pytest --no-cache`: `make test` after its lint, on a cache of passed checks that is
    empty, as on a fresh clone (the builds' own caches, `.cache/mkdocs-jupyter` and the
    executed notebooks, are kept: a first build adds the notebooks' execution);
  - `pytest`: `make test` again, every check that passed above skipped as cached;
  - with --sweeps, `pytest --sweeps --no-cache`: what `.ci/run` runs.
The machine is shared and noisy: each line's CPU time is the figure that depends least on
what else runs. Then pytest's ten slowest tests of the first run.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from checks import timed

ROOT = Path(__file__).resolve().parents[1]
PYTEST = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
# pytest's --durations section: its header line, then one line per test up to the next header
DURATIONS = re.compile(r"^=+ slowest \d+ durations =+\n(.*?)^=", re.MULTILINE | re.DOTALL)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sweeps", action="store_true", help="also time the suite with its sweeps, as CI runs it")
    args = parser.parse_args()
    printed = timed("make test on an empty check cache: pytest --no-cache", [*PYTEST, "--no-cache", "--durations=10"],
                    ROOT)
    timed("make test again, cached: pytest", PYTEST, ROOT)
    if args.sweeps:
        timed("CI's suite: pytest --sweeps --no-cache", [*PYTEST, "--sweeps", "--no-cache"], ROOT)
    if found := DURATIONS.search(printed):
        print("the ten slowest tests of the first run:\n" + found.group(1).rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
