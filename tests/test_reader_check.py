"""The reader check on throwaway snippets: it agrees with the engine where a reader sees the
recording, and shows a diff where a reader sees something else. Snippets that import torch
first run forked from an interpreter that did only that; a difference is always a fresh run's."""

from __future__ import annotations

import sys
import textwrap

import pytest

from fieldguide.engine import Engine
from fieldguide.reader_check import STEP_IMPORTS, Zygotes, check_all, forked_from, reader_output
from fieldguide.snippet import Snippet
from fieldguide.store import OutputStore

VERSION = "2.13.0"
SNIPPETS = {
    # Output and warning interleaved, a file written, an error raised through library frames.
    "agrees": """
        # raises: JSONDecodeError
        import json, warnings
        print("before the warning")
        warnings.warn("careful")
        open("out.txt", "w").close()
        json.loads("{")
    """,
    "unseeded": """
        import random
        print(random.random())
    """,
    "unrecorded": """
        print("never recorded")
    """,
    # Forked: an error raised inside torch, printed after output, at the top level of __main__.
    "torch_raises": """
        # raises: RuntimeError
        import torch
        print(__name__, __file__.endswith("snippets/t/torch_raises.py"))
        torch.ones(2).sum().backward()
    """,
    "torch_steps": """
        import sys
        import torch
        w = torch.zeros(2, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.5)
        w.sum().backward()
        opt.step()
        print(w)
    """,
    "torch_exits": """
        import sys
        import torch
        print(torch.ones(1).requires_grad)
        sys.exit("leaving")
    """,
    # Forked, then fresh: its forked run differs, and only a fresh run may fail the check.
    "torch_unseeded": """
        import torch
        print(torch.__name__, hash("a"))  # a reader's hash seed is random
    """,
}
FORKED = {"t/torch_raises", "t/torch_exits", "t/torch_steps"}


def test_reader_sees_the_recording_or_a_diff_says_why(tmp_path):
    (tmp_path / "snippets" / "t").mkdir(parents=True)
    for name, code in SNIPPETS.items():
        (tmp_path / "snippets" / "t" / f"{name}.py").write_text(textwrap.dedent(code).lstrip())
    store = OutputStore(tmp_path)
    with Engine(sys.executable, tmp_path) as engine:
        for name in ("agrees", "unseeded", "torch_raises", "torch_exits", "torch_steps", "torch_unseeded"):
            store.record(f"t/{name}", VERSION, engine.result(Snippet.load(tmp_path, "t", name)).output)
    log = []
    keys = sorted(f"t/{name}" for name in SNIPPETS)
    verdicts = {v.key: v for v in check_all(tmp_path, keys, VERSION, sys.executable, log.append)}
    assert verdicts["t/agrees"].difference is None
    assert "+++ python snippets/t/unseeded.py (what a reader sees)" in verdicts["t/unseeded"].difference
    assert verdicts["t/unrecorded"].difference == "snippets/t/unrecorded.py has no recorded output for torch 2.13.0."
    assert "+++ python snippets/t/torch_unseeded.py" in verdicts["t/torch_unseeded"].difference
    for key in FORKED:
        assert verdicts[key].difference is None
    assert {key for key, verdict in verdicts.items() if not verdict.fresh} == FORKED
    assert len(log) == len(SNIPPETS) and sum("DIFFERS" in line for line in log) == 3  # one line per snippet
    assert sorted(p.name for p in tmp_path.iterdir()) == ["outputs", "snippets"]  # out.txt stayed out
    fresh = {v.key: v for v in check_all(tmp_path, sorted(FORKED), VERSION, sys.executable, log.append, fresh=True)}
    assert all(verdict.fresh and verdict.difference is None for verdict in fresh.values())


@pytest.mark.parametrize(("source", "imports"), [
    ('"""Doc."""\nimport os, sys\nfrom collections import deque\nimport torch\nx = 1\n', ()),
    ("from torch import nn\n", ()),
    ("import torch.nn as nn\n", ()),
    ("import torch\nopt = torch.optim.SGD([torch.zeros(1, requires_grad=True)])\nopt.step()\n", STEP_IMPORTS),
    ("import os\nos.environ['TORCH_SHOW_CPP_STACKTRACES'] = '1'\nimport torch\n", None),  # read at import
    ("import numpy as np\nimport torch\n", None),  # not the standard library
    ("print('hi')\n", None),
    ("import torch\ndef f():\n    import gc\n", None),  # the fork's collector reports otherwise
    ("import torch\nfrom gc import get_objects\n", None),
    ("import torch(\n", None),  # a SyntaxError is printed as Python prints it: fresh
])
def test_what_a_snippet_is_forked_from(source, imports):
    assert forked_from(source) == imports


# What a forked child's own shutdown prints, in Python's order: a thread's last words (it is
# joined first), then an atexit handler. (A destructor run by the teardown of the modules is
# left to fresh runs: reader_zygote.py.)
ENDINGS = {
    "normally": "",
    "on_an_error": "torch.ones(2).sum().backward()\n",
    "by_exiting": "sys.exit('leaving')\n",
}


@pytest.mark.parametrize("ending", ENDINGS)
def test_a_forked_run_shuts_down_as_a_fresh_one(tmp_path, ending):
    (tmp_path / "snippets" / "t").mkdir(parents=True)
    (tmp_path / "snippets" / "t" / "ends.py").write_text(textwrap.dedent("""\
        import torch
        import atexit, sys, threading, time

        atexit.register(print, "atexit", torch.ones(1))
        threading.Thread(target=lambda: (time.sleep(0.2), print("thread done"))).start()
        print("main done", flush=True)
        """) + ENDINGS[ending])
    snippet = Snippet.load(tmp_path, "t", "ends")
    zygotes = Zygotes(sys.executable)
    try:
        forked = reader_output(snippet, sys.executable, zygotes)
    finally:
        zygotes.close()
    fresh = reader_output(snippet, sys.executable)
    assert forked == fresh
    assert fresh[0].index("main done") < fresh[0].index("thread done") < fresh[0].index("atexit tensor([1.])")
