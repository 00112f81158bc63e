"""The paste box's answers on the real index's data (tests/paste_reader.py builds it from the
repository as the index's page does), fast: docs/javascripts/paste-reader.js run by Node,
no site and no browser (tests/test_diagnose.py checks the page that shows the answers).

Every message is taken from the recorded outputs, never typed here: each error and warning
every release printed, pasted as the reader would have it (the traceback of an error, the
warning line with its source line), must land on its own entry. Then variants built from the
same recordings: other tensor types and shapes, other node names, older wordings, the
reader's own frames above the traceback, prompts and blank lines around it, the last line
alone, the message quoted inside another one, the traceback indented under a launcher's.
Every wording of data/wordings.toml (only PyTorch's source has it) must land on its entry,
said to be such a wording. The in-place error without its "which is output N of" part (a
leaf was changed) must rank the optimizer-step cause first. Real pastes from public threads
(data/pastes) must rank the thread's cause as often as when the floors were set; messages
from outside autograd (data/unknown-pastes) must get no entry. Every cause in an answer
carries its snippets and fixes, linked, with what the fix changes.

Each test prints its hit rates (`pytest -rP` shows them)."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

import pytest
from paste_reader import (
    BLIND_FLOORS,
    BLIND_MOST_WRONG,
    EIGHTH_BLIND_FLOORS,
    EIGHTH_BLIND_LEAST,
    EIGHTH_BLIND_MOST_WRONG,
    ELEVENTH_BLIND_FLOORS,
    ELEVENTH_BLIND_LEAST,
    ELEVENTH_BLIND_MOST_WRONG,
    FIFTH_BLIND_FLOORS,
    FIFTH_BLIND_MOST_WRONG,
    FOURTH_BLIND_FLOORS,
    FOURTH_BLIND_MOST_WRONG,
    NINTH_BLIND_FLOORS,
    NINTH_BLIND_LEAST,
    NINTH_BLIND_MOST_WRONG,
    ROOT,
    SECOND_BLIND_FLOORS,
    SECOND_BLIND_MOST_WRONG,
    SEVENTH_BLIND_FLOORS,
    SEVENTH_BLIND_LEAST,
    SEVENTH_BLIND_MOST_WRONG,
    SIXTH_BLIND_FLOORS,
    SIXTH_BLIND_LEAST,
    SIXTH_BLIND_MOST_WRONG,
    TENTH_BLIND_FLOORS,
    TENTH_BLIND_LEAST,
    TENTH_BLIND_MOST_WRONG,
    THIRD_BLIND_FLOORS,
    THIRD_BLIND_MOST_WRONG,
    TWELFTH_BLIND_FLOORS,
    TWELFTH_BLIND_LEAST,
    TWELFTH_BLIND_MOST_WRONG,
    entries,
    measure,
    read,
    said,
    site_data,
)

from fieldguide import pastes, wordings
from fieldguide.errors import grammar, grouping
from fieldguide.releases import version_key
from fieldguide.render import TRACEBACK_START
from fieldguide.snippet import discover
from fieldguide.store import OutputStore

LEAF_CLAUSE = re.compile(r", which is output \d+ of [\w:]+")
OWN_FRAMES = (
    "Traceback (most recent call last):\n"
    '  File "/home/reader/project/train.py", line 88, in <module>\n'
    "    main()\n"
    '  File "/home/reader/project/train.py", line 61, in main\n'
    "    loss.backward()\n"
    '  File "/opt/conda/lib/python3.10/site-packages/torch/_tensor.py", line 487, in backward\n'
    "    torch.autograd.backward(\n"
)


@dataclass
class Case:
    family: str
    paste: str
    entry: str | None  # the id it must land on; None: no entry
    releases: tuple[str, ...] = ()  # the releases that print it, for exact texts


def entry_of(found: list[grouping.Entry], category: str, message: str) -> grouping.Entry:
    return next(e for e in found if (category, message) in e.texts)


def warning_block(output: str, message: str) -> str:
    """The warning as printed: its line (and continuation lines), then the source line."""
    lines = output.splitlines()
    first = message.splitlines()[0]
    start = next(i for i, line in enumerate(lines) if line.endswith(first) and "Warning: " in line)
    end = start + len(message.splitlines())
    while end < len(lines) and lines[end].startswith("  "):
        end += 1
    return "\n".join(lines[start:end]) + "\n"


def recorded_cases() -> list[Case]:
    """Every message every release printed, as the reader pastes it, once per distinct paste."""
    found = entries()
    store = OutputStore(ROOT)
    cases: dict[str, Case] = {}
    for snippet in (s for s in discover(ROOT) if s.error_index):
        for versions, output in store.by_output(snippet.key):
            for category, message in grammar.messages(output):
                entry = entry_of(found, category, message)
                if category.endswith("Warning"):
                    paste = warning_block(output, message)
                else:
                    paste = output[output.rindex(TRACEBACK_START) :]
                case = cases.setdefault(paste, Case("exact", paste, entry.id))
                case.releases = tuple(sorted(set(case.releases) | set(versions), key=version_key))
    return list(cases.values())


def last_line(paste: str) -> tuple[str, str]:
    """(category, message) of a recorded paste: what follows the traceback or the warning's path."""
    if paste.startswith(TRACEBACK_START):
        rest = "\n".join(line for line in paste.splitlines()[1:] if not line.startswith(" "))
        category, _, message = rest.partition(": ")
        return category, message
    first, *more = [line for line in paste.splitlines() if not line.startswith("  ")]
    logged = grammar.CPP_WARNING_HEADER.match(first)  # a warning torch's C++ code logged itself
    if logged:
        return logged[1], "\n".join([logged[2], *more])
    _, category, message = first.split(": ", 2)
    return category.rsplit(" ", 1)[-1], "\n".join([message, *more])


def last_line_message(paste: str) -> str:
    return last_line(paste)[1]


