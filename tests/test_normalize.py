"""What normalisation rewrites, and that it leaves the rest alone."""

from pathlib import Path

from fieldguide.normalize import keep_snippet_frames, normalize

ROOT = Path("/checkout/of/guide")


def test_paths_addresses_and_engine_frames():
    raw = (
        "/checkout/of/guide/.venv/lib/python3.11/site-packages/torch/autograd/graph.py:9: UserWarning: x\n"
        "  File \"fieldguide/forkserver.py\", line 174, in run_child\n"
        "    exec(code, module_globals)\n"
        "    ^^^^\n"
        "  File \"/another/checkout/fieldguide/forkserver.py\", line 301, in execute\n"
        "    exec(code, namespace)\n"
        "  File \"snippets/t/a.py\", line 3, in <module>\n"
        "    y = x * 2\n"
        "<MulBackward0 object at 0x7f3a2b1c0d90>\n"
        "see pull/30531. (Triggered internally at /__w/pytorch/build/aten/TensorBody.h:493.)\n"
    )
    assert normalize(raw, ROOT) == (
        "<torch source>: UserWarning: x\n"
        "  File \"snippets/t/a.py\", line 3, in <module>\n"
        "    y = x * 2\n"
        "<MulBackward0 object at 0x<address>>\n"
        "see pull/30531. (Triggered internally at <torch source>.)\n"
    )


def test_a_keyerror_naming_an_objects_id_loses_the_number():
    """id() is an address in decimal, new on every run; a small key is the snippet's own."""
    raw = "KeyError: 140413627951216\nKeyError: 3\nprint KeyError: 140413627951216 inline\n"
    assert normalize(raw, ROOT) == "KeyError: <id>\nKeyError: 3\nprint KeyError: 140413627951216 inline\n"


def test_warnings_raised_inside_torch_lose_their_place_in_torch(tmp_path):
    """Two releases print the same warning from different lines (and files): the same text."""
    torch_dir = tmp_path / "env/lib/python3.11/site-packages/torch/autograd"
    torch_dir.mkdir(parents=True)
    (torch_dir / "graph.py").write_text("pass\n    return run_backward(  # the engine\n")
    (torch_dir / "__init__.py").write_text("\n\n\nrun_backward(\n")
    message = (
        "UserWarning: Error detected in PowBackward0. Traceback of forward call:\n"
        '  File "snippets/t/a.py", line 3, in <module>\n'
        "    y = x.pow(2)\n"
        " (Triggered internally at /build/engine.cpp:12.)\n"
    )
    own_frame = (  # torch 1.13 lists its own format_stack in the forward trace
        f'  File "{torch_dir.parent}/fx/traceback.py", line 57, in format_stack\n'
        "    return traceback.format_stack()\n"
    )
    newer = f"{torch_dir}/graph.py:2: {message}  return run_backward(  # the engine\nafter\n"
    with_own_frame = message.replace(" call:\n", " call:\n" + own_frame)
    older = f"{torch_dir}/__init__.py:4: {with_own_frame}  run_backward(\nafter\n"
    expected = (
        "<torch source>: " + message.replace("/build/engine.cpp:12", "<torch source>")
        + "  <torch source line>\nafter\n"
    )
    assert normalize(newer, ROOT) == normalize(older, ROOT) == expected
    snippet_warning = "snippets/t/a.py:2: UserWarning: kept\n  warnings.warn('kept')\n"
    assert normalize(snippet_warning, ROOT) == snippet_warning


def test_paths_in_the_checkout_become_relative():
    assert normalize("saved /checkout/of/guide/build/x.pt\n", ROOT) == "saved build/x.pt\n"


def test_ordinary_output_is_untouched():
    text = "tensor([1., 2.])\nversion 0x10 is short hex, kept\n"
    assert normalize(text, ROOT) == text


def test_tracebacks_keep_only_the_snippets_frames():
    raw = (
        "printed first\n"
        "Traceback (most recent call last):\n"
        '  File "snippets/t/a.py", line 4, in <module>\n'
        "    y.backward()\n"
        '  File "<site-packages>/torch/_tensor.py", line 625, in backward\n'
        "    torch.autograd.backward(\n"
        '  File "snippets/t/a.py", line 2, in helper\n'
        "    raise RuntimeError(\"boom\")\n"
        "    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        "RuntimeError: boom\n"
        '  File "<site-packages>/torch/x.py", line 1, in f  (not in a traceback: kept)\n'
    )
    assert keep_snippet_frames(raw, "snippets/t/a.py") == (
        "printed first\n"
        "Traceback (most recent call last):\n"
        '  File "snippets/t/a.py", line 4, in <module>\n'
        "    y.backward()\n"
        '  File "snippets/t/a.py", line 2, in helper\n'
        "    raise RuntimeError(\"boom\")\n"
        "    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        "RuntimeError: boom\n"
        '  File "<site-packages>/torch/x.py", line 1, in f  (not in a traceback: kept)\n'
    )


