"""The upgrade view (docs/upgrade.md, the `upgrade_view()` macro): the reader picks two
recorded releases and sees every snippet whose output, raised error or graph differs between
them, grouped by page, each as a diff of the two recordings with a link to the snippet, and
the Error index's messages that one release prints and the other does not.

The build writes the recordings of every snippet that does not print and draw the same on
every recorded release as one JSON file (`data`, errors/data_files.py), which
docs/javascripts/upgrade-view.js fetches and compares the two releases with in the
browser, so every pair is answered without a server (docs/javascripts/upgrade.js; the fast
tests, tests/test_upgrade.py, run it under Node for every pair of releases). Its addresses
start from the edition's root. The diffs are made here, by difflib as the "What changed"
page's are: the script only lays out the lines.

    {"releases": [...oldest first], "traceback": "Traceback (most recent call last):\\n",
     "texts": [every distinct recording],
     "pages": [{"title": ..., "url": ...}, ...],                 # in navigation order
     "snippets": [{"key": "topic/name", "page": 0, "url": "page/#snippet-topic-name",
                   "raises": true, "outputs": [[text, [release, ...]], ...],
                   "graphs": [[text, [release, ...]], ...],
                   "diffs": {"old new": [hunk, ...]}}, ...],   # text indices; a hunk: [opcode, ...]
     "messages": [{"entry": "entry-id", "url": "errors/entry-id/", "category": "RuntimeError",
                   "text": "RuntimeError: <template>", "releases": [...printed on],
                   "recorded": [...releases with a recording of a snippet that prints it]}, ...],
     "ancestors": {"ValueError": ["Exception", ...]}}   # the built-in classes an except catches it by

A message one release prints and the other does not is "printed on one, not on the other" only
when the other release has a recording of a snippet that prints it; otherwise (a snippet gated
by `# min-torch:`) it is "recorded on one release only". The same message raised as another
type on the two releases is shown as that, since an `except` for the old type may miss it.
"""

from __future__ import annotations

import builtins
import difflib
import html
import itertools
from collections.abc import Iterable

from fieldguide.errors.grammar import template
from fieldguide.errors.grouping import Entry, newest_first
from fieldguide.normalize import TRACEBACK_START
from fieldguide.render import anchor
from fieldguide.snippet import Snippet
from fieldguide.store import OutputStore
from fieldguide.translations import ENGLISH_WORDS, Words


def _groups(store: OutputStore, key: str, listed: list[str], texts: dict[str, int]) -> list[list]:
    """[[text index, [releases]], ...] of one snippet's recordings on the listed releases."""
    groups = []
    for versions, text in store.by_output(key):
        shown = [v for v in listed if v in versions]
        if shown:
            groups.append([texts.setdefault(text, len(texts)), shown])
    return groups


def _lines(text: str) -> list[str]:
    """A recording's lines as the script splits them (at "\n" only, the last one's end left out)."""
    return text.removesuffix("\n").split("\n")


def _hunks(old: str, new: str) -> list[list[list]]:
    """The hunks of the diff from `old` to `new`, as unified_diff makes them (three lines of
    context): each a list of difflib's opcodes, [tag, i1, i2, j1, j2] over the texts' lines."""
    matcher = difflib.SequenceMatcher(None, _lines(old), _lines(new))
    return [[list(opcode) for opcode in group] for group in matcher.get_grouped_opcodes(3)
            if any(opcode[0] != "equal" for opcode in group)]


def _diffs(groups: list[list], texts: list[str]) -> dict[str, list]:
    """{"old new": hunks} for every ordered pair of a snippet's distinct recordings."""
    return {f"{a} {b}": _hunks(texts[a], texts[b])
            for recorded in groups for a, b in itertools.permutations([text for text, _ in recorded], 2)}


def _same_everywhere(groups: list[list], listed: list[str]) -> bool:
    return not groups or (len(groups) == 1 and len(groups[0][1]) == len(listed))


def data(
    snippets: Iterable[Snippet],
    store: OutputStore,
    graphs: OutputStore,
    listed: list[str],
    pages: dict[str, str],
    titles: dict[str, str],
    page_urls: dict[str, str],
    urls: dict[str, str],
    entries: list[Entry],
    entry_urls: dict[str, str],
) -> dict:
    """What the upgrade view compares. `pages`: snippet key -> the first page (in navigation
    order) that shows it; `titles` and `page_urls`: page -> its title and its address from the
    edition's root; `urls`: snippet key -> that page's address; `entries`: the Error index's;
    `entry_urls`: entry id -> the address of its page."""
    texts: dict[str, int] = {}
    order = list(dict.fromkeys(pages.values()))
    found = []
    for snippet in snippets:
        outputs = _groups(store, snippet.key, listed, texts)
        drawn = _groups(graphs, snippet.key, listed, texts)
        if _same_everywhere(outputs, listed) and _same_everywhere(drawn, listed):
            continue
        page = pages.get(snippet.key)
        found.append({
            "key": snippet.key,
            "page": order.index(page) if page else None,
            "url": f"{urls[snippet.key]}#{anchor(snippet)}" if snippet.key in urls else "",
            "raises": bool(snippet.raises),
            "outputs": outputs,
            "graphs": drawn,
            "diffs": _diffs([outputs, drawn], list(texts)),  # a text's index is its place in `texts`
        })
    # nav order: by page, then as each page shows them; snippets on no page last
    found.sort(key=lambda s: (s["page"] is None, s["page"] or 0))
    messages = []
    for entry in entries:
        for (category, shape), versions in newest_first(entry.templates):
            printing = {key for key, texts in entry.printed.items()
                        if any((kind, template(text)) == (category, shape) for kind, text in texts)}
            recorded = {v for key in printing for releases in store.index(key).values() for v in releases}
            messages.append({
                "entry": entry.id, "url": entry_urls[entry.id], "category": category,
                "text": f"{category}: {shape}", "releases": [v for v in listed if v in versions],
                "recorded": [v for v in listed if v in recorded],
            })
    return {
        "releases": list(listed),
        "traceback": TRACEBACK_START,
        "texts": list(texts),
        "pages": [{"title": titles.get(page, page), "url": page_urls.get(page, "")} for page in order],
        "snippets": found,
        "messages": [m for m in messages if m["releases"]],
        "ancestors": _ancestors({m["category"] for m in messages}),
    }


def _ancestors(categories: Iterable[str]) -> dict[str, list[str]]:
    """The classes a built-in exception is an instance of (an `except` for any of them catches
    it); PyTorch's own exception types are left out, their classes being unknown here."""
    found = {}
    for name in sorted(categories):
        kind = getattr(builtins, name, None)
        if isinstance(kind, type) and issubclass(kind, BaseException):
            found[name] = [c.__name__ for c in kind.__mro__[1:] if c is not object]
    return found


def view_html(data_url: str, root: str, changes_url: str, words: Words = ENGLISH_WORDS) -> str:
    """The view's place on the page, which the script fills from the data it fetches
    (`data_url`; its addresses start from `root`, the edition's), and what a reader without
    JavaScript reads instead."""
    link = f'<a href="{html.escape(changes_url)}">{html.escape(words.say("upgrade_changes_page"))}</a>'
    return (
        f'<div class="fg-upgrade" id="fg-upgrade" data-upgrade="{html.escape(data_url)}" '
        f'data-root="{html.escape(root)}" hidden></div>\n\n'
        f'<noscript><p>{words.say("upgrade_noscript", changes=link)}</p></noscript>\n'
    )
