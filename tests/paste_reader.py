"""The paste box's reading of pastes, without a site or a browser: docs/javascripts/paste-reader.js
run by Node (tests/paste_reader.mjs) on the data the error index carries, made here from the
repository's files as the build makes it (fieldguide/errors/data_files.py)."""

from __future__ import annotations

import functools
import json
from collections import defaultdict
from pathlib import Path

import js_call

from fieldguide import causes, editions
from fieldguide.errors import data_files, grouping
from fieldguide.snippet import discover
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def entries() -> list[grouping.Entry]:
    return grouping.collect(discover(ROOT), OutputStore(ROOT), causes.load(ROOT))


@functools.cache
def site_data(config: str = "mkdocs.yml") -> dict:
    """The paste box's data as the browser has it on the edition `config` builds: the file
    every edition shares and the edition's words (errors/data_files.py), put together by the
    script's own `localize`; its addresses start from the edition's root."""
    listed = editions.load(ROOT)
    edition = next(e for e in listed if e.config == config)
    data = json.loads(data_files.contents(ROOT, listed[0])[data_files.PASTE_DATA])
    words = json.loads(data_files.contents(ROOT, edition)[data_files.PASTE_WORDS])
    return call("localize", data, words)


def _node(request: dict) -> list:
    return js_call.run("paste_reader.mjs", request)


def read(data: dict, pastes: list[str], reasons: bool = False) -> list[dict | None]:
    """What the box makes of each paste (tests/paste_reader.mjs says what each reading holds;
    with `reasons`, also why the first cause ranks first, as the answer card says it)."""
    return _node({"data": data, "pastes": pastes, "reasons": reasons})


def call(name: str, *args):
    """One of the script's functions (pastedMessages, pastedCode, words, likeness) on `args`."""
    return _node({"calls": [[name, *args]]})[0]


# The floors of the blind pastes (data/blind-pastes; tests/test_paste_answers.py, bench/pastes.py
# prints the figures): shares of the in-scope pastes, and of those whose thread's cause is one of
# the entry's, as first measured (the aims: right 90%, first 70%, top three 90%, no wrong entry;
# the one wrong answer left is a warning's entry for a paste whose error line was cut off).
BLIND_FLOORS = {"right": 0.86, "first": 0.82, "top3": 0.82}
BLIND_MOST_WRONG = 1
# The second blind set (data/second-blind-pastes) as first measured, on the commit that
# labelled it: right 63/82, the thread's cause first 9/16 and among the first three 15/16,
# three wrong. The aims are those above.
SECOND_BLIND_FLOORS = {"right": 0.76, "first": 0.56, "top3": 0.93}
SECOND_BLIND_MOST_WRONG = 3
# The third (data/third-blind-pastes), as first measured on the commit that labelled it:
# right 39/45, the thread's cause first 5/8 and among the first three 8/8, five wrong.
THIRD_BLIND_FLOORS = {"right": 0.86, "first": 0.62, "top3": 1.0}
THIRD_BLIND_MOST_WRONG = 5
# The fourth (data/fourth-blind-pastes), as first measured on the commit that labelled it:
# right 75/94, the thread's cause first 10/16 and among the first three 14/16, two wrong.
FOURTH_BLIND_FLOORS = {"right": 0.79, "first": 0.62, "top3": 0.87}
FOURTH_BLIND_MOST_WRONG = 2
# The fifth (data/fifth-blind-pastes), as first measured on the commit that labelled it:
# right 91/129 (32 of the in-scope pastes quote a message no entry has), the thread's cause
# first 16/21 and among the first three 21/21, two wrong.
FIFTH_BLIND_FLOORS = {"right": 0.70, "first": 0.76, "top3": 1.0}
FIFTH_BLIND_MOST_WRONG = 2
# The sixth (data/sixth-blind-pastes), as first measured on the commit that labelled it
# (c080108): right 99/134 (27 of the in-scope pastes quote a message no entry has), the
# thread's cause first 10/15 and among the first three 12/15, four wrong.
SIXTH_BLIND_FLOORS = {"right": 0.73, "first": 0.66, "top3": 0.80}
SIXTH_BLIND_MOST_WRONG = 4
SIXTH_BLIND_LEAST = (130, 15)  # in-scope pastes, and those whose thread's cause is an entry's
# The seventh (data/seventh-blind-pastes), as first measured on the commit that labelled it
# (its labels on 793341e's index): right 104/139 (24 of the in-scope pastes quote a message
# no entry has), the thread's cause first 19/24 and among the first three 22/24, four wrong.
SEVENTH_BLIND_FLOORS = {"right": 0.74, "first": 0.79, "top3": 0.91}
SEVENTH_BLIND_MOST_WRONG = 4
SEVENTH_BLIND_LEAST = (135, 22)
# The eighth (data/eighth-blind-pastes), as first measured on the commit that merged the entries
# written after it was committed (its labels on 31ffd78's index, checked against the entries
# added since): right 85/113 (19 of the in-scope pastes quote a message no entry has), the
# thread's cause first 11/17 and among the first three 17/17, seven wrong; one wrong since the
# reader compares what a message is about (an attribute, a kernel, an assertion's condition).
# Among the first three 28/29 since a thread's cause got its label when the device entry gained
# the cause (optimizer state left on the CPU): that paste says only "when I resume", no code.
EIGHTH_BLIND_FLOORS = {"right": 0.75, "first": 0.64, "top3": 0.96}
EIGHTH_BLIND_MOST_WRONG = 1
EIGHTH_BLIND_LEAST = (110, 15)
# The ninth (data/ninth-blind-pastes, 170 pastes), collected and labelled before the ten entries
# written after it (labels on the index of f1e6ece, the pastes quoting those entries' messages
# relabelled by reading them), measured once on the commit that merged those entries: right 60/98
# (38 of the in-scope pastes quote a message no entry has), the thread's cause first 14/18 and
# among the first three 18/18, five wrong.
NINTH_BLIND_FLOORS = {"right": 0.61, "first": 0.77, "top3": 1.0}
NINTH_BLIND_MOST_WRONG = 5
NINTH_BLIND_LEAST = (98, 18)

