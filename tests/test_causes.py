"""data/reports keeps up with the error index: every entry has its causes as readers hit them,
every snippet's cause is one of them, and every cause is reproduced here or says why not."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from fieldguide import causes, inventory, pastes
from fieldguide.errors import grammar, grouping
from fieldguide.errors import page as index_page
from fieldguide.snippet import discover
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
SOURCE = re.compile(r"^(?:[\w.-]+/[\w.-]+#\d+|https?://\S+)$")


@pytest.fixture(scope="module")
def entries():
    return grouping.collect(discover(ROOT), OutputStore(ROOT), causes.load(ROOT))


def test_every_entry_has_its_causes_file_and_every_file_an_entry(entries):
    ids = {entry.id for entry in entries}
    files = set(causes.load(ROOT))
    assert not ids - files, f"entries without {causes.REPORTS_DIR}/<id>.toml: {sorted(ids - files)}"
    assert not files - ids, f"files in {causes.REPORTS_DIR} for no entry (renamed?): {sorted(files - ids)}"


def test_every_snippet_reproduces_exactly_one_mechanism_of_its_entry(entries):
    problems = []
    for entry in entries:
        for key in entry.raised_by:
            if entry.data.of(key) is None:
                problems.append(f"{entry.data.path.name}: {key} ({entry.causes_of.get(key)!r}) is in no mechanism")
        claimed = [key for m in entry.data.mechanisms for key in m.snippets]
        problems += [f"{entry.data.path.name}: {name!r} is claimed by two mechanisms"
                     for name in sorted({n for n in claimed if claimed.count(n) > 1})]
    assert not problems, "\n".join(problems)


def test_every_mechanism_is_shown_by_a_snippet_or_says_why_not(entries):
    problems = []
    for entry in entries:
        for mechanism in entry.data.mechanisms:
            where = f"{entry.data.path.name} [mechanisms.{mechanism.id}]"
            stale = [k for k in mechanism.snippets if k not in entry.raised_by]
            if stale:
                problems.append(f"{where} names snippets that do not print this message: {stale}")
            if mechanism.shown and not mechanism.snippets:
                problems.append(f"{where} has no snippet: add one, or `shown = false` with `why`")
            if not mechanism.shown and (not mechanism.why or mechanism.snippets):
                problems.append(f"{where} is not shown: it needs `why` and no snippets")
    assert not problems, "\n".join(problems)


def test_every_mechanism_has_its_fix(entries):
    """The paste box's answer leads with the likeliest cause and its fix, a sentence each:
    every mechanism, shown or not, says in `fix` what the reader changes in their code."""
    missing = [f"{entry.data.path.name} [mechanisms.{m.id}]" for entry in entries
               for m in entry.data.mechanisms if not m.fix.strip()]
    assert not missing, ("mechanisms without `fix`, the one imperative sentence the answer card leads "
                         "with; add it (and its Chinese under [text] of data/translations/zh.toml):\n"
                         + "\n".join(missing))


def test_reports_name_their_source(entries):
    bad = [f"{entry.data.path.name}: {r.source!r}" for entry in entries
           for r in entry.data.reports if not SOURCE.match(r.source) or not r.evidence.strip()]
    assert not bad, "a report's source is owner/repo#N or an address, with evidence:\n" + "\n".join(bad)


def test_the_index_ranks_causes_by_reports_and_counts_them(entries):
    inplace = next(e for e in entries if e.id == "one-of-the-variables-needed-for-gradient-computation-has")
    seen = [cause.seen for cause in inplace.causes([])]
    assert seen == sorted(seen, reverse=True) and seen[0] > 0
    page = index_page.entry_markdown(inplace, {s.key: s for s in discover(ROOT)},
                                      {s.key: "x.md" for s in discover(ROOT)}, ["2.13.0"])
    assert f"| {seen[0]} public reports |" in page


def test_clue_patterns_mean_the_same_in_the_browser(entries):
    """The paste box runs them as JavaScript regular expressions: no Python-only syntax."""
    python_only = re.compile(r"\(\?[aiLmsux]|\(\?P|\\[AZ]|\(\?#")
    bad = [f"{entry.data.path.name} [mechanisms.{m.id}]: {p!r}" for entry in entries
           for m in entry.data.mechanisms for p in m.code if python_only.search(p)]
    assert not bad, "patterns a browser reads differently:\n" + "\n".join(bad)


def test_a_broken_file_is_named(tmp_path):
    folder = tmp_path / causes.REPORTS_DIR
    folder.mkdir(parents=True)
    (folder / "some-entry.toml").write_text('entry = "some-entry"\n[[report]]\nsource = "a/b#1"\n')
    with pytest.raises(causes.CausesError, match=r"some-entry\.toml: a \[\[report\]\] has a missing"):
        causes.load(tmp_path)
    (folder / "some-entry.toml").write_text('entry = "other"\n')
    with pytest.raises(causes.CausesError, match=r"some-entry\.toml: `entry` must be"):
        causes.load(tmp_path)


def test_real_pastes_are_held_out_and_name_a_cause_of_their_entry(entries):
    """data/pastes measures the paste box (tests/test_diagnose.py): each names its entry and
    the thread's cause among the entry's mechanisms, and comes from a thread the causes were
    not written from."""
    by_id = {entry.id: entry for entry in entries}
    used = {r.source for entry in entries for r in entry.data.reports}
    problems = []
    for paste in pastes.load(ROOT):
        where = f"{pastes.PASTES_DIR}/{paste.name}.toml"
        if paste.entry not in by_id:
            problems.append(f"{where}: no entry {paste.entry!r}")
        elif paste.mechanism and paste.mechanism not in {m.id for m in by_id[paste.entry].data.mechanisms}:
            problems.append(f"{where}: {paste.entry} has no mechanism {paste.mechanism!r}")
        if not SOURCE.match(paste.source) or paste.source in used:
            problems.append(f"{where}: source {paste.source!r} is malformed or a thread data/reports was written from")
        if not paste.paste.strip() or not paste.cause.strip():
            problems.append(f"{where}: needs the paste and the thread's cause")
    assert not problems, "\n".join(problems)


def test_a_broken_paste_is_named(tmp_path):
    folder = tmp_path / pastes.PASTES_DIR
    folder.mkdir(parents=True)
    (folder / "p.toml").write_text('source = "a/b#1"\nentry = "x"\n')
    with pytest.raises(causes.CausesError, match=r"p\.toml: a missing or unknown field .*; a paste needs source, "
                                                 r"entry, mechanism, cause and paste, and may have release \(and "
                                                 r"scope, in data/blind-pastes\)$"):
        pastes.load(tmp_path)
    (folder / "p.toml").write_text('source = "a/b#1"\nentry = [\n')
    with pytest.raises(causes.CausesError, match=r"p\.toml: not valid TOML \(.*\); fix the file"):
        pastes.load(tmp_path)


def test_a_paste_is_named_after_its_file_and_a_blind_one_has_a_known_scope(tmp_path):
    folder = tmp_path / pastes.BLIND_DIR
    folder.mkdir(parents=True)
    paste = 'source = "a/b#1"\nentry = "e"\nmechanism = "m"\ncause = "c"\npaste = "RuntimeError: x"\n'
    (folder / "first.toml").write_text(paste)
    assert pastes.load_blind(tmp_path) == [pastes.Paste("first", "a/b#1", "e", "m", "c", "RuntimeError: x")]
    (folder / "second.toml").write_text(paste + 'scope = "elsewhere"\n')
    with pytest.raises(causes.CausesError, match=r"^data/blind-pastes/second\.toml: scope 'elsewhere' is not one "
                                                 r"of autograd, other$"):
        pastes.load_blind(tmp_path)


def test_unknown_pastes_are_sourced_and_none_is_a_recorded_message(entries):
    """data/unknown-pastes checks the paste box's "not known" answer (tests/test_diagnose.py):
    at least 20 real pastes, each with its thread and why the guide leaves it out, none from a
    thread the causes or the real pastes come from, and none whose message starts as a
    recorded one does (the guide would know it)."""
    recorded = {grammar.first_sentence(text) for entry in entries for _, text in entry.texts}
    known_threads = ({r.source for data in causes.load(ROOT).values() for r in data.reports}
                     | {p.source for p in pastes.load(ROOT)})
    unknown = pastes.load_unknown(ROOT)
    problems = []
    for paste in unknown:
        where = f"{pastes.UNKNOWN_DIR}/{paste.name}.toml"
        if not SOURCE.match(paste.source) or paste.source in known_threads:
            problems.append(
                f"{where}: source {paste.source!r} is malformed or a thread the guide's causes or pastes use"
            )
        if not paste.paste.strip() or not paste.why.strip() or "\n" in paste.why.strip():
            problems.append(f"{where}: needs the paste and a one-line `why`")
        elif grammar.first_sentence(paste.message) in recorded:
            problems.append(f"{where}: {paste.message!r} starts as a recorded message does; the guide knows it")
    assert len(unknown) >= 20, f"{pastes.UNKNOWN_DIR}: {len(unknown)} pastes; the not-known check needs at least 20"
    assert not problems, "\n".join(problems)


def test_a_broken_unknown_paste_is_named(tmp_path):
    folder = tmp_path / pastes.UNKNOWN_DIR
    folder.mkdir(parents=True)
    (folder / "u.toml").write_text('source = "a/b#1"\npaste = "RuntimeError: x"\n')
    with pytest.raises(causes.CausesError, match=r"u\.toml: a missing or unknown field .*needs source, why and paste"):
        pastes.load_unknown(tmp_path)


def test_held_out_pastes_come_from_threads_no_other_data_cites(entries):
    """data/held-out-pastes measures the box as a reader meets it (tests/test_diagnose.py): each
    names an existing entry ("" for a message none covers) and mechanism ("" for none), and its
    thread is cited nowhere else in data/, so nothing here was written from it."""
    by_id = {entry.id: entry for entry in entries}
    cited = cited_by_data() | {p.source for folder in pastes.BLIND_DIRS for p in pastes.load_blind(ROOT, folder)}
    held_out = pastes.load_held_out(ROOT)
    problems = []
    for paste in held_out:
        where = f"{pastes.HELD_OUT_DIR}/{paste.name}.toml"
        problems += label_problems(paste, by_id, where)
        if not SOURCE.match(paste.source) or paste.source in cited:
            problems.append(f"{where}: source {paste.source!r} is malformed or cited elsewhere in data/")
    sources = [p.source for p in held_out]
    problems += [f"{source}: two held-out pastes" for source in sorted({s for s in sources if sources.count(s) > 1})]
    assert len(held_out) >= 80, f"{pastes.HELD_OUT_DIR}: {len(held_out)} pastes; the measure needs at least 80"
    assert not problems, "\n".join(problems)


def label_problems(paste, by_id: dict, where: str) -> list[str]:
    """A labelled paste's entry that does not exist, or mechanism its entry does not have."""
    if paste.entry and paste.entry not in by_id:
        return [f"{where}: no entry {paste.entry!r}"]
    if paste.mechanism and (not paste.entry or paste.mechanism not in
                            {m.id for m in by_id[paste.entry].data.mechanisms}):
        return [f"{where}: {paste.entry or 'no entry'} has no mechanism {paste.mechanism!r}"]
    return []


