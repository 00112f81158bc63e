"""tests/test_snippets.py itself, with and without `--update-outputs`, on a project of three
one-line snippets run by the reference engine: what recording writes, forgets and removes,
and what the check then says (as pytest-examples tests its --update-examples)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from fieldguide.releases import load

pytest_plugins = ["pytester"]
# Each session in a process of its own: in `make test` the real tests/test_snippets.py is
# already imported under the same module name.
ROOT = Path(__file__).resolve().parents[1]
REFERENCE = load(ROOT).reference
SNIPPETS = {
    "t/raises": "# raises: ValueError\nraise ValueError('no')\n",
    "t/graph": "# graph: y\nimport torch\nx = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()\nprint(y.item())\n",
    "t/future": "# min-torch: 99.0\nprint('not yet')\n",
}


@pytest.fixture
def project(pytester: pytest.Pytester, monkeypatch) -> pytest.Pytester:
    monkeypatch.delenv("FIELDGUIDE_TALLY", raising=False)
    monkeypatch.setenv("FIELDGUIDE_NO_CACHE", "1")  # every check runs: the counts below are of runs
    pytester.makefile(".toml", pyproject=f"""
[tool.pytest.ini_options]
addopts = "-p fieldguide.pytest_plugin -p no:cacheprovider"

[tool.fieldguide]
reference = "{REFERENCE}"
torch = [{{ version = "2.0.1", numpy = "1.26.4" }}, {{ version = "{REFERENCE}", numpy = "2.4.6" }}]
""")
    (pytester.path / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "test_snippets.py", pytester.path / "tests" / "test_snippets.py")
    for key, text in SNIPPETS.items():
        path = pytester.path / "snippets" / f"{key}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return pytester


def index(project: pytest.Pytester, key: str, name: str = "versions.json") -> dict:
    path = project.path / "outputs" / key / name
    return json.loads(path.read_text()) if path.exists() else {}


def test_recording_then_checking_then_following_an_edit(project):
    run = project.runpytest_subprocess("tests/test_snippets.py")  # nothing recorded: every run snippet fails
    run.assert_outcomes(failed=2, passed=2, skipped=1)
    run.stdout.fnmatch_lines(["*snippets/t/graph.py has no recorded output for torch*"])

    run = project.runpytest_subprocess("--update-outputs", "tests/test_snippets.py")
    run.assert_outcomes(passed=4, skipped=1)
    run.stdout.fnmatch_lines(["*recorded outputs*", "written: outputs/t/graph/*.txt"])
    assert list(index(project, "t/raises").values()) == [[REFERENCE]]
    assert list(index(project, "t/graph", "graphs.json").values()) == [[REFERENCE]]
    assert index(project, "t/future") == {}  # below its # min-torch: nothing recorded
    (recorded,) = index(project, "t/raises")
    assert "ValueError: no" in (project.path / "outputs" / "t" / "raises" / recorded).read_text()

    project.runpytest_subprocess("tests/test_snippets.py").assert_outcomes(passed=4, skipped=1)
    again = project.runpytest_subprocess("--update-outputs", "tests/test_snippets.py")
    again.stdout.fnmatch_lines(["no recorded file changed"])

    # the graph dropped: the check says so, and recording forgets the recorded graph
    graph = project.path / "snippets" / "t" / "graph.py"
    graph.write_text(graph.read_text().replace("# graph: y\n", ""))
    run = project.runpytest_subprocess("tests/test_snippets.py")
    run.assert_outcomes(failed=1, passed=3, skipped=1)
    run.stdout.fnmatch_lines(["*is a recorded graph, but snippets/t/graph.py no longer declares '# graph:'*"])
    project.runpytest_subprocess("--update-outputs", "tests/test_snippets.py").assert_outcomes(passed=4, skipped=1)
    assert index(project, "t/graph", "graphs.json") == {}
    project.runpytest_subprocess("tests/test_snippets.py").assert_outcomes(passed=4, skipped=1)


def test_recording_forgets_releases_a_snippet_no_longer_runs_on_and_removes_orphans(project):
    project.runpytest_subprocess("--update-outputs", "tests/test_snippets.py").assert_outcomes(passed=4, skipped=1)
    raises = project.path / "snippets" / "t" / "raises.py"
    raises.write_text("# min-torch: 99.0\n" + raises.read_text())
    (project.path / "snippets" / "t" / "future.py").unlink()
    (project.path / "outputs" / "t" / "future").mkdir(parents=True)
    (project.path / "outputs" / "t" / "future" / "versions.json").write_text(json.dumps({"a.txt": ["2.0.1"]}))
    (project.path / "outputs" / "t" / "future" / "a.txt").write_text("old\n")

    run = project.runpytest_subprocess("tests/test_snippets.py")
    run.assert_outcomes(failed=1, passed=2, skipped=1)
    run.stdout.re_match_lines([r".*recordings in versions.json without a snippet: \['t/future'\].*"])
    (project.path / "outputs" / "t" / "future").rename(project.path / "kept")
    run = project.runpytest_subprocess("tests/test_snippets.py")
    run.stdout.re_match_lines([r".*older than the snippet's '# min-torch:': \{'t/raises': \['.*'\]\}.*"])
    (project.path / "kept").rename(project.path / "outputs" / "t" / "future")
    project.runpytest_subprocess("--update-outputs", "tests/test_snippets.py").assert_outcomes(passed=3, skipped=1)
    assert index(project, "t/raises") == {} and not (project.path / "outputs" / "t" / "future").exists()
    project.runpytest_subprocess("tests/test_snippets.py").assert_outcomes(passed=3, skipped=1)
