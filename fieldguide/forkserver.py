"""The warm process: imports torch once, then forks one child per snippet.

Run by `engine.py` as `python forkserver.py ROOT WORKERS warm|cold` with the interpreter of the
PyTorch version under test, so it uses only the standard library (the version's own
environment need not contain this package).

Protocol: JSON lines. Requests on stdin: {"id", "path", "timeout", "max_output", "graph"}.
Replies on the original stdout: first {"ready": true, "torch": VERSION}, then one reply per
request (in completion order) with the raw captured output, how the run ended and, when
the request named tensors in "graph", their autograd graph (see autograd_graph.py).

A child runs its snippet as `python PATH` from ROOT would: the same `__file__`, `sys.argv`,
`sys.path[0]` and `__main__` module, stdin at end of file, errors (a SyntaxError too)
printed the way Python prints them. Its working directory is an empty scratch folder,
removed afterwards, so files a snippet writes never land in the checkout. Its stdout and
stderr share one pipe that the server drains; past "max_output" bytes the child is killed.

Every child starts with the random, torch and numpy generators seeded with HIDDEN_SEED,
where a reader's run gets a seed by chance. A snippet that draws from one of them before
seeding it itself is run a second time with RESEED, and its reply carries that run's
output as "reseeded_output": the engine fails the snippet when the two differ. Snippets
that seed their generators, or draw none, run once.

The parent never runs a torch op: forking after torch has started its thread pools can
deadlock the child. Every child starts from the same just-imported state, so grad mode,
anomaly mode, default dtype and hooks are pristine.
"""

import builtins
import functools
import importlib
import importlib.machinery
import io
import json
import os
import re
import selectors
import shutil
import signal
import sys
import tempfile
import time
import traceback
import types
from collections import deque
from contextlib import suppress

WARM_IMPORTS = ("numpy", "torch._dynamo")
HIDDEN_SEED = 0
RESEED = 1
# set to explain/'s folder: each child prints the diagnosis of an uncaught error after it
EXPLAIN = "FIELDGUIDE_EXPLAIN"
HARNESS_FAILED = 70  # the child's exit status when the engine itself broke, not the snippet


def main() -> None:
    os.chdir(sys.argv[1])
    root, workers = os.getcwd(), int(sys.argv[2])  # the physical path, as a reader's python sees it
    warm = sys.argv[3] == "warm"
    # Replies get a private copy of stdout; anything else printing to fd 1 lands on stderr.
    reply_fd = os.dup(1)
    os.dup2(2, 1)
    import torch  # (the one import this process exists to pay for)

    # this file's folder is sys.path[0], unknown to mypy; imported once, here
    import autograd_graph  # type: ignore[import-not-found]  # noqa: F401

    # Modules torch imports lazily on first use: paid here once instead of in every child
    # ("warm"; a single snippet's child imports them itself, as a reader's interpreter does).
    # numpy for .numpy(); torch._dynamo is pulled in by the first optimizer.step() (~1 s on
    # recent releases, absent on 1.13). Importing them runs no torch op and starts no thread.
    for module in WARM_IMPORTS if warm else ():
        try:
            importlib.import_module(module)
        except ImportError:
            pass
    import gc

    gc.freeze()  # keep the imported heap out of the children's copy-on-write faults
    if warm:  # a single snippet's fork would not repay it
        collapse_into_huge_pages()
    Server(root, workers, reply_fd).serve(torch.__version__)


MADV_COLLAPSE = 25  # Linux 6.1+: back a range with 2 MB pages now, not when khugepaged gets to it
HUGE_PAGE = 2 << 20


