"""The site builds strictly, loads nothing from outside, and shows every embedded output."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from fieldguide import causes, macros
from fieldguide.errors import grouping
from fieldguide.snippet import Snippet, discover
from fieldguide.store import OutputStore
from fieldguide.zensical_config import flat_config

ROOT = Path(__file__).resolve().parents[1]
EXTERNAL = re.compile(r"""<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)=["'](?:https?:)?//""")
CSS_EXTERNAL = re.compile(r"""(?:url\(\s*["']?|@import\s+["'])(?:https?:)?//""")
DIAGRAM = "figure.fg-graph > svg"
# In page order: a code block's title (its file), an output block's title, a diagram.
BLOCK_PARTS = f"th.filename > span.filename, div.fg-output > span.filename, {DIAGRAM}"


@pytest.fixture(scope="module")
def embedded(site) -> dict[str, tuple[list[tuple[str, set[str]]], int]]:
    """Per built page: its snippets' code blocks, each as (snippet file, what follows it
    before the next one starts: "output" and/or "graph"), and its number of diagrams."""
    found = {}
    for page in sorted(site.rglob("*.html")):
        document = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        blocks = []
        for part in document.select(BLOCK_PARTS):
            if part.parent.name == "th":
                if part.get_text().startswith("snippets/"):
                    blocks.append((part.get_text(), set()))
            elif blocks:
                blocks[-1][1].add("graph" if part.name == "svg" else "output")
        found[str(page.relative_to(site))] = blocks, len(document.select(DIAGRAM))
    return found


def test_every_page_of_the_nav_is_written(site):
    config = flat_config(ROOT / "mkdocs.yml")
    pages = macros.nav_pages(config["nav"])
    missing = [page for page in pages if not (site / macros.page_url(page, True) / "index.html").is_file()]
    assert pages and not missing, f"the build wrote no page for {missing}"


def test_no_request_to_outside_hosts(site):
    offenders = []
    for page in site.rglob("*.html"):
        offenders += [f"{page.relative_to(site)}: {m}" for m in EXTERNAL.findall(page.read_text())]
    for sheet in site.rglob("*.css"):
        offenders += [f"{sheet.relative_to(site)}: {m}" for m in CSS_EXTERNAL.findall(sheet.read_text())]
    assert not offenders, "the site would load from another host:\n" + "\n".join(offenders)


def test_every_embedded_snippet_shows_its_output(embedded):
    for page, (blocks, _) in embedded.items():
        for path, after in blocks:
            assert "output" in after, f"{page}: {path} has no output shown"
    assert sum(len(blocks) for blocks, _ in embedded.values()) >= 6


def test_every_graph_snippet_shows_its_diagram(embedded):
    """A `# graph:` snippet's code block is followed by a drawing before the next code block;
    every page that embeds snippets of autograd shows at least one diagram (not one whose
    snippets show another program's output, `# error-index: no`: the terminal tool's)."""
    drawn = 0
    for page, (blocks, diagrams) in embedded.items():
        snippets = [Snippet.load(ROOT, *Path(path).with_suffix("").parts[1:]) for path, _ in blocks]
        for snippet, (path, after) in zip(snippets, blocks, strict=True):
            if snippet.graph:
                assert "graph" in after, f"{page}: {path} has no diagram"
                drawn += 1
        if any(snippet.error_index for snippet in snippets):
            assert diagrams, f"{page} embeds snippets but no diagram"
    assert drawn >= 15


def test_every_entry_page_shows_every_exact_message(site):
    entries = grouping.collect(discover(ROOT), OutputStore(ROOT), causes.load(ROOT))
    for entry in entries:
        page = (site / "errors" / entry.id / "index.html").read_text()
        for category, text in entry.texts:  # a wording may have its own category
            # Python-Markdown turns a tab into spaces (tab_length 4) before it reads any fence:
            # the tab-indented signatures of a deprecated overload show as four spaces
            shown = html.escape(f"{category}: {text}".expandtabs(4), quote=False)
            assert shown in page, f"errors/{entry.id}/ does not show: {shown[:120]}"
