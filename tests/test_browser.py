"""The built site in a real browser: Debian's Chromium, driven by Playwright.

The site is built once (the `site` fixture in tests/conftest.py, shared with
tests/test_site.py) and served on 127.0.0.1 by a throwaway HTTP server. Every page is then loaded once and checked for
console errors, uncaught exceptions, requests to any host other than 127.0.0.1, output
blocks and diagrams that do not show; with FIELDGUIDE_SCREENSHOTS=1 a full-page screenshot
of each lands in build/screenshots/ (named in pytest's summary). Further tests click through what only a
browser can check: version tabs, the copy button, the light/dark toggle and search.

Playwright cannot download its own browser here; it drives the system Chromium
(`apt-get update && apt-get install -y chromium`, which `make test` runs when it is missing
and we are root). Without a browser these tests skip, saying how to get one; with
FIELDGUIDE_REQUIRE_BROWSER=1 (set by CI) they fail instead.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from fieldguide import macros, notebook
from fieldguide.page import Page
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import Snippet
from fieldguide.zensical_config import flat_config

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect
except ImportError:  # reported by the `browser` fixture (tests/conftest.py), as a skip or a failure
    PlaywrightTimeout, expect = TimeoutError, None

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS_ENV = "FIELDGUIDE_SCREENSHOTS"  # set: every page is screenshotted in full
# Material 9.8 puts its copy button in `nav.md-code__nav`; older releases used `.md-clipboard`.
COPY_BUTTON = '.md-code__button[data-md-type="copy"], .md-clipboard'
SEARCH_RESULTS_CHECKED = 3  # the pasted error must lead to its page among the first results
INPLACE_ERROR = "modified by an inplace operation"

# One pass over a loaded page: every output block and diagram that should be showing (not
# inside a version tab that is not selected), with where it is and whether it shows.
INSPECT_PAGE = """() => {
  const selected = el => {
    for (let block = el.closest(".tabbed-block"); block;
         block = block.parentElement.closest(".tabbed-block")) {
      const set = block.closest(".tabbed-set");
      const blocks = [...set.querySelectorAll(":scope > .tabbed-content > .tabbed-block")];
      const input = set.querySelectorAll(":scope > input")[blocks.indexOf(block)];
      if (!input || !input.checked) return false;
    }
    return true;
  };
  const shows = el => {
    const box = el.getBoundingClientRect();
    return el.checkVisibility({visibilityProperty: true, opacityProperty: true})
      && box.width > 0 && box.height > 0;
  };
  let snippet = "(before any snippet)";
  const outputs = [], graphs = [];
  for (const el of document.querySelectorAll(
      "div.highlight span.filename, .fg-output, .fg-graph svg")) {
    if (el.matches("span.filename")) {
      if (el.textContent.startsWith("snippets/")) snippet = el.textContent;
      continue;
    }
    if (!selected(el)) continue;
    const box = el.getBoundingClientRect();
    const text = ((el.querySelector("code") || el).innerText ?? el.textContent).trim();
    const title = el.matches(".fg-output") ? el.querySelector(".filename")?.textContent : "diagram";
    const found = {where: `${snippet}: ${title}`, shows: shows(el), text,
                   size: `${Math.round(box.width)}x${Math.round(box.height)}`};
    (el.matches(".fg-output") ? outputs : graphs).push(found);
  }
  return {outputs, graphs};
}"""

# Every version-tab set on a page, with the snippet it belongs to and each tab's output.
TAB_SETS = """() => {
  let snippet = null;
  const sets = [];
  for (const el of document.querySelectorAll("div.highlight span.filename, .tabbed-set")) {
    if (el.matches("span.filename")) {
      if (el.textContent.startsWith("snippets/")) snippet = el.textContent;
      continue;
    }
    sets.push({
      snippet,
      labels: [...el.querySelectorAll(":scope > .tabbed-labels > label")].map(l => l.textContent.trim()),
      checked: [...el.querySelectorAll(":scope > input")].findIndex(i => i.checked),
      outputs: [...el.querySelectorAll(":scope > .tabbed-content > .tabbed-block")].map(
        b => [...b.querySelectorAll(".fg-output code")].map(c => c.textContent).join("")),
    });
  }
  return sets;
}"""


AT_ONCE = 6  # pages loading together in the sweep of every page
SEARCH_INDEX = "search/search_index.json"
WIDTHS = [1280, 390]  # desktop and phone: each visited page is laid out at both
OVERFLOWING = """() => [...document.querySelectorAll(
    ".md-typeset .fg-output pre, .md-typeset .fg-output pre > code, "
    + ".md-typeset .fg-message pre, .md-typeset .fg-message pre > code")]
  .filter(el => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
  .map(el => el.textContent.trim().split("\\n")[0].slice(0, 80))"""


@dataclass
class Visit:
    """What loading one page showed."""

    path: str
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    outputs: list[dict] = field(default_factory=list)
    graphs: list[dict] = field(default_factory=list)
    overflowing: dict[int, list[str]] = field(default_factory=dict)  # width -> blocks scrolling sideways


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname == "127.0.0.1"


@pytest.fixture(scope="module")
def visits(browser, site, server, request) -> list[Visit]:
    """Every page of the built site (404.html aside) loaded once, and screenshotted in full
    when FIELDGUIDE_SCREENSHOTS is set.

    Only the home page gets Material's whole search index: the other pages get it with no
    document in it. Every page's search worker indexes the same file, a quarter of the CPU
    time of a page's visit, and what it does with it is checked here once (and searched
    through by the search tests)."""
    screenshot_dir = request.getfixturevalue("screenshot_dir")  # emptied only once a browser runs
    paths = sorted(p.parent.relative_to(site).as_posix() + "/" for p in site.rglob("index.html"))
    paths, found = ["" if p == "./" else p for p in paths], []
    index = json.loads((site / SEARCH_INDEX).read_text(encoding="utf-8"))
    no_documents = {**index, "docs": []}
    # A few pages load at once: each waits for half a second without requests (networkidle),
    # and those waits overlap instead of adding up.
    for start in range(0, len(paths), AT_ONCE):
        loading = []
        for path in paths[start:start + AT_ONCE]:
            visit = Visit(path or "/")
            ctx = browser.new_context(color_scheme="light", viewport={"width": WIDTHS[0], "height": 900})
            ctx.on("request", lambda req, v=visit: v.requests.append(req.url))
            if path:
                ctx.route(f"**/{SEARCH_INDEX}", lambda route: route.fulfill(json=no_documents))
            page = ctx.new_page()
            page.on("console", lambda msg, v=visit: msg.type == "error" and v.console_errors.append(
                f"{msg.text} ({msg.location.get('url')}:{msg.location.get('lineNumber')})"))
            page.on("pageerror", lambda error, v=visit: v.page_errors.append(str(error)))
            page.goto(server + path, wait_until="commit")
            loading.append((visit, ctx, page))
        for visit, ctx, page in loading:
            try:
                page.wait_for_load_state("networkidle")
            except PlaywrightTimeout:  # name the page and what it was still loading
                pytest.fail(f"{visit.path} never went quiet (network idle); its last requests: "
                            f"{visit.requests[-5:]}", pytrace=False)
            shown = page.evaluate(INSPECT_PAGE)
            visit.outputs, visit.graphs = shown["outputs"], shown["graphs"]
            if os.environ.get(SCREENSHOTS_ENV):  # seconds a page: only when asked for
                name = visit.path.strip("/").replace("/", "_") or "index"
                page.screenshot(path=screenshot_dir / f"{name}.png", full_page=True, animations="disabled")
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            for width in WIDTHS:  # laid out again at each width, without a reload
                page.set_viewport_size({"width": width, "height": 900})
                visit.overflowing[width] = page.evaluate(OVERFLOWING)
            ctx.close()
            found.append(visit)
    return found


def fail_on(visits: list[Visit], check, headline: str) -> None:
    """Fail listing `check(visit)`'s findings on every page, page by page."""
    lines = [f"  {v.path}: {problem}" for v in visits for problem in check(v)]
    if lines:
        pytest.fail("\n".join([headline, *lines]), pytrace=False)


