"""The engine's promises, on throwaway snippets: isolation, time limits, crash containment,
errors and output as `python snippet.py` shows them, a cap on output, and no output that
depends on the engine's hidden seed."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from fieldguide.engine import Engine
from fieldguide.normalize import normalize
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
    "type_changed": """
        # raises: ValueError (RuntimeError before 2.2)
        raise RuntimeError("Default process group has not been initialized")
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
    "reads_stdin": """
        # raises: EOFError
        import sys
        print(repr(sys.stdin.read()))
        input()
    """,
    "exits_with_status": """
        import sys
        print("leaving")
        sys.exit(4)
    """,
    "misses_attribute": """
        # raises: AttributeError
        class Wrapper:
            def add_param_group(self):
                pass

        Wrapper().param_groups
    """,
    "syntax_error": """
        print("never runs")
        x = (1,
    """,
    "writes_files": """
        import os, pickle, sys
        with open("out.txt", "w") as f:
            f.write("written where the snippet runs")
        print(os.path.exists("out.txt"))
        print(__file__, sys.path[0], sys.argv, __name__)

        class Point:
            pass

        print(type(pickle.loads(pickle.dumps(Point()))).__name__)
    """,
    "prints_2mb": """
        print("x" * 2_000_000)
    """,
    "prints_forever": """
        # timeout: 30
        while True:
            print("y" * 1000)
    """,
    "prints_200kb_allowed": """
        # max-output: 300000
        print("z" * 200_000)
    """,
    "draws_unseeded": """
        import torch
        print(torch.rand(2))
    """,
    "draws_python_random": """
        import random
        print(random.random())
    """,
    "draws_numpy": """
        import numpy
        print(numpy.random.rand())
    """,
    "draws_then_seeds": """
        import torch
        first = torch.rand(1)
        torch.manual_seed(0)
        print(first, torch.rand(1))
    """,
    "seeds_then_draws": """
        import random
        from torch import manual_seed, rand
        random.seed(0)
        manual_seed(0)
        print(rand(2), random.random())
    """,
    "draws_but_prints_no_number": """
        import torch
        x = torch.randn(3, requires_grad=True)
        (2 * x).sum().backward()
        print(torch.equal(x.grad, torch.full((3,), 2.0)))
    """,
}


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("repo")
    (root / "snippets" / "t").mkdir(parents=True)
    for name, code in SNIPPETS.items():
        (root / "snippets" / "t" / f"{name}.py").write_text(textwrap.dedent(code).lstrip())
    return root


@pytest.fixture(scope="module")
def runs(root):
    snippets = {name: Snippet.load(root, "t", name) for name in SNIPPETS}
    with Engine(sys.executable, root) as engine:
        engine.submit_all(snippets.values())
        yield {name: (s, engine.result(s)) for name, s in snippets.items()}


# Far above a snippet's run with torch's import; a hung one fails its test, naming the command.
PLAIN_PYTHON_TIMEOUT_S = 120


def plain_python(snippet: Snippet, elsewhere: Path) -> str:
    """What `python snippets/t/NAME.py` prints, run from a copy of the root at `elsewhere`."""
    shutil.copytree(snippet.root / "snippets", elsewhere / "snippets")
    run = subprocess.run(
        [sys.executable, snippet.relpath], cwd=elsewhere, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=PLAIN_PYTHON_TIMEOUT_S,
    )
    return normalize(run.stdout, elsewhere)


def test_global_state_does_not_leak(runs):
    first = runs["sets_state"][1].output.splitlines()
    second = runs["reads_state"][1].output.splitlines()
    assert second[0] == "torch.float32 True False"
    # Both start from the same seeded RNG, though dtypes differ; the float32 draw is fixed.
    assert second[1] == "0.49625658988952637"
    assert first != second


