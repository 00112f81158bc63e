"""The comments of the code an edition other than the English one shows, in its language
(fieldguide/comment_translation.py; data/translations/comments/<language>.toml):

- the code is the file's: every line, cut at its comment's `#`, is the English line so cut,
  and Python reads the same tokens from it (the comments aside), for every snippet;
- every comment a page, a fix's diff, the paste box or a notebook shows has its translation,
  and no translation is left whose English comment no snippet has any more;
- a page's code block in another edition is, line for line, what pymdownx.snippets includes
  for the English one, and the fix diffs, the paste box's lines and the notebooks' cells take
  their lines from the same translation;
- the Chinese build keeps no English comment that has a translation: not in a page's code
  block, not in a fix's diff on a page or an Error-index entry's page, not in the paste box's
  lines, not in a notebook's cells; and its code blocks are the English build's, comments aside.
"""

from __future__ import annotations

import io
import json
import re
import tokenize
from pathlib import Path

import markdown
import nbformat
import pytest
from bs4 import BeautifulSoup

from fieldguide import editions, fix_diff, notebook, translations
from fieldguide.comment_translation import block, code, comments, lines, without_comments
from fieldguide.errors import data_files
from fieldguide.errors import page as index_page
from fieldguide.page import Page
from fieldguide.render import snippet_markdown
from fieldguide.snippet import Snippet, discover
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = [edition for edition in editions.load(ROOT) if not edition.root]
LANGUAGES = [edition.language for edition in EDITIONS]
SNIPPETS = discover(ROOT)


def shown(snippet: Snippet) -> str:
    """The snippet's code as pages show it: every line after the directives."""
    return "\n".join(lines(snippet, translations.ENGLISH_WORDS)[snippet.code_start - 1 :])


def shown_comments(root: Path = ROOT) -> dict[str, str]:
    """Every English comment the pages show -> the first snippet that has it."""
    found: dict[str, str] = {}
    for snippet in discover(root):
        for comment in comments(shown(snippet)):
            found.setdefault(comment.english, f"{snippet.relpath}:{snippet.code_start - 1 + comment.row}")
    return found


def code_tokens(text: str) -> list[tuple]:
    """What Python reads from `text` but its comments: each token with its place (a line's end
    by its line only: it comes after the comment)."""
    return [(token.type, token.start[0]) if token.type in (tokenize.NL, tokenize.NEWLINE)
            else (token.type, token.string, token.start, token.end)
            for token in tokenize.generate_tokens(io.StringIO(text).readline) if token.type != tokenize.COMMENT]


def write(root: Path, key: str, text: str) -> Snippet:
    path = root / "snippets" / f"{key}.py"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return Snippet.load(root, *key.split("/"))


def words_with(comments_: dict[str, tuple[str, ...]], language: str = "xx") -> translations.Words:
    return translations.Words(language, dict(translations.UI), {}, Path("texts.toml"), comments_, Path("comments.toml"))


# --- the data: complete, current, and the code kept ---------------------------------------

