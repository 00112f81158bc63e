"""The error index: every distinct error and warning any snippet prints, on any recorded
release, found in the recorded outputs (never typed by hand).

A message becomes a template by replacing what varies between occurrences (tensor types
and shapes, node names, versions, indices) with placeholders; messages whose first
sentence has the same template are one entry (a warning whose category changed between
releases too). Each entry keeps every exact text with the releases that print it, the
snippets that raise it and the fixes they name in `# fixed-by:`, grouped into causes by
their `# cause:` line, and for each cause the clue in the message that points to it.

An entry's id (its anchor) comes from its oldest recorded wording, so a release that
rewords the message, or a page that moves, does not change it.

The page starts with a paste box (docs/javascripts/diagnose.js). What it matches a
pasted message against is a JSON block in the page, made here from the same recordings:
the placeholder patterns, every entry's templates, and per cause the shape of its
messages, their opening sentences and the nodes they name.
"""

from __future__ import annotations

import functools
import html
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from packaging.version import Version

from fieldguide import fix_diff
from fieldguide.causes import EntryCauses, Mechanism, Unrecorded
from fieldguide.normalize import CPP_LOCATION
from fieldguide.releases import version_key
from fieldguide.render import TRACEBACK_START, anchor, fence, version_range
from fieldguide.snippet import Snippet
from fieldguide.store import OutputStore
from fieldguide.translations import ENGLISH_WORDS, Words
from fieldguide.wordings import Wording

# A warning's header: the file:line it names, or "<torch source>" for a place inside torch.
WARNING_HEADER = re.compile(r"^(?:\S+:\d+|<torch source>): (\w*Warning): (.*)$")
# What varies between occurrences of a message: (kind, pattern, placeholder), applied in
# order. The patterns are valid JavaScript too: the paste box applies the same ones, and
# reads what they capture (a node's name is the last group of `output` and `node`).
PLACEHOLDERS = [
    ("tensor", r"\[([\w.]+) \[([\d, ]*)\]\]", "[<tensor type> [<shape>]]"),
    ("size", r"torch\.Size\(\[([\d, ]*)\]\)", "torch.Size(<shape>)"),
    ("source", CPP_LOCATION.pattern, "(Triggered internally at <torch source>.)"),
    ("class", r"<class '([\w.]+)'>", "<class '<name>'>"),
    ("output", r"\boutput (\d+) of (?:\w+::)*(\w+)", "output <n> of <node>"),
    ("output", r"\bOutput (\d+) of (?:\w+::)*(\w+)", "Output <n> of <node>"),
    ("node", r"\b(\w+Backward\d*)\b", "<node>"),
    ("value", r"(?<![\w.])(\d+\.\d+(?:e[-+]?\d+)?)(?![\w.])", "<value>"),
    ("n", r"(?<![\w.</])(\d+)(?![\w.>])", "<n>"),
]
_PATTERNS = [(kind, re.compile(pattern), placeholder) for kind, pattern, placeholder in PLACEHOLDERS]
# Some releases call a node `PowBackward0` in "output 0 of ..."; later ones name the
# forward op, `Pow` (anomaly mode's warning keeps the backward name).
BACKWARD_SUFFIX = r"Backward(\d*)$"
# Sentences end at a full stop or colon before a space or a new line, or before a capital
# where PyTorch forgot the space ("not allowed.You can"), not inside `__main__.Name`.
_SENTENCE_END = re.compile(r"(?<=[.:])\s+|(?<=[a-z)\]][.:])(?=[A-Z])|\n")
_SOURCE_PREFIX = re.compile(r"^[a-z_]+(?:\.[a-z_]+)*: ")
_TORCH_NAME = re.compile(r"\btorch(?:\.\w+)+")
ID_LENGTH = 60

Message = tuple[str, str]  # (category, text)


def messages(output: str) -> list[Message]:
    """(category, message) for every warning and the uncaught error (last) in one output."""
    found = []
    lines = output.splitlines()
    i = 0
    while i < len(lines):
        match = WARNING_HEADER.match(lines[i])
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


