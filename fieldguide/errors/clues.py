"""What in a message points to each cause of its entry and to no other (the clue a causes
table shows), and how each entry names what it is about (a node, an operator): read by the
index page and the paste box's data."""

from __future__ import annotations

import re

from fieldguide.errors.grammar import PLACEHOLDERS, forward_name, node_names, template
from fieldguide.errors.grouping import Cause, Entry
from fieldguide.render import version_range
from fieldguide.translations import ENGLISH_WORDS, Words


def clause(kind: str, templates: list[str]) -> str:
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
            said += [words.say("clue_without", clause=clause(kind, templates)) for kind in sorted(missing)]
            said += [words.say("clue_with", clause=clause(kind, templates)) for kind in sorted(added)]
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


def with_clues(entry: Entry, order: list[str], words: Words = ENGLISH_WORDS) -> list[tuple[Cause, str | None]]:
    causes = entry.causes(order)
    return list(zip(causes, clues(causes, words), strict=True))


def not_reproduced(entry: Entry) -> list[Cause]:
    """The causes readers hit that no snippet reproduces here (after those that are): the
    paste box still ranks them by the clues a paste carries and their reports."""
    mechanisms = entry.data.mechanisms if entry.data else ()
    return [Cause(m.text, {}, {}, m) for m in mechanisms if not m.shown]


