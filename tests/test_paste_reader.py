"""How the paste box reads a paste (docs/javascripts/paste-reader.js), fast: run by Node on
small fixture data, no site and no browser. Each rule that finds the message in a paste, each
term of the match score and each clue that ranks a cause has a test here that fails when the
rule, term or clue is removed; tests/test_paste_answers.py checks the same script against the
real index's data and real pastes."""

from __future__ import annotations

import copy

import pytest
from paste_reader import call, read

from fieldguide.errors import grammar

INPLACE = ("one of the variables needed for gradient computation has been modified by an inplace operation: "
           "[torch.FloatTensor [3]], which is output 0 of <node>, is at version 1; expected version 0 instead")


def cause(mechanism: str, **fields) -> dict:
    base = {
        "text": f"the {mechanism} cause", "mechanism": mechanism, "fix": f"undo {mechanism}", "seen": 0, "labelled": 0,
        "reports": [], "pairs": [], "forms": {"n output tensor": 1}, "nodes": [], "openings": [],
        "clueNodes": [], "clueLeaf": False, "clueCode": [], "clueMessage": [], "notShown": None,
    }
    return base | fields


def entry(id: str, category: str, templates: list, causes: list, clauses: dict | None = None,
          traceback: tuple[str, ...] = (), alone: tuple[str, ...] = ()) -> dict:
    return {
        "id": id, "category": category, "categories": [category], "summary": templates[0][1],
        "templates": templates, "clauses": clauses or {}, "causes": causes, "traceback": list(traceback),
        "alone": list(alone),
    }


def template(text: str, releases: str = "2.13.0", recorded: bool | None = None) -> list:
    shape = grammar.template(text)
    row = [shape, grammar.first_sentence(shape), releases]
    return row if recorded is None else [*row, recorded]


@pytest.fixture
def data() -> dict:
    return {
        "language": "en", "words": {}, "naming": {},
        "placeholders": grammar.PLACEHOLDERS, "backwardSuffix": grammar.BACKWARD_SUFFIX,
        "entries": [
            entry("inplace", "RuntimeError", [template(INPLACE.replace("<node>", "ReluBackward0"))], [
                cause("optimizer", clueLeaf=True, seen=1, forms={"n tensor": 1}),
                cause("relu", clueNodes=["Relu"], seen=2),
                cause("sigmoid", nodes=["Sigmoid"], seen=3),
                cause("augmented", clueCode=[r"\+="], seen=4),
            ], clauses={"output": "which is output <n> of <node>"}),
            entry("derivative", "NotImplementedError",
                  [template("the derivative for '_unique2' is not implemented."),
                   template("the derivative for 'foo' has not been implemented", "1.4 – 1.7", recorded=False)], [
                      cause("unique", clueMessage=["'_unique2'", "'unique_dim'"], seen=9),
                      cause("index", clueMessage=["'index'"], seen=1),
                      cause("general", seen=0),
                  ]),
            # the same words in two categories: only the category tells them apart
            entry("warned", "UserWarning", [template("element 0 of tensors does not require grad")], [cause("w")]),
            entry("raised", "RuntimeError", [template("element 0 of tensors does not require grad")], [cause("r")]),
        ],
    }


def traceback(message: str, *frames: str) -> str:
    lines = ["Traceback (most recent call last):"]
    for i, source in enumerate(frames or ("loss.backward()",)):
        lines += [f'  File "train.py", line {10 + i}, in <module>', f"    {source}"]
    return "\n".join([*lines, message, ""])


def mechanisms(reading: dict) -> list[str]:
    return [c["mechanism"] for c in reading["causes"]]


# Finding the message in a paste


