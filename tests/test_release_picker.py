"""The release picker and the upgrade view (docs/javascripts/release-picker.js,
upgrade-view.js) on the built site, in Chromium (as tests/test_browser.py), in both editions:

- a release inside a tab's range, at the edge of a range, a minor (`?torch=2.1`) and one the
  site does not record (`?torch=1.12`: the nearest, said) each show, in every set of version
  tabs, the tab whose outputs that release prints, as outputs/ records them;
- the choice holds on the next page and on a new visit;
- quotes that do not hold on the release (their data-releases leave it out) say so, and only those;
- each entry's page shows the wording the release prints first, and the paste box names the
  entry by it;
- the upgrade view lists, for pairs of releases (one where nothing changes), exactly the
  snippets whose recordings differ (computed from outputs/ as tests/test_upgrade.py does)
  and the messages one release prints and the other does not (as upgrade.js finds them
  under Node, which tests/test_upgrade.py checks against the recordings).
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import js_call
import pytest
from conftest import QuietHandler
from test_browser import recorded_for
from test_upgrade import differing

from fieldguide import editions, translations
from fieldguide.errors.data_files import entries as collected
from fieldguide.releases import load as load_matrix

try:
    from playwright.sync_api import expect
except ImportError:  # reported by the `browser` fixture (tests/conftest.py), as a skip or a failure
    expect = None

ROOT = Path(__file__).resolve().parents[1]
LISTED = load_matrix(ROOT).versions
LANGUAGES = ["en", "zh"]
TABS_PAGE = "inplace/"  # has version tabs and quotes with ranges
OTHER_PAGE = "checkpointing/"
REWORDED = ("One of the differentiated Tensors appears to not have been used in the graph. "
            "Set allow_unused=True if this is the desired behavior.")  # printed up to 2.12

# Every set of version tabs: each tab's releases (from its outputs' data-releases), which
# one is checked, its label, and the outputs it shows, with the snippet they belong to.
TABS = """() => {
  let snippet = null;
  const sets = [];
  for (const el of document.querySelectorAll("div.highlight span.filename, .tabbed-set")) {
    if (el.matches("span.filename")) {
      if (el.textContent.startsWith("snippets/")) snippet = el.textContent;
      continue;
    }
    const blocks = [...el.querySelectorAll(":scope > .tabbed-content > .tabbed-block")];
    const releases = blocks.map(
      b => (b.querySelector("[data-releases]")?.dataset.releases || "").split(" ").filter(Boolean));
    if (!releases.some(r => r.length)) continue;
    const checked = [...el.querySelectorAll(":scope > input")].findIndex(i => i.checked);
    sets.push({snippet, releases, checked,
      labels: [...el.querySelectorAll(":scope > .tabbed-labels > label")].map(l => l.textContent.trim()),
      shown: [...blocks[checked].querySelectorAll(".fg-output code")].map(c => c.innerText).join("")});
  }
  return sets;
}"""


@pytest.fixture(scope="module")
def servers(all_editions):
    """language -> the address of that edition, built by MkDocs and served on 127.0.0.1 with
    the others as `make build` lays them out (conftest's `all_editions`)."""
    listed = editions.load(ROOT)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                            functools.partial(QuietHandler, directory=all_editions))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    links = {edition.language: edition.link for edition in listed}
    yield lambda language: f"http://127.0.0.1:{httpd.server_port}/{links[language]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def page(browser):
    """A fresh context (empty localStorage); uncaught exceptions fail the test."""
    ctx = browser.new_context(color_scheme="light")
    opened = ctx.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    ctx.close()
    assert not errors, f"uncaught exceptions: {errors}"


def say(language: str, key: str, **fields) -> str:
    return translations.load(ROOT, language).say(key, **fields)


