"""The Markdown a page gets for a snippet, from small recordings made here: version labels
(with gaps), tabs newest first, releases below `# min-torch` left out, the live banner,
errors shown apart, and the "What changed" diffs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fieldguide.engine import Result
from fieldguide.render import (
    anchor,
    changes_markdown,
    fence,
    live_markdown,
    output_blocks,
    output_fence,
    output_fence_options,
    snippet_markdown,
    version_range,
)
from fieldguide.snippet import Snippet
from fieldguide.store import OutputStore

# Oldest first, as pyproject.toml lists them; 2.9 before 2.10 (not sorted as text).
LISTED = ["1.13.1", "2.0.1", "2.1.2", "2.2.2", "2.9.1", "2.10.0", "2.11.0"]
GRAPH = '{"id": "t", "kind": "tensor", "label": "y", "shape": [2], "requires_grad": true, "grad": false}\n'
HEAD = (
    '<span id="snippet-t-a"></span>\n\n'
    '```python title="snippets/t/a.py" linenums="1"\n--8<-- "snippets/t/a.py:1:"\n```\n\n'
)


def output(text: str, title: str = "Output", classes: str = ".fg-output", releases: list[str] = ()) -> str:
    listed = f' releases="{" ".join(releases)}"' if releases else ""
    return f'``` {{ .output {classes} title="{title}"{listed} }}\n{text}```\n'

ALL = " ".join(LISTED)  # the `data-releases` of a note that speaks of every listed release


@pytest.fixture
def stores(tmp_path: Path) -> tuple[OutputStore, OutputStore]:
    return OutputStore(tmp_path), OutputStore.graphs(tmp_path)


def record(stores, outputs: dict[str, str], graphs: dict[str, str] | None = None, key: str = "t/a") -> None:
    for version, text in outputs.items():
        stores[0].record(key, version, text)
    for version, text in (graphs or {}).items():
        stores[1].record(key, version, text)


def page(snippet: Snippet, stores, **options) -> str:
    return snippet_markdown(snippet, *stores, LISTED, **options)


@pytest.mark.parametrize(
    "versions, label",
    [
        (["2.0.1"], "2.0.1"),
        (["2.1.2", "2.0.1"], "2.0.1 – 2.1.2"),
        (["2.9.1", "2.10.0", "2.11.0"], "2.9.1 – 2.11.0"),
        (["1.13.1", "2.2.2", "2.9.1", "2.10.0", "2.11.0"], "1.13.1, 2.2.2 – 2.11.0"),  # a gap
        (["1.13.1", "2.1.2", "2.10.0"], "1.13.1, 2.1.2, 2.10.0"),
        (["2.0.1", "3.0.0"], "2.0.1"),  # a release not listed has no place in a range
        ([], ""),
    ],
)
def test_version_range(versions, label):
    assert version_range(versions, LISTED) == label


def test_one_output_for_every_release():
    assert version_range(LISTED, LISTED) == "1.13.1 – 2.11.0"


def test_same_output_everywhere_is_shown_once(stores, tmp_path):
    record(stores, dict.fromkeys(LISTED, "tensor([1.])\n"))
    assert page(Snippet(tmp_path, "t", "a"), stores) == (
        HEAD + output("tensor([1.])\n", releases=LISTED) + "\n"
        f'<p class="fg-versions" data-releases="{ALL}">Output same on PyTorch 1.13.1 – 2.11.0.</p>\n'
    )


def test_one_recorded_release_says_recorded_on(stores, tmp_path):
    record(stores, {"2.10.0": "x\n"}, {"2.10.0": GRAPH})
    shown = page(Snippet(tmp_path, "t", "a", graph=("y", "h")), stores)
    assert shown.endswith('<p class="fg-versions" data-releases="2.10.0">Output and graph recorded on PyTorch '
                          '2.10.0.</p>\n')
    figure = shown[shown.index("<figure"):shown.index("</figure>") + len("</figure>")]
    assert shown.startswith(HEAD + output("x\n", releases=["2.10.0"]) + "\n" + figure + "\n\n<p")
    assert figure.startswith('<figure class="fg-graph"><svg ') and "\n" not in figure
    assert "<title>Autograd graph of y, h</title>" in figure
    assert figure.endswith(
        "<figcaption>The autograd graph behind <code>y</code>, <code>h</code> once the snippet has run, "
        "read from PyTorch's own objects. Arrows point the way <code>backward()</code> travels."
        "</figcaption></figure>"
    )


def test_two_releases_sharing_an_output_say_same_on(stores, tmp_path):
    record(stores, {"2.9.1": "x\n", "2.10.0": "x\n"})
    assert page(Snippet(tmp_path, "t", "a"), stores).endswith("Output same on PyTorch 2.9.1 – 2.10.0.</p>\n")


def test_differing_outputs_get_tabs_newest_first_labelled_with_gaps(stores, tmp_path):
    """rnn/retain_graph_graph_grows: 2.0 and 2.1 print something else than the releases
    before and after them."""
    record(stores, {v: ("middle\n" if v in ("2.0.1", "2.1.2") else "ends\n") for v in LISTED})
    # each tab's outputs list the releases that print them: the release picker selects by them
    assert page(Snippet(tmp_path, "t", "a"), stores) == (
        HEAD
        + f'<p class="fg-versions" data-releases="{ALL}">What this prints or draws differs between PyTorch '
        "releases; pick yours.</p>\n\n"
        '=== "1.13.1, 2.2.2 – 2.11.0"\n\n    ``` { .output .fg-output title="Output" '
        'releases="1.13.1 2.2.2 2.9.1 2.10.0 2.11.0" }\n    ends\n    ```\n\n'
        '=== "2.0.1 – 2.1.2"\n\n    ``` { .output .fg-output title="Output" releases="2.0.1 2.1.2" }\n'
        "    middle\n    ```\n"
    )


def test_tabs_are_ordered_by_their_newest_release(stores, tmp_path):
    record(stores, {"1.13.1": "a\n", "2.9.1": "b\n", "2.10.0": "c\n", "2.2.2": "d\n"})
    shown = page(Snippet(tmp_path, "t", "a"), stores)
    labels = [line for line in shown.splitlines() if line.startswith("===")]
    assert labels == ['=== "2.10.0"', '=== "2.9.1"', '=== "2.2.2"', '=== "1.13.1"']
    record(stores, {"2.2.2": "c\n"})  # newest 2.10.0, not 2.2.2 (as text it would be)
    shown = page(Snippet(tmp_path, "t", "a"), stores)
    labels = [line for line in shown.splitlines() if line.startswith("===")]
    assert labels == ['=== "2.2.2, 2.10.0"', '=== "2.9.1"', '=== "1.13.1"']


def test_a_graph_that_differs_makes_its_own_tab(stores, tmp_path):
    other = GRAPH.replace('"y"', '"z"')
    record(stores, dict.fromkeys(LISTED[:3], "same\n"), {"1.13.1": GRAPH, "2.0.1": GRAPH, "2.1.2": other})
    shown = page(Snippet(tmp_path, "t", "a", graph=("y",)), stores)
    labels = [line for line in shown.splitlines() if line.startswith("===")]
    assert labels == ['=== "2.1.2"', '=== "1.13.1 – 2.0.1"']
    assert shown.count("    ``` { .output") == 2 and shown.count("<figure") == 2
    assert shown.index(">z</text>") < shown.index(">y</text>")


def test_releases_below_min_torch_are_neither_labelled_nor_shown(stores, tmp_path):
    """A stale recording for 2.0.1, older than the snippet's `# min-torch: 2.1`, would get a
    tab labelled "" (no listed release it runs on)."""
    record(stores, {"2.0.1": "stale\n", **dict.fromkeys(LISTED[2:], "new\n")})
    shown = page(Snippet(tmp_path, "t", "a", min_torch="2.1"), stores)
    assert shown == (
        HEAD + output("new\n", releases=LISTED[2:]) + "\n"
        f'<p class="fg-versions" data-releases="{" ".join(LISTED[2:])}">Output same on PyTorch 2.1.2 – 2.11.0. '
        "Not available before PyTorch 2.1.</p>\n"
    )


def test_min_torch_note_with_tabs_and_a_range_from_the_first_release_it_runs_on(stores, tmp_path):
    record(stores, {"2.1.2": "a\n", "2.2.2": "a\n", "2.9.1": "b\n"})
    shown = page(Snippet(tmp_path, "t", "a", min_torch="2.1"), stores)
    assert "pick yours. Not available before PyTorch 2.1.</p>" in shown
    assert '=== "2.1.2 – 2.2.2"' in shown  # 2.1.2 and 2.2.2 are neighbours among the releases it runs on


def test_before_torch_note_and_only_the_older_releases_shown(stores, tmp_path):
    record(stores, {"1.13.1": "a\n", "2.1.2": "b\n"})  # 2.1.2's is stale: the snippet no longer runs there
    shown = page(Snippet(tmp_path, "t", "a", before_torch="2.0"), stores)
    assert "Output recorded on PyTorch 1.13.1. Run only on releases before PyTorch 2.0" in shown
    assert "b\n" not in shown


def test_only_unlisted_recordings_show_the_code_alone(stores, tmp_path):
    record(stores, {"3.0.0": "a\n"})
    assert page(Snippet(tmp_path, "t", "a"), stores) == HEAD.removesuffix("\n")


def test_not_recorded_shows_the_code_alone(stores, tmp_path):
    assert page(Snippet(tmp_path, "t", "a", code_start=3), stores) == (
        '<span id="snippet-t-a"></span>\n\n'
        '```python title="snippets/t/a.py" linenums="3"\n--8<-- "snippets/t/a.py:3:"\n```\n'
    )


def test_a_section_is_included_from_its_first_line(stores, tmp_path):
    (tmp_path / "snippets" / "t").mkdir(parents=True)
    (tmp_path / "snippets" / "t" / "a.py").write_text("# raises: E\nx = 1\n# --8<-- [start:part]\ny = 2\n")
    shown = page(Snippet.load(tmp_path, "t", "a"), stores, section="part")
    assert '```python title="snippets/t/a.py" linenums="4"\n--8<-- "snippets/t/a.py:part"\n```\n' in shown


def write_pair(root: Path) -> Snippet:
    """t/a, which raises, and t/b_fixed, its fix: one line apart."""
    (root / "snippets" / "t").mkdir(parents=True)
    (root / "snippets" / "t" / "a.py").write_text("# raises: E\n# fixed-by: t/b_fixed\nx = 1\nx.add_(1)\nprint(x)\n")
    (root / "snippets" / "t" / "b_fixed.py").write_text("x = 1\nx = x + 1\nprint(x)\n")
    return Snippet.load(root, "t", "a")


def test_the_fix_is_linked_where_its_page_shows_it(stores, tmp_path):
    snippet = write_pair(tmp_path)
    shown = page(snippet, stores, links={"t/b_fixed": "fix.md"})
    assert "\nFixed by: [`t/b_fixed`](fix.md#snippet-t-b-fixed)\n{ .fg-fix }\n\n<details" in shown
    assert "Fixed by" not in page(snippet, stores)  # a fix no page shows is not linked


def test_what_the_fix_changes_follows_the_link_to_it(stores, tmp_path):
    """Folded under "Fixed by", linked to this snippet on its page and to the fix on its own,
    with the lines that differ numbered as the two pages number them."""
    snippet = write_pair(tmp_path)
    record(stores, dict.fromkeys(LISTED, "Traceback (most recent call last):\nE: boom\n"))
    shown = page(snippet, stores, links={"t/b_fixed": "fix.md"})
    start, end = shown.index("<details"), shown.index("</details>\n") + len("</details>\n")
    diff = shown[start:end]
    assert shown.index("{ .fg-fix }") < start and shown.index("``` { .output") > end
    assert diff.startswith('<details class="success fg-fixdiff" data-search-exclude markdown="1">\n'
                           "<summary>What the fix changes</summary>")
    assert "[`t/a`](#snippet-t-a)" in diff and "[`t/b_fixed`](fix.md#snippet-t-b-fixed)" in diff
    assert ('<td class="fg-fixdiff__number">4</td><td class="fg-fixdiff__number"></td>'
            '<td class="fg-fixdiff__mark">−</td><td class="fg-fixdiff__text">x.add_(1)</td>') in diff
    assert ('<td class="fg-fixdiff__number"></td><td class="fg-fixdiff__number">2</td>'
            '<td class="fg-fixdiff__mark">+</td><td class="fg-fixdiff__text">x = x + 1</td>') in diff
    assert "raises: E" not in diff and "fixed-by" not in diff


def test_an_error_is_shown_apart_from_what_was_printed():
    snippet = Snippet(Path("."), "t", "a", raises="RuntimeError")
    text = "before\nTraceback (most recent call last):\n  inner\nTraceback (most recent call last):\nRuntimeError: x\n"
    cut = text.rindex("Traceback")
    assert output_blocks(snippet, text) == (
        output(text[:cut]) + "\n" + output(text[cut:], "Raises RuntimeError", ".fg-output .fg-error")
    )
    only_error = text[cut:]
    assert output_blocks(snippet, only_error) == output(only_error, "Raises RuntimeError", ".fg-output .fg-error")
    # without `# raises:` a traceback is just output
    assert output_blocks(Snippet(Path("."), "t", "a"), text) == output(text)


def test_an_empty_output_says_so():
    assert output_blocks(Snippet(Path("."), "t", "a"), "") == output("(no output)\n")


def test_live_banner_replaces_the_recordings(stores, tmp_path):
    record(stores, dict.fromkeys(LISTED, "recorded\n"))
    snippet = Snippet(tmp_path, "t", "a")
    fresh = Result("finished", "fresh\n", 0.1)
    assert page(snippet, stores, live=(fresh, "2.13.0")) == HEAD + (
        '!!! warning "Not yet recorded"\n'
        "    This output comes from running the edited file just now on PyTorch 2.13.0. "
        "Record it with `make record`; until then the tests fail for this snippet.\n\n"
        + output("fresh\n")
    )


def test_live_banner_says_what_is_wrong_with_the_run(tmp_path):
    snippet = Snippet(tmp_path, "t", "a", graph=("y",))
    run = Result("finished", "out\n", 0.1, raised="ValueError", graph=GRAPH)
    shown = live_markdown(snippet, run, "2.13.0")
    assert "on PyTorch 2.13.0. Record it" in shown
    assert (
        "tests fail for this snippet.\n\n    snippets/t/a.py raised ValueError but declares no exception."
    ) in shown
    assert shown.endswith("</figure>\n") and output("out\n") in shown


def test_an_output_block_lists_the_releases_that_print_it():
    assert fence("x\n", ".fg-output", "Output", releases=["2.0.1", "2.1.2"]) == (
        '``` { .output .fg-output title="Output" releases="2.0.1 2.1.2" }\nx\n```\n')
    snippet = Snippet(Path("."), "t", "a", raises="RuntimeError")
    both = output_blocks(snippet, "p\nTraceback (most recent call last):\nRuntimeError: x\n", releases=["2.0.1"])
    assert both.count(' releases="2.0.1" }') == 2  # what it printed, and the error


def test_fence_is_longer_than_any_backtick_run_inside():
    assert fence("a ```` b", ".x", 'say "hi"') == '````` { .output .x title="say &quot;hi&quot;" }\na ```` b\n`````\n'
    assert fence("no ticks\n", ".x", "t", lang="diff") == '``` { .diff .x title="t" }\nno ticks\n```\n'


def test_output_fence_html():
    options = {}
    assert output_fence_options("output", {"title": "Output"}, options, {}, None)
    assert options == {"title": "Output"}
    assert not output_fence_options("output", {"title": "t", "linenums": "1"}, {}, {}, None)
    assert output_fence_options("output", {"title": "t", "releases": "2.0.1 2.1.2"}, {}, {}, None)
    assert output_fence("x", "output", "output", {"title": "Output", "releases": "2.0.1 2.1.2"}, None,
                        classes=["fg-output"]).startswith(
        '<div class="fg-output highlight" data-releases="2.0.1 2.1.2" data-search-exclude="true">'
        '<span class="filename">Output</span>')
    assert output_fence("a < b", "output", "output", {"title": "Raises <E>"}, None, classes=["fg-output"]) == (
        '<div class="fg-output highlight" data-search-exclude="true"><span class="filename">Raises &lt;E&gt;</span>'
        "<pre><span></span><code>a &lt; b\n</code></pre></div>"
    )
    assert output_fence('"q"\n', "output", "output", {}, None, classes=[]) == (
        '<div class="highlight"><pre><span></span><code>"q"\n</code></pre></div>'
    )
    assert output_fence("m", "output", "output", {}, None, classes=["fg-message"]) == (  # an entry's message
        '<div class="fg-message highlight"><pre><span></span><code>m\n</code></pre></div>'
    )


def test_anchor():
    assert anchor("leaf/retain_grad") == "snippet-leaf-retain-grad"
    assert anchor(Snippet(Path("."), "leaf", "is_leaf")) == "snippet-leaf-is-leaf"


def test_changes_list_each_difference_with_its_first_release(stores, tmp_path):
    record(stores, {"1.13.1": "a\n", "2.0.1": "a\n", "2.1.2": "b\n", "2.9.1": "c\n"})
    record(stores, dict.fromkeys(LISTED, "same\n"), key="t/same")
    snippets = [Snippet(tmp_path, "t", "same"), Snippet(tmp_path, "t", "a")]
    shown = changes_markdown({"Output": stores[0]}, snippets, {"t/a": "page.md"}, LISTED)
    assert shown == (
        "## `t/a`\n\n`snippets/t/a.py` ([page.md](page.md#snippet-t-a))\n\n"
        "**Changed in 2.9.1**\n\n"
        '``` { .diff .fg-output .fg-diff title="diff" }\n'
        "--- PyTorch 2.1.2\n+++ PyTorch 2.9.1\n@@ -1 +1 @@\n-b\n+c\n```\n\n"
        "**Changed in 2.1.2**\n\n"
        '``` { .diff .fg-output .fg-diff title="diff" }\n'
        "--- PyTorch 1.13.1 – 2.0.1\n+++ PyTorch 2.1.2\n@@ -1 +1 @@\n-a\n+b\n```\n"
    )


def test_changed_in_names_the_first_release_of_a_group(stores, tmp_path):
    record(stores, {"1.13.1": "a\n", "2.0.1": "a\n", "2.1.2": "b\n", "2.2.2": "b\n"})
    shown = changes_markdown({"Output": stores[0]}, [Snippet(tmp_path, "t", "a")], {}, LISTED)
    assert "**Changed in 2.1.2**" in shown and "2.2.2**" not in shown
    assert "+++ PyTorch 2.1.2 – 2.2.2\n" in shown


def test_changes_name_the_store_when_there_are_several(stores, tmp_path):
    record(stores, {"2.0.1": "a\n", "2.1.2": "a\n"}, {"2.0.1": GRAPH, "2.1.2": GRAPH + GRAPH.replace("t", "u")})
    shown = changes_markdown({"Output": stores[0], "Graph": stores[1]}, [Snippet(tmp_path, "t", "a")], {}, LISTED)
    assert shown.startswith("## `t/a`\n\n`snippets/t/a.py`\n\n**Graph**\n\n**Changed in 2.1.2**\n")
    unsearched = changes_markdown({"Output": stores[0], "Graph": stores[1]}, [Snippet(tmp_path, "t", "a")], {}, LISTED,
                                  searchable=False)
    assert unsearched.startswith('## `t/a` { data-search-exclude="true" }\n\n`snippets/t/a.py`\n')
    assert f"@@ -1 +1,2 @@\n {GRAPH}+{GRAPH.replace('t', 'u')}```" in shown
    assert "**Output**" not in shown
    assert json.loads(GRAPH)["requires_grad"] is True  # the two graphs really differ


def test_no_changes():
    assert changes_markdown({}, [], {}, LISTED) == "Every snippet prints the same on every recorded release.\n"
