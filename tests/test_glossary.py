"""One term per concept in the Chinese edition: the glossary's data
(data/translations/glossary/zh.toml) is the table docs-zh/glossary.md shows, and no page of
docs-zh/ and no value of data/translations/zh.toml (the generated texts of [ui], the fix and
cause sentences of [text]) uses a variant a term lists instead of the term, where the term's
scope refuses it; nor does a comment of data/translations/comments/zh.toml, in either scope.
Code, macro calls (quotes of recorded output), quoted English text and link targets are not
prose and are not read; nor is a parenthesis that names an alias for search
(原地操作（……也常写作就地操作）), which a page does once per variant, at the first mention."""

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
    r"|\"[ !#-~]*\"|'[ -&(-~]*'|“[ -~]*”",
    re.DOTALL,
)
# an alias named once for readers who search for it: 原地操作（也常写作……就地操作）
ALIAS = re.compile(r"（[^（）]*(?:又称|也称|也叫|也常写作|也常叫|也常说|或称|俗称)[^（）]*）")
FENCE = re.compile(r"^\s*(```|~~~)")


def prose(text: str, aliases: bool = False) -> str:
    """`text` with what is not prose blanked out, line breaks kept (so line numbers hold);
    the alias parentheses too, unless `aliases`."""
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
    kept = NOT_PROSE.sub(lambda m: "\n" * m.group(0).count("\n") + " ", "\n".join(lines))
    return kept if aliases else ALIAS.sub(" ", kept)


def found_in(text: str, where: str = "pages") -> list[tuple[int, str, glossary.Term]]:
    """(line, variant, term) for every variant in the prose of `text` that the term refuses
    in `where` ("pages" or "texts")."""
    found = []
    for number, line in enumerate(prose(text).split("\n"), 1):
        for term in TERMS.terms:
            if term.refused_in(where):
                found += [(number, variant, term) for variant in term.variants_in(line)]
    return found


def aliases_in(text: str) -> list[tuple[int, str, glossary.Term]]:
    """(line, variant, term) for every variant that an alias parenthesis of `text` names (not
    one inside a sentence it quotes: “……已被就地操作修改” is how others word a message)."""
    found = []
    for number, line in enumerate(prose(text, aliases=True).split("\n"), 1):
        for alias in ALIAS.findall(line):
            alias = re.sub(r"“[^”]*”", " ", alias)
            found += [(number, variant, term) for term in TERMS.terms for variant in term.variants_in(alias)]
    return found


def said(where: str, variant: str, term: glossary.Term) -> str:
    return f"  {where}: {variant.strip()!r} is a variant of {term.english!r}; write {term.chinese} ({term.meaning})"


def page_problems(page: str, text: str) -> list[str]:
    """What the page `page` (its name in docs-zh/), whose text is `text`, does against the
    glossary: each variant used instead of its term, each alias named a second time."""
    problems = [said(f"docs-zh/{page}:{line}", variant, term) for line, variant, term in found_in(text)]
    first: dict[tuple[str, str], int] = {}
    for line, variant, term in aliases_in(text):
        if (term.english, variant) in first:
            problems.append(f"  docs-zh/{page}:{line}: {variant!r} ({term.english!r}) is named as an alias again; "
                            f"once, at the first mention (line {first[term.english, variant]}), is enough: "
                            f"write {term.chinese}")
        first.setdefault((term.english, variant), line)
    return problems


def translation_problems(text: str, where: str = "data/translations/zh.toml") -> list[str]:
    """Each variant that a value of zh.toml (its text `text`) uses instead of its term."""
    return [said(f"{where}:{number} ({key[:50]!r})", variant, term)
            for number, key, value in toml_values(text) for _, variant, term in found_in(value, "texts")]


def toml_values(text: str | None = None) -> list[tuple[int, str, str]]:
    """(line, key, value) for every value in zh.toml (or `text`), each read from its own line."""
    found = []
    text = TRANSLATIONS.read_text(encoding="utf-8") if text is None else text
    for number, line in enumerate(text.split("\n"), 1):
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