def test_every_edition_in_another_language_has_its_comments():
    assert LANGUAGES == ["zh"]
    for language in LANGUAGES:
        assert translations.comments_path_of(ROOT, language).is_file()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_comment_shown_has_a_translation(language):
    words = translations.load(ROOT, language)
    missing = [f"  {where}: {english!r}" for english, where in shown_comments().items()
               if english not in words.comments]
    assert not missing, (f"{len(missing)} comments have no translation; add each to "
                         f"{words.comments_path.relative_to(ROOT)}:\n" + "\n".join(missing))


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_comment_translation_is_stale(language):
    words = translations.load(ROOT, language)
    current = shown_comments()
    stale = [f"  {english!r}" for english in words.comments if english not in current]
    assert not stale, (f"{words.comments_path.relative_to(ROOT)} translates comments that no snippet has any more "
                       "(reworded or removed); update or remove:\n" + "\n".join(stale))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_translated_code_is_the_file_s_up_to_each_comment(language):
    """Only the text after each `#` differs: the lines cut there are the file's, Python reads
    the same tokens, and each comment is translated, none left out and none added."""
    words = translations.load(ROOT, language)
    differ = []
    for snippet in SNIPPETS:
        english, translated = "\n".join(lines(snippet, translations.ENGLISH_WORDS)), "\n".join(lines(snippet, words))
        kept = (english.count("\n") == translated.count("\n")
                and without_comments(english) == without_comments(translated)
                and code_tokens(english) == code_tokens(translated)
                and [(c.row, c.column, len(c.lines)) for c in comments(english)]
                == [(c.row, c.column, len(c.lines)) for c in comments(translated)])
        if not kept:
            differ.append(f"  {snippet.relpath}")
    assert not differ, "the translated code differs from the file other than in its comments:\n" + "\n".join(differ)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_comment_is_translated_where_its_translation_differs(language):
    words = translations.load(ROOT, language)
    left = []
    for snippet in SNIPPETS:
        for comment in comments("\n".join(lines(snippet, words)[snippet.code_start - 1 :])):
            if comment.english in words.comments and words.comments[comment.english] != comment.lines:
                left.append(f"  {snippet.relpath}: {comment.english!r}")
    assert not left, "English comments left in the translated code:\n" + "\n".join(left)


# --- how comments are read and replaced ---------------------------------------------------

def test_comments_are_what_python_reads_as_comments_and_runs_are_one():
    text = ('x = "# not a comment"  # a trailing one\n'
            "# a run of two\n"
            "# lines at one column\n"
            "    # another column: another comment\n"
            "# --8<-- [start:part]\n"
            "# after the marker\n"
            "y = 1  # trailing\n"
            "# not joined to a trailing comment\n"
            "#\n")
    found = [(c.row, c.column, c.lines, c.alone) for c in comments(text)]
    assert found == [
        (1, 23, ("a trailing one",), False),
        (2, 0, ("a run of two", "lines at one column"), True),
        (4, 4, ("another column: another comment",), True),
        (6, 0, ("after the marker",), True),
        (7, 7, ("trailing",), False),
        (8, 0, ("not joined to a trailing comment", ""), True),
    ]


def test_code_replaces_the_text_after_each_hash_and_nothing_else():
    text = 'x = f("#")  # one\n# two\n# three\nif x:\n    y = 2  # four\n'
    words = words_with({"one": ("一",), "two\nthree": ("二", "三"), "four": ("",)})
    assert code(text, words, "t.py") == 'x = f("#")  # 一\n# 二\n# 三\nif x:\n    y = 2  #\n'
    assert code(text, translations.ENGLISH_WORDS, "t.py") == text
    assert without_comments(text) == 'x = f("#")  \n\n\nif x:\n    y = 2  \n'


def test_a_missing_comment_stops_the_build_naming_the_file_and_the_snippet():
    with pytest.raises(translations.TranslationError, match=r"comments\.toml has no translation of the comment "
                                                            r"'two\\nthree' in t\.py"):
        code("# two\n# three\nx = 1\n", words_with({}), "t.py")


def test_a_translation_with_another_number_of_lines_is_refused(tmp_path):
    texts = translations.path_of(tmp_path, "xx")
    texts.parent.mkdir(parents=True)
    texts.write_text("[ui]\n" + "".join(f"{key} = {json.dumps(value)}\n" for key, value in translations.UI.items()))
    path = translations.comments_path_of(tmp_path, "xx")
    path.parent.mkdir(parents=True)
    path.write_text('"one" = "一"\n"two\\nlines" = ["两行"]\n', encoding="utf-8")
    with pytest.raises(translations.TranslationError, match=r"\['two\\nlines'\] do not have as many lines"):
        translations.load(tmp_path, "xx")
    path.write_text('"one" = "一"\n"two\\nlines" = ["两", "行"]\n', encoding="utf-8")
    assert translations.load(tmp_path, "xx").comments == {"one": ("一",), "two\nlines": ("两", "行")}


