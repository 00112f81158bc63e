"""The paste box on the built site, in a real browser (the reading of pastes itself is tested
fast, without a site: tests/test_paste_reader.py, tests/test_paste_answers.py).

- Every entry's newest message, pasted in the index's box, is answered on the page: the
  URL fragment becomes the entry's id, and the first screen, on a phone (390 × 844) and
  on a desktop (1280 × 800), holds the entry's name, the likeliest cause, its fix in a
  sentence, what the fix changes and a link to the fix.
- The held-out pastes (data/held-out-pastes: threads no file in data/ used) are measured
  as a reader meets them: the right entry or an honest "not known", the thread's cause
  first and among the first three, the fix link on the first screen at both sizes. The
  figures and every miss are printed; the floors are the figures measured when they were
  set (the aims are 95%, no wrong entry, 80%, 95% and 100%).
- The home page carries the box first; a paste there is answered on the index.
- A message from outside autograd gets the "not known" answer with a search button.

Each test prints its figures (`pytest -rP` shows them). Screenshots of an answer in the
light and dark schemes, at phone width and from the home page go to build/screenshots/.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from paste_reader import count_rank, entries

try:
    from playwright.sync_api import expect
except ImportError:  # reported by the `browser` fixture (tests/conftest.py), as a skip or a failure
    expect = None

from fieldguide import pastes
from fieldguide.errors import grouping
from fieldguide.render import TRACEBACK_START

ROOT = Path(__file__).resolve().parents[1]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "desktop": DESKTOP}
SEARCH_SETTLE_MS = 300  # Material updates its results once more after the first ones show
# Material's search of a long pasted message takes seconds on a busy two-core machine (CI runs
# the matrix beside these tests): what is checked is what it finds, not how fast.
SEARCH_TIMEOUT_MS = 30_000
# Measured: 80 of the 91 entries that had an exact text (0.85 then); 113 of the 134 later, whose
# long new templates (vmap's in_dims, autocast's device_type) draw a few siblings' messages; 128
# of the 153 now.
ENTRY_FIRST = 0.83

READ_STATE = """() => {
  const box = document.getElementById("diagnose");
  const card = document.getElementById("fg-diagnosis");
  const find = selector => card ? [...card.querySelectorAll(selector)] : [];
  // wholly inside the window, and not hidden
  const seen = node => {
    if (!node) return false;
    const r = node.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
  };
  const lead = card && card.querySelector(".fg-answer__lead");
  const diff = lead && lead.querySelector(".fg-answer__diff");
  return {
    entry: box.dataset.entry, score: Number(box.dataset.score),
    card: card ? card.dataset.entry : null,
    underBox: !!card && box.nextElementSibling === card,
    worded: card ? card.querySelector(".fg-answer__reading p").textContent : null,
    causes: find("[data-cause] .fg-answer__cause, [data-cause] > strong").map(s => s.textContent),
    mechanisms: find("[data-cause]").map(node => node.dataset.mechanism),
    screen: {
      entry: seen(card && card.querySelector(".fg-answer__entry")),
      cause: seen(card && card.querySelector(".fg-answer__cause")),
      fix: seen(lead && lead.querySelector(".fg-answer__fix-sentence")),
      diff: !!diff && diff.getBoundingClientRect().top < innerHeight,
      fixLink: find(".fg-answer__fix-link").some(seen),
      hasFixLink: find(".fg-answer__fix-link").length > 0,
      leadHasDiff: !!diff,
    },
  };
}"""

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
    return state["entry"] == state["card"] == entry and state["underBox"]


def loaded(page) -> None:
    """Wait for the box's data, which it fetches once the page is idle."""
    page.wait_for_function("() => document.getElementById('diagnose')?.dataset.loaded")


def answer_first(state: dict) -> list[str]:
    """What of the answer's first screen is missing: the entry, the cause, the fix sentence,
    the start of the fix's diff (when the likeliest cause is reproduced here), a link to a fix
    snippet (when a cause of the message has one: a message only a GPU prints has none)."""
    screen = state["screen"]
    wanted = (["entry", "cause", "fix"] + (["diff"] if screen["leadHasDiff"] else [])
              + (["fixLink"] if screen["hasFixLink"] else []))
    return [part for part in wanted if not screen[part]]


