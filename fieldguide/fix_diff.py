"""What a fix changes: the lines of a snippet that raises or warns against those of the
snippet its `# fixed-by:` names, as pages show them.

    hunks(raising, fix, context=2, words=ENGLISH_WORDS) -> [hunk, ...]
    hunk = [[kind, text, old_line, new_line], ...]

Plain lists, strings, ints and None, so the paste box's JSON (errors/page.py's paste_data) carries
them as they are. `kind` is "context" (in both files), "removed" (only in the raising snippet)
or "added" (only in the fix); `text` is the line without its end; `old_line` is its number in
the raising snippet, `new_line` in the fix, None on the side the row is not on. A hunk is a
run of changed lines with up to `context` unchanged lines around it; identical files give no
hunk. The lines are those a page shows: no directive line, no `# --8<--` section marker
(pymdownx.snippets drops them); numbered as in the file, which is how pages and tracebacks
number them, with their comments in the edition's language (`words`, comment_translation.py).

    html(found, raising, raising_link, fix, fix_link, words, id="", named=False) -> str

renders hunks for a Markdown page (md_in_html): a folded `<details class="fg-fixdiff">`, a
legend linking each snippet to where it is shown beside the mark of its lines (Markdown links,
so the builder resolves `page.md#anchor` as it does any other), then one table row per line.
"""

from __future__ import annotations

import difflib
from html import escape

from fieldguide import comment_translation
from fieldguide.snippet import SECTION_MARKER, Snippet
from fieldguide.translations import ENGLISH_WORDS, Words

Row = list[str | int | None]  # [kind, text, old_line, new_line]
_MARKS = {"context": " ", "removed": "−", "added": "+"}


def _shown(snippet: Snippet, words: Words) -> list[tuple[int, str]]:
    """(line number, text) of each line a page shows, in `words`' edition (its comments)."""
    lines = comment_translation.lines(snippet, words)
    return [(number, text) for number, text in enumerate(lines, 1)
            if number >= snippet.code_start and not SECTION_MARKER.match(text)]


def hunks(raising: Snippet, fix: Snippet, context: int = 2, words: Words = ENGLISH_WORDS) -> list[list[Row]]:
    """The changed lines between the two snippets with `context` lines around each change,
    their text as `words`' edition shows it. What changed is read from the files as they are,
    so every edition shows the same lines changed."""
    old, new = _shown(raising, words), _shown(fix, words)
    matcher = difflib.SequenceMatcher(None, [text for _, text in _shown(raising, ENGLISH_WORDS)],
                                      [text for _, text in _shown(fix, ENGLISH_WORDS)], autojunk=False)
    found = []
    for group in matcher.get_grouped_opcodes(context):
        rows: list[Row] = []
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                rows += [["context", text, number, new[j][0]]
                         for (number, text), j in zip(old[i1:i2], range(j1, j2), strict=True)]
                continue
            rows += [["removed", text, number, None] for number, text in old[i1:i2]]
            rows += [["added", text, None, number] for number, text in new[j1:j2]]
        found.append(rows)
    return found


def html(
    found: list[list[Row]], raising: str, raising_link: str, fix: str, fix_link: str,
    words: Words = ENGLISH_WORDS, id: str = "", named: bool = False,
) -> str:
    """`found` (hunks) as a folded block for a Markdown page, `id` its anchor if given. Its
    legend links each snippet (`raising_link`, `fix_link`) beside the mark of its lines; its
    title names them too when `named` (where several such blocks follow each other)."""
    code = {"raising": f"<code>{escape(raising)}</code>", "fix": f"<code>{escape(fix)}</code>"}
    title = words.say("fix_diff_named", **code) if named else words.say("fix_diff_title")
    # Markdown links, not <a>: the builder resolves and checks `page.md#anchor` in them.
    legend = (f'<span class="fg-fixdiff__key fg-fixdiff__key--removed">{_MARKS["removed"]}</span> '
              f"[`{raising}`]({raising_link})<br>"
              f'<span class="fg-fixdiff__key fg-fixdiff__key--added">{_MARKS["added"]}</span> [`{fix}`]({fix_link})')
    rows = []
    for i, hunk in enumerate(found):
        if i:  # unchanged lines left out between two hunks
            rows.append('<tr class="fg-fixdiff__gap"><td colspan="4">⋯</td></tr>')
        for kind, text, old, new in hunk:
            rows.append(
                f'<tr class="fg-fixdiff__line fg-fixdiff__line--{kind}">'
                f'<td class="fg-fixdiff__number">{"" if old is None else old}</td>'
                f'<td class="fg-fixdiff__number">{"" if new is None else new}</td>'
                f'<td class="fg-fixdiff__mark">{_MARKS[str(kind)]}</td>'
                f'<td class="fg-fixdiff__text">{escape(str(text), quote=False)}</td></tr>'
            )
    anchor = f' id="{escape(id)}"' if id else ""
    # "success": Material's look for a folded block about what works (a green tick). Kept out of
    # the search index: its lines are the snippets' own, which their pages index already.
    return (
        f'<details class="success fg-fixdiff"{anchor} data-search-exclude markdown="1">\n'
        f"<summary>{title}</summary>\n"
        f'<p class="fg-fixdiff__legend" markdown="span">{legend}</p>\n'
        f'<div class="fg-fixdiff__rows"><table class="fg-fixdiff__table"><tbody>{"".join(rows)}</tbody></table></div>\n'
        "</details>\n"
    )
