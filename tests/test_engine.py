"""The engine's promises, on throwaway snippets: isolation, time limits, crash containment."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest

from fieldguide.engine import Engine
from fieldguide.snippet import Snippet, SnippetError

SNIPPETS = {
    "sets_state": """
        import torch
        torch.set_default_dtype(torch.float64)
        torch.set_grad_enabled(False)
        torch.autograd.set_detect_anomaly(True)
        print(torch.rand(1).item())
    """,
    "reads_state": """
        import torch
        print(torch.get_default_dtype(), torch.is_grad_enabled(), torch.is_anomaly_enabled())
        print(torch.rand(1).item())
    """,
    "hangs": """
        # timeout: 1
        import time
        time.sleep(3600)
    """,
    "exits_hard": """
        import os
        print("before")
        os._exit(3)
    """,
    "segfaults": """
        import ctypes
        ctypes.string_at(0)
    """,
    "declares_but_passes": """
        # raises: RuntimeError
        print("fine")
    """,
    "raises_undeclared": """
        raise ValueError("boom")
    """,
    "warns_then_raises": """
        # raises: KeyError
        import warnings
        print("start")
        warnings.warn("careful")
        {}["missing"]
    """,
    "graph_after_inplace": """
        # graph: out, c
        import torch
        a = torch.tensor([1.0, 2.0], requires_grad=True)
        out = a.sigmoid()  # saves its result
        c = out.detach()
        c.zero_()  # bumps the version out shares
        print("ran")
    """,
    "graph_bad_name": """
        # graph: missing
        x = 1
    """,
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("repo")
    (root / "snippets" / "t").mkdir(parents=True)
    for name, code in SNIPPETS.items():
        (root / "snippets" / "t" / f"{name}.py").write_text(textwrap.dedent(code).lstrip())
    snippets = {name: Snippet.load(root, "t", name) for name in SNIPPETS}
    with Engine(sys.executable, root) as engine:
        engine.submit_all(snippets.values())
        yield {name: (s, engine.result(s)) for name, s in snippets.items()}


def test_global_state_does_not_leak(runs):
    first = runs["sets_state"][1].output.splitlines()
    second = runs["reads_state"][1].output.splitlines()
    assert second[0] == "torch.float32 True False"
    # Both start from the same seeded RNG, though dtypes differ; the float32 draw is fixed.
    assert second[1] == "0.49625658988952637"
    assert first != second


def test_hang_is_killed_at_its_limit(runs):
    snippet, result = runs["hangs"]
    assert result.status == "timeout"
    assert 1 <= result.seconds < 5
    assert "did not finish within 1 s" in result.problem(snippet)


def test_hard_exit_and_segfault_fail_alone(runs):
    snippet, result = runs["exits_hard"]
    assert (result.status, result.exit_code, result.output) == ("crashed", 3, "before\n")
    assert "exit status 3" in result.problem(snippet)
    snippet, result = runs["segfaults"]
    assert (result.status, result.signal) == ("crashed", "SIGSEGV")
    # The engine survives both: later snippets still ran.
    assert runs["warns_then_raises"][1].status == "finished"


def test_declared_error_must_be_raised(runs):
    snippet, result = runs["declares_but_passes"]
    assert "declares '# raises: RuntimeError' but raised nothing" in result.problem(snippet)
    snippet, result = runs["raises_undeclared"]
    assert "raised ValueError but declares no exception" in result.problem(snippet)


def test_output_is_what_a_reader_sees(runs):
    snippet, result = runs["warns_then_raises"]
    assert result.problem(snippet) is None
    assert result.output == (
        "start\n"
        "snippets/t/warns_then_raises.py:4: UserWarning: careful\n"
        '  warnings.warn("careful")\n'
        "Traceback (most recent call last):\n"
        '  File "snippets/t/warns_then_raises.py", line 5, in <module>\n'
        '    {}["missing"]\n'
        "    ~~^^^^^^^^^^^\n"
        "KeyError: 'missing'\n"
    )


def test_graph_is_read_from_the_real_objects(runs):
    snippet, result = runs["graph_after_inplace"]
    assert result.problem(snippet) is None and result.output == "ran\n"
    lines = [json.loads(line) for line in result.graph.splitlines()]
    nodes = {line["id"]: line for line in lines if "id" in line}
    edges = [tuple(line["edge"]) for line in lines if "edge" in line]
    sigmoid = next(n for n in nodes.values() if n["label"] == "SigmoidBackward0")
    # The saved output was bumped to version 1 after being saved at version 0.
    assert sigmoid["saved"] == [{"name": "result", "shape": [2], "saved_version": 0, "version": 1}]
    detached = next(n for n in nodes.values() if n["label"] == "c")
    assert detached["kind"] == "leaf" and detached["tracked"] is False
    assert not any(detached["id"] in edge for edge in edges)  # cut off: no edge reaches it
    leaf = next(n for n in nodes.values() if n["label"] == "a")
    assert leaf["requires_grad"] is True and leaf["grad"] is False
    accumulate = next(i for i, n in nodes.items() if n["kind"] == "accumulate")
    assert (accumulate, leaf["id"]) in edges and (sigmoid["id"], accumulate) in edges


def test_graph_of_a_name_that_is_no_tensor_is_reported(runs):
    snippet, result = runs["graph_bad_name"]
    assert "'# graph: missing' names no tensor: after the run, missing is not defined" in (
        result.problem(snippet)
    )


def test_bad_directive_names_the_file(tmp_path: Path):
    (tmp_path / "snippets" / "t").mkdir(parents=True)
    (tmp_path / "snippets" / "t" / "bad.py").write_text("# timeout: soon\n")
    with pytest.raises(SnippetError, match=r"snippets/t/bad.py:1: '# timeout: soon' must be"):
        Snippet.load(tmp_path, "t", "bad")