# The line a reader's traceback ends on: a backward, or the optimizer or checkpoint code that
# an entry whose message many operations raise is about.
READERS_LINES = ("loss.backward()", "optimizer.step()", "optimizer.load_state_dict(checkpoint['optimizer'])",
                 "torch.save(checkpoint, path)", "out = checkpoint_sequential(model, 4, x)", "scheduler.step()",
                 "optimizer = torch.optim.Adam(model.parameters(), lr=config['lr'])",
                 "checkpoint = {'optimizer': optimizer.state_dict()}", "state = self.state[p]",
                 "from torch.optim.lr_scheduler import LRScheduler",
                 "scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)",
                 "buf = optimizer.state[p]['momentum_buffer']", "scaler.step(optimizer)")


def newest_pastes() -> list[tuple[str, str]]:
    """(entry id, its newest wording as a reader pastes it) for every entry."""
    found = []
    for entry in entries():
        if not entry.texts:  # a message no snippet prints: its wording from PyTorch's source
            category, text = entry.category, entry.data.unrecorded.text
        else:
            (category, text), _ = grouping.newest_first(entry.texts)[0]
        # an entry whose message many operations raise is one only in its code (data/reports'
        # `traceback`): the reader's line that its patterns name
        # (or any line, where a pattern names the module the message itself names)
        ran = next(line for line in READERS_LINES if not (entry.data and entry.data.traceback)
                   or any(re.search(p, line) or re.search(p, text) for p in entry.data.traceback))
        paste = (f"{TRACEBACK_START}  File \"train.py\", line 9, in <module>\n    {ran}\n{category}: {text}\n"
                 if not category.endswith("Warning") else f"train.py:9: {category}: {text}\n  {ran}\n")
        found.append((entry.id, paste))
    return found


def page_at(browser, server, size: str, path: str = "errors/"):
    ctx = browser.new_context(color_scheme="light", viewport=SIZES[size], is_mobile=size == "phone",
                              has_touch=size == "phone")
    page = ctx.new_page()
    page.goto(server + path)
    loaded(page)
    return ctx, page


@pytest.mark.parametrize("size", SIZES)
def test_every_entry_is_answered_on_the_first_screen(browser, server, size):
    ctx, page = page_at(browser, server, size)
    cases = newest_pastes()
    misses, below = [], []
    for (entry, paste), state in zip(cases, diagnose_all(page, [p for _, p in cases]), strict=True):
        if not landed(state, entry):
            misses.append(f"expected #{entry}, got {state['entry'] or 'nothing'}:\n{paste}")
        elif missing := answer_first(state):
            below.append(f"#{entry}: not on the first screen: {', '.join(missing)}")
    ctx.close()
    print(f"{size}: {len(cases) - len(misses)}/{len(cases)} entries answered, "
          f"{len(cases) - len(misses) - len(below)} with the whole answer on the first screen")
    assert not misses, "\n\n".join(misses)
    assert not below, "\n".join(below)


@pytest.mark.sweep
def test_held_out_pastes_as_a_reader_meets_them(browser, server):
    """Real pastes from threads no file in data/ used (data/held-out-pastes), collected blind
    and never tuned on: see the module's docstring for what is measured."""
    cases = pastes.load_held_out(ROOT)
    known = [c for c in cases if c.entry]
    with_cause = [c for c in known if c.mechanism]
    figures: dict[str, int] = defaultdict(int)
    misses = []
    for size in SIZES:
        ctx, page = page_at(browser, server, size)
        for case, state in zip(cases, diagnose_all(page, [c.paste for c in cases]), strict=True):
            got = state["entry"] if state["entry"] != "none" else ""
            if size == "desktop":
                right = got == case.entry and (not got or landed(state, got))
                figures["right"] += right
                figures["wrong"] += bool(got) and got != case.entry
                if not right:
                    misses.append(f"{case.name} ({case.source}): expected {case.entry or 'not known'}, got "
                                  f"{got or 'not known'} (score {state['score']})")
                if case.entry and case.mechanism:
                    count_rank(case, state["mechanisms"] if got == case.entry else [], figures, misses)
            if got:
                figures[f"answers {size}"] += 1
                missing = answer_first(state)
                figures[f"fix link {size}"] += not missing
                if missing:
                    misses.append(f"{case.name} on a {size}: not on the first screen: {', '.join(missing)}")
        ctx.close()
    share = {
        "right": figures["right"] / len(cases),
        "first": figures["first"] / len(with_cause),
        "top3": figures["top3"] / len(with_cause),
        **{f"fix link {size}": figures[f"fix link {size}"] / max(figures[f"answers {size}"], 1) for size in SIZES},
    }
    print(f"held-out pastes: {len(cases)} ({len(known)} of a known entry, {len(with_cause)} with the thread's cause)")
    print(f"  right entry or honest 'not known': {figures['right']}/{len(cases)} ({share['right']:.0%}); "
          f"wrong entry: {figures['wrong']}")
    print(f"  the thread's cause first: {figures['first']}/{len(with_cause)} ({share['first']:.0%}); "
          f"among the first three: {figures['top3']}/{len(with_cause)} ({share['top3']:.0%})")
    for size in SIZES:
        print(f"  answer with a fix link on the first screen, {size}: "
              f"{figures[f'fix link {size}']}/{figures[f'answers {size}']} ({share[f'fix link {size}']:.0%})")
    print("\n".join(misses))
    assert len(cases) >= 80 and len(with_cause) >= 40
    for name, floor in HELD_OUT_FLOORS.items():
        assert share[name] >= floor - 1e-9, (
            f"{name}: {share[name]:.1%} is below its floor {floor:.0%}\n" + "\n".join(misses))


