"""The closing line of `.ci/run`: every part's counts, and a broken part never ends clean."""

import os
import subprocess
import sys
from pathlib import Path

from fieldguide import tally

ROOT = Path(__file__).resolve().parents[1]
# Each command below takes seconds; a hung one fails its test (naming it) instead of the suite.
COMMAND_TIMEOUT_S = 120


def test_counts_add_up_across_parts(tmp_path, monkeypatch):
    path = tmp_path / "tally.jsonl"
    monkeypatch.setenv(tally.ENV, str(path))
    tally.add("test suite", 426, 0)
    tally.add("reader check", 243, 1)
    tally.add("matrix torch 2.0.1", 245, 0)
    passed, failed, lines = tally.close(path, {"test suite": 0, "reader check": 1, "matrix": 0})
    assert (passed, failed) == (914, 1)
    assert lines[1] == "reader check: 243 passed, 1 failed"


def test_a_part_that_failed_without_counting_is_one_failure(tmp_path, monkeypatch):
    path = tmp_path / "tally.jsonl"
    monkeypatch.setenv(tally.ENV, str(path))
    tally.add("matrix torch 2.0.1", 245, 0)
    passed, failed, lines = tally.close(path, {"test suite": 2, "matrix": 1})
    assert (passed, failed) == (245, 2)
    assert "test suite: exited with status 2 without counting a failed check" in lines
    assert "matrix: exited with status 1 without counting a failed check" in lines


def test_a_part_counted_under_a_longer_name_is_not_counted_twice(tmp_path, monkeypatch):
    """The matrix counts itself per release ("matrix torch 2.0.1"): its failing status is then
    the failure it counted, not one more."""
    path = tmp_path / "tally.jsonl"
    monkeypatch.setenv(tally.ENV, str(path))
    tally.add("matrix torch 2.0.1", 244, 1)
    tally.add("matrixes", 1, 0)
    assert tally.close(path, {"matrix": 1})[:2] == (245, 1)
    assert tally.close(path, {"matrixes": 1})[:2] == (245, 2)


def test_the_command_ends_with_the_closing_line(tmp_path):
    path = tmp_path / "tally.jsonl"
    path.write_text('{"part": "test suite", "passed": 3, "failed": 0}\n')
    run = subprocess.run([sys.executable, "-m", "fieldguide.tally", str(path), "test suite=0"],
                         cwd=ROOT, capture_output=True, text=True, timeout=COMMAND_TIMEOUT_S)
    assert run.returncode == 0
    assert run.stdout.splitlines()[-1] == "3 passed, 0 failed"
    path.write_text('{"part": "test suite", "passed": 3, "failed": 1}\n')
    run = subprocess.run([sys.executable, "-m", "fieldguide.tally", str(path), "test suite=1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=COMMAND_TIMEOUT_S)
    assert (run.returncode, run.stdout.splitlines()[-1]) == (1, "3 passed, 1 failed")


def test_main_prints_each_part_then_the_total_and_refuses_bad_arguments(tmp_path, capsys):
    path = tmp_path / "tally.jsonl"
    path.write_text('{"part": "test suite", "passed": 3, "failed": 0}\n'
                    '{"part": "matrix torch 2.0.1", "passed": 5, "failed": 0}\n')
    assert tally.main([str(path), "test suite=0", "matrix=0"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "test suite: 3 passed, 0 failed", "matrix torch 2.0.1: 5 passed, 0 failed", "8 passed, 0 failed"]
    assert tally.main([str(path), "test suite=0", "reader check=2"]) == 1
    assert capsys.readouterr().out.splitlines()[-2:] == [
        "reader check: exited with status 2 without counting a failed check", "8 passed, 1 failed"]
    assert tally.main([str(path), "reader check=2", "test suite=0"]) == 1  # the first part named counts too
    assert capsys.readouterr().out.splitlines()[-1] == "8 passed, 1 failed"
    for bad in ([], [str(path), "test suite"]):
        assert tally.main(bad) == 2
        assert capsys.readouterr().err == tally.__doc__ + "\n"


def test_pytest_sessions_count_themselves(tmp_path):
    """The plugin writes a session's own counts: one passing and one failing test here."""
    (tmp_path / "test_two.py").write_text("def test_ok():\n    pass\n\ndef test_bad():\n    assert False\n")
    path = tmp_path / "tally.jsonl"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", str(ROOT / "pyproject.toml"),
         str(tmp_path / "test_two.py")],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, tally.ENV: str(path)},
        timeout=COMMAND_TIMEOUT_S,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert tally.read(path) == [{"part": "test suite", "passed": 1, "failed": 1}]