# The tenth (data/tenth-blind-pastes, 195 pastes), committed unlabelled before this round's
# entries (written from the seventh to ninth sets' misses) and labelled against the index
# before them; none of those entries' messages is among its pastes. Measured once on the
# commit that merged them (a36f54e): right 46/60 (11 of the in-scope pastes quote a message no
# entry has), the thread's cause first 6/12 and among the first three 10/12, one wrong.
TENTH_BLIND_FLOORS = {"right": 0.76, "first": 0.5, "top3": 0.83}
TENTH_BLIND_MOST_WRONG = 1
TENTH_BLIND_LEAST = (60, 12)

# The eleventh (data/eleventh-blind-pastes, 200 pastes), committed unlabelled before this
# round's entries and reading rules (written from the tenth and earlier sets' misses),
# labelled against the index before them and read again for the messages they added (five
# quote Lightning's rewording of DDP's unused-parameter error). Measured once on the commit
# that merged them (fa98ea0): right 105/130 (16 of the in-scope pastes quote a message no
# entry has), the thread's cause first 9/14 and among the first three 12/14, two wrong. One
# paste (read right) was taken out after: the Lightning entry's reports cite its thread, so
# 104/129.
ELEVENTH_BLIND_FLOORS = {"right": 0.8, "first": 0.64, "top3": 0.85}
ELEVENTH_BLIND_MOST_WRONG = 2
ELEVENTH_BLIND_LEAST = (129, 14)

# The twelfth (data/twelfth-blind-pastes, 200 pastes), committed unlabelled before this
# round's entries and reading rules (written from the eleventh and earlier sets' misses by
# writers who never saw it) landed, labelled against the index of that commit and read again
# for the messages the new entries added (none quotes them). Measured once on the commit that
# merged them (b28967f): right 78/96 (13 of the in-scope pastes quote a message no entry has),
# the thread's cause first 7/13 and among the first three 11/13, three wrong.
TWELFTH_BLIND_FLOORS = {"right": 0.81, "first": 0.53, "top3": 0.84}
TWELFTH_BLIND_MOST_WRONG = 3
TWELFTH_BLIND_LEAST = (96, 13)

def measure(cases: list, readings: list) -> tuple[dict, list[str]]:
    """The box's figures on labelled real pastes (fieldguide/pastes.py): how many in-scope
    pastes land on their entry, get an honest "not known" for a message no entry has, or a
    wrong entry (of any paste); where the thread's cause ranks; and the misses, in words."""
    # every count the figures are said with starts at 0, so a set with no wrong entry says 0
    figures: dict = defaultdict(int, {"right": 0, "not known": 0, "wrong": 0, "first": 0, "top3": 0})
    misses = []
    for case, reading in zip(cases, readings, strict=True):
        got = reading["entry"] if reading else None
        in_scope = case.scope == "autograd"
        figures["pastes"] += 1
        figures["in scope"] += in_scope
        if got and got != case.entry:
            figures["wrong"] += 1
            misses.append(f"{case.name} ({case.source}): WRONG: {got}, not {case.entry or 'not known'}")
        elif in_scope and case.entry and got == case.entry:
            figures["right"] += 1
        elif in_scope and not case.entry and not got:
            figures["not known"] += 1
            misses.append(f"{case.name} ({case.source}): not known, and no entry has its message")
        elif in_scope:
            score = reading["score"] if reading else 0
            misses.append(f"{case.name} ({case.source}): not read as {case.entry} (score {score:.3f})")
        if in_scope and case.entry and case.mechanism:
            figures["with cause"] += 1
            count_rank(case, [c["mechanism"] for c in reading["causes"]] if got == case.entry else [], figures, misses)
    figures["shares"] = {
        "right": figures["right"] / max(figures["in scope"], 1),
        "first": figures["first"] / max(figures["with cause"], 1),
        "top3": figures["top3"] / max(figures["with cause"], 1),
    }
    return dict(figures), misses


def count_rank(case, ranked: list[str], figures: dict, misses: list[str]) -> None:
    """Where the thread's cause of a labelled paste is among the causes the box `ranked`: first,
    among the first three, and a miss in words when it is not first."""
    rank = ranked.index(case.mechanism) + 1 if case.mechanism in ranked else None
    figures["first"] += rank == 1
    figures["top3"] += rank is not None and rank <= 3
    if rank != 1:
        misses.append(f"{case.name} ({case.source}): the thread's cause {case.mechanism} is "
                      f"{'not listed' if rank is None else f'number {rank}'}; first: {ranked[:1]}")


def said(figures: dict) -> str:
    """The figures in words, as the test and the benchmark print them."""
    share = figures["shares"]
    return "\n".join([
        f"pastes: {figures['pastes']}, in scope: {figures['in scope']}",
        f"  right entry: {figures['right']}/{figures['in scope']} in scope ({share['right']:.1%}); "
        f"honest 'not known': {figures['not known']}; wrong entry: {figures['wrong']}",
        f"  the thread's cause first: {figures['first']}/{figures['with cause']} ({share['first']:.1%}); "
        f"among the first three: {figures['top3']}/{figures['with cause']} ({share['top3']:.1%})",
    ])
