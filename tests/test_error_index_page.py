"""An Error-index entry's page, its line on the index, and the paste box's data and words for
one small entry, whole: every field either carries (its templates by release, causes, clues,
reports, fix pairs and their diff, the cause not reproduced here) compared with what was read
and checked once."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from test_error_index import record, traceback

from fieldguide import causes, translations, wordings
from fieldguide.errors import grammar, grouping
from fieldguide.errors import page as index_page
from fieldguide.store import OutputStore

OLD = ("one of the variables needed for gradient computation has been modified by an inplace operation: "
       "[torch.FloatTensor [3]], which is output 0 of SigmoidBackward0, is at version 1; expected version 0 instead.")
NEW = OLD + " Hint: enable anomaly detection."
LISTED = ["2.12.0", "2.13.0"]
REPORTS = """
[mechanisms.optimizer-step]
snippets = ["t/step"]
text = "the optimizer steps between forward and backward"
fix = "Step after backward."
nodes = ["SigmoidBackward0"]
code = ['\\.step\\(']
message = ["Sigmoid"]

[mechanisms.gpu-only]
text = "a kernel only a GPU runs edits its input"
fix = "Clone first."
shown = false
why = "needs a GPU"
leaf = true

[[report]]
source = "a/b#1"
mechanism = "optimizer-step"
evidence = "step before backward"