# The held-out figures as first measured (the aims: right 95%, first 80%, top three 95%, the
# fix link on the first screen 100%); no figure may fall below them.
HELD_OUT_FLOORS = {"right": 0.95, "first": 0.63, "top3": 0.90, "fix link phone": 0.96, "fix link desktop": 1.0}


def test_the_home_page_starts_with_the_box_and_answers_there(browser, server, screenshot_dir):
    entry, paste = next((e, p) for e, p in newest_pastes() if "modified by an inplace operation" in p)
    ctx, page = page_at(browser, server, "phone", "")
    box = page.locator("#fg-diagnose-input")
    expect(box).to_be_in_viewport()
    expect(box).to_be_focused()
    heading = page.locator("article h1").bounding_box()
    assert heading and box.bounding_box()["y"] < heading["y"] + 200, "the box is not right under the title"
    box.fill(paste)
    page.click("#fg-diagnose-button")
    page.wait_for_function("() => document.getElementById('fg-diagnosis')")
    state = page.evaluate(READ_STATE)
    assert urlsplit(page.url).path == "/" and landed(state, entry), state
    assert not answer_first(state), state
    expect(page.locator(".fg-answer__entry a")).to_have_attribute("href", f"./errors/{entry}/")
    page.screenshot(path=screenshot_dir / "home-paste-answered-phone.png", animations="disabled")
    ctx.close()


def test_the_card_names_the_readers_own_op(browser, server):
    """An entry's heading has a placeholder where messages name an op; the card says which one
    the paste names."""
    ctx, page = page_at(browser, server, "desktop")
    state = diagnose(page, "NotImplementedError: the derivative for 'to_dense' is not implemented.")
    assert landed(state, "the-derivative-for-is-not-implemented"), state
    expect(page.locator(".fg-answer__reading li").first).to_contain_text("Your paste names to_dense")
    ctx.close()


def test_an_unknown_message_gets_the_not_known_answer(browser, server):
    unknown = pastes.load_unknown(ROOT)[0]
    ctx, page = page_at(browser, server, "desktop")
    state = diagnose(page, unknown.paste)
    assert state["entry"] == "none" and state["card"] is None
    status = page.locator("#fg-diagnose-status")
    expect(status).to_contain_text("not one the guide knows")
    expect(status.locator("code")).to_contain_text(unknown.message.splitlines()[0][:60])  # the line it read
    expect(status.locator("button")).to_have_text("Search the site for it")
    ctx.close()


