"""The error index's paste box (docs/javascripts/diagnose.js) in a real browser.

Every message is taken from the recorded outputs, never typed here: each error and
warning every release printed, pasted as the reader would have it (the traceback of an
error, the warning line with its source line), must land on its own entry: the URL
fragment becomes the entry's id, its heading is on screen and the diagnosis sits under
it. Then variants built from the same recordings: other tensor types and shapes, other
node names, older wordings, the reader's own frames above the traceback, prompts and
blank lines around it, the last line alone. The in-place error without its "which is
output N of" part (a leaf was changed) must rank the optimizer-step cause first. Messages
from outside autograd must get the "not known" answer, never an entry.

Each test prints its hit rates (`pytest -rP` shows them). Screenshots of a diagnosis in
the light and dark schemes and at phone width go to build/screenshots/.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # reported by the `browser` fixture (tests/conftest.py), as a skip or a failure
    expect = None

from fieldguide import causes as cause_data
from fieldguide import error_index, pastes
from fieldguide.render import TRACEBACK_START
from fieldguide.snippet import discover
from fieldguide.store import OutputStore, version_key

ROOT = Path(__file__).resolve().parents[1]
PHONE = {"width": 390, "height": 844}
SEARCH_SETTLE_MS = 300  # Material updates its results once more after the first ones show
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

READ_STATE = """() => {
  const box = document.getElementById("diagnose");
  const panel = document.getElementById("fg-diagnosis");
  const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
  const top = target ? target.getBoundingClientRect().top : null;
  return {
    hash: location.hash.slice(1), entry: box.dataset.entry, score: Number(box.dataset.score),
    onScreen: top !== null && top >= 0 && top < innerHeight,
    underHeading: !!panel && !!target && target.nextElementSibling === panel,
    worded: panel ? panel.querySelector("p:nth-of-type(2)").textContent : null,
    causes: panel ? [...panel.querySelectorAll("li[data-cause] > strong")].map(s => s.textContent) : [],
    mechanisms: panel ? [...panel.querySelectorAll("li[data-cause]")].map(li => li.dataset.mechanism) : [],
  };
}"""


@dataclass
class Case:
    family: str
    paste: str
    entry: str  # the id it must land on
    releases: tuple[str, ...] = ()  # the releases that print it, for exact texts


def entries() -> list[error_index.Entry]:
    return error_index.collect(discover(ROOT), OutputStore(ROOT), cause_data.load(ROOT))


def entry_of(found: list[error_index.Entry], category: str, message: str) -> error_index.Entry:
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
    for snippet in discover(ROOT):
        for versions, output in store.by_output(snippet.key):
            for category, message in error_index.messages(output):
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
    _, category, message = first.split(": ", 2)
    return category.rsplit(" ", 1)[-1], "\n".join([message, *more])


def variants(exact: list[Case]) -> list[Case]:
    """Realistic pastes built from the recorded ones."""
    built = []

    seen = {case.paste for case in exact}

    def add(family: str, case: Case, paste: str) -> None:
        if paste not in seen:
            seen.add(paste)
            built.append(Case(family, paste, case.entry))

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
        else:
            add("prompts and blank lines", case, f"\n(venv) $ python train.py\n{case.paste}\n\n")
        add("last line only", case, error)
        add("message only", case, message)
    return built


@pytest.fixture(scope="module")
def errors_page(browser, server):
    ctx = browser.new_context(color_scheme="light", permissions=["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    page.goto(server + "errors/")
    yield page
    ctx.close()


# Many pastes in one call: each sets the box's text and clicks its button, as a reader
# would, then reads what the page shows (Playwright's own fill and click would spend
# most of the run waiting for the page to settle between pastes).
PASTE_ALL = f"""texts => {{
  const read = {READ_STATE};
  const input = document.getElementById("fg-diagnose-input");
  const button = document.getElementById("fg-diagnose-button");
  return texts.map(text => {{ input.value = text; button.click(); return read(); }});
}}"""


def diagnose(page, text: str) -> dict:
    page.fill("#fg-diagnose-input", text)
    page.click("#fg-diagnose-button")
    return page.evaluate(READ_STATE)


def diagnose_all(page, texts: list[str]) -> list[dict]:
    return page.evaluate(PASTE_ALL, texts)


def landed(state: dict, entry: str) -> bool:
    return state["entry"] == state["hash"] == entry and state["onScreen"] and state["underHeading"]


def check(page, cases: list[Case], what: str) -> list[str]:
    """Paste every case; print the hit rate per family; return the misses."""
    hits, totals, lowest, misses = defaultdict(int), defaultdict(int), defaultdict(lambda: 1.0), []
    for case, state in zip(cases, diagnose_all(page, [case.paste for case in cases]), strict=True):
        totals[case.family] += 1
        lowest[case.family] = min(lowest[case.family], state["score"])
        if landed(state, case.entry):
            hits[case.family] += 1
        else:
            misses.append(f"[{case.family}] expected #{case.entry}, got {state['entry'] or 'nothing'} "
                          f"(score {state['score']}):\n{case.paste}")
    for family in totals:
        print(f"{what}, {family}: {hits[family]}/{totals[family]} land on their entry "
              f"(lowest match score {lowest[family]:.3f})")
    return misses


def test_every_recorded_message_lands_on_its_entry(errors_page):
    cases = recorded_cases()
    per_release = defaultdict(lambda: [0, 0])
    misses, worded = [], []
    for case, state in zip(cases, diagnose_all(errors_page, [case.paste for case in cases]), strict=True):
        ok = landed(state, case.entry)
        for version in case.releases:
            per_release[version][0] += ok
            per_release[version][1] += 1
        if not ok:
            misses.append(f"expected #{case.entry}, got {state['entry'] or 'nothing'}:\n{case.paste}")
        elif not state["worded"].startswith("Worded as PyTorch"):
            worded.append(f"{state['worded']}\n{case.paste}")  # its template is a recorded one
    for version in sorted(per_release, key=version_key):
        hit, total = per_release[version]
        print(f"exact texts recorded on {version}: {hit}/{total} land on their entry")
    assert len(cases) >= 20
    assert not misses, f"{len(misses)} of {len(cases)} recorded messages miss:\n\n" + "\n\n".join(misses)
    assert not worded, "recorded messages the page does not recognise as a recorded wording:\n\n" + "\n\n".join(worded)


def test_variants_land_on_their_entry(errors_page):
    cases = variants(recorded_cases())
    misses = check(errors_page, cases, "variant")
    families = {"CUDA and half types", "other node names", "older wordings", "reader's own frames"}
    assert {c.family for c in cases} >= families
    assert not misses, f"{len(misses)} of {len(cases)} variants miss:\n\n" + "\n\n".join(misses[:20])


def test_a_leaf_ranks_the_optimizer_step_cause_first(errors_page):
    """The in-place error without "which is output N of": the changed tensor is a leaf."""
    inplace = next(e for e in entries() if "modified by an inplace operation" in e.summary)
    causes = inplace.causes([])
    leaf = [c for c in causes if any(not LEAF_CLAUSE.search(t) for _, t in c.texts)]
    assert leaf, (
        "no snippet records the in-place error without its 'which is output N of' part; "
        "the optimizer-step cause needs one (a weight changed by optimizer.step())"
    )
    optimizer = [c for c in leaf if c.text and "optimizer" in c.text.lower()]
    assert optimizer, f"no leaf-form cause mentions an optimizer step: {[c.text for c in leaf]}"
    with_clause = sorted({t for c in causes for _, t in c.texts if LEAF_CLAUSE.search(t)})
    pastes = [f'{TRACEBACK_START}  File "train.py", line 9, in <module>\n    loss.backward()\n'
              f"RuntimeError: {LEAF_CLAUSE.sub('', text)}\n" for text in with_clause]
    misses = [f"first cause {state['causes'][:1]} for:\n{paste}"
              for paste, state in zip(pastes, diagnose_all(errors_page, pastes), strict=True)
              if not (landed(state, inplace.id) and state["causes"][:1] == [optimizer[0].text])]
    print(f"leaf form: {len(with_clause) - len(misses)}/{len(with_clause)} rank the optimizer-step cause first")
    assert not misses, "\n\n".join(misses)


def test_real_pastes_put_the_threads_cause_first(errors_page):
    """Messages readers pasted in public threads that found their cause (data/pastes, from
    threads the causes were not written from): the box must land on the entry and rank the
    thread's cause first, or among the first three, at least as often as it did when these
    floors were set (58% and 86% of 73 pastes). A paste whose cause is none of the entry's
    mechanisms counts as a miss. The aim is 80% and 95%; the misses are printed: 33 of the
    73 pastes show no traceback frame and name no node, so only the message's form and the
    report counts rank them, and some threads found a cause none of the entry's mechanisms
    describes (an old PyTorch's bug, say)."""
    by_id = {entry.id: entry for entry in entries()}
    cases = pastes.load(ROOT)
    expected = [next((m.text for m in by_id[c.entry].data.mechanisms if m.id == c.mechanism), None) for c in cases]
    first = top3 = 0
    misses, per_entry = [], defaultdict(lambda: [0, 0])
    states = diagnose_all(errors_page, [c.paste for c in cases])
    for case, cause, state in zip(cases, expected, states, strict=True):
        found = landed(state, case.entry) and case.mechanism in state["mechanisms"]
        rank = state["mechanisms"].index(case.mechanism) + 1 if found and case.mechanism else None
        first += rank == 1
        top3 += rank is not None and rank <= 3
        per_entry[case.entry][0] += rank == 1
        per_entry[case.entry][1] += 1
        if rank != 1:
            where = "not listed" if rank is None else f"number {rank}"
            misses.append(f"{case.name} ({case.source}): the thread's cause is {where}: {cause or case.cause}; "
                          f"first: {state['causes'][:1] or state['entry'] or 'nothing'}")
    for entry, (hit, total) in sorted(per_entry.items()):
        print(f"  {entry}: {hit}/{total} first")
    print(f"real pastes: {len(cases)} from {len(per_entry)} entries; the thread's cause first for "
          f"{first}/{len(cases)} ({first / len(cases):.0%}), among the first three for {top3}/{len(cases)} "
          f"({top3 / len(cases):.0%})")
    print("\n".join(misses))
    assert len(cases) >= 60 and len(per_entry) >= 12, "data/pastes needs 60 pastes from 12 entries"
    assert first >= 0.57 * len(cases) and top3 >= 0.85 * len(cases), "\n".join(misses)


def test_unknown_messages_get_the_not_known_answer(errors_page):
    # Real pastes from public threads; tests/test_causes.py checks that none is a recorded message.
    unknown = pastes.load_unknown(ROOT)
    scores = []
    for paste in unknown:
        state = diagnose(errors_page, paste.paste)
        scores.append(state["score"])
        assert state["entry"] == "none" and state["hash"] == "" and not state["causes"], (paste.name, state)
        status = errors_page.locator("#fg-diagnose-status").inner_text()
        assert "not one the guide knows" in status and "Search the site" in status
    print(f"unknown messages: {len(unknown)}/{len(unknown)} not known; best score {max(scores):.3f} "
          "(an entry needs 0.6)")


def test_material_search_finds_each_entry_first(errors_page):
    """Material's own search, given an entry's newest message as a reader pastes it, lists
    the error index first; the rate at which its first section is the entry is printed."""
    page, misses, sections = errors_page, [], 0
    found = entries()
    page.goto(page.url.split("#")[0], wait_until="networkidle")  # the search index is loaded
    field = page.locator(".md-search__input")
    results = page.locator("li.md-search-result__item a.md-search-result__link")
    field.click()
    for entry in found:
        (category, text), _ = error_index.newest_first(entry.texts)[0]
        field.fill("")
        page.keyboard.press("End")  # Material searches on key events
        expect(results).to_have_count(0)
        page.evaluate("text => navigator.clipboard.writeText(text)", f"{category}: {text}".split("\n")[0])
        page.keyboard.press("ControlOrMeta+V")
        expect(results.first).to_be_visible()
        page.wait_for_timeout(SEARCH_SETTLE_MS)
        links = [urlsplit(href) for href in results.evaluate_all("links => links.map(a => a.href)")]
        if links[0].path != "/errors/":
            misses.append(f"{entry.id}: first result {links[0].path}")
        sections += [u.fragment for u in links if u.path == "/errors/" and u.fragment][:1] == [entry.id]
    page.keyboard.press("Escape")
    print(f"Material search: errors/ first for {len(found) - len(misses)}/{len(found)} entries; "
          f"its first section is the entry for {sections}/{len(found)}")
    assert not misses, "\n".join(misses)


def test_a_link_to_the_box_opens_it_ready_for_a_paste(context, server):
    page = context.new_page()
    page.goto(server + "errors/#diagnose")
    box = page.locator("#fg-diagnose-input")
    expect(box).to_be_focused()
    expect(box).to_be_in_viewport()


def test_a_real_paste_diagnoses_without_a_click(errors_page):
    case = next(c for c in recorded_cases() if "modified by an inplace operation" in c.paste)
    errors_page.fill("#fg-diagnose-input", "")
    errors_page.evaluate("window.scrollTo(0, 0)")
    errors_page.locator("#fg-diagnose-input").click()
    errors_page.evaluate("text => navigator.clipboard.writeText(text)", case.paste)
    errors_page.keyboard.press("ControlOrMeta+V")
    errors_page.wait_for_function("() => document.getElementById('fg-diagnosis')")
    assert landed(errors_page.evaluate(READ_STATE), case.entry)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_diagnosis_screenshot_in_each_scheme(browser, server, screenshot_dir, scheme):
    ctx = browser.new_context(color_scheme=scheme)
    page = ctx.new_page()
    page.goto(server + "errors/")
    expect_scheme = "slate" if scheme == "dark" else "default"
    assert page.evaluate("document.body.dataset.mdColorScheme") == expect_scheme
    paste = leaf_or_inplace_paste()
    state = diagnose(page, paste)
    assert state["entry"] and state["entry"] != "none" and state["underHeading"]
    colors = page.evaluate("""() => {
      const panel = getComputedStyle(document.getElementById("fg-diagnosis"));
      return {text: panel.color, body: getComputedStyle(document.body).backgroundColor};
    }""")
    assert colors["text"] != colors["body"]
    page.screenshot(path=screenshot_dir / f"errors-diagnosis-{scheme}.png", animations="disabled")
    ctx.close()


def test_paste_box_fits_a_phone(browser, server, screenshot_dir):
    ctx = browser.new_context(color_scheme="light", viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.goto(server + "errors/")
    box = page.locator("#fg-diagnose-input").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    state = diagnose(page, leaf_or_inplace_paste())
    assert state["underHeading"] and state["onScreen"], state
    wide = page.evaluate("""() => [...document.querySelectorAll("#fg-diagnosis, #diagnose")]
        .filter(el => el.getBoundingClientRect().right > innerWidth + 1).map(el => el.id)""")
    assert not wide, f"wider than a {PHONE['width']} px screen: {wide}"
    page.screenshot(path=screenshot_dir / "errors-diagnosis-phone.png", animations="disabled")
    ctx.close()


def leaf_or_inplace_paste() -> str:
    """The in-place error as a reader on a GPU gets it, without "which is output": the
    diagnosis that says most."""
    case = next(c for c in recorded_cases() if "modified by an inplace operation" in c.paste)
    paste = re.sub(r"\[torch\.FloatTensor \[[\d, ]*\]\]", "[torch.cuda.HalfTensor [4, 128, 64, 64]]", case.paste)
    return OWN_FRAMES + LEAF_CLAUSE.sub("", paste).removeprefix(TRACEBACK_START)