[[report]]
source = "a/b#2"
mechanism = "gpu-only"
evidence = "on a GPU"
"""


def small_index(root: Path):
    """One entry worded two ways (2.12.0, 2.13.0), raised by t/step and fixed by t/ok, with
    a shown cause and one not reproduced, from a data/reports file of its own."""
    snippets = [
        record(root, "t/step", {"2.12.0": traceback(OLD), "2.13.0": traceback(NEW)}, raises="RuntimeError",
               fixed_by="t/ok", cause="the step sits between forward and backward"),
        record(root, "t/ok", {"2.12.0": "ok\n", "2.13.0": "ok\n"}),
    ]
    [entry] = grouping.collect(snippets, OutputStore(root))
    folder = root / causes.REPORTS_DIR
    folder.mkdir(parents=True)
    (folder / f"{entry.id}.toml").write_text(f'entry = "{entry.id}"\n' + REPORTS, encoding="utf-8")
    return grouping.collect(snippets, OutputStore(root), causes.load(root)), {s.key: s for s in snippets}


def test_the_paste_data_of_one_entry(tmp_path):
    entries, snippets = small_index(tmp_path)
    data = index_page.paste_data(entries, snippets, ["t/step", "t/ok"], {"t/step": "p/", "t/ok": "q/"}, LISTED)
    assert data["naming"] == {} and "words" not in data and "language" not in data  # the same in every edition
    assert data["entries"] == ENTRIES
    words = index_page.paste_words(data, translations.ENGLISH_WORDS, snippets)
    assert (words["language"], words["words"]["fix"], words["texts"], words["lines"]) == ("en", "The fix:", {}, {})
    assert "paste_label" not in words["words"]  # the box's own label is on the page, not in its data


def test_the_paste_data_matches_the_entry_s_older_source_wordings_too(tmp_path):
    """A wording of PyTorch's source that no recorded release prints (data/wordings.toml) is
    one more template of its entry, with its releases, and adds the type it is raised as;
    another entry's wording is not this entry's."""
    entries, snippets = small_index(tmp_path)
    older = wordings.Wording(entries[0].id, "AssertionError", "modified by an inplace operation", "1.0 – 1.4",
                             "torch/autograd/x.py")
    other = wordings.Wording("another-entry", "ValueError", "something else", "1.2", "torch/y.py")
    data = index_page.paste_data(entries, snippets, ["t/step", "t/ok"], {"t/step": "p/", "t/ok": "q/"}, LISTED,
                                 [older, other])
    [entry] = data["entries"]
    assert entry["categories"] == ["AssertionError", "RuntimeError"]
    assert entry["templates"] == ENTRIES[0]["templates"] + [
        ["modified by an inplace operation", "modified by an inplace operation", "1.0 – 1.4", False]]
    # the browser reads the grammar's shared patterns under these names (paste-reader.js)
    assert (data["placeholders"], data["backwardSuffix"]) == (grammar.PLACEHOLDERS, grammar.BACKWARD_SUFFIX)


def test_an_edition_words_the_causes_of_the_shared_data_in_its_language(tmp_path):
    entries, snippets = small_index(tmp_path)
    data = index_page.paste_data(entries, snippets, ["t/step", "t/ok"], {"t/step": "p/", "t/ok": "q/"}, LISTED)
    said = {"Step after backward.": "在 backward 之后再 step。", "Clone first.": "Clone first.",
            "the optimizer steps between forward and backward": "优化器在前向和反向传播之间更新了参数",
            "a kernel only a GPU runs edits its input": "只在 GPU 上运行的内核修改了它的输入",
            "needs a GPU": "需要 GPU"}
    chinese = translations.Words("zh", {**translations.ENGLISH_WORDS.ui, "box_fix": "修复："}, said)
    words = index_page.paste_words(data, chinese, snippets)
    # every text the edition words otherwise, and only those
    assert words["words"]["fix"] == "修复：" and words["texts"] == {e: z for e, z in said.items() if e != z}


def test_the_page_of_one_entry(tmp_path):
    entries, snippets = small_index(tmp_path)
    assert index_page.entry_markdown(entries[0], snippets, {"t/step": "../p.md", "t/ok": "../q.md"}, LISTED) == PAGE


def test_the_index_lists_the_entry_under_the_page_its_likeliest_cause_is_on(tmp_path):
    entries, _ = small_index(tmp_path)
    index = index_page.index_markdown(entries, {"t/step": "p.md", "t/ok": "q.md"}, {"p.md": "In-place", "q.md": "Q"},
                                      {entries[0].id: f"errors/{entries[0].id}.md"}, translations.ENGLISH_WORDS)
    assert index == (
        '<div class="fg-index" data-search-exclude markdown="1">\n\n'
        "## In-place { #from-p }\n\n"
        "- [`RuntimeError: one of the variables needed for gradient computation has been modified by an inplace "
        "operation`](errors/one-of-the-variables-needed-for-gradient-computation-has.md)"
        '{ data-entry="one-of-the-variables-needed-for-gradient-computation-has" }\n\n</div>\n')


def test_the_index_groups_follow_the_navigation_and_the_unrecorded_come_last():
    """Groups in the order of their pages in the navigation (not of the entries), a nested
    page's anchor with dashes, the messages no snippet prints under their own title, and an
    entry's earlier ids on its line."""
    def entry(id: str, shown_by: str | None, was: tuple[str, ...] = ()):
        fixes = [SimpleNamespace(fixes=[shown_by])] if shown_by else []
        return SimpleNamespace(id=id, category="RuntimeError", summary=f"message {id}",
                               causes=lambda keys: fixes, data=SimpleNamespace(was=was))
    entries = [entry("c", None), entry("a", "t/deep", was=("old-a", "older-a")), entry("b", "t/first")]
    pages = {"t/first": "first.md", "t/deep": "topic/deep.md"}
    index = index_page.index_markdown(entries, pages, {"first.md": "First", "topic/deep.md": "Deep"},
                                      {e.id: f"errors/{e.id}.md" for e in entries}, translations.ENGLISH_WORDS)
    assert index.splitlines()[1:-1] == [
        "", "## First { #from-first }", "",
        '- [`RuntimeError: message b`](errors/b.md){ data-entry="b" }', "",
        "## Deep { #from-topic-deep }", "",
        '- [`RuntimeError: message a`](errors/a.md){ data-entry="a" data-was="old-a older-a" }', "",
        f"## {translations.ENGLISH_WORDS.say('index_unrecorded')} {{ #from-unrecorded }}", "",
        '- [`RuntimeError: message c`](errors/c.md){ data-entry="c" }', ""]


