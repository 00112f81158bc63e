"""Real pastes: what readers pasted in public threads that found their cause, kept to
measure the paste box like a user (tests/test_diagnose.py). One file per paste,
data/pastes/<name>.toml:

    source = "https://discuss.pytorch.org/t/..."   # or owner/repo#N
    entry = "<entry id>"
    mechanism = "<mechanism id of that entry>"    # "" when the thread's cause is none of them
    cause = "the cause as the thread states it, in a line"
    release = "1.5.0"                             # when the thread says
    paste = '''the message, with the traceback as pasted'''

The threads are held out: none of them is a source in data/reports, which the causes and
their clues were written from (tests/test_causes.py checks it).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from fieldguide.causes import CausesError

PASTES_DIR = Path("data") / "pastes"


@dataclass(frozen=True)
class Paste:
    name: str
    source: str
    entry: str
    mechanism: str
    cause: str
    paste: str
    release: str | None = None


def read(path: Path) -> Paste:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return Paste(name=path.stem, **data)
    except tomllib.TOMLDecodeError as error:
        raise CausesError(f"{path}: not valid TOML ({error}); fix the file") from None
    except TypeError as error:
        raise CausesError(f"{path}: a missing or unknown field ({error}); a paste needs source, entry, "
                          "mechanism, cause and paste, and may have release") from None


def load(root: Path) -> list[Paste]:
    return [read(path) for path in sorted((Path(root) / PASTES_DIR).glob("*.toml"))]
