"""The error index is built from the recorded outputs: its parsing, its templates, and
the promise that every error and warning has a snippet that raises it and one that fixes it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fieldguide import causes
from fieldguide.errors import clues, grammar, grouping
from fieldguide.errors import page as index_page
from fieldguide.render import anchor, version_range
from fieldguide.snippet import Snippet, discover
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]


def test_messages_finds_warnings_and_the_uncaught_error():
    output = (
        "start\n"
        "snippets/t/x.py:4: UserWarning: careful\n"
        "  warnings.warn('careful')\n"
        "Traceback (most recent call last):\n"
        '  File "snippets/t/x.py", line 5, in <module>\n'
        "    y.backward()\n"
        "RuntimeError: first line\n"
        "second line\n"
    )
    assert grammar.messages(output) == [
        ("UserWarning", "careful"),
        ("RuntimeError", "first line\nsecond line"),
    ]


def test_a_warning_raised_inside_torch_is_found_and_ends_at_its_source_line():
    output = (
        "<torch source>: UserWarning: Input #0 requires gradient\n"
        "  <torch source line>\n"
        "printed by the snippet\n"
    )
    assert grammar.messages(output) == [("UserWarning", "Input #0 requires gradient")]


@pytest.mark.parametrize("start", ["[W <torch source>] ", "[rank0]:[W <torch source>] ",
                                   "[rank0]:[W<timestamp> <torch source>] "])
def test_a_warning_torch_s_cpp_code_logs_ends_at_the_function_that_warned(start):
    one_line = f"{start}Warning: flag not needed. It costs time. (function operator())\nstep 0\n"
    assert grammar.messages(one_line) == [("Warning", "flag not needed. It costs time. (function operator())")]
    spanning = f"{start}Warning: first line\nsecond line (function search_unused_parameters)\nstep 0\n"
    assert grammar.messages(spanning) == [
        ("Warning", "first line\nsecond line (function search_unused_parameters)")]
    unended = f"{start}Warning: no function named\nstep 0\n\nlater\n"
    assert grammar.messages(unended) == [("Warning", "no function named")]


def test_every_recorded_warning_is_read():
    """A warning header the parser misses would silently drop an entry from the index."""
    store = OutputStore(ROOT)
    header = re.compile(r"^\S.*?: \w*Warning: ", re.MULTILINE)
    missed = []
    for key in store.keys():
        for _, text in store.by_output(key):
            found = [category for category, _ in grammar.messages(text) if category.endswith("Warning")]
            if len(found) < len(set(header.findall(text))):
                missed.append(key)
    assert not missed, f"warnings in these recordings are not read: {sorted(set(missed))}"


def test_rewordings_of_one_error_share_a_template_sentence():
    old = (
        "one of the variables needed for gradient computation has been modified by an inplace "
        "operation: [torch.FloatTensor [3]], which is output 0 of SigmoidBackward0, is at "
        "version 1; expected version 0 instead. Hint: enable anomaly detection."
    )
    new = old.replace("SigmoidBackward0", "Sigmoid").replace("[3]", "[2, 4]").replace("1;", "3;")
    assert grammar.template(old) == grammar.template(new)
    assert grammar.template(new) == (
        "one of the variables needed for gradient computation has been modified by an inplace "
        "operation: [<tensor type> [<shape>]], which is output <n> of <node>, is at version "
        "<n>; expected version <n> instead. Hint: enable anomaly detection."
    )
    assert grammar.first_sentence(grammar.template(new)) == (
        "one of the variables needed for gradient computation has been modified by an inplace "
        "operation"
    )


@pytest.fixture(scope="module")
def entries():
    return grouping.collect(discover(ROOT), OutputStore(ROOT))


def test_the_index_covers_the_errors_readers_hit(entries):
    """At least 28 errors and warnings; the three errors readers hit most (by their ids)
    each have at least three causes, each stated in its snippets' `# cause:` line."""
    assert len(entries) >= 28, [e.id for e in entries]
    by_id = {e.id: e for e in entries}
    for common in (
        "element-of-tensors-does-not-require-grad-and-does-not-have-a",
        "trying-to-backward-through-the-graph-a-second-time-or",
        "one-of-the-variables-needed-for-gradient-computation-has",
    ):
        stated = [c.text for c in by_id[common].causes([]) if c.text]
        assert len(stated) >= 3, (common, stated)


