"""What normalisation rewrites, and that it leaves the rest alone."""

from pathlib import Path

from fieldguide.normalize import normalize

ROOT = Path("/checkout/of/guide")


def test_paths_addresses_and_engine_frames():
    raw = (
        "/checkout/of/guide/.venv/lib/python3.11/site-packages/torch/autograd/graph.py:9: UserWarning: x\n"
        "  File \"fieldguide/forkserver.py\", line 174, in run_child\n"
        "    exec(code, module_globals)\n"
        "    ^^^^\n"
        "  File \"snippets/t/a.py\", line 3, in <module>\n"
        "    y = x * 2\n"
        "<MulBackward0 object at 0x7f3a2b1c0d90>\n"
        "see pull/30531. (Triggered internally at /__w/pytorch/build/aten/TensorBody.h:493.)\n"
    )
    assert normalize(raw, ROOT) == (
        "<site-packages>/torch/autograd/graph.py:9: UserWarning: x\n"
        "  File \"snippets/t/a.py\", line 3, in <module>\n"
        "    y = x * 2\n"
        "<MulBackward0 object at 0x<address>>\n"
        "see pull/30531. (Triggered internally at <torch source>.)\n"
    )


def test_ordinary_output_is_untouched():
    text = "tensor([1., 2.])\nversion 0x10 is short hex, kept\n"
    assert normalize(text, ROOT) == text