def variants(exact: list[Case]) -> list[Case]:
    """Realistic pastes built from the recorded ones."""
    built = []
    seen = {case.paste for case in exact}

    # an entry whose message many operations raise is one only beside a line of its traceback, or
    # in a paste with no traceback at all whose message is one it answers alone
    where = {entry.id: entry.data for entry in entries() if entry.data and entry.data.traceback}
    frame = re.compile(r'^\s*File ".*", line \d+|^(?:File \S.*?:\d+, in |\S.*?\.py in |<ipython-input-\S+> in '
                       r'|Cell In\[\d*\], line \d+)')

    def add(family: str, case: Case, paste: str) -> None:
        if paste not in seen:
            seen.add(paste)
            data = where.get(case.entry or "")
            lines = paste.splitlines()
            beside = not data or any(re.search(p, line) for p in data.traceback for line in lines) or (
                any(re.search(p, last_line_message(case.paste)) for p in data.alone)
                and not any(frame.search(line) for line in lines))
            built.append(Case(family, paste, case.entry if beside else None))

    for case in exact:
        category, message = last_line(case.paste)
        error = f"{category}: {message}\n"
        cuda = re.sub(r"\[torch\.(\w+) ", r"[torch.cuda.\1 ", case.paste)
        add("CUDA and half types", case, cuda.replace("FloatTensor", "HalfTensor"))
        add("large shapes", case, re.sub(r"(\[[\w.]+ )\[[\d, ]*\]\]", r"\1[4, 128, 64, 64]]", case.paste))
        add("large shapes", case, re.sub(r"torch\.Size\(\[[\d, ]*\]\)", "torch.Size([32, 3, 224, 224])", case.paste))
        for node in ("ReluBackward0", "AsStridedBackward0", "CopySlices", "Relu", "TBackward"):
            add("other node names", case, re.sub(r"(output \d+ of )\w+", rf"\g<1>{node}", case.paste))
        old = re.sub(r"\b(\w+)Backward0\b", r"\1Backward", case.paste)  # 1.x: SigmoidBackward
        old = re.sub(
            r"(output \d+ of )(?!\w*Backward)([A-Z]\w*?)(\d?)(?=,)", lambda m: f"{m[1]}{m[2]}Backward{m[3]}", old
        )
        add("older wordings", case, old)
        add("older wordings", case, re.sub(r"\bTensor\b", "Variable", case.paste))
        add("older wordings", case, re.sub(r" Hint: .*", "", case.paste))  # before the hint was added
        if case.paste.startswith(TRACEBACK_START):
            add("reader's own frames", case, OWN_FRAMES + case.paste.removeprefix(TRACEBACK_START))
            add("prompts and blank lines", case, f"\n\n>>> loss.backward()\n{case.paste}>>> \n\n")
            add("prompts and blank lines", case, (
                "---------------------------------------------------------------------------\n"
                f"{category}                              Traceback (most recent call last)\n"
                "Cell In[7], line 3\n      1 out = model(x)\n----> 3 out.sum().backward()\n\n" + error))
            add("nested in a launcher's traceback", case, (
                "Traceback (most recent call last):\n  File \"launch.py\", line 12, in <module>\n"
                "    run(main)\n" + "".join(f"    {line}\n" for line in case.paste.splitlines())
                + "\nDuring handling of the above exception, another exception occurred:\n\n"
                "Traceback (most recent call last):\n  File \"launch.py\", line 14, in <module>\n"
                "    raise SystemExit(1)\nSystemExit: 1\n"))
            if "\n" not in message and '"' not in message:
                add("quoted in another exception", case, (
                    "torch._dynamo.exc.TorchRuntimeError: Failed running call_function "
                    f"<built-in method backward>(*(FakeTensor(...),), **{{}}):\ngot {category}(\"{message}\")\n"))
        else:
            add("prompts and blank lines", case, f"\n(venv) $ python train.py\n{case.paste}\n\n")
        add("last line only", case, error)
        add("message only", case, message)
    return built


def landed(reading: dict | None, entry: str | None) -> bool:
    return (reading["entry"] if reading else None) == entry


def check(cases: list[Case], what: str) -> list[str]:
    """Read every case; print the hit rate per family; return the misses."""
    hits, totals, lowest, misses = defaultdict(int), defaultdict(int), defaultdict(lambda: 1.0), []
    for case, reading in zip(cases, read(site_data(), [c.paste for c in cases]), strict=True):
        totals[case.family] += 1
        score = reading["score"] if reading else 0
        lowest[case.family] = min(lowest[case.family], score)
        if landed(reading, case.entry):
            hits[case.family] += 1
        else:
            misses.append(f"[{case.family}] expected #{case.entry}, got {reading and reading['entry'] or 'nothing'} "
                          f"(score {score:.3f}):\n{case.paste}")
    for family in totals:
        print(f"{what}, {family}: {hits[family]}/{totals[family]} land on their entry "
              f"(lowest match score {lowest[family]:.3f})")
    return misses


def test_every_recorded_message_lands_on_its_entry():
    cases = recorded_cases()
    per_release = defaultdict(lambda: [0, 0])
    misses, worded = [], []
    for case, reading in zip(cases, read(site_data(), [c.paste for c in cases]), strict=True):
        ok = landed(reading, case.entry)
        for version in case.releases:
            per_release[version][0] += ok
            per_release[version][1] += 1
        if not ok:
            misses.append(f"expected #{case.entry}, got {reading and reading['entry'] or 'nothing'}:\n{case.paste}")
        elif reading["worded"] not in ("worded_one", "worded_many"):
            worded.append(f"{reading['worded']}\n{case.paste}")  # its template is a recorded one
    for version in sorted(per_release, key=version_key):
        hit, total = per_release[version]
        print(f"exact texts recorded on {version}: {hit}/{total} land on their entry")
    assert len(cases) >= 20
    assert not misses, f"{len(misses)} of {len(cases)} recorded messages miss:\n\n" + "\n\n".join(misses)
    assert not worded, "recorded messages not recognised as a recorded wording:\n\n" + "\n\n".join(worded)