def check_tabs(page, release: str) -> list[dict]:
    """Every set of version tabs shows the tab `release` prints, as outputs/ records it."""
    sets = page.evaluate(TABS)
    assert sets, f"{page.url}: no version tabs"
    for found in sets:
        holding = [i for i, releases in enumerate(found["releases"]) if release in releases]
        if not holding:
            continue  # the snippet has no recording for the release
        assert found["checked"] == holding[0], f"{found['snippet']}: tab {found['labels'][found['checked']]!r} " \
                                               f"shown for {release}"
        key = found["snippet"].removeprefix("snippets/").removesuffix(".py")
        assert found["shown"].rstrip("\n") == (recorded_for(key, release) or "").rstrip("\n"), key
    return sets


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_release_inside_a_range_shows_its_tab_and_says_so(page, servers, language):
    page.goto(servers(language) + TABS_PAGE + "?torch=2.1.2")
    expect(page.locator("#fg-picker-select")).to_have_value("2.1.2")
    sets = check_tabs(page, "2.1.2")
    assert any(found["checked"] != 0 for found in sets), "2.1.2 shows the newest tab everywhere: pick another page"
    first = next(found for found in sets if any("2.1.2" in releases for releases in found["releases"]))
    label = first["labels"][first["checked"]]
    notes = page.locator("p.fg-versions .fg-picker-note").all_inner_texts()
    assert say(language, "picker_tab", release="2.1.2", tab=label).strip() in [n.strip() for n in notes]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_edges_of_a_range_pick_that_tab(page, servers, language):
    page.goto(servers(language) + TABS_PAGE)
    sets = page.evaluate(TABS)
    found = next(s for s in sets if any(len(r) > 1 for r in s["releases"][1:]))
    tab = next(i for i, r in enumerate(found["releases"]) if i > 0 and len(r) > 1)
    for release in (found["releases"][tab][0], found["releases"][tab][-1]):
        page.select_option("#fg-picker-select", release)
        check_tabs(page, release)
        assert page.evaluate(TABS)[sets.index(found)]["checked"] == tab


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_minor_picks_its_recorded_release(page, servers, language):
    page.goto(servers(language) + TABS_PAGE + "?torch=2.1")
    expect(page.locator("#fg-picker-select")).to_have_value("2.1.2")
    expect(page.locator(".fg-picker__status")).to_have_text("")
    check_tabs(page, "2.1.2")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_release_not_recorded_picks_the_nearest_and_says_so(page, servers, language):
    page.goto(servers(language) + TABS_PAGE + "?torch=1.12")
    expect(page.locator("#fg-picker-select")).to_have_value(LISTED[0])
    expect(page.locator(".fg-picker__status")).to_have_text(
        say(language, "picker_nearest", asked="1.12", release=LISTED[0]))
    check_tabs(page, LISTED[0])
    page.goto(servers(language) + TABS_PAGE + "?torch=9.1")
    expect(page.locator("#fg-picker-select")).to_have_value(LISTED[-1])
    expect(page.locator(".fg-picker__status")).to_have_text(
        say(language, "picker_nearest", asked="9.1", release=LISTED[-1]))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_choice_holds_on_the_next_page_and_the_next_visit(page, servers, language):
    page.goto(servers(language) + TABS_PAGE)
    expect(page.locator("#fg-picker-select")).to_have_value("newest")
    check_tabs(page, LISTED[-1])  # "newest" by default
    page.select_option("#fg-picker-select", "2.4.1")
    page.goto(servers(language) + OTHER_PAGE)
    expect(page.locator("#fg-picker-select")).to_have_value("2.4.1")
    check_tabs(page, "2.4.1")
    again = page.context.new_page()
    again.goto(servers(language))
    expect(again.locator("#fg-picker-select")).to_have_value("2.4.1")


