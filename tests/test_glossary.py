"""One term per concept in the Chinese edition: the glossary's data
(data/translations/glossary/zh.toml) is the table docs-zh/glossary.md shows, and no page of
docs-zh/ and no value of data/translations/zh.toml uses a variant a term lists instead of
the term. Code, macro calls (quotes of recorded output), quoted English text and link
targets are not prose and are not read; nor is a parenthesis that names an alias for
search (原地操作（……也常写作就地操作）)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from fieldguide import editions, glossary, translations

ROOT = Path(__file__).resolve().parents[1]
CHINESE = ROOT / next(e.docs for e in editions.load(ROOT) if e.language == "zh")
TRANSLATIONS = translations.path_of(ROOT, "zh")
TERMS = glossary.load(ROOT, "zh")

# What is not prose: code spans (a run of backticks closed by an equal run), macro calls
# and template tags, HTML comments, link targets, anchors and attribute lists, and text in
# quotes that has no Chinese in it (a quoted English message or argument).
NOT_PROSE = re.compile(
    r"(`+).+?(?<!`)\1(?!`)"
    r"|\{\{.*?\}\}|\{%.*?%\}|<!--.*?-->"
    r"|\]\([^)\s]*\)|\{[:.#][^}]*\}|\{ *[#.][^}]*\}"
    r"|\"[ !#-~]*\"|'[ -&(-~]*'|“[ -~]*”"
    # an alias named once for readers who search for it: 原地操作（也常写作……就地操作）
    r"|（[^（）]*(?:又称|也称|也叫|也常写作|也常叫|也常说|或称|俗称)[^（）]*）",
    re.DOTALL,
)
FENCE = re.compile(r"^\s*(```|~~~)")


def prose(text: str) -> str:
    """`text` with what is not prose blanked out, line breaks kept (so line numbers hold)."""
    lines, inside = [], None
    for line in text.split("\n"):
        fence = FENCE.match(line)
        if inside:
            if fence and fence.group(1) == inside:
                inside = None
            lines.append("")
        elif fence:
            inside = fence.group(1)
            lines.append("")
        else:
            lines.append(line)
    return NOT_PROSE.sub(lambda m: "\n" * m.group(0).count("\n") + " ", "\n".join(lines))


def found_in(text: str) -> list[tuple[int, str, glossary.Term]]:
    """(line, variant, term) for every variant in the prose of `text`."""
    found = []
    for number, line in enumerate(prose(text).split("\n"), 1):
        for term in TERMS.terms:
            found += [(number, variant, term) for variant in term.variants_in(line)]
    return found


def said(where: str, variant: str, term: glossary.Term) -> str:
    return f"  {where}: {variant!r} is a variant of {term.english!r}; write {term.chinese}"


def toml_values() -> list[tuple[int, str, str]]:
    """(line, key, value) for every value in zh.toml, each read from its own line."""
    found = []
    for number, line in enumerate(TRANSLATIONS.read_text(encoding="utf-8").split("\n"), 1):
        if " = " not in line or line.lstrip().startswith("#"):
            continue
        try:
            ((key, value),) = tomllib.loads(line).items()
        except (tomllib.TOMLDecodeError, ValueError):
            continue
        if isinstance(value, str):
            found.append((number, key, value))
    return found


def test_the_glossary_page_shows_the_table_from_the_data():
    text = (CHINESE / "glossary.md").read_text(encoding="utf-8")
    assert "{{ glossary_table() }}" in text, "docs-zh/glossary.md must show its table with {{ glossary_table() }}"
    typed = [line for line in text.split("\n") if line.startswith("|")]
    assert not typed, ("docs-zh/glossary.md types table rows; add the terms to "
                       f"{TERMS.path.relative_to(ROOT)} instead:\n" + "\n".join(typed))
    rows = TERMS.table().strip().split("\n")
    assert rows[0] == "| English | 中文 | 含义 |" and len(rows) == 2 + sum(t.shown for t in TERMS.terms)


def test_each_concept_has_one_term_and_no_term_is_a_variant():
    chinese = [t.chinese for t in TERMS.terms]
    twice = sorted({c for c in chinese if chinese.count(c) > 1})
    assert not twice, f"two terms in {TERMS.path.relative_to(ROOT)} use the same Chinese: {twice}"
    clashes = [f"{term.english!r} uses {variant!r}, a variant of {other.english!r}"
               for term in TERMS.terms for other in TERMS.terms for variant in other.variants_in(term.chinese)]
    assert not clashes, "\n".join(clashes)
    assert sum(len(t.avoid) + len(t.avoid_regex) for t in TERMS.terms) >= 20, "the avoid-lists lost their variants"


def test_the_prose_reader_skips_code_macros_and_quoted_english():
    assert not found_in("写成 `小批次` 或 ``簿记``，{{ quote(\"a/b\", \"小批次\") }}")
    assert not found_in("```python\n# 簿记\n```\n[链接](x.md#小批次)")
    assert "Expected" not in prose("报错 'Expected to have finished reduction' 出现") and "出现" in prose("出现")
    assert not found_in("**原地操作**（in-place operation，也常写作 inplace 操作、就地操作）")
    assert [(line, variant) for line, variant, _ in found_in("一\n两个小批次\n")] == [(2, "小批次")]
    assert [variant for _, variant, _ in found_in("一个 requires grad 的张量，可重入版本")] == [
        "requires grad 的", "可重入版本"]


@pytest.mark.parametrize("page", sorted(p.name for p in CHINESE.glob("*.md")))
def test_a_chinese_page_uses_the_glossary_terms(page):
    found = found_in((CHINESE / page).read_text(encoding="utf-8"))
    assert not found, f"docs-zh/{page} uses variants of glossary terms ({TERMS.path.relative_to(ROOT)}):\n" + \
        "\n".join(said(f"docs-zh/{page}:{line}", variant, term) for line, variant, term in found)


def test_the_generated_texts_use_the_glossary_terms():
    values = toml_values()
    data = tomllib.loads(TRANSLATIONS.read_text(encoding="utf-8"))
    assert len(values) == len(data["ui"]) + len(data["text"]), (
        f"{TRANSLATIONS.relative_to(ROOT)}: a value this test cannot read from its own line")
    where = TRANSLATIONS.relative_to(ROOT)
    found = [said(f"{where}:{number} ({key[:50]!r})", variant, term)
             for number, key, value in values for _, variant, term in found_in(value)]
    assert not found, f"{where} uses variants of glossary terms:\n" + "\n".join(found)
