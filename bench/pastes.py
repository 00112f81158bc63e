"""What the paste box answers for real pastes, and how much of what PyTorch raises it knows.

    .venv/bin/python bench/pastes.py

Reads every blind paste (data/blind-pastes: real pastes collected before the entries they
test were written; data/second-blind-pastes to data/twelfth-blind-pastes: collected after
every entry existed, labelled by readers who never ran the box; fieldguide/pastes.py) with
the box's script under Node, as tests/test_paste_answers.py does, and prints its figures:
the right entry among the in-scope pastes, the honest "not known" and the wrong answers,
and where the thread's cause ranks.
Then the message inventory's coverage (data/inventory, `python -m fieldguide.inventory`):
the in-scope messages with an entry, plain and weighted by public reports.
"""

from __future__ import annotations

import sys
from pathlib import Path

import results

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from paste_reader import measure, read, said, site_data  # noqa: E402

from fieldguide import inventory, pastes  # noqa: E402


def main() -> int:
    data = site_data()
    labels = ("blind", "second blind", "third blind", "fourth blind", "fifth blind", "sixth blind",
              "seventh blind", "eighth blind", "ninth blind", "tenth blind", "eleventh blind",
              "twelfth blind")
    for label, folder in zip(labels, pastes.BLIND_DIRS, strict=True):
        cases = pastes.load_blind(ROOT, folder)
        figures, _ = measure(cases, read(data, [c.paste for c in cases]))
        print(f"{label} " + said(figures))
    print()
    print(inventory.report(inventory.coverage(inventory.load(ROOT / inventory.INVENTORY_DIR)), top=10))
    return 0


if __name__ == "__main__":
    sys.exit(results.record(main))
