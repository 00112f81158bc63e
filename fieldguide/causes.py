"""The causes of each error-index entry as readers hit them, and the public reports behind them.

One file per entry, data/reports/<entry id>.toml (the id is the entry's anchor):

    entry = "<entry id>"
    was = ["<an earlier id>"]         # ids the entry had before (its message's name became a
                                      # placeholder): their links land on it

    [mechanisms.optimizer-step]       # one cause: what code does to get the message
    text = "an optimizer step changes weights between a forward pass and a backward through it"
    snippets = ["topic/name"]         # the snippets that reproduce it, by key; each one's
                                      # `# cause:` line says the case it shows
                                      # (a warning printed on the way to another point)
    clues = "what in a message points to it, in words"  # a note for maintainers: not shown,
                                      # not translated; `nodes`, `code`... are what ranks
    nodes = ["TBackward0"]            # nodes the message names when this is the cause
    leaf = true                       # the message names no node: the edited tensor is a leaf
    code = ['\\.step\\(']             # patterns of the reader's code lines in a traceback
    message = ["'_unique2'"]          # patterns of the pasted message itself (an operator it names)
    fix = "what to change, in a sentence"  # the fix the answer card leads with
    tell = "Likely if ..."            # where the entry has other causes: the line that tells this
                                      # one apart from what the reader knows of their code (the
                                      # card shows it when the paste cannot separate the causes)
    shown = false                     # only where no snippet can reproduce it on these releases,
    why = "..."                       # with the reason

    [[report]]                        # one per public thread read
    source = "owner/repo#123"         # or the page's address
    mechanism = "optimizer-step"
    release = "1.5"                   # when the thread says
    evidence = "what the thread shows, in a line"

A message no snippet here can print (one only a GPU raises, say) is an entry of its own when
its file says what it is, from PyTorch's source; every mechanism of it is then `shown = false`:

    [unrecorded]
    category = "RuntimeError"
    text = "cudnn RNN backward can only be called in training mode"
    releases = "1.0 – 2.15"           # the releases whose source raises it
    source = "aten/src/ATen/native/cudnn/RNN.cpp"
    why = "only cuDNN raises it, on a CUDA GPU; this guide records on the CPU"
    library = "Lightning"             # only for a message a training library raises, not PyTorch
                                      # (one that rewords a PyTorch error it catches): `releases`
                                      # and `source` are then that library's, and the page says so

A library's message is no PyTorch message, so the message inventory (data/inventory/, which
lists PyTorch's) has no table for it, and data/wordings.toml (PyTorch's wordings) none either.

A message that many operations raise ("The size of tensor a (3) must match the size of
tensor b (4) ...") is this guide's entry only in some code: the file says where, as patterns
one of which a line of the paste's traceback (a frame or the source line under it) must
match; the paste box answers the entry only then, and "not known" otherwise:

    traceback = ['torch.optim.', 'opt\\w*[.]step[(]']  # an optimizer's file, or its step() line

A paste of the message alone (no line of a traceback: no `File "...", line N` frame, no notebook
frame) passes no such pattern and is "not known", unless the file also lists patterns of the
message itself that a paste with no traceback may be answered for: the exact forms that the
entry's code raises and that readers paste bare, when another origin is unlikely enough:

    alone = ["^'<=' not supported between instances of 'float' and 'str'"]  # needs `traceback`

`tests/test_causes.py` keeps the files complete: every entry has one, every snippet's cause
is in exactly one mechanism of its entry, every mechanism is shown by a snippet or says why not.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

REPORTS_DIR = Path("data") / "reports"
_GITHUB = re.compile(r"^(?P<repo>[\w.-]+/[\w.-]+)#(?P<number>\d+)$")


@dataclass(frozen=True)
class Report:
    source: str
    mechanism: str
    evidence: str
    release: str | None = None

    @property
    def url(self) -> str:
        """owner/repo#N as a link (GitHub sends an issue's address on to a pull request's)."""
        match = _GITHUB.match(self.source)
        return f"https://github.com/{match['repo']}/issues/{match['number']}" if match else self.source


@dataclass(frozen=True)
class Mechanism:
    id: str
    text: str
    snippets: tuple[str, ...] = ()
    clues: str = ""
    nodes: tuple[str, ...] = ()
    leaf: bool = False
    code: tuple[str, ...] = ()
    message: tuple[str, ...] = ()
    fix: str = ""
    tell: str = ""  # what tells it from the entry's other causes, from what the reader knows
    shown: bool = True
    why: str | None = None
    reports: tuple[Report, ...] = ()


@dataclass(frozen=True)
class Unrecorded:
    """A message no snippet here prints, as PyTorch's source words it (or, with `library`, the
    source of the training library that raises it)."""

    category: str
    text: str
    releases: str
    source: str
    why: str
    library: str = ""  # "" for PyTorch's own message