def test_every_page_is_visited(visits, site):
    nav = macros.nav_pages(flat_config(ROOT / "mkdocs.yml")["nav"])
    unvisited = sorted({"/" + macros.page_url(page, True) if page != "index.md" else "/" for page in nav}
                       - {v.path if v.path == "/" else "/" + v.path for v in visits})
    assert not unvisited, f"pages of the nav not visited: {unvisited}"
    assert len(visits) == len(list(site.rglob("index.html"))), [v.path for v in visits]
    assert sum(len(v.outputs) for v in visits) >= 6, "fewer than 6 output blocks on the whole site"


def test_no_console_error_or_uncaught_exception(visits):
    fail_on(visits, lambda v: [f"console error: {e}" for e in v.console_errors]
            + [f"uncaught exception: {e}" for e in v.page_errors], "pages logged errors:")


def test_no_request_leaves_127_0_0_1(visits):
    fail_on(visits, lambda v: [url for url in v.requests if not is_local(url)],
            "pages made requests to other hosts than 127.0.0.1:")


def test_every_output_block_shows(visits):
    fail_on(visits, lambda v: [
        f"{o['where']} ({'empty' if o['shows'] else 'not visible, ' + o['size']})"
        for o in v.outputs if not (o["shows"] and o["text"])], "output blocks that do not show:")


