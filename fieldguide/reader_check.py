"""What a reader gets: each recorded output compared with what `python snippet.py` prints.

    python -m fieldguide.reader_check [--fresh] [--workers N] [topic/name ...]

For every snippet on the reference release (or the ones named), the recorded output must
equal what `python snippets/<topic>/<name>.py` prints when started from the repository
root, as a reader runs it: at a terminal (a pseudo-terminal, so Python buffers its streams
as it does for a person), stdin at end of file, no PYTHON* variables (so the hash seed is
random, as a reader's is), RNGs unseeded, nothing imported ahead of the snippet's own
imports (with one exception, below). The root is a scratch folder holding a copy of the snippet's topic folder at the
same place under snippets/ (the folder a snippet imports from), so files a snippet writes
do not land in the checkout. Both outputs are normalised as the engine normalises its own,
and tracebacks keep only the snippet's frames (as the engine prints them); any other
difference is shown as a diff. Two snippets run at a time (`--workers` for a machine with
more cores); progress is printed as each one finishes.

Starting Python and importing torch is most of a fresh run's time (about 1.4 s), so a snippet
whose first statements are `import torch` (or `from torch ...`), after at most a docstring
and standard-library imports, runs in a fork of an interpreter that has run `import torch`
at a terminal and nothing else (reader_zygote.py), with what that import printed put first.
From there on the child is the reader's interpreter: same state, own terminal, the snippet
at the top level of `__main__`, Python's own shutdown up to the teardown of the modules,
which only `--fresh` runs see (reader_zygote.py says why). One exception: a snippet that calls
a `step()` is forked from an interpreter that has also imported torch._dynamo, which an
optimizer's first step() imports (about 1 s a snippet), so in its run that import comes
before the lines above its first step(). Any other snippet runs in a fresh interpreter, and
so does any snippet whose forked run differs: only a fresh run's output can fail the check.
`--fresh` runs every snippet in a fresh interpreter, as the workflow does once a week.
"""

from __future__ import annotations

import argparse
import ast
import base64
import difflib
import importlib.metadata
import json
import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from fieldguide import tally
from fieldguide.normalize import keep_snippet_frames, normalize
from fieldguide.reader_zygote import read_terminal
from fieldguide.releases import load as load_matrix
from fieldguide.releases import version_key
from fieldguide.snippet import SNIPPETS_DIR, Snippet, SnippetError, keys
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
WORKERS = 2
STARTUP_SECONDS = 60  # a fresh interpreter imports torch before the snippet's own time starts
ZYGOTE = Path(__file__).with_name("reader_zygote.py")


@dataclass(frozen=True)
class Verdict:
    key: str
    seconds: float
    difference: str | None  # why the reader does not see the recording; None when they agree
    fresh: bool = True  # run in a fresh interpreter (else in a fork of one that imported torch)


def reader_env() -> dict:
    return {name: value for name, value in os.environ.items() if not name.startswith("PYTHON")}


# What an optimizer's first step() imports (torch._disable_dynamo): about 1 s of every such
# snippet's run. A snippet that calls a step() is forked from a zygote that has imported it too.
STEP_IMPORTS = ("torch._dynamo",)


def forked_from(source: str) -> tuple[str, ...] | None:
    """How a snippet may run forked: None when it must run fresh, else what the zygote it is
    forked from imports beyond torch.

    Forked when the first statement that is not a docstring or a standard-library import
    imports torch: then nothing the snippet does can change what `import torch` does. Not
    when it imports gc, whose reports a fork of a frozen heap changes (reader_zygote.py)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    nodes = list(ast.walk(tree))
    if "gc" in {module.partition(".")[0] for node in nodes for module in imported(node)}:
        return None
    for number, statement in enumerate(tree.body):
        if number == 0 and isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
            continue
        tops = {module.partition(".")[0] for module in imported(statement)}
        if "torch" in tops:
            steps = any(isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "step" for node in nodes)
            return STEP_IMPORTS if steps else ()
        if not tops or not tops <= sys.stdlib_module_names:
            return None
    return None


def imported(node: ast.AST) -> list[str]:
    """The modules an import statement names (none for a relative import or another node)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
        return [node.module]
    return []