def test_a_term_refuses_its_variants_where_its_scope_says():
    detach = next(t for t in TERMS.terms if t.english == "detach")
    assert detach.refused_in("texts") and not detach.refused_in("pages")
    assert [v for _, v, _ in found_in("对它原地分离", "texts")] == ["分离"] and not found_in("对它原地分离", "pages")
    assert not found_in("detach（分离）", "texts")


def test_a_term_with_an_unknown_scope_is_refused(tmp_path):
    path = glossary.path_of(tmp_path, "xx")
    path.parent.mkdir(parents=True)
    path.write_text('[table]\ncolumns = ["a", "b", "c"]\n[[term]]\nenglish = "x"\nchinese = "x"\nmeaning = "x"\n'
                    'keep_english = true\nscope = "everywhere"\n', encoding="utf-8")
    with pytest.raises(glossary.GlossaryError, match="scope 'everywhere'; write one of all, pages, texts"):
        glossary.load(tmp_path, "xx")


def test_a_page_names_an_alias_once():
    text = "阻断梯度（stop-gradient，又称停止梯度）。\n\n后文（又称停止梯度）再说一次。\n"
    assert not found_in(text)
    problems = page_problems("x.md", text)
    assert len(problems) == 1 and "docs-zh/x.md:3" in problems[0] and "line 1" in problems[0]


# The review zh-review-3 (T-1 … T-5): one line each as the pages or the texts wrote it.
REVIEWED = [
    ("texts", "本指南在 CPU 上录制。", "record (an output)"),
    ("pages", "`detach()` 首先是一个梯度阻断（stop-gradient）：", "stop-gradient"),
    ("pages", "就是一个常量（这就是常说的“停止梯度”，stop gradient）。", "stop-gradient"),
    ("texts", "在模块上只保存前向结果的分离副本（`self.last = out.detach()`）", "detach"),
    ("texts", "Hessian-向量积", "Hessian-vector product"),
    ("texts", "海森矩阵-向量积", "Hessian-vector product"),
    ("texts", "对用 create_graph=True 构建的损失做二次反向", "double backward"),
]


@pytest.mark.parametrize(("where", "line", "english"), REVIEWED)
def test_the_variants_the_review_found_are_refused(where, line, english):
    assert english in [term.english for _, _, term in found_in(line, where)]


@pytest.mark.parametrize("page", sorted(p.name for p in CHINESE.glob("*.md")))
def test_a_chinese_page_uses_the_glossary_terms(page):
    problems = page_problems(page, (CHINESE / page).read_text(encoding="utf-8"))
    assert not problems, (f"docs-zh/{page} uses variants of glossary terms ({TERMS.path.relative_to(ROOT)}):\n"
                          + "\n".join(problems))


def test_the_generated_texts_use_the_glossary_terms():
    values = toml_values()
    data = tomllib.loads(TRANSLATIONS.read_text(encoding="utf-8"))
    assert len(values) == len(data["ui"]) + len(data["text"]), (
        f"{TRANSLATIONS.relative_to(ROOT)}: a value this test cannot read from its own line")
    where = TRANSLATIONS.relative_to(ROOT)
    problems = translation_problems(TRANSLATIONS.read_text(encoding="utf-8"), str(where))
    assert not problems, f"{where} uses variants of glossary terms:\n" + "\n".join(problems)


def test_the_comments_of_the_code_use_the_glossary_terms():
    """The Chinese comments of the code (data/translations/comments/zh.toml) are read by pages'
    readers and are generated texts: a variant refused in either is refused there."""
    words = translations.load(ROOT, "zh")
    where = words.comments_path.relative_to(ROOT)
    problems = [said(f"{where} ({english[:50]!r})", variant, term)
                for english, lines in words.comments.items() for line in lines
                for scope in ("pages", "texts") for _, variant, term in found_in(line, scope)]
    assert words.comments and not problems, f"{where} uses variants of glossary terms:\n" + "\n".join(problems)