def test_every_entry_has_a_fix_that_avoids_it(entries):
    snippets = {s.key: s for s in discover(ROOT)}
    store = OutputStore(ROOT)
    for entry in entries:
        for key, fix in entry.raised_by.items():
            where = f"{snippets[key].relpath} prints '{entry.category}: {entry.summary}'"
            assert fix, f"{where} but declares no '# fixed-by:'"
            assert fix in snippets, f"{where}; its '# fixed-by: {fix}' names no snippet"
            assert not snippets[fix].raises, f"{where}; its fix {fix} raises itself"
            fixed = {grammar.first_sentence(shape) for e in grouping.collect([snippets[fix]], store)
                     for _, shape in e.templates}
            assert not fixed & {grammar.first_sentence(shape) for _, shape in entry.templates}, (
                f"{where}; its fix {fix} prints it too"
            )


INPLACE = (
    "one of the variables needed for gradient computation has been modified by an inplace "
    "operation: [torch.FloatTensor [3]], which is output 0 of {node}, is at version 1; "
    "expected version 0 instead. Hint: enable anomaly detection."
)


def traceback(message: str, category: str = "RuntimeError") -> str:
    return (
        'Traceback (most recent call last):\n  File "x.py", line 3, in <module>\n    y.backward()\n'
        f"{category}: {message}\n"
    )


def record(root: Path, key: str, outputs: dict[str, str], **directives) -> Snippet:
    """A snippet under `root` whose recorded output on each release is `outputs[release]`, its
    file a line naming it (what a fix's diff compares)."""
    store = OutputStore(root)
    for version, text in outputs.items():
        store.record(key, version, text)
    snippet = Snippet(root, *key.split("/"), **directives)
    snippet.path.parent.mkdir(parents=True, exist_ok=True)
    snippet.path.write_text(f"print({key!r})\n", encoding="utf-8")
    return snippet


def test_a_chained_error_is_read_from_its_last_traceback_and_a_warning_over_three_lines_whole():
    first = traceback("the first error")
    chained = (first + "\nDuring handling of the above exception, another exception occurred:\n\n"
               + traceback("the second error", "ValueError"))
    assert grammar.messages(chained) == [("ValueError", "the second error")]
    warned = "x.py:2: UserWarning: one\ntwo\nthree\n  warnings.warn(x)\nafter\n"
    assert grammar.messages(warned) == [("UserWarning", "one\ntwo\nthree")]


def test_node_names_are_every_node_a_message_names_or_only_the_output_s():
    message = "[torch.FloatTensor [3]], which is output 0 of PowBackward0, is at version 1 (see MulBackward0)"
    assert grammar.node_names(message) == ["PowBackward0", "MulBackward0"]
    assert grammar.node_names(message, outputs_only=True) == ["PowBackward0"]


def test_reader_types_shapes_and_node_names_become_placeholders():
    cuda = "[torch.cuda.HalfTensor [4, 128, 64, 64]], which is output 0 of torch::autograd::CopySlices, is at version 3"
    cpu = "[torch.FloatTensor []], which is output 1 of ClampBackward1, is at version 1"
    assert grammar.template(cuda) == grammar.template(cpu) == (
        "[<tensor type> [<shape>]], which is output <n> of <node>, is at version <n>"
    )
    assert grammar.form(cuda) == ("n", "output", "tensor")
    assert grammar.node_names(cuda) == ["CopySlices"]
    assert [grammar.forward_name(n) for n in ("PowBackward0", "ClampBackward1", "SigmoidBackward", "Pow")] == [
        "Pow", "Clamp1", "Sigmoid", "Pow"]