@pytest.mark.parametrize("paste, expected", [
    (traceback("RuntimeError: first\n  indented row\ngoes on"), ("RuntimeError", "first\ngoes on")),
    ("[rank0]: Traceback (most recent call last):\n[rank0]: ValueError: ranked", ("ValueError", "ranked")),
    ("> RuntimeError: quoted on a forum", ("RuntimeError", "quoted on a forum")),
    ("`RuntimeError: in backticks`", ("RuntimeError", "in backticks")),
    ("E       RuntimeError: from pytest", ("RuntimeError", "from pytest")),
    (">>> y.backward()\nRuntimeError: after a prompt", ("RuntimeError", "after a prompt")),
    ("train.py:3: UserWarning: warned\n  x.grad", ("UserWarning", "warned")),
    ("no category at all\n  indented", (None, "no category at all")),
    # a warning torch's C++ code logs itself, as 1.13 and 2.4 print it; it ends at its function
    ("[W reducer.cpp:1400] Warning: find_unused... (function operator())\nstep 0: loss 1.1",
     ("Warning", "find_unused... (function operator())")),
    ("[rank0]:[W1126 22:48:49.568080379 reducer.cpp:1400] Warning: it spans\ntwo lines (function operator())\nstep 0",
     ("Warning", "it spans\ntwo lines (function operator())")),
    # a thread that lost a newline glues the message to the frame's source line above it
    ('  File "torch/autograd/__init__.py", line 200, in backward\n'
     "    run_backward(  # Calls into the C++ engine to run the backward passRuntimeError: glued on",
     ("RuntimeError", "glued on")),
    # a forum's formatting may put spaces before the colon
    ("RuntimeError    : spaced out", ("RuntimeError", "spaced out")),
    # ... and glue a message without its exception's name to the backward frame's comment
    ("    Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"
     "Expected to mark a variable ready only once.", (None, "Expected to mark a variable ready only once.")),
    # a message quoted in a sentence ends at its closing backtick
    ("I get `ValueError: can't optimize a non-leaf Tensor`, any idea?",
     ("ValueError", "can't optimize a non-leaf Tensor")),
    ("then it says torch.OutOfMemoryError: out of memory", ("OutOfMemoryError", "out of memory")),
    # torch's C++ stack under a message is not the message
    ("RuntimeError: reduction\nException raised from prepare_for_forward at reducer.cpp:1310 (most recent call "
     "first):\nframe #0: c10::Error::Error(c10::SourceLocation) + 0x57", ("RuntimeError", "reduction")),
])
def test_the_message_of_a_paste(paste, expected):
    first = call("pastedMessages", paste)[0]
    assert (first["category"], first["message"]) == expected


def test_only_the_start_of_a_very_long_message_is_read():
    """DDP may follow its message with thousands of parameter names: the reading keeps the
    start, which tells messages apart, and the paste is still answered."""
    names = " ".join(f"module.layer{i}.weight" for i in range(5000))
    [found] = call("pastedMessages", f"RuntimeError: Expected to have finished reduction. Parameters: {names}")
    assert found["message"].startswith("Expected to have finished reduction") and len(found["message"]) <= 4000


def test_the_last_uncaught_error_comes_first_then_nested_ones_then_warnings():
    paste = (
        "w.py:1: UserWarning: a warning\n  source\n"
        "Traceback (most recent call last):\n"
        "  File \"launch.py\", line 3, in run\n"
        "    Traceback (most recent call last):\n"
        "      File \"worker.py\", line 9, in step\n"
        "    RuntimeError: the worker's error\n"
        "\nDuring handling of the above exception, another exception occurred:\n\n"
        "TypeError: first uncaught\n\n"
        "torch._dynamo.exc.TorchRuntimeError: Failed running call: got RuntimeError(\"vmap: it says \\\"this\\\"\")\n"
    )
    found = [(m["category"], m["message"]) for m in call("pastedMessages", paste)]
    assert found == [
        ("TorchRuntimeError", 'Failed running call: got RuntimeError("vmap: it says \\"this\\"")'),
        ("TypeError", "first uncaught"),
        ("RuntimeError", "the worker's error"),
        ("RuntimeError", 'vmap: it says "this"'),
        ("UserWarning", "a warning"),
    ]


def test_a_message_a_wrapper_reports_under_its_own_is_read_on_its_own():
    paste = ("RuntimeError: Failed to import transformers.trainer because of the following error (look up to "
             "see its traceback):\ncannot import name 'LRScheduler' from 'torch.optim.lr_scheduler'\n")
    found = [(m["category"], m["message"]) for m in call("pastedMessages", paste)]
    assert found[1] == (None, "cannot import name 'LRScheduler' from 'torch.optim.lr_scheduler'")


def test_the_readers_code_in_a_traceback_and_beside_it():
    paste = (
        "out = model(x)\n"
        "loss += penalty\n"
        "some prose the reader wrote.\n"
        + traceback(f"RuntimeError: {INPLACE}", "optimizer.step()")
        + '  File "/usr/lib/python3/site-packages/torch/_tensor.py", line 5, in backward\n'
        "    torch.autograd.backward(self)\n"
    )
    code = call("pastedCode", paste)
    assert {"text": "optimizer.step()", "traceback": True} in code
    assert {"text": 'File "train.py", line 10, in <module>', "traceback": True} in code
    assert {"text": "out = model(x)", "traceback": False} in code
    assert {"text": "loss += penalty", "traceback": False} in code
    assert not any("torch.autograd.backward" in c["text"] or "prose" in c["text"] for c in code)


def test_a_notebook_traceback_marks_the_line_that_ran():
    paste = "Cell In[7], line 3\n      1 out = model(x)\n----> 3 loss.backward()\n\nRuntimeError: x"
    assert {"text": "loss.backward()", "traceback": True} in call("pastedCode", paste)


# The match score


