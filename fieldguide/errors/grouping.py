"""The entries of the error index, grouped from the recorded outputs (never typed by hand).

A message becomes a template by replacing what varies between occurrences (tensor types
and shapes, node names, versions, indices) with placeholders; messages whose first
sentence has the same template are one entry (a warning whose category changed between
releases too). Each entry keeps every exact text with the releases that print it, the
snippets that raise it and the fixes they name in `# fixed-by:`, grouped into causes by
the mechanisms of data/reports (causes.py). An entry's id (its anchor) comes from its oldest
recorded wording, so a release that rewords the message, or a page that moves, does not
change it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from packaging.version import Version

from fieldguide.causes import EntryCauses, Mechanism, Unrecorded
from fieldguide.errors.grammar import (
    ID_LENGTH,
    Message,
    family,
    first_sentence,
    form,
    forward_name,
    messages,
    node_names,
    sentences,
    slug,
    template,
)
from fieldguide.normalize import TRACEBACK_START
from fieldguide.releases import version_key
from fieldguide.snippet import Snippet
from fieldguide.store import OutputStore


@dataclass
class Cause:
    text: str | None  # the mechanism's text, else the raising snippets' `# cause:` line
    fixes: dict[str, str | None]  # raising snippet -> its fix
    texts: dict[Message, set[str]]  # what these snippets print -> releases
    mechanism: Mechanism | None = None  # the cause as data/reports describes it
    examples: dict[str, str | None] = field(default_factory=dict)  # raising snippet -> its `# cause:`

    @property
    def seen(self) -> int:
        """How many public reports show this cause."""
        return len(self.mechanism.reports) if self.mechanism else 0

    @property
    def forms(self) -> dict[str, int]:
        """How many of its messages have each form (placeholder kinds joined by spaces)."""
        counts: dict[str, int] = {}
        for _, text in self.texts:
            key = " ".join(form(text))
            counts[key] = counts.get(key, 0) + 1
        return counts

    @property
    def nodes(self) -> set[str]:
        return {forward_name(node) for _, text in self.texts for node in node_names(text)}

    @property
    def openings(self) -> set[str]:
        """The second sentence of its templates: what the message says after its headline
        and before its hints (where messages of one entry part ways)."""
        return {(sentences(template(text), 2) + [""])[1] for _, text in self.texts}


@dataclass
class Entry:
    category: str  # as the newest release prints it
    summary: str  # the newest wording's first sentence: what the entry is shown as
    texts: dict[Message, set[str]] = field(default_factory=dict)  # exact message -> releases
    templates: dict[Message, set[str]] = field(default_factory=dict)  # template -> releases
    raised_by: dict[str, str | None] = field(default_factory=dict)  # snippet key -> fix key
    printed: dict[str, dict[Message, set[str]]] = field(default_factory=dict)  # snippet -> texts
    causes_of: dict[str, str | None] = field(default_factory=dict)  # snippet -> its cause here
    id: str = ""
    data: EntryCauses | None = None  # its causes as readers hit them (data/reports/<id>.toml)

    @property
    def is_warning(self) -> bool:
        return self.category.endswith("Warning")

    @property
    def unrecorded(self) -> Unrecorded | None:
        """The message of an entry no snippet prints, as PyTorch's source words it."""
        return self.data.unrecorded if self.data and not self.texts else None

    def oldest_template(self) -> str:
        return min(self.templates, key=lambda m: (min(map(version_key, self.templates[m])), m))[1]

    def causes(self, order: list[str]) -> list[Cause]:
        """One cause per mechanism of data/reports (teaching variants of it are its examples),
        else per `# cause:` line (a snippet without one is a cause of its own); the causes seen
        in more public reports first, then in the order their first snippets appear in
        `order` (the navigation's)."""
        groups: dict[str, Cause] = {}
        rank = {key: i for i, key in enumerate(order)}
        for key in sorted(self.raised_by, key=lambda k: (rank.get(k, len(rank)), k)):
            text = self.causes_of.get(key)
            mechanism = self.data.of(key) if self.data else None
            if mechanism:
                cause = groups.setdefault(mechanism.id, Cause(mechanism.text, {}, {}, mechanism))
            else:
                cause = groups.setdefault(text or key, Cause(text, {}, {}))
            cause.fixes[key] = self.raised_by[key]
            cause.examples[key] = text
            for message, versions in self.printed[key].items():
                cause.texts.setdefault(message, set()).update(versions)
        return sorted(groups.values(), key=lambda cause: -cause.seen)  # stable: page order within

    def add(self, snippet: str, message: Message, versions, fix: str | None, cause: str | None) -> None:
        category, text = message
        self.texts.setdefault(message, set()).update(versions)
        self.templates.setdefault((category, template(text)), set()).update(versions)
        self.raised_by[snippet] = fix
        self.printed.setdefault(snippet, {}).setdefault(message, set()).update(versions)
        if cause or snippet not in self.causes_of:
            self.causes_of[snippet] = cause