def test_variants_land_on_their_entry():
    cases = variants(recorded_cases())
    misses = check(cases, "variant")
    families = {"CUDA and half types", "other node names", "older wordings", "reader's own frames",
                "nested in a launcher's traceback", "quoted in another exception"}
    assert {c.family for c in cases} >= families
    assert not misses, f"{len(misses)} of {len(cases)} variants miss:\n\n" + "\n\n".join(misses[:20])


def test_every_wording_from_the_source_lands_on_its_entry():
    """Each lands on its entry, said to be a wording only the source has, or (where its words
    are a recorded wording's, in another category or spacing) a recorded one: never "like none"."""
    found = wordings.load(ROOT)
    pasted = [f"{w.category}: {w.text}" for w in found]
    misses = [f"{w.entry}: got {r and r['entry']} ({r and r['worded']}) for:\n{paste}"
              for w, paste, r in zip(found, pasted, read(site_data(), pasted), strict=True)
              if not (landed(r, w.entry) and r["worded"] != "worded_none")]
    print(f"wordings only PyTorch's source has: {len(found) - len(misses)}/{len(found)} land on their entry")
    assert not misses, "\n\n".join(misses)


def test_a_leaf_ranks_the_optimizer_step_cause_first():
    """The in-place error without "which is output N of": the changed tensor is a leaf."""
    inplace = next(e for e in entries() if "modified by an inplace operation" in e.summary)
    causes = inplace.causes([])
    leaf = [c for c in causes if any(not LEAF_CLAUSE.search(t) for _, t in c.texts)]
    assert leaf, (
        "no snippet records the in-place error without its 'which is output N of' part; "
        "the optimizer-step cause needs one (a weight changed by optimizer.step())"
    )
    optimizer = [c for c in leaf if c.mechanism and "optimizer" in c.mechanism.text.lower()]
    assert optimizer, f"no leaf-form cause mentions an optimizer step: {[c.text for c in leaf]}"
    with_clause = sorted({t for c in causes for _, t in c.texts if LEAF_CLAUSE.search(t)})
    pasted = [f'{TRACEBACK_START}  File "train.py", line 9, in <module>\n    loss.backward()\n'
              f"RuntimeError: {LEAF_CLAUSE.sub('', text)}\n" for text in with_clause]
    misses = [f"first cause {r['causes'][0]['mechanism'] if r and r['causes'] else None} for:\n{paste}"
              for paste, r in zip(pasted, read(site_data(), pasted), strict=True)
              if not (landed(r, inplace.id) and r["causes"][0]["mechanism"] == optimizer[0].mechanism.id)]
    print(f"leaf form: {len(with_clause) - len(misses)}/{len(with_clause)} rank the optimizer-step cause first")
    assert not misses, "\n\n".join(misses)


def test_real_pastes_put_the_threads_cause_first():
    """Messages readers pasted in public threads that found their cause (data/pastes): the box
    must land on the entry and rank the thread's cause first, or among the first three, at
    least as often as when these floors were set. A paste whose cause is none of the entry's
    mechanisms counts as a miss; the misses are printed."""
    cases = pastes.load(ROOT)
    first = top3 = 0
    misses, per_entry = [], defaultdict(lambda: [0, 0])
    for case, reading in zip(cases, read(site_data(), [c.paste for c in cases]), strict=True):
        ranked = [c["mechanism"] for c in reading["causes"]] if landed(reading, case.entry) else []
        rank = ranked.index(case.mechanism) + 1 if case.mechanism and case.mechanism in ranked else None
        first += rank == 1
        top3 += rank is not None and rank <= 3
        per_entry[case.entry][0] += rank == 1
        per_entry[case.entry][1] += 1
        if rank != 1:
            where = "not listed" if rank is None else f"number {rank}"
            misses.append(f"{case.name} ({case.source}): the thread's cause {case.mechanism or '(none)'} is {where}; "
                          f"first: {ranked[:1] or (reading and reading['entry']) or 'nothing'}")
    for entry, (hit, total) in sorted(per_entry.items()):
        print(f"  {entry}: {hit}/{total} first")
    print(f"real pastes: {len(cases)} from {len(per_entry)} entries; the thread's cause first for "
          f"{first}/{len(cases)} ({first / len(cases):.0%}), among the first three for {top3}/{len(cases)} "
          f"({top3 / len(cases):.0%})")
    print("\n".join(misses))
    assert len(cases) >= 60 and len(per_entry) >= 12, "data/pastes needs 60 pastes from 12 entries"
    assert first >= 0.57 * len(cases) and top3 >= 0.85 * len(cases), "\n".join(misses)