def test_each_term_of_the_likeness():
    words = call("words", "a b c d")
    same = {"words": words, "head": words}
    assert call("likeness", words, same) == pytest.approx(1)
    # extra words in the message: only the share of the message the template explains drops
    assert call("likeness", call("words", "a b c d e f g h"), same) == pytest.approx(0.35 * 4 / 8 + 0.65)
    # half of the template's first sentence: the head term, and the share of the template
    half = {"words": words, "head": call("words", "a b x y")}
    assert call("likeness", words, half) == pytest.approx(0.35 + 0.35 * 2 / 4 + 0.3)
    # the same words in another order: the leading words differ
    assert call("likeness", call("words", "b a c d"), same) == pytest.approx(0.35 * 3 / 4 + 0.35 * 3 / 4 + 0.1 * 3 / 4)
    # a template longer than the message: only its share of the template drops
    longer = call("words", "a b c d e f g h")
    assert call("likeness", words, {"words": longer, "head": words}) == pytest.approx(0.7 + 0.2 * 4 / 6 + 0.1 * 4 / 8)


def test_the_category_tells_apart_the_same_words(data):
    raised, warned = read(data, ["RuntimeError: element 0 of tensors does not require grad",
                                 "x.py:1: UserWarning: element 0 of tensors does not require grad"])
    assert (raised["entry"], warned["entry"]) == ("raised", "warned")


def test_a_message_far_from_every_template_is_not_known(data):
    reading, = read(data, ["RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB"])
    assert reading["entry"] is None and reading["causes"] == []


def test_a_known_message_nested_in_an_unknown_one_is_found(data):
    paste = ('torch._dynamo.exc.Unsupported: call_function failed: got NotImplementedError('
             '"the derivative for \'_unique2\' is not implemented.")')
    reading, = read(data, [paste])
    assert reading["entry"] == "derivative" and reading["message"].startswith("the derivative")


def test_a_warning_glued_to_an_errors_line_is_read_apart_and_the_error_answered(data):
    """A thread that lost a newline glues anomaly mode's warning to the end of the in-place
    error's line; the error is what the reader asks about, even where the warning's own entry
    reads more like its part of the line."""
    data = with_entries(data, entry("anomaly", "UserWarning", [template("Error detected in MulBackward0.")],
                                     [cause("anomaly")]))
    glued = (f"RuntimeError: {INPLACE.replace('<node>', 'ReluBackward0')}. Good luck!"
             "/usr/lib/python3/site-packages/torch/autograd/__init__.py:175: UserWarning: "
             "Error detected in MulBackward0.")
    found = [(m["category"], m["message"].split(".")[0]) for m in call("pastedMessages", glued)]
    assert found == [("RuntimeError", INPLACE.split(":")[0] + ": [torch"),
                     ("UserWarning", "Error detected in MulBackward0")]
    reading, = read(data, [glued])
    assert reading["entry"] == "inplace"


def test_an_error_line_cut_to_nothing_is_read_from_the_raise_line_above_it(data):
    paste = traceback('KeyError: "', "loss.backward()",
                      'raise RuntimeError("element 0 of tensors does not require grad "')
    assert ("RuntimeError", "element 0 of tensors does not require grad") in [
        (m["category"], m["message"]) for m in call("pastedMessages", paste)]
    reading, = read(data, [paste])
    assert reading["entry"] == "raised"


@pytest.mark.parametrize("paste", [
    "Hello, I train a small network on my own data, and when I call backward it tells me that one of the "
    "variables needed for gradient computation has been modified by an inplace operation, and I cannot find "
    "which line of my code does it. Could you help?",
    "RuntimeError: worker 3 of 8 stopped at step 1200 of epoch 7 after 3 retries: one of the variables needed "
    "for gradient computation has been modified by an inplace",
])
def test_a_message_that_begins_inside_a_line_is_read_from_where_it_begins(data, paste):
    """Six words in a row that begin a known message, after a sentence's words or whatever a
    line carried before it: the message is read from there."""
    reading, = read(data, [paste])
    assert reading["entry"] == "inplace"


def test_a_warning_alone_is_still_answered(data):
    data = with_entries(data, entry("anomaly", "UserWarning", [template("Error detected in MulBackward0.")],
                                     [cause("anomaly")]))
    reading, = read(data, ["RuntimeError: CUDA out of memory.\nx.py:3: UserWarning: Error detected in MulBackward0."])
    assert reading["entry"] == "anomaly"


@pytest.mark.parametrize("paste", [
    "I fine-tune with torch.unique in the loss and get error:\n the derivative for '_unique2' is not implemented.\n",
    "training with torch.unique in the loss stops with \"the derivative for '_unique2' is not implemented\", why?",
    "when I train with torch.unique in the loss, got an error: the derivative for '_unique2' is not implemented",
    "training with torch.unique in the loss stops with `the derivative for '_unique2' is not implemented`, why?",
    "training with torch.unique in the loss stops with \u2018the derivative for '_unique2' is not implemented\u2019",
    "I train with torch.unique in the loss and it stops:\n```\nthe derivative for '_unique2' is not implemented.\n```\n"
    "It worked with another loss function. Any idea?",
])
def test_a_message_a_sentence_quotes_without_its_category_is_read(data, paste):
    reading, = read(data, [paste])
    assert reading["entry"] == "derivative" and reading["message"].startswith("the derivative for")


