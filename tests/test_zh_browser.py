"""The Chinese edition in a real browser (Debian's Chromium, driven by Playwright, as in
tests/test_browser.py), served with the English one from one root as `make build` writes
them: English at /, Chinese at /zh/.

- The paste box on /zh/errors/ lands every real paste (data/pastes) on the same entry as
  the box on /errors/, with the same causes in the same order, and speaks Chinese.
- Material's search on the Chinese site, given the terms PyTorch users search for
  (叶子张量, 原地操作, ...), lists the page about them first, also where they are glued to
  ASCII or would lose their last character in the search worker (search-paste.js).
- On every page both editions have (read from the built HTML), the language switch names
  both editions with hreflang and links to the same page in the other edition, the head
  has no rel=alternate link (Material would fetch a sitemap next to each), and the labels
  around the outputs are in the page's language; in the browser, clicking the switch on
  one page, both ways, leads to its twin.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from bs4 import BeautifulSoup
from test_diagnose import diagnose_all, loaded
from test_zh_search import search

from fieldguide import editions, pastes, translations

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = {edition.language: edition for edition in editions.load(ROOT)}
ENGLISH, CHINESE = ROOT / EDITIONS["en"].docs, ROOT / EDITIONS["zh"].docs
EDITION_PATHS = {"en": "/", "zh": "/zh/"}  # mkdocs.yml's extra.alternate, from the site's root
CJK = re.compile(r"[\u4e00-\u9fff]")
# An output block's label, its first element (render.py). Read from the text: parsing every
# page of both editions (the error index alone is 2 MB) took 20 s.
OUTPUT_LABEL = re.compile(r'<div class="([^"]*\bfg-output\b[^"]*)"[^>]*><span class="filename">([^<]*)</span>')


def page_url(page: str) -> str:
    """A page's URL path from its edition's root, with directory URLs: `x.md` -> `x/`."""
    stem = page.removesuffix(".md")
    return "" if stem == "index" else f"{stem}/"
# Chinese search terms and the page (docs-zh/) that must come first for each.
SEARCHES = [
    ("叶子张量", "leaf-tensors.md"),
    ("原地操作", "inplace.md"),
    ("版本计数器", "inplace.md"),
    ("隐藏状态", "rnn-hidden-state.md"),
    ("推理模式", "no-grad-inference-eval.md"),
    ("钩子", "hooks.md"),
    ("高阶梯度", "higher-order.md"),
    ("梯度检查点", "checkpointing.md"),
]
BOTH_EDITIONS = sorted({p.name for p in ENGLISH.glob("*.md")} & {p.name for p in CHINESE.glob("*.md")})


@pytest.fixture(scope="module")
def site(all_editions) -> Path:
    """Every edition under one root (conftest's `server` serves this module this one)."""
    return all_editions


@pytest.fixture(scope="module")
def words() -> dict[str, translations.Words]:
    return {language: translations.load(ROOT, language) for language in EDITION_PATHS}


def opening(text: str) -> str:
    """What an interface text says before its first blank: how the page's text starts."""
    return text.split("{", 1)[0]


def test_the_chinese_paste_box_lands_like_the_english_one(browser, server, words):
    cases = pastes.load(ROOT)
    assert len(cases) >= 20, "data/pastes needs 20 pastes to compare the two boxes"
    states, texts = {}, {}
    ctx = browser.new_context(color_scheme="light")
    try:
        for language, path in EDITION_PATHS.items():
            page = ctx.new_page()
            page.goto(f"{server.rstrip('/')}{path}errors/")
            loaded(page)
            states[language] = diagnose_all(page, [case.paste for case in cases])
            texts[language] = {
                "label": page.inner_text("label[for=fg-diagnose-input]"),
                "button": page.inner_text("#fg-diagnose-button"),
                "status": page.inner_text("#fg-diagnose-status"),
            }
    finally:
        ctx.close()
    differ, untranslated = [], []
    for case, english, chinese in zip(cases, states["en"], states["zh"], strict=True):
        answers = [[state[key] for key in ("entry", "mechanisms")] for state in (english, chinese)]
        if answers[0] != answers[1]:
            differ.append(f"{case.name}: /errors/ {answers[0]}, /zh/errors/ {answers[1]}")
        said = [chinese["worded"] or "", *chinese["causes"]] if chinese["entry"] != "none" else []
        untranslated += [f"{case.name}: {text!r}" for text in said if not CJK.search(text)]
    landed = sum(state["entry"] not in ("", "none") for state in states["zh"])
    print(f"{len(cases)} real pastes: {len(cases) - len(differ)} land alike on both boxes, "
          f"{landed} on an entry")
    assert not differ, "the two boxes answer differently:\n" + "\n".join(differ)
    assert not untranslated, "English in the Chinese diagnosis:\n" + "\n".join(untranslated)
    for language, shown in texts.items():
        said = words[language]
        assert shown["label"] == said.say("paste_label") and shown["button"] == said.say("diagnose"), shown
        # the last paste's answer: "found" or "not known", in the page's language
        assert shown["status"].startswith((opening(said.ui["box_found"]), opening(said.ui["box_unknown"]))), shown


@pytest.fixture(scope="module")
def chinese_search(browser, server):
    """A tab on the Chinese home page, its search index loaded, kept for every query
    (test_zh_search.search clears the box between them)."""
    ctx = browser.new_context(color_scheme="light")
    tab = ctx.new_page()
    tab.goto(f"{server}zh/", wait_until="networkidle")
    yield tab
    ctx.close()


@pytest.mark.parametrize("query, page", SEARCHES)
def test_chinese_search_lists_the_page_first(chinese_search, query, page):
    paths = search(chinese_search, query)
    assert paths[:1] == [f"/zh/{page_url(page)}"], f"searching for {query!r} lists {paths[:5]}"


@pytest.mark.parametrize("query, page", [
    ("no_grad和inference_mode", "no-grad-inference-eval.md"),  # glued to ASCII: found nothing
    ("梯度缩放器", "grad-scaler.md"),  # the 器 is mended back (tests/js/search-paste.test.mjs tests the mending)
])
def test_chinese_search_reads_words_the_worker_would_miss(chinese_search, query, page):
    """docs/javascripts/search-paste.js mends the query Material's search worker is sent,
    and the box keeps what was typed: Chinese glued to ASCII is split apart, and the last
    word of a run of Chinese is not cut short."""
    test_chinese_search_lists_the_page_first(chinese_search, query, page)


def test_each_page_names_its_twin_and_labels_outputs_in_its_language(site, words):
    """On every page both editions have, read from the built HTML both ways: the language
    switch has one hreflang link per edition, to the same page in that edition; the head has
    no rel=alternate link; the labels around the outputs are in the page's language."""
    problems, labelled = [], 0
    for name in BOTH_EDITIONS:
        urls = {language: f"{path}{page_url(name)}" for language, path in EDITION_PATHS.items()}
        for language, url in urls.items():
            text = (site / url.strip("/") / "index.html").read_text(encoding="utf-8")
            document = BeautifulSoup(text[:text.index("</header>")], "html.parser")  # the head and the switch
            alternates = sorted((link["hreflang"], urlsplit(urljoin(url, link["href"])).path)
                                for link in document.select(".md-select__link[hreflang]"))
            if alternates != sorted(urls.items()):
                problems.append(f"{url}: hreflang links {alternates}")
            if document.select("head link[rel=alternate]"):
                problems.append(f"{url}: a rel=alternate link in the head (Material fetches a sitemap beside it)")
            labels = [html.unescape(label) for classes, label in OUTPUT_LABEL.findall(text)
                      if "fg-diff" not in classes.split()]
            labelled += len(labels)
            wrong = sorted(set(labels) - {words[language].say("output")}  # a diff is titled "diff"
                           - {label for label in labels if label.startswith(opening(words[language].ui["raises"]))})
            if wrong:
                problems.append(f"{url}: output labels {wrong}")
    print(f"{len(BOTH_EDITIONS)} pages in both editions, read both ways: {labelled} output labels")
    assert labelled > len(BOTH_EDITIONS), "hardly any output label read: has render.py's block markup changed?"
    assert not problems, "\n".join(problems)


def test_the_switch_leads_to_the_twin_when_clicked(context, server):
    """What the links above do in a browser, both ways, on a page with outputs."""
    tab = context.new_page()
    urls = {language: f"{server.rstrip('/')}{path}detach/" for language, path in EDITION_PATHS.items()}
    for language, url in urls.items():
        other = next(lang for lang in urls if lang != language)
        tab.goto(url)
        tab.click(".md-header__option .md-select button")
        tab.click(f".md-select__link[hreflang={other}]")
        tab.wait_for_load_state()
        assert tab.url == urls[other], f"{url}: the switch to {other} leads to {tab.url}"