@pytest.mark.parametrize(("folder", "floors", "most_wrong", "least"), [
    (pastes.BLIND_DIR, BLIND_FLOORS, BLIND_MOST_WRONG, (150, 15)),
    (pastes.SECOND_BLIND_DIR, SECOND_BLIND_FLOORS, SECOND_BLIND_MOST_WRONG, (80, 15)),
    (pastes.THIRD_BLIND_DIR, THIRD_BLIND_FLOORS, THIRD_BLIND_MOST_WRONG, (40, 8)),
    (pastes.FOURTH_BLIND_DIR, FOURTH_BLIND_FLOORS, FOURTH_BLIND_MOST_WRONG, (90, 16)),
    (pastes.FIFTH_BLIND_DIR, FIFTH_BLIND_FLOORS, FIFTH_BLIND_MOST_WRONG, (125, 20)),
    (pastes.SIXTH_BLIND_DIR, SIXTH_BLIND_FLOORS, SIXTH_BLIND_MOST_WRONG, SIXTH_BLIND_LEAST),
    (pastes.SEVENTH_BLIND_DIR, SEVENTH_BLIND_FLOORS, SEVENTH_BLIND_MOST_WRONG, SEVENTH_BLIND_LEAST),
    (pastes.EIGHTH_BLIND_DIR, EIGHTH_BLIND_FLOORS, EIGHTH_BLIND_MOST_WRONG, EIGHTH_BLIND_LEAST),
    (pastes.NINTH_BLIND_DIR, NINTH_BLIND_FLOORS, NINTH_BLIND_MOST_WRONG, NINTH_BLIND_LEAST),
    (pastes.TENTH_BLIND_DIR, TENTH_BLIND_FLOORS, TENTH_BLIND_MOST_WRONG, TENTH_BLIND_LEAST),
    (pastes.ELEVENTH_BLIND_DIR, ELEVENTH_BLIND_FLOORS, ELEVENTH_BLIND_MOST_WRONG, ELEVENTH_BLIND_LEAST),
    (pastes.TWELFTH_BLIND_DIR, TWELFTH_BLIND_FLOORS, TWELFTH_BLIND_MOST_WRONG, TWELFTH_BLIND_LEAST),
], ids=["blind", "second-blind", "third-blind", "fourth-blind", "fifth-blind", "sixth-blind", "seventh-blind",
        "eighth-blind", "ninth-blind", "tenth-blind", "eleventh-blind", "twelfth-blind"])
def test_blind_pastes_land_on_their_entry(folder, floors, most_wrong, least):
    """Real pastes collected before the entries they test were written (data/blind-pastes), or
    after, by topic, and labelled by readers who never ran the box (data/second-blind-pastes,
    data/third-blind-pastes to data/twelfth-blind-pastes):
    the right entry for the in-scope ones, at most `most_wrong` pastes on a wrong entry, and
    the thread's cause first and among the first three, at least as often as `floors` says."""
    cases = pastes.load_blind(ROOT, folder)
    figures, misses = measure(cases, read(site_data(), [c.paste for c in cases]))
    print(said(figures))
    print("\n".join(misses))
    assert figures["in scope"] >= least[0] and figures["with cause"] >= least[1]
    assert figures["wrong"] <= most_wrong, "\n".join(m for m in misses if "WRONG" in m)
    for name, floor in floors.items():
        share = figures["shares"][name]
        assert share >= floor, f"{name}: {share:.1%} is below {floor:.0%}\n" + "\n".join(misses)


def test_unknown_messages_get_no_entry():
    # Real pastes from public threads; tests/test_causes.py checks that none is a recorded message.
    unknown = pastes.load_unknown(ROOT)
    readings = read(site_data(), [p.paste for p in unknown])
    wrong = [f"{p.name}: {r['entry']}" for p, r in zip(unknown, readings, strict=True) if r["entry"] is not None]
    print(f"unknown messages: {len(unknown) - len(wrong)}/{len(unknown)} not known; best score "
          f"{max(r['score'] for r in readings):.3f} (an entry needs 0.6)")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("config", ["mkdocs.yml", "mkdocs.zh.yml"])
def test_every_cause_in_an_answer_carries_its_fix(config):
    """Each reproduced cause names its raising snippets and their fixes, each linked to the
    page that shows it, with what the fix changes; a cause not reproduced here says why and
    links its public reports. Every cause has its fix in a sentence."""
    data = site_data(config)
    problems = []
    for entry in data["entries"]:
        for cause in entry["causes"]:
            where = f"{entry['id']} [{cause['mechanism']}]"
            if not cause["fix"]:
                problems.append(f"{where}: no fix sentence (`fix` in data/reports/{entry['id']}.toml)")
            if cause["notShown"] is not None:
                if not (cause["notShown"] and cause["reports"]):
                    problems.append(f"{where}: not reproduced, yet no reason or no report")
                continue
            if not cause["pairs"]:
                problems.append(f"{where}: reproduced by no snippet")
            for pair in cause["pairs"]:
                for key in ("url", "fixUrl"):
                    if not re.fullmatch(r"(\.\./)*[\w-]+/#[\w-]+", pair[key]):
                        problems.append(f"{where}: {pair['snippet']} has no address for its {key}: {pair[key]!r}")
                if not pair["diff"]:
                    problems.append(f"{where}: no difference between {pair['snippet']} and its fix {pair['fix']}")
    assert not problems, "\n".join(problems)


