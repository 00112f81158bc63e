"""How much the snippet suite costs compared with what the machine cannot avoid.

    .venv/bin/python bench/snippets.py

Prints, from one run on the installed (reference) PyTorch:
  T_suite  the snippet tests as `make test` runs them (pytest, capture, normalise, compare)
  T_limit  one interpreter importing torch once and executing every snippet in sequence,
           with no capture and no comparison: the floor for a single core
  T_naive  one fresh `python snippet.py` process per snippet, in sequence
plus T_suite/T_limit, T_naive/T_suite, the snippet count and the `mkdocs build` time.
Ratios are taken within this one run because the machine is shared and noisy.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import results

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fieldguide.snippet import discover  # noqa: E402

# Executes every snippet in one interpreter; errors the snippets raise on purpose are
# swallowed, output is thrown away.
LIMIT_PROGRAM = """
import contextlib, io, sys, torch
for path in sys.argv[1:]:
    code = compile(open(path).read(), path, "exec")
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            exec(code, {"__name__": "__main__", "__file__": path})
        except BaseException:
            pass
"""
# Far above what any one command here should take (the longest is the whole snippet suite):
# a hung one ends the benchmark with an error naming it instead of blocking it.
COMMAND_TIMEOUT_S = 600


def timed(command: list[str], **kwargs) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=kwargs.pop("check", True), timeout=COMMAND_TIMEOUT_S, **kwargs)
    return time.perf_counter() - start


def main() -> None:
    python = sys.executable
    paths = [s.relpath for s in discover(ROOT)]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}

    suite = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_snippets.py"]
    t_suite = timed(suite, env=env, **quiet)  # raises if the suite fails: no figure for a broken run
    t_limit = timed([python, "-c", LIMIT_PROGRAM, *paths], **quiet)
    t_naive = sum(timed([python, path], check=False, **quiet) for path in paths)
    with tempfile.TemporaryDirectory() as site:
        t_build = timed([python, "-m", "mkdocs", "build", "--site-dir", site], env=env, **quiet)

    print(f"snippets           {len(paths)}")
    print(f"T_suite            {t_suite:7.2f} s")
    print(f"T_limit            {t_limit:7.2f} s")
    print(f"T_naive            {t_naive:7.2f} s")
    print(f"T_suite / T_limit  {t_suite / t_limit:7.2f}   (target <= 1.5)")
    print(f"T_naive / T_suite  {t_naive / t_suite:7.2f}   (target >= 10 at 60 snippets)")
    print(f"mkdocs build       {t_build:7.2f} s   (target <= 10)")


if __name__ == "__main__":
    sys.exit(results.record(main))