def test_a_type_declared_for_older_releases_is_checked_on_those_releases(runs):
    snippet, result = runs["type_changed"]
    assert snippet.raises_on("2.1.2") == "RuntimeError" and snippet.raises_on("2.2.2") == "ValueError"
    assert result.problem(snippet, "2.1.2") is None
    wrong = result.problem(snippet, "2.13.0")
    assert "declares that it raises ValueError on torch 2.13.0 but raised RuntimeError" in wrong


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
    assert "declares that it raises RuntimeError but raised nothing" in result.problem(snippet)
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


def test_stdin_is_at_end_of_file(runs):
    snippet, result = runs["reads_stdin"]
    assert result.problem(snippet) is None
    assert result.output.startswith("''\n") and result.output.endswith("EOFError: EOF when reading a line\n")


def test_exit_status_is_reported(runs):
    snippet, result = runs["exits_with_status"]
    assert (result.status, result.exit_code, result.output) == ("finished", 4, "leaving\n")
    assert "exited with status 4" in result.problem(snippet)


def test_syntax_error_is_the_snippets_error_as_python_prints_it(runs, tmp_path):
    snippet, result = runs["syntax_error"]
    assert (result.status, result.raised, result.compile_error) == ("finished", "SyntaxError", True)
    assert result.output == plain_python(snippet, tmp_path) == (
        '  File "snippets/t/syntax_error.py", line 2\n'
        "    x = (1,\n"
        "        ^\n"
        "SyntaxError: '(' was never closed\n"
    )
    assert "snippets/t/syntax_error.py is not valid Python" in result.problem(snippet)


def test_an_attribute_error_keeps_the_hint_python_prints_after_it(runs, tmp_path):
    """Python 3.10 and 3.11 print "Did you mean" after an AttributeError's line in C, which their
    traceback module does not know about (3.12's does): the recording has it, as a reader sees it."""
    snippet, result = runs["misses_attribute"]
    assert result.problem(snippet) is None
    assert result.output == plain_python(snippet, tmp_path)
    assert result.output.endswith(
        "AttributeError: 'Wrapper' object has no attribute 'param_groups'. Did you mean: 'add_param_group'?\n")


def test_snippets_write_in_a_scratch_folder_but_see_their_real_paths(runs, root, tmp_path):
    snippet, result = runs["writes_files"]
    assert result.problem(snippet) is None
    assert sorted(p.name for p in root.iterdir()) == ["snippets"]  # out.txt stayed in the scratch
    assert not (Path.cwd() / "out.txt").exists()
    assert result.output == plain_python(snippet, tmp_path) == (
        "True\n"
        "snippets/t/writes_files.py snippets/t ['snippets/t/writes_files.py'] __main__\n"
        "Point\n"
    )


def test_output_is_capped_and_the_cap_can_be_raised(runs):
    snippet, result = runs["prints_2mb"]
    assert result.status == "too_much_output" and len(result.output) == 65536
    assert "printed more than 65536 bytes" in result.problem(snippet)
    assert "'# max-output: BYTES'" in result.problem(snippet)
    snippet, result = runs["prints_forever"]
    assert result.status == "too_much_output" and result.seconds < 10  # not at its timeout
    snippet, result = runs["prints_200kb_allowed"]
    assert result.problem(snippet) is None and result.output == "z" * 200_000 + "\n"


@pytest.mark.parametrize(
    "name, seed_call",
    [
        ("draws_unseeded", "torch.manual_seed(0)"),
        ("draws_python_random", "random.seed(0)"),
        ("draws_numpy", "numpy.random.seed(0)"),
        ("draws_then_seeds", "torch.manual_seed(0)"),
    ],
)
def test_output_that_depends_on_the_hidden_seed_fails(runs, name, seed_call):
    snippet, result = runs[name]
    problem = result.problem(snippet)
    assert problem is not None and "prints something else when the engine's hidden seed changes" in problem
    assert f"seed it at its top ({seed_call})" in problem
    assert "line 1, '" in problem and "', became '" in problem  # which line changed, and how


