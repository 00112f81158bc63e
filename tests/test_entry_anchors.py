"""Links to the Error index from when it was one page still work, in every edition: the
index's address with an entry's anchor (`errors/#<entry id>`) lands on that entry's page,
and one with the anchor of what a fix changes (`errors/#<entry id>--<snippet anchor>`) on the
same diff on the entry's page (docs/javascripts/entry-anchors.js). The sweep follows every
anchor the one-page index had; the fast test, one of each kind. An entry renamed when its
message's name became a placeholder (data/reports' `was`) keeps both kinds of link: the old
index's anchor and its old page's address."""

from __future__ import annotations

from pathlib import Path

import pytest

from fieldguide import editions
from fieldguide.errors.data_files import entries
from fieldguide.render import anchor

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = editions.load(ROOT)


@pytest.fixture(scope="module")
def site(all_editions) -> Path:
    """Every edition under one root (conftest's `server` serves this module this one)."""
    return all_editions


def published() -> list[tuple[str, str]]:
    """(the old index's anchor, the entry page's address and anchor it lands on)."""
    found = []
    for entry in entries(ROOT):
        found.append((entry.id, f"errors/{entry.id}/"))
        found += [(old, f"errors/{entry.id}/") for old in renamed(entry)]
        for cause in entry.causes([]):
            for key in cause.fixes:
                diff = f"{entry.id}--{anchor(key)}"
                found.append((diff, f"errors/{entry.id}/#{diff}"))
    return found


def renamed(entry) -> tuple[str, ...]:
    return entry.data.was if entry.data else ()


def follow(page, server: str, anchors: list[tuple[str, str]]) -> list[str]:
    wrong = []
    for edition in EDITIONS:
        for old, new in anchors:
            page.goto(f"{server}{edition.link}errors/#{old}", wait_until="commit")
            page.wait_for_url(f"{server}{edition.link}{new}", wait_until="commit", timeout=10_000)
            if page.url != f"{server}{edition.link}{new}":
                wrong.append(f"{edition.link}errors/#{old} -> {page.url}, not {new}")
    return wrong


def test_an_old_anchor_of_each_kind_lands_on_the_entry_page(context, server):
    anchors = published()
    plain = next(a for a in anchors if "--" not in a[0])
    diff = next(a for a in anchors if "--" in a[0])
    assert not follow(context.new_page(), server, [plain, diff])


def test_a_renamed_entry_keeps_its_old_links(context, server):
    """Both the old index's anchor and the old entry page land on the entry's page."""
    moved = [(old, entry.id) for entry in entries(ROOT) for old in renamed(entry)]
    assert moved, "no entry has an earlier id: this test checks nothing"
    page, wrong = context.new_page(), []
    for edition in EDITIONS:
        for old, new in moved:
            target = f"{server}{edition.link}errors/{new}/"
            for start in (f"{server}{edition.link}errors/#{old}", f"{server}{edition.link}errors/{old}/"):
                page.goto(start, wait_until="commit")
                page.wait_for_url(target, wait_until="commit", timeout=10_000)
                if page.url != target:
                    wrong.append(f"{start} -> {page.url}, not {target}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.sweep
def test_every_old_anchor_lands_on_the_entry_page(context, server):
    anchors = published()
    assert len(anchors) > 2 * len(entries(ROOT))
    wrong = follow(context.new_page(), server, anchors)
    print(f"{len(anchors)} anchors in {len(EDITIONS)} editions followed")
    assert not wrong, "\n".join(wrong)