def test_a_section_is_the_lines_between_its_markers(tmp_path):
    snippet = write(tmp_path, "t/a", "# graph: y\nx = 1  # one\n# --8<-- [start:part]\ny = x  # two\n"
                                     "# --8<-- [start:inner]\nz = y\n# --8<-- [end:inner]\n# --8<-- [end:part]\n"
                                     "w = 0\n")
    words = words_with({"one": ("一",), "two": ("二",)})
    assert block(snippet, "part", words) == "y = x  # 二\nz = y"
    assert block(snippet, None, words) == "x = 1  # 一\ny = x  # 二\nz = y\nw = 0\n"  # the file's last line break
    assert lines(snippet, words)[:2] == ["# graph: y", "x = 1  # 一"]


# --- where the edition shows code ---------------------------------------------------------

def embeds() -> list[tuple[str, str | None]]:
    """(snippet key, section) of every embed of every English page, once each."""
    found = {(embed.key, embed.section) for page in sorted((ROOT / "docs").glob("*.md"))
             for embed in Page.read(page).embeds}
    return sorted(found, key=lambda e: (e[0], e[1] or ""))


def identity() -> translations.Words:
    """An edition whose comments are the English ones: its pages take the path of another
    language's and must show exactly the English code."""
    return words_with({c.english: c.lines for s in SNIPPETS for c in comments(shown(s))})


def test_another_edition_s_code_block_is_what_pymdownx_snippets_includes_for_english():
    """Every embed: the fence another edition writes, its comments kept English, equals the
    English page's fence once pymdownx.snippets (as mkdocs.yml configures it) has included the
    file in it."""
    store, graphs = OutputStore(ROOT), OutputStore.graphs(ROOT)
    preprocessor = markdown.Markdown(extensions=["pymdownx.snippets"], extension_configs={
        "pymdownx.snippets": {"base_path": [str(ROOT)], "check_paths": True}}).preprocessors["snippet"]
    fence = re.compile(r"^(`{3,})python .*?^\1$", re.MULTILINE | re.DOTALL)
    other, differ = identity(), []
    for key, section in embeds():
        snippet = Snippet.load(ROOT, *key.split("/"))
        english = fence.search(snippet_markdown(snippet, store, graphs, [], section))[0]
        shown_there = fence.search(snippet_markdown(snippet, store, graphs, [], section, words=other))[0]
        if "\n".join(preprocessor.run(english.split("\n"))) != shown_there:
            differ.append(f"  {key} {section or ''}")
    assert len(embeds()) > 500 and not differ, "code blocks that differ from the English include:\n" + "\n".join(differ)


def test_a_fix_diff_has_the_english_rows_with_the_edition_s_lines(tmp_path):
    raising = write(tmp_path, "t/fails", "# fixed-by: t/works\nx = 1  # one\ny = x\nx.add_(1)  # two\nprint(y)\n")
    fix = write(tmp_path, "t/works", "x = 1  # one\ny = x\nx = x + 1  # three\nprint(y)\n")
    words = words_with({"one": ("一",), "two": ("二",), "three": ("三",)})
    english, translated = fix_diff.hunks(raising, fix), fix_diff.hunks(raising, fix, words=words)
    assert [[row[0::2] for row in hunk] for hunk in english] == [[row[0::2] for row in hunk] for hunk in translated]
    assert [row[1] for hunk in translated for row in hunk] == ["x = 1  # 一", "y = x", "x.add_(1)  # 二",
                                                              "x = x + 1  # 三", "print(y)"]


def test_the_paste_box_gets_the_edition_s_lines_by_snippet_and_number(tmp_path):
    raising = write(tmp_path, "t/fails", "# fixed-by: t/works\nx = 1  # one\ny = x\nx.add_(1)  # two\nprint(y)\n")
    fix = write(tmp_path, "t/works", "x = 1  # one\ny = x\nx = x + 1  # three\nprint(y)\n")
    words = words_with({"one": ("一",), "two": ("二",), "three": ("三",)})
    pair = {"snippet": "t/fails", "fix": "t/works", "diff": fix_diff.hunks(raising, fix)}
    data = {"entries": [{"causes": [{"text": "", "fix": "", "tell": "", "notShown": None, "pairs": [pair]}]}]}
    snippets = {"t/fails": raising, "t/works": fix}
    said = index_page.paste_words(data, words, snippets)
    assert said["lines"] == {"t/fails": {"2": "x = 1  # 一", "4": "x.add_(1)  # 二"},
                             "t/works": {"3": "x = x + 1  # 三"}}
    assert index_page.paste_words(data, translations.ENGLISH_WORDS, snippets)["lines"] == {}