def collapse_into_huge_pages() -> None:
    """Back this process's private anonymous memory (the heap its imports built) with 2 MB
    pages where the kernel can. A fork copies, and a child's exit tears down, one page-table
    entry per page the parent wrote (tens of thousands after a CUDA build's `import torch`),
    and one per 2 MB page instead: a large part of a short snippet's system time, paid in every
    child (`bench/matrix.py` prints the CPU time of the whole matrix). A child that writes to
    a huge page gets a copy of its 4 KB only (the kernels that have MADV_COLLAPSE split the
    page first). Where the kernel lacks it, or transparent huge pages are off, madvise fails
    and nothing changes."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    with open("/proc/self/maps") as maps:
        for line in maps:
            fields = line.split()
            # "rw-p", no file behind it (inode 0): the heap and anonymous maps, not the stack
            if fields[1] != "rw-p" or fields[4] != "0" or fields[5:] not in ([], ["[heap]"]):
                continue
            low, high = (int(address, 16) for address in fields[0].split("-"))
            low = -(-low // HUGE_PAGE) * HUGE_PAGE
            high = high // HUGE_PAGE * HUGE_PAGE
            if high > low:
                libc.madvise(low, high - low, MADV_COLLAPSE)


class Job:
    """One child at work: its request, the seed it runs with, and what it printed so far."""

    def __init__(self, request: dict, seed: int, first_reply: dict | None = None):
        self.request = request
        self.seed = seed
        self.first_reply = first_reply  # set on the re-run of a snippet that drew unseeded
        self.output = bytearray()
        self.pid = self.pidfd = self.output_fd = -1
        self.workdir = self.meta_path = ""
        self.started = self.deadline = 0.0


class Server:
    def __init__(self, root: str, workers: int, reply_fd: int):
        self.root = root
        self.workers = workers
        self.reply_fd = reply_fd
        os.set_blocking(reply_fd, False)
        self.outbox = bytearray()  # replies the client has not taken yet
        self.scratch = tempfile.mkdtemp(prefix="fieldguide-")
        self.started_count = 0
        self.pending: deque[Job] = deque()
        self.running: dict[int, Job] = {}  # pid -> job
        self.selector = selectors.EpollSelector()  # a public fileno(), which each child closes; Linux, like pidfd_open
        self.selector.register(0, selectors.EVENT_READ, (self.read_requests, None))
        self.inbuf = b""
        self.eof = False

    def send(self, message: dict) -> None:
        self.outbox += (json.dumps(message) + "\n").encode("utf-8")
        self.flush_replies()

    def flush_replies(self) -> None:
        """Write what the client takes now; the rest waits until its pipe drains. A client
        busy elsewhere (pytest running other tests) must never stall the server: its
        children would wait unreaped and be killed at their deadline as hangs."""
        while self.outbox:
            try:
                del self.outbox[: os.write(self.reply_fd, self.outbox)]
            except BlockingIOError:
                break
        registered = self.reply_fd in self.selector.get_map()
        if self.outbox and not registered:
            self.selector.register(self.reply_fd, selectors.EVENT_WRITE, (self.flush_replies, None))
        elif not self.outbox and registered:
            self.selector.unregister(self.reply_fd)

    def serve(self, torch_version: str) -> None:
        self.send({"ready": True, "torch": torch_version, "pid": os.getpid()})
        while not (self.eof and not self.pending and not self.running):
            while self.pending and len(self.running) < self.workers:
                self.start(self.pending.popleft())
            deadlines = [job.deadline for job in self.running.values()]
            wait = max(0.0, min(deadlines) - time.monotonic()) if deadlines else None
            for key, _ in self.selector.select(wait):
                handle, job = key.data
                if job is None:
                    handle()
                elif job.pid in self.running:  # not ended by an earlier event of this round
                    handle(job)
            now = time.monotonic()
            for job in list(self.running.values()):
                if now >= job.deadline:
                    self.end(job, stopped="timeout")
        os.set_blocking(self.reply_fd, True)
        while self.outbox:
            del self.outbox[: os.write(self.reply_fd, self.outbox)]
        shutil.rmtree(self.scratch, ignore_errors=True)

    def read_requests(self) -> None:
        chunk = os.read(0, 65536)
        if not chunk:
            self.eof = True
            self.selector.unregister(0)
            return
        self.inbuf += chunk
        *lines, self.inbuf = self.inbuf.split(b"\n")
        self.pending.extend(Job(json.loads(line), HIDDEN_SEED) for line in lines if line.strip())

    def start(self, job: Job) -> None:
        self.started_count += 1
        job.workdir = os.path.join(self.scratch, str(self.started_count))
        job.meta_path = job.workdir + ".json"
        os.mkdir(job.workdir)
        read_end, write_end = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        job.started = time.monotonic()
        job.deadline = job.started + float(job.request["timeout"])
        job.pid = os.fork()
        if job.pid == 0:
            server_fds = [0, read_end, self.reply_fd, self.selector.fileno()]
            for other in self.running.values():
                server_fds += [fd for fd in (other.pidfd, other.output_fd) if fd >= 0]
            run_child(job, self.root, write_end, server_fds)
        os.close(write_end)
        os.set_blocking(read_end, False)
        job.output_fd = read_end
        job.pidfd = os.pidfd_open(job.pid)
        self.selector.register(job.pidfd, selectors.EVENT_READ, (self.on_exit, job))
        self.selector.register(read_end, selectors.EVENT_READ, (self.on_output, job))
        self.running[job.pid] = job

    def on_output(self, job: Job) -> None:
        self.drain(job)
        if len(job.output) > job.request["max_output"]:
            self.end(job, stopped="too_much_output")

    def on_exit(self, job: Job) -> None:
        self.end(job, stopped=None)

    def drain(self, job: Job) -> None:
        """Read what the child's pipe holds now, closing it at end of file."""
        while job.output_fd >= 0 and len(job.output) <= job.request["max_output"]:
            try:
                chunk = os.read(job.output_fd, 65536)
            except BlockingIOError:
                return
            if not chunk:
                self.close_output(job)
            job.output += chunk

    def close_output(self, job: Job) -> None:
        if job.output_fd >= 0:
            self.selector.unregister(job.output_fd)
            os.close(job.output_fd)
            job.output_fd = -1

    def end(self, job: Job, stopped: str | None) -> None:
        """Reap the child (killing its process group first when `stopped` says why) and reply."""
        if stopped:
            with suppress(ProcessLookupError):
                os.killpg(job.pid, signal.SIGKILL)  # the child and anything it started
        del self.running[job.pid]
        self.selector.unregister(job.pidfd)
        os.close(job.pidfd)
        _, status = os.waitpid(job.pid, 0)
        seconds = time.monotonic() - job.started
        self.drain(job)
        self.close_output(job)
        shutil.rmtree(job.workdir, ignore_errors=True)
        try:
            with open(job.meta_path, encoding="utf-8") as f:
                meta = json.load(f)
            os.unlink(job.meta_path)
        except (FileNotFoundError, ValueError):
            meta = None  # the child died before it could say how the snippet ended
        limit = job.request["max_output"]
        if len(job.output) > limit and not stopped:
            stopped = "too_much_output"  # it printed everything before the server read any
        output = bytes(job.output[:limit]).decode("utf-8", errors="replace")
        reply = {"id": job.request["id"], "output": output, "seconds": seconds}
        if stopped:
            reply["status"] = stopped
        elif os.WIFSIGNALED(status):
            reply.update(status="crashed", signal=signal.Signals(os.WTERMSIG(status)).name)
        elif meta is None:
            reply.update(status="crashed", exit_code=os.WEXITSTATUS(status))
        else:
            reply.update(status="finished", **meta)
        if job.first_reply is not None:
            self.send({**job.first_reply, "reseeded_output": output})
        elif reply.get("unseeded"):
            rerun = {**job.request, "graph": []}  # only its output is compared
            self.pending.appendleft(Job(rerun, RESEED, first_reply=reply))
        else:
            self.send(reply)


