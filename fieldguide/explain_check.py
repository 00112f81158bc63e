"""The closed loop of the terminal tool (explain/): what each raising snippet printed with the
tool active (forkserver.py's FIELDGUIDE_EXPLAIN) against the entry and the cause the guide's
own data gives that snippet. Used by tests/test_explain_loop.py on the reference release and
by `python -m fieldguide.matrix run --explain` on the others."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DATA = ROOT / "explain/autograd_fieldguide/data"
# English, so the lines are read with the English words; no colour, as on a pipe
ENV = {"FIELDGUIDE_EXPLAIN": str(ROOT / "explain"), "AUTOGRAD_FIELDGUIDE_LANG": "en", "NO_COLOR": "1"}
FLOOR = 0.95  # of the raising snippets, the share diagnosed with their own cause first


@dataclass
class Checked:
    total: int = 0
    right_entry: int = 0
    cause_first: int = 0
    wrong_entry: list[str] = field(default_factory=list)
    wrong_cause: list[str] = field(default_factory=list)


def owners(data: dict) -> dict[str, tuple[set[str], set[str]]]:
    """Each raising snippet -> its entries and the texts of the causes it shows: a snippet whose
    message differs between releases (TypeError up to 2.0, AttributeError after) has one entry
    for each."""
    owned: dict[str, tuple[set[str], set[str]]] = {}
    for entry in data["entries"]:
        for cause in entry["causes"]:
            for pair in cause["pairs"]:
                entries, texts = owned.setdefault(pair["snippet"], (set(), set()))
                entries.add(entry["id"])
                texts.add(cause["text"])
    return owned


def read_diagnosis(output: str, words: dict) -> tuple[str | None, str | None]:
    """(entry id, first cause's text) from the lines the tool printed; None where it printed none."""
    entry = cause = None
    more = words["explain"]["more"].split("{url}")[0]
    labels = (words["words"]["likeliest"], words["words"]["the_cause"])
    matches = words["words"]["matches"].split("{reasons}")[0]
    for line in output.splitlines():
        if line.startswith(more):
            found = re.search(r"/errors/([^/]+)/$", line)
            entry = found[1] if found else None
        for label in labels:
            if line.startswith(label + " "):
                cause = line[len(label) + 1:].split(matches)[0]
    return entry, cause


def check(outputs: dict[str, str]) -> Checked:
    """Each raising snippet's output (snippet key -> output) checked against its entry and causes."""
    data = json.loads((PACKAGE_DATA / "paste-data.json").read_text(encoding="utf-8"))
    words = json.loads((PACKAGE_DATA / "words-en.json").read_text(encoding="utf-8"))
    owned = owners(data)
    checked = Checked()
    for key, output in sorted(outputs.items()):
        if key not in owned:
            checked.wrong_entry.append(f"{key}: no entry's cause shows it (is it in the Error index?)")
            continue
        entries, texts = owned[key]
        checked.total += 1
        got_entry, got_cause = read_diagnosis(output, words)
        if got_entry not in entries:
            checked.wrong_entry.append(f"{key}: {got_entry or 'no diagnosis'}, not {' or '.join(sorted(entries))}")
            continue
        checked.right_entry += 1
        if got_cause in texts:
            checked.cause_first += 1
        else:
            checked.wrong_cause.append(f"{key} ({got_entry}): first cause {got_cause!r}")
    return checked


def said(checked: Checked) -> str:
    return (f"raising snippets diagnosed with the tool active: {checked.total}; "
            f"own entry {checked.right_entry}/{checked.total}; "
            f"own cause first {checked.cause_first}/{checked.total} "
            f"({checked.cause_first / max(checked.total, 1):.1%})")
