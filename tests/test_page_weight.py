"""What a reader's phone pays for each built page, in every edition: its HTML's size once
gzipped (as a server sends it) and its number of DOM elements, each against a budget for its
kind of page. Lighthouse flags a page above 1,400 elements; the Error index and the home page
stay under that, an entry's page and a topic page (every output in version tabs) have
budgets of their own. A page over its budget is named with what weighs most in it.
bench/phone.py measures what the same pages cost to load on an emulated phone."""

from __future__ import annotations

import gzip
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import editions_by_language

# kind -> (gzip KB, DOM elements)
BUDGETS = {
    "home": (30, 1_400),
    "index": (60, 1_400),
    "entry": (40, 4_000),
    "page": (60, 12_000),
}


class _Elements(HTMLParser):
    def __init__(self):
        super().__init__()
        self.count = 0
        self.classes: Counter[str] = Counter()

    def handle_starttag(self, tag, attrs):
        self.count += 1
        for name, value in attrs:
            if name == "class" and value:
                self.classes.update(value.split())

    handle_startendtag = handle_starttag


def kind(path: Path) -> str:
    parts = path.parent.parts
    if not parts:
        return "home"
    if parts == ("errors",):
        return "index"
    return "entry" if parts[0] == "errors" else "page"


def weigh(site: Path) -> dict[str, tuple[str, float, int, list[str]]]:
    """page -> (kind, gzip KB, elements, its most frequent classes)."""
    found = {}
    for path in sorted(site.rglob("index.html")):
        page = path.relative_to(site)
        if page.parts and page.parts[0] in editions_by_language():  # another edition's folder
            continue
        html = path.read_bytes()
        elements = _Elements()
        elements.feed(html.decode("utf-8"))
        heaviest = [f"{name} ×{count}" for name, count in elements.classes.most_common(3)]
        found[str(page.parent) + "/"] = (kind(page), len(gzip.compress(html)) / 1024, elements.count, heaviest)
    return found


@pytest.mark.parametrize("language", list(editions_by_language()))
def test_every_page_is_within_its_budget(mkdocs_sites, language):
    weights = weigh(mkdocs_sites(language))
    assert {kind for kind, *_ in weights.values()} == set(BUDGETS), "a kind of page is missing from the build"
    over = []
    for page, (what, kb, elements, heaviest) in weights.items():
        budget_kb, budget_elements = BUDGETS[what]
        if kb > budget_kb or elements > budget_elements:
            over.append(f"{page} ({what}): {kb:.1f} KB gzipped (budget {budget_kb}), {elements} elements "
                        f"(budget {budget_elements}); most of them: {', '.join(heaviest)}")
    biggest = {what: max((w for w in weights.values() if w[0] == what), key=lambda w: w[2]) for what in BUDGETS}
    print(language, {what: f"{w[1]:.1f} KB, {w[2]} elements" for what, w in biggest.items()})
    assert not over, "pages over their budget:\n" + "\n".join(over)
