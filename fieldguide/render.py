"""The Markdown a page gets for `{{ snippet("topic/name") }}`: the code, then its output.

The code is pulled in by pymdownx.snippets (`check_paths: true`, so a missing file or
section fails the build); the output comes from the recorded store, never from running
anything. An output shared by every recorded release is shown once; outputs that differ
become tabs labelled with their version ranges, newest first.
"""

from __future__ import annotations

import html
import re

from fieldguide.snippet import Snippet
from fieldguide.store import OutputStore, version_key

TRACEBACK_START = "Traceback (most recent call last):\n"


def version_range(versions: list[str]) -> str:
    ordered = sorted(versions, key=version_key)
    return ordered[0] if len(ordered) == 1 else f"{ordered[0]} – {ordered[-1]}"


def _fence(text: str, classes: str, title: str) -> str:
    ticks = "`" * max(3, 1 + max((len(run) for run in re.findall(r"`+", text)), default=0))
    body = text if text.endswith("\n") else text + "\n"
    return f'{ticks} {{ .text .fg-output {classes} title="{html.escape(title)}" }}\n{body}{ticks}\n'


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


def snippet_markdown(snippet: Snippet, store: OutputStore, section: str | None = None) -> str:
    include = snippet.relpath + (f":{section}" if section else "")
    parts = [f'```python title="{snippet.relpath}"\n--8<-- "{include}"\n```\n']
    groups = store.by_output(snippet.key)
    if len(groups) == 1:
        versions, text = groups[0]
        parts.append(output_blocks(snippet, text))
        parts.append(
            f'<p class="fg-versions">Output recorded on PyTorch {version_range(versions)}.</p>\n'
        )
    else:
        parts.append('<p class="fg-versions">The output differs between PyTorch releases:</p>\n')
        for versions, text in groups:
            parts.append(f'=== "{version_range(versions)}"\n\n{_indent(output_blocks(snippet, text))}')
    return "\n".join(parts)