def test_an_entry_page_names_its_older_wordings_and_keeps_a_cause_s_text_as_written(tmp_path):
    """A message whose first sentence changed: the page says how older releases worded it;
    a cause with a bar and quotes in it stays one table cell and reads as written."""
    snippets = [
        record(tmp_path, "t/step", {"2.9.1": traceback("the tensor was edited in place: x"),
                                    "2.12.0": traceback("the tensor was modified in place: x"),
                                    "2.13.0": traceback("a tensor was modified by an in-place op: x")},
               raises="RuntimeError", fixed_by="t/ok", cause='a "step" | then backward <later>'),
        record(tmp_path, "t/ok", {"2.13.0": "ok\n"}),
    ]
    [entry] = grouping.collect(snippets, OutputStore(tmp_path))
    listed = ["2.9.1", "2.12.0", "2.13.0"]
    page = index_page.entry_markdown(entry, {s.key: s for s in snippets}, {"t/step": "../p.md", "t/ok": "../q.md"},
                                     listed)
    assert "Also worded: `the tensor was modified in place` (PyTorch 2.12.0); " \
           "`the tensor was edited in place` (PyTorch 2.9.1)\n" in page.splitlines(True)
    [row] = [line for line in page.splitlines() if line.startswith("| a ")]
    assert row.startswith('| a "step" \\| then backward &lt;later&gt; | — | ')  # no reports read: no count


def test_a_raising_snippet_without_a_fix_is_refused(tmp_path):
    snippets = [record(tmp_path, "t/step", {"2.13.0": traceback("bad input")}, raises="RuntimeError")]
    [entry] = grouping.collect(snippets, OutputStore(tmp_path))
    with pytest.raises(ValueError, match=r"snippets/t/step.py prints 'RuntimeError: bad input' but names no fix; add "
                                         r"'# fixed-by: topic/name' at its top, naming the snippet that avoids it\."):
        index_page.entry_markdown(entry, {s.key: s for s in snippets}, {"t/step": "../p.md"}, ["2.13.0"])


ENTRIES = [{'id': 'one-of-the-variables-needed-for-gradient-computation-has',
  'category': 'RuntimeError',
  'categories': ['RuntimeError'],
  'summary': 'one of the variables needed for gradient computation has been modified by an inplace operation',
  'traceback': [],
  'alone': [],
  'templates': [['one of the variables needed for gradient computation has been modified by an inplace '
                 'operation: [<tensor type> [<shape>]], which is output <n> of <node>, is at version <n>; '
                 'expected version <n> instead. Hint: enable anomaly detection.',
                 'one of the variables needed for gradient computation has been modified by an inplace '
                 'operation',
                 '2.13.0'],
                ['one of the variables needed for gradient computation has been modified by an inplace '
                 'operation: [<tensor type> [<shape>]], which is output <n> of <node>, is at version <n>; '
                 'expected version <n> instead.',
                 'one of the variables needed for gradient computation has been modified by an inplace '
                 'operation',
                 '2.12.0']],
  'templateReleases': [['2.13.0'], ['2.12.0']],
  'clauses': {'n': 'which is output <n> of <node>',
              'output': 'which is output <n> of <node>',
              'tensor': '[<tensor type> [<shape>]]'},
  'causes': [{'text': 'the optimizer steps between forward and backward',
              'mechanism': 'optimizer-step',
              'fix': 'Step after backward.',
              'tell': '',
              'seen': 1,
              'labelled': 0,
              'reports': [['a/b#1', 'https://github.com/a/b/issues/1']],
              'pairs': [{'snippet': 't/step',
                         'url': 'p/#snippet-t-step',
                         'fix': 't/ok',
                         'fixUrl': 'q/#snippet-t-ok',
                         'diff': [[['removed', "print('t/step')", 1, None],
                                   ['added', "print('t/ok')", None, 1]]]}],
              'forms': {'n output tensor': 2},
              'nodes': ['Sigmoid'],
              'openings': ['[<tensor type> [<shape>]], which is output <n> of <node>, is at version <n>; '
                           'expected version <n> instead'],
              'clueNodes': ['Sigmoid'],
              'clueLeaf': False,
              'clueCode': ['\\.step\\('],
              'clueMessage': ['Sigmoid'],
              'notShown': None},
             {'text': 'a kernel only a GPU runs edits its input',
              'mechanism': 'gpu-only',
              'fix': 'Clone first.',
              'tell': '',
              'seen': 1,
              'labelled': 0,
              'reports': [['a/b#2', 'https://github.com/a/b/issues/2']],
              'pairs': [],
              'forms': {},
              'nodes': [],
              'openings': [],
              'clueNodes': [],
              'clueLeaf': True,
              'clueCode': [],
              'clueMessage': [],
              'notShown': 'needs a GPU'}]}]

