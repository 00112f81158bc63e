"""What the benchmarks printed, kept in bench/results.json with the command and the commit.

Each benchmark runs its `main` through `record`: what it prints still goes to the terminal,
and when it returns, its entry in results.json (keyed by the command, so a run replaces the
last run of the same command) holds every line it printed, the commit it ran on
(`git rev-parse --short HEAD`), its exit status, the machine's CPU count and its load (the
1-minute load average as the run started: on a shared machine, how busy it was). A run on a
checkout whose tracked files differ from that commit (results.json aside) is not recorded:
its figures would be attributed to code that did not run. Neither is a run that raised.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path("bench") / "results.json"


class _Tee(io.TextIOBase):
    """Writes to the terminal and keeps a copy."""

    def __init__(self, terminal):
        self.terminal, self.kept = terminal, io.StringIO()

    def write(self, text: str) -> int:
        self.kept.write(text)
        return self.terminal.write(text)

    def flush(self) -> None:
        self.terminal.flush()


def command(root: Path) -> str:
    """The command that runs this benchmark, as typed in the checkout's root."""
    python = Path(sys.executable)
    python_words = str(python.relative_to(root)) if python.is_relative_to(root) else python.name
    script = Path(sys.argv[0]).resolve().relative_to(root)
    return shlex.join([python_words, str(script), *sys.argv[1:]])


def checkout(root: Path) -> tuple[str, list[str]]:
    """The commit checked out, and the tracked files that differ from it (results.json aside)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True).stdout

    changed = git("status", "--porcelain", "--untracked-files=no", "--", ".", f":!{RESULTS}").splitlines()
    return git("rev-parse", "--short", "HEAD").strip(), changed


def record(main: Callable[..., int | None], *args, root: Path = ROOT) -> int:
    """Run `main(*args)`, printing as it does, then keep what it printed in results.json.
    Returns its exit status."""
    commit, changed = checkout(root)
    load = os.getloadavg()[0]
    tee = _Tee(sys.stdout)
    with contextlib.redirect_stdout(tee):
        status = main(*args) or 0
    after, changed_after = checkout(root)
    if changed or changed_after or after != commit:
        print(f"not recorded in {RESULTS}: the checkout is not commit {commit} as it is "
              f"({', '.join(line[3:] for line in changed + changed_after) or 'HEAD moved'})", file=sys.stderr)
        return status
    path = root / RESULTS
    results = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    results[command(root)] = {"commit": commit, "exit_status": status, "cpus": os.cpu_count(),
                              "load_at_start": round(load, 2), "printed": tee.kept.getvalue().splitlines()}
    path.write_text(json.dumps(dict(sorted(results.items())), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"recorded in {RESULTS}", file=sys.stderr)
    return status