@dataclass(frozen=True)
class EntryCauses:
    entry: str
    path: Path
    mechanisms: tuple[Mechanism, ...]
    reports: tuple[Report, ...]
    unrecorded: Unrecorded | None = None
    was: tuple[str, ...] = ()  # the entry's earlier ids
    traceback: tuple[str, ...] = ()  # a line of the paste's traceback must match one (see the docstring)
    alone: tuple[str, ...] = ()  # messages answered without a traceback (see the docstring)

    def of(self, snippet: str) -> Mechanism | None:
        """The mechanism a snippet (by its key) reproduces."""
        return next((mechanism for mechanism in self.mechanisms if snippet in mechanism.snippets), None)


class CausesError(ValueError):
    """A data file that cannot be read; the message names it and says what to fix."""


def _mechanism(path: Path, key: str, table: dict, reports: list[Report]) -> Mechanism:
    known = {"text", "snippets", "clues", "nodes", "leaf", "code", "message", "fix", "tell", "shown", "why"}
    if not isinstance(table, dict) or "text" not in table or set(table) - known:
        raise CausesError(f"{path}: [mechanisms.{key}] needs `text` and may only have {sorted(known)}")
    for pattern in [*table.get("code", []), *table.get("message", [])]:
        try:
            re.compile(pattern)
        except re.error as error:
            raise CausesError(f"{path}: [mechanisms.{key}] pattern {pattern!r} is not a regex: {error}") from None
    lists = {name: tuple(table.get(name, [])) for name in ("snippets", "nodes", "code", "message")}
    return Mechanism(
        id=key, text=table["text"], fix=table.get("fix", ""), tell=table.get("tell", ""), clues=table.get("clues", ""),
        leaf=table.get("leaf", False),
        shown=table.get("shown", True), why=table.get("why"),
        reports=tuple(r for r in reports if r.mechanism == key), **lists,
    )


def read(path: Path) -> EntryCauses:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise CausesError(f"{path}: not valid TOML ({error}); fix the file") from None
    if data.get("entry") != path.stem:
        raise CausesError(f"{path}: `entry` must be the file's name, {path.stem!r}")
    try:
        reports = [Report(**record) for record in data.get("report", [])]
    except TypeError as error:
        raise CausesError(f"{path}: a [[report]] has a missing or unknown field ({error}); "
                          "each needs source, mechanism and evidence, and may have release") from None
    mechanisms = tuple(_mechanism(path, key, table, reports) for key, table in data.get("mechanisms", {}).items())
    unknown = sorted({r.mechanism for r in reports} - {m.id for m in mechanisms})
    if unknown:
        raise CausesError(f"{path}: reports name mechanisms the file does not define: {unknown}")
    unrecorded = None
    if "unrecorded" in data:
        try:
            unrecorded = Unrecorded(**data["unrecorded"])
        except TypeError as error:
            raise CausesError(f"{path}: [unrecorded] has a missing or unknown field ({error}); it needs category, "
                              "text, releases, source and why, and may have library") from None
        if any(m.shown for m in mechanisms):
            raise CausesError(f"{path}: an [unrecorded] message has no snippet, so every mechanism needs "
                              "`shown = false` and `why`")
    was = data.get("was", [])
    if not isinstance(was, list) or not all(isinstance(old, str) and old for old in was):
        raise CausesError(f"{path}: `was` must be a list of the entry's earlier ids")
    traceback = data.get("traceback", [])
    if not isinstance(traceback, list) or not all(isinstance(p, str) and p for p in traceback):
        raise CausesError(f"{path}: `traceback` must be a list of patterns a line of the paste's traceback matches")
    for pattern in traceback:
        try:
            re.compile(pattern)
        except re.error as error:
            raise CausesError(f"{path}: `traceback` pattern {pattern!r} is not a regex: {error}") from None
    alone = data.get("alone", [])
    if not isinstance(alone, list) or not all(isinstance(p, str) and p for p in alone):
        raise CausesError(f"{path}: `alone` must be a list of patterns of the message a paste without a traceback has")
    if alone and not traceback:
        raise CausesError(f"{path}: `alone` widens `traceback`'s patterns; an entry without them answers any paste")
    for pattern in alone:
        try:
            re.compile(pattern)
        except re.error as error:
            raise CausesError(f"{path}: `alone` pattern {pattern!r} is not a regex: {error}") from None
    return EntryCauses(path.stem, path, mechanisms, tuple(reports), unrecorded, tuple(was), tuple(traceback),
                       tuple(alone))


@functools.cache
def _load(folder: Path, stamp: tuple) -> dict[str, EntryCauses]:
    return {path.stem: read(path) for path in sorted(folder.glob("*.toml"))}


def load(root: Path) -> dict[str, EntryCauses]:
    """Every entry's causes, by entry id (read again when a file changes)."""
    folder = Path(root) / REPORTS_DIR
    stamp = tuple((p.name, p.stat().st_mtime_ns) for p in sorted(folder.glob("*.toml")))
    return _load(folder, stamp)
