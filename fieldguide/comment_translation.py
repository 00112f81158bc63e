"""The comments of the code an edition shows, in the edition's language.

Every edition shows the same snippets, and their files keep English comments; an edition in
another language shows the same code with its comments in its own, from
data/translations/comments/<language>.toml (read with the edition's words: translations.py).
There, each English comment maps to the edition's. A comment is the text after `# `, found by
Python's tokenizer (a `#` inside a string is code); a run of comments each alone on its line,
one below the other at the same column, is one comment, its lines joined by a line break, and
its translation has as many lines:

    "must come before backward" = "必须在 backward 之前调用"
    "first line of a comment\nits second line" = ["……", "……"]

Only the text after each `#` changes: every character before it, so the code, its columns and
its line numbers (which tracebacks and the pages' numbering quote), stays as the file has it.
The directives above the code and the section markers (`# --8<-- [start:part]`) are the
builders', which no page shows, and stay as they are.

    code(text, words, where)      code a page shows (a snippet from its first line of code on)
    lines(snippet, words)         every line of a snippet's file, numbered as in the file
    block(snippet, section, words)
                                  what a page's code block shows: the lines pymdownx.snippets
                                  includes for the English edition
    comments(text)                every comment of some code, runs joined
    without_comments(text)        the code with every comment cut off (what translation keeps)

The pages' code blocks (render.py), what a fix changes (fix_diff.py: under a snippet, on an
entry's page, and the paste box's lines, errors/page.py's paste_words) and the notebooks' code
cells (notebook.py) go through them. A comment with no translation stops the build naming the
file to edit; tests/test_comment_translation.py lists every one missing and every translation
that no longer has its English comment.
"""

from __future__ import annotations

import functools
import io
import tokenize
from dataclasses import dataclass, replace

from fieldguide.snippet import SECTION_MARKER, Snippet
from fieldguide.translations import ENGLISH, TranslationError, Words


@dataclass(frozen=True)
class Comment:
    row: int  # the line of its first `#`, from 1
    column: int  # where its `#` stands
    lines: tuple[str, ...]  # the text after `# ` on each of its lines
    alone: bool  # nothing but blanks before it on its line

    @property
    def english(self) -> str:
        """The key of its translation: its lines joined by line breaks."""
        return "\n".join(self.lines)


# Tokenizing is most of the work, and a build asks for each snippet's comments several times:
# for its page, for the diffs it is in (under a snippet, on entry pages, in the paste box's
# lines) and for its notebook cell.
@functools.lru_cache(maxsize=4096)
def comments(text: str) -> tuple[Comment, ...]:
    """Every comment of `text` (Python source) but its section markers, in order; a run of
    full-line comments at one column is one comment."""
    found: list[Comment] = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type != tokenize.COMMENT or SECTION_MARKER.match(token.string):
            continue
        (row, column), said = token.start, token.string[1:].removeprefix(" ")
        alone = not token.line[:column].strip()
        last = found[-1] if found else None
        if last and alone and last.alone and last.column == column and last.row + len(last.lines) == row:
            found[-1] = replace(last, lines=(*last.lines, said))
        else:
            found.append(Comment(row, column, (said,), alone))
    return tuple(found)


def code(text: str, words: Words, where: str) -> str:
    """`text`, code a page shows (no directive line), with its comments in `words`' language;
    `where` (the snippet's path) is named when a comment has no translation."""
    if words.language == ENGLISH:
        return text
    lines = text.split("\n")
    for comment in comments(text):
        said = words.comments.get(comment.english)
        if said is None:
            raise TranslationError(
                f"{words.comments_path} has no translation of the comment {comment.english!r} in {where}: add it "
                "(tests/test_comment_translation.py lists every one missing)")
        for row, line in enumerate(said, comment.row - 1):
            lines[row] = lines[row][:comment.column] + ("# " + line if line else "#")
    return "\n".join(lines)


def lines(snippet: Snippet, words: Words) -> list[str]:
    """Every line of the snippet's file, line n at index n - 1, as `words`' edition shows it:
    the directives as they are, the comments after them in its language."""
    found = snippet.path.read_text(encoding="utf-8").splitlines()
    head, shown = found[: snippet.code_start - 1], found[snippet.code_start - 1 :]
    return head + (code("\n".join(shown), words, snippet.relpath).split("\n") if shown else [])


def block(snippet: Snippet, section: str | None, words: Words) -> str:
    """What a page's code block shows of `snippet`, in `words`' language: its `section` (from the
    line after its start marker to its end marker, or the end of the file), or every line after
    the directives; section markers left out, as pymdownx.snippets leaves them out."""
    first = snippet.section_start(section) if section else snippet.code_start
    # as pymdownx.snippets reads a file: the line break at its end starts one more, empty line
    ending = [""] if snippet.path.read_text(encoding="utf-8").endswith("\n") else []
    shown = []
    for text in (lines(snippet, words) + ending)[first - 1 :]:
        if section and (marker := SECTION_MARKER.match(text)) and marker["kind"] == "end" and marker["name"] == section:
            break
        if not SECTION_MARKER.match(text):
            shown.append(text)
    return "\n".join(shown)


def without_comments(text: str) -> str:
    """`text` (Python source) with each comment cut off at its `#`, section markers included:
    what `code` must keep as it is."""
    lines = text.split("\n")
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            lines[row - 1] = lines[row - 1][:column]
    return "\n".join(lines)
