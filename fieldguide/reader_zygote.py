"""An interpreter that has run `import torch` and nothing else, forked once per snippet.

Run by `reader_check.py` as `python reader_zygote.py REQUEST_FD REPLY_FD [MODULE ...]` with its
standard streams on a pseudo-terminal, so Python sets them up as it does at a reader's
terminal. Besides torch it uses only the standard library and forkserver.py's
`as_main_module`, the `__main__` the engine gives a snippet. MODULEs are imported after
torch: what a snippet imports anyway (torch._dynamo, which an optimizer's first step()
imports), paid once instead of in every child.

Protocol: JSON lines. Once its imports are done it writes {"ready": true} to REPLY_FD; then for
each request {"root", "path", "timeout"} on REQUEST_FD it forks a child and replies
{"output": base64 of what the child wrote to its terminal, "finished": bool}.

A child is what `python PATH` from `root` is once its first line, `import torch`, has run:
its stdout and stderr are a new terminal of its own, stdin is at end of file, and its
`__main__`, `sys.argv` and `sys.path[0]` are the snippet's. The snippet runs at the top level
of this file, so an uncaught error, `sys.exit()` and the interpreter's shutdown (atexit,
threads, destructors) happen as Python itself does them. Unlike forkserver.py it seeds no
generator and imports nothing else ahead: a snippet that needs numpy pays for it as a reader
does. The parent never runs a torch op, so no thread pool is forked.

The imported heap is frozen out of the garbage collector (gc.freeze()) before the first fork:
otherwise each child's shutdown touches every object torch made and copies its pages, several
times what a fresh interpreter's shutdown costs. What the collector reports is all that changes,
so reader_check.py runs a snippet that imports gc in a fresh interpreter.
"""

import base64
import gc
import importlib
import json
import os
import select
import signal
import sys
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


if __name__ == "__main__":
    import torch  # noqa: F401  (the snippet's own first import, paid once)

    # this file's folder is sys.path[0], unknown to mypy: `python PATH`'s __main__, as the engine makes it
    from forkserver import as_main_module  # type: ignore[import-not-found]

    for _module in sys.argv[3:]:
        importlib.import_module(_module)
    _request = serve(os.fdopen(int(sys.argv[1]), "r"), int(sys.argv[2]))
    with open(_request["path"], "rb") as _file:  # bytes: Python itself honours a coding declaration
        _code = compile(_file.read(), os.path.join(os.getcwd(), _request["path"]), "exec", dont_inherit=True)
    exec(_code, sys.modules["__main__"].__dict__)
