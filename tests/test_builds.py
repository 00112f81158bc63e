"""Both builders make the same site, in each edition: MkDocs (with its plugin) and Zensical
(macros only).

Each page is compared on what a reader reads: headings, every code and output block,
version tab labels and diagrams. Neither build may leave a macro unexpanded, and no
shown snippet carries a tooling directive; its line numbers start where its code does,
so a traceback's line numbers point at the lines shown.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from fieldguide import editions
from fieldguide.page import Page
from fieldguide.snippet import DIRECTIVE
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]


EDITIONS = {edition.language: edition for edition in editions.load(ROOT)}
# Every page, the Error index's entry pages included (docs/errors/<entry id>.md).
PAGES = [(name, page.relative_to(ROOT / edition.docs).with_suffix("").as_posix()) for name, edition in EDITIONS.items()
         for page in sorted([*(ROOT / edition.docs).glob("*.md"), *(ROOT / edition.docs).glob("errors/*.md")])]


def builds(request: pytest.FixtureRequest, language: str) -> tuple[Path, Path]:
    """The edition as MkDocs and as Zensical build it."""
    return built(request, "mkdocs", language), built(request, "zensical", language)


def built(request: pytest.FixtureRequest, builder: str, language: str) -> Path:
    """The edition as `builder` builds it (conftest's `mkdocs_sites`, `zensical_sites`)."""
    return request.getfixturevalue(f"{builder}_sites")(language)


# The Zensical builds (about 35 s for both editions) serve only the comparison with MkDocs:
# sweeps, which CI runs (`make test ARGS=--sweeps`).
BUILDERS = [pytest.param("mkdocs"), pytest.param("zensical", marks=pytest.mark.sweep)]


TRACEBACK_LINE = re.compile(r'^  File "(snippets/[a-z0-9_/]+\.py)", line (\d+), in .*\n    (.*)$', re.MULTILINE)


# What a reader reads in a page's article: headings, code and output blocks, tab labels,
# diagrams (text inside a block or a diagram is read once, with it).
READ = ("h1", "h2", "h3", "h4", "pre", "label", "svg")


def parse(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def reading(site: Path, page: str) -> list[tuple[str, str]]:
    document = parse(site / ("index.html" if page == "index" else f"{page}/index.html"))
    for permalink in document.select("article a.headerlink"):
        permalink.decompose()
    return [
        (element.name, " ".join(element.get_text().split()))
        for element in document.select(", ".join(f"article {tag}" for tag in READ))
        if not element.find_parent(["pre", "svg"])
    ]


@pytest.mark.sweep
@pytest.mark.parametrize(("edition", "page"), PAGES, ids=[f"{name}-{page}" for name, page in PAGES])
def test_both_builders_show_the_same_page(edition, page, request):
    site, zensical_site = builds(request, edition)
    mkdocs, zensical = reading(site, page), reading(zensical_site, page)
    # Guards the comparison below, which two empty readings would pass (an <article> renamed).
    tags = [tag for tag, _ in mkdocs]
    assert "h1" in tags, f"{page}: no title read in the MkDocs build's <article>"
    source = (ROOT / EDITIONS[edition].docs / f"{page}.md").read_text(encoding="utf-8")
    if re.search(r"^(```|\{\{ snippet\()", source, re.MULTILINE):
        assert "pre" in tags, f"{page}: no code or output block read in the MkDocs build's <article>"
    assert zensical == mkdocs, f"{page}: the Zensical build differs from the MkDocs build"


@pytest.mark.parametrize("builder", BUILDERS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_no_page_shows_a_literal_macro(edition, builder, request):
    site = built(request, builder, edition)
    for page in site.rglob("*.html"):
        assert "{{" not in page.read_text(encoding="utf-8"), f"{page.relative_to(site)} shows a macro"


def sidebar(site: Path, page: Path) -> list[str]:
    """The pages a built page's sidebar (Material's primary navigation) links to, as paths
    from the site's root (the headings of the page itself, which it lists too, left out)."""
    hrefs = [link["href"] for link in parse(page).select("nav.md-nav--primary a.md-nav__link[href]")]
    return [
        (page.parent / href).resolve().relative_to(site.resolve()).as_posix()
        for href in hrefs
        if not href.startswith("#")
    ]


def shown_snippets(docs: str = "docs"):
    for page in sorted((ROOT / docs).glob("*.md")):
        for embed in Page.read(page).embeds:
            yield page.stem, embed.snippet(ROOT), embed.section


def shown_code(site: Path) -> dict[str, tuple[int, list[str]]]:
    """snippet path -> (first line number, shown lines) from the built pages' numbered code
    blocks titled with their file."""
    shown = {}
    for page in site.glob("*/index.html"):
        for table in parse(page).select("table.highlighttable:has(th.filename):has(td.linenos)"):
            path = table.select_one("th.filename").get_text()
            first = int(table.select_one("td.linenos").get_text().split()[0])
            shown.setdefault(path, (first, table.select_one("td.code code").get_text().splitlines()))
    return shown


def test_shown_code_has_no_tooling_directives_and_traceback_lines_match(site):
    shown = shown_code(site)
    store = OutputStore(ROOT)
    checked = 0
    for page, snippet, section in shown_snippets():
        if section:
            continue
        first, lines = shown[snippet.relpath]
        assert not any(DIRECTIVE.match(line.strip()) for line in lines), (
            f"{page}: {snippet.relpath} shows a tooling directive")
        assert first == snippet.code_start, f"{page}: {snippet.relpath} numbers its lines from {first}"
        for _, output in store.by_output(snippet.key):
            for path, number, source in TRACEBACK_LINE.findall(output):
                if path == snippet.relpath:
                    assert lines[int(number) - first].strip() == source.strip(), (
                        f"{page}: {snippet.relpath} line {number} of the traceback is not the "
                        "line the page numbers so"
                    )
                    checked += 1
    assert checked >= 20


@pytest.mark.parametrize("builder", BUILDERS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_every_page_with_snippets_offers_its_notebook(edition, builder, request):
    """A download in both builds; under MkDocs also a rendered page, kept out of search and
    out of the sidebar (on the page and on the notebook's own page)."""
    site = built(request, builder, edition)
    pages = [page for page, *_ in shown_snippets(EDITIONS[edition].docs)]
    for page in sorted(set(pages)):
        html_page = site / page / "index.html"
        targets = [link["href"] for link in parse(html_page).select("a.fg-notebook[href]")]
        files = [(html_page.parent / t.split("#")[0]).resolve() for t in targets]
        downloads = [f for f in files if f.suffix == ".ipynb" and f.is_file()]
        assert downloads, f"{builder} {edition}/{page}: no notebook download"
        if builder == "mkdocs":
            notebook_pages = [f / "index.html" for f in files if f.is_dir() and (f / "index.html").is_file()]
            assert notebook_pages, f"{page}: no notebook page"
            for shown in (html_page, *notebook_pages):
                links = sidebar(site, shown)
                assert page in links, f"{shown.relative_to(site)}: no sidebar read"
                listed = [path for path in links if path.startswith("notebooks/")]
                assert not listed, f"{shown.relative_to(site)}: the sidebar lists notebooks {listed}"
    if builder == "mkdocs":  # the builder that renders notebooks as pages keeps them out of search
        index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
        assert not [d["location"] for d in index["docs"] if d["location"].startswith("notebooks/")]
