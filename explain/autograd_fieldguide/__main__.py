"""python -m autograd_fieldguide SCRIPT [ARGS...]   run SCRIPT; if an exception escapes it, its
                                                  traceback, then the diagnosis
python -m autograd_fieldguide explain             the diagnosis of a traceback or message
                                                  pasted on standard input
python -m autograd_fieldguide --version           the package and the site build of its data

The reader's language is English, or Chinese when AUTOGRAD_FIELDGUIDE_LANG, LC_ALL,
LC_MESSAGES or LANG (the first that is set) says zh; NO_COLOR turns bold headings off;
AUTOGRAD_FIELDGUIDE_SITE links to another copy of the site.
"""

from __future__ import annotations

import os
import runpy
import sys

from autograd_fieldguide import hooks
from autograd_fieldguide.version import VERSION


def explain(text: str) -> int:
    """Print the diagnosis of `text`; 1 when it holds no message the guide knows."""
    from autograd_fieldguide import diagnosis

    found = diagnosis.diagnose(text)
    if found is None:
        print(diagnosis.words(diagnosis.language())["explain_nothing"], file=sys.stderr)
        return 1
    print(diagnosis.as_text(found, hooks.color_allowed(sys.stdout)))
    return 0 if found.entry is not None else 1


def run(script: str, args: list[str]) -> int:
    """Run `script` as `python SCRIPT ARGS` would, as __main__ with its folder first on the path."""
    sys.argv = [script, *args]
    path = os.path.abspath(script)  # Python runs a script by its absolute path, and its traceback names that
    sys.path[0] = os.path.dirname(path)
    try:
        runpy.run_path(path, run_name="__main__")
    except SystemExit:
        raise
    except BaseException as error:
        tb = error.__traceback__
        # the frames of this module and runpy's are not the reader's: Python would not print them
        while tb is not None and tb.tb_frame.f_code.co_filename != path:
            tb = tb.tb_next
        error.with_traceback(tb or error.__traceback__)  # what Python prints is read from the error too
        sys.excepthook(type(error), error, error.__traceback__)
        if isinstance(error, Exception):
            hooks.print_diagnosis(error)
        return 130 if isinstance(error, KeyboardInterrupt) else 1
    return 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    if argv[0] == "--version":
        print(f"autograd-fieldguide {VERSION}")
        return 0
    if argv == ["explain"]:
        return explain(sys.stdin.read())
    if not os.path.isfile(argv[0]):
        print(f"autograd_fieldguide: no such script: {argv[0]} (python -m autograd_fieldguide --help)",
              file=sys.stderr)
        return 2
    return run(argv[0], argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