CUDNN = "cudnn RNN backward can only be called in training mode"


@pytest.mark.parametrize("paste", [
    f"Integrated gradients over my trained LSTM fails with the error '{CUDNN}' on the GPU, while the same "
    "attribution runs on the CPU. How can I keep it on the GPU?",
    f"It works on the CPU. On the GPU the attribution raises the same RuntimeError {CUDNN}. What is wrong?",
])
def test_a_message_in_plain_single_quotes_or_after_its_exceptions_name_is_read(data, paste):
    data = with_entries(data, entry("cudnn", "RuntimeError", [template(CUDNN)], [cause("eval")]))
    reading, = read(data, [paste])
    assert reading["entry"] == "cudnn" and reading["message"] == CUDNN


def test_apostrophes_do_not_quote_a_message():
    """Between "doesn't" and "models'" is no message, however many words lie there."""
    sentence = "the loss doesn't go down and the weights of both models' heads stay the same"
    assert [m["message"] for m in call("pastedMessages", sentence)] == [sentence]


REDUCTION = ("Expected to have finished reduction in the prior iteration before starting a new one. This error "
             "indicates that your module has parameters that were not used in producing loss. You can enable unused "
             "parameter detection.")


def test_a_later_sentence_of_a_message_quoted_alone_is_read_if_it_says_enough(data):
    """A reader may quote a long message's middle: a sentence of eight words or more is read as
    the message; a short one ("You can enable unused parameter detection.") says too little."""
    data = with_entries(data, entry("reduction", "RuntimeError", [template(REDUCTION)], [cause("unused")]))
    middle, short = read(data, [
        'DDP training raises "This error indicates that your module has parameters that were not used in producing '
        'loss" because the head is never used',
        "You can enable unused parameter detection.",
    ])
    assert (middle["entry"], short["entry"]) == ("reduction", None)


def test_a_warning_without_its_file_is_still_a_warning(data):
    """A reader who quotes an error and then a warning, each alone on its line, asks about the error."""
    reading, = read(data, ["RuntimeError: the derivative for '_unique2' is not implemented.\n"
                           "UserWarning: element 0 of tensors does not require grad"])
    assert reading["entry"] == "derivative"


def test_code_in_backticks_is_not_a_message(data):
    """A code span names a function; a message in backticks is a sentence."""
    data = with_entries(data, entry("autocast", "FutureWarning", [
        template("`torch.cuda.amp.autocast(args...)` is deprecated. "
                 "Please use `torch.amp.autocast(\"cuda\", args...)` instead.")], [cause("old-api")]))
    code, message = read(data, ["my loss is nan inside `torch.cuda.amp.autocast(args...)`, why?",
                                "it prints `torch.cuda.amp.autocast(args...) is deprecated` every step, why?"])
    assert (code["entry"], message["entry"]) == (None, "autocast")


def test_of_two_messages_on_lines_of_their_own_the_last_is_answered(data):
    inplace = INPLACE.replace("<node>", "ReluBackward0")
    unique = "the derivative for '_unique2' is not implemented"
    first, last = read(data, [f"The first run printed\n{unique}\nthen\n{inplace}\n",
                              f"The first run printed\n{inplace}\nthen\n{unique}\n"])
    assert (first["entry"], last["entry"]) == ("inplace", "derivative")


def test_a_message_that_quotes_another_name_is_another_message(data):
    """The scheduler's entry is about its 'verbose' argument: another class refusing another
    keyword is not it, though every other word is the same."""
    data = with_entries(data, entry("verbose", "TypeError", [
        template("<class>.__init__() got an unexpected keyword argument 'verbose'")], [cause("removed")]))
    same, other = read(data, ["TypeError: StepLR.__init__() got an unexpected keyword argument 'verbose'",
                              "TypeError: LoraConfig.__init__() got an unexpected keyword argument 'enable_lora'"])
    assert (same["entry"], other["entry"]) == ("verbose", None)


def test_a_message_that_quotes_one_of_the_wordings_names_may_differ_in_another(data):
    """An operand's type varies ('float' where the wording has 'Tensor'); the 'NoneType' it
    quotes too is the message's."""
    data = with_entries(data, entry("operand", "TypeError", [
        template("unsupported operand type(s) for *: 'NoneType' and 'Tensor'")], [cause("none-grad")]))
    reading, = read(data, ["TypeError: unsupported operand type(s) for *=: 'NoneType' and 'float'"])
    assert reading["entry"] == "operand"