def run_child(job: Job, root: str, output_fd: int, server_fds: list) -> None:
    """Execute one snippet the way `python PATH` from `root` would, then _exit. Never returns."""
    relpath = job.request["path"]
    path = os.path.join(root, relpath)
    try:
        for fd in server_fds:  # so that a stray child never holds the server's pipes open
            os.close(fd)
        os.setsid()  # own process group: a timeout kills anything the snippet started too
        os.chdir(job.workdir)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(output_fd, 1)
        os.dup2(output_fd, 2)
        os.close(output_fd)
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
        seed_rngs(job.seed)
        rngs = watch_rngs()
        main_module = as_main_module(path)
        sys.argv = [relpath]
        sys.path[0] = os.path.dirname(path)
        meta = execute(path, main_module.__dict__)
        sys.stdout.flush()
        sys.stderr.flush()
        unseeded = [rng.name for rng in rngs if rng.drew_unseeded()]
        if unseeded:
            meta["unseeded"] = unseeded
        if job.request["graph"]:
            # Drawn after the last line, from what the snippet left behind; also after an
            # uncaught error, so a page can show the graph that made backward() fail.
            import autograd_graph

            try:
                meta["graph"] = autograd_graph.describe(job.request["graph"], main_module.__dict__)
            except autograd_graph.GraphError as error:
                meta["graph_error"] = str(error)
        with open(job.meta_path, "w", encoding="utf-8") as f:
            json.dump(meta, f)
    except BaseException:  # noqa: BLE001  (a broken harness must still not return into the server)
        traceback.print_exc()
        os._exit(HARNESS_FAILED)
    os._exit(meta["exit_code"])