def test_a_notebook_shows_the_edition_s_comments_over_the_english_run():
    cells = [("markdown", "# 标题"), ("code", "x = 1  # one\nprint(x)")]
    run = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "x = 1  # one\nprint(x)", execution_count=1,
        outputs=[nbformat.v4.new_output("stream", name="stdout", text="1\n")])])
    made = nbformat.reads(notebook.page_notebook(cells, nbformat.writes(run), words_with({"one": ("一",)}), "p.md"),
                          as_version=4)
    cell = made.cells[1]
    assert cell.source == "x = 1  # 一\nprint(x)" and cell.outputs[0].text == "1\n"


# --- what the Chinese build shows ---------------------------------------------------------

def english_lines(language: str) -> set[str]:
    """Each line of an English comment whose translation differs, as a file has it after the
    `#`: what may not end a line the edition shows."""
    words = translations.load(ROOT, language)
    return {f"# {line}" if line else "#"
            for english, said in words.comments.items()
            for line, own in zip(english.split("\n"), said, strict=True) if own != line}


def code_blocks(soup: BeautifulSoup) -> list[str]:
    """The text of each snippet's code block on a built page (numbered lines: Pygments' table)."""
    return [table.select_one("td.code").get_text() for table in soup.select("table.highlighttable")
            if table.select_one("span.filename").get_text().startswith("snippets/")]


def left_english(text_lines: list[str], english: set[str]) -> list[str]:
    return [line for line in text_lines
            if any(line[i:] in english for i in (i for i, c in enumerate(line) if c == "#"))]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_built_edition_keeps_no_english_comment_and_its_code_is_the_english_build_s(language, mkdocs_sites):
    site, english_site = mkdocs_sites(language), mkdocs_sites("en")
    english = english_lines(language)
    left, differ, counted = [], [], {"code blocks": 0, "diff rows": 0}
    for page in sorted(site.rglob("index.html")):
        if "notebooks" in page.relative_to(site).parts:
            continue  # the notebooks' pages: their cells are checked from the notebooks below
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        blocks = code_blocks(soup)
        rows = [cell.get_text() for cell in soup.select("td.fg-fixdiff__text")]
        counted["code blocks"] += len(blocks)
        counted["diff rows"] += len(rows)
        where = page.relative_to(site).as_posix()
        left += [f"  {where}: {line}" for line in left_english("\n".join(blocks + rows).split("\n"), english)]
        twin = english_site / page.relative_to(site)
        if blocks and twin.is_file():
            theirs = code_blocks(BeautifulSoup(twin.read_text(encoding="utf-8"), "html.parser"))
            if [without_comments(b) for b in blocks] != [without_comments(b) for b in theirs]:
                differ.append(f"  {where}")
    docs = ROOT / next(e.docs for e in EDITIONS if e.language == language)
    for path in sorted((docs / notebook.FOLDER).glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code":
                left += [f"  {path.name}: {line}" for line in left_english(cell.source.split("\n"), english)]
    box = json.loads((site / data_files.PASTE_WORDS).read_text(encoding="utf-8"))
    box_lines = [text for numbered in box["lines"].values() for text in numbered.values()]
    left += [f"  {data_files.PASTE_WORDS}: {line}" for line in left_english(box_lines, english)]
    assert counted["code blocks"] > 500 and counted["diff rows"] > 1000 and box_lines, counted
    assert not left, "English comments the edition shows although they have a translation:\n" + "\n".join(left)
    assert not differ, "pages whose code blocks differ from the English build's, comments aside:\n" + "\n".join(differ)