def test_the_class_a_scheduler_refuses_is_a_placeholder():
    """Each reader's wrapper has its own name (LARC, FabricDeepSpeedZeroOptimizer): one entry for all."""
    mine, theirs = "LayerwiseTrust is not an Optimizer", "FabricDeepSpeedZeroOptimizer is not an Optimizer"
    assert grammar.template(mine) == grammar.template(theirs) == "<class> is not an Optimizer"
    assert grammar.slug(grammar.template(mine)) == "is-not-an-optimizer"


def test_the_parameter_a_module_refuses_is_a_placeholder():
    """A fused conv's 'weight' and parametrize's 'original' are one message: one entry for both."""
    def message(name):
        return (f"Cannot assign non-leaf Tensor to parameter '{name}'. Model parameters must be created "
                f"explicitly. To express '{name}' as a function of another Tensor, compute the value in "
                "the forward() method.")
    assert grammar.template(message("weight")) == grammar.template(message("original")) == message("<name>")
    first = grammar.first_sentence(grammar.template(message("weight")))
    assert first == "Cannot assign non-leaf Tensor to parameter '<name>'"
    assert grammar.slug(first) == "cannot-assign-non-leaf-tensor-to-parameter"


def test_the_type_autocast_refuses_as_its_device_type_is_a_placeholder():
    """A torch.device, an index or None given as device_type: one entry for all."""
    device = "Expected `device_type` of type `str`, got: `<class 'torch.device'>`"
    index = "Expected `device_type` of type `str`, got: `<class 'int'>`"
    template = "Expected `device_type` of type `str`, got: `<type>`"
    assert grammar.template(device) == grammar.template(index) == grammar.template(device[:-1]) == template


def test_what_a_backward_or_a_hook_returned_instead_of_a_tensor_is_a_placeholder():
    """A NumPy array, a tuple, a list or an int: one entry for each message, named by neither."""
    returned = [f"expected Variable or None (got {t})" for t in ("numpy.ndarray", "tuple", "int")]
    hooked = [f"expected Variable, but hook returned '{t}'" for t in ("tuple", "list")]
    assert {grammar.template(m) for m in returned} == {"expected Variable or None (got <type>)"}
    assert {grammar.template(m) for m in hooked} == {"expected Variable, but hook returned '<type>'"}
    assert [grammar.slug(grammar.template(m[0])) for m in (returned, hooked)] == [
        "expected-variable-or-none-got", "expected-variable-but-hook-returned"]


def test_the_function_pickle_refuses_is_a_placeholder():
    """A scheduler's lr_lambda or a DataLoader's collate function: one entry for all."""
    mine = "Can't pickle local object 'warmup_schedule.<locals>.lr_lambda'"
    theirs = "Can't pickle local object 'get_scheduler.<locals>.<lambda>'"
    assert grammar.template(mine) == grammar.template(theirs) == "Can't pickle local object '<name>'"
    assert grammar.slug(grammar.template(mine)) == "cant-pickle-local-object"


def test_the_dtypes_of_the_old_tensor_iterator_check_are_placeholders():
    """1.3 – 1.5 worded "Found dtype X but expected Y" the other way round; lerp's check,
    which names its argument between the dtypes, keeps its words."""
    assert grammar.template("expected dtype Double but got dtype Float") == (
        "expected dtype <dtype> but got dtype <dtype>")
    lerp = "expected dtype float for `end` but got dtype BFloat16"
    assert grammar.template(lerp) == lerp


