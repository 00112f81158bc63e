"""What a fix changes: the lines of a raising snippet against those of its `# fixed-by:`
snippet, as pages show them (directive lines left out, numbered as in the file).

    hunks(raising, fix) -> [[[kind, text, old_line, new_line], ...], ...]

kind is "context", "removed" or "added"; old_line is the line in the raising snippet, new_line
the line in the fix (None on the side a row is not on)."""

from __future__ import annotations

import difflib

from fieldguide.snippet import Snippet

Row = list  # [kind, text, old_line | None, new_line | None]


def _shown(snippet: Snippet) -> list[str]:
    return snippet.path.read_text(encoding="utf-8").splitlines()[snippet.code_start - 1 :]


def hunks(raising: Snippet, fix: Snippet, context: int = 2) -> list[list[Row]]:
    old, new = _shown(raising), _shown(fix)
    found = []
    for group in difflib.SequenceMatcher(None, old, new, autojunk=False).get_grouped_opcodes(context):
        rows: list[Row] = []
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                rows += [["context", old[i], raising.code_start + i, fix.code_start + j1 + i - i1]
                         for i in range(i1, i2)]
                continue
            rows += [["removed", old[i], raising.code_start + i, None] for i in range(i1, i2)]
            rows += [["added", new[j], None, fix.code_start + j] for j in range(j1, j2)]
        found.append(rows)
    return found
