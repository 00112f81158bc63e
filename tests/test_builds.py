"""Both builders make the same site: MkDocs (with the hook) and Zensical (macros only).

Each page is compared on what a reader reads: headings, every code and output block,
version tab labels and diagrams. Neither build may leave a macro unexpanded, and no
shown snippet carries a tooling directive; its line numbers start where its code does,
so a traceback's line numbers point at the lines shown.
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from fieldguide.page import Page
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(p.stem for p in (ROOT / "docs").glob("*.md"))
TOOLING = re.compile(r"^#\s*(fixed-by|graph|min-torch|timeout|cause|max-output)\s*:", re.MULTILINE)
TRACEBACK_LINE = re.compile(r'^  File "(snippets/[a-z0-9_/]+\.py)", line (\d+), in .*\n    (.*)$', re.MULTILINE)


class Reading(HTMLParser):
    """What a reader reads in a page's article: headings, blocks, tab labels, diagrams."""

    WATCHED = {"h1", "h2", "h3", "h4", "pre", "label", "svg"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.items: list[tuple[str, str]] = []
        self.open: list[list] = []  # [tag, depth, text parts] of watched elements being read
        self.in_article = False
        self.skip = 0  # inside a permalink anchor

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "article":
            self.in_article = True
        if not self.in_article:
            return
        if tag == "a" and "headerlink" in (attrs.get("class") or ""):
            self.skip += 1
        for item in self.open:
            if item[0] == tag:
                item[1] += 1
        if tag in self.WATCHED and not any(item[0] in ("pre", "svg") for item in self.open):
            self.open.append([tag, 1, []])

    def handle_endtag(self, tag):
        if tag == "article":
            self.in_article = False
        if tag == "a" and self.skip:
            self.skip -= 1
        for item in list(self.open):
            if item[0] == tag:
                item[1] -= 1
                if item[1] == 0:
                    self.open.remove(item)
                    self.items.append((tag, " ".join("".join(item[2]).split())))

    def handle_data(self, data):
        if not self.skip:
            for item in self.open:
                item[2].append(data)


def reading(site: Path, page: str) -> list[tuple[str, str]]:
    path = site / ("index.html" if page == "index" else f"{page}/index.html")
    parser = Reading()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.items


@pytest.mark.parametrize("page", PAGES)
def test_both_builders_show_the_same_page(page, site, zensical_site):
    mkdocs, zensical = reading(site, page), reading(zensical_site, page)
    # Guards the comparison below, which two empty readings would pass (an <article> renamed).
    tags = [tag for tag, _ in mkdocs]
    assert "h1" in tags, f"{page}: no title read in the MkDocs build's <article>"
    source = (ROOT / "docs" / f"{page}.md").read_text(encoding="utf-8")
    if re.search(r"^(```|\{\{ snippet\()", source, re.MULTILINE):
        assert "pre" in tags, f"{page}: no code or output block read in the MkDocs build's <article>"
    assert zensical == mkdocs, f"{page}: the Zensical build differs from the MkDocs build"


def test_no_page_shows_a_literal_macro(site, zensical_site):
    for built in (site, zensical_site):
        for page in built.rglob("*.html"):
            assert "{{" not in page.read_text(encoding="utf-8"), f"{page.relative_to(built)} shows a macro"


def shown_snippets():
    for page in sorted((ROOT / "docs").glob("*.md")):
        for embed in Page.read(page).embeds:
            yield page.stem, embed.snippet(ROOT), embed.section


CODE_BLOCK = re.compile(
    r'<span class="filename">(snippets/[a-z0-9_/]+\.py)</span>.*?<td class="linenos">(.*?)</td>'
    r'<td class="code"><div><pre><span></span><code>(.*?)</code></pre>',
    re.DOTALL,
)


def shown_code(site: Path) -> dict[str, tuple[int, list[str]]]:
    """snippet path -> (first line number, shown lines) from the built pages."""
    shown = {}
    for page in site.glob("*/index.html"):
        for path, numbers, code in CODE_BLOCK.findall(page.read_text(encoding="utf-8")):
            first = int(re.search(r"\d+", re.sub(r"<[^>]+>", "", numbers))[0])
            shown.setdefault(path, (first, html.unescape(re.sub(r"<[^>]+>", "", code)).splitlines()))
    return shown


def test_shown_code_has_no_tooling_directives_and_traceback_lines_match(site):
    shown = shown_code(site)
    store = OutputStore(ROOT)
    checked = 0
    for page, snippet, section in shown_snippets():
        if section:
            continue
        first, lines = shown[snippet.relpath]
        text = "\n".join(lines)
        assert not TOOLING.search(text), f"{page}: {snippet.relpath} shows a tooling directive"
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


NOTEBOOK_LINK = re.compile(
    r'<a[^>]*class="[^"]*fg-notebook[^"]*"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*class="[^"]*fg-notebook'
)


def test_every_page_with_snippets_offers_its_notebook(site, zensical_site):
    """A download in both builds; under MkDocs also a rendered page, kept out of search."""
    pages = [page for page, *_ in shown_snippets()]
    for page in sorted(set(pages)):
        for built, rendered in ((site, True), (zensical_site, False)):
            html_page = built / page / "index.html"
            targets = [a or b for a, b in NOTEBOOK_LINK.findall(html_page.read_text(encoding="utf-8"))]
            files = [(html_page.parent / t.split("#")[0]).resolve() for t in targets]
            assert any(f.suffix == ".ipynb" and f.is_file() for f in files), f"{built.name}/{page}: no notebook download"
            if rendered:
                assert any(f.is_dir() and (f / "index.html").is_file() for f in files), f"{page}: no notebook page"
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert not [d["location"] for d in index["docs"] if d["location"].startswith("notebooks/")]
