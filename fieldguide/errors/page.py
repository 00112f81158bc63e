"""The Error index: its page (the `error_index()` macro: the paste box, then one line per
entry, grouped by the page a reader meets its message on), one page per entry (the
`error_entry()` macro, on docs/errors/<entry id>.md: the message, its exact texts per
release, its causes, their fixes and the reports behind them), and the paste box's data,
which the box (docs/javascripts/diagnose.js) fetches: a language-neutral part that every
edition shares (`paste_data`) and each edition's words (`paste_words`), written as files by
fieldguide/errors/data_files.py.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from fieldguide import comment_translation, fix_diff
from fieldguide.causes import EntryCauses, Mechanism
from fieldguide.errors.clues import clause, naming, not_reproduced, with_clues
from fieldguide.errors.grammar import BACKWARD_SUFFIX, PLACEHOLDERS, first_sentence, form, forward_name, template
from fieldguide.errors.grouping import Entry, newest_first
from fieldguide.render import anchor, fence, version_range
from fieldguide.snippet import Snippet
from fieldguide.translations import ENGLISH_WORDS, Words
from fieldguide.wordings import Wording


def _recorded(versions: set[str], listed: list[str]) -> list[str]:
    """The listed releases among `versions`, oldest first: a block's `data-releases`."""
    return [v for v in listed if v in versions]


def _said(words: Words, text: str | None) -> str | None:
    return words.text(text) if text else text


def paste_data(
    entries: list[Entry],
    snippets: dict[str, Snippet],
    order: list[str],
    urls: dict[str, str],
    listed: list[str],
    wordings: Sequence[Wording] = (),
    labelled: Mapping[tuple[str, str], int] | None = None,
) -> dict:
    """What the paste box matches a pasted message against and answers with, the same for
    every edition (its texts in English; `paste_words` has an edition's): the placeholder
    patterns, and per entry its templates and its causes, each with its clues, its fix in a
    sentence, and its raising snippets with their fixes (`urls`: snippet key -> the address
    of the page that shows it, from the edition's root; `order`: the snippet keys in
    navigation order) and what the fix changes. `wordings`: PyTorch's source wordings no
    recorded release prints (data/wordings.toml), matched as the entry's too. `labelled`:
    (entry, mechanism) -> how many labelled real pastes had that cause (pastes.labelled_causes),
    which ranks causes a paste's clues do not separate before their count of reports."""
    labelled = labelled or {}
    def url(key: str) -> str:
        return f"{urls[key]}#{anchor(snippets[key])}" if key in urls else ""

    def pair(key: str, fix: str | None) -> dict:
        return {
            "snippet": key, "url": url(key), "fix": fix or "", "fixUrl": url(fix) if fix else "",
            "diff": fix_diff.hunks(snippets[key], snippets[fix]) if fix and fix in snippets else [],
        }

    return {
        "placeholders": PLACEHOLDERS,
        "backwardSuffix": BACKWARD_SUFFIX,
        "naming": naming(entries, listed),
        "entries": [
            {
                "id": entry.id,
                "category": entry.category,
                # the types it is raised as, by a recorded release or in older sources' wordings
                "categories": sorted(({category for category, _ in entry.texts} or {entry.category})
                                     | {w.category for w in wordings if w.entry == entry.id}),
                "summary": entry.summary,
                # a message many operations raise is this entry only where a line of the
                # paste's traceback matches one of these (data/reports' `traceback`)
                "traceback": list(entry.data.traceback) if entry.data else [],
                # ... or, for a paste with no traceback at all, where its message matches one of these
                "alone": list(entry.data.alone) if entry.data else [],
                "templates": [
                    [shape, first_sentence(shape), version_range(versions, listed)]
                    for (_, shape), versions in newest_first(entry.templates)
                ] + [
                    # a message no snippet prints: PyTorch's, or (a fifth item) the training
                    # library's that raises it, `releases` then being that library's
                    [template(u.text), first_sentence(template(u.text)), u.releases, False]
                    + ([u.library] if u.library else [])
                    for u in ([entry.unrecorded] if entry.unrecorded else [])
                ] + [
                    # a wording no release recorded here prints, as PyTorch's source has it
                    [template(w.text), first_sentence(template(w.text)), w.releases, False]
                    for w in wordings if w.entry == entry.id
                ],
                # the recorded releases of each recorded template, in its order: the paste box
                # names an entry by the wording of the release picked (diagnosis.js's entryName)
                "templateReleases": [
                    _recorded(versions, listed) for _, versions in newest_first(entry.templates)
                ],
                "clauses": {
                    kind: clause(kind, [shape for _, shape in sorted(entry.templates)])
                    for kind in sorted({kind for _, text in entry.texts for kind in form(text)})
                },
                "causes": [
                    {
                        "text": cause.text,
                        "mechanism": cause.mechanism.id if cause.mechanism else "",
                        "fix": cause.mechanism.fix or "" if cause.mechanism else "",
                        "tell": cause.mechanism.tell if cause.mechanism else "",
                        "seen": cause.seen,
                        "labelled": labelled.get((entry.id, cause.mechanism.id), 0) if cause.mechanism else 0,
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
                        "notShown": cause.mechanism.why or ""
                        if cause.mechanism and not cause.mechanism.shown else None,
                    }
                    for cause in entry.causes(order) + not_reproduced(entry)
                ],
            }
            for entry in entries
        ],
    }