def test_a_failed_assertion_is_named_by_its_condition(data):
    """Two internal assertions share every word but the condition: a paste of another
    condition is another message, the same condition with another path is this one."""
    at = (" INTERNAL ASSERT FAILED at \"/pytorch/torch/csrc/distributed/c10d/reducer.cpp\":{}, "
          "please report a bug to PyTorch.")
    marked = template("has_marked_unused_parameters_" + at.format(290))
    data = with_entries(data, entry("marked", "RuntimeError", [marked], [cause("twice")]))
    other, same = read(data, ["RuntimeError: expect_autograd_hooks_" + at.format(1203),
                              "RuntimeError: has_marked_unused_parameters_" + at.format(327)])
    assert other["entry"] is None and same["entry"] == "marked"


def test_a_condition_with_spaces_is_a_condition_too(data):
    """A condition such as `tensors.size() > 0` is told from another assertion's as a
    one-word condition is."""
    at = " INTERNAL ASSERT FAILED at \"../torch/csrc/distributed/c10d/reducer.cpp\":{}, please report a bug to PyTorch."
    data = with_entries(data, entry("hooks", "RuntimeError", [template("expect_autograd_hooks_" + at.format(1203))],
                                    [cause("no-hooks")]))
    other, = read(data, ["RuntimeError: tensors.size() > 0" + at.format(672)])
    assert other["entry"] is None


def test_a_replicas_error_is_about_the_exception_it_caught(data):
    """nn.DataParallel words every error a replica raised alike but for the exception's name: a
    replica's RuntimeError is not the entry of its StopIteration."""
    data = with_entries(data, entry("replica-stop", "StopIteration", [
        template("Caught StopIteration in replica <n> on device <n>.")], [cause("parameters-in-replica")]))
    same, other = read(data, ["StopIteration: Caught StopIteration in replica 1 on device 1.",
                              "RuntimeError: Caught RuntimeError in replica 0 on device 0."])
    assert (same["entry"], other["entry"]) == ("replica-stop", None)


def test_an_attribute_error_is_about_its_attribute(data):
    """Both quote the class; the attribute each misses is what each is about."""
    data = with_entries(data, entry("last-lr", "AttributeError", [
        template("'ReduceLROnPlateau' object has no attribute '_last_lr'")], [cause("plateau")]))
    same, other = read(data, ["AttributeError: 'ReduceLROnPlateau' object has no attribute '_last_lr'",
                              "AttributeError: 'ReduceLROnPlateau' object has no attribute 'get_lr'"])
    assert (same["entry"], other["entry"]) == ("last-lr", None)


def test_an_object_is_about_what_it_is_not(data):
    """Both quote 'NoneType'; what the object is not (iterable, subscriptable) is what each
    message is about."""
    data = with_entries(data, entry("subscript", "TypeError", [template("'NoneType' object is not subscriptable")],
                                    [cause("none-returned")]))
    same, other = read(data, ["TypeError: 'NoneType' object is not subscriptable",
                              "TypeError: 'NoneType' object is not iterable"])
    assert (same["entry"], other["entry"]) == ("subscript", None)


def test_a_part_alone_is_the_message_only_when_it_reads_clearly_like_it(data):
    """A later sentence of a message, pasted alone, finds it; another library's warning that
    shares only its deprecation boilerplate does not."""
    data = with_entries(data, entry("kernel", "UserWarning", [template(
        "aten::foo: an autograd kernel was not registered to the Autograd key(s) but we are trying to "
        "backprop through it. This may lead to silently incorrect behavior. This behavior is deprecated "
        "and will be removed in a future version of PyTorch. If your operator is differentiable, please "
        "ensure you have registered an autograd kernel to the correct Autograd key.")], [cause("no-kernel")]))
    same, other = read(data, [
        "This behavior is deprecated and will be removed in a future version of PyTorch. If your operator is "
        "differentiable, please ensure you have registered an autograd kernel to the correct Autograd key.",
        "This implementation of AdamW is deprecated and will be removed in a future version. Use the PyTorch"])
    assert (same["entry"], other["entry"]) == ("kernel", None)


def test_a_missing_kernel_is_about_its_kernel(data):
    """Two kernels that lack the same dtype are two messages: the dtype they share is not
    what either is about."""
    data = with_entries(data, entry("unscale", "RuntimeError", [
        template("\"_amp_foreach_non_finite_check_and_unscale_cuda\" not implemented for 'BFloat16'")],
        [cause("bf16-scaler")]))
    other, = read(data, ["RuntimeError: \"max_all_cuda\" not implemented for 'BFloat16'"])
    assert other["entry"] is None


def test_what_a_notebook_source_line_quotes_is_code(data):
    """A message that lives in a library's source, shown in a notebook's traceback, is not
    what the reader was told."""
    data = with_entries(data, entry("anomaly", "UserWarning", [
        template("Anomaly Detection has been enabled. This mode will increase the runtime and should only "
                 "be enabled for debugging.")], [cause("left-on")]))
    paste = ("compiling vmap with a reduction fails\n"
             "File /env/lib/python3.11/site-packages/torch/_functorch/aot_autograd.py:3496, in functional_call(*args)\n"
             "   3492         warnings.filterwarnings(\n"
             "   3493             \"ignore\", \"Anomaly Detection has been enabled.\"\n"
             "   3494         )\n"
             "-> 3496     out = Interpreter(mod).run(*args)\n")
    reading, = read(data, [paste])
    assert reading["entry"] != "anomaly"