def test_seeded_snippets_run_once_and_unused_draws_pass(runs):
    snippet, result = runs["seeds_then_draws"]
    assert result.problem(snippet) is None
    assert (result.unseeded, result.reseeded_output) == ((), None)  # no second run
    snippet, result = runs["draws_but_prints_no_number"]
    assert result.unseeded == ("torch",) and result.reseeded_output == result.output == "True\n"
    assert result.problem(snippet) is None


def test_bad_max_output_names_the_file(tmp_path: Path):
    (tmp_path / "snippets" / "t").mkdir(parents=True)
    (tmp_path / "snippets" / "t" / "bad.py").write_text("# max-output: lots\n")
    with pytest.raises(SnippetError, match=r"snippets/t/bad.py:1: '# max-output: lots' must be"):
        Snippet.load(tmp_path, "t", "bad")


def test_a_client_busy_elsewhere_does_not_turn_finished_snippets_into_hangs(tmp_path):
    """pytest reads results only when it reaches the snippet tests; meanwhile replies fill
    the pipe. The server must keep reaping children, not stall until their deadlines."""
    import time

    folder = tmp_path / "snippets" / "t"
    folder.mkdir(parents=True)
    snippets = []
    for number in range(30):  # 30 replies of 8 KB: more than a pipe holds
        (folder / f"big{number}.py").write_text("# timeout: 3\nprint('x' * 8000)\n")
        snippets.append(Snippet.load(tmp_path, "t", f"big{number}"))
    with Engine(sys.executable, tmp_path) as engine:
        engine.submit_all(snippets)
        engine.torch_version()
        time.sleep(8)  # longer than every deadline, reading nothing
        statuses = {engine.result(s).status for s in snippets}
    assert statuses == {"finished"}


@pytest.mark.parametrize("warm", [True, False])
def test_a_cold_engine_leaves_lazy_imports_to_the_snippet(tmp_path, warm):
    """A warm server imports torch's lazy imports once for every child; a cold one (for a
    single snippet) leaves them to the child, which still gets what it uses."""
    (tmp_path / "snippets" / "t").mkdir(parents=True)
    (tmp_path / "snippets" / "t" / "lazy.py").write_text(textwrap.dedent("""
        import sys
        import torch
        print("torch._dynamo" in sys.modules)
        torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1).step()
        print("torch._dynamo" in sys.modules, torch.ones(2).numpy().sum())
    """).lstrip())
    snippet = Snippet.load(tmp_path, "t", "lazy")
    with Engine(sys.executable, tmp_path, warm=warm) as engine:
        assert engine.result(snippet).output == f"{warm}\nTrue 2.0\n"


def huge_pages_unavailable() -> str | None:
    """Why this machine's kernel cannot collapse memory into huge pages, or None."""
    try:
        enabled = Path("/sys/kernel/mm/transparent_hugepage/enabled").read_text()
    except OSError:
        return "this kernel has no transparent huge pages"
    if "[never]" in enabled:
        return "transparent huge pages are turned off here"
    release = re.match(r"(\d+)\.(\d+)", os.uname().release)
    if release and tuple(map(int, release.groups())) < (6, 1):
        return "MADV_COLLAPSE needs Linux 6.1 or later"
    return None


def test_a_warm_engine_forks_from_huge_pages(tmp_path):
    """A warm server backs the heap its imports built with 2 MB pages before the first fork
    (forkserver.collapse_into_huge_pages): its children inherit them, so each fork copies
    and each exit unmaps a fraction of the page-table entries."""
    if reason := huge_pages_unavailable():
        pytest.skip(reason)
    (tmp_path / "snippets" / "t").mkdir(parents=True)
    (tmp_path / "snippets" / "t" / "pages.py").write_text(textwrap.dedent("""
        import re
        with open("/proc/self/smaps_rollup") as rollup:
            print(int(re.search(r"AnonHugePages:\\s+(\\d+) kB", rollup.read()).group(1)) >= 2048)
    """).lstrip())
    snippet = Snippet.load(tmp_path, "t", "pages")
    with Engine(sys.executable, tmp_path, warm=True) as engine:
        assert engine.result(snippet).output == "True\n"
