"""The warm process: imports torch once, then forks one child per snippet.

Run by `engine.py` as `python forkserver.py ROOT WORKERS` with the interpreter of the
PyTorch version under test, so it uses only the standard library (the version's own
environment need not contain this package).

Protocol: JSON lines. Requests on stdin: {"id", "path", "timeout", "graph"}. Replies on
the original stdout: first {"ready": true, "torch": VERSION}, then one reply per request
(in completion order) with the raw captured output, how the run ended and, when the
request named tensors in "graph", their autograd graph (see autograd_graph.py).

The parent never runs a torch op: forking after torch has started its thread pools can
deadlock the child. Every child starts from the same just-imported state, so grad mode,
anomaly mode, default dtype and hooks are pristine; RNGs are seeded in the child.
"""

import builtins
import importlib
import io
import json
import os
import selectors
import signal
import sys
import tempfile
import time
import traceback
from collections import deque

WARM_IMPORTS = ("numpy", "torch._dynamo")


def main() -> None:
    root, workers = os.path.abspath(sys.argv[1]), int(sys.argv[2])
    os.chdir(root)
    # Replies get a private copy of stdout; anything else printing to fd 1 lands on stderr.
    reply_fd = os.dup(1)
    os.dup2(2, 1)
    import torch  # (the one import this process exists to pay for)

    import autograd_graph  # noqa: F401  (this file's folder is sys.path[0]; imported once, here)

    # Modules torch imports lazily on first use: paid here once instead of in every child.
    # numpy for .numpy(); torch._dynamo is pulled in by the first optimizer.step() (~1 s on
    # recent releases, absent on 1.13). Importing them runs no torch op and starts no thread.
    for module in WARM_IMPORTS:
        try:
            importlib.import_module(module)
        except ImportError:
            pass
    import gc

    gc.freeze()  # keep the imported heap out of the children's copy-on-write faults
    Server(root, workers, reply_fd).serve(torch.__version__)


class Server:
    def __init__(self, root: str, workers: int, reply_fd: int):
        self.root = root
        self.workers = workers
        self.reply = os.fdopen(reply_fd, "w", encoding="utf-8")
        self.scratch = tempfile.mkdtemp(prefix="fieldguide-")
        self.pending: deque = deque()
        self.running: dict = {}  # pidfd -> job
        self.selector = selectors.DefaultSelector()
        self.selector.register(0, selectors.EVENT_READ)
        self.inbuf = b""
        self.eof = False

    def send(self, message: dict) -> None:
        self.reply.write(json.dumps(message) + "\n")
        self.reply.flush()

    def serve(self, torch_version: str) -> None:
        self.send({"ready": True, "torch": torch_version, "pid": os.getpid()})
        while not (self.eof and not self.pending and not self.running):
            while self.pending and len(self.running) < self.workers:
                self.start(self.pending.popleft())
            deadlines = [job["deadline"] for job in self.running.values()]
            wait = max(0.0, min(deadlines) - time.monotonic()) if deadlines else None
            for key, _ in self.selector.select(wait):
                if key.fd == 0:
                    self.read_requests()
                else:
                    self.finish(key.fd, timed_out=False)
            now = time.monotonic()
            for pidfd, job in list(self.running.items()):
                if now >= job["deadline"]:
                    os.killpg(job["pid"], signal.SIGKILL)
                    self.finish(pidfd, timed_out=True)
        os.rmdir(self.scratch)

    def read_requests(self) -> None:
        chunk = os.read(0, 65536)
        if not chunk:
            self.eof = True
            self.selector.unregister(0)
            return
        self.inbuf += chunk
        *lines, self.inbuf = self.inbuf.split(b"\n")
        self.pending.extend(json.loads(line) for line in lines if line.strip())

    def start(self, request: dict) -> None:
        out_path = os.path.join(self.scratch, f"{request['id']}.out")
        meta_path = os.path.join(self.scratch, f"{request['id']}.json")
        sys.stdout.flush()
        sys.stderr.flush()
        started = time.monotonic()
        pid = os.fork()
        if pid == 0:
            # Drop the parent's descriptors so a stray child never holds the pipes open.
            for fd in [0, self.reply.fileno(), self.selector._selector.fileno(), *self.running]:
                os.close(fd)
            run_child(request["path"], request.get("graph", []), out_path, meta_path)
        pidfd = os.pidfd_open(pid)
        self.selector.register(pidfd, selectors.EVENT_READ)
        self.running[pidfd] = {
            "pid": pid,
            "request": request,
            "out": out_path,
            "meta": meta_path,
            "started": started,
            "deadline": started + float(request["timeout"]),
        }

    def finish(self, pidfd: int, timed_out: bool) -> None:
        job = self.running.pop(pidfd)
        self.selector.unregister(pidfd)
        os.close(pidfd)
        _, status = os.waitpid(job["pid"], 0)
        seconds = time.monotonic() - job["started"]
        try:
            with open(job["out"], "rb") as f:
                output = f.read().decode("utf-8", errors="replace")
            os.unlink(job["out"])
        except FileNotFoundError:
            output = ""
        try:
            with open(job["meta"], encoding="utf-8") as f:
                meta = json.load(f)
            os.unlink(job["meta"])
        except (FileNotFoundError, ValueError):
            meta = None  # the child died before it could say how the snippet ended
        reply = {"id": job["request"]["id"], "output": output, "seconds": seconds}
        if timed_out:
            reply["status"] = "timeout"
        elif os.WIFSIGNALED(status):
            reply.update(status="crashed", signal=signal.Signals(os.WTERMSIG(status)).name)
        elif meta is None:
            reply.update(status="crashed", exit_code=os.WEXITSTATUS(status))
        else:
            reply.update(status="finished", **meta)
        self.send(reply)