def collect(snippets: list[Snippet], store: OutputStore, data: dict[str, EntryCauses] | None = None) -> list[Entry]:
    """Every distinct error and warning, errors first, each group in alphabetical order,
    each with its causes as readers hit them from `data` (causes.load), by entry id.

    A release that rewords a message's first sentence would split it in two; when one
    snippet prints a single message of a category whose wording differs between releases
    (besides messages every release prints alike), the wordings are the same entry, and so
    are the same words that one snippet raises as different types on different releases.
    """
    entries: dict[tuple[str, str], Entry] = {}
    same: dict[tuple[str, str], tuple[str, str]] = {}  # union-find over entry keys

    def find(key):
        while same.get(key, key) != key:
            key = same[key]
        return key

    for snippet in (s for s in snippets if s.error_index):
        outputs = [(versions, output, messages(output)) for versions, output in store.by_output(snippet.key)]
        keyed = [[(family(category), first_sentence(template(text))) for category, text in found]
                 for _, _, found in outputs]
        everywhere = set.intersection(*map(set, keyed)) if len(keyed) > 1 else set()
        single: dict[str, set] = {}  # family -> keys, when every output has one such message
        for (versions, output, found), keys in zip(outputs, keyed, strict=True):
            uncaught = found[-1] if TRACEBACK_START in output else None
            families = [family for family, sentence in keys if (family, sentence) not in everywhere]
            for (category, text), key in zip(found, keys, strict=True):
                entry = entries.setdefault(key, Entry(category, key[1]))
                # A snippet's cause is about its point: the error it raises, or else what it warns.
                point = (category, text) == uncaught if snippet.raises else True
                entry.add(snippet.key, (category, text), versions, snippet.fixed_by, snippet.cause if point else None)
                if key not in everywhere and families.count(key[0]) == 1:
                    single.setdefault(key[0], set()).add(key)
        # One message raised as another type by other releases (RuntimeError, then ValueError)
        # is one entry: the same snippet, the same words.
        worded: dict[str, set] = {}
        for keys in keyed:
            for key in keys:
                if key[0] != "Warning":
                    worded.setdefault(key[1], set()).add(key)
        for family_keys in [*single.values(), *worded.values()]:
            first, *others = sorted(family_keys)
            for other in others:
                same[find(other)] = find(first)

    def newest(key) -> Version:
        return max(version_key(v) for versions in entries[key].texts.values() for v in versions)

    merged: dict[tuple[str, str], Entry] = {}
    for key in sorted(entries, key=newest, reverse=True):  # the newest wording names the entry
        entry = entries[key]
        target = merged.setdefault(find(key), Entry(entry.category, entry.summary))
        for snippet_key, printed in entry.printed.items():
            for message, releases in printed.items():
                target.add(snippet_key, message, releases, entry.raised_by[snippet_key], entry.causes_of[snippet_key])
    for entry in merged.values():
        entry.category = max(entry.texts, key=lambda m: max(map(version_key, entry.texts[m])))[0]
    collected = list(merged.values())
    _assign_ids(collected)
    for entry in collected:
        entry.data = (data or {}).get(entry.id)
    collected += _unrecorded({entry.id for entry in collected}, data or {})
    return sorted(collected, key=lambda e: (e.is_warning, e.category, e.summary.lower()))


def _unrecorded(ids: set[str], data: dict[str, EntryCauses]) -> list[Entry]:
    """The entries of messages no snippet here prints (data/reports' [unrecorded])."""
    found = []
    for entry_id, causes in sorted(data.items()):
        message = causes.unrecorded
        if message is None or entry_id in ids:
            continue
        entry = Entry(message.category, first_sentence(template(message.text)), id=entry_id, data=causes)
        if slug(entry.summary) != entry_id:
            raise ValueError(f"{causes.path}: an [unrecorded] message's file is named after its first sentence: "
                             f"rename it {slug(entry.summary)}.toml")
        found.append(entry)
    return found


def _assign_ids(entries: list[Entry]) -> None:
    """Each entry's id: its oldest wording's first sentence, as a slug. Where another entry's
    sentence opens with the same words as far as a slug goes, the id takes more of its words
    (the forward-mode refusals, "... does not support it because it is an out= function");
    where the words are the same, its category leads it."""
    taken: set[str] = set()
    for entry in sorted(entries, key=lambda e: (e.category, e.oldest_template())):
        sentence = first_sentence(entry.oldest_template())
        entry.id = slug(sentence)
        if not re.search(r"[a-z0-9]", re.sub(r"<[^<>]*>|'", "", sentence.lower())):
            # a message that is only a placeholder ("KeyError: <id>"): its category and the placeholder's words
            entry.id = slug(f"{entry.category} {sentence.replace('<', '').replace('>', '')}")
        if entry.id in taken:
            longer = slug(sentence, 2 * ID_LENGTH)
            entry.id = longer if longer not in taken else slug(f"{entry.category} {entry.id}")
        if entry.id in taken:
            raise ValueError(f"two error index entries would both have the id {entry.id!r}")
        taken.add(entry.id)


def newest_first(groups: dict) -> list[tuple]:
    items = [(key, sorted(versions, key=version_key)) for key, versions in groups.items()]
    return sorted(items, key=lambda item: (version_key(item[1][-1]), item[0]), reverse=True)


