"""Every edition that mkdocs.yml's `extra.alternate` declares against the root (English)
one: the same pages (listed in the same sidebar: tests/test_nav.py), each embedding the same
snippets in the same order, its prose in the edition's language, its headings keeping the
English anchors, and its home page naming the recorded releases through the macro. How an
edition's prose is read comes from its data (data/translations/glossary/<language>.toml's
[prose]); an edition without it fails here, naming the file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify

from fieldguide import editions, glossary
from fieldguide.page import Embed, Heading, Page, Paragraph
from fieldguide.zensical_config import flat_config

ROOT = Path(__file__).resolve().parents[1]
LISTED = editions.load(ROOT)
ENGLISH = ROOT / LISTED[0].docs
TRANSLATED = LISTED[1:]  # every edition but the root
ONLY_TRANSLATED = {"glossary.md"}  # the terms every page of a translated edition follows
# What a paragraph may hold besides its language: code, links' targets, macros, numbers, names.
# A code span opens and closes with equal runs of backticks: a quote of text that has
# backticks in it, such as `lr_scheduler.step()`, reads as `` ... `...` ... ``.
NOT_PROSE = re.compile(r"(`+).*?(?<!`)\1(?!`)|\{\{.*?\}\}|<[^>]+>|\([^)]*\)")


def config(name: str) -> dict:
    """The config as MkDocs reads it, with what it INHERITs."""
    return flat_config(ROOT / name)


def pages(folder: Path) -> set[str]:
    return {p.name for p in folder.glob("*.md")}


def docs(edition: editions.Edition) -> Path:
    return ROOT / edition.docs


def edition_pages(twins: bool = False) -> list:
    """(edition, page) for every page of every translated edition (or those that English has
    too), as test parameters."""
    return [pytest.param(edition, page, id=f"{edition.language}-{page}") for edition in TRANSLATED
            for page in sorted(pages(docs(edition)) & pages(ENGLISH) if twins else pages(docs(edition)))]


BY_LANGUAGE = {"ids": lambda edition: edition.language}


def test_every_declared_edition_is_checked():
    assert TRANSLATED, "mkdocs.yml's extra.alternate declares no edition besides the root"
    assert [e.language for e in TRANSLATED] == [e.language for e in LISTED if not e.root]


@pytest.mark.parametrize("edition", TRANSLATED, **BY_LANGUAGE)
def test_every_page_has_its_twin_and_every_link_is_checked(edition):
    missing = sorted(pages(ENGLISH) - pages(docs(edition)))
    assert not missing, (f"{edition.docs}/ lacks {missing}: translate each "
                         "(CONTRIBUTING.md: 'Add a page in both languages')")
    assert config(edition.config)["validation"] == config(LISTED[0].config)["validation"], (
        f"every page exists in {edition.docs}: check its links as {LISTED[0].config} does (no `validation` of its own)"
    )


@pytest.mark.parametrize("edition", TRANSLATED, **BY_LANGUAGE)
def test_no_translated_page_without_its_english_one(edition):
    extra = sorted(pages(docs(edition)) - pages(ENGLISH) - ONLY_TRANSLATED)
    assert not extra, f"{edition.docs}/ has {extra}, which {ENGLISH.name}/ lacks: add the English page or remove it"


@pytest.mark.parametrize(("edition", "page"), edition_pages(twins=True))
def test_a_translated_page_embeds_the_snippets_of_its_english_page_in_order(edition, page):
    def keys(folder):
        return [(e.key, e.section) for e in Page.read(folder / page).embeds]

    assert keys(docs(edition)) == keys(ENGLISH), (
        f"{edition.docs}/{page} embeds other snippets, or in another order, than {ENGLISH.name}/{page}"
    )


@pytest.mark.parametrize(("edition", "page"), edition_pages())
def test_the_prose_of_a_translated_page_is_in_its_language(edition, page):
    letters = glossary.load(ROOT, edition.language).letters  # fails naming the file where it lacks
    english = []
    model = Page.read(docs(edition) / page)
    for block in model.blocks:
        if page in ONLY_TRANSLATED and getattr(block, "nested", False):  # the glossary's English column
            continue
        if isinstance(block, (Heading, Paragraph)):
            words = NOT_PROSE.sub("", block.text)
            if re.search(r"[A-Za-z]{3,}.*[A-Za-z]{3,}", words) and not letters.search(block.text):
                english.append(f"  {edition.docs}/{page}:{block.line}: {block.text[:80]}")
    assert not english, "untranslated paragraphs:\n" + "\n".join(english)


@pytest.mark.parametrize(("edition", "page"), edition_pages(twins=True))
def test_every_translated_heading_keeps_the_english_anchor(edition, page):
    """Links between pages name anchors, so each heading of a translated page carries, as
    `{ #anchor }`, the anchor of the English heading at its place (explicit, or the one
    MkDocs makes from the English words)."""
    def anchors(folder, made_from_words):
        return [(h.level, h.anchor or (slugify(h.text.replace("`", ""), "-") if made_from_words else None))
                for h in Page.read(folder / page).headings if h.level >= 2]

    assert anchors(docs(edition), False) == anchors(ENGLISH, True)


@pytest.mark.parametrize("edition", LISTED, **BY_LANGUAGE)
def test_the_home_page_names_the_recorded_releases_through_the_macro(edition):
    text = (docs(edition) / "index.md").read_text(encoding="utf-8")
    assert "{{ torch_versions() }}" in text
    assert not re.search(r"\b2\.1[0-9]\.\d\b", text), f"{edition.docs}/index.md types a release number"


@pytest.mark.parametrize("edition", TRANSLATED, **BY_LANGUAGE)
def test_a_translated_page_is_not_an_embed_page_alone(edition):
    """The prose check reads paragraphs: a page of embeds only would pass it unread."""
    blocks = Page.read(docs(edition) / "leaf-tensors.md").blocks
    assert sum(isinstance(b, Paragraph) for b in blocks) > sum(isinstance(b, Embed) for b in blocks)