def test_a_notebook_source_line_that_raises_quotes_the_message(data):
    """A paste cut before its error line still holds the message in the line that raises it."""
    data = with_entries(data, entry("tensors-only", "TypeError", [
        template("optimizer can only optimize Tensors, but one of the params is <type>")], [cause("numbers")]))
    paste = ("TypeError                                 Traceback (most recent call last)\n"
             "/env/lib/python3.6/site-packages/torch/optim/optimizer.py in add_param_group(self, param_group)\n"
             "    202             if not isinstance(param, torch.Tensor):\n"
             "    203                 raise TypeError(\"optimizer can only optimize Tensors, \"\n"
             "--> 204                                 \"but one of the params is \" +\n")
    reading, = read(data, [paste])
    assert reading["entry"] == "tensors-only"


def test_a_warnings_tab_indented_lines_are_its_own(data):
    """A warning runs to its source line, which Python indents with spaces; the signatures
    PyTorch's overload warning indents with a tab are part of the message."""
    paste = ("optim.py:25: UserWarning: This overload of add_ is deprecated:\n"
             "\tadd_(Number alpha, Tensor other)\n"
             "Consider using one of the following signatures instead:\n"
             "\tadd_(Tensor other, *, Number alpha)\n"
             "  exp_avg.mul_(beta1).add_(1 - beta1, grad)\n")
    first = call("pastedMessages", paste)[0]
    assert first["message"] == ("This overload of add_ is deprecated:\n\tadd_(Number alpha, Tensor other)\n"
                                "Consider using one of the following signatures instead:\n"
                                "\tadd_(Tensor other, *, Number alpha)")


def with_entries(data: dict, *added: dict) -> dict:
    data = copy.deepcopy(data)
    data["entries"] += added
    return data


SIZES = "RuntimeError: The size of tensor a (10) must match the size of tensor b (5) at non-singleton dimension 0"


def test_a_message_many_operations_raise_is_an_entry_only_in_its_traceback(data):
    """An entry with `traceback` patterns (the optimizer's step here) answers a paste only
    where a frame or source line of its traceback matches one; the same message raised by a
    loss, or pasted without a traceback, is not one the guide knows."""
    data = with_entries(data, entry("sizes", "RuntimeError", [template(SIZES.split(": ", 1)[1])],
                                    [cause("resumed")], traceback=[r"torch[\\/]optim[\\/]"]))
    in_step = traceback(SIZES, "optimizer.step()").replace(
        SIZES, '  File "/env/lib/torch/optim/adam.py", line 166, in step\n    adam(\n' + SIZES)
    stepped, in_loss, alone = read(data, [in_step, traceback(SIZES, "loss = mse(out, y)"), SIZES])
    assert stepped["entry"] == "sizes"
    assert in_loss["entry"] is None and alone["entry"] is None


COMPARED = "TypeError: '<=' not supported between instances of 'float' and 'str'"


def test_a_message_an_entry_answers_alone_needs_no_traceback_but_obeys_one(data):
    """An entry with `traceback` patterns and `alone` patterns of its message answers that
    message pasted with no traceback at all (the line alone, or beside the reader's prose), but
    not another wording of the same template pasted alone, and not the same message under a
    traceback that passes none of its patterns (a plain frame or a notebook's)."""
    data = with_entries(data, entry("compared", "TypeError", [template(COMPARED.split(": ", 1)[1])],
                                    [cause("as-text")], traceback=[r"torch[\\/]optim[\\/]"],
                                    alone=[r"^'<=' not supported between instances of 'float' and 'str'"]))
    other = COMPARED.replace("'float' and 'str'", "'int' and 'NoneType'")
    in_init = traceback(COMPARED, "opt = Adam(params, lr=cfg['lr'])").replace(
        COMPARED, '  File "/env/lib/torch/optim/adam.py", line 58, in __init__\n    if not 0.0 <= lr:\n' + COMPARED)
    readings = read(data, [
        COMPARED, f"I get this when training starts:\n\n{COMPARED}\n", other, in_init,
        traceback(COMPARED, "if score <= threshold:"),
        f"Cell In[3], line 4\n----> 4 keep = [s for s in scores if s <= cutoff]\n\n{COMPARED}",
    ])
    assert [r and r["entry"] for r in readings] == ["compared", "compared", None, "compared", None, None]


TIP = "Tip: To see a more detailed error message, pass debug=True to checkpoint(...)."