def as_main_module(path: str) -> types.ModuleType:
    """A fresh `__main__` with the attributes `python PATH` gives it, in sys.modules, so
    pickling and `import __main__` find the snippet's own names."""
    module = types.ModuleType("__main__")
    module.__dict__.update(
        __file__=path,
        __builtins__=builtins,
        __loader__=importlib.machinery.SourceFileLoader("__main__", path),
        __spec__=None,
        __package__=None,
        __cached__=None,
        __annotations__={},
    )
    sys.modules["__main__"] = module
    return module


def execute(path: str, namespace: dict) -> dict:
    """Compile and run the snippet; how it ended, printing an uncaught error as Python does."""
    try:
        with open(path, "rb") as f:  # bytes: Python itself honours a coding declaration
            code = compile(f.read(), path, "exec", dont_inherit=True)
    except SyntaxError as error:  # IndentationError and TabError too
        sys.stderr.write(format_uncaught(error, path))
        return {"raised": type(error).__name__, "exit_code": 1, "compile_error": True}
    try:
        exec(code, namespace)
    except SystemExit as stop:
        return {"raised": None, "exit_code": _system_exit_code(stop)}
    except BaseException as error:  # noqa: BLE001  (report it as the interpreter would)
        sys.stdout.flush()
        sys.stderr.write(format_uncaught(error, path))
        if os.environ.get(EXPLAIN) and isinstance(error, Exception):
            explain(error, path)
        return {"raised": type(error).__name__, "exit_code": 1}
    return {"raised": None, "exit_code": 0}


def explain(error: Exception, path: str) -> None:
    """The diagnosis `python -m autograd_fieldguide PATH` prints after the traceback, from the
    package's folder that EXPLAIN names (tests/test_explain_loop.py: every raising snippet
    with the tool active). Its traceback starts at the snippet, as that command's does."""
    sys.path.insert(0, os.environ[EXPLAIN])
    from autograd_fieldguide import hooks

    tb = error.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename != path:
        tb = tb.tb_next
    hooks.print_diagnosis(error.with_traceback(tb), sys.stderr)


def seed_rngs(seed: int) -> None:
    import random

    import torch

    random.seed(seed)
    torch.manual_seed(seed)
    try:
        import numpy

        numpy.random.seed(seed)
    except ImportError:
        pass


