"""A count typed into the project's documents (README.md, CONTRIBUTING.md, ARCHITECTURE.md) or
a page goes stale with the next snippet: every count of snippets, releases (all of them, or
the others than the reference) or error-index entries they state must be the data's, a span
said to hold every release must run from the oldest listed to the newest, and every typed
range of releases ("1.13 to 2.4", "2.2–2.6", "2.5 到 2.8") must run from a listed release to
a later one. Pages should say it with a macro ({{ torch_versions() }}) or not at all; this
catches the ones that type it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from paste_reader import entries
from test_documents import DOCUMENTS

from fieldguide import editions
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import discover

ROOT = Path(__file__).resolve().parents[1]
TEXTS = [*(ROOT / name for name in DOCUMENTS),
         *(page for edition in editions.load(ROOT) for page in sorted((ROOT / edition.docs).glob("*.md")))]
# what a number counts, as the English and Chinese texts name it
COUNTED = {
    "snippets": r"(\d[\d,]*) (?:executed )?snippets\b|(\d+) ?个例子",
    "releases": r"(\d+) (?:PyTorch )?releases\b|(?<!其他)(?<!其他 )(?<!\d)(\d+) ?个(?: PyTorch )?版本"
                r"|\ball (\d+) together\b",
    "other releases": r"(\d+) other (?:PyTorch )?releases\b|其他 ?(\d+) ?个版本",
    "entries": r"(\d+) (?:error-index )?entries\b|(\d+) ?个条目",
}
# A typed span that claims every release: it must run from the oldest to the newest listed
SPAN = re.compile(r"every\s+(?:minor\s+)?release\s+(?:this\s+guide\s+records,\s+|from\s+)(\d+\.\d+)\s+to\s+(\d+\.\d+)"
                  r"|每个版本（(\d+\.\d+) 到 (\d+\.\d+)）|从 (\d+\.\d+) 到 (\d+\.\d+) 的每个版本")


# Any typed range of releases: two minor versions joined by "to", a dash or 到/至
RANGE = re.compile(r"(?<![\d.])(\d+\.\d+)(?:\.\d+)? ?(?:to|–|—|-|到|至) ?(\d+\.\d+)(?:\.\d+)?(?![\d.])")


def ranges(text: str) -> list[tuple[str, str, str]]:
    """(first, last, the words) of every range of releases the text types."""
    return [(match[1], match[2], match[0]) for match in RANGE.finditer(text)]


def spans(text: str) -> list[tuple[str, str, str]]:
    """(first, last, the words) of every span the text says holds every release."""
    return [(*[g for g in match.groups() if g], match[0]) for match in SPAN.finditer(text)]


def actual() -> dict[str, int]:
    releases = len(load_matrix(ROOT).versions)
    return {"snippets": len(discover(ROOT)), "releases": releases, "other releases": releases - 1,
            "entries": len(entries())}


def minor(version: str) -> str:
    return ".".join(version.split(".")[:2])


def stated(text: str) -> list[tuple[str, int, str]]:
    """(what, count, the words) for every count the text states, also across a line break."""
    found = []
    for what, pattern in COUNTED.items():
        for match in re.finditer(pattern, re.sub(r"\s+", " ", text)):
            number = next(group for group in match.groups() if group)
            found.append((what, int(number.replace(",", "")), match[0]))
    return found


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_stated_count_is_the_datas(path):
    counts = actual()
    text = path.read_text(encoding="utf-8")
    wrong = [f"{path.relative_to(ROOT)}: {words!r}, but there are {counts[what]} {what}"
             for what, number, words in stated(text) if number != counts[what]]
    versions = load_matrix(ROOT).versions
    span = (minor(versions[0]), minor(versions[-1]))
    wrong += [f"{path.relative_to(ROOT)}: {words!r}, but the releases run from {span[0]} to {span[1]}"
              for first, last, words in spans(text) if (first, last) != span]
    listed = [minor(version) for version in versions]
    wrong += [f"{path.relative_to(ROOT)}: {words!r}, but {', '.join(sorted({first, last} - set(listed)))} is "
              "not a listed release (pyproject.toml's [tool.fieldguide] torch)"
              for first, last, words in ranges(text) if {first, last} - set(listed)]
    wrong += [f"{path.relative_to(ROOT)}: {words!r} runs backwards" for first, last, words in ranges(text)
              if {first, last} <= set(listed) and listed.index(first) >= listed.index(last)]
    assert not wrong, "\n".join(wrong) + "\nsay it from the data (a macro), or leave the count out"


def test_a_stale_count_is_found():
    assert stated("all 244 snippets on 17 releases; 78 个条目") == [
        ("snippets", 244, "244 snippets"), ("releases", 17, "17 releases"), ("entries", 78, "78 个条目")]
    assert stated("from 1.13 to 2.15, 17\nreleases") == [("releases", 17, "17 releases")]
    assert stated("then the 16 other releases; about 43 GiB for all 17 together; 其他 16 个版本") == [
        ("releases", 17, "all 17 together"), ("other releases", 16, "16 other releases"),
        ("other releases", 16, "其他 16 个版本")]
    assert [s[:2] for s in spans("on every minor release from 1.13 to 2.15, 17 of them; on every release this\n"
                                 "guide records, 1.13 to 2.14; 在本指南记录的每个版本（1.13 到 2.15）上")] == [
        ("1.13", "2.15"), ("1.13", "2.14"), ("1.13", "2.15")]


def test_a_typed_range_of_releases_is_found():
    assert [r[:2] for r in ranges("On PyTorch 1.13 to 2.4 the same; From 2.2–2.6 it warns; 在 2.5 到 2.8 上；"
                                  "2.1.2 - 2.13.0; not 3.11 or 10.5 MB")] == [
        ("1.13", "2.4"), ("2.2", "2.6"), ("2.5", "2.8"), ("2.1", "2.13")]