def test_the_argument_and_kernel_of_the_legacy_dtype_check_are_placeholders():
    """1.0 - 1.9's TH check names the argument and the kernel: a scatter's 'index' reads as
    addmm's 'mat1' does, so neither counts as a name the other message lacks."""
    scatter = ("Expected object of scalar type Long but got scalar type Float for argument #3 'index' "
               "in call to _th_scatter_add_")
    addmm = ("Expected object of scalar type Float but got scalar type Double for argument #2 'mat1' "
             "in call to _th_addmm")
    assert grammar.template(scatter) == grammar.template(addmm) == (
        "Expected object of scalar type <dtype> but got scalar type <dtype> for argument #<n> '<arg>' in call to <op>")


def test_an_entry_keeps_its_id_when_a_newer_release_rewords_it(tmp_path):
    old = "One of the differentiated Tensors appears to not have been used in the graph."
    new = "The differentiated Tensor at index 1 appears to not have been used in the graph."
    key = "hooks/unused"
    before = record(tmp_path / "a", key, {"2.0.1": traceback(old)}, raises="RuntimeError")
    after = record(tmp_path / "b", key, {"2.0.1": traceback(old), "2.15.0": traceback(new)}, raises="RuntimeError")
    [first] = grouping.collect([before], OutputStore(tmp_path / "a"))
    [second] = grouping.collect([after], OutputStore(tmp_path / "b"))
    assert second.summary.startswith("The differentiated Tensor at index")  # shown as the newest wording
    assert first.id == second.id == "one-of-the-differentiated-tensors-appears-to-not-have-been"


def test_an_entry_keeps_its_id_when_its_snippets_move_to_other_pages(tmp_path):
    snippets = [
        record(tmp_path, "t/fails", {"2.13.0": traceback(INPLACE.format(node="Pow"))},
               raises="RuntimeError", fixed_by="t/fixed"),
        record(tmp_path, "t/fixed", {"2.13.0": "ok\n"}),
    ]
    by_key = {s.key: s for s in snippets}
    ids = set()
    for pages in ({"t/fails": "a.md", "t/fixed": "a.md"}, {"t/fixed": "sub/b.md", "t/fails": "c.md"}):
        [entry] = grouping.collect(snippets, OutputStore(tmp_path))
        page = index_page.entry_markdown(entry, by_key, pages, ["2.13.0"])
        ids.add(re.search(r"^# .* \{ #([\w-]+) \.fg-entry \}$", page, re.MULTILINE)[1])
    assert ids == {"one-of-the-variables-needed-for-gradient-computation-has"}


def test_causes_group_snippets_and_the_leaf_form_is_a_clue(tmp_path):
    leaf = INPLACE.format(node="X").replace(", which is output 0 of X", "")
    snippets = [
        record(tmp_path, "t/step_a", {"2.13.0": traceback(leaf)},
               raises="RuntimeError", fixed_by="t/ok", cause="an optimizer step"),
        record(tmp_path, "t/step_b", {"2.13.0": traceback(leaf)},
               raises="RuntimeError", fixed_by="t/ok", cause="an optimizer step"),
        record(tmp_path, "t/sigmoid", {"2.9.1": traceback(INPLACE.format(node="SigmoidBackward0")),
                                       "2.13.0": traceback(INPLACE.format(node="Sigmoid"))},
               raises="RuntimeError", fixed_by="t/ok", cause="relu_ on a sigmoid output"),
        record(tmp_path, "t/ok", {"2.13.0": "ok\n"}),
    ]
    [entry] = grouping.collect(snippets, OutputStore(tmp_path))
    causes = entry.causes(["t/sigmoid", "t/step_a", "t/step_b"])
    assert [(c.text, list(c.fixes)) for c in causes] == [
        ("relu_ on a sigmoid output", ["t/sigmoid"]),
        ("an optimizer step", ["t/step_a", "t/step_b"]),
    ]
    assert clues.clues(causes) == [
        "names `SigmoidBackward0` / `Sigmoid`",
        "no `which is output <n> of <node>` part",
    ]
    assert clues.naming([entry], ["2.9.1", "2.13.0"]) == {
        "backward": "2.9.1", "forward": "2.13.0", "examples": [("SigmoidBackward0", "Sigmoid")]}


