"""The key of a passed check (fieldguide/check_cache.py): every input changes it, and the
engine's files are all the fieldguide modules a run depends on. The sessions that use the
cache are tested in tests/test_pytest_plugin.py."""

from __future__ import annotations

import ast
import dataclasses

import pytest

from fieldguide import check_cache, matrix
from fieldguide.check_cache import ENGINE_FILES, CheckCache, check_key, engine_version, environment
from fieldguide.releases import Matrix, Release

INPUTS = {
    "check": "snippet",
    "release": "2.13.0",
    "snippet": b"import torch\nprint(torch.ones(2))\n",
    "recorded": {"output": ("3f2a9c1e07b2.txt", "tensor([1., 1.])\n"), "graph": None},
    "engine": "e" * 64,
    "environment": "f" * 64,
}
MATRIX = Matrix(
    reference="2.13.0",
    releases=(Release("2.0.1", "1.26.4"), Release("2.13.0", "2.4.6")),
    disk_limit_bytes=2**30,
    packages=("packaging==25.0",),
    nvidia=("nvidia-cudnn-cu12==9.1.0.70",),
    left_out=("triton",),
)


def key(**changes) -> str:
    return check_key(**{**INPUTS, **changes})


def test_the_same_inputs_give_the_same_key():
    assert key() == key() and len(key()) == 64


@pytest.mark.parametrize("changes", [
    {"check": "ATEN_CPU_CAPABILITY=avx2"},
    {"release": "2.0.1"},
    {"snippet": INPUTS["snippet"] + b"# a comment\n"},
    {"recorded": {"output": ("3f2a9c1e07b2.txt", "tensor([1., 2.])\n"), "graph": None}},  # its text
    {"recorded": {"output": ("5be01c9d4a77.txt", "tensor([1., 1.])\n"), "graph": None}},  # another file
    {"recorded": {"output": None, "graph": None}},  # none recorded for the release
    {"recorded": {"output": ("3f2a9c1e07b2.txt", "tensor([1., 1.])\n"), "graph": ("a.jsonl", "{}\n")}},
    {"recorded": {"output": None, "graph": ("3f2a9c1e07b2.txt", "tensor([1., 1.])\n")}},  # which store
    {"engine": "0" * 64},
    {"environment": "0" * 64},
], ids=lambda changes: next(iter(changes)))
def test_every_input_changes_the_key(changes):
    assert key(**changes) != key()


@pytest.fixture
def engine_files(tmp_path):
    files = [tmp_path / name for name in ("engine.py", "normalize.py", "test_snippets.py")]
    for path in files:
        path.write_text(f"# {path.name}\n")
    return files


@pytest.mark.parametrize("edited", range(3))
def test_an_edit_to_any_engine_file_changes_the_engine_version(engine_files, edited):
    before = engine_version(engine_files)
    engine_files[edited].write_text(engine_files[edited].read_text() + "x = 1\n")
    assert engine_version(engine_files) != before


def test_the_engine_version_depends_on_which_files_it_hashes(engine_files):
    assert engine_version(engine_files[:2]) != engine_version(engine_files)


def fieldguide_imports(path) -> set[str]:
    """The fieldguide modules a file imports (forkserver.py imports autograd_graph by its name)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "fieldguide":  # a module of the package, or a name its __init__.py defines
                found |= {alias.name if (path.parent / f"{alias.name}.py").exists() else "__init__"
                          for alias in node.names}
            elif node.module.startswith("fieldguide."):
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found |= {alias.name.removeprefix("fieldguide.") for alias in node.names
                      if alias.name.startswith("fieldguide.") or alias.name == "autograd_graph"}
    return found


def test_the_engine_files_include_every_fieldguide_module_they_import():
    listed = {path.stem for path in ENGINE_FILES}
    assert {"forkserver", "engine", "normalize", "autograd_graph", "snippet", "pytest_plugin"} <= listed
    counts_only = {"tally"}  # the plugin's summary counts; decides no outcome
    missing = {
        f"{path.name} imports {module}"
        for path in ENGINE_FILES
        for module in fieldguide_imports(path) - listed - counts_only
    }
    assert not missing, f"add these to ENGINE_FILES in fieldguide/check_cache.py: {sorted(missing)}"
    assert all(path.exists() for path in ENGINE_FILES)


def test_the_reference_environment_is_constraints_txt():
    before = environment("2.13.0", MATRIX, "numpy==2.4.6\n", {})
    assert environment("2.13.0", MATRIX, "numpy==2.4.7\n", {}) != before
    assert environment("2.13.0", dataclasses.replace(MATRIX, nvidia=()), "numpy==2.4.6\n", {}) == before


@pytest.mark.parametrize("changes", [
    {"releases": (Release("2.0.1", "1.26.3"), Release("2.13.0", "2.4.6"))},
    {"packages": ()},
    {"nvidia": ()},
    {"left_out": ()},
], ids=lambda changes: next(iter(changes)))
def test_another_release_is_what_the_matrix_installs(changes):
    before = environment("2.0.1", MATRIX, "numpy==2.4.6\n", {})
    assert environment("2.0.1", MATRIX, "numpy==2.4.7\n", {}) == before  # the reference's pins
    assert environment("2.0.1", dataclasses.replace(MATRIX, **changes), "numpy==2.4.6\n", {}) != before


def test_the_environment_holds_the_python_and_the_variables_torch_reads():
    before = environment("2.0.1", MATRIX, "", {"HOME": "/root"})
    assert environment("2.0.1", MATRIX, "", {"HOME": "/home/a"}) == before
    assert environment("2.0.1", MATRIX, "", {"HOME": "/root"}, python="3.11.0") != before
    for name in ("ATEN_CPU_CAPABILITY", "TORCH_SHOW_CPP_STACKTRACES", "OMP_NUM_THREADS", "MKL_CBWR"):
        assert environment("2.0.1", MATRIX, "", {"HOME": "/root", name: "1"}) != before, name


def test_the_cache_holds_the_keys_of_passed_checks(tmp_path):
    cache = CheckCache(tmp_path / "checks")
    assert key() not in cache
    cache.add(key(), "snippet: leaf/retain_grad on torch 2.13.0")
    assert key() in cache and key(release="2.0.1") not in cache
    assert cache.path(key()).read_text() == "snippet: leaf/retain_grad on torch 2.13.0\n"
    assert cache.path(key()).is_relative_to(tmp_path / "checks")


def test_the_skip_reason_says_how_to_run_it():
    assert "--no-cache" in check_cache.SKIP_REASON and "passed" in check_cache.SKIP_REASON


def test_the_matrix_passes_no_cache_to_every_release(monkeypatch):
    calls = []
    monkeypatch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)  # main() drops it; restored after
    monkeypatch.setattr(matrix, "run", lambda *args: calls.append(args) or 0)
    assert matrix.main(["run", "--no-cache", "-k", "retain_grad"]) == 0
    assert calls[-1][-1] is True and calls[-1][-2] == "retain_grad"
    matrix.main(["run"])
    assert calls[-1][-1] is False
    release = matrix.ReleaseRun("2.0.1", update=False, select="retain_grad", no_cache=True)
    release.log.close()
    command = release.command()
    assert command[command.index("--torch-version") + 1] == "2.0.1"
    assert command[-3:] == ["-k", "retain_grad", "--no-cache"]
    release = matrix.ReleaseRun("2.0.1", update=False)
    release.log.close()
    assert "--no-cache" not in release.command()
