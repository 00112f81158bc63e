"""What a reader gets: each recorded output compared with what `python snippet.py` prints.

    python -m fieldguide.reader_check [--workers N] [topic/name ...]

For every snippet on the reference release (or the ones named), the recorded output must
equal what `python snippets/<topic>/<name>.py` prints in a fresh interpreter started from
the repository root, as a reader runs it: at a terminal (a pseudo-terminal, so Python
buffers its streams as it does for a person), stdin at end of file, no PYTHON* variables
(so the hash seed is random, as a reader's is), RNGs unseeded. The root is a scratch
folder holding a copy of the snippet's topic folder at the same place under snippets/
(the folder a snippet imports from), so files a snippet writes do not land in the checkout.
Both outputs are normalised as the engine normalises its own, and tracebacks keep only the
snippet's frames (as the engine prints them); any other difference is shown as a diff. Two
snippets run at a time (`--workers` for a machine with more cores); progress is printed as
each one finishes.
"""

from __future__ import annotations

import argparse
import difflib
import importlib.metadata
import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from fieldguide import tally
from fieldguide.normalize import keep_snippet_frames, normalize
from fieldguide.releases import load as load_matrix
from fieldguide.releases import version_key
from fieldguide.snippet import SNIPPETS_DIR, Snippet, SnippetError, keys
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
WORKERS = 2
STARTUP_SECONDS = 60  # a fresh interpreter imports torch before the snippet's own time starts


@dataclass(frozen=True)
class Verdict:
    key: str
    seconds: float
    difference: str | None  # why the reader does not see the recording; None when they agree


def reader_output(snippet: Snippet, python: str) -> tuple[str, bool]:
    """(normalised output, finished in time) of `python snippets/<topic>/<name>.py`."""
    with tempfile.TemporaryDirectory(prefix="fieldguide-reader-") as scratch:
        scratch_root = Path(scratch).resolve()
        topic = Path(SNIPPETS_DIR, snippet.topic)
        shutil.copytree(snippet.root / topic, scratch_root / topic, ignore=shutil.ignore_patterns("__pycache__"))
        env = {name: value for name, value in os.environ.items() if not name.startswith("PYTHON")}
        raw, finished = run_at_terminal(
            [python, snippet.relpath], scratch_root, env, snippet.timeout + STARTUP_SECONDS
        )
        text = normalize(raw.decode("utf-8", errors="replace"), scratch_root)
    return keep_snippet_frames(text, snippet.relpath), finished


def run_at_terminal(command: list[str], cwd: Path, env: dict, timeout: float) -> tuple[bytes, bool]:
    """Everything `command` writes to its terminal, and whether it ended within `timeout`."""
    terminal, process_end = pty.openpty()
    try:
        process = subprocess.Popen(
            command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=process_end,
            stderr=process_end, start_new_session=True,
        )
    finally:
        os.close(process_end)
    output = bytearray()
    deadline = time.monotonic() + timeout
    try:
        while select.select([terminal], [], [], max(0.0, deadline - time.monotonic()))[0]:
            try:
                chunk = os.read(terminal, 65536)
            except OSError:  # EIO: the last process holding the terminal has closed it
                break
            if not chunk:
                break
            output += chunk
        process.wait(timeout=max(0.0, deadline - time.monotonic()))
        finished = True
    except subprocess.TimeoutExpired:
        finished = False
    finally:
        os.close(terminal)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            finished = False
    return bytes(output), finished


def check(snippet: Snippet, version: str, python: str) -> Verdict:
    started = time.monotonic()
    recorded = OutputStore(snippet.root).recorded(snippet.key, version)
    if recorded is None:
        return Verdict(snippet.key, 0.0, f"{snippet.relpath} has no recorded output for torch {version}.")
    path, text = recorded
    actual, finished = reader_output(snippet, python)
    seconds = time.monotonic() - started
    if not finished:
        return Verdict(snippet.key, seconds, f"`python {snippet.relpath}` did not finish in time.")
    expected = keep_snippet_frames(text, snippet.relpath)
    if actual == expected:
        return Verdict(snippet.key, seconds, None)
    diff = difflib.unified_diff(
        expected.splitlines(keepends=True),
        actual.splitlines(keepends=True),
        fromfile=f"{path.relative_to(snippet.root)} (recorded, torch {version})",
        tofile=f"python {snippet.relpath} (what a reader sees)",
    )
    return Verdict(snippet.key, seconds, "".join(diff))


def check_all(
    root: Path, selected: list[str], version: str, python: str, log=print, workers: int = WORKERS
) -> list[Verdict]:
    """Check the `selected` snippets, `workers` at a time, logging one line per finished one."""
    verdicts = []
    runnable = []
    for key in selected:
        try:
            snippet = Snippet.load(root, *key.split("/"))
        except SnippetError as error:
            verdicts.append(Verdict(key, 0.0, str(error)))
            continue
        if snippet.runs_on(version):
            runnable.append(snippet)
    with ThreadPoolExecutor(workers) as pool:
        futures = [pool.submit(check, snippet, version, python) for snippet in runnable]
        for done, future in enumerate(as_completed(futures), 1):
            verdict = future.result()
            verdicts.append(verdict)
            state = "same" if verdict.difference is None else "DIFFERS"
            log(f"[{done:>3}/{len(runnable)}] {verdict.key:<55} {state:7} {verdict.seconds:5.1f} s")
    return sorted(verdicts, key=lambda verdict: verdict.key)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fieldguide.reader_check", description=__doc__.splitlines()[0])
    parser.add_argument("keys", nargs="*", metavar="topic/name", help="check only these snippets")
    parser.add_argument("--workers", type=int, default=WORKERS, help="snippets run at a time")
    args = parser.parse_args(argv)
    version = load_matrix(ROOT).reference
    installed = version_key(importlib.metadata.version("torch")).public
    if installed != version:
        print(f"this environment has torch {installed}, but the reference release is {version}; "
              "run the check with the project's .venv (`make reader-check`)")
        return 2
    selected = args.keys or keys(ROOT)
    print(f"running {len(selected)} snippets as `python snippets/<topic>/<name>.py`, torch {version}", flush=True)
    start = time.monotonic()
    verdicts = check_all(
        ROOT, selected, version, sys.executable, log=lambda line: print(line, flush=True), workers=args.workers
    )
    differing = [verdict for verdict in verdicts if verdict.difference is not None]
    for verdict in differing:
        print(f"\n=== {verdict.key}: a reader does not see the recorded output ===\n{verdict.difference}")
    print(f"\n{len(verdicts) - len(differing)} of {len(verdicts)} snippets print what was recorded "
          f"({time.monotonic() - start:.0f} s).")
    if differing:
        print("differ: " + ", ".join(verdict.key for verdict in differing))
    tally.add("reader check", len(verdicts) - len(differing), len(differing))
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