def test_a_tail_pasted_without_its_message_lands_on_the_entry_more_reports_show(data):
    """A paste with no error line may be only what a message says after a blank line (the
    checkpoint tip); of two entries whose messages end with it, the one more reports show."""
    data = with_entries(
        data,
        entry("fewer", "CheckpointError", [template(f"A different number of tensors was saved.\n\n{TIP}")],
              [cause("count", seen=1)]),
        entry("more", "CheckpointError", [template(f"Recomputed values have different metadata.\n\n{TIP}")],
              [cause("metadata", seen=5)]),
    )
    reading, = read(data, [TIP])
    assert reading["entry"] == "more"


def test_on_a_tie_the_entry_about_the_pasted_name_then_a_recorded_wording_wins(data):
    """Once names are placeholders, "derivative for <op> is not implemented" is one template in
    two entries: the one whose cause names the pasted op wins, else the one a release prints."""
    node = entry("node", "RuntimeError", [template("derivative for aten::_ctc_loss_backward is not implemented")],
                 [cause("double-backward", seen=1)])
    derivative = next(e for e in data["entries"] if e["id"] == "derivative")
    derivative["templates"].append(template("derivative for _unique2 is not implemented", "1.1 – 1.7", recorded=False))
    derivative["categories"].append("RuntimeError")
    derivative["causes"][0]["clueMessage"].append(r"\b_unique2\b")
    # each rule has to overturn the order of the entries
    node_first = {**data, "entries": [node, *data["entries"]]}
    named, = read(node_first, ["RuntimeError: derivative for _unique2 is not implemented"])
    other, = read(with_entries(data, node), ["RuntimeError: derivative for aten::im2col_backward is not implemented"])
    assert (named["entry"], other["entry"]) == ("derivative", "node")


def test_a_missing_attribute_of_none_is_one_message_and_of_another_object_is_not(data):
    """The attribute is a placeholder of None's message; another object's missing attribute
    (a scheduler's `get_last_lr`) is another message the guide does not know."""
    data = with_entries(data, entry("none-attr", "AttributeError",
                                    [template("'NoneType' object has no attribute 'norm'")], [cause("grad-none")]))
    none, other = read(data, ["AttributeError: 'NoneType' object has no attribute 'data'",
                              "AttributeError: 'ReduceLROnPlateau' object has no attribute 'get_last_lr'"])
    assert (none["entry"], other["entry"]) == ("none-attr", None)


def test_a_wording_only_the_source_has_is_said_to_be_one(data):
    recorded, source = read(data, ["NotImplementedError: the derivative for '_unique2' is not implemented.",
                                   "NotImplementedError: the derivative for 'foo' has not been implemented"])
    assert (recorded["worded"], source["worded"]) == ("worded_one", "worded_source")
    assert source["releases"] == "1.4 – 1.7"


def test_a_training_librarys_message_is_said_to_be_that_librarys(data):
    """An [unrecorded] entry with `library` (Lightning's rewording of a DDP error) gives its row a
    fifth item: the answer says the library words it, in the library's releases, not PyTorch."""
    text = ("It looks like your LightningModule has parameters that were not used in producing the loss "
            "returned by training_step. If this is intentional, you must enable the detection of unused "
            "parameters in DDP.")
    data = with_entries(data, entry("lightning", "RuntimeError", [[*template(text, "2.0 – 2.6", False), "Lightning"]],
                                    [cause("unused")]))
    [found] = read(data, [f"[rank0]: RuntimeError: {text}"])
    assert (found["entry"], found["worded"], found["releases"], found["library"]) == (
        "lightning", "worded_library", "2.0 – 2.6", "Lightning")


# Ranking the causes


def test_causes_no_clue_separates_are_close_and_a_clue_separates_them(data):
    """The card shows what tells causes apart (their `tell`) where the paste cannot: the
    causes no clue of the paste puts below the first are `close`, with the first."""
    bare, = read(data, [traceback("RuntimeError: " + INPLACE.replace("<node>", "MulBackward0"))])
    assert [c["close"] for c in bare["causes"]] == [True, True, True, True]
    clued, = read(data, [traceback("RuntimeError: " + INPLACE.replace("<node>", "MulBackward0"), "h += 1")])
    assert mechanisms(clued)[0] == "augmented" and not any(c["close"] for c in clued["causes"])


def test_a_leaf_ranks_the_leaf_cause_first(data):
    paste = traceback("RuntimeError: " + INPLACE.replace(", which is output 0 of <node>", ""))
    reading, = read(data, [paste])
    assert mechanisms(reading)[0] == "optimizer" and ["leaf"] in reading["causes"][0]["clues"]


def test_the_node_a_cause_is_known_by_ranks_it_first(data):
    reading, = read(data, [traceback("RuntimeError: " + INPLACE.replace("<node>", "ReluBackward0"))])
    assert mechanisms(reading)[0] == "relu"