# The texts of paste_data that an edition words in its own language (paste_words).
TRANSLATED = ("text", "fix", "tell", "notShown")


def paste_words(data: dict, words: Words, snippets: dict[str, Snippet]) -> dict:
    """An edition's words for the paste box: its language, the box's interface (the `box_*`
    ids), for each English text of `data` it words otherwise, its own, and each line of the
    diffs that it shows otherwise (its comments: comment_translation.py), by snippet and line
    number (the box puts them in place: paste-reader.js's `localize`)."""
    causes = [cause for entry in data["entries"] for cause in entry["causes"]]
    texts = {cause[key] for cause in causes for key in TRANSLATED if cause[key]}
    numbers: dict[str, set[int]] = {}  # snippet -> the numbers of its lines that a diff shows
    for pair in (pair for cause in causes for pair in cause["pairs"]):
        for _, _, old, new in (row for hunk in pair["diff"] for row in hunk):
            key, number = (pair["snippet"], old) if old is not None else (pair["fix"], new)
            numbers.setdefault(key, set()).add(number)
    lines = {}
    for key in sorted(numbers):
        english, shown = (comment_translation.lines(snippets[key], edition) for edition in (ENGLISH_WORDS, words))
        if changed := {str(n): shown[n - 1] for n in sorted(numbers[key]) if shown[n - 1] != english[n - 1]}:
            lines[key] = changed
    return {
        "language": words.language,
        "words": {key[len("box_"):]: text for key, text in words.ui.items() if key.startswith("box_")},
        "texts": {text: said for text in sorted(texts) if (said := words.text(text)) != text},
        "lines": lines,
    }


def paste_box(words: Words, root: str, data_url: str, words_url: str) -> str:
    """The box: hidden until its script starts (without JavaScript it cannot answer). It
    fetches its data (`data_url`, `words_url`) when the reader comes to it; `root` is the
    address of the edition's root, which the data's addresses start from."""
    where = " ".join(f'{name}="{html.escape(value)}"' for name, value in
                     (("data-root", root), ("data-paste-data", data_url), ("data-paste-words", words_url)))
    return (
        f'<div class="fg-diagnose" id="diagnose" {where} hidden>'
        f'<label for="fg-diagnose-input">{html.escape(words.say("paste_label"))}</label>'
        '<textarea id="fg-diagnose-input" rows="5" spellcheck="false" autocomplete="off" '
        'placeholder="RuntimeError: one of the variables needed for gradient computation has been '
        'modified by an inplace operation: …"></textarea>'
        '<button type="button" class="md-button md-button--primary" id="fg-diagnose-button">'
        f"{html.escape(words.say('diagnose'))}</button>"
        '<p class="fg-diagnose__status" id="fg-diagnose-status" role="status" aria-live="polite"></p>'
        "</div>\n\n"
    )


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