class WatchedRng:
    """A global generator, and whether the snippet drew from it before seeding it.

    Its seeding function is wrapped: the first call compares the state with the hidden
    seed's, so a draw made before the snippet seeds counts. When the snippet never seeds
    it, any move away from the hidden seed's state counts. Seeding it some other way
    (set_rng_state, the default generator's own manual_seed) also moves the state: that
    costs a second run, never a false failure.
    """

    def __init__(self, name: str, get_state, same, seeders: list):
        self.name = name
        self.get_state = get_state
        self.same = same
        self.hidden = get_state()
        self.drew_before_seeding: bool | None = None  # None: not seeded by the snippet yet
        wrapped = self.watch(getattr(*seeders[0]))
        for module, attribute in seeders:  # aliases of one function, e.g. torch.random's
            setattr(module, attribute, wrapped)

    def watch(self, seed_function):
        @functools.wraps(seed_function)
        def seed(*args, **kwargs):
            if self.drew_before_seeding is None:
                self.drew_before_seeding = self.moved()
            return seed_function(*args, **kwargs)

        return seed

    def moved(self) -> bool:
        return not self.same(self.get_state(), self.hidden)

    def drew_unseeded(self) -> bool:
        if self.drew_before_seeding is None:
            return self.moved()
        return self.drew_before_seeding


def watch_rngs() -> list[WatchedRng]:
    import random

    import torch

    rngs = [
        WatchedRng("torch", torch.get_rng_state, torch.equal,
                   [(torch, "manual_seed"), (torch.random, "manual_seed")]),
        WatchedRng("random", random.getstate, lambda a, b: a == b, [(random, "seed")]),
    ]
    try:
        import numpy
    except ImportError:
        return rngs

    def same_numpy_state(a, b) -> bool:  # ('MT19937', keys, pos, has_gauss, cached_gaussian)
        return a[0] == b[0] and bool((a[1] == b[1]).all()) and a[2:] == b[2:]

    rngs.append(WatchedRng("numpy", numpy.random.get_state, same_numpy_state,
                           [(numpy.random, "seed")]))
    return rngs


def _system_exit_code(stop: SystemExit) -> int:
    if stop.code is None or isinstance(stop.code, int):
        return stop.code or 0
    print(stop.code, file=sys.stderr)
    return 1


def format_uncaught(error: BaseException, path: str) -> str:
    """The traceback a reader sees, keeping only the snippet's own frames.

    Frames inside torch differ between releases; the snippet's lines and the final
    `ExcType: message` are what the page explains. A SyntaxError keeps no frame at all,
    as when Python fails to compile the script it was given.
    """
    summary = traceback.TracebackException(type(error), error, error.__traceback__)
    seen = set()
    todo: list[traceback.TracebackException | None] = [summary]
    while todo:
        current = todo.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        current.stack = traceback.StackSummary.from_list(
            [frame for frame in current.stack if frame.filename == path]
        )
        todo += [current.__cause__, current.__context__]
    return _with_hint("".join(summary.format()), error)


_HINT = re.compile(r"\. Did you mean: '[^'\n]*'\?$")


def _with_hint(text: str, error: BaseException) -> str:
    """The traceback with the hint Python 3.10 and 3.11 print after an AttributeError's or
    NameError's line ("... has no attribute 'x'. Did you mean: 'y'?"): their interpreter adds it
    in C, and only 3.12's traceback module computes it too. It is asked of the interpreter's own
    hook, writing into a buffer."""
    if sys.version_info >= (3, 12) or not isinstance(error, (AttributeError, NameError)):
        return text
    printed, stderr = io.StringIO(), sys.stderr
    sys.stderr = printed
    try:
        sys.__excepthook__(type(error), error, error.__traceback__)
    finally:
        sys.stderr = stderr
    hint = _HINT.search(printed.getvalue().rstrip("\n"))
    if hint is None or text.rstrip("\n").endswith(hint[0]):
        return text
    return text.rstrip("\n") + hint[0] + "\n"


if __name__ == "__main__":
    main()
