"""The sidebar of every edition (the `nav` of mkdocs.yml and of each edition's config): Home,
then the pages grouped by what the reader arrives with, each other edition's sections twins
of the English ones (same pages, same order, titled in the edition's language), every page
listed once and no notebook listed: notebooks are pages reached from their page's buttons
(fieldguide/notebook_pages.py)."""

from __future__ import annotations

import pytest
from test_twins import BY_LANGUAGE, LISTED, ONLY_TRANSLATED, ROOT, TRANSLATED, config, docs

from fieldguide import glossary
from fieldguide.macros import ERROR_INDEX, nav_pages
from fieldguide.notebook import FOLDER as NOTEBOOKS

# The English section titles, in sidebar order; each other edition's are its nav's, in its
# language (tests/test_glossary.py reads them against the edition's terms).
SECTIONS = ["I have an error", "How autograd works", "Training tools", "Reference"]


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


def nav(edition) -> list:
    return config(edition.config)["nav"]


@pytest.mark.parametrize("edition", LISTED, **BY_LANGUAGE)
def test_home_comes_first_then_the_sections(edition):
    top = outline(nav(edition))
    assert top[0][1] == "index.md", f"{edition.config}: the sidebar starts with {top[0]}, not Home"
    assert len(top[1:]) == len(SECTIONS), f"{edition.config}: {[t for t, _ in top[1:]]}, not {len(SECTIONS)} sections"
    assert all(isinstance(pages, list) for _, pages in top[1:]), "every page after Home belongs to a section"


def test_the_english_sections_in_order():
    assert [title for title, _ in outline(nav(LISTED[0]))[1:]] == SECTIONS


@pytest.mark.parametrize("edition", TRANSLATED, **BY_LANGUAGE)
def test_the_section_titles_are_in_the_editions_language(edition):
    letters = glossary.load(ROOT, edition.language).letters
    english = [title for title, _ in outline(nav(edition))[1:] if title in SECTIONS or not letters.search(title)]
    assert not english, f"{edition.config}: untranslated section titles {english}"


@pytest.mark.parametrize("edition", LISTED, **BY_LANGUAGE)
def test_the_error_section_opens_with_the_error_index(edition):
    title, pages = outline(nav(edition))[1]
    assert pages[0][1] == ERROR_INDEX, f"{edition.config}: {title!r} opens with {pages[0]}"


@pytest.mark.parametrize("edition", TRANSLATED, **BY_LANGUAGE)
def test_each_section_lists_the_pages_of_its_english_twin_in_order(edition):
    for (_, english), (title, translated) in zip(outline(nav(LISTED[0]))[1:], outline(nav(edition))[1:],
                                                 strict=True):
        listed = [page for _, page in translated if page not in ONLY_TRANSLATED]
        assert listed == [page for _, page in english], (
            f"{edition.config}'s {title!r} lists other pages, or in another order, than its twin in "
            f"{LISTED[0].config}"
        )


@pytest.mark.parametrize("edition", LISTED, **BY_LANGUAGE)
def test_every_page_is_listed_once(edition):
    listed = nav_pages(nav(edition))
    twice = sorted({page for page in listed if listed.count(page) > 1})
    assert not twice, f"{edition.config} lists {twice} more than once"
    unlisted = sorted({p.name for p in docs(edition).glob("*.md")} - set(listed))
    assert not unlisted, f"add {unlisted} to {edition.config}'s nav (CONTRIBUTING.md: 'Add a page in both languages')"


@pytest.mark.parametrize("edition", LISTED, **BY_LANGUAGE)
def test_no_notebook_is_in_the_nav(edition):
    listed = targets(nav(edition))
    assert len(listed) > 20, "the walk did not reach the sections' pages"
    notebooks = [path for path in listed if path.startswith(f"{NOTEBOOKS}/") or path.endswith(".ipynb")]
    assert not notebooks, f"{edition.config} lists {notebooks}: notebooks are reached from their pages"