def test_a_part_only_one_cause_prints_is_its_clue_and_so_are_its_own_words(tmp_path):
    """Two causes print the leaf form (no "which is output" part), one prints that part: the
    part is the third one's clue; the two leaf causes differ only in their words, so each one's
    clue is what it alone says, backquotes shown as quotes."""
    leaf = INPLACE.format(node="X").replace(", which is output 0 of X", "")
    snippets = [
        record(tmp_path, "t/step", {"2.13.0": traceback(leaf)},
               raises="RuntimeError", fixed_by="t/ok", cause="an optimizer step"),
        record(tmp_path, "t/param",
               {"2.13.0": traceback(leaf.replace("expected version", "its `grad` expected version"))},
               raises="RuntimeError", fixed_by="t/ok", cause="a parameter edited in place"),
        record(tmp_path, "t/sigmoid", {"2.13.0": traceback(INPLACE.format(node="SigmoidBackward0"))},
               raises="RuntimeError", fixed_by="t/ok", cause="relu_ on a sigmoid output"),
        record(tmp_path, "t/ok", {"2.13.0": "ok\n"}),
    ]
    entries = grouping.collect(snippets, OutputStore(tmp_path))
    found = {cause.text: clue for entry in entries
             for cause, clue in clues.with_clues(entry, ["t/step", "t/param", "t/sigmoid"])}
    assert found == {
        "relu_ on a sigmoid output": "a `which is output <n> of <node>` part; names `SigmoidBackward0`",
        "an optimizer step": "says `[<tensor type> [<shape>]], is at version <n>; expected version <n> instead`",
        "a parameter edited in place":
            "says `[<tensor type> [<shape>]], is at version <n>; its 'grad' expected version <n> instead`"}


def test_the_node_naming_of_each_release_from_every_pair_recorded_both_ways(tmp_path):
    """Releases that print `PowBackward0` or `ClampBackward1` in "output <n> of <node>" against
    those that print `Pow` or `Clamp1`, from two snippets on different releases; one example
    of each kind of pair; a node the message names elsewhere (not the output's) is no clue,
    nor a forward name no release prints with its backward one."""
    elsewhere = " The graph above also holds MulBackward0."
    snippets = [
        record(tmp_path, "t/pow", {"2.9.1": traceback(INPLACE.format(node="PowBackward0")),
                                   "2.13.0": traceback(INPLACE.format(node="Pow") + elsewhere)},
               raises="RuntimeError"),
        record(tmp_path, "t/clamp", {"2.8.0": traceback(INPLACE.format(node="ClampBackward1")),
                                     "2.12.0": traceback(INPLACE.format(node="Clamp1"))},
               raises="RuntimeError"),
        record(tmp_path, "t/sigmoid", {"2.11.0": traceback(INPLACE.format(node="Sigmoid"))}, raises="RuntimeError"),
    ]
    entries = grouping.collect(snippets, OutputStore(tmp_path))
    listed = ["2.8.0", "2.9.1", "2.11.0", "2.12.0", "2.13.0"]
    assert clues.naming(entries, listed) == {
        "backward": version_range({"2.8.0", "2.9.1"}, listed), "forward": version_range({"2.12.0", "2.13.0"}, listed),
        "examples": [("PowBackward0", "Pow"), ("ClampBackward1", "Clamp1")]}
    # the ranges tell those sets apart
    assert version_range({"2.8.0", "2.9.1"}, listed) != version_range({"2.8.0", "2.9.1", "2.13.0"}, listed)
    assert version_range({"2.12.0", "2.13.0"}, listed) != version_range({"2.11.0", "2.12.0", "2.13.0"}, listed)


