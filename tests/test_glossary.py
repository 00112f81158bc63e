"""One term per concept in every edition but the root (English): the edition's glossary
(data/translations/glossary/<language>.toml; an edition without one fails here, naming the
file) is the table its glossary.md shows, and no page of its docs folder, no title of its
nav and no value of its data/translations/<language>.toml (the generated texts of [ui], the
fix and cause sentences of [text]) uses a variant a term lists instead of the term, where
the term's scope refuses it. Code, macro calls (quotes of recorded output), quoted English
text and link targets are not prose and are not read; nor is a parenthesis that names an
alias for search with one of the glossary's alias_words (原地操作（……也常写作就地操作）),
which a page does once per variant, at the first mention. Nor does a comment of the code in
the edition's data/translations/comments/<language>.toml, in either scope. The reader's own
tests run on the Chinese glossary."""

from __future__ import annotations

import re
import tomllib

import pytest
from test_nav import nav, outline
from test_twins import BY_LANGUAGE, ROOT, TRANSLATED, docs, edition_pages

from fieldguide import glossary, translations

CHINESE = glossary.load(ROOT, "zh")  # the reader's own tests: examples from the Chinese edition

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
FENCE = re.compile(r"^\s*(```|~~~)")


def alias_pattern(terms: glossary.Glossary) -> re.Pattern:
    """An alias named once for readers who search for it: 原地操作（也常写作……就地操作）."""
    words = "|".join(map(re.escape, terms.alias_words))
    return re.compile(rf"[（(][^（）()]*(?:{words})[^（）()]*[）)]")


def prose(text: str, terms: glossary.Glossary = CHINESE, aliases: bool = False) -> str:
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
    return kept if aliases else alias_pattern(terms).sub(" ", kept)


def found_in(text: str, where: str = "pages",
             terms: glossary.Glossary = CHINESE) -> list[tuple[int, str, glossary.Term]]:
    """(line, variant, term) for every variant in the prose of `text` that the term refuses
    in `where` ("pages" or "texts")."""
    found = []
    for number, line in enumerate(prose(text, terms).split("\n"), 1):
        for term in terms.terms:
            if term.refused_in(where):
                found += [(number, variant, term) for variant in term.variants_in(line)]
    return found


def aliases_in(text: str, terms: glossary.Glossary = CHINESE) -> list[tuple[int, str, glossary.Term]]:
    """(line, variant, term) for every variant that an alias parenthesis of `text` names (not
    one inside a sentence it quotes: “……已被就地操作修改” is how others word a message)."""
    found = []
    for number, line in enumerate(prose(text, terms, aliases=True).split("\n"), 1):
        for alias in alias_pattern(terms).findall(line):
            alias = re.sub(r"“[^”]*”", " ", alias)
            found += [(number, variant, term) for term in terms.terms for variant in term.variants_in(alias)]
    return found


def said(where: str, variant: str, term: glossary.Term) -> str:
    return f"  {where}: {variant.strip()!r} is a variant of {term.english!r}; write {term.chinese} ({term.meaning})"


def page_problems(page: str, text: str, terms: glossary.Glossary = CHINESE) -> list[str]:
    """What the page `page` (its path from the project's root), whose text is `text`, does
    against the glossary: each variant used instead of its term, each alias named a second time."""
    problems = [said(f"{page}:{line}", variant, term) for line, variant, term in found_in(text, "pages", terms)]
    first: dict[tuple[str, str], int] = {}
    for line, variant, term in aliases_in(text, terms):
        if (term.english, variant) in first:
            problems.append(f"  {page}:{line}: {variant!r} ({term.english!r}) is named as an alias again; "
                            f"once, at the first mention (line {first[term.english, variant]}), is enough: "
                            f"write {term.chinese}")
        first.setdefault((term.english, variant), line)
    return problems


def translation_problems(text: str, where: str = "data/translations/zh.toml",
                         terms: glossary.Glossary = CHINESE) -> list[str]:
    """Each variant that a value of a translation file (its text `text`) uses instead of its term."""
    return [said(f"{where}:{number} ({key[:50]!r})", variant, term)
            for number, key, value in toml_values(text) for _, variant, term in found_in(value, "texts", terms)]


def toml_values(text: str) -> list[tuple[int, str, str]]:
    """(line, key, value) for every value in a translation file's `text`, each read from its own line."""
    found = []
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


@pytest.mark.parametrize("edition", TRANSLATED, **BY_LANGUAGE)
def test_the_glossary_page_shows_the_table_from_the_data(edition):
    terms = glossary.load(ROOT, edition.language)
    page = f"{edition.docs}/glossary.md"
    text = (ROOT / page).read_text(encoding="utf-8")
    assert "{{ glossary_table() }}" in text, f"{page} must show its table with {{{{ glossary_table() }}}}"
    typed = [line for line in text.split("\n") if line.startswith("|")]
    assert not typed, (f"{page} types table rows; add the terms to "
                       f"{terms.path.relative_to(ROOT)} instead:\n" + "\n".join(typed))
    rows = terms.table().strip().split("\n")
    assert rows[0].startswith("| English |") and len(rows) == 2 + sum(t.shown for t in terms.terms)


def test_the_chinese_table_titles_its_columns():
    assert CHINESE.table().split("\n")[0] == "| English | 中文 | 含义 |"