def test_the_interpreters_own_library_and_temporary_names_are_placeholders():
    """Where Python is installed differs between machines (/usr/lib, pyenv, a venv's base), as
    do temporary names; a package installed under that prefix is still <site-packages>."""
    import tempfile

    raw = (
        "/root/.pyenv/versions/3.11.7/lib/python3.11/contextlib.py:137: UserWarning: from the stdlib\r\n"
        'File "/usr/lib/python3.12/runpy.py", line 88\n'
        "/usr/lib/python3.11/site-packages/numpy/core.py\n"
        f"saved to {tempfile.gettempdir()}/tmpab_c1/model.pt, "
        f"then (in {tempfile.gettempdir()}/x.d) to {tempfile.gettempdir()}/y.pt.\n"
    )
    assert normalize(raw, ROOT) == (
        "<python-lib>/contextlib.py:137: UserWarning: from the stdlib\n"
        'File "<python-lib>/runpy.py", line 88\n'
        "<site-packages>/numpy/core.py\n"
        "saved to <tmp>, then (in <tmp>) to <tmp>.\n"
    )


def test_the_rank_prefix_of_a_process_groups_traceback_is_dropped(tmp_path):
    printed = "[rank0]: Traceback (most recent call last):\n[rank0]:   File \"x.py\", line 3, in <module>\n" \
              "[rank0]:     f()\n[rank0]: RuntimeError: boom\nloss 0.5 [rank0]: kept\n"
    assert normalize(printed, tmp_path) == (
        'Traceback (most recent call last):\n  File "x.py", line 3, in <module>\n    f()\n'
        "RuntimeError: boom\nloss 0.5 [rank0]: kept\n"
    )


def test_a_recursion_traceback_keeps_the_repeat_line_with_its_snippet_frame():
    """Python folds a recursion's identical frames into "[Previous line repeated N more times]":
    that line belongs to the frame above it, kept or dropped with it."""
    raw = (
        "Traceback (most recent call last):\n"
        '  File "snippets/t/a.py", line 3, in f\n'
        "    return f(x)\n"
        "  [Previous line repeated 996 more times]\n"
        '  File "<site-packages>/torch/x.py", line 9, in g\n'
        "    h()\n"
        "  [Previous line repeated 2 more times]\n"
        "RecursionError: maximum recursion depth exceeded\n"
    )
    assert keep_snippet_frames(raw, "snippets/t/a.py") == (
        "Traceback (most recent call last):\n"
        '  File "snippets/t/a.py", line 3, in f\n'
        "    return f(x)\n"
        "  [Previous line repeated 996 more times]\n"
        "RecursionError: maximum recursion depth exceeded\n"
    )


def test_a_warning_torchs_cpp_code_logs_loses_its_time_and_place(tmp_path):
    """c10's logger starts the line with the file:line (moving with every release) and from 2.4
    on with the date and time (new on every run); the rank before it and the message stay."""
    message = "Warning: find_unused_parameters=True was specified (function operator())\n"
    assert normalize("[W reducer.cpp:1298] " + message, tmp_path) == "[W <torch source>] " + message
    assert normalize("[rank0]:[W reducer.cpp:1389] " + message, tmp_path) == "[rank0]:[W <torch source>] " + message
    newer = ["[rank0]:[W1126 22:48:49.568080379 reducer.cpp:1400] ",
             "[rank0]:[W305 09:01:02.000000001 reducer.cpp:1545] "]
    assert {normalize(start + message, tmp_path) for start in newer} == {
        "[rank0]:[W<timestamp> <torch source>] " + message}
    with_thread = "[W1126 22:48:49.568080 4242 ProcessGroupGloo.cpp:77] " + message
    assert normalize(with_thread, tmp_path) == "[W<timestamp> <torch source>] " + message
    kept = "step 0 [W x.cpp:1] not at a line's start\n[Wait 1.cpp:2] not a log line\n"
    assert normalize(kept, tmp_path) == kept