def cited_by_data() -> set[str]:
    """The threads data/ writes from: the causes' reports, the real and unknown pastes, and the
    message inventory's reports."""
    return ({r.source for data in causes.load(ROOT).values() for r in data.reports}
            | {p.source for p in pastes.load(ROOT)} | {p.source for p in pastes.load_unknown(ROOT)}
            | {source for message in inventory.load(ROOT / inventory.INVENTORY_DIR) for source in message.reports})


@pytest.mark.parametrize("folder", pastes.BLIND_DIRS, ids=lambda folder: folder.name)
def test_blind_pastes_come_from_threads_no_other_data_cites(entries, folder):
    """Each blind set measures the box (tests/test_paste_answers.py): at least 150 pastes,
    each with its scope, an existing entry ("" for none) and mechanism ("" for none), from a
    thread nothing else in data/ cites, held-out pastes and the other blind sets included."""
    least = 150
    by_id = {entry.id: entry for entry in entries}
    cited = (cited_by_data() | {p.source for p in pastes.load_held_out(ROOT)}
             | {p.source for other in pastes.BLIND_DIRS if other != folder for p in pastes.load_blind(ROOT, other)})
    blind = pastes.load_blind(ROOT, folder)
    problems = []
    for paste in blind:
        where = f"{folder}/{paste.name}.toml"
        problems += label_problems(paste, by_id, where)
        if paste.entry and paste.scope != "autograd":
            problems.append(f"{where}: an entry of this guide is in scope: scope = \"autograd\"")
        if not SOURCE.match(paste.source) or paste.source in cited:
            problems.append(f"{where}: source {paste.source!r} is malformed or cited elsewhere in data/")
    sources = [p.source for p in blind]
    problems += [f"{source}: two blind pastes" for source in sorted({s for s in sources if sources.count(s) > 1})]
    assert len(blind) >= least, f"{folder}: {len(blind)} pastes; the measure needs at least {least}"
    assert not problems, "\n".join(problems)


