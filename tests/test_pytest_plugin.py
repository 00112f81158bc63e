"""The pytest options (`--update-outputs`, `--torch-version`, `--no-cache`) and the summary
lines, in pytest sessions run here on a project of two listed releases (no snippet runs), then
the cache of passed checks in sessions that run two one-line snippets on the reference."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from fieldguide.releases import load
from fieldguide.store import OutputStore

pytest_plugins = ["pytester"]
ROOT = Path(__file__).resolve().parents[1]

PYPROJECT = """
[tool.pytest.ini_options]
addopts = "-p fieldguide.pytest_plugin -p no:cacheprovider"

[tool.fieldguide]
reference = "2.13.0"
matrix-disk-limit-gb = 1
matrix-packages = []
matrix-nvidia = []
matrix-left-out = []
torch = [
  { version = "2.0.1", numpy = "1.26.4" },
  { version = "2.13.0", numpy = "2.4.6" },
]
"""


@pytest.fixture
def project(pytester: pytest.Pytester, monkeypatch) -> pytest.Pytester:
    monkeypatch.delenv("FIELDGUIDE_TALLY", raising=False)
    pytester.makefile(".toml", pyproject=PYPROJECT)
    (pytester.path / "outputs").mkdir()
    return pytester


def test_the_reference_release_is_the_default(project):
    project.makepyfile(
        """
        from fieldguide.store import OutputStore

        def test_options(snippet_runs):
            assert snippet_runs.requested == "2.13.0"
            assert snippet_runs.matrix.versions == ["2.0.1", "2.13.0"]
            assert not snippet_runs.update
            assert type(snippet_runs.store) is OutputStore
            assert snippet_runs.graphs.index_name == "graphs.json"
        """
    )
    result = project.runpytest()
    result.assert_outcomes(passed=1)
    result.stdout.no_fnmatch_line("*recorded outputs*")


def test_torch_version_chooses_a_listed_release(project):
    project.makepyfile("def test_version(snippet_runs):\n    assert snippet_runs.requested == '2.0.1'\n")
    project.runpytest("--torch-version", "2.0.1").assert_outcomes(passed=1)


def test_torch_version_refuses_a_release_not_listed(project):
    project.makepyfile("def test_never(): pass\n")
    result = project.runpytest("--torch-version", "2.5.1")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([
        "*--torch-version 2.5.1 is not listed in pyproject.toml [[]tool.fieldguide[]]; choose one of 2.0.1, 2.13.0"
    ])


def test_update_outputs_records_and_lists_each_file_it_changed(project):
    project.makepyfile(
        """
        from fieldguide.pytest_plugin import RecordingStore

        def test_record(snippet_runs):
            assert snippet_runs.update and type(snippet_runs.store) is RecordingStore
            snippet_runs.changed += snippet_runs.store.record("t/a", "2.0.1", "old\\n")
            snippet_runs.changed += snippet_runs.store.record("t/a", "2.0.1", "new\\n")
        """
    )
    result = project.runpytest("--update-outputs")
    result.assert_outcomes(passed=1)
    folder = project.path / "outputs" / "t" / "a"
    (new,) = json.loads((folder / "versions.json").read_text())
    assert (folder / new).read_text() == "new\n"
    lines = result.stdout.lines
    start = next(i for i, line in enumerate(lines) if " recorded outputs " in line)
    listed = [line for line in lines[start:] if line.startswith(("written: ", "removed: "))]
    # each file once, in the state the session left it: the first output is gone
    assert listed[1:] == ["written: outputs/t/a/versions.json", f"written: outputs/t/a/{new}"]
    assert listed[0].startswith("removed: outputs/t/a/") and listed[0].endswith(".txt")
    assert not (project.path / listed[0].removeprefix("removed: ")).exists()


def test_update_outputs_says_when_nothing_changed(project):
    project.makepyfile("def test_nothing(snippet_runs): pass\n")
    result = project.runpytest("--update-outputs")
    result.stdout.fnmatch_lines(["*= recorded outputs =*", "no recorded file changed"])


@pytest.mark.parametrize("args, part", [((), "test suite"), (("--torch-version", "2.0.1"), "matrix torch 2.0.1")])
def test_each_session_adds_its_counts_to_the_tally(project, monkeypatch, args, part):
    tally = project.path / "tally.jsonl"
    monkeypatch.setenv("FIELDGUIDE_TALLY", str(tally))
    project.makepyfile(
        """
        import pytest

        def test_passes(): pass
        def test_passes_too(): pass
        def test_fails(): assert False

        @pytest.fixture
        def broken(): raise RuntimeError

        def test_errors(broken): pass
        """
    )
    project.runpytest(*args).assert_outcomes(passed=2, failed=1, errors=1)
    assert [json.loads(line) for line in tally.read_text().splitlines()] == [
        {"part": part, "passed": 2, "failed": 2}
    ]


@pytest.mark.parametrize("args, variable, cached", [
    ((), None, True),
    (("--no-cache",), None, False),
    ((), "1", False),
    (("--update-outputs",), None, False),  # a recording runs every snippet it records
])
def test_the_cache_is_off_with_no_cache_its_variable_or_update_outputs(project, monkeypatch, args, variable, cached):
    monkeypatch.delenv("FIELDGUIDE_NO_CACHE", raising=False)
    if variable:
        monkeypatch.setenv("FIELDGUIDE_NO_CACHE", variable)
    project.makepyfile(f"def test_cache(passed_checks):\n    assert (passed_checks.cache is not None) is {cached}\n")
    project.runpytest(*args).assert_outcomes(passed=1)


@pytest.fixture
def snippets(pytester: pytest.Pytester, monkeypatch) -> pytest.Pytester:
    """A project of the real check modules (run in sessions of their own: `make test` has
    imported them already under the same names) and two snippets: t/ok, recorded, and t/unrecorded,
    which tests/test_snippets.py fails (nothing recorded) and the CPU-kernel check passes."""
    monkeypatch.delenv("FIELDGUIDE_TALLY", raising=False)
    monkeypatch.delenv("FIELDGUIDE_NO_CACHE", raising=False)
    reference = load(ROOT).reference
    pytester.makefile(".toml", pyproject=f"""