@functools.cache  # the index asks about the same few hundred messages again and again
def template(message: str) -> str:
    for _, pattern, placeholder in _PATTERNS:
        message = pattern.sub(placeholder, message)
    return message


@functools.cache
def form(message: str) -> tuple[str, ...]:
    """The kinds of placeholder a message needs: its shape, whatever the wording."""
    found = set()
    for kind, pattern, placeholder in _PATTERNS:
        message, count = pattern.subn(placeholder, message)
        if count:
            found.add(kind)
    return tuple(sorted(found))


def sentences(text: str, count: int) -> list[str]:
    """The first `count` sentences of a text, each without its full stop or colon. A module's
    name before a colon ("torch.utils.checkpoint: the use_reentrant ...") says where the
    message comes from and starts the first sentence rather than being one."""
    prefix = _SOURCE_PREFIX.match(text)
    # a dotted name under torch ("torch.cuda.amp.GradScaler", "torch.Size") ends no sentence
    body = _TORCH_NAME.sub(lambda m: m[0].replace(".", "\0"), text[prefix.end() if prefix else 0:])
    parts = [part.replace("\0", ".") for part in _SENTENCE_END.split(body, maxsplit=count)[:count]]
    if prefix:
        parts[0] = prefix[0] + parts[0]
    return [part.rstrip(".:,") for part in parts]


def first_sentence(text: str) -> str:
    return sentences(text, 1)[0]


def node_names(message: str, outputs_only: bool = False) -> list[str]:
    """The autograd nodes a message names, as printed (with `outputs_only`, only the one it
    says produced the tensor: "output 0 of <node>")."""
    return list(_node_names(message, outputs_only))


@functools.cache
def _node_names(message: str, outputs_only: bool) -> tuple[str, ...]:
    kinds = ("output",) if outputs_only else ("output", "node")
    return tuple(dict.fromkeys(
        m.groups()[-1] for kind, pattern, _ in _PATTERNS if kind in kinds for m in pattern.finditer(message)
    ))


def forward_name(node: str) -> str:
    """`ClampBackward1` -> `Clamp1`, `PowBackward0` -> `Pow`: the name releases that print
    the forward op use (drop `Backward`, and a trailing 0)."""
    return re.sub(BACKWARD_SUFFIX, lambda m: "" if m[1] in ("", "0") else m[1], node)