@pytest.mark.parametrize("language", LANGUAGES)
def test_quotes_whose_range_leaves_the_release_out_say_so(page, servers, language):
    seen = set()
    for path in (TABS_PAGE, OTHER_PAGE):
        page.goto(servers(language) + path + "?torch=2.12.1")
        ranges = page.evaluate("""() => [...document.querySelectorAll(".fg-quote-range")].map(r =>
          ({releases: r.dataset.releases.split(" "), text: r.textContent,
            off: r.previousElementSibling.classList.contains("fg-quote--off")}))""")
        assert ranges, f"{path}: no quote with a release range"
        seen |= {found["off"] for found in ranges}
        for found in ranges:
            off = "2.12.1" not in found["releases"]
            assert found["off"] == off, found
            assert (say(language, "picker_quote_off", release="2.12.1") in found["text"]) == off, found
    assert seen == {True, False}, "these pages have no quote that holds on 2.12.1 and one that does not: pick others"


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_entry_page_shows_the_wording_of_the_release_first(page, servers, language):
    """On the page of every entry worded more than one way, the wording the picked release
    prints comes first (or a note that it prints none)."""
    reworded = [entry for entry in collected(ROOT) if len(entry.templates) > 1]
    checked = 0
    for entry in reworded:
        page.goto(servers(language) + f"errors/{entry.id}/?torch=2.1.2")
        blocks = page.evaluate("""() => [...document.querySelectorAll(
            "article .fg-message[data-releases], article .fg-picker-message--none")].filter(
            n => !n.closest("details")).map(n => n.dataset.releases ? n.dataset.releases.split(" ") : "none")""")
        prints = [b for b in blocks if b != "none" and "2.1.2" in b]
        if prints:
            assert "2.1.2" in blocks[0], entry.id
            checked += 1
        else:
            assert blocks[0] == "none", entry.id
    assert checked > 5
    first = page.locator("article .fg-message[data-releases]").first
    page.goto(servers(language) + "errors/one-of-the-differentiated-tensors-appears-to-not-have-been/?torch=2.1.2")
    expect(first).to_contain_text("One of the differentiated Tensors appears")
    expect(first.locator(".filename")).to_contain_text(say(language, "picker_message_yours", release="2.1.2").strip())

    page.goto(servers(language) + "errors/?torch=2.1.2")
    page.fill("#fg-diagnose-input", f"RuntimeError: {REWORDED}")
    page.click("#fg-diagnose-button")
    expect(page.locator(".fg-answer__entry")).to_have_text(
        "RuntimeError: One of the differentiated Tensors appears to not have been used in the graph")
    page.select_option("#fg-picker-select", "newest")
    page.click("#fg-diagnose-button")
    expect(page.locator(".fg-answer__entry")).to_contain_text("The differentiated Tensor at index")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("old", "new"), [("2.1.2", "2.15.0"), ("2.13.0", "2.14.1"), ("2.10.0", "2.11.0"), ("2.1.2", "2.2.2")])
def test_the_upgrade_view_lists_exactly_the_snippets_whose_recordings_differ(page, servers, language, old, new):
    page.goto(servers(language) + f"upgrade/?from={old}&to={new}")
    results = page.locator(".fg-upgrade__results")
    expect(results).to_have_attribute("data-from", old)
    expect(results).to_have_attribute("data-to", new)
    listed = page.eval_on_selector_all(".fg-upgrade__snippet", "items => items.map(i => i.dataset.snippet)")
    expected = differing(old, new)
    assert sorted(listed) == sorted(expected) and len(listed) == len(set(listed))
    expect(page.locator(".fg-upgrade__count")).to_have_attribute("data-count", str(len(expected)))
    if not expected:
        expect(page.locator(".fg-upgrade__count")).to_have_text(say(language, "upgrade_count_none", old=old, new=new))
    data = page.evaluate("() => fetch(document.getElementById('fg-upgrade').dataset.upgrade).then(r => r.json())")
    [found] = js_call.calls("upgrade.js", [["messageChanges", old, new]], first=data)
    for kind, messages in found.items():
        shown = page.locator(f".fg-upgrade__messages--{kind} li code").all_text_contents()
        assert sorted(shown) == sorted(m["text"] for m in messages), kind
    if (old, new) == ("2.1.2", "2.2.2"):  # ValueError, RuntimeError before: an upgrade fact
        retyped = page.locator(".fg-upgrade__messages--retyped li", has_text="Default process group")
        expect(retyped).to_contain_text(say(language, "upgrade_retyped_uncaught", type="RuntimeError", new=new))
    # each snippet links to its place on its page, with a diff of the two recordings
    for item in page.locator(".fg-upgrade__snippet").all()[:5]:
        href = item.locator("a").first.get_attribute("href")
        assert "#snippet-" in href
        expect(item.locator(".fg-upgrade__diff").first).to_contain_text(f"--- PyTorch {old}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_upgrade_view_follows_the_pickers(page, servers, language):
    page.goto(servers(language) + "upgrade/")
    page.select_option("#fg-upgrade-from", "2.13.0")
    page.select_option("#fg-upgrade-to", "2.14.1")
    expect(page.locator(".fg-upgrade__count")).to_have_attribute("data-count", str(len(differing("2.13.0", "2.14.1"))))
    page.select_option("#fg-upgrade-to", "2.15.0")
    expect(page.locator(".fg-upgrade__count")).to_have_attribute("data-count", str(len(differing("2.13.0", "2.15.0"))))
    assert "from=2.13.0" in page.url and "to=2.15.0" in page.url
