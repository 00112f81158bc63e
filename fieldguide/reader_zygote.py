"""An interpreter that has run `import torch` and nothing else, forked once per snippet.

Run by `reader_check.py` as `python reader_zygote.py REQUEST_FD REPLY_FD [MODULE ...]` with its
standard streams on a pseudo-terminal, so Python sets them up as it does at a reader's
terminal. Besides torch it uses only the standard library and two functions of
forkserver.py: `as_main_module`, the `__main__` the engine gives a snippet, and
`collapse_into_huge_pages`. MODULEs are imported after torch: what a snippet imports anyway
(torch._dynamo, which an optimizer's first step() imports), paid once instead of in every
child.

Protocol: JSON lines. Once its imports are done it writes {"ready": true} to REPLY_FD; then for
each request {"root", "path", "timeout"} on REQUEST_FD it forks a child and replies
{"output": base64 of what the child wrote to its terminal, "finished": bool}.

A child is what `python PATH` from `root` is once its first line, `import torch`, has run:
its stdout and stderr are a new terminal of its own, stdin is at end of file, and its
`__main__`, `sys.argv` and `sys.path[0]` are the snippet's. The snippet runs at the top level
of this file, and an uncaught error or `sys.exit()` prints what Python prints. Unlike
forkserver.py it seeds no generator and imports nothing else ahead: a snippet that needs
numpy pays for it as a reader does. The parent never runs a torch op, so no thread pool is
forked.

The child's shutdown is Python's up to the teardown of its modules: it waits for the
snippet's threads, runs the atexit handlers, flushes its streams and ends. Python would then
clear every module, `__main__` and those torch brought, writing to every object torch made
and so copying most of the heap the child shares with this process (0.18 CPU-seconds a
child, ten times the rest of a short snippet's run). What prints only in that teardown (a
destructor of what the snippet left in its globals, run as the modules are cleared) or in
the C++ destructors that run at exit is left to fresh runs: `reader_check.py --fresh`, which
the workflow runs weekly.

The imported heap is also frozen out of the garbage collector (gc.freeze()) before the first
fork, or the child's collections would copy it too, and backed with huge pages where the
kernel can (forkserver.py's `collapse_into_huge_pages`). What the collector reports is all that
changes, so reader_check.py runs a snippet that imports gc in a fresh interpreter.
"""

import atexit
import base64
import gc
import importlib
import json
import os
import select
import signal
import sys
import threading
import time


def serve(requests, reply_fd: int) -> dict:
    """Answer requests until one is handed to a child: only the child returns, with it."""
    gc.freeze()
    os.write(reply_fd, b'{"ready": true}\n')
    for line in requests:
        request = json.loads(line)
        terminal, child_end = os.openpty()
        pid = os.fork()
        if pid == 0:
            os.close(terminal)
            requests.close()
            os.close(reply_fd)
            become_child(request, child_end)
            return request
        os.close(child_end)
        output, finished = collect(pid, terminal, request["timeout"])
        reply = {"output": base64.b64encode(output).decode("ascii"), "finished": finished}
        os.write(reply_fd, (json.dumps(reply) + "\n").encode())
    sys.exit(0)


def collect(pid: int, terminal: int, timeout: float) -> tuple[bytes, bool]:
    """What the child wrote to its terminal, and whether it (and all it started) ended in time."""
    output, finished = read_terminal(terminal, time.monotonic() + timeout)
    os.close(terminal)
    if not finished:
        os.killpg(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return output, finished


def read_terminal(terminal: int, deadline: float) -> tuple[bytes, bool]:
    """What was written to `terminal` until the last process holding it closed it, and whether
    that happened before `deadline` (time.monotonic()). reader_check.py reads its fresh runs
    with it too."""
    output = bytearray()
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([terminal], [], [], left)[0]:
            return bytes(output), False
        try:
            chunk = os.read(terminal, 65536)
        except OSError:  # EIO: the last process holding the terminal has closed it
            return bytes(output), True
        if not chunk:
            return bytes(output), True
        output += chunk


def become_child(request: dict, child_end: int) -> None:
    os.setsid()  # its own process group, which a timeout kills whole
    os.chdir(request["root"])
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(child_end, 1)
    os.dup2(child_end, 2)
    os.close(devnull)
    os.close(child_end)
    path = os.path.join(os.getcwd(), request["path"])
    as_main_module(path)
    sys.argv = [request["path"]]
    sys.path[0] = os.path.dirname(path)


def exit_status(stop: SystemExit) -> int:
    """The status `python PATH` ends with on `stop`, a code that is not a number printed as Python prints it."""
    if stop.code is None or isinstance(stop.code, int):
        return stop.code or 0
    print(stop.code, file=sys.stderr)
    return 1


def shut_down(status: int) -> None:
    """Python's shutdown of the child, up to the teardown of its modules (see above)."""
    threading._shutdown()  # type: ignore[attr-defined]  # what Py_Finalize calls first
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    os._exit(status)


if __name__ == "__main__":
    import torch  # noqa: F401  (the snippet's own first import, paid once)

    # this file's folder is sys.path[0], unknown to mypy: `python PATH`'s __main__, as the engine makes it
    from forkserver import as_main_module, collapse_into_huge_pages  # type: ignore[import-not-found]

    for _module in sys.argv[3:]:
        importlib.import_module(_module)
    collapse_into_huge_pages()  # cheaper forks: see forkserver.py
    _request = serve(os.fdopen(int(sys.argv[1]), "r"), int(sys.argv[2]))
    with open(_request["path"], "rb") as _file:  # bytes: Python itself honours a coding declaration
        _code = compile(_file.read(), os.path.join(os.getcwd(), _request["path"]), "exec", dont_inherit=True)
    try:
        exec(_code, sys.modules["__main__"].__dict__)
    except SystemExit as _stop:
        _status = exit_status(_stop)
    except BaseException:
        sys.excepthook(*sys.exc_info())  # what Python does with an uncaught error
        _status = 1
    else:
        _status = 0
    shut_down(_status)
