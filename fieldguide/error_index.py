"""The error index: every distinct error and warning any snippet prints, on any recorded
release, found in the recorded outputs (never typed by hand).

A message becomes a template by replacing what varies between occurrences (tensor types
and shapes, node names, versions, indices) with placeholders; messages whose first
sentence has the same template are one entry. Each entry keeps every exact text with the
releases that print it, the snippets that raise it, and the fixes those snippets name
in `# fixed-by:`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from fieldguide.render import TRACEBACK_START, anchor, fence, version_range
from fieldguide.snippet import Snippet
from fieldguide.store import OutputStore, version_key

_WARNING = re.compile(r"^\S+:\d+: (\w*Warning): (.*)$")
_PLACEHOLDERS = [
    (re.compile(r"\[torch\.\w+ \[[\d, ]*\]\]"), "[<tensor type> [<shape>]]"),
    (re.compile(r"torch\.Size\(\[[\d, ]*\]\)"), "torch.Size(<shape>)"),
    (re.compile(r"\b\w+Backward\d*\b"), "<node>"),
    (re.compile(r"\boutput (\d+) of \w+"), "output <n> of <node>"),
    (re.compile(r"(?<![\w.</])\d+(?![\w.>])"), "<n>"),
]


def messages(output: str) -> list[tuple[str, str]]:
    """(category, message) for the uncaught error and every warning in one output."""
    found = []
    lines = output.splitlines()
    i = 0
    while i < len(lines):
        match = _WARNING.match(lines[i])
        i += 1
        if match:
            text = [match[2]]
            while i < len(lines) and lines[i] and not lines[i].startswith("  "):
                text.append(lines[i])  # a message that spans lines; its source line is indented
                i += 1
            found.append((match[1], "\n".join(text)))
    if TRACEBACK_START in output:
        tail = output[output.rindex(TRACEBACK_START) + len(TRACEBACK_START) :].splitlines()
        rest = [line for line in tail if not line.startswith(" ")]
        category, _, message = "\n".join(rest).partition(": ")
        found.append((category, message))
    return list(dict.fromkeys(found))


def template(message: str) -> str:
    for pattern, placeholder in _PLACEHOLDERS:
        message = pattern.sub(placeholder, message)
    return message


def first_sentence(text: str) -> str:
    # PyTorch sometimes omits the space after a full stop ("not allowed.You can ...").
    return re.split(r"(?<=[.:])(?:\s|(?=[A-Z]))", text, maxsplit=1)[0].rstrip(".:")


@dataclass
class Entry:
    category: str
    summary: str  # the template's first sentence: what the entry is known by
    texts: dict[str, set[str]] = field(default_factory=dict)  # exact message -> releases
    templates: dict[str, set[str]] = field(default_factory=dict)  # template -> releases
    raised_by: dict[str, str | None] = field(default_factory=dict)  # snippet key -> fix key

    @property
    def is_warning(self) -> bool:
        return self.category.endswith("Warning")


def collect(snippets: list[Snippet], store: OutputStore) -> list[Entry]:
    """Every distinct error and warning, errors first, each group in alphabetical order.

    A release that rewords a message's first sentence would split it in two; when one
    snippet prints a single message of a category and its wording differs between
    releases, the wordings are the same entry.
    """
    entries: dict[tuple[str, str], Entry] = {}
    same: dict[tuple[str, str], tuple[str, str]] = {}  # union-find over entry keys

    def find(key):
        while same.get(key, key) != key:
            key = same[key]
        return key

    for snippet in snippets:
        single: dict[str, set] = {}  # category -> keys, when every output has one such message
        for versions, output in store.by_output(snippet.key):
            found = messages(output)
            for category, message in found:
                shape = template(message)
                key = (category, first_sentence(shape))
                entry = entries.setdefault(key, Entry(category, key[1]))
                entry.texts.setdefault(message, set()).update(versions)
                entry.templates.setdefault(shape, set()).update(versions)
                entry.raised_by[snippet.key] = snippet.fixed_by
                if [c for c, _ in found].count(category) == 1:
                    single.setdefault(category, set()).add(key)
        for keys in single.values():
            first, *others = sorted(keys)
            for other in others:
                same[find(other)] = find(first)

    def newest(key) -> tuple:
        return max(version_key(v) for versions in entries[key].texts.values() for v in versions)

    merged: dict[tuple[str, str], Entry] = {}
    for key in sorted(entries, key=newest, reverse=True):  # the newest wording names the entry
        entry = entries[key]
        target = merged.setdefault(find(key), Entry(entry.category, entry.summary))
        for text, versions in entry.texts.items():
            target.texts.setdefault(text, set()).update(versions)
        for shape, versions in entry.templates.items():
            target.templates.setdefault(shape, set()).update(versions)
        target.raised_by.update(entry.raised_by)
    return sorted(merged.values(), key=lambda e: (e.is_warning, e.category, e.summary.lower()))


def newest_first(groups: dict[str, set[str]]) -> list[tuple[str, list[str]]]:
    items = [(text, sorted(versions, key=version_key)) for text, versions in groups.items()]
    return sorted(items, key=lambda item: (version_key(item[1][-1]), item[0]), reverse=True)


def markdown(entries: list[Entry], snippets: dict[str, Snippet], pages: dict[str, str], listed: list[str]) -> str:
    """The index page's body. `pages` maps snippet keys to the page (relative link) that
    shows them; an entry whose snippet or fix is on no page is an error the author must fix."""
    def link(key: str) -> str:
        if key not in pages:
            raise ValueError(
                f"{snippets[key].relpath} is listed in the error index but embedded on no page; "
                f'add {{{{ snippet("{key}") }}}} to the page it belongs to.'
            )
        return f"[`{key}`]({pages[key]}#{anchor(snippets[key])})"

    out = []
    for entry in entries:
        out.append(f"### `{entry.category}: {entry.summary}`\n")
        for shape, versions in newest_first(entry.templates):
            out.append(fence(f"{entry.category}: {shape}", ".fg-message", f"Template, PyTorch {version_range(versions, listed)}"))
        rows = ["| Raised by | Fix |", "| --- | --- |"]
        for key, fix in sorted(entry.raised_by.items()):
            if fix is None or fix not in snippets:
                raise ValueError(
                    f"{snippets[key].relpath} prints '{entry.category}: {entry.summary}' but names "
                    f"{'no fix' if fix is None else f'a fix that does not exist ({fix})'}; add "
                    "'# fixed-by: topic/name' at its top, naming the snippet that avoids it."
                )
            rows.append(f"| {link(key)} | {link(fix)} |")
        out.append("\n".join(rows) + "\n")
        exact = newest_first(entry.texts)
        out.append(f'??? quote "The exact {"texts" if len(exact) > 1 else "text"}, by release"\n')
        for text, versions in exact:
            block = fence(f"{entry.category}: {text}", ".fg-message", f"PyTorch {version_range(versions, listed)}")
            out.append("".join("    " + line if line.strip() else line for line in block.splitlines(True)))
    return "\n".join(out)
