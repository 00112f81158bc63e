"""The upgrade view (docs/upgrade.md, the `upgrade_view()` macro): the reader picks two
recorded releases and sees every snippet whose output, raised error or graph differs between
them, grouped by page, each as a diff of the two recordings with a link to the snippet, and
the Error index's messages that one release prints and the other does not.

The build writes the recordings of every snippet that does not print and draw the same on
every recorded release as one JSON file (`data`, errors/data_files.py), which
docs/javascripts/release-picker.js fetches and compares the two releases with in the
browser, so every pair is answered without a server. Its addresses start from the edition's
root.
`differing` and `messages` compare the same data as the script does, for the fast tests
(tests/test_upgrade.py), which check them against outputs/*/versions.json read directly.

    {"releases": [...oldest first], "traceback": "Traceback (most recent call last):\\n",
     "texts": [every distinct recording],
     "pages": [{"title": ..., "url": ...}, ...],                 # in navigation order
     "snippets": [{"key": "topic/name", "page": 0, "url": "page/#snippet-topic-name",
                   "raises": true, "outputs": [[text, [release, ...]], ...],
                   "graphs": [[text, [release, ...]], ...]}, ...],
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
import html
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
        "texts": [text for text, _ in sorted(texts.items(), key=lambda item: item[1])],
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


def recorded(groups: list[list], release: str) -> int | None:
    """The text index recorded for `release` in a snippet's groups, None when none is."""
    return next((text for text, versions in groups if release in versions), None)


def differing(data: dict, old: str, new: str) -> list[str]:
    """The keys of the snippets whose output or graph on `old` is not the one on `new` (a
    recording on one release and none on the other counts), in the view's order."""
    return [
        s["key"] for s in data["snippets"]
        if recorded(s["outputs"], old) != recorded(s["outputs"], new)
        or recorded(s["graphs"], old) != recorded(s["graphs"], new)
    ]


def messages(data: dict, old: str, new: str) -> dict[str, list[str]]:
    """The Error index's message templates ("Category: template") that differ between `old`
    and `new`, by kind: "appear" (printed on `new`, not on `old`), "disappear" (the other way),
    "unrecorded" (printed on one, where the other has no recording of a snippet that prints
    it) and "retyped" (raised as another type on `new`; the `new` text)."""
    on = {release: {m["text"]: m for m in data["messages"] if release in m["releases"]} for release in (old, new)}
    one_sided = {
        kind: {text: m for text, m in on[here].items() if text not in on[there]}
        for kind, here, there in (("appear", new, old), ("disappear", old, new))
    }
    found: dict[str, list[str]] = {"appear": [], "disappear": [], "unrecorded": [], "retyped": []}
    paired = set()
    for text, m in one_sided["appear"].items():
        shape = text[len(m["category"]) + 2:]
        twin = next((t for t, o in one_sided["disappear"].items()
                     if o["entry"] == m["entry"] and o["category"] != m["category"]
                     and t[len(o["category"]) + 2:] == shape), None)
        if twin:
            found["retyped"].append(text)
            paired |= {text, twin}
    for kind, other in (("appear", old), ("disappear", new)):
        for text, m in one_sided[kind].items():
            if text not in paired:
                found[kind if other in m["recorded"] else "unrecorded"].append(text)
    return {kind: sorted(texts) for kind, texts in found.items()}


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
