"""bench/results.json holds what the benchmarks printed: every benchmark runs through
bench/results.py's `record`, which replaces its command's entry with the lines it printed and
the commit it ran on, and records nothing for a run that raised or that ran on code other
than the commit's."""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
spec = importlib.util.spec_from_file_location("bench_results", BENCH / "results.py")
results = importlib.util.module_from_spec(spec)
spec.loader.exec_module(results)
BENCHMARKS = sorted(path for path in BENCH.glob("*.py") if path.name != "results.py")


def records_its_run(source: str) -> bool:
    """Whether the script's `if __name__ == "__main__":` block calls `results.record`."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "__name__ == '__main__'":
            return any(isinstance(call, ast.Call) and ast.unparse(call.func) == "results.record"
                       for call in ast.walk(node))
    return False


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda path: path.name)
def test_every_benchmark_records_what_it_printed(path):
    assert records_its_run(path.read_text(encoding="utf-8")), (
        f"{path.name} does not run its main through results.record: its figures would reach no results file")


def test_only_a_main_block_calling_record_counts():
    assert records_its_run('if __name__ == "__main__":\n    sys.exit(results.record(main))\n')
    assert not records_its_run('if __name__ == "__main__":\n    sys.exit(main())\n')
    assert not records_its_run('def f():\n    results.record(main)\n')


def test_the_recorded_results_name_their_benchmark_and_commit():
    path = BENCH / "results.json"
    for command, entry in json.loads(path.read_text(encoding="utf-8")).items():
        script = command.split()[1]
        assert (ROOT / script).is_file() and script.startswith("bench/"), f"{command!r} runs no benchmark"
        assert set(entry) == {"commit", "exit_status", "cpus", "load_at_start", "printed"}, command
        assert len(entry["commit"]) >= 7 and int(entry["commit"], 16) >= 0, command
        assert entry["printed"] and all(isinstance(line, str) for line in entry["printed"]), command


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=root,
                          capture_output=True, text=True, check=True).stdout.strip()


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    """A repository with one committed benchmark, run as `python bench/fake.py`."""
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "fake.py").write_text("# a benchmark\n")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-q", "-m", "a benchmark")
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "bench" / "fake.py"), "--cold"])
    return tmp_path


def printing(*lines: str, status: int | None = None):
    def main() -> int | None:
        print(*lines, sep="\n")
        return status
    return main


def recorded(root: Path) -> dict:
    return json.loads((root / "bench" / "results.json").read_text(encoding="utf-8"))


def test_a_run_replaces_its_commands_entry(checkout, monkeypatch, capsys):
    python = Path(sys.executable).name
    assert results.record(printing("wall 1.0 s", "CPU 2.0 s"), root=checkout) == 0
    assert capsys.readouterr().out == "wall 1.0 s\nCPU 2.0 s\n"  # still printed
    command = f"{python} bench/fake.py --cold"
    commit = git(checkout, "rev-parse", "--short", "HEAD")
    entry = recorded(checkout)[command]
    assert entry.pop("load_at_start") >= 0
    assert recorded(checkout).keys() == {command}
    assert entry == {"commit": commit, "exit_status": 0, "cpus": results.os.cpu_count(),
                     "printed": ["wall 1.0 s", "CPU 2.0 s"]}
    # committed: a changed results.json is not a change to the code that ran
    git(checkout, "add", ".")
    git(checkout, "commit", "-q", "-m", "its figures")
    assert results.record(printing("wall 0.5 s", status=1), root=checkout) == 1
    entry = recorded(checkout)[command]
    assert (entry["printed"], entry["exit_status"]) == (["wall 0.5 s"], 1)
    assert entry["commit"] == git(checkout, "rev-parse", "--short", "HEAD") != commit
    monkeypatch.setattr(sys, "argv", [str(checkout / "bench" / "fake.py")])
    results.record(printing("warm"), root=checkout)
    assert sorted(recorded(checkout)) == [f"{python} bench/fake.py", command]


def test_a_run_on_changed_code_or_one_that_raised_is_not_recorded(checkout, capsys):
    (checkout / "bench" / "fake.py").write_text("# edited, not committed\n")
    assert results.record(printing("wall 1.0 s"), root=checkout) == 0
    assert "not recorded" in capsys.readouterr().err
    git(checkout, "checkout", "--", ".")

    def edits_while_running() -> None:
        (checkout / "bench" / "fake.py").write_text("# edited during the run\n")
    results.record(edits_while_running, root=checkout)

    def fails() -> None:
        print("half a figure")
        raise RuntimeError("the benchmark broke")
    git(checkout, "checkout", "--", ".")
    with pytest.raises(RuntimeError):
        results.record(fails, root=checkout)
    assert not (checkout / "bench" / "results.json").exists()