[tool.pytest.ini_options]
addopts = "-p fieldguide.pytest_plugin -p no:cacheprovider -rs"

[tool.fieldguide]
reference = "{reference}"
torch = [{{ version = "{reference}", numpy = "2.4.6" }}]
""")
    (pytester.path / "tests").mkdir()
    for module in ("test_snippets.py", "test_processor_independence.py"):
        shutil.copy(ROOT / "tests" / module, pytester.path / "tests" / module)
    (pytester.path / "snippets" / "t").mkdir(parents=True)
    for name in ("ok", "unrecorded"):
        (pytester.path / "snippets" / "t" / f"{name}.py").write_text(f"print('{name}')\n")
    OutputStore(pytester.path).record("t/ok", reference, "ok\n")
    return pytester


def test_a_check_that_passed_is_skipped_until_one_of_its_inputs_changes(snippets):
    ok = "tests/test_snippets.py::test_snippet[t/ok]"
    # 2 snippet checks (one fails), the 2 checks of all recordings, 2 snippets x 2 CPU capabilities
    snippets.runpytest_subprocess("tests").assert_outcomes(passed=7, failed=1)
    assert len(list((snippets.path / ".fieldguide_cache" / "checks").glob("*/*"))) == 5  # the failure is not cached

    again = snippets.runpytest_subprocess("tests")
    again.assert_outcomes(passed=2, failed=1, skipped=5)  # never reported as passed
    again.stdout.fnmatch_lines(["SKIPPED [[]5[]] *: unchanged since it passed (cache); --no-cache runs it"])
    again.stdout.fnmatch_lines(["*snippets/t/unrecorded.py has no recorded output*"])  # a failure runs again

    edited = snippets.path / "snippets" / "t" / "ok.py"
    edited.write_text(edited.read_text() + "# edited\n")
    snippets.runpytest_subprocess(ok).assert_outcomes(passed=1)
    snippets.runpytest_subprocess(ok).assert_outcomes(skipped=1)

    OutputStore(snippets.path).record("t/ok", load(ROOT).reference, "recorded by hand\n")
    changed = snippets.runpytest_subprocess(ok)
    changed.assert_outcomes(failed=1)
    changed.stdout.fnmatch_lines(["*+ok"])


def test_a_session_with_every_check_cached_starts_no_engine(snippets):
    """No PyTorch is imported for nothing: a cached `make matrix` session starts no fork
    server, also when a snippet is skipped because it needs a newer release."""
    (snippets.path / "snippets" / "t" / "unrecorded.py").unlink()
    (snippets.path / "snippets" / "t" / "later.py").write_text("# min-torch: 99.0\nprint('later')\n")
    (snippets.path / "tests" / "conftest.py").write_text(
        "from pathlib import Path\n"
        "from fieldguide import pytest_plugin\n"
        "_engine = pytest_plugin.Engine\n"
        "def _started(*args, **kwargs):\n"
        "    Path('engine-started').touch()\n"
        "    return _engine(*args, **kwargs)\n"
        "pytest_plugin.Engine = _started\n")
    started = snippets.path / "engine-started"
    snippets.runpytest_subprocess("tests/test_snippets.py").assert_outcomes(passed=3, skipped=1)
    assert started.exists()
    started.unlink()
    snippets.runpytest_subprocess("tests/test_snippets.py").assert_outcomes(passed=2, skipped=2)
    assert not started.exists()