def test_the_index_carries_what_each_fix_changes_once_per_pair(tmp_path):
    """Folded below its causes table, one per raising snippet, each opened by a link from the
    table's last cell; t/both prints two entries' messages, so its pair is under each."""
    warned = "x.py:2: UserWarning: Anomaly Detection has been enabled.\n  f()\n"
    snippets = [
        record(tmp_path, "t/step_a", {"2.13.0": traceback(INPLACE.format(node="Pow"))},
               raises="RuntimeError", fixed_by="t/ok", cause="an optimizer step"),
        record(tmp_path, "t/both", {"2.13.0": warned + traceback(INPLACE.format(node="Pow"))},
               raises="RuntimeError", fixed_by="t/ok_too", cause="relu_ on a sigmoid output"),
        record(tmp_path, "t/ok", {"2.13.0": "ok\n"}),
        record(tmp_path, "t/ok_too", {"2.13.0": "ok\n"}),
    ]
    entries = grouping.collect(snippets, OutputStore(tmp_path))
    pages = {"t/step_a": "a.md", "t/both": "a.md", "t/ok": "b.md", "t/ok_too": "b.md"}
    page = "\n".join(index_page.entry_markdown(entry, {s.key: s for s in snippets}, pages, ["2.13.0"])
                     for entry in entries)
    diffs = re.findall(r'^<details class="success fg-fixdiff" id="([\w-]+)" data-search-exclude markdown="1">\n'
                       r"<summary>What the fix changes: <code>([\w/]+)</code> → <code>([\w/]+)</code></summary>$",
                       page, re.MULTILINE)
    inplace = "one-of-the-variables-needed-for-gradient-computation-has"
    anomaly = "anomaly-detection-has-been-enabled"
    assert sorted(diffs) == [
        (f"{anomaly}--snippet-t-both", "t/both", "t/ok_too"),
        (f"{inplace}--snippet-t-both", "t/both", "t/ok_too"),
        (f"{inplace}--snippet-t-step-a", "t/step_a", "t/ok"),
    ]
    for diff, raising, fix in diffs:
        row = f"[`{raising}`](a.md#{anchor(raising)}) → [`{fix}`](b.md#{anchor(fix)}) ([what changes](#{diff}))"
        assert page.count(row) == 1, row
    section = page[page.index(f"{{ #{inplace} .fg-entry }}"):]
    # the diffs come after the table, before the exact texts
    assert section.index("</div>\n") < section.index("<details") < section.index('??? quote "')
    assert "<td class=\"fg-fixdiff__text\">print('t/ok')</td>" in page  # the fix's line, as written


def test_a_warning_a_raising_snippet_prints_on_the_way_is_not_its_cause(tmp_path):
    output = "x.py:2: UserWarning: Anomaly Detection has been enabled.\n  f()\n" + traceback("boom")
    snippet = record(tmp_path, "t/fails", {"2.13.0": output},
                     raises="RuntimeError", fixed_by="t/ok", cause="why it fails")
    entries = {e.category: e for e in grouping.collect([snippet], OutputStore(tmp_path))}
    assert entries["RuntimeError"].causes([])[0].text == "why it fails"
    assert entries["UserWarning"].causes([])[0].text is None


def test_a_warning_that_changed_its_class_and_its_words_is_one_entry(tmp_path):
    """PyTorch moves a warning between classes (UserWarning, then FutureWarning), here
    rewording it too: the one warning a snippet prints is one entry; errors of two types
    that two snippets raise stay two."""
    snippets = [
        record(tmp_path, "t/warns", {"2.12.0": "x.py:2: UserWarning: this flag is going away\n  f()\n",
                                     "2.13.0": "x.py:2: FutureWarning: this flag will be removed\n  f()\n"}),
        record(tmp_path, "t/runtime", {"2.13.0": traceback("bad input", "RuntimeError")}, raises="RuntimeError"),
        record(tmp_path, "t/value", {"2.13.0": traceback("bad input", "ValueError")}, raises="ValueError"),
    ]
    entries = grouping.collect(snippets, OutputStore(tmp_path))
    assert sorted(sorted({category for category, _ in entry.texts}) for entry in entries) == [
        ["FutureWarning", "UserWarning"], ["RuntimeError"], ["ValueError"]]