GOOD = '''entry = "e"

[mechanisms.m]
text = "what code does"
fix = "do this"
snippets = ["t/a"]

[[report]]
source = "o/r#1"
mechanism = "m"
evidence = "seen"
'''


@pytest.mark.parametrize("text, says", [
    ('entry = "e"\n[mechanisms.m\n', "not valid TOML"),
    ('entry = "other"\n', "`entry` must be the file's name, 'e'"),
    (GOOD.replace('evidence = "seen"', ""), "a [[report]] has a missing or unknown field"),
    (GOOD.replace('evidence = "seen"', ""), "each needs source, mechanism and evidence, and may have release"),
    (GOOD + 'colour = "red"\n', "a [[report]] has a missing or unknown field"),
    (GOOD.replace('mechanism = "m"', 'mechanism = "n"'), "reports name mechanisms the file does not define: ['n']"),
    (GOOD.replace('text = "what code does"', ""), "[mechanisms.m] needs `text`"),
    (GOOD.replace('fix = "do this"', 'fix = "do this"\ncolour = "red"'), "[mechanisms.m] needs `text` and may only"),
    (GOOD.replace('fix = "do this"', "fix = \"do this\"\ncode = ['(']"), "[mechanisms.m] pattern '(' is not a regex"),
    (GOOD.replace('fix = "do this"', "fix = \"do this\"\nmessage = ['[']"),
     "[mechanisms.m] pattern '[' is not a regex"),
    (GOOD + '[unrecorded]\ncategory = "RuntimeError"\n', "[unrecorded] has a missing or unknown field"),
    (GOOD + '[unrecorded]\ncategory = "RuntimeError"\n', "it needs category, text, releases, source and why"),
    ('was = "older-e"\n' + GOOD, "`was` must be a list of the entry's earlier ids"),
    ('was = ["older-e", ""]\n' + GOOD, "`was` must be a list of the entry's earlier ids"),
    ('was = ["older-e", 1]\n' + GOOD, "`was` must be a list of the entry's earlier ids"),
    (GOOD + '[unrecorded]\ncategory = "E"\ntext = "t"\nreleases = "2.0"\nsource = "s"\nwhy = "w"\n',
     "every mechanism needs `shown = false` and `why`"),
])
def test_a_broken_reports_file_is_named_with_what_to_fix(tmp_path, text, says):
    path = tmp_path / "e.toml"
    path.write_text(text)
    with pytest.raises(causes.CausesError) as raised:
        causes.read(path)
    assert str(raised.value).startswith(f"{path}: ") and says in str(raised.value)