def test_every_diagram_shows(visits):
    # Pages without diagrams pass trivially; each `.fg-graph svg` present must be rendered.
    fail_on(visits, lambda v: [f"{g['where']} ({g['size']})" for g in v.graphs if not g["shows"]],
            "diagrams that do not show:")


def recorded_for(key: str, version: str) -> str | None:
    """The output recorded for snippet `key` on `version`, read from outputs/ directly."""
    folder = ROOT / "outputs" / key
    for name, versions in json.loads((folder / "versions.json").read_text()).items():
        if version in versions and name.endswith(".txt"):
            return (folder / name).read_text(encoding="utf-8")
    return None


def test_version_tab_shows_its_output(context, server):
    page = context.new_page()
    page.goto(server + "inplace/")
    sets = page.evaluate(TAB_SETS)
    # a set whose tabs really show different outputs, so the switch is visible in the text
    choices = [(i, s) for i, s in enumerate(sets) if s["snippet"] and len(set(s["outputs"])) > 1]
    assert choices, f"inplace/ has no version tabs with differing outputs: {sets}"
    index, chosen = choices[0]
    shown = chosen["checked"]
    target = next(i for i in range(len(chosen["labels"])) if i != shown)
    tabs = page.locator(".tabbed-set").nth(index)
    blocks = tabs.locator(":scope > .tabbed-content > .tabbed-block")
    for output in blocks.nth(target).locator(".fg-output").all():
        expect(output).to_be_hidden()

    tabs.locator(":scope > .tabbed-labels > label").nth(target).click()

    for output in blocks.nth(target).locator(".fg-output").all():
        expect(output).to_be_visible()
    for output in blocks.nth(shown).locator(".fg-output").all():
        expect(output).to_be_hidden()
    label = chosen["labels"][target]
    key = chosen["snippet"].removeprefix("snippets/").removesuffix(".py")
    version = re.match(r"\d+(?:\.\d+)+", label)[0]  # "1.13.1 – 2.9.1": any release of the tab
    visible = "".join(
        text if text.endswith("\n") else text + "\n"
        for text in blocks.nth(target).locator(".fg-output code").all_inner_texts()
    )
    recorded = recorded_for(key, version)
    assert recorded is not None, f"outputs/{key}/versions.json records nothing for {version}"
    assert visible.rstrip("\n") == recorded.rstrip("\n"), f"{key}, tab {label!r}"


