"""The Chinese edition's generated words are complete: data/translations/zh.toml has a
Chinese text for every `# cause:` line and every mechanism's text, why, fix and tell, its [ui]
has every id fieldguide/translations.py defines, and it keeps nothing that no longer
translates anything."""

from __future__ import annotations

import json
import os
import string
from pathlib import Path

import pytest

from fieldguide import causes, editions, translations
from fieldguide.snippet import discover

ROOT = Path(__file__).resolve().parents[1]


def data_texts(root: Path) -> dict[str, str]:
    """Every English text of the data that an edition translates -> where it comes from:
    the `# cause:` lines of the snippets, the mechanisms' text, why, fix and tell, and the why
    of a message no snippet prints ([unrecorded]). Not `clues`: maintainers' notes, which no page
    or answer shows."""
    found: dict[str, str] = {}
    for snippet in discover(root):
        if snippet.cause:
            found.setdefault(snippet.cause, f"{snippet.relpath} (# cause:)")
    for entry in causes.load(root).values():
        if entry.unrecorded:
            found.setdefault(entry.unrecorded.why, f"{entry.path.as_posix()} [unrecorded] why")
        for mechanism in entry.mechanisms:
            for name in ("text", "why", "fix", "tell"):
                if value := getattr(mechanism, name):
                    found.setdefault(value, f"{entry.path.as_posix()} [mechanisms.{mechanism.id}] {name}")
    return found


LANGUAGES = sorted(p.stem for p in (ROOT / translations.TRANSLATIONS_DIR).glob("*.toml"))


def test_there_is_a_translation_file_per_edition():
    languages = sorted(e.language for e in editions.load(ROOT) if not e.root)
    assert languages == LANGUAGES and "zh" in LANGUAGES
    assert sorted(p.name for p in ROOT.glob("docs-*") if p.is_dir()) == [f"docs-{lang}" for lang in LANGUAGES]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_of_the_data_is_translated(language):
    words = translations.load(ROOT, language)
    missing = [f"  {where}: {english!r}" for english, where in data_texts(ROOT).items()
               if english not in words.texts]
    assert not missing, (f"{len(missing)} texts have no translation; add each under [text] of "
                         f"{words.path.relative_to(ROOT)}:\n" + "\n".join(missing))


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translation_is_stale(language):
    words = translations.load(ROOT, language)
    current = data_texts(ROOT)
    stale = [f"  {english!r}" for english in words.texts if english not in current]
    assert not stale, (f"{words.path.relative_to(ROOT)} translates texts that no snippet or "
                       "data/reports file has any more (reworded or removed); update or remove:\n" + "\n".join(stale))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_interface_words_have_the_same_blanks(language):
    """A translation fills in what the English fills in ({count}, {releases}, ...), so no
    detail is lost and none is asked for that the site does not give. The English ordinal
    ({nth}) and plural words may be left out: not every language has them."""
    words = translations.load(ROOT, language)
    optional = {"nth", "dimensions", "elements"}
    differ = []
    for key, english in translations.UI.items():
        want, have = _blanks(english), _blanks(words.ui[key])
        if have - want - {"n"} or want - have - optional:
            differ.append(f"  [ui] {key}: {sorted(have)} where the English has {sorted(want)}")
    unknown = sorted(set(words.ui) - set(translations.UI))
    assert not differ and not unknown, f"{words.path.relative_to(ROOT)}:\n" + "\n".join(differ) + (
        f"\n  ids no longer used: {unknown}" if unknown else "")


def _blanks(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_a_missing_text_stops_the_build_naming_the_file():
    words = translations.load(ROOT, "zh")
    with pytest.raises(translations.TranslationError, match=r"zh\.toml has no translation of 'no such cause'"):
        words.text("no such cause")
    assert translations.Words().text("no such cause") == "no such cause"


def test_an_edition_language_comes_from_its_folder():
    assert editions.language_of(ROOT / "docs") == "en"
    assert editions.language_of(ROOT / "docs-zh") == "zh"


def test_a_translation_file_lacking_an_interface_word_is_refused(tmp_path):
    """A missing [ui] id would otherwise show English inside a Chinese page."""
    path = translations.path_of(tmp_path, "xx")
    path.parent.mkdir(parents=True)
    ui = {key: value for key, value in translations.UI.items() if key != "seen_one"}
    path.write_text("[ui]\n" + "".join(f"{key} = {json.dumps(value)}\n" for key, value in ui.items()))
    with pytest.raises(translations.TranslationError, match=r"\[ui\] lacks \['seen_one'\]"):
        translations.load(tmp_path, "xx")
    path.write_text("[ui\n")
    with pytest.raises(translations.TranslationError, match="not valid TOML"):
        translations.load(tmp_path, "xx")
    missing = r"no .*yy.toml for the edition in 'yy': create it with \[ui\] and \[text\] tables \(see fieldguide/"
    with pytest.raises(translations.TranslationError, match=missing):
        translations.load(tmp_path, "yy")


def test_a_report_count_is_worded_for_none_one_and_many():
    words = translations.ENGLISH_WORDS
    assert [words.seen(n) for n in (0, 1, 3)] == ["no public report read", "1 public report", "3 public reports"]


def test_an_edited_translation_file_is_read_again(tmp_path):
    """`make serve` keeps running while a translator edits the file."""
    path = translations.path_of(tmp_path, "xx")
    path.parent.mkdir(parents=True)
    path.write_text("[ui]\n" + "".join(f"{key} = {json.dumps(value)}\n" for key, value in translations.UI.items()))
    assert translations.load(tmp_path, "xx").say("seen_one") == "1 public report"
    path.write_text(path.read_text().replace('"1 public report"', '"one report"'))
    os.utime(path, ns=(1, 1))  # a new time stamp, however fast the file system's clock
    assert translations.load(tmp_path, "xx").say("seen_one") == "one report"