def test_a_node_the_causes_snippets_print_ranks_it_first(data):
    reading, = read(data, [traceback("RuntimeError: " + INPLACE.replace("<node>", "SigmoidBackward0"))])
    assert mechanisms(reading)[0] == "sigmoid"


def test_a_line_of_the_traceback_ranks_its_cause_first(data):
    paste = traceback("RuntimeError: " + INPLACE.replace("<node>", "MulBackward0"), "h += x")
    reading, = read(data, [paste])
    assert mechanisms(reading)[0] == "augmented" and reading["causes"][0]["clues"] == [["code", "h += x"]]


def test_a_line_of_code_pasted_with_the_error_ranks_its_cause_first(data):
    paste = "h = layer(x)\nh += x\n\n" + traceback("RuntimeError: " + INPLACE.replace("<node>", "MulBackward0"))
    reading, = read(data, [paste])
    assert mechanisms(reading)[0] == "augmented" and reading["causes"][0]["clues"] == [["pasted_code", "h += x"]]


def test_the_shape_of_the_message_ranks_causes_whose_messages_have_it(data):
    shaped = copy.deepcopy(data)
    for c in shaped["entries"][0]["causes"]:
        c["clueLeaf"] = False  # the leaf clue aside, only the message's shape is left
    reading, = read(shaped, [traceback("RuntimeError: " + INPLACE.replace(", which is output 0 of <node>", ""))])
    assert mechanisms(reading)[0] == "optimizer"


def test_what_a_causes_messages_say_ranks_it(data):
    said = copy.deepcopy(data)
    said["entries"][0]["causes"][1]["openings"] = ["is at version <n>"]
    reading, = read(said, [traceback("RuntimeError: " + INPLACE.replace("<node>", "MulBackward0"))])
    assert mechanisms(reading)[0] == "relu"


def test_with_no_clue_the_cause_seen_most_comes_first(data):
    reading, = read(data, [traceback("RuntimeError: " + INPLACE.replace("<node>", "MulBackward0"))])
    assert mechanisms(reading) == ["augmented", "sigmoid", "relu", "optimizer"]


def test_with_no_clue_the_cause_labelled_most_comes_before_the_one_seen_most(data):
    """How often real pastes of the message turned out to have a cause ranks it above the count
    of reports: those count what threads were cited, the labels what readers had."""
    labelled = copy.deepcopy(data)
    labelled["entries"][0]["causes"][2]["labelled"] = 3  # sigmoid, seen 3 of the reports
    labelled["entries"][0]["causes"][1]["labelled"] = 1  # relu, seen 2
    reading, = read(labelled, [traceback("RuntimeError: " + INPLACE.replace("<node>", "MulBackward0"))])
    assert mechanisms(reading) == ["sigmoid", "relu", "augmented", "optimizer"]


def test_the_operator_a_message_names_picks_the_causes_about_it(data):
    pastes = [f"NotImplementedError: the derivative for '{op}' is not implemented."
              for op in ("index", "_unique2", "foo")]
    index, unique, other = read(data, pastes)
    assert mechanisms(index)[0] == "index" and index["causes"][0]["clues"] == [["message", "'index'"]]
    assert mechanisms(unique)[0] == "unique"
    # no cause is about `foo`: the causes about other operators do not fit and come last
    assert mechanisms(other) == ["general", "unique", "index"]
    assert [c["fits"] for c in other["causes"]] == [True, False, False]


def test_a_message_of_a_word_or_two_is_read_only_where_the_paste_names_its_exception(data):
    """KeyError: 'lr' is one word once its category is gone; a line of code that begins with
    `lr` is not that message, the word alone is."""
    data = with_entries(data, entry("lr", "KeyError", [template("'lr'")], [cause("wrapper")]))
    code = "lr = torch.tensor(0.001)\nscheduler = OneCycleLR(optimizer, max_lr=lr, total_steps=10)"
    named = "KeyError: 'lr'"
    without, with_name, alone = read(data, [code, named, "'lr'"])
    assert (without or {}).get("entry") != "lr" and with_name["entry"] == alone["entry"] == "lr"


def test_a_check_of_two_tensors_types_is_not_the_check_of_their_devices(data):
    device = ("Expected tensor for argument #1 'input' to have the same device as tensor for argument #2 'weight'; "
              "but device 1 does not equal 0 (while checking arguments for cudnn_convolution)")
    data = with_entries(data, entry("device", "RuntimeError", [template(device)], [cause("two-gpus")]))
    typed = ("RuntimeError: Expected tensor for argument #1 'grad_output' to have the same type as tensor for "
             "argument #2 'weight'; but type torch.cuda.HalfTensor does not equal torch.cuda.FloatTensor (while "
             "checking arguments for cudnn_convolution_backward_input)")
    same_check, other_check = read(data, [f"RuntimeError: {device}", typed])
    assert same_check["entry"] == "device" and (other_check or {}).get("entry") != "device"