def test_an_entry_takes_its_newest_type_and_the_same_words_of_another_type_get_an_id_of_their_own(tmp_path):
    """One snippet's message raised as RuntimeError up to 2.9 and as NotImplementedError since:
    one entry, of the newer type (the newer release by number, not by spelling); the same words
    that another snippet raises as ValueError: another entry, its id led by its type."""
    snippets = [
        record(tmp_path, "t/moved", {"2.9.1": traceback("bad input", "RuntimeError"),
                                     "2.13.0": traceback("bad input", "NotImplementedError")},
               raises="NotImplementedError"),
        record(tmp_path, "t/value", {"2.13.0": traceback("bad input", "ValueError")}, raises="ValueError"),
    ]
    entries = grouping.collect(snippets, OutputStore(tmp_path))
    assert [(e.category, e.id) for e in entries] == [
        ("NotImplementedError", "bad-input"), ("ValueError", "valueerror-bad-input")]
    [moved, _] = entries
    assert [versions for _, versions in grouping.newest_first(moved.texts)] == [["2.13.0"], ["2.9.1"]]


def test_two_messages_that_part_after_the_id_length_get_ids_that_part_too(tmp_path):
    """Forward mode's two refusals name the operator and differ only after the first 60
    characters of their slug: the second takes as many more words as tell them apart."""
    opening = "Trying to use forward AD with mv_out that does not support it because it"
    snippets = [
        record(tmp_path, "t/formula", {"2.13.0": traceback(f"{opening} has not been implemented yet.",
                                                           "NotImplementedError")}, raises="NotImplementedError"),
        record(tmp_path, "t/out", {"2.13.0": traceback(f"{opening} is an out= function", "NotImplementedError")},
               raises="NotImplementedError"),
    ]
    entries = grouping.collect(snippets, OutputStore(tmp_path))
    assert sorted(e.id for e in entries) == [
        "trying-to-use-forward-ad-with-that-does-not-support-it",
        "trying-to-use-forward-ad-with-that-does-not-support-it-because-it-is-an-out-function"]


def test_a_message_of_placeholders_only_still_gets_an_id():
    assert grammar.slug("<node>: <n>") == "message"


def test_the_paste_box_data_keeps_each_message_as_it_is(tmp_path):
    """A fetched file, not markup: a message with markup in it stays its text."""
    message = "bad </script><b>&amp; [torch.FloatTensor [2]]"
    snippets = [
        record(tmp_path, "t/fails", {"2.13.0": traceback(message)}, raises="RuntimeError", fixed_by="t/ok"),
        record(tmp_path, "t/ok", {"2.13.0": "ok\n"}),
    ]
    data = index_page.paste_data(grouping.collect(snippets, OutputStore(tmp_path)), {s.key: s for s in snippets},
                                  [], {}, ["2.13.0"])
    data = json.loads(json.dumps(data))
    assert data["entries"][0]["templates"][0][0] == "bad </script><b>&amp; [<tensor type> [<shape>]]"
    assert [kind for kind, _, _ in data["placeholders"]] == [kind for kind, _, _ in grammar.PLACEHOLDERS]