# Messages about what a custom Function saves or returns, as readers paste them: other types,
# devices and dtypes than the recordings have, and the wordings of older releases (from PyTorch's
# source and public threads). Each must land on its entry and, where the message itself shows
# the cause (a name, an old wording), rank that cause first.
CUSTOM_FUNCTION_VARIANTS = [
    # (paste, entry, first cause or None)
    ("RuntimeError: Function MyFuncBackward returned an invalid gradient at index 1 - expected device cuda:0 "
     "but got cpu", "function-returned-an-invalid-gradient-at-index-expected", "backward-builds-on-cpu"),
    ("RuntimeError: Function NumpyOpWrapperBackward returned an invalid gradient at index 0 - expected type "
     "TensorOptions(dtype=float, device=cuda:0, layout=Strided, requires_grad=false (default), pinned_memory=false "
     "(default), memory_format=(nullopt)) but got TensorOptions(dtype=float, device=cpu, layout=Strided, "
     "requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))",
     "function-returned-an-invalid-gradient-at-index-expected", "backward-builds-on-cpu"),
    ("RuntimeError: Function AddBackward0 returned an invalid gradient at index 1 - expected type "
     "torch.FloatTensor but got torch.cuda.FloatTensor",
     "function-returned-an-invalid-gradient-at-index-expected", "cpu-scalar-in-gpu-loss"),
    ("RuntimeError: Function AddBackward0 returned an invalid gradient at index 1 - expected type "
     "TensorOptions(dtype=float, device=cpu, layout=Strided, requires_grad=false) but got "
     "TensorOptions(dtype=float, device=cuda:0, layout=Strided, requires_grad=false)",
     "function-returned-an-invalid-gradient-at-index-expected", "cpu-scalar-in-gpu-loss"),
    ("RuntimeError: Function ViewBackward returned an invalid gradient at index 0 - expected device cpu:0 but got cpu",
     "function-returned-an-invalid-gradient-at-index-expected", None),
    ("RuntimeError: Function FBackward returned an invalid gradient at index 0 - got [6] but expected shape "
     "compatible with [2, 3]", "function-returned-an-invalid-gradient-at-index-got-but", None),
    ("RuntimeError: Function _RasterizeGaussiansBackward returned an invalid gradient at index 2 - got [0, 0, 3] "
     "but expected shape compatible with [0, 16, 3]",
     "function-returned-an-invalid-gradient-at-index-got-but", "extension-empty-point-set"),
    ("RuntimeError: Expected isFloatingType(grads[i].type().scalarType()) to be true, but got false.  (Could this "
     "error message be improved?  If so, please report an enhancement request to PyTorch.)",
     "expected-isfloatingtype-grad-scalar-type-input-is-complex", "integer-output-not-marked"),
    ("RuntimeError: Expected isFloatingType(grads[i].scalar_type()) to be true, but got false.  (Could this error "
     "message be improved?  If so, please report an enhancement request to PyTorch.) (validate_outputs at "
     "..\\torch\\csrc\\autograd\\engine.cpp:476)\n(no backtrace available)",
     "expected-isfloatingtype-grad-scalar-type-input-is-complex", "integer-output-not-marked"),
    ("Traceback (most recent call last):\n  File \"repro.py\", line 6, in <module>\n"
     "    y_sum = torch.sum(x, dtype=torch.complex128)\n"
     "RuntimeError: Expected isFloatingType(grad.scalar_type()) || (input_is_complex == grad_is_complex) to be "
     "true, but got false.  (Could this error message be improved?  If so, please report an enhancement request "
     "to PyTorch.)", "expected-isfloatingtype-grad-scalar-type-input-is-complex", "real-to-complex-op"),
    ("TypeError: save_for_backward can only save variables, but argument 1 is of type tuple",
     "save-for-backward-can-only-save-variables-but-argument-is-of", None),
    ("TypeError: save_for_backward can only save variables, but argument 0 is of type numpy.ndarray",
     "save-for-backward-can-only-save-variables-but-argument-is-of", None),
    ("TypeError: save_for_backward can only save variables, but argument 1 is of type float",
     "save-for-backward-can-only-save-variables-but-argument-is-of", None),
    ("TypeError: save_for_backward can only save variables, but argument 10 is of type PackedSeqParams",
     "save-for-backward-can-only-save-variables-but-argument-is-of", None),
    ("  File \"megatron/core/tensor_parallel/random.py\", line 301, in checkpoint\n"
     "    return CheckpointFunction.apply(function, distribute_saved_activations, *args)\n"
     "TypeError: save_for_backward can only save variables, but argument 4 is of type tuple",
     "save-for-backward-can-only-save-variables-but-argument-is-of", "checkpoint-saves-every-argument"),
]


def test_custom_function_variants_land_on_their_entry():
    pastes = [paste for paste, _, _ in CUSTOM_FUNCTION_VARIANTS]
    misses = []
    for (paste, entry, first), reading in zip(CUSTOM_FUNCTION_VARIANTS, read(site_data(), pastes), strict=True):
        ranked = [c["mechanism"] for c in reading["causes"]] if landed(reading, entry) else []
        if not landed(reading, entry):
            misses.append(f"expected #{entry}, got {reading and reading['entry'] or 'nothing'}:\n{paste}")
        elif first is not None and ranked[:1] != [first]:
            misses.append(f"#{entry}: expected {first} first, got {ranked}:\n{paste}")
    print(f"custom Function variants: {len(pastes) - len(misses)}/{len(pastes)} land on their entry")
    assert not misses, "\n\n".join(misses)


# The operand checks of 1.0 - 1.5 (data/wordings.toml), with other values than the wordings
# quote: one message named both operands' backend (1.1) or device (1.2) and dtype, so operands on
# two backends or devices are the device entry and the same one twice the dtype entry; the legacy
# TH check names the argument, any argument. An optimizer's update on resumed state ranks that
# cause first.
DEVICE = "expected-all-tensors-to-be-on-the-same-device-but-found-at"
OLD_OPERAND_CHECKS = [
    # (paste, entry, first cause or None)
    ("RuntimeError: expected backend CUDA and dtype Float but got backend CPU and dtype Float", DEVICE, None),
    ("RuntimeError: expected backend CPU and dtype Long but got backend CUDA and dtype Float", DEVICE, None),
    ("RuntimeError: expected backend CPU and dtype Double but got backend CPU and dtype Float",
     "found-dtype-but-expected", None),
    ("RuntimeError: expected backend CUDA and dtype Float but got backend CUDA and dtype Half",
     "found-dtype-but-expected", None),
    ("RuntimeError: expected device cuda:1 and dtype Float but got device cuda:0 and dtype Float", DEVICE, None),
    ("RuntimeError: expected device cpu and dtype Float but got device cpu and dtype Long",
     "found-dtype-but-expected", None),
    ("RuntimeError: expected device cuda:0 but got device cuda:1", DEVICE, None),
    ("RuntimeError: Expected object of backend CPU but got backend CUDA for argument #2 'other'", DEVICE, None),
    ("RuntimeError: Expected object of backend CUDA but got backend CPU for sequence element 0 in sequence "
     "argument at position #1 'tensors'", DEVICE, None),
    ("RuntimeError: Expected object of device type cuda but got device type cpu for argument #1 'self' in call "
     "to _thnn_conv2d_forward", DEVICE, None),
    ("  File \"train.py\", line 60, in train\n    optimizer.step()\n"
     "  File \"/usr/lib/python3.7/site-packages/torch/optim/adam.py\", line 93, in step\n"
     "    exp_avg.mul_(beta1).add_(1 - beta1, grad)\n"
     "RuntimeError: expected backend CPU and dtype Float but got backend CUDA and dtype Float",
     DEVICE, "optimizer-state-elsewhere"),
]