def slug(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", re.sub(r"<[^<>]*>|'", "", text.lower()))
    out = words[0] if words else "message"
    for word in words[1:]:
        if len(out) + 1 + len(word) > ID_LENGTH:
            break
        out += "-" + word
    return out


def _family(category: str) -> str:
    """Warnings move between categories (UserWarning, then FutureWarning); errors do not."""
    return "Warning" if category.endswith("Warning") else category


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
            mechanism = self.data.of(key, text) if self.data else None
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
    (besides messages every release prints alike), the wordings are the same entry.
    """
    entries: dict[tuple[str, str], Entry] = {}
    same: dict[tuple[str, str], tuple[str, str]] = {}  # union-find over entry keys

    def find(key):
        while same.get(key, key) != key:
            key = same[key]
        return key

    for snippet in snippets:
        outputs = [(versions, output, messages(output)) for versions, output in store.by_output(snippet.key)]
        keyed = [[(_family(category), first_sentence(template(text))) for category, text in found]
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
        for family_keys in single.values():
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
    """Each entry's id: its oldest wording's first sentence, as a slug."""
    taken: set[str] = set()
    for entry in sorted(entries, key=lambda e: (e.category, e.oldest_template())):
        entry.id = slug(first_sentence(entry.oldest_template()))
        if entry.id in taken:  # the same words as another category's message
            entry.id = slug(f"{entry.category} {entry.id}")
        if entry.id in taken:
            raise ValueError(f"two error index entries would both have the id {entry.id!r}")
        taken.add(entry.id)


def newest_first(groups: dict) -> list[tuple]:
    items = [(key, sorted(versions, key=version_key)) for key, versions in groups.items()]
    return sorted(items, key=lambda item: (version_key(item[1][-1]), item[0]), reverse=True)


def _clause(kind: str, templates: list[str]) -> str:
    """The clause of a template that holds a placeholder of `kind`, e.g.
    'which is output <n> of <node>'."""
    placeholders = [p for k, _, p in PLACEHOLDERS if k == kind]
    for text in templates:
        for clause in re.split(r"[,;:]\s|\.\s", text):
            if any(p in clause for p in placeholders):
                return clause.strip(" .")
    return placeholders[0]


def _usual_form(causes: list[Cause]) -> str:
    """The form most causes have (the fuller one on a tie): the shape other forms differ from."""
    forms = [f for c in causes for f in c.forms]
    return max(set(forms), key=lambda f: (forms.count(f), len(f.split()), f))


def clues(causes: list[Cause], words: Words = ENGLISH_WORDS) -> list[str | None]:
    """What in the message points to each cause and to no other: a part its messages lack
    (or have) where the usual shape has it (or not), else an opening only they print; and
    a node only they name. In `words`' language."""
    usual = _usual_form(causes) if causes else ""
    found: list[str | None] = []
    for cause in causes:
        others = [c for c in causes if c is not cause]
        if not others:
            found.append(None)
            continue
        said = []
        other_forms = {f for c in others for f in c.forms}
        templates = [template(text) for c in causes for _, text in c.texts]
        for shape in sorted(set(cause.forms) - other_forms - {usual}):
            missing, added = set(usual.split()) - set(shape.split()), set(shape.split()) - set(usual.split())
            said += [words.say("clue_without", clause=_clause(kind, templates)) for kind in sorted(missing)]
            said += [words.say("clue_with", clause=_clause(kind, templates)) for kind in sorted(added)]
        if set(cause.forms) & other_forms:  # the same parts as another cause: its own words
            own = sorted(cause.openings - {o for c in others for o in c.openings})
            said += [words.say("clue_says", opening=opening.replace("`", "'")) for opening in own[:1] if opening]
        nodes = cause.nodes - set().union(*(c.nodes for c in others))
        printed = sorted({n for _, t in cause.texts for n in node_names(t) if forward_name(n) in nodes},
                         key=lambda n: (forward_name(n), n == forward_name(n), n))
        if printed:
            said.append(words.say("clue_names", nodes=" / ".join(f"`{n}`" for n in printed)))
        found.append(words.say("list_separator").join(said) or None)
    return found


def naming(entries: list[Entry], listed: list[str]) -> dict:
    """How "output <n> of <node>" names a node, per release, read from snippets recorded
    both ways: the releases that print the backward node (`PowBackward0`), those that print
    the forward op (`Pow`), and recorded pairs (one ending in 0, one in another digit)."""
    backward: set[str] = set()
    forward: set[str] = set()
    pairs: dict[bool, tuple[str, str]] = {}  # ends in 0 -> (backward name, forward name)
    for entry in entries:
        for printed in entry.printed.values():
            names: dict[str, set[str]] = {}
            for (_, text), versions in printed.items():
                for name in node_names(text, outputs_only=True):
                    names.setdefault(name, set()).update(versions)
            for name, versions in names.items():
                if name != forward_name(name):
                    backward |= versions
                    if forward_name(name) in names:
                        pairs.setdefault(name[-1] == "0", (name, forward_name(name)))
                elif any(forward_name(other) == name != other for other in names):
                    forward |= versions
    if not (backward and forward):
        return {}
    return {
        "backward": version_range(backward, listed),
        "forward": version_range(forward, listed),
        "examples": [pairs[zero] for zero in (True, False) if zero in pairs],
    }


def _with_clues(entry: Entry, order: list[str], words: Words = ENGLISH_WORDS) -> list[tuple[Cause, str | None]]:
    causes = entry.causes(order)
    return list(zip(causes, clues(causes, words), strict=True))


def _not_reproduced(entry: Entry) -> list[Cause]:
    """The causes readers hit that no snippet reproduces here (after those that are): the
    paste box still ranks them by the clues a paste carries and their reports."""
    mechanisms = entry.data.mechanisms if entry.data else ()
    return [Cause(m.text, {}, {}, m) for m in mechanisms if not m.shown]


def _said(words: Words, text: str | None) -> str | None:
    return words.text(text) if text else text


def paste_data(
    entries: list[Entry],
    snippets: dict[str, Snippet],
    order: list[str],
    urls: dict[str, str],
    listed: list[str],
    words: Words = ENGLISH_WORDS,
    wordings: Sequence[Wording] = (),
) -> dict:
    """What the paste box matches a pasted message against and answers with, in `words`'
    language: the placeholder patterns, and per entry its templates and its causes, each with
    its clues, its fix in a sentence, and its raising snippets with their fixes (`urls`: snippet
    key -> the address of the page that shows it, from the index's page; `order`: the snippet
    keys in navigation order) and what the fix changes. `wordings`: PyTorch's source wordings
    no recorded release prints (data/wordings.toml), matched as the entry's too."""
    def url(key: str) -> str:
        return f"{urls[key]}#{anchor(snippets[key])}" if key in urls else ""

    def pair(key: str, fix: str | None) -> dict:
        return {
            "snippet": key, "url": url(key), "fix": fix or "", "fixUrl": url(fix) if fix else "",
            "diff": fix_diff.hunks(snippets[key], snippets[fix]) if fix and fix in snippets else [],
        }

    return {
        "language": words.language,
        "words": {key[len("box_"):]: text for key, text in words.ui.items() if key.startswith("box_")},
        "placeholders": PLACEHOLDERS,
        "backwardSuffix": BACKWARD_SUFFIX,
        "naming": naming(entries, listed),
        "entries": [
            {
                "id": entry.id,
                "category": entry.category,
                "categories": sorted({category for category, _ in entry.texts} or {entry.category}),
                "summary": entry.summary,
                "templates": [
                    [shape, first_sentence(shape), version_range(versions, listed)]
                    for (_, shape), versions in newest_first(entry.templates)
                ] + [
                    # a wording no release recorded here prints, as PyTorch's source has it
                    [template(w.text), first_sentence(template(w.text)), w.releases, False]
                    for w in ([entry.unrecorded] if entry.unrecorded else [])
                    + [w for w in wordings if w.entry == entry.id]
                ],
                "clauses": {
                    kind: _clause(kind, [shape for _, shape in sorted(entry.templates)])
                    for kind in sorted({kind for _, text in entry.texts for kind in form(text)})
                },
                "causes": [
                    {
                        "text": _said(words, cause.text),
                        "mechanism": cause.mechanism.id if cause.mechanism else "",
                        "fix": _said(words, cause.mechanism.fix) or "" if cause.mechanism else "",
                        "seen": cause.seen,
                        "reports": [[r.source, r.url] for r in cause.mechanism.reports] if cause.mechanism else [],
                        "pairs": [pair(key, fix) for key, fix in cause.fixes.items()],
                        "forms": cause.forms,
                        "nodes": sorted(cause.nodes),
                        "openings": sorted(cause.openings),
                        # what a paste may carry that points here (data/reports)
                        "clueNodes": sorted({forward_name(n) for n in cause.mechanism.nodes})
                        if cause.mechanism else [],
                        "clueLeaf": bool(cause.mechanism and cause.mechanism.leaf),
                        "clueCode": list(cause.mechanism.code) if cause.mechanism else [],
                        "clueMessage": list(cause.mechanism.message) if cause.mechanism else [],
                        # a cause readers hit that no snippet here reproduces: why not
                        "notShown": _said(words, cause.mechanism.why) or ""
                        if cause.mechanism and not cause.mechanism.shown else None,
                    }
                    for cause in entry.causes(order) + _not_reproduced(entry)
                ],
            }
            for entry in entries
        ],
    }


def _box(words: Words, answer_at: str = "") -> str:
    """The box itself: hidden until its script starts (without JavaScript it cannot answer).
    With `answer_at` (the index's address), the index's box answers the paste."""
    where = f' data-answer-at="{html.escape(answer_at)}"' if answer_at else ""
    return (
        f'<div class="fg-diagnose" id="diagnose"{where} hidden>'
        f'<label for="fg-diagnose-input">{html.escape(words.say("paste_label"))}</label>'
        '<textarea id="fg-diagnose-input" rows="5" spellcheck="false" autocomplete="off" '
        'placeholder="RuntimeError: one of the variables needed for gradient computation has been '
        'modified by an inplace operation: …"></textarea>'
        '<button type="button" class="md-button md-button--primary" id="fg-diagnose-button">'
        f"{html.escape(words.say('diagnose'))}</button>"
        '<p class="fg-diagnose__status" id="fg-diagnose-status" role="status" aria-live="polite"></p>'
        "</div>\n\n"
    )


def paste_box(data: dict, words: Words = ENGLISH_WORDS) -> str:
    """The index's paste box, and the data (paste_data) it reads a paste with."""
    # `<`, `>` and `&` escaped, so no message can end the script element early.
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    payload = payload.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return _box(words) + f'<script type="application/json" id="fg-diagnose-data">{payload}</script>\n'


def paste_box_elsewhere(index_url: str, words: Words = ENGLISH_WORDS) -> str:
    """The paste box on another page (the home page): a paste goes to the index at
    `index_url`, whose box answers it; the page carries none of the index's data."""
    return _box(words, index_url)


def _evidence(data: EntryCauses, shown: list[Mechanism], words: Words) -> str:
    """The causes readers hit that no snippet reproduces here, and every report read."""
    def escaped(text: str | None) -> str:
        return html.escape(_said(words, text) or "", quote=False)

    out = []
    for mechanism in data.mechanisms:
        if not mechanism.shown:
            fix = words.say("also_seen_fix", fix=escaped(mechanism.fix)) if mechanism.fix else ""
            out.append(words.say("also_seen", text=escaped(mechanism.text), seen=words.seen(len(mechanism.reports)),
                                 why=escaped(mechanism.why)) + fix + "\n")
    if data.reports:
        order = shown + [m for m in data.mechanisms if m not in shown]
        out.append(f'??? info "{words.say("reports_read", seen=words.seen(len(data.reports)))}"\n')
        for mechanism in order:
            for report in mechanism.reports:
                release = words.say("report_release", release=report.release) if report.release else ""
                out.append(f"    - [{report.source}]({report.url}){release}: "
                           f"{html.escape(report.evidence, quote=False)} *({escaped(mechanism.text)})*")
        out.append("")
    return "\n".join(out)


def markdown(
    entries: list[Entry],
    snippets: dict[str, Snippet],
    pages: dict[str, str],
    listed: list[str],
    words: Words = ENGLISH_WORDS,
    urls: dict[str, str] | None = None,
    wordings: Sequence[Wording] = (),
) -> str:
    """The index page's body: the paste box, then one section per entry, in `words`'
    language (headings and messages stay as PyTorch prints them); under its causes table, what
    each raising snippet's fix changes, folded, opened from the table. `pages` maps snippet keys
    to the page (relative link) that shows them, in navigation order, `urls` to that page's
    address (for the paste box's answers); an entry whose snippet or fix is on no page is an
    error the author must fix."""
    def target(key: str) -> str:
        if key not in pages:
            raise ValueError(
                f"{snippets[key].relpath} is listed in the error index but embedded on no page; "
                f'add {{{{ snippet("{key}") }}}} to the page it belongs to.'
            )
        return f"{pages[key]}#{anchor(snippets[key])}"

    def link(key: str) -> str:
        return f"[`{key}`]({target(key)})"

    def diff_id(entry: Entry, key: str) -> str:
        """The anchor of what `key`'s fix changes, under `entry` (a snippet may print several messages)."""
        return f"{entry.id}--{anchor(key)}"

    order = list(pages)
    out = [paste_box(paste_data(entries, snippets, order, urls or {}, listed, words, wordings), words)]
    for entry in entries:
        out.append(f"## `{entry.category}: {entry.summary}` {{ #{entry.id} .fg-entry }}\n")
        if (message := entry.unrecorded) and entry.data:
            title = words.say("unrecorded_title", releases=message.releases)
            out.append(fence(f"{message.category}: {template(message.text)}", ".fg-message", title))
            out.append(words.say("unrecorded", why=html.escape(words.text(message.why), quote=False),
                                 source=message.source) + "\n")
            out.append(_evidence(entry.data, [], words))
            continue
        openings: dict[str, set[str]] = {}
        for (_, shape), versions in entry.templates.items():
            openings.setdefault(first_sentence(shape), set()).update(versions)
        older = [(s, v) for s, v in newest_first(openings) if s != entry.summary]
        if older:
            others = words.say("list_separator").join(
                words.say("worded_on", wording=f"`{s}`", releases=version_range(v, listed)) for s, v in older
            )
            out.append(words.say("also_worded", wordings=others) + "\n")
        for (category, shape), versions in newest_first(entry.templates):
            title = words.say("template_title", releases=version_range(versions, listed))
            out.append(fence(f"{category}: {shape}", ".fg-message", title))
        header = [words.say(key) for key in ("cause", "seen_in", "clue", "raised_fixed")]
        rows = ["| " + " | ".join(header) + " |", "| --- | --- | --- | --- |"]
        with_clues = _with_clues(entry, order, words)
        diffs: list[str] = []  # what each pair's fix changes
        for cause, clue in with_clues:
            fixes: list[tuple[str, str]] = []  # (snippet, its fix), every one checked
            for key, fix in cause.fixes.items():
                if fix is None or fix not in snippets:
                    raise ValueError(
                        f"{snippets[key].relpath} prints '{entry.category}: {entry.summary}' but names "
                        f"{'no fix' if fix is None else f'a fix that does not exist ({fix})'}; add "
                        "'# fixed-by: topic/name' at its top, naming the snippet that avoids it."
                    )
                fixes.append((key, fix))
            said = html.escape(words.text(cause.text), quote=False) if cause.text else words.say("not_stated")
            pairs = "<br>".join(
                (f"{html.escape(words.text(example), quote=False)}: "
                 if cause.mechanism and (example := cause.examples[key]) else "")
                + f"{link(key)} → {link(fix)}"
                + words.say("fix_diff_aside", link=f"[{words.say('fix_diff_link')}](#{diff_id(entry, key)})")
                for key, fix in fixes
            )
            cells = [said, words.seen(cause.seen) if entry.data else "—", clue or "—", pairs]
            rows.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
            diffs += [fix_diff.html(fix_diff.hunks(snippets[key], snippets[fix]), key, target(key), fix, target(fix),
                                    words, diff_id(entry, key), named=True) for key, fix in fixes]
        out.append('<div class="fg-causes" markdown="1">\n\n' + "\n".join(rows) + "\n\n</div>\n")
        # Below the table, where a diff has the page's width: one per pair, folded, opened
        # from the pair's link in the table.
        out += diffs
        if entry.data:
            out.append(_evidence(entry.data, [cause.mechanism for cause, _ in with_clues if cause.mechanism], words))
        exact = newest_first(entry.texts)
        out.append(f'??? quote "{words.say("exact_many" if len(exact) > 1 else "exact_one")}"\n')
        for (category, text), versions in exact:
            title = words.say("text_title", releases=version_range(versions, listed))
            block = fence(f"{category}: {text}", ".fg-message", title)
            out.append("".join("    " + line if line.strip() else line for line in block.splitlines(True)))
    return "\n".join(out)