def test_a_message_no_snippet_prints_is_an_entry_from_its_data(tmp_path):
    """A GPU-only message: its wording from PyTorch's source, its causes from public reports."""
    folder = tmp_path / causes.REPORTS_DIR
    folder.mkdir(parents=True)
    (folder / "cudnn-rnn-backward-can-only-be-called-in-training-mode.toml").write_text(
        'entry = "cudnn-rnn-backward-can-only-be-called-in-training-mode"\n'
        '[unrecorded]\ncategory = "RuntimeError"\ntext = "cudnn RNN backward can only be called in training mode"\n'
        'releases = "1.0 – 2.15"\nsource = "aten/src/ATen/native/cudnn/RNN.cpp"\nwhy = "only cuDNN raises it"\n'
        '[mechanisms.eval-rnn]\ntext = "an RNN in eval mode is differentiated"\n'
        'fix = "Differentiate it in train mode."\n'
        'shown = false\nwhy = "needs a GPU"\n'
        '[[report]]\nsource = "a/b#1"\nmechanism = "eval-rnn"\nevidence = "an RNN in eval mode"\n',
        encoding="utf-8")
    snippets = [record(tmp_path, "t/ok", {"2.13.0": "ok\n"})]
    [entry] = grouping.collect(snippets, OutputStore(tmp_path), causes.load(tmp_path))
    assert (entry.id, entry.category, entry.texts) == (
        "cudnn-rnn-backward-can-only-be-called-in-training-mode", "RuntimeError", {})
    page = index_page.entry_markdown(entry, {"t/ok": snippets[0]}, {"t/ok": "p.md"}, ["2.13.0"])
    assert "Template, PyTorch 1.0 – 2.15, from its source" in page and "| Cause |" not in page
    assert "Also seen, not reproduced here: an RNN in eval mode is differentiated (1 public report). needs a GPU " \
           "Fix: Differentiate it in train mode." in page
    data = index_page.paste_data([entry], {}, [], {}, ["2.13.0"])
    [shown] = data["entries"]
    assert shown["templates"] == [["cudnn RNN backward can only be called in training mode",
                                   "cudnn RNN backward can only be called in training mode", "1.0 – 2.15", False]]
    assert shown["categories"] == ["RuntimeError"] and shown["causes"][0]["notShown"] == "needs a GPU"


def test_every_heading_reads_as_the_message_does(entries):
    """An entry's heading (and its table-of-contents line) is the first sentence of a wording,
    with no escape sequence (a KeyError prints its message quoted, `\\n` and all) and no word
    cut off: the next character of the wording after it ends a sentence."""
    ends = re.compile(r"$|[.:,]?(\s|\\n)|[.:]$|[.:](?=[A-Z])")
    for entry in entries:
        for _, shape in entry.templates:
            heading = grammar.first_sentence(shape)
            assert not re.search(r"\\[ntrx\\]", heading), f"{entry.id}: the heading {heading!r} shows an escape"
            assert shape.startswith(heading) and ends.match(shape, len(heading)), (
                f"{entry.id}: the heading {heading!r} stops inside a sentence of {shape!r}")
            assert not re.search(r"(\n|\\n)\d+$", heading), f"{entry.id}: the heading {heading!r} ends in a list number"


def test_the_function_and_in_dims_vmap_names_are_placeholders():
    """vmap's message opens with the reader's call: one entry whatever the function and in_dims."""
    mine = ("vmap(loss_fn, in_dims=(None, 0, 0, 0), ...)(<inputs>): Got in_dim=0 for some input, but that "
            "input is a Tensor of dimensionality 0 so expected in_dim to satisfy -0 <= in_dim < 0.")
    theirs = ("vmap(<lambda>, in_dims=(0, (1, 2)), ...)(<inputs>): Got in_dim=3 for some input, but that "
              "input is a Tensor of dimensionality 2 so expected in_dim to satisfy -2 <= in_dim < 2.")
    assert grammar.template(mine) == grammar.template(theirs) == (
        "vmap(<function>, in_dims=<in_dims>, ...)(<inputs>): Got in_dim=<n> for some input, but that input "
        "is a Tensor of dimensionality <n> so expected in_dim to satisfy -<n> <= in_dim < <n>.")
    assert grammar.slug(grammar.first_sentence(grammar.template(mine))) == (
        "vmap-in-dims-got-in-dim-for-some-input-but-that-input-is-a")