def test_old_operand_checks_land_on_the_entry_their_operands_say():
    pastes = [paste for paste, _, _ in OLD_OPERAND_CHECKS]
    misses = []
    for (paste, entry, first), reading in zip(OLD_OPERAND_CHECKS, read(site_data(), pastes), strict=True):
        ranked = [c["mechanism"] for c in reading["causes"]] if landed(reading, entry) else []
        if not landed(reading, entry):
            misses.append(f"expected #{entry}, got {reading and reading['entry'] or 'nothing'}:\n{paste}")
        elif first is not None and ranked[:1] != [first]:
            misses.append(f"#{entry}: expected {first} first, got {ranked}:\n{paste}")
    assert not misses, "\n\n".join(misses)


# A required argument that step() was not given: Python words the message the same for every
# class and names the argument last (without the class before Python 3.10). The argument
# decides the entry: 'closure' is L-BFGS stepped like Adam, 'metrics' is ReduceLROnPlateau
# stepped like the other schedulers; neither may take the other's pastes.
MISSING_STEP_ARGUMENT = [
    ("TypeError: step() missing 1 required positional argument: 'closure'",
     "lbfgs-step-missing-required-positional-argument"),
    ("TypeError: LBFGS.step() missing 1 required positional argument: 'closure'",
     "lbfgs-step-missing-required-positional-argument"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 40, in <module>\n    optimizer.step()\n"
     "TypeError: step() missing 1 required positional argument: 'closure'",
     "lbfgs-step-missing-required-positional-argument"),
    ("TypeError: step() missing 1 required positional argument: 'metrics'",
     "reducelronplateau-step-missing-required-positional-argument"),
    ("TypeError: ReduceLROnPlateau.step() missing 1 required positional argument: 'metrics'",
     "reducelronplateau-step-missing-required-positional-argument"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 52, in <module>\n    scheduler.step()\n"
     "TypeError: step() missing 1 required positional argument: 'metrics'",
     "reducelronplateau-step-missing-required-positional-argument"),
]


def test_the_missing_argument_decides_the_entry():
    pastes = [paste for paste, _ in MISSING_STEP_ARGUMENT]
    misses = [
        f"expected #{entry}, got {reading and reading['entry'] or 'nothing'}:\n{paste}"
        for (paste, entry), reading in zip(MISSING_STEP_ARGUMENT, read(site_data(), pastes), strict=True)
        if not landed(reading, entry)
    ]
    assert {entry for _, entry in MISSING_STEP_ARGUMENT} == {
        "lbfgs-step-missing-required-positional-argument",
        "reducelronplateau-step-missing-required-positional-argument",
    }
    print(f"step() missing an argument: {len(pastes) - len(misses)}/{len(pastes)} land on their entry")
    assert not misses, "\n\n".join(misses)


# Messages that Python raises for any dict or None, answered only where the traceback passes
# through an optimizer (the entries' `traceback` patterns): KeyError: 'step' read by an
# optimizer's step or loading (torch's, a library's own optimizer file, or through
# torch.distributed.checkpoint's optimizer state-dict helpers), and the None a checkpoint saved
# without the optimizer's state hands to load_state_dict(). The same messages raised by a
# trainer's own dict or None must get no entry.
OPTIMIZER_ONLY = [
    # (paste, entry or None, first cause or None)
    ("Traceback (most recent call last):\n"
     '  File "/work/nmt/fairseq/fairseq/trainer.py", line 512, in load_checkpoint\n'
     "    self.optimizer.load_state_dict(last_optim_state, optimizer_overrides)\n"
     '  File "/work/nmt/fairseq/fairseq/optim/fairseq_optimizer.py", line 91, in load_state_dict\n'
     "    self.optimizer.load_state_dict(state_dict)\n"
     '  File "/opt/conda/lib/python3.10/site-packages/torch/optim/optimizer.py", line 745, in load_state_dict\n'
     "    self.__setstate__({'state': state, 'param_groups': param_groups})\n"
     '  File "/opt/conda/lib/python3.10/site-packages/torch/optim/adam.py", line 94, in __setstate__\n'
     "    if len(p_state) != 0 and not torch.is_tensor(p_state['step']):\n"
     "KeyError: 'step'", "step", "state-without-step-counts"),
    ('  File "/work/nmt/fairseq/fairseq/optim/adam.py", line 204, in step\n'
     '    state["step"] += 1\n'
     "KeyError: 'step'", "step", "state-without-step-counts"),
    ("Traceback (most recent call last):\n"
     '  File "train_fsdp.py", line 140, in <module>\n'
     "    accelerator.load_state(args.resume_from)\n"
     '  File "/usr/local/lib/python3.11/site-packages/accelerate/utils/fsdp_utils.py", line 331, in '
     "load_fsdp_optimizer\n"
     "    set_optimizer_state_dict(model, optimizer, optim_state_dict=optim_state, options=sd_options)\n"
     '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/state_dict.py", line 1214, in '
     "set_optimizer_state_dict\n"
     "    _load_optim_state_dict(model, optimizers, optim_state_dict, info)\n"
     '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/state_dict.py", line 987, in '
     "_load_optim_state_dict\n"
     '    _state_dict_fn(optim, "load_state_dict")(state_dict=optim_state_dict)\n'
     '  File "/usr/local/lib/python3.11/site-packages/torch/optim/optimizer.py", line 1010, in load_state_dict\n'
     '    self.__setstate__({"state": state, "param_groups": param_groups})\n'
     '  File "/usr/local/lib/python3.11/site-packages/torch/optim/adamw.py", line 88, in __setstate__\n'
     '    if len(p_state) != 0 and not torch.is_tensor(p_state["step"]):\n'
     "KeyError: 'step'", "step", "state-without-step-counts"),
    ('[rank1]:   File "/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/state_dict.py", '
     "line 987, in _load_optim_state_dict\n"
     "[rank1]: KeyError: 'step'", "step", None),
    ("Traceback (most recent call last):\n"
     '  File "finetune.py", line 77, in <module>\n'
     '    global_step = resume_state["step"]\n'
     "KeyError: 'step'", None, None),
    ("Traceback (most recent call last):\n"
     '  File "/home/me/venv/lib/python3.11/site-packages/accelerate/accelerator.py", line 3156, in load_state\n'
     '    self.step = override_attributes["step"]\n'
     "KeyError: 'step'", None, None),
    ("Traceback (most recent call last):\n"
     '  File "tools/train.py", line 98, in main\n'
     "    trainer = Trainer(args, cfg, device)\n"
     '  File "/data/det/yolo/core/engine.py", line 61, in __init__\n'
     "    self.optimizer.load_state_dict(self.ckpt['optimizer'])\n"
     '  File "/usr/lib/python3.8/site-packages/torch/optim/optimizer.py", line 137, in load_state_dict\n'
     "    saved_groups = state_dict['param_groups']\n"
     "TypeError: 'NoneType' object is not subscriptable",
     "nonetype-object-is-not-subscriptable", "checkpoint-without-optimizer-state"),
    ("Traceback (most recent call last):\n"
     '  File "resume.py", line 40, in <module>\n'
     "    optimizer.load_state_dict(ckpt['optimizer'])\n"
     "TypeError: 'NoneType' object is not subscriptable",
     "nonetype-object-is-not-subscriptable", "checkpoint-without-optimizer-state"),
    ("Traceback (most recent call last):\n"
     '  File "data.py", line 52, in __getitem__\n'
     "    label = self.labels[idx]['box']\n"
     "TypeError: 'NoneType' object is not subscriptable", None, None),
    ("Traceback (most recent call last):\n"
     '  File "train.py", line 212, in <module>\n'
     '    optimizer.load_state_dict(checkpoint["optimizer"])\n'
     '  File "/opt/venv/lib/python3.12/site-packages/torch/optim/optimizer.py", line 928, in load_state_dict\n'
     "    state_dict = state_dict.copy()\n"
     "AttributeError: 'NoneType' object has no attribute 'copy'",
     "nonetype-object-has-no-attribute", "checkpoint-without-optimizer-state"),
]