@pytest.mark.parametrize("edition", TRANSLATED, **BY_LANGUAGE)
def test_each_concept_has_one_term_and_no_term_is_a_variant(edition):
    terms = glossary.load(ROOT, edition.language)
    renderings = [t.chinese for t in terms.terms]
    twice = sorted({c for c in renderings if renderings.count(c) > 1})
    assert not twice, f"two terms in {terms.path.relative_to(ROOT)} use the same rendering: {twice}"
    clashes = [f"{term.english!r} uses {variant!r}, a variant of {other.english!r}"
               for term in terms.terms for other in terms.terms for variant in other.variants_in(term.chinese)]
    assert not clashes, "\n".join(clashes)
    assert sum(len(t.avoid) + len(t.avoid_regex) for t in terms.terms) >= 20, "the avoid-lists lost their variants"


def test_the_prose_reader_skips_code_macros_and_quoted_english():
    assert not found_in("写成 `小批次` 或 ``簿记``，{{ quote(\"a/b\", \"小批次\") }}")
    assert not found_in("```python\n# 簿记\n```\n[链接](x.md#小批次)")
    assert "Expected" not in prose("报错 'Expected to have finished reduction' 出现") and "出现" in prose("出现")
    assert not found_in("**原地操作**（in-place operation，也常写作 inplace 操作、就地操作）")
    assert [(line, variant) for line, variant, _ in found_in("一\n两个小批次\n")] == [(2, "小批次")]
    assert [variant for _, variant, _ in found_in("一个 requires grad 的张量，可重入版本")] == [
        "requires grad 的", "可重入版本"]


def test_a_term_refuses_its_variants_where_its_scope_says():
    detach = next(t for t in CHINESE.terms if t.english == "detach")
    assert detach.refused_in("texts") and not detach.refused_in("pages")
    assert [v for _, v, _ in found_in("对它原地分离", "texts")] == ["分离"] and not found_in("对它原地分离", "pages")
    assert not found_in("detach（分离）", "texts")


def test_a_term_with_an_unknown_scope_is_refused(tmp_path):
    path = glossary.path_of(tmp_path, "xx")
    path.parent.mkdir(parents=True)
    path.write_text('[prose]\nletters = "[a-z]"\nalias_words = ["aka"]\n'
                    '[table]\ncolumns = ["a", "b", "c"]\n[[term]]\nenglish = "x"\nchinese = "x"\nmeaning = "x"\n'
                    'keep_english = true\nscope = "everywhere"\n', encoding="utf-8")
    with pytest.raises(glossary.GlossaryError, match="scope 'everywhere'; write one of all, pages, texts"):
        glossary.load(tmp_path, "xx")


def test_a_page_names_an_alias_once():
    text = "阻断梯度（stop-gradient，又称停止梯度）。\n\n后文（又称停止梯度）再说一次。\n"
    assert not found_in(text)
    problems = page_problems("docs-zh/x.md", text)
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


@pytest.mark.parametrize(("edition", "page"), edition_pages())
def test_a_translated_page_uses_the_glossary_terms(edition, page):
    terms = glossary.load(ROOT, edition.language)
    problems = page_problems(f"{edition.docs}/{page}", (docs(edition) / page).read_text(encoding="utf-8"), terms)
    assert not problems, (f"{edition.docs}/{page} uses variants of glossary terms ({terms.path.relative_to(ROOT)}):\n"
                          + "\n".join(problems))


@pytest.mark.parametrize("edition", TRANSLATED, **BY_LANGUAGE)
def test_the_nav_titles_use_the_glossary_terms(edition):
    terms = glossary.load(ROOT, edition.language)

    def titles(items):
        return [t for title, target in items for t in [title, *(titles(target) if isinstance(target, list) else [])]]

    problems = [said(f"{edition.config} ({title!r})", variant, term)
                for title in titles(outline(nav(edition))) for _, variant, term in found_in(title, "pages", terms)]
    assert len(titles(outline(nav(edition)))) > 20 and not problems, "\n".join(problems)


@pytest.mark.parametrize("edition", TRANSLATED, **BY_LANGUAGE)
def test_the_generated_texts_use_the_glossary_terms(edition):
    terms = glossary.load(ROOT, edition.language)
    path = translations.path_of(ROOT, edition.language)
    text = path.read_text(encoding="utf-8")
    values = toml_values(text)
    data = tomllib.loads(text)
    where = path.relative_to(ROOT)
    assert len(values) == len(data["ui"]) + len(data["text"]), (
        f"{where}: a value this test cannot read from its own line")
    problems = translation_problems(text, str(where), terms)
    assert not problems, f"{where} uses variants of glossary terms:\n" + "\n".join(problems)


@pytest.mark.parametrize("edition", TRANSLATED, **BY_LANGUAGE)
def test_the_comments_of_the_code_use_the_glossary_terms(edition):
    """The edition's comments of the code (data/translations/comments/<language>.toml) are read
    by pages' readers and are generated texts: a variant refused in either is refused there."""
    terms = glossary.load(ROOT, edition.language)
    words = translations.load(ROOT, edition.language)
    where = words.comments_path.relative_to(ROOT)
    problems = [said(f"{where} ({english[:50]!r})", variant, term)
                for english, lines in words.comments.items() for line in lines
                for scope in ("pages", "texts") for _, variant, term in found_in(line, scope, terms)]
    assert words.comments and not problems, f"{where} uses variants of glossary terms:\n" + "\n".join(problems)
