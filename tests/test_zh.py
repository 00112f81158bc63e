"""The Chinese edition (mkdocs.zh.yml, docs-zh/) against the English one: the same pages
(listed in the same sidebar: tests/test_nav.py), each embedding the same snippets in the
same order, its prose in Chinese, and its home page naming the recorded releases through
the macro."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify

from fieldguide import editions
from fieldguide.page import Embed, Heading, Page, Paragraph
from fieldguide.zensical_config import flat_config

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = {edition.language: edition for edition in editions.load(ROOT)}
ENGLISH, CHINESE = ROOT / EDITIONS["en"].docs, ROOT / EDITIONS["zh"].docs
ONLY_CHINESE = {"glossary.md"}  # the terms every Chinese page follows
CJK = re.compile(r"[\u4e00-\u9fff]")
# What a paragraph may hold besides Chinese: code, links' targets, macros, numbers, names.
# A code span opens and closes with equal runs of backticks: a quote of text that has
# backticks in it, such as `lr_scheduler.step()`, reads as `` ... `...` ... ``.
NOT_PROSE = re.compile(r"(`+).*?(?<!`)\1(?!`)|\{\{.*?\}\}|<[^>]+>|\([^)]*\)")


def config(name: str) -> dict:
    """The config as MkDocs reads it, with what it INHERITs."""
    return flat_config(ROOT / name)


def pages(folder: Path) -> set[str]:
    return {p.name for p in folder.glob("*.md")}


def test_every_page_has_its_chinese_twin_and_every_link_is_checked():
    missing = sorted(pages(ENGLISH) - pages(CHINESE))
    assert not missing, f"docs-zh/ lacks {missing}: translate each (CONTRIBUTING.md: 'Add a page in both languages')"
    assert config("mkdocs.zh.yml")["validation"] == config("mkdocs.yml")["validation"], (
        "every page exists in docs-zh: check its links as mkdocs.yml does (no `validation` of its own)"
    )


def test_no_chinese_page_without_its_english_one():
    extra = sorted(pages(CHINESE) - pages(ENGLISH) - ONLY_CHINESE)
    assert not extra, f"docs-zh/ has {extra}, which docs/ lacks: add the English page or remove it"


@pytest.mark.parametrize("page", sorted(pages(CHINESE) - ONLY_CHINESE))
def test_a_chinese_page_embeds_the_snippets_of_its_english_page_in_order(page):
    def keys(folder):
        return [(e.key, e.section) for e in Page.read(folder / page).embeds]

    assert keys(CHINESE) == keys(ENGLISH), (
        f"docs-zh/{page} embeds other snippets, or in another order, than docs/{page}"
    )


@pytest.mark.parametrize("page", sorted(pages(CHINESE)))
def test_the_prose_of_a_chinese_page_is_chinese(page):
    english = []
    model = Page.read(CHINESE / page)
    for block in model.blocks:
        if page in ONLY_CHINESE and getattr(block, "nested", False):  # the glossary's English column
            continue
        if isinstance(block, (Heading, Paragraph)):
            words = NOT_PROSE.sub("", block.text)
            if re.search(r"[A-Za-z]{3,}.*[A-Za-z]{3,}", words) and not CJK.search(block.text):
                english.append(f"  docs-zh/{page}:{block.line}: {block.text[:80]}")
    assert not english, "untranslated paragraphs:\n" + "\n".join(english)


@pytest.mark.parametrize("page", [p.name for p in sorted(CHINESE.glob("*.md")) if (ENGLISH / p.name).exists()])
def test_every_translated_heading_keeps_the_english_anchor(page):
    """Links between pages name anchors, so each heading of a Chinese page carries, as
    `{ #anchor }`, the anchor of the English heading at its place (explicit, or the one
    MkDocs makes from the English words)."""
    def anchors(folder, made_from_words):
        return [(h.level, h.anchor or (slugify(h.text.replace("`", ""), "-") if made_from_words else None))
                for h in Page.read(folder / page).headings if h.level >= 2]

    assert anchors(CHINESE, False) == anchors(ENGLISH, True)


@pytest.mark.parametrize("folder", [ENGLISH, CHINESE], ids=["en", "zh"])
def test_the_home_page_names_the_recorded_releases_through_the_macro(folder):
    text = (folder / "index.md").read_text(encoding="utf-8")
    assert "{{ torch_versions() }}" in text
    assert not re.search(r"\b2\.1[0-9]\.\d\b", text), f"{folder.name}/index.md types a release number"


def test_a_chinese_page_is_not_an_embed_page_alone():
    """The prose check reads paragraphs: a page of embeds only would pass it unread."""
    blocks = Page.read(CHINESE / "leaf-tensors.md").blocks
    assert sum(isinstance(b, Paragraph) for b in blocks) > sum(isinstance(b, Embed) for b in blocks)
