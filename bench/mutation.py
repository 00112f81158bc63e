"""Mutation testing of the pure modules: the share of mutants their fast tests catch.

    .venv/bin/python bench/mutation.py      (what `make mutation` runs)

Runs mutmut afresh over the modules `[tool.mutmut]` in pyproject.toml lists (afresh because
mutmut does not run its mutants again after a change to the tests only), then prints
`fieldguide/mutation_report.py`'s figures: per module and in all, and what became of the
mutants no test caught. `.venv/bin/mutmut results` lists those afterwards, `.venv/bin/mutmut
show NAME` one of them.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import results

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fieldguide.mutation_report import report, tally  # noqa: E402

MUTMUT = Path(sys.executable).parent / "mutmut"


def main() -> int:
    shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    # mutmut's progress line redraws itself many times a second: not for the terminal's record
    subprocess.run([MUTMUT, "run"], cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
    listing = subprocess.run([MUTMUT, "results", "--all", "true"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout
    counts = tally(listing.splitlines())
    if not counts:
        raise RuntimeError(f"mutmut listed no mutants:\n{listing}")
    print("\n".join(report(counts)))
    return 0


if __name__ == "__main__":
    sys.exit(results.record(main))
