"""Run snippets on a warm fork server for one PyTorch environment.

    engine = Engine(python="path/to/bin/python", root=repo_root)
    engine.submit_all(snippets)        # queued; the server runs `workers` at a time
    result = engine.result(snippet)    # blocks until that snippet is done

Results arrive in completion order and are handed out by snippet, so what a caller sees
never depends on scheduling. How a child runs its snippet (scratch working directory,
output cap, hidden seed and the second run with another one) is described in forkserver.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path

from fieldguide.normalize import normalize
from fieldguide.releases import version_key
from fieldguide.snippet import Snippet

FORKSERVER = Path(__file__).with_name("forkserver.py")
# The terminal tool (explain/), which a reader installs with `pip install ./explain`: importable
# by the snippets of every release (its page runs it), as .venv has it installed.
EXPLAIN = Path(__file__).resolve().parents[1] / "explain"


class EngineError(Exception):
    """The fork server could not start or died; the message carries its stderr."""


# How to seed each global generator the fork server watches, for the message to the author.
SEED_CALLS = {"torch": "torch.manual_seed(0)", "random": "random.seed(0)", "numpy": "numpy.random.seed(0)"}


@dataclass(frozen=True)
class Result:
    status: str  # "finished", "timeout", "too_much_output" or "crashed"
    output: str  # normalized: what a reader sees, byte-stable (cut at the cap if too long)
    seconds: float
    raised: str | None = None
    exit_code: int | None = None
    signal: str | None = None
    graph: str | None = None  # JSON lines from autograd_graph.py, for `# graph:` snippets
    graph_error: str | None = None
    compile_error: bool = False  # the snippet is not valid Python; `raised` says how
    unseeded: tuple[str, ...] = ()  # global generators it drew from before seeding them
    reseeded_output: str | None = None  # its output when those started from another seed

    def problem(self, snippet: Snippet, version: str | None = None) -> str | None:
        """Why this run cannot stand for the snippet, or None when it ended as declared on
        the release `version` (None: any type the snippet declares for some release)."""
        declared = snippet.raises_on(version)
        if version is None and self.raised in {kind for kind, _ in snippet.raises_before}:
            declared = self.raised
        if self.status == "timeout":
            return (
                f"{snippet.relpath} did not finish within {snippet.timeout:g} s and was killed. "
                "If it is meant to run longer, declare '# timeout: SECONDS' at its top."
            )
        if self.status == "crashed":
            how = f"signal {self.signal}" if self.signal else f"exit status {self.exit_code}"
            return f"{snippet.relpath} crashed the interpreter ({how}) before it finished."
        if self.status == "too_much_output":
            return (
                f"{snippet.relpath} printed more than {snippet.max_output} bytes and was stopped "
                "(its first bytes are below). A page shows all of a snippet's output: print less, "
                "or declare '# max-output: BYTES' at its top if a long output is the point."
            )
        if self.compile_error and self.raised != declared:
            return (
                f"{snippet.relpath} is not valid Python: like `python {snippet.relpath}`, the "
                f"engine stopped at the {self.raised} below before running any line of it."
            )
        if declared and self.raised != declared:
            got = f"raised {self.raised}" if self.raised else "raised nothing"
            on = f" on torch {version}" if version else ""
            return (
                f"{snippet.relpath} declares that it raises {declared}{on} but {got}. "
                "The page's prose depends on that error: fix the snippet, or change the "
                "declaration if the error itself changed."
            )
        if self.raised and not snippet.raises:
            return (
                f"{snippet.relpath} raised {self.raised} but declares no exception. "
                f"If the error is the point, add '# raises: {self.raised}' at its top."
            )
        if snippet.reference and (wrong := reference_problem(self.output, snippet.reference)):
            return f"{snippet.relpath} declares '# reference: {snippet.reference}' but {wrong}"
        if self.reseeded_output is not None and self.reseeded_output != self.output:
            generators = " and ".join(self.unseeded)
            calls = " and ".join(SEED_CALLS[name] for name in self.unseeded)
            change = _first_change(self.output, self.reseeded_output)
            return (
                f"{snippet.relpath} draws random numbers from {generators} before seeding, and "
                f"prints something else when the engine's hidden seed changes ({change}). A "
                "reader who runs it gets a seed by chance and would not see the page's output: "
                f"seed it at its top ({calls})."
            )
        if self.graph_error:
            return f"{snippet.relpath}: {self.graph_error}. Fix the name in its '# graph:' line."
        if self.exit_code and not self.raised:
            return f"{snippet.relpath} exited with status {self.exit_code}."
        return None


def reference_problem(output: str, label: str) -> str | None:
    """Why the output does not prove a fix's gradients right: every line `label: …` must
    say True, and there must be one."""
    said = [line.strip() for line in output.splitlines() if line.strip().startswith(f"{label}:")]
    if wrong := [line for line in said if line != f"{label}: True"]:
        return (
            f"printed {wrong[0]!r}: its gradients are not the reference's, so the fix silences "
            "the error and leaves a wrong gradient. Fix what the snippet computes, not the check."
        )
    if not said:
        return (
            f"never printed '{label}: True'. Compare its gradients with a reference computed "
            f"another way and print the result: print({label!r} + ':', same)."
        )
    return None


class Engine:
    def __init__(
        self, python: str, root: Path, workers: int = 2, env: dict[str, str] | None = None, warm: bool = True
    ):
        """`env`: variables the server and its snippets run with besides the usual ones (a
        CPU capability for torch's kernels, say). `warm`: the server imports what torch
        imports lazily (forkserver.py's WARM_IMPORTS) once for all children; for a single
        snippet that costs more than it saves, and its child imports what it uses itself."""
        self.root = Path(root)
        self._stderr = tempfile.TemporaryFile()
        env = {**os.environ, **(env or {}), "PYTHONHASHSEED": "0", "OMP_NUM_THREADS": "1",
               "PYTHONPATH": os.pathsep.join(filter(None, [str(EXPLAIN), os.environ.get("PYTHONPATH")]))}
        env.pop("PYTHONWARNINGS", None)
        self._process = subprocess.Popen(
            [python, str(FORKSERVER), str(self.root), str(workers), "warm" if warm else "cold"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            env=env,
            text=True,
            encoding="utf-8",
        )
        # Both exist, asked for as pipes (Popen types them as optional for the other cases).
        assert self._process.stdin is not None and self._process.stdout is not None
        self._requests = self._process.stdin
        self._replies = self._process.stdout
        self._torch_version: str | None = None
        self._next_id = 0
        self._ids: dict[str, int] = {}
        self._snippets: dict[int, Snippet] = {}
        self._done: dict[int, Result] = {}

    def torch_version(self) -> str:
        """The server's `torch.__version__` without a local build tag (2.13.0+cpu -> 2.13.0).

        The first call waits for the server's ready line: the server imports torch while
        the caller goes on with its own work.
        """
        if self._torch_version is None:
            self._torch_version = version_key(self._read()["torch"]).public
        return self._torch_version

    def submit(self, snippet: Snippet, again: bool = False) -> None:
        """Queue a run; a snippet already queued is not run twice unless `again` (its
        file changed), and `result` then waits for the newest run."""
        if snippet.key in self._ids and not again:
            return
        self._next_id += 1
        self._ids[snippet.key] = self._next_id
        self._snippets[self._next_id] = snippet
        request = {
            "id": self._next_id,
            "path": snippet.relpath,
            "timeout": snippet.timeout,
            "max_output": snippet.max_output,
            "graph": list(snippet.graph),
        }
        self._requests.write(json.dumps(request) + "\n")
        self._requests.flush()

    def submit_all(self, snippets) -> None:
        for snippet in snippets:
            self.submit(snippet)

    def result(self, snippet: Snippet) -> Result:
        self.submit(snippet)
        wanted = self._ids[snippet.key]
        self.torch_version()  # the ready line comes before any result
        while wanted not in self._done:
            reply = self._read()
            reseeded = reply.get("reseeded_output")
            self._done[reply.pop("id")] = Result(
                status=reply["status"],
                output=normalize(reply["output"], self.root),
                seconds=reply["seconds"],
                raised=reply.get("raised"),
                exit_code=reply.get("exit_code"),
                signal=reply.get("signal"),
                graph=reply.get("graph"),
                graph_error=reply.get("graph_error"),
                compile_error=reply.get("compile_error", False),
                unseeded=tuple(reply.get("unseeded", ())),
                reseeded_output=None if reseeded is None else normalize(reseeded, self.root),
            )
        return self._done.pop(wanted)

    def _read(self) -> dict:
        line = self._replies.readline()
        if not line:
            self._process.wait()
            self._stderr.seek(0)
            log = self._stderr.read().decode("utf-8", errors="replace")
            raise EngineError(
                f"the snippet engine stopped (exit status {self._process.returncode}):\n{log}"
            )
        return json.loads(line)

    def close(self) -> None:
        if self._process.poll() is None:
            self._requests.close()
            try:
                self._process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._stderr.close()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _first_change(before: str, after: str) -> str:
    """Where two different outputs part: 'line N, OLD, became NEW'."""
    lines = zip_longest(before.splitlines(keepends=True), after.splitlines(keepends=True), fillvalue="")
    number, old, new = next((n, a, b) for n, (a, b) in enumerate(lines, 1) if a != b)
    return f"line {number}, {old!r}, became {new!r}"