def entry_markdown(
    entry: Entry,
    snippets: dict[str, Snippet],
    pages: dict[str, str],
    listed: list[str],
    words: Words = ENGLISH_WORDS,
) -> str:
    """An entry's page, in `words`' language (its heading and messages stay as PyTorch prints
    them): the message as a template per wording, its causes ranked as the paste box ranks
    them without a paste, each with its raising snippets and fixes and, under the table, what
    each fix changes, folded, opened from the table; the reports; the exact texts. `pages`
    maps snippet keys to the page (relative link) that shows them, in navigation order; an
    entry whose snippet or fix is on no page is an error the author must fix."""
    def target(key: str) -> str:
        if key not in pages:
            raise ValueError(
                f"{snippets[key].relpath} is listed in the error index but embedded on no page; "
                f'add {{{{ snippet("{key}") }}}} to the page it belongs to.'
            )
        return f"{pages[key]}#{anchor(snippets[key])}"

    def link(key: str) -> str:
        return f"[`{key}`]({target(key)})"

    def diff_id(key: str) -> str:
        """The anchor of what `key`'s fix changes (the old index's: `entry--snippet`)."""
        return f"{entry.id}--{anchor(key)}"

    order = list(pages)
    out = [f"# `{entry.category}: {entry.summary}` {{ #{entry.id} .fg-entry }}\n"]
    if (message := entry.unrecorded) and entry.data:
        # a training library's message says whose it is: its releases and source are the library's
        suffix = "_library" if message.library else ""
        title = words.say("unrecorded_title" + suffix, releases=message.releases, library=message.library)
        out.append(fence(f"{message.category}: {template(message.text)}", ".fg-message", title))
        out.append(words.say("unrecorded" + suffix, why=html.escape(words.text(message.why), quote=False),
                             source=message.source, library=message.library) + "\n")
        out.append(_evidence(entry.data, [], words))
        return "\n".join(out)
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
        out.append(fence(f"{category}: {shape}", ".fg-message", title, releases=_recorded(versions, listed)))
    header = [words.say(key) for key in ("cause", "seen_in", "clue", "raised_fixed")]
    rows = ["| " + " | ".join(header) + " |", "| --- | --- | --- | --- |"]
    ranked = with_clues(entry, order, words)
    diffs: list[str] = []  # what each pair's fix changes
    for cause, clue in ranked:
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
            + words.say("fix_diff_aside", link=f"[{words.say('fix_diff_link')}](#{diff_id(key)})")
            for key, fix in fixes
        )
        cells = [said, words.seen(cause.seen) if entry.data else "—", clue or "—", pairs]
        rows.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
        diffs += [fix_diff.html(fix_diff.hunks(snippets[key], snippets[fix], words=words), key, target(key), fix,
                                target(fix), words, diff_id(key), named=True) for key, fix in fixes]
    out.append('<div class="fg-causes" markdown="1">\n\n' + "\n".join(rows) + "\n\n</div>\n")
    # Below the table, where a diff has the page's width: one per pair, folded, opened
    # from the pair's link in the table.
    out += diffs
    if entry.data:
        out.append(_evidence(entry.data, [cause.mechanism for cause, _ in ranked if cause.mechanism], words))
    exact = newest_first(entry.texts)
    out.append(f'??? quote "{words.say("exact_many" if len(exact) > 1 else "exact_one")}"\n')
    for (category, text), versions in exact:
        title = words.say("text_title", releases=version_range(versions, listed))
        block = fence(f"{category}: {text}", ".fg-message", title, releases=_recorded(versions, listed))
        out.append("".join("    " + line if line.strip() else line for line in block.splitlines(True)))
    return "\n".join(out)


def situation(entry: Entry, pages: dict[str, str]) -> str | None:
    """Where a reader meets the entry's message: the page that shows its likeliest cause's
    first snippet (None for a message no snippet here prints)."""
    for cause in entry.causes(list(pages)):
        for key in cause.fixes:
            if key in pages:
                return pages[key]
    return None


def was(entry: Entry) -> str:
    """The attribute that keeps an entry's earlier ids (data/reports' `was`) on its index line,
    for links made before its name became a placeholder (docs/javascripts/entry-anchors.js)."""
    return f' data-was="{" ".join(entry.data.was)}"' if entry.data and entry.data.was else ""


def index_markdown(
    entries: list[Entry], pages: dict[str, str], titles: dict[str, str], links: dict[str, str], words: Words,
) -> str:
    """The index's list: one line per entry, its message linked to its page (`links`: entry id
    -> the page's link), grouped by `situation` under the title (`titles`) of that page, in
    navigation order; the messages no snippet prints last."""
    groups: dict[str | None, list[Entry]] = {}
    for entry in entries:
        groups.setdefault(situation(entry, pages), []).append(entry)
    order = list(dict.fromkeys(pages.values()))
    # Out of the search index: each line is its entry page's title, which search finds there.
    out = ['<div class="fg-index" data-search-exclude markdown="1">\n']
    for page in sorted(groups, key=lambda p: (p is None, order.index(p) if p in order else 0)):
        title = titles[page] if page else words.say("index_unrecorded")
        slug = page.removesuffix(".md").replace("/", "-") if page else "unrecorded"
        out.append(f"## {title} {{ #from-{slug} }}\n")
        out += [f'- [`{e.category}: {e.summary}`]({links[e.id]}){{ data-entry="{e.id}"{was(e)} }}'
                for e in groups[page]]
        out.append("")
    out.append("</div>\n")
    return "\n".join(out)
