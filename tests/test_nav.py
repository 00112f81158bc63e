"""The sidebar of both editions (the `nav` of mkdocs.yml and mkdocs.zh.yml): Home, then
the pages grouped by what the reader arrives with, the Chinese sections twins of the
English ones (same pages, same order), every page listed once and no notebook listed:
notebooks are pages reached from their page's buttons (fieldguide/mkdocs_plugin.py)."""

from __future__ import annotations

import pytest
from test_zh import CHINESE, ENGLISH, ONLY_CHINESE, config

from fieldguide.macros import ERROR_INDEX, nav_pages
from fieldguide.notebook import FOLDER as NOTEBOOKS

# (English, Chinese) section titles, in sidebar order; the Chinese follow docs-zh/glossary.md.
SECTIONS = [
    ("I have an error", "我遇到了报错"),
    ("How autograd works", "autograd 的工作原理"),
    ("Training tools", "训练工具"),
    ("Reference", "参考"),
]
EDITIONS = {"en": ("mkdocs.yml", ENGLISH), "zh": ("mkdocs.zh.yml", CHINESE)}
COLUMNS = [("en", 0), ("zh", 1)]  # each edition's column of SECTIONS


def outline(items: list) -> list[tuple[str, str | list]]:
    """A nav's items in order: (title, page) for a page, (title, its outline) for a section."""
    return [
        (title, target if isinstance(target, str) else outline(target))
        for item in items
        for title, target in item.items()
    ]


def targets(items) -> list[str]:
    """Every path a nav lists, at any depth, whatever its kind of file."""
    if isinstance(items, str):
        return [items]
    return [path for item in (items.values() if isinstance(items, dict) else items) for path in targets(item)]


def nav(edition: str) -> list:
    return config(EDITIONS[edition][0])["nav"]


@pytest.mark.parametrize(("edition", "column"), COLUMNS)
def test_home_comes_first_then_the_sections_in_order(edition, column):
    top = outline(nav(edition))
    assert top[0][1] == "index.md", f"{EDITIONS[edition][0]}: the sidebar starts with {top[0]}, not Home"
    assert [title for title, _ in top[1:]] == [titles[column] for titles in SECTIONS]
    assert all(isinstance(pages, list) for _, pages in top[1:]), "every page after Home belongs to a section"


@pytest.mark.parametrize(("edition", "column"), COLUMNS)
def test_the_error_section_opens_with_the_error_index(edition, column):
    title = SECTIONS[0][column]
    pages = dict(outline(nav(edition)))[title]
    assert pages[0][1] == ERROR_INDEX, f"{EDITIONS[edition][0]}: {title!r} opens with {pages[0]}"


def test_each_chinese_section_lists_the_pages_of_its_english_twin_in_order():
    for (_, english), (title, chinese) in zip(outline(nav("en"))[1:], outline(nav("zh"))[1:], strict=True):
        listed = [page for _, page in chinese if page not in ONLY_CHINESE]
        assert listed == [page for _, page in english], (
            f"mkdocs.zh.yml's {title!r} lists other pages, or in another order, than its twin in mkdocs.yml"
        )


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_page_is_listed_once(edition):
    name, docs = EDITIONS[edition]
    listed = nav_pages(nav(edition))
    twice = sorted({page for page in listed if listed.count(page) > 1})
    assert not twice, f"{name} lists {twice} more than once"
    unlisted = sorted({p.name for p in docs.glob("*.md")} - set(listed))
    assert not unlisted, f"add {unlisted} to {name}'s nav (CONTRIBUTING.md: 'Add a page in both languages')"


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_notebook_is_in_the_nav(edition):
    listed = targets(nav(edition))
    assert len(listed) > 20, "the walk did not reach the sections' pages"
    notebooks = [path for path in listed if path.startswith(f"{NOTEBOOKS}/") or path.endswith(".ipynb")]
    assert not notebooks, f"{EDITIONS[edition][0]} lists {notebooks}: notebooks are reached from their pages"
