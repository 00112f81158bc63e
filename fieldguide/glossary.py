"""An edition's terms, one per concept, from data/translations/glossary/<language>.toml,
and how its prose is read. Every edition but the root (English) has one: the checks of its
pages read it (tests/test_twins.py, tests/test_glossary.py).

    [prose]
    letters = '[\u4e00-\u9fff]'            a letter of the language, as a regular expression:
                                           prose with English words and none of these is
                                           untranslated
    alias_words = ["又称", "也叫"]          the words that say a parenthesis names an alias

Each term names the one rendering the edition writes for its concept and the variants it
refuses:

    [[term]]
    english = "stop-gradient"              the English term (the table's first column)
    chinese = "阻断梯度（stop-gradient）"   the one rendering, as the table shows it (an
                                           alias or the English name in parentheses)
    meaning = "..."                        the table's third column
    keep_english = true                    prose keeps (or adds) the English name
    avoid = ["梯度阻断", "停止梯度"]          variants that must not appear
    avoid_regex = ['...']                  the same as Python regular expressions, for
                                           variants that only a context tells apart
    scope = "texts"                        where the variants are refused: "all" (the
                                           default), "pages" (docs-<language>/*.md) or
                                           "texts" (the generated texts and the fix and cause
                                           sentences: data/translations/<language>.toml)
    shown = false                          no row in the table (default true)

A page may still name a variant once, as the alias of its first mention, in a parenthesis
that says so with one of `alias_words` (阻断梯度（stop-gradient，又称停止梯度）): readers
search for it. The glossary
page shows the terms as its table (`{{ glossary_table() }}`, macros.py); tests/test_glossary.py
fails on every variant used instead of its term, naming the file, the line and the term, and
on a variant a page names as an alias more than once.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from fieldguide.translations import TRANSLATIONS_DIR

SCOPES = ("all", "pages", "texts")


class GlossaryError(ValueError):
    """A glossary file that cannot be read; the message names the file and the term."""


@dataclass(frozen=True)
class Term:
    english: str
    chinese: str  # the term to use, as the table shows it
    meaning: str
    keep_english: bool  # Chinese developers keep the English name
    avoid: tuple[str, ...] = ()  # variants that must not appear
    avoid_regex: tuple[re.Pattern, ...] = ()  # variants that only a context tells apart
    shown: bool = True  # has a row in the table
    scope: str = "all"  # where the variants are refused: "all", "pages" or "texts" (SCOPES)

    def refused_in(self, where: str) -> bool:
        """Whether this term's variants are refused in `where`: "pages" or "texts"."""
        return self.scope in ("all", where)

    def variants_in(self, text: str) -> list[str]:
        """Each variant of this term that `text` uses, as it appears there."""
        found = [word for word in self.avoid if word in text]
        found += [match.group(0) for pattern in self.avoid_regex for match in pattern.finditer(text)]
        return found


@dataclass(frozen=True)
class Glossary:
    columns: tuple[str, ...]  # the table's three column titles
    terms: tuple[Term, ...]
    path: Path
    letters: re.Pattern  # a letter of the edition's language
    alias_words: tuple[str, ...]  # the words that say a parenthesis names an alias

    def table(self) -> str:
        """The table the glossary page shows: English, the term, its meaning."""
        lines = ["| " + " | ".join(self.columns) + " |", "| --- | --- | --- |"]
        lines += [f"| {t.english} | {t.chinese} | {t.meaning} |" for t in self.terms if t.shown]
        return "\n".join(lines) + "\n"


def path_of(root: Path, language: str) -> Path:
    return Path(root) / TRANSLATIONS_DIR / "glossary" / f"{language}.toml"


def load(root: Path, language: str) -> Glossary:
    path = path_of(root, language)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise GlossaryError(f"no {path}: the {language!r} edition's glossary needs it") from None
    except tomllib.TOMLDecodeError as error:
        raise GlossaryError(f"{path}: not valid TOML ({error}); fix the file") from None
    columns = tuple(data.get("table", {}).get("columns", ()))
    if len(columns) != 3:
        raise GlossaryError(f"{path}: [table] columns must name the table's three columns")
    prose = data.get("prose", {})
    if not prose.get("letters") or not prose.get("alias_words"):
        raise GlossaryError(f"{path}: [prose] needs letters (a letter of the language, as a regular expression) "
                            "and alias_words (the words that say a parenthesis names an alias)")
    try:
        letters = re.compile(prose["letters"])
    except re.error as error:
        raise GlossaryError(f"{path}: [prose] letters is not a regular expression: {error}") from None
    terms = []
    for number, entry in enumerate(data.get("term", []), 1):
        missing = [key for key in ("english", "chinese", "meaning", "keep_english") if key not in entry]
        if missing:
            raise GlossaryError(f"{path}: term {number} ({entry.get('english', '?')!r}) lacks {missing}")
        if any("|" in entry[key] for key in ("english", "chinese", "meaning")):
            raise GlossaryError(f"{path}: term {entry['english']!r} has a '|', which would split its table row")
        try:
            patterns = tuple(re.compile(p) for p in entry.get("avoid_regex", []))
        except re.error as error:
            raise GlossaryError(f"{path}: term {entry['english']!r} has an avoid_regex "
                                f"that is not a regular expression: {error}") from None
        scope = entry.get("scope", "all")
        if scope not in SCOPES:
            raise GlossaryError(f"{path}: term {entry['english']!r} has scope {scope!r}; "
                                f"write one of {', '.join(SCOPES)}")
        terms.append(Term(entry["english"], entry["chinese"], entry["meaning"], bool(entry["keep_english"]),
                          tuple(entry.get("avoid", [])), patterns, bool(entry.get("shown", True)), scope))
    return Glossary(columns, tuple(terms), path, letters, tuple(prose["alias_words"]))
