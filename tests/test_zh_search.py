"""Chinese readers find the page about their problem: each query of
data/translations/search/zh.toml (worded as Chinese posts about the error word it, not
taken from the pages) is typed into Material's search on the built Chinese edition, as
tests/test_zh_browser.py does, and its page must be among the first three results for at
least 90% of them. The figure is printed, and every miss with what the search listed.

What gets the search there is set in mkdocs.zh.yml (the separator, the headings' weight),
docs-zh/errors/.meta.yml (the entry pages' weight) and docs-zh/errors.md; the recorded
outputs (fieldguide/render.py) and the What-changed page's diffs (docs-zh/version-changes.md)
are kept out of the index. The entry pages count a tenth, so pasted messages are checked
too: how many list their own entry among the first three.

FIELDGUIDE_ZH_SITE=<folder> reads a Chinese build already made (`mkdocs build -f
mkdocs.zh.yml --site-dir <folder>`) instead of building one."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from paste_reader import entries
from test_diagnose import SEARCH_SETTLE_MS, SEARCH_TIMEOUT_MS

try:
    from playwright.sync_api import expect
except ImportError:  # reported by the `browser` fixture (tests/conftest.py), as a skip or a failure
    expect = None

from test_twins import BY_LANGUAGE, ROOT, TRANSLATED

from fieldguide.errors import grouping

QUERIES = ROOT / "data" / "translations" / "search" / "zh.toml"
TOP = 3
FOUND_AT_LEAST = 0.9
# Pasted messages that list their own entry among the first three, as first measured with
# the entries at a tenth of their weight (docs-zh/errors/.meta.yml): 103 of 112 (104 at full
# weight); no figure may fall below it.
ENTRY_AMONG_FIRST_THREE = 0.91


def queries() -> list[dict]:
    return tomllib.loads(QUERIES.read_text(encoding="utf-8"))["query"]


def page_path(page: str) -> str:
    """A page's URL path on the Chinese site served at the root: `x.md` -> `/x/`,
    `errors/x.md` -> `/errors/x/`."""
    stem = page.removesuffix(".md")
    return "/" if stem == "index" else f"/{stem}/"


@pytest.fixture(scope="module")
def site(mkdocs_sites) -> Path:
    """The Chinese edition alone, served at the root (conftest's `server` serves this)."""
    built = os.environ.get("FIELDGUIDE_ZH_SITE")
    return Path(built) if built else mkdocs_sites("zh")


@pytest.mark.parametrize("edition", TRANSLATED, **BY_LANGUAGE)
def test_the_queries_cover_every_page_of_each_edition(edition):
    """Every edition but the root has its readers' queries, data/translations/search/<language>.toml;
    a query that expects an Error-index entry's page says why."""
    path = QUERIES.with_name(f"{edition.language}.toml")
    assert path.is_file(), f"no {path.relative_to(ROOT)}: write the queries {edition.name} readers search with"
    listed = tomllib.loads(path.read_text(encoding="utf-8"))["query"]
    assert len(listed) >= 40, f"{path.relative_to(ROOT)} needs at least 40 queries"
    docs = ROOT / edition.docs
    pages = {p.name for p in docs.glob("*.md")}
    entry_pages = {p.relative_to(docs).as_posix() for p in (docs / "errors").glob("*.md")}
    unknown = sorted({q["page"] for q in listed} - pages - entry_pages)
    assert not unknown, f"{path.relative_to(ROOT)} expects pages {edition.docs}/ lacks: {unknown}"
    unexplained = [q["query"] for q in listed if q["page"] in entry_pages and not q.get("why")]
    assert not unexplained, f"queries expecting an Error-index entry without a `why`: {unexplained}"
    uncovered = sorted(pages - {q["page"] for q in listed})
    assert not uncovered, f"no query in {path.relative_to(ROOT)} expects {uncovered}"


def search(tab, query: str) -> list[str]:
    """The result pages (URL paths, in order, each once) Material lists for `query`, typed
    into the search box of `tab` (its index loaded) after the previous query is cleared."""
    field = tab.locator(".md-search__input")
    results = tab.locator("li.md-search-result__item > a.md-search-result__link:first-child")
    meta = tab.locator(".md-search-result__meta")  # "type to search", then how many were found
    field.click()
    field.fill("")
    tab.keyboard.press("End")  # Material searches on key events
    expect(results).to_have_count(0)
    waiting = meta.inner_text()
    # The whole query, then one key event: Material searches once, for all of it. Typed key
    # by key, it searched for each prefix too, and the list read could be a prefix's.
    field.fill(query)
    tab.keyboard.press("End")
    expect(field).to_have_value(query.replace('"', " "))  # docs/javascripts/search-paste.js
    expect(meta).not_to_have_text(waiting, timeout=SEARCH_TIMEOUT_MS)  # the search has answered
    tab.wait_for_timeout(SEARCH_SETTLE_MS)  # its list follows, and is updated once more
    paths = [urlsplit(href).path for href in results.evaluate_all("links => links.map(a => a.href)")]
    return list(dict.fromkeys(paths))


@pytest.mark.sweep
def test_chinese_queries_find_their_page_among_the_first_three(context, server):
    tab = context.new_page()
    tab.goto(server, wait_until="networkidle")
    listed, misses = queries(), []
    for item in listed:
        paths = search(tab, item["query"])
        if page_path(item["page"]) not in paths[:TOP]:
            rank = paths.index(page_path(item["page"])) + 1 if page_path(item["page"]) in paths else None
            misses.append(f"  {item['query']!r}: expected docs-zh/{item['page']}"
                          f"{f' (listed {rank}th)' if rank else ' (not listed)'}, got {paths[:TOP]}")
    found = len(listed) - len(misses)
    print(f"{found} of {len(listed)} Chinese queries ({found / len(listed):.1%}) list their page among the first {TOP}"
          + (":\nmisses:\n" + "\n".join(misses) if misses else ""))
    assert found >= FOUND_AT_LEAST * len(listed), (
        f"only {found} of {len(listed)} queries find their page among the first {TOP} "
        f"(at least {FOUND_AT_LEAST:.0%} must):\n" + "\n".join(misses))


@pytest.mark.sweep
def test_a_pasted_message_lists_its_entry_among_the_first_three(context, server):
    """Each entry's newest message, as test_diagnose.py's sweep pastes it into the English
    search, typed into the Chinese one."""
    tab = context.new_page()
    tab.goto(server, wait_until="networkidle")
    found = [entry for entry in entries() if entry.texts]  # a message no snippet prints has no exact text
    misses = []
    for entry in found:
        (category, text), _ = grouping.newest_first(entry.texts)[0]
        paths = search(tab, f"{category}: {text}".split("\n")[0])
        if f"/errors/{entry.id}/" not in paths[:TOP]:
            misses.append(f"  {entry.id}: got {paths[:TOP]}")
    print(f"{len(found) - len(misses)} of {len(found)} messages list their entry among the first {TOP}"
          + (", not these:\n" + "\n".join(misses) if misses else ""))
    assert len(found) - len(misses) >= ENTRY_AMONG_FIRST_THREE * len(found), "\n".join(misses)
