"""Chinese readers find the page about their problem: each query of
data/translations/search/zh.toml (worded as Chinese posts about the error word it, not
taken from the pages) is typed into Material's search on the built Chinese edition, as
tests/test_zh_browser.py does, and its page must be among the first three results for at
least 90% of them. Every miss is printed with what the search listed, so an alias can be
added where a page lacks the reader's word.

FIELDGUIDE_ZH_SITE=<folder> reads a Chinese build already made (`mkdocs build -f
mkdocs.zh.yml --site-dir <folder>`) instead of building one."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from test_diagnose import SEARCH_SETTLE_MS, SEARCH_TIMEOUT_MS

try:
    from playwright.sync_api import expect
except ImportError:  # reported by the `browser` fixture (tests/conftest.py), as a skip or a failure
    expect = None

from test_twins import BY_LANGUAGE, ROOT, TRANSLATED

QUERIES = ROOT / "data" / "translations" / "search" / "zh.toml"
TOP = 3
FOUND_AT_LEAST = 0.9


def queries() -> list[dict]:
    return tomllib.loads(QUERIES.read_text(encoding="utf-8"))["query"]


def page_path(page: str) -> str:
    """A page's URL path on the Chinese site served at the root: `x.md` -> `/x/`."""
    stem = page.removesuffix(".md")
    return "/" if stem == "index" else f"/{stem}/"


@pytest.fixture(scope="module")
def site(mkdocs_sites) -> Path:
    """The Chinese edition alone, served at the root (conftest's `server` serves this)."""
    built = os.environ.get("FIELDGUIDE_ZH_SITE")
    return Path(built) if built else mkdocs_sites("zh")


@pytest.mark.parametrize("edition", TRANSLATED, **BY_LANGUAGE)
def test_the_queries_cover_every_page_of_each_edition(edition):
    """Every edition but the root has its readers' queries, data/translations/search/<language>.toml."""
    path = QUERIES.with_name(f"{edition.language}.toml")
    assert path.is_file(), f"no {path.relative_to(ROOT)}: write the queries {edition.name} readers search with"
    listed = tomllib.loads(path.read_text(encoding="utf-8"))["query"]
    assert len(listed) >= 40, f"{path.relative_to(ROOT)} needs at least 40 queries"
    pages = {p.name for p in (ROOT / edition.docs).glob("*.md")}
    unknown = sorted({q["page"] for q in listed} - pages)
    assert not unknown, f"{path.relative_to(ROOT)} expects pages {edition.docs}/ lacks: {unknown}"
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
    tab.keyboard.type(query)
    tab.keyboard.press("End")  # typed CJK text sends no key event Material reads
    expect(field).to_have_value(query)
    expect(meta).not_to_have_text(waiting, timeout=SEARCH_TIMEOUT_MS)  # the search has answered
    tab.wait_for_timeout(SEARCH_SETTLE_MS)  # its list follows, and is updated once more
    paths = [urlsplit(href).path for href in results.evaluate_all("links => links.map(a => a.href)")]
    return list(dict.fromkeys(paths))


# Not met yet: 51 of the 64 queries (80%, the last run) find their page among the first three; the misses and
# why more words on their pages do not lift them (Material ranks a heading that shares one
# word of the query above any text) are in reviews/zh-review-3-generated.md. Strict: the day
# the search reaches 90%, this test passes, fails as an unexpected pass, and the mark goes.
@pytest.mark.sweep
@pytest.mark.xfail(strict=True, reason="other pages' headings outrank the page for 13 of the 64 queries")
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
    print(f"{found} of {len(listed)} Chinese queries list their page among the first {TOP}"
          + (":\nmisses:\n" + "\n".join(misses) if misses else ""))
    assert found >= FOUND_AT_LEAST * len(listed), (
        f"only {found} of {len(listed)} queries find their page among the first {TOP} "
        f"(at least {FOUND_AT_LEAST:.0%} must):\n" + "\n".join(misses))