class Zygote:
    """reader_zygote.py at a terminal of its own, having imported torch and `imports`: runs one
    snippet at a time in a fork."""

    def __init__(self, python: str, imports: tuple[str, ...] = ()):
        self.imports = imports
        self.terminal, process_end = pty.openpty()
        request_read, self.requests = os.pipe()
        replies, reply_write = os.pipe()
        try:
            self.process = subprocess.Popen(
                [python, str(ZYGOTE), str(request_read), str(reply_write), *imports], env=reader_env(),
                stdin=subprocess.DEVNULL, stdout=process_end, stderr=process_end,
                pass_fds=(request_read, reply_write), start_new_session=True,
            )
        finally:
            for fd in (process_end, request_read, reply_write):
                os.close(fd)
        self.replies = os.fdopen(replies, "r")
        if json.loads(self.replies.readline() or "{}").get("ready") is not True:
            self.close()
            raise OSError(f"{ZYGOTE.name} did not start: {self.printed()!r}")
        self.preamble = self.printed()  # what its imports printed at its terminal

    def printed(self) -> bytes:
        output = bytearray()
        while select.select([self.terminal], [], [], 0)[0]:
            try:
                chunk = os.read(self.terminal, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
        return bytes(output)

    def run(self, root: Path, relpath: str, timeout: float) -> tuple[bytes, bool]:
        request = {"root": str(root), "path": relpath, "timeout": timeout}
        os.write(self.requests, (json.dumps(request) + "\n").encode())
        line = self.replies.readline()
        if not line:
            raise OSError(f"{ZYGOTE.name} ended: {self.printed()!r}")
        reply = json.loads(line)
        return self.preamble + base64.b64decode(reply["output"]), reply["finished"]

    def close(self) -> None:
        os.close(self.requests)
        self.replies.close()
        self.process.kill()
        self.process.wait()
        os.close(self.terminal)


class Zygotes:
    """Zygotes by what they import, started when first needed: one per snippet running at once."""

    def __init__(self, python: str):
        self.python = python
        self.lock = threading.Lock()
        self.idle: dict[tuple[str, ...], list[Zygote]] = {}
        self.started: list[Zygote] = []

    def run(self, imports: tuple[str, ...], root: Path, relpath: str, timeout: float) -> tuple[bytes, bool]:
        with self.lock:
            idle = self.idle.setdefault(imports, [])
            zygote = idle.pop() if idle else None
        if zygote is None:
            zygote = Zygote(self.python, imports)
            with self.lock:
                self.started.append(zygote)
        try:
            return zygote.run(root, relpath, timeout)
        finally:
            with self.lock:
                self.idle[imports].append(zygote)

    def close(self) -> None:
        for zygote in self.started:
            zygote.close()


def reader_output(
    snippet: Snippet, python: str, zygotes: Zygotes | None = None, imports: tuple[str, ...] = ()
) -> tuple[str, bool]:
    """(normalised output, finished in time) of `python snippets/<topic>/<name>.py`, forked
    from one of `zygotes` (the one that has imported `imports`) when they are given."""
    with tempfile.TemporaryDirectory(prefix="fieldguide-reader-") as scratch:
        scratch_root = Path(scratch).resolve()
        topic = Path(SNIPPETS_DIR, snippet.topic)
        shutil.copytree(snippet.root / topic, scratch_root / topic, ignore=shutil.ignore_patterns("__pycache__"))
        timeout = snippet.timeout + STARTUP_SECONDS
        if zygotes is None:
            raw, finished = run_at_terminal([python, snippet.relpath], scratch_root, reader_env(), timeout)
        else:
            raw, finished = zygotes.run(imports, scratch_root, snippet.relpath, timeout)
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
    deadline = time.monotonic() + timeout
    try:
        output, _ = read_terminal(terminal, deadline)
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
    return output, finished


def check(snippet: Snippet, version: str, python: str, zygotes: Zygotes | None = None) -> Verdict:
    """The verdict of a fresh run, or of a forked one from `zygotes` where it may stand for one
    and agrees with the recording."""
    started = time.monotonic()
    recorded = OutputStore(snippet.root).recorded(snippet.key, version)
    if recorded is None:
        return Verdict(snippet.key, 0.0, f"{snippet.relpath} has no recorded output for torch {version}.")
    path, text = recorded
    expected = keep_snippet_frames(text, snippet.relpath)
    imports = forked_from(snippet.path.read_text(encoding="utf-8"))
    if zygotes is not None and imports is not None:
        try:
            actual, finished = reader_output(snippet, python, zygotes, imports)
        except OSError:  # a zygote that failed: the fresh run below decides
            finished = False
        if finished and actual == expected:
            return Verdict(snippet.key, time.monotonic() - started, None, fresh=False)
    actual, finished = reader_output(snippet, python)
    seconds = time.monotonic() - started
    if not finished:
        return Verdict(snippet.key, seconds, f"`python {snippet.relpath}` did not finish in time.")
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
    root: Path, selected: list[str], version: str, python: str, log=print, workers: int = WORKERS,
    fresh: bool = False,
) -> list[Verdict]:
    """Check the `selected` snippets, `workers` at a time, logging one line per finished one;
    with `fresh`, each in a fresh interpreter."""
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
    with ExitStack() as stack, ThreadPoolExecutor(workers) as pool:
        zygotes = None if fresh else Zygotes(python)
        if zygotes is not None:
            stack.callback(zygotes.close)
        futures = [pool.submit(check, snippet, version, python, zygotes) for snippet in runnable]
        for done, future in enumerate(as_completed(futures), 1):
            verdict = future.result()
            verdicts.append(verdict)
            state = "same" if verdict.difference is None else "DIFFERS"
            how = "fresh" if verdict.fresh else "forked"
            log(f"[{done:>3}/{len(runnable)}] {verdict.key:<55} {state:7} {how:6} {verdict.seconds:5.1f} s")
    return sorted(verdicts, key=lambda verdict: verdict.key)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fieldguide.reader_check", description=__doc__.splitlines()[0])
    parser.add_argument("keys", nargs="*", metavar="topic/name", help="check only these snippets")
    parser.add_argument("--workers", type=int, default=WORKERS, help="snippets run at a time")
    parser.add_argument("--fresh", action="store_true", help="run every snippet in a fresh interpreter")
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
        ROOT, selected, version, sys.executable, log=lambda line: print(line, flush=True), workers=args.workers,
        fresh=args.fresh,
    )
    differing = [verdict for verdict in verdicts if verdict.difference is not None]
    for verdict in differing:
        print(f"\n=== {verdict.key}: a reader does not see the recorded output ===\n{verdict.difference}")
    forked = sum(not verdict.fresh for verdict in verdicts)
    print(f"\n{len(verdicts) - len(differing)} of {len(verdicts)} snippets print what was recorded "
          f"({forked} forked after `import torch`, the rest fresh; {time.monotonic() - start:.0f} s).")
    if differing:
        print("differ: " + ", ".join(verdict.key for verdict in differing))
    tally.add("reader check", len(verdicts) - len(differing), len(differing))
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