def whole_file_embed() -> tuple[str, str]:
    """(page path, snippet file) of the first page embedding a whole snippet file once."""
    for md in sorted((ROOT / "docs").glob("*.md")):
        embeds = [(*embed.key.split("/"), embed.section) for embed in Page.read(md).embeds]
        for topic, name, section in embeds:
            relpath = f"snippets/{topic}/{name}.py"
            whole = section is None and "--8<--" not in (ROOT / relpath).read_text(encoding="utf-8")
            if whole and [e[:2] for e in embeds].count((topic, name)) == 1:
                return ("" if md.stem == "index" else md.stem + "/"), relpath
    raise AssertionError("no page embeds a whole snippet file")


def test_copy_button_copies_the_snippet_file(context, server):
    path, relpath = whole_file_embed()
    page = context.new_page()
    page.goto(server + path)
    block = page.locator(f'div.highlight:has(span.filename:text-is("{relpath}"))')
    expect(block).to_have_count(1)
    block.locator(COPY_BUTTON).click()
    copied = page.evaluate("navigator.clipboard.readText()")
    # the file as the page shows it: without the directive lines at its top
    source = notebook.shown_code(Snippet.load(ROOT, *Path(relpath).with_suffix("").parts[1:]))
    assert copied.removesuffix("\n") == source, f"copy button on {path} for {relpath}"


# Every output and message block whose lines are wider than the block itself.
@pytest.mark.parametrize("width", WIDTHS)
def test_no_output_block_scrolls_sideways(visits, width):
    """Errors wrap instead of running off the block's right edge (desktop and phone), with
    every collapsed block opened."""
    fail_on(visits, lambda v: v.overflowing[width], f"output blocks that need sideways scrolling at {width} px:")


def test_palette_toggle_switches_light_and_dark(context, server):
    page = context.new_page()
    page.goto(server)
    body = page.locator("body")
    toggle = page.locator('form[data-md-component="palette"] label:not([hidden])')
    background = "getComputedStyle(document.body).backgroundColor"
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    light = page.evaluate(background)
    toggle.click()
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    page.wait_for_function(f"{background} !== {json.dumps(light)}")
    dark = page.evaluate(background)
    toggle.click()
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    page.wait_for_function(f"{background} === {json.dumps(light)}")
    assert light != dark


def pasted_inplace_error() -> str:
    """The last line of a recorded in-place error, as the reference release prints it."""
    reference = load_matrix(ROOT).reference
    for index in sorted((ROOT / "outputs" / "inplace").glob("*/versions.json")):
        text = recorded_for(index.parent.relative_to(ROOT / "outputs").as_posix(), reference) or ""
        last = text.rstrip("\n").rsplit("\n", 1)[-1]
        if INPLACE_ERROR in last:
            return last
    raise AssertionError(f"no recorded output under outputs/inplace/ ends with {INPLACE_ERROR!r}")


def test_search_finds_a_pasted_error_message(context, server):
    message = pasted_inplace_error()
    page = context.new_page()
    page.goto(server, wait_until="networkidle")  # the search index is loaded
    page.locator(".md-search__input").click()
    page.evaluate("text => navigator.clipboard.writeText(text)", message)
    page.keyboard.press("ControlOrMeta+V")  # a real paste: Material searches on key events
    expect(page.locator(".md-search__input")).to_have_value(message)
    results = page.locator("li.md-search-result__item > a.md-search-result__link:first-child")
    expect(results.first).to_be_visible()
    hrefs = [urlsplit(href).path for href in results.evaluate_all("links => links.map(a => a.href)")]
    first = hrefs[:SEARCH_RESULTS_CHECKED]
    assert any(p == "/inplace/" or p.startswith("/errors/") for p in first), (
        f"searching for {message!r} gave {first} first (then {hrefs[len(first):][:5]}); "
        "expected inplace/ or an errors/ page"
    )
