"""Where the diagnosis is shown: after the traceback Python (sys.excepthook) or IPython (its
post_run_cell event) has printed. Each is added to what is there, never in its place, and
anything that goes wrong inside it is swallowed: the reader's own error stays what they see."""

from __future__ import annotations

import linecache
import os
import sys
import sysconfig
import traceback
from types import TracebackType
from typing import Any, Callable

# The lines of the reader's code read before the traceback, at most (the last ones before the error)
CODE_LINES = 400


def traceback_text(error: BaseException) -> str:
    """What the tool reads: the code of the reader's own frames that ran before the error
    (what the paste box reads as code pasted beside an error), then the traceback as Python
    prints it: frames, their source lines, the message."""
    printed = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    code = _code_that_ran(error)
    return "\n".join(code) + "\n\n" + printed if code else printed


def _code_that_ran(error: BaseException) -> list[str]:
    """Each of the reader's frames (not a library's, not Python's): its function's lines, or
    the module's, from where it starts to the line that was running."""
    libraries = {sysconfig.get_paths()[name] for name in ("stdlib", "platstdlib", "purelib", "platlib")}
    code: list[str] = []
    tb = error.__traceback__
    while tb is not None:
        path = tb.tb_frame.f_code.co_filename
        # a notebook cell's "file" (<ipython-input-…>) is in linecache too; Python's frozen modules are not
        if not any(path.startswith(folder) for folder in libraries):
            first = tb.tb_frame.f_code.co_firstlineno
            code += [linecache.getline(path, n).rstrip() for n in range(first, tb.tb_lineno + 1)]
        tb = tb.tb_next
    return [line for line in code if line.strip()][-CODE_LINES:]


def color_allowed(stream: Any) -> bool:
    """Bold headings only on a terminal, and never when NO_COLOR is set (no-color.org)."""
    return not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb" and bool(
        getattr(stream, "isatty", lambda: False)())


def print_diagnosis(error: BaseException, stream: Any = None) -> None:
    """The diagnosis of `error` on `stream` (standard error), after a blank line; nothing when
    the guide does not know the message or anything fails."""
    stream = stream or sys.stderr
    try:
        from autograd_fieldguide import diagnosis

        found = diagnosis.diagnose(traceback_text(error))
        if found is not None and found.entry is not None:
            stream.write("\n" + diagnosis.as_text(found, color_allowed(stream)) + "\n")
            stream.flush()
    except Exception:  # noqa: BLE001 - the tool never hides the reader's error
        pass


_previous_hook: Callable[[type[BaseException], BaseException, TracebackType | None], Any] | None = None


def _excepthook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
    (_previous_hook or sys.__excepthook__)(kind, error, tb)
    if isinstance(error, Exception):
        print_diagnosis(error)


def install() -> None:
    """Diagnose every uncaught exception, after the hook that was there has printed it."""
    global _previous_hook
    if sys.excepthook is not _excepthook:
        _previous_hook = sys.excepthook
        sys.excepthook = _excepthook


def uninstall() -> None:
    """Put back the hook install() found."""
    global _previous_hook
    if sys.excepthook is _excepthook:
        sys.excepthook = _previous_hook or sys.__excepthook__
        _previous_hook = None


def _after_cell(result: Any) -> None:
    """IPython's post_run_cell: below a cell's traceback, the diagnosis, as HTML in a notebook
    and as text in a terminal (one display of both kinds; the front end picks)."""
    error = getattr(result, "error_in_exec", None)
    if not isinstance(error, Exception):
        return
    try:
        from IPython.display import display

        from autograd_fieldguide import diagnosis

        found = diagnosis.diagnose(traceback_text(error))
        if found is not None and found.entry is not None:
            display({"text/plain": diagnosis.as_text(found, color_allowed(sys.stdout)),
                     "text/html": diagnosis.as_html(found)}, raw=True)
    except Exception:  # noqa: BLE001 - the tool never hides the reader's error
        pass


def load_ipython_extension(ipython: Any) -> None:
    """`%load_ext autograd_fieldguide`"""
    if _after_cell not in ipython.events.callbacks["post_run_cell"]:
        ipython.events.register("post_run_cell", _after_cell)


def unload_ipython_extension(ipython: Any) -> None:
    """`%unload_ext autograd_fieldguide`"""
    if _after_cell in ipython.events.callbacks["post_run_cell"]:
        ipython.events.unregister("post_run_cell", _after_cell)