PAGE = """\
# `RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation` { #one-of-the-variables-needed-for-gradient-computation-has .fg-entry }

``` { .output .fg-message title="Template, PyTorch 2.13.0" releases="2.13.0" }
RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [<tensor type> [<shape>]], which is output <n> of <node>, is at version <n>; expected version <n> instead. Hint: enable anomaly detection.
```

``` { .output .fg-message title="Template, PyTorch 2.12.0" releases="2.12.0" }
RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [<tensor type> [<shape>]], which is output <n> of <node>, is at version <n>; expected version <n> instead.
```

<div class="fg-causes" markdown="1">

| Cause | Seen in | Clue in the message | Raised by → fixed by |
| --- | --- | --- | --- |
| the optimizer steps between forward and backward | 1 public report | — | the step sits between forward and backward: [`t/step`](../p.md#snippet-t-step) → [`t/ok`](../q.md#snippet-t-ok) ([what changes](#one-of-the-variables-needed-for-gradient-computation-has--snippet-t-step)) |

</div>

<details class="success fg-fixdiff" id="one-of-the-variables-needed-for-gradient-computation-has--snippet-t-step" data-search-exclude markdown="1">
<summary>What the fix changes: <code>t/step</code> → <code>t/ok</code></summary>
<p class="fg-fixdiff__legend" markdown="span"><span class="fg-fixdiff__key fg-fixdiff__key--removed">−</span> [`t/step`](../p.md#snippet-t-step)<br><span class="fg-fixdiff__key fg-fixdiff__key--added">+</span> [`t/ok`](../q.md#snippet-t-ok)</p>
<div class="fg-fixdiff__rows"><table class="fg-fixdiff__table"><tbody><tr class="fg-fixdiff__line fg-fixdiff__line--removed"><td class="fg-fixdiff__number">1</td><td class="fg-fixdiff__number"></td><td class="fg-fixdiff__mark">−</td><td class="fg-fixdiff__text">print('t/step')</td></tr><tr class="fg-fixdiff__line fg-fixdiff__line--added"><td class="fg-fixdiff__number"></td><td class="fg-fixdiff__number">1</td><td class="fg-fixdiff__mark">+</td><td class="fg-fixdiff__text">print('t/ok')</td></tr></tbody></table></div>
</details>

Also seen, not reproduced here: a kernel only a GPU runs edits its input (1 public report). needs a GPU Fix: Clone first.

??? info "The 2 public reports read for this entry"

    - [a/b#1](https://github.com/a/b/issues/1): step before backward *(the optimizer steps between forward and backward)*
    - [a/b#2](https://github.com/a/b/issues/2): on a GPU *(a kernel only a GPU runs edits its input)*

??? quote "The exact texts, by release"

    ``` { .output .fg-message title="PyTorch 2.13.0" releases="2.13.0" }
    RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [3]], which is output 0 of SigmoidBackward0, is at version 1; expected version 0 instead. Hint: enable anomaly detection.
    ```

    ``` { .output .fg-message title="PyTorch 2.12.0" releases="2.12.0" }
    RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [3]], which is output 0 of SigmoidBackward0, is at version 1; expected version 0 instead.
    ```
"""