@pytest.mark.sweep
def test_material_search_finds_each_entry_first(context, server):
    """Material's own search, given an entry's newest message as a reader pastes it, lists
    an Error-index entry's page first, and the entry's own for at least ENTRY_FIRST of them
    (messages that share most of their words land on each other's; the rate is printed)."""
    page, misses, elsewhere, own = context.new_page(), [], [], 0
    # a message no snippet prints has no exact text; one that is only a placeholder (KeyError's
    # `<id>`, the number a dict lookup missed) has no word to search for: the paste box reads it
    found = [entry for entry in entries() if entry.texts
             and re.sub(r"<[^<>]+>", "", grouping.newest_first(entry.texts)[0][0][1]).strip()]
    page.goto(server + "errors/", wait_until="networkidle")  # the search index is loaded
    field = page.locator(".md-search__input")
    results = page.locator("li.md-search-result__item a.md-search-result__link")
    field.click()
    for entry in found:
        (category, text), _ = grouping.newest_first(entry.texts)[0]
        field.fill("")
        page.keyboard.press("End")  # Material searches on key events
        expect(results).to_have_count(0)
        page.evaluate("text => navigator.clipboard.writeText(text)", f"{category}: {text}".split("\n")[0])
        page.keyboard.press("ControlOrMeta+V")
        expect(results.first).to_be_visible(timeout=SEARCH_TIMEOUT_MS)
        page.wait_for_timeout(SEARCH_SETTLE_MS)
        links = [urlsplit(href) for href in results.evaluate_all("links => links.map(a => a.href)")]
        if not links[0].path.startswith("/errors/"):
            misses.append(f"{entry.id}: first result {links[0].path}")
        if links[0].path == f"/errors/{entry.id}/":
            own += 1
        else:
            elsewhere.append(f"{entry.id}: first result {links[0].path}")
    page.keyboard.press("Escape")
    print(f"Material search: an entry's page first for {len(found) - len(misses)}/{len(found)} entries, "
          f"its own for {own}/{len(found)}")
    assert not misses, "\n".join(misses)
    assert own >= ENTRY_FIRST * len(found), (f"the entry's own page first for only {own}/{len(found)}:\n"
                                              + "\n".join(elsewhere))


def test_a_link_to_the_box_opens_it_ready_for_a_paste(context, server):
    page = context.new_page()
    page.goto(server + "errors/#diagnose")
    box = page.locator("#fg-diagnose-input")
    expect(box).to_be_focused()
    expect(box).to_be_in_viewport()


def test_a_real_paste_diagnoses_without_a_click(context, server):
    entry, paste = next((e, p) for e, p in newest_pastes() if "modified by an inplace operation" in p)
    page = context.new_page()
    page.goto(server + "errors/")
    loaded(page)
    page.locator("#fg-diagnose-input").click()
    page.evaluate("text => navigator.clipboard.writeText(text)", paste)
    page.keyboard.press("ControlOrMeta+V")
    page.wait_for_function("() => document.getElementById('fg-diagnosis')")
    assert landed(page.evaluate(READ_STATE), entry)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_answer_screenshot_in_each_scheme(browser, server, screenshot_dir, scheme):
    ctx = browser.new_context(color_scheme=scheme, viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(server + "errors/")
    loaded(page)
    assert page.evaluate("document.body.dataset.mdColorScheme") == ("slate" if scheme == "dark" else "default")
    entry, paste = next((e, p) for e, p in newest_pastes() if "modified by an inplace operation" in p)
    state = diagnose(page, paste)
    assert landed(state, entry), state
    colors = page.evaluate("""() => {
      const card = getComputedStyle(document.getElementById("fg-diagnosis"));
      const removed = document.querySelector(".fg-answer__line--removed");
      const added = document.querySelector(".fg-answer__line--added");
      return {text: card.color, body: getComputedStyle(document.body).backgroundColor,
              removed: removed && getComputedStyle(removed).backgroundColor,
              added: added && getComputedStyle(added).backgroundColor};
    }""")
    assert colors["text"] != colors["body"] and colors["removed"] and colors["removed"] != colors["added"], colors
    page.screenshot(path=screenshot_dir / f"errors-answer-{scheme}.png", animations="disabled")
    ctx.close()


def test_the_answer_fits_a_phone(browser, server, screenshot_dir):
    ctx, page = page_at(browser, server, "phone")
    expect(page.locator("#fg-diagnose-input")).to_be_in_viewport()  # the index starts with its box
    box = page.locator("#fg-diagnose-input").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    entry, paste = next((e, p) for e, p in newest_pastes() if "modified by an inplace operation" in p)
    state = diagnose(page, paste)
    assert landed(state, entry) and not answer_first(state), state
    wide = page.evaluate("""() => [...document.querySelectorAll("#fg-diagnosis, #diagnose")]
        .filter(el => el.getBoundingClientRect().right > innerWidth + 1).map(el => el.id)""")
    assert not wide, f"wider than a {PHONE['width']} px screen: {wide}"
    page.screenshot(path=screenshot_dir / "errors-answer-phone.png", animations="disabled")
    ctx.close()
