"""An edition's terms, one per concept, from data/translations/glossary/<language>.toml.

The glossary page shows them as its table (`{{ glossary_table() }}`, macros.py), and
tests/test_glossary.py fails on every variant a term lists (`avoid`, `avoid_regex`) that
the edition's pages or generated texts use instead of the term.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from fieldguide.translations import TRANSLATIONS_DIR


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
        terms.append(Term(entry["english"], entry["chinese"], entry["meaning"], bool(entry["keep_english"]),
                          tuple(entry.get("avoid", [])), patterns, bool(entry.get("shown", True))))
    return Glossary(columns, tuple(terms), path)
