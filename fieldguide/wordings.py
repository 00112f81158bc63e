"""Other wordings of the error index's messages, as PyTorch's source has them: how releases
this guide does not record (0.4 – 1.12) word an entry's message, and wordings of recorded
releases that no snippet here prints. The paste box matches a pasted message against them
too, so an older wording still finds its entry.

data/wordings.toml, one table per wording:

    [[wording]]
    entry = "<entry id>"              # the error-index entry (its data/reports/<entry id>.toml)
    category = "AssertionError"       # the exception or warning class the message comes as
    text = "Default process group is not initialized"  # as a reader sees it; variable parts
                                      # as errors/grammar.py's PLACEHOLDERS write them (<node>, <n>, ...)
    releases = "1.0 – 1.7"            # the minor releases that have it: first – last, or one
    source = "torch/distributed/distributed_c10d.py"   # its file in pytorch/pytorch
    format = "..."                    # optional: the format string the source builds it from

`tests/test_wordings.py` keeps the file true to the index: every wording names an entry and
is a wording no recorded release prints.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, fields
from pathlib import Path

WORDINGS_PATH = Path("data") / "wordings.toml"
_RELEASES = re.compile(r"^(?P<first>\d+\.\d+)(?: – (?P<last>\d+\.\d+))?$")


def _minor(release: str) -> tuple[int, int]:
    major, minor = release.split(".")
    return int(major), int(minor)


@dataclass(frozen=True)
class Wording:
    entry: str
    category: str
    text: str
    releases: str
    source: str
    format: str | None = None

    @property
    def span(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The first and last minor release that have it, as (major, minor)."""
        first, _, last = self.releases.partition(" – ")
        return _minor(first), _minor(last or first)


class WordingsError(ValueError):
    """A wordings file that cannot be read; the message names it and says what to fix."""


_REQUIRED = ("entry", "category", "text", "releases", "source")
_KNOWN = {f.name for f in fields(Wording)}


def _wording(path: Path, number: int, table: object) -> Wording:
    where = f"{path}: [[wording]] #{number}"
    if not isinstance(table, dict):
        raise WordingsError(f"{where} is not a table; write it as [[wording]] with its fields under it")
    where += f" ({table['entry']})" if isinstance(table.get("entry"), str) else ""
    missing = [name for name in _REQUIRED if name not in table]
    unknown = sorted(set(table) - _KNOWN)
    if missing or unknown:
        raise WordingsError(f"{where} lacks {missing} or has unknown fields {unknown}; it needs "
                            f"{list(_REQUIRED)} and may have format")
    empty = [name for name, value in table.items() if not isinstance(value, str) or not value.strip()]
    if empty:
        raise WordingsError(f"{where}: {empty} must be non-empty strings")
    match = _RELEASES.match(table["releases"])
    if not match:
        raise WordingsError(f"{where}: releases {table['releases']!r} must be minor releases, first – last "
                            "with an en dash between spaces ('1.0 – 1.7'), or one release ('1.9')")
    if match["last"] and _minor(match["last"]) <= _minor(match["first"]):
        raise WordingsError(f"{where}: releases {table['releases']!r} must run from older to newer; "
                            f"write a single release as {match['first']!r}")
    if table["source"].startswith("/") or "\\" in table["source"]:
        raise WordingsError(f"{where}: source {table['source']!r} must be a path inside pytorch/pytorch, "
                            "like 'torch/autograd/__init__.py'")
    return Wording(**table)


def load(root: Path) -> tuple[Wording, ...]:
    """Every wording in data/wordings.toml, in the file's order."""
    path = Path(root) / WORDINGS_PATH
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise WordingsError(f"{path}: missing; it holds the other wordings of the error index's "
                            "messages (see fieldguide/wordings.py)") from None
    except tomllib.TOMLDecodeError as error:
        raise WordingsError(f"{path}: not valid TOML ({error}); fix the file") from None
    if set(data) - {"wording"}:
        raise WordingsError(f"{path}: only [[wording]] tables belong here, not {sorted(set(data) - {'wording'})}")
    return tuple(_wording(path, number, table) for number, table in enumerate(data.get("wording", []), 1))
