"""Prose that quotes an output is checked against the recordings (fieldguide/quotes.py),
and inline code that quotes an output of the same page without saying so is flagged."""

from __future__ import annotations

from pathlib import Path

import pytest

from fieldguide import editions
from fieldguide.page import Page
from fieldguide.quotes import Quote, parse, problems
from fieldguide.releases import load as load_matrix
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
PAGES = [page for edition in editions.load(ROOT) for page in sorted((ROOT / edition.docs).glob("*.md"))]
# Shorter spans ("1", "x", "[3]") occur in many outputs by chance, not as quotes.
MIN_QUOTE_LENGTH = 4


@pytest.mark.parametrize("page", PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_quote_is_printed_on_the_releases_it_names(page):
    store, listed = OutputStore(ROOT), load_matrix(ROOT).versions
    failures = []
    for found in Page.read(page).quotes:
        failures += [f"{page.relative_to(ROOT)}:{found.line}: {why}" for why in problems(found.quote, store, listed)]
    assert not failures, "quoted output not in the recordings:\n" + "\n".join(failures)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_inline_code_that_quotes_an_output_is_a_checked_quote(page):
    store = OutputStore(ROOT)
    model = Page.read(page)
    embedded = [embed.snippet(ROOT) for embed in model.embeds]
    sources = {s.key: s.path.read_text(encoding="utf-8") for s in embedded}
    outputs = {s.key: [text for _, text in store.by_output(s.key)] for s in embedded}
    unmarked = []
    for code in model.code:
        span = code.text.strip()
        if len(span) < MIN_QUOTE_LENGTH or any(span in source for source in sources.values()):
            continue
        printed_by = [key for key, texts in outputs.items() if any(span in t for t in texts)]
        if printed_by:
            unmarked.append(
                f"{page.relative_to(ROOT)}:{code.line}: `{span}` is printed by {printed_by[0]}; "
                f'write it as {{{{ quote("{printed_by[0]}", "{span}") }}}} so it is checked'
            )
    assert not unmarked, "unchecked quotes of outputs:\n" + "\n".join(unmarked)


def test_a_false_quote_fails_naming_the_release():
    store, listed = OutputStore(ROOT), load_matrix(ROOT).versions
    key = "data/version_counter"
    (text,) = {t for _, t in store.by_output(key)}
    assert problems(Quote(key, text.splitlines()[0]), store, listed) == []
    why = problems(Quote(key, "t._version is still 0"), store, listed)
    assert why and "does not print 't._version is still 0'" in why[0]


def test_a_range_must_be_exact():
    quote = parse('"k/n", "text", since="2.11"')
    assert quote.covers("2.11.0") and quote.covers("2.15.0") and not quote.covers("2.10.1")
    assert parse('"k/n", "t", until="2.10"').label == "up to 2.10"
    store, listed = OutputStore(ROOT), load_matrix(ROOT).versions
    key = "data/version_counter"
    (text,) = {t for _, t in store.by_output(key)}
    # printed on every release: a range would claim it is not printed on the others
    assert "outside" in problems(Quote(key, text.splitlines()[0], since="2.13"), store, listed)[-1]


def test_a_range_compares_minor_releases_as_numbers():
    quote = parse('"k/n", "text", since="2.9", until="2.10"')
    assert quote.covers("2.9.1") and quote.covers("2.10.0+cpu")
    assert not quote.covers("2.1.2") and not quote.covers("2.11.0")
