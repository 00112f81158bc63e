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

Held-out pastes: a second set, data/held-out-pastes/<name>.toml, in the same form, from
threads that no other file in data/ cites, collected without looking at how the box reads a
paste and never used to tune it: the measure of the box as a reader meets it
(tests/test_diagnose.py). `entry` is "" for a message no entry covers (the box must say it
does not know it), `mechanism` "" where the thread states no cause or one no mechanism is.

Blind pastes: a third set, data/blind-pastes/<name>.toml, in the same form plus `scope`
("autograd" for a message from autograd or the training tools this guide covers, "other"
for one around training it does not), from threads no other file in data/ cites, collected
(and committed) before the entries they would test were written, and labelled after: `entry`
the entry whose message the paste states ("" where none is), `mechanism` the thread's cause
among its mechanisms. The measure the box's floors hold (tests/test_paste_answers.py, and in
Chromium tests/test_diagnose.py): the right entry for in-scope pastes, none wrong.

Second blind pastes: a fourth set, data/second-blind-pastes/<name>.toml, in the blind pastes'
form, collected by topic from threads no other file in data/ cites after every entry of the
index at the time existed, committed unlabelled, then labelled by readers who never ran the box.
It measures the box once more on pastes nobody tuned it to. Third blind pastes,
data/third-blind-pastes/<name>.toml: the same, collected by the kinds of model trained and
the training techniques used, after the entries and reading rules that the second set's
misses led to were written. Fourth blind pastes, data/fourth-blind-pastes/<name>.toml: the
same again, collected by topic after the entries and reading rules that the third set's
misses led to were written. Fifth blind pastes, data/fifth-blind-pastes/<name>.toml: the same
again, collected by topic (the messages the paste box was known to miss among the searches)
and committed before the entries written from the message inventory's most reported gaps.
Sixth blind pastes, data/sixth-blind-pastes/<name>.toml: the same again, collected by topic and
committed before the entries written from the inventory and from the earlier sets' misses
landed (their writers never saw it); a paste whose thread a new entry's reports cite was taken
out before labelling. Seventh blind pastes, data/seventh-blind-pastes/<name>.toml: the same
again, collected by topic and committed before the entries and reading rules written from the
sixth set's misses, whose writers never saw it, then labelled. Eighth blind pastes,
data/eighth-blind-pastes/<name>.toml: the same again, committed unlabelled before the entries
written from the seventh set's misses and the inventory's reported messages landed (their
writers never saw it), labelled against the index of that commit and, for the entries landed
after, checked again by a reader who never ran the box. Ninth blind pastes,
data/ninth-blind-pastes/<name>.toml: the same again, committed unlabelled before the entries
written from the inventory's reported messages and the eighth set's misses, and labelled before
they landed. Tenth blind pastes, data/tenth-blind-pastes/<name>.toml: the same again, committed
unlabelled before the entries written from the seventh to ninth sets' misses, labelled against
the index before they landed, and, for the messages those entries added, read again by a reader
who never ran the box. Eleventh blind pastes, data/eleventh-blind-pastes/<name>.toml: the same
again, 200 pastes collected by topic (autograd; optimizers, schedulers and mixed precision;
distributed, checkpointing and torch.func; training libraries' trackers) and committed
unlabelled before the entries and reading rules written from the tenth set's misses, labelled
against the index before they landed and read again, by a reader who never ran the box, for
the messages they added (a paste whose thread a new entry's reports cite was taken out then).
Twelfth blind pastes, data/twelfth-blind-pastes/<name>.toml: the same again, 200 pastes by the
same four topics, committed unlabelled before the entries and reading rules written from the
eleventh set's misses landed (their writers never saw it), labelled against the index of that
commit by readers who never ran the box, and read again for the messages the new entries
added. Its labels do not rank causes (PRIOR_DIRS): it was measured with the ranking the
earlier sets' labels give.
Thirteenth blind pastes, data/thirteenth-blind-pastes/<name>.toml: 199 pastes by the same four
topics from threads no data/ file cited, committed unlabelled before any entry or reading rule
written from the twelfth set's misses. Nothing reads it until it is labelled.

Unknown pastes: errors readers paste around training that the guide does not cover (memory,
devices, shapes, dtypes, data loading, NCCL), kept to check that the paste box answers "not
one the guide knows" for them. One file per paste, data/unknown-pastes/<name>.toml:

    source = "owner/repo#N"                        # or a page address
    why = "why the guide does not cover it, in a line"
    paste = '''the message, with the traceback as pasted'''
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from fieldguide.causes import CausesError

PASTES_DIR = Path("data") / "pastes"
HELD_OUT_DIR = Path("data") / "held-out-pastes"
BLIND_DIR = Path("data") / "blind-pastes"
SECOND_BLIND_DIR = Path("data") / "second-blind-pastes"
THIRD_BLIND_DIR = Path("data") / "third-blind-pastes"
FOURTH_BLIND_DIR = Path("data") / "fourth-blind-pastes"
FIFTH_BLIND_DIR = Path("data") / "fifth-blind-pastes"
SIXTH_BLIND_DIR = Path("data") / "sixth-blind-pastes"
SEVENTH_BLIND_DIR = Path("data") / "seventh-blind-pastes"
EIGHTH_BLIND_DIR = Path("data") / "eighth-blind-pastes"
NINTH_BLIND_DIR = Path("data") / "ninth-blind-pastes"
TENTH_BLIND_DIR = Path("data") / "tenth-blind-pastes"
ELEVENTH_BLIND_DIR = Path("data") / "eleventh-blind-pastes"
TWELFTH_BLIND_DIR = Path("data") / "twelfth-blind-pastes"
BLIND_DIRS = (BLIND_DIR, SECOND_BLIND_DIR, THIRD_BLIND_DIR, FOURTH_BLIND_DIR, FIFTH_BLIND_DIR, SIXTH_BLIND_DIR,
              SEVENTH_BLIND_DIR, EIGHTH_BLIND_DIR, NINTH_BLIND_DIR, TENTH_BLIND_DIR, ELEVENTH_BLIND_DIR,
              TWELFTH_BLIND_DIR)
# The sets whose labels rank causes the paste cannot tell apart (`labelled_causes`): every set
# measured so far. A set is added only after it has been measured once, so the newest stays a
# measure of causes ranked without it.
PRIOR_DIRS = (PASTES_DIR, HELD_OUT_DIR) + BLIND_DIRS[:BLIND_DIRS.index(ELEVENTH_BLIND_DIR) + 1]
SCOPES = ("autograd", "other")
UNKNOWN_DIR = Path("data") / "unknown-pastes"
# The line that states a Python exception: "RuntimeError: ...", "torch.cuda.OutOfMemoryError: ...".
EXCEPTION_LINE = re.compile(r"^(?:\w+\.)*\w*(?:Error|Exception): (.*)$", re.MULTILINE)


@dataclass(frozen=True)
class Paste:
    name: str
    source: str
    entry: str
    mechanism: str
    cause: str
    paste: str
    release: str | None = None
    scope: str = "autograd"  # blind pastes: one of SCOPES


@dataclass(frozen=True)
class UnknownPaste:
    name: str
    source: str
    why: str
    paste: str

    @property
    def message(self) -> str:
        """The message of the last exception the paste states; a paste that states none (a
        log line such as NCCL's watchdog) is its last line."""
        stated = EXCEPTION_LINE.findall(self.paste)
        return stated[-1] if stated else self.paste.strip().splitlines()[-1]


def _read(path: Path, kind: type, fields: str):
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return kind(name=path.stem, **data)
    except tomllib.TOMLDecodeError as error:
        raise CausesError(f"{path}: not valid TOML ({error}); fix the file") from None
    except TypeError as error:
        raise CausesError(f"{path}: a missing or unknown field ({error}); {fields}") from None


def read(path: Path) -> Paste:
    return _read(path, Paste, "a paste needs source, entry, mechanism, cause and paste, and may have release "
                              "(and scope, in data/blind-pastes)")


def read_unknown(path: Path) -> UnknownPaste:
    return _read(path, UnknownPaste, "an unknown paste needs source, why and paste")


def load(root: Path) -> list[Paste]:
    return [read(path) for path in sorted((Path(root) / PASTES_DIR).glob("*.toml"))]


def load_held_out(root: Path) -> list[Paste]:
    return [read(path) for path in sorted((Path(root) / HELD_OUT_DIR).glob("*.toml"))]


def load_blind(root: Path, folder: Path = BLIND_DIR) -> list[Paste]:
    found = [read(path) for path in sorted((Path(root) / folder).glob("*.toml"))]
    for paste in found:
        if paste.scope not in SCOPES:
            raise CausesError(f"{folder}/{paste.name}.toml: scope {paste.scope!r} is not one of {', '.join(SCOPES)}")
    return found


def load_unknown(root: Path) -> list[UnknownPaste]:
    return [read_unknown(path) for path in sorted((Path(root) / UNKNOWN_DIR).glob("*.toml"))]


def labelled_causes(root: Path) -> Counter[tuple[str, str]]:
    """(entry, mechanism) -> how many real pastes of the measured sets the thread's cause was
    that mechanism of that entry: how often readers who paste a message turn out to have each
    cause, which ranks causes no clue of a paste separates."""
    return Counter((paste.entry, paste.mechanism) for folder in PRIOR_DIRS
                   for paste in map(read, sorted((Path(root) / folder).glob("*.toml")))
                   if paste.entry and paste.mechanism)
