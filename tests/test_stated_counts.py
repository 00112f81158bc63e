"""A count typed into the README or a page goes stale with the next snippet: every count of
snippets, releases or error-index entries they state must be the data's. Pages should say it
with a macro ({{ torch_versions() }}) or not at all; this catches the ones that type it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from paste_reader import entries

from fieldguide import editions
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import discover

ROOT = Path(__file__).resolve().parents[1]
TEXTS = [ROOT / "README.md",
         *(page for edition in editions.load(ROOT) for page in sorted((ROOT / edition.docs).glob("*.md")))]
# what a number counts, as the English and Chinese texts name it
COUNTED = {
    "snippets": r"(\d[\d,]*) (?:executed )?snippets\b|(\d+) ?个例子",
    "releases": r"(\d+) (?:PyTorch )?releases\b|(\d+) ?个(?: PyTorch )?版本",
    "entries": r"(\d+) (?:error-index )?entries\b|(\d+) ?个条目",
}


def actual() -> dict[str, int]:
    return {"snippets": len(discover(ROOT)), "releases": len(load_matrix(ROOT).versions), "entries": len(entries())}


def stated(text: str) -> list[tuple[str, int, str]]:
    """(what, count, the words) for every count the text states."""
    found = []
    for what, pattern in COUNTED.items():
        for match in re.finditer(pattern, text):
            number = next(group for group in match.groups() if group)
            found.append((what, int(number.replace(",", "")), match[0]))
    return found


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_stated_count_is_the_datas(path):
    counts = actual()
    wrong = [f"{path.relative_to(ROOT)}: {words!r}, but there are {counts[what]} {what}"
             for what, number, words in stated(path.read_text(encoding="utf-8")) if number != counts[what]]
    assert not wrong, "\n".join(wrong) + "\nsay it from the data (a macro), or leave the count out"


def test_a_stale_count_is_found():
    assert stated("all 244 snippets on 17 releases; 78 个条目") == [
        ("snippets", 244, "244 snippets"), ("releases", 17, "17 releases"), ("entries", 78, "78 个条目")]