def test_a_reports_file_is_read_field_by_field(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text('was = ["older-e"]\n'
                    + GOOD.replace('fix = "do this"', 'fix = "do this"\nclues = "c"\nnodes = ["MulBackward0"]\n'
                                   "leaf = true\ncode = ['x']\nmessage = ['y']\ntell = \"if x\"")
                    + '[mechanisms.gpu]\ntext = "on a GPU"\nshown = false\nwhy = "cuda only"\n'
                    + '[[report]]\nsource = "https://example.org/t"\nmechanism = "gpu"\nevidence = "v"\n'
                    + 'release = "2.1"\n')
    data = causes.read(path)
    m, gpu = data.mechanisms
    assert (data.entry, data.path, data.unrecorded, data.was) == ("e", path, None, ("older-e",))
    assert m == causes.Mechanism(id="m", text="what code does", snippets=("t/a",),
                                 clues="c", nodes=("MulBackward0",), leaf=True, code=("x",), message=("y",),
                                 fix="do this", tell="if x", reports=(causes.Report("o/r#1", "m", "seen"),))
    # what a mechanism leaves out is empty, not missing
    assert gpu == causes.Mechanism(id="gpu", text="on a GPU", shown=False, why="cuda only",
                                   reports=(causes.Report("https://example.org/t", "gpu", "v", "2.1"),))
    assert (gpu.fix, gpu.tell, gpu.clues) == ("", "", "")
    assert data.of("t/a") is m and data.of("t/b") is None


def test_a_file_with_only_its_entry_has_no_causes_yet(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text('entry = "e"\n')
    assert causes.read(path) == causes.EntryCauses("e", path, (), (), None, ())


def test_a_report_links_to_its_thread():
    assert causes.Report("o/r.js#12", "m", "e").url == "https://github.com/o/r.js/issues/12"
    assert causes.Report("https://discuss.pytorch.org/t/1", "m", "e").url == "https://discuss.pytorch.org/t/1"
    assert causes.Report("o/r#12 comment", "m", "e").url == "o/r#12 comment"


def test_load_reads_again_after_a_change(tmp_path):
    folder = tmp_path / causes.REPORTS_DIR
    folder.mkdir(parents=True)
    (folder / "e.toml").write_text(GOOD)
    assert causes.load(tmp_path)["e"].mechanisms[0].fix == "do this"
    (folder / "e.toml").write_text(GOOD.replace("do this", "do that"))
    os.utime(folder / "e.toml", ns=(1, 1))
    assert causes.load(tmp_path)["e"].mechanisms[0].fix == "do that"


def test_each_cause_of_an_entry_with_several_says_what_tells_it_apart():
    """Where the paste cannot separate an entry's causes, the card shows each one's `tell`
    (docs/javascripts/paste-reader.js marks them close): every mechanism of an entry with two
    or more has one, a line of its own."""
    problems = []
    for entry in causes.load(ROOT).values():
        if len(entry.mechanisms) < 2:
            continue
        tells = [m.tell for m in entry.mechanisms]
        problems += [f"{entry.path.name} [mechanisms.{m.id}]: no `tell`"
                     for m in entry.mechanisms if not m.tell.strip()]
        problems += [f"{entry.path.name}: two causes say the same `tell`: {t!r}"
                     for t in sorted({t for t in tells if t and tells.count(t) > 1})]
    assert not problems, "\n".join(problems)