def run_child(relpath: str, graph: list, out_path: str, meta_path: str) -> None:
    """Execute one snippet the way `python RELPATH` would, then _exit. Never returns."""
    exit_code = 0
    raised = None
    meta = {}
    try:
        os.setsid()  # own process group: a timeout kills anything the snippet started too
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        out = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(out, 1)
        os.dup2(out, 2)
        # Line buffering on both streams keeps prints and warnings in terminal order.
        sys.stdout = io.TextIOWrapper(
            io.FileIO(1, "w", closefd=False), encoding="utf-8", line_buffering=True
        )
        sys.stderr = io.TextIOWrapper(
            io.FileIO(2, "w", closefd=False),
            encoding="utf-8",
            errors="backslashreplace",
            line_buffering=True,
        )
        seed_rngs()
        with open(relpath, encoding="utf-8") as f:
            code = compile(f.read(), relpath, "exec")
        sys.argv = [relpath]
        sys.path[0] = os.path.dirname(os.path.abspath(relpath))
        module_globals = {"__name__": "__main__", "__file__": relpath, "__builtins__": builtins}
        try:
            exec(code, module_globals)
        except SystemExit as stop:
            exit_code = _system_exit_code(stop)
        except BaseException as error:  # noqa: BLE001  (report it as the interpreter would)
            raised = type(error).__name__
            exit_code = 1
            sys.stdout.flush()
            sys.stderr.write(format_uncaught(error, relpath))
        sys.stdout.flush()
        sys.stderr.flush()
        if graph:
            # Drawn after the last line, from what the snippet left behind; also after an
            # uncaught error, so a page can show the graph that made backward() fail.
            import autograd_graph

            try:
                meta["graph"] = autograd_graph.describe(graph, module_globals)
            except autograd_graph.GraphError as error:
                meta["graph_error"] = str(error)
        with open(meta_path, "w", encoding="utf-8") as f:
            json.dump({"raised": raised, "exit_code": exit_code, **meta}, f)
    except BaseException:  # noqa: BLE001  (a broken harness must still not return into the server)
        traceback.print_exc()
        os._exit(70)
    os._exit(exit_code)


def seed_rngs() -> None:
    import random

    import torch

    random.seed(0)
    torch.manual_seed(0)
    try:
        import numpy

        numpy.random.seed(0)
    except ImportError:
        pass


def _system_exit_code(stop: SystemExit) -> int:
    if stop.code is None or isinstance(stop.code, int):
        return stop.code or 0
    print(stop.code, file=sys.stderr)
    return 1


def format_uncaught(error: BaseException, relpath: str) -> str:
    """The traceback a reader sees, keeping only the snippet's own frames.

    Frames inside torch differ between releases; the snippet's lines and the final
    `ExcType: message` are what the page explains.
    """
    summary = traceback.TracebackException(type(error), error, error.__traceback__)
    seen = set()
    todo = [summary]
    while todo:
        current = todo.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        current.stack = traceback.StackSummary.from_list(
            [frame for frame in current.stack if frame.filename == relpath]
        )
        todo += [current.__cause__, current.__context__]
    return "".join(summary.format())


if __name__ == "__main__":
    main()