def answered_as_expected(cases: list, what: str) -> None:
    """Each (paste, entry or None, first mechanism or None) lands on its entry (None: on none)
    with that cause first; prints how many did, and fails listing the others."""
    pastes = [paste for paste, _, _ in cases]
    misses = []
    for (paste, entry, first), reading in zip(cases, read(site_data(), pastes), strict=True):
        expected = f"#{entry}" if entry else "no entry"
        if not landed(reading, entry):
            misses.append(f"expected {expected}, got {reading and reading['entry'] or 'nothing'}:\n{paste}")
            continue
        ranked = [c["mechanism"] for c in reading["causes"]] if reading else []
        if first is not None and ranked[:1] != [first]:
            misses.append(f"{expected}: expected {first} first, got {ranked}:\n{paste}")
    print(f"{what}: {len(pastes) - len(misses)}/{len(pastes)} answered as they should be")
    assert not misses, "\n\n".join(misses)


def test_messages_of_any_dict_are_answered_only_through_an_optimizer():
    answered_as_expected(OPTIMIZER_ONLY, "optimizer-only messages")


# Python's comparison of two types it cannot order, answered as a hyperparameter read as a string
# only where the paste passes through an optimizer's checks or builds one, or, with no traceback
# at all, for the two forms those checks raise; a trainer's or a dataset's own comparison, or
# another pair of types pasted alone, gets no entry.
COMPARED = "not-supported-between-instances-of-and"
AS_STRING = [
    # (paste, entry or None, first cause or None)
    ("Traceback (most recent call last):\n"
     '  File "train.py", line 31, in <module>\n'
     '    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["wd"])\n'
     '  File "/opt/conda/lib/python3.10/site-packages/torch/optim/adamw.py", line 29, in __init__\n'
     "    if not 0.0 <= lr:\n"
     "TypeError: '<=' not supported between instances of 'float' and 'str'", COMPARED,
     "number-in-config-read-as-string"),
    ("Traceback (most recent call last):\n"
     '  File "main.py", line 88, in <module>\n'
     "    opt = SGD(net.parameters(), lr=args.lr, momentum=0.9)\n"
     '  File "/usr/lib/python3.11/site-packages/torch/optim/sgd.py", line 45, in __init__\n'
     "    if lr < 0.0:\n"
     "TypeError: '<' not supported between instances of 'str' and 'float'", COMPARED,
     "number-from-command-line-or-environment"),
    ("Traceback (most recent call last):\n"
     '  File "tools/train.py", line 54, in main\n'
     '    trainer = Trainer(model, **config["trainer"])\n'
     '  File "/work/seg/engine/optimizers/lamb.py", line 40, in __init__\n'
     "    if not 0.0 <= eps:\n"
     "TypeError: '<=' not supported between instances of 'float' and 'str'", COMPARED, None),
    ("TypeError: '<=' not supported between instances of 'float' and 'str'", COMPARED, None),
    ("TypeError: '<' not supported between instances of 'str' and 'float'", COMPARED, None),
    ("Traceback (most recent call last):\n"
     '  File "train.py", line 61, in <module>\n'
     "    scheduler = ReduceLROnPlateau(optimizer, factor=args.lr_factor, patience=args.patience)\n"
     '  File "/usr/lib/python3.11/site-packages/torch/optim/lr_scheduler.py", line 1660, in __init__\n'
     "    if factor >= 1.0:\n"
     "TypeError: '>=' not supported between instances of 'str' and 'float'", COMPARED,
     "number-from-command-line-or-environment"),
    ("TypeError: '>=' not supported between instances of 'str' and 'float'", None, None),
    ("TypeError: '>' not supported between instances of 'str' and 'int'", None, None),
    ("Traceback (most recent call last):\n"
     '  File "data/sampler.py", line 77, in __iter__\n'
     "    keep = [i for i, s in enumerate(self.scores) if s <= self.cutoff]\n"
     "TypeError: '<=' not supported between instances of 'float' and 'str'", None, None),
]


