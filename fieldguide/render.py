"""The Markdown a page gets for `{{ snippet("topic/name") }}`: the code, then its output.

The code is pulled in by pymdownx.snippets (`check_paths: true`, so a missing file or
section fails the build); the output comes from the recorded store, never from running
anything. An output shared by every recorded release is shown once; outputs that differ
become tabs labelled with their version ranges, newest first.
"""

from __future__ import annotations

import difflib
import html
import re

from fieldguide.snippet import Snippet
from fieldguide.store import OutputStore, version_key

TRACEBACK_START = "Traceback (most recent call last):\n"


def version_range(versions: list[str], listed: list[str]) -> str:
    """'2.5.1 – 2.15.0' for releases adjacent in the listed matrix; runs joined by commas."""
    runs: list[list[str]] = []
    for version in sorted(listed, key=version_key):
        if version in versions:
            if runs and listed.index(version) - listed.index(runs[-1][-1]) == 1:
                runs[-1].append(version)
            else:
                runs.append([version])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]} – {run[-1]}" for run in runs)


def _fence(text: str, classes: str, title: str, lang: str = "text") -> str:
    ticks = "`" * max(3, 1 + max((len(run) for run in re.findall(r"`+", text)), default=0))
    body = text if text.endswith("\n") else text + "\n"
    return f'{ticks} {{ .{lang} .fg-output {classes} title="{html.escape(title)}" }}\n{body}{ticks}\n'


def output_blocks(snippet: Snippet, text: str) -> str:
    """One output: what it printed, then (when the point is an error) the error, styled apart."""
    blocks = []
    printed, error = text, ""
    if snippet.raises and TRACEBACK_START in text:
        cut = text.rindex(TRACEBACK_START)
        printed, error = text[:cut], text[cut:]
    if printed or not error:
        blocks.append(_fence(printed or "(no output)\n", "", "Output"))
    if error:
        blocks.append(_fence(error, ".fg-error", f"Raises {snippet.raises}"))
    return "\n".join(blocks)


def _indent(text: str) -> str:
    return "".join("    " + line if line.strip() else line for line in text.splitlines(True))


def anchor(snippet: Snippet) -> str:
    """The id a page gives a snippet's block, so other pages can link to it."""
    return f"snippet-{snippet.topic}-{snippet.name}".replace("_", "-")


def snippet_markdown(
    snippet: Snippet, store: OutputStore, listed: list[str], section: str | None = None
) -> str:
    """Code, then every distinct recorded output labelled with the releases that print it.

    `listed` is the version matrix, oldest first.
    """
    include = snippet.relpath + (f":{section}" if section else "")
    parts = [
        f'<span id="{anchor(snippet)}"></span>\n',
        f'```python title="{snippet.relpath}"\n--8<-- "{include}"\n```\n',
    ]
    groups = store.by_output(snippet.key)
    if not groups:
        return "\n".join(parts)  # not recorded yet: the hook warns, strict builds fail
    note = ""
    if snippet.min_torch:
        note = f" Not available before PyTorch {snippet.min_torch}."
        listed = [v for v in listed if snippet.runs_on(v)]
    if len(groups) == 1:
        versions, text = groups[0]
        parts.append(output_blocks(snippet, text))
        same = "same on" if len(versions) > 1 else "recorded on"
        parts.append(
            f'<p class="fg-versions">Output {same} PyTorch {version_range(versions, listed)}.{note}</p>\n'
        )
    else:
        parts.append(
            f'<p class="fg-versions">The output differs between PyTorch releases; '
            f"pick yours.{note}</p>\n"
        )
        for versions, text in groups:
            parts.append(
                f'=== "{version_range(versions, listed)}"\n\n{_indent(output_blocks(snippet, text))}'
            )
    return "\n".join(parts)


def changes_markdown(store: OutputStore, snippets: list[Snippet], pages: dict, listed: list[str]) -> str:
    """Every snippet whose recorded output differs between releases, with the diff between
    each pair of neighbouring distinct outputs; `pages` maps snippet keys to page paths."""
    out = []
    for snippet in snippets:
        groups = store.by_output(snippet.key)
        if len(groups) < 2:
            continue
        where = pages.get(snippet.key)
        link = f" ([{where}]({where}#{anchor(snippet)}))" if where else ""
        out.append(f"## `{snippet.key}`\n\n`{snippet.relpath}`{link}\n")
        for (new_versions, new), (old_versions, old) in zip(groups, groups[1:]):
            diff = difflib.unified_diff(
                old.splitlines(keepends=True),
                new.splitlines(keepends=True),
                fromfile=f"PyTorch {version_range(old_versions, listed)}",
                tofile=f"PyTorch {version_range(new_versions, listed)}",
            )
            out.append(_fence("".join(diff), ".fg-diff", "diff", lang="diff"))
    if not out:
        return "Every snippet prints the same on every recorded release.\n"
    return "\n".join(out)
