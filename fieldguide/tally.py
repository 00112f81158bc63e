"""Counts of passed and failed checks across the parts of a run, and its closing line.

Each part of `.ci/run` (the test suite, the reader check, every release of the matrix)
appends one JSON line per check session, `{"part": ..., "passed": N, "failed": N}`, to the
file named by `$FIELDGUIDE_TALLY` (pytest_plugin.py, reader_check.py and matrix.py do).

    python3 -m fieldguide.tally FILE PART=EXIT_STATUS ...

prints what each part counted and, last, `N passed, N failed` for the whole run. A part
that exited non-zero without counting a failure (it crashed, or never got to its checks)
counts as one failure, so a broken part cannot end in a clean line. Exits 1 when anything
failed. Standard library only: it runs even when the environment could not be made.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ENV = "FIELDGUIDE_TALLY"


def add(part: str, passed: int, failed: int) -> None:
    """Append one part's counts to `$FIELDGUIDE_TALLY`, when it is set."""
    path = os.environ.get(ENV)
    if path:
        with open(path, "a", encoding="utf-8") as tally:
            tally.write(json.dumps({"part": part, "passed": passed, "failed": failed}) + "\n")


def read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def close(path: Path, statuses: dict[str, int]) -> tuple[int, int, list[str]]:
    """(passed, failed, one line per counted session or broken part) of the whole run."""
    entries = read(path)
    lines = [f"{e['part']}: {e['passed']} passed, {e['failed']} failed" for e in entries]
    passed = sum(e["passed"] for e in entries)
    failed = sum(e["failed"] for e in entries)
    for part, status in statuses.items():
        counted = [e for e in entries if e["part"] == part or e["part"].startswith(part + " ")]
        if status != 0 and not any(e["failed"] for e in counted):
            failed += 1
            lines.append(f"{part}: exited with status {status} without counting a failed check")
    return passed, failed, lines


def main(argv: list[str]) -> int:
    if not argv or any("=" not in arg for arg in argv[1:]):
        print(__doc__, file=sys.stderr)
        return 2
    statuses = {part: int(status) for part, status in (arg.split("=", 1) for arg in argv[1:])}
    passed, failed, lines = close(Path(argv[0]), statuses)
    print("\n".join(lines))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
