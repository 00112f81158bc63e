"""What a fix changes (fieldguide/fix_diff.py): the hunks between a snippet that raises and
the snippet its `# fixed-by:` names, as pages show and number their lines, and their HTML."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest

from fieldguide import fix_diff, translations
from fieldguide.snippet import Snippet, discover

ROOT = Path(__file__).resolve().parents[1]
BODY = [f"line_{n} = {n}" for n in range(1, 13)]


def write(root: Path, key: str, lines: list[str]) -> Snippet:
    path = root / "snippets" / f"{key}.py"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return Snippet.load(root, *key.split("/"))


def test_only_the_changes_and_their_context_numbered_as_pages_number_them(tmp_path):
    # The raising snippet has three directive lines, its fix one: page lines 4 and 2 are
    # the files' first lines of code.
    raising = write(tmp_path, "t/fails", ["# raises: RuntimeError", "# fixed-by: t/works", "# cause: a cause",
                                          *BODY[:5], "x.add_(1)", *BODY[5:]])
    fix = write(tmp_path, "t/works", ["# timeout: 90", *BODY[:5], "x = x + 1", *BODY[5:11], "print(x)"])
    assert fix_diff.hunks(raising, fix) == [
        [
            ["context", "line_4 = 4", 7, 5],
            ["context", "line_5 = 5", 8, 6],
            ["removed", "x.add_(1)", 9, None],
            ["added", "x = x + 1", None, 7],
            ["context", "line_6 = 6", 10, 8],
            ["context", "line_7 = 7", 11, 9],
        ],
        [
            ["context", "line_10 = 10", 14, 12],
            ["context", "line_11 = 11", 15, 13],
            ["removed", "line_12 = 12", 16, None],
            ["added", "print(x)", None, 14],
        ],
    ]


def test_context_is_what_the_caller_asks_for(tmp_path):
    raising = write(tmp_path, "t/fails", [*BODY[:6], "bad()", *BODY[6:]])
    fix = write(tmp_path, "t/works", BODY)
    [hunk] = fix_diff.hunks(raising, fix, context=1)
    assert hunk == [["context", "line_6 = 6", 6, 6], ["removed", "bad()", 7, None], ["context", "line_7 = 7", 8, 7]]
    assert fix_diff.hunks(raising, fix, context=0) == [[["removed", "bad()", 7, None]]]


def test_directives_and_section_markers_never_appear(tmp_path):
    """Pages hide both; a fix that only differs by them changes nothing a reader sees."""
    raising = write(tmp_path, "t/fails", ["# raises: ValueError", "# fixed-by: t/works", *BODY])
    fix = write(tmp_path, "t/works", ["# graph: y", BODY[0], "# --8<-- [start:step]", *BODY[1:4],
                                      "# --8<-- [end:step]", *BODY[4:]])
    assert fix_diff.hunks(raising, fix) == []
    fix = write(tmp_path, "t/works", ["# graph: y", "# --8<-- [start:step]", "y = 0", *BODY])
    assert fix_diff.hunks(raising, fix) == [[
        ["added", "y = 0", None, 3], ["context", "line_1 = 1", 3, 4], ["context", "line_2 = 2", 4, 5]]]


def test_identical_files_give_no_hunk(tmp_path):
    same = write(tmp_path, "t/same", BODY)
    assert fix_diff.hunks(same, write(tmp_path, "t/twin", BODY)) == []


def test_hunks_are_plain_json(tmp_path):
    """The paste box's data carries them as they are."""
    found = fix_diff.hunks(write(tmp_path, "t/a", ["a = 1", "b = 2"]), write(tmp_path, "t/b", ["a = 1", "c = 3"]))
    assert json.loads(json.dumps(found)) == found == [
        [["context", "a = 1", 1, 1], ["removed", "b = 2", 2, None], ["added", "c = 3", None, 2]]]


def test_the_html_escapes_every_line_and_links_both_snippets(tmp_path):
    raising = write(tmp_path, "t/fails", ["if a < b and c > d:", "    s = '<script>&'"])
    fix = write(tmp_path, "t/works", ["if a < b and c > d:", "    s = \"&amp;\""])
    block = fix_diff.html(fix_diff.hunks(raising, fix), "t/fails", "#snippet-t-fails",
                          "t/works", "other.md#snippet-t-works", id="entry--snippet-t-fails")
    assert "<script>" not in block and "if a &lt; b and c &gt; d:" in block
    assert "    s = '&lt;script&gt;&amp;'" in block and '    s = "&amp;amp;"' in block
    page = markdown.markdown(block, extensions=["md_in_html"])  # as the builders read it
    # out of the search index: its lines are the snippets' own, indexed on their pages
    assert page.startswith('<details class="success fg-fixdiff" data-search-exclude="data-search-exclude" '
                           'id="entry--snippet-t-fails">\n<summary>What the fix changes</summary>')
    assert '<a href="#snippet-t-fails"><code>t/fails</code></a>' in page
    assert '<a href="other.md#snippet-t-works"><code>t/works</code></a>' in page
    assert page.count('class="fg-fixdiff__line ') == 3 and page.count("fg-fixdiff__line--removed") == 1
    assert ('<tr class="fg-fixdiff__line fg-fixdiff__line--added"><td class="fg-fixdiff__number"></td>'
            '<td class="fg-fixdiff__number">2</td><td class="fg-fixdiff__mark">+</td>') in block


def test_hunks_apart_are_shown_apart_and_the_words_follow_the_edition(tmp_path):
    found = fix_diff.hunks(write(tmp_path, "t/fails", ["first()", *BODY, "last()"]), write(tmp_path, "t/works", BODY))
    block = fix_diff.html(found, "t/fails", "#a", "t/works", "#b", translations.load(ROOT, "zh"))
    assert block.count('class="fg-fixdiff__gap"') == 1 and "<summary>修复改了哪些地方</summary>" in block
    named = fix_diff.html(found, "t/fails", "#a", "t/<b>", "#b", translations.load(ROOT, "zh"), named=True)
    assert "<summary>修复改了哪些地方：<code>t/fails</code> → <code>t/&lt;b&gt;</code></summary>" in named


class _Lines(HTMLParser):
    """The text of each line cell of a rendered diff."""

    def __init__(self):
        super().__init__()
        self.lines: list[str] = []
        self.inside = False

    def handle_starttag(self, tag, attrs):
        if ("class", "fg-fixdiff__text") in attrs:
            self.inside = True
            self.lines.append("")

    def handle_endtag(self, tag):
        self.inside = False

    def handle_data(self, data):
        if self.inside:
            self.lines[-1] += data


@pytest.mark.parametrize("raising", [s for s in discover(ROOT) if s.fixed_by], ids=lambda s: s.key)
def test_every_fix_changes_something_and_its_page_shows_the_lines_verbatim(raising):
    """An empty diff would show nothing under "What the fix changes"; Markdown must leave the
    code in it alone (no emphasis from `*`, no links from brackets)."""
    fix = Snippet.load(ROOT, *raising.fixed_by.split("/"))
    found = fix_diff.hunks(raising, fix)
    assert found, f"{raising.relpath} and its fix {fix.relpath} show the same code"
    lines = _Lines()
    lines.feed(markdown.markdown(fix_diff.html(found, raising.key, "#a", fix.key, "#b"), extensions=["md_in_html"]))
    assert lines.lines == [text for hunk in found for _, text, _, _ in hunk]
