"""The site builds strictly, loads nothing from outside, and shows every embedded output."""

from __future__ import annotations

import html
import re
from pathlib import Path


from fieldguide import error_index
from fieldguide.snippet import Snippet, discover
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
EXTERNAL = re.compile(r"""<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)=["'](?:https?:)?//""")
CSS_EXTERNAL = re.compile(r"""(?:url\(\s*["']?|@import\s+["'])(?:https?:)?//""")
CODE_TITLE = re.compile(r'<span class="filename">(snippets/[a-z0-9_/]+\.py)</span>')
OUTPUT_BLOCK = re.compile(r'<div class="fg-output[^"]*"><span class="filename">')


def test_strict_build(site):
    assert (site / "index.html").exists()


def test_no_request_to_outside_hosts(site):
    offenders = []
    for page in site.rglob("*.html"):
        offenders += [f"{page.relative_to(site)}: {m}" for m in EXTERNAL.findall(page.read_text())]
    for sheet in site.rglob("*.css"):
        offenders += [f"{sheet.relative_to(site)}: {m}" for m in CSS_EXTERNAL.findall(sheet.read_text())]
    assert not offenders, "the site would load from another host:\n" + "\n".join(offenders)


def test_every_embedded_snippet_shows_its_output(site):
    embedded = 0
    for page in site.rglob("*.html"):
        html = page.read_text()
        # A snippet's code block is followed by its output before the next code block starts.
        chunks = CODE_TITLE.split(html)
        for path, after in zip(chunks[1::2], chunks[2::2]):
            embedded += 1
            assert OUTPUT_BLOCK.search(after), f"{page.relative_to(site)}: {path} has no output shown"
    assert embedded >= 6


GRAPH_FIGURE = re.compile(r'<figure class="fg-graph"><svg ')


def test_every_graph_snippet_shows_its_diagram(site):
    """A `# graph:` snippet's code block is followed by a drawing before the next code block;
    every page that embeds snippets shows at least one diagram."""
    drawn = 0
    for page in site.rglob("*.html"):
        html = page.read_text()
        chunks = CODE_TITLE.split(html)
        for path, after in zip(chunks[1::2], chunks[2::2]):
            if Snippet.load(ROOT, *Path(path).with_suffix("").parts[1:]).graph:
                assert GRAPH_FIGURE.search(after), f"{page.relative_to(site)}: {path} has no diagram"
                drawn += 1
        if len(chunks) > 1:
            assert GRAPH_FIGURE.search(html), f"{page.relative_to(site)} embeds snippets but no diagram"
    assert drawn >= 15


def test_error_index_shows_every_exact_message(site):
    page = (site / "errors" / "index.html").read_text()
    entries = error_index.collect(discover(ROOT), OutputStore(ROOT))
    for entry in entries:
        for category, text in entry.texts:  # a wording may have its own category
            shown = html.escape(f"{category}: {text}", quote=False)
            assert shown in page, f"the error index does not show: {shown[:120]}"
