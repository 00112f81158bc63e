"""Every Error-index entry has its page in every edition (docs/errors/<entry id>.md and its
twins, fieldguide/errors/entry_pages.py), each up to date with its message, and no page is
left over from an entry that is gone. Each page is the message's: its title and its
description meta (what a search engine's result shows) hold the message."""

from __future__ import annotations

from pathlib import Path

import yaml

from fieldguide import editions
from fieldguide.errors import entry_pages
from fieldguide.errors.data_files import entries

ROOT = Path(__file__).resolve().parents[1]
WRITE = "run `.venv/bin/python -m fieldguide.errors.entry_pages` (make record does) and commit what it writes"


def test_every_entry_has_its_page_in_every_edition_and_no_page_is_left_over():
    expected = entry_pages.expected(ROOT)
    on_disk = set(entry_pages.on_disk(ROOT))
    missing = sorted(str(p) for p in expected if p not in on_disk)
    left_over = sorted(str(p) for p in on_disk if p not in expected)
    assert not missing, f"entries without their page: {missing}; {WRITE}"
    assert not left_over, f"pages of entries that no longer exist: {left_over}; {WRITE}"
    # each entry's page, and one at each id it had before (data/reports' `was`)
    ids = sum(1 + len(entry.data.was if entry.data else ()) for entry in entries(ROOT))
    assert len(expected) == ids * len(editions.load(ROOT))


def test_every_entry_page_is_up_to_date():
    stale = [str(path) for path, text in entry_pages.expected(ROOT).items()
             if (ROOT / path).read_text(encoding="utf-8") != text]
    assert not stale, f"pages whose message changed: {stale}; {WRITE}"


def test_an_entry_page_is_titled_and_described_by_its_message():
    for entry in entries(ROOT):
        text = (ROOT / "docs" / f"errors/{entry.id}.md").read_text(encoding="utf-8")
        meta = yaml.safe_load(text.split("---\n")[1])  # the front matter both builders read
        assert meta["title"] == f"{entry.category}: {entry.summary}"
        description = meta["description"]
        assert description.startswith(f"{entry.category}: {entry.summary}") and "\n" not in description
        assert len(description) <= entry_pages.DESCRIPTION_CHARS + 2