def test_a_comparison_with_a_string_is_answered_only_from_an_optimizer():
    answered_as_expected(AS_STRING, "comparisons with a string")


# Older and shorter wordings of messages that have an entry (data/wordings.toml): 0.1 - 0.3's
# check at a leaf changed in place; the engine's check of the gradient given to backward() itself,
# unprefixed, whose device or type is not the output's (never the shape entry's); checkSameGPU's
# two GPUs, inside DataParallel's replica; anomaly mode's node without a forward trace.
LEGACY_WORDINGS = [
    # (paste, entry, first cause or None)
    ("AssertionError: leaf variable was used in an inplace operation",
     "a-leaf-variable-that-requires-grad-is-being-used-in-an-in", None),
    ('  File "/usr/lib/python3.6/site-packages/torch/autograd/variable.py", line 158, in backward\n'
     "    self._execution_engine.run_backward((self,), (gradient,), retain_variables)\n"
     "RuntimeError: leaf variable was used in an inplace operation",
     "a-leaf-variable-that-requires-grad-is-being-used-in-an-in", None),
    ("RuntimeError: invalid gradient at index 0 - expected type torch.cuda.FloatTensor but got torch.FloatTensor",
     "function-returned-an-invalid-gradient-at-index-expected", "gradient-argument-on-another-device"),
    ("RuntimeError: invalid gradient at index 0 - expected device cuda:0 but got cpu",
     "function-returned-an-invalid-gradient-at-index-expected", "gradient-argument-on-another-device"),
    ("RuntimeError: Caught RuntimeError in replica 1 on device 1.\nOriginal Traceback (most recent call last):\n"
     "RuntimeError: Expected tensor for argument #1 'input' to have the same device as tensor for argument #2 "
     "'weight'; but device 1 does not equal 0 (while checking arguments for cudnn_convolution)",
     DEVICE, None),
    ("RuntimeError: Error detected in AddmmBackward. No forward pass information available. Enable detect "
     "anomaly during forward pass for more information.", "error-detected-in", None),
    ("[W python_anomaly_mode.cpp:60] Warning: No forward pass information available. Enable detect anomaly "
     "during forward pass for more information. (function print_stack)", "error-detected-in", None),
]


def test_legacy_wordings_land_on_the_entry_of_their_message():
    answered_as_expected(LEGACY_WORDINGS, "older or shorter wordings")


def test_ddps_list_of_parameters_without_grad_lands_on_the_unfinished_reduction_entry():
    """Under TORCH_DISTRIBUTED_DEBUG=INFO or DETAIL the unfinished-reduction error ends by naming
    the parameters that got no gradient, and readers often paste only that line: it is the
    entry's message, whatever the names (torchrun may break the list over lines, each behind
    its rank)."""
    pastes = ["Parameters which did not receive grad for rank 0: head.weight, head.bias",
              "Parameters which did not receive grad for rank 3: module.aux.weight,\n"
              "[rank3]: module.aux.bias, module.proj.weight"]
    misses = [f"got {reading and reading['entry']} for:\n{paste}"
              for paste, reading in zip(pastes, read(site_data(), pastes), strict=True)
              if not landed(reading, "expected-to-have-finished-reduction-in-the-prior-iteration")]
    assert not misses, "\n\n".join(misses)


# FSDP's uniform-requires_grad message as threads paste it: without its backticks (a title that
# lost them), with one lost, with spaces inside them, the 1.13 / 2.0 wording bare or behind a
# rank prefix; each lands on the entry, and a line of the reader's code that freezes a submodule
# or adds adapters ranks that cause first.
UNIFORM_REQUIRES_GRAD = "must-flatten-tensors-with-uniform-requires-grad-when-use"
FSDP_UNIFORM_VARIANTS = [
    # (paste, first cause or None)
    ('The FSDP example fails to run with "ValueError: Must flatten tensors with uniform requires_grad when '
     'use_orig_params=False"', None),
    ("ValueError: Must flatten tensors with uniform `requires_grad` when `use_orig_params=False", None),
    ("ValueError: Must flatten tensors with uniform ` requires_grad ` when ` use_orig_params=False `", None),
    ("ValueError: FlatParameter requires uniform requires_grad", None),
    ("[rank3]: ValueError: `FlatParameter` requires uniform `requires_grad`", None),
    ("model = get_peft_model(model, LoraConfig(r=8))\n"
     "ValueError: `FlatParameter` requires uniform `requires_grad`", "adapters-inside-frozen-layers"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 40, in <module>\n"
     "    model = FSDP(model, use_orig_params=False)\n"
     "ValueError: Must flatten tensors with uniform `requires_grad` when `use_orig_params=False`\n\n"
     "for p in model.vision_tower.parameters():\n    p.requires_grad = False", "frozen-part-in-one-unit"),
]


def test_fsdp_uniform_requires_grad_variants_land_on_their_entry():
    pastes = [paste for paste, _ in FSDP_UNIFORM_VARIANTS]
    misses = []
    for (paste, first), reading in zip(FSDP_UNIFORM_VARIANTS, read(site_data(), pastes), strict=True):
        if not landed(reading, UNIFORM_REQUIRES_GRAD):
            misses.append(f"got {reading and reading['entry'] or 'nothing'}:\n{paste}")
        elif first is not None and [c["mechanism"] for c in reading["causes"]][:1] != [first]:
            misses.append(f"expected {first} first, got {[c['mechanism'] for c in reading['causes']]}:\n{paste}")
    assert not misses, "\n\n".join(misses)
