"""The words the site generates, in each edition's language.

An edition is a docs folder: `docs` is the English one, `docs-<language>` another
(`docs-zh`, built by mkdocs.zh.yml). English words are the defaults below; another
language's are in data/translations/<language>.toml, one file per language:

    [ui]       # an id below -> its text; `{name}` marks what the site fills in
    cause = "原因"

    [text]     # English text of the data -> its translation: every snippet's `# cause:`
               # line and every mechanism's `text`, `why`, `fix` and `tell` in data/reports
    "an optimizer step between forward and backward" = "……"

A missing text stops the build with the file to edit; tests/test_translations.py lists
every one that is missing and every one that no longer translates anything. The comments of
the code the edition shows are in data/translations/comments/<language>.toml
(comment_translation.py).
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

TRANSLATIONS_DIR = Path("data") / "translations"
COMMENTS_DIR = TRANSLATIONS_DIR / "comments"
ENGLISH = "en"

# The interface's words: the labels around every snippet's output and the "What changed"
# page (render.py), the error index page (errors/page.py), its paste box
# (docs/javascripts/diagnose.js reads the `box_*` ones from the page), the notebooks.
UI = {
    # error index page
    "cause": "Cause",
    "seen_in": "Seen in",
    "clue": "Clue in the message",
    "raised_fixed": "Raised by → fixed by",
    "fix_diff_link": "what changes",  # opens the diff of a raising snippet and its fix
    "fix_diff_aside": " ({link})",  # that link after the pair
    "not_stated": "(not stated)",
    "seen_none": "no public report read",
    "seen_one": "1 public report",
    "seen_many": "{count} public reports",
    "also_seen": "Also seen, not reproduced here: {text} ({seen}). {why}",
    "also_seen_fix": " Fix: {fix}",
    "unrecorded_title": "Template, PyTorch {releases}, from its source",
    "unrecorded": "No snippet here prints this message: {why}. Its wording is taken from PyTorch's source "
                  "(`{source}`); its causes and their fixes come from public reports.",
    # a message a training library raises (data/reports' [unrecorded] with `library`), not PyTorch
    "unrecorded_title_library": "Template, {library} {releases}, from its source",
    "unrecorded_library": "No snippet here prints this message: {why}. It is {library}'s message, not PyTorch's: "
                          "its wording is taken from {library}'s source (`{source}`), and its releases are "
                          "{library}'s; its causes and their fixes come from public reports.",
    "reports_read": "The {seen} read for this entry",
    "report_release": ", PyTorch {release}",
    "also_worded": "Also worded: {wordings}",
    "worded_on": "{wording} (PyTorch {releases})",
    "template_title": "Template, PyTorch {releases}",
    "text_title": "PyTorch {releases}",
    "exact_one": "The exact text, by release",
    "exact_many": "The exact texts, by release",
    "clue_without": "no `{clause}` part",
    "clue_with": "a `{clause}` part",
    "clue_says": "says `{opening}`",
    "clue_names": "names {nodes}",
    "list_separator": "; ",
    "index_unrecorded": "Messages no snippet here prints",  # the index's last group
    "entry_moved": "This entry's page is now {link}.",  # at an entry's earlier id
    # every page with snippets (render.py)
    "output": "Output",
    "no_output": "(no output)",
    "raises": "Raises {error}",
    "fixed_by": "Fixed by: {fix}",
    "fix_diff_title": "What the fix changes",  # fix_diff.py
    "fix_diff_named": "What the fix changes: {raising} → {fix}",  # one of several, on the error index
    "versions_same": "Output same on PyTorch {releases}.",
    "versions_one": "Output recorded on PyTorch {releases}.",
    "versions_same_graph": "Output and graph same on PyTorch {releases}.",
    "versions_one_graph": "Output and graph recorded on PyTorch {releases}.",
    "versions_differ": "What this prints or draws differs between PyTorch releases; pick yours.",
    "min_torch": " Not available before PyTorch {version}.",
    "before_torch": " Run only on releases before PyTorch {version}, which has what it shows missing.",
    "graph_title": "Autograd graph of {names}",
    "graph_caption": "The autograd graph behind {names} once the snippet has run, read from PyTorch's own "
                     "objects. Arrows point the way {backward} travels.",
    "live_title": "Not yet recorded",
    "live_note": "This output comes from running the edited file just now on PyTorch {version}. Record it "
                 "with `make record`; until then the tests fail for this snippet.",
    "quote_title": "Printed by {snippet}",  # a checked quote's tooltip (macros.py)
    "quote_range": "{since} – {until}",  # the releases a checked quote holds on (quotes.py)
    "quote_since": "from {since}",
    "quote_until": "up to {until}",
    # the "What changed between versions" page (render.py)
    "changes_output": "Output",
    "changes_graph": "Graph",
    "changed_in": "Changed in {version}",
    "changes_none": "Every snippet prints the same on every recorded release.",
    # every page
    "reference": "**{version}** (reference)",
    "paste_label": "Paste your error or warning: the whole traceback or its last line, from any PyTorch release.",
    "diagnose": "Diagnose",
    # notebooks
    "notebook_intro": "The examples of the Autograd Field Guide page *{title}*, executed with PyTorch "
                      "{version}. Each cell is one self-contained example: run it in a fresh kernel, or in "
                      "page order as here.",
    "notebook_download": "Download notebook",
    "notebook_page": "Executed notebook",
    # the release picker on every page (docs/javascripts/release-picker.js, fieldguide/picker.py)
    "picker_label": "Your PyTorch release",
    "picker_newest": "newest ({release})",
    "picker_nearest": "PyTorch {asked} is not recorded here; showing the nearest recorded release, {release}.",
    "picker_invalid": "“{asked}” is not a PyTorch release number; showing {release}.",
    "picker_tab": " PyTorch {release} prints what the tab {tab} shows.",
    "picker_included": " That includes PyTorch {release}.",
    "picker_not_recorded": " Not recorded on PyTorch {release}.",
    "picker_quote_off": "; not on {release}",  # after a quote's range: "(up to 2.10; not on 2.15.0)"
    "picker_message_yours": " (your release, {release})",  # after an error index block's title
    "picker_message_none": "The recordings of PyTorch {release} do not print this message.",
    # the upgrade view (docs/upgrade.md: fieldguide/upgrade.py, upgrade-view.js)
    "upgrade_noscript": "This view is made in your browser and needs JavaScript. Without it, {changes} lists "
                        "every difference between neighbouring releases.",
    "upgrade_changes_page": "What changed between versions",
    "upgrade_from": "From",
    "upgrade_to": "To",
    "upgrade_count_none": "Every snippet prints, raises and draws the same on PyTorch {old} and {new}.",
    "upgrade_count_one": "1 snippet prints, raises or draws something else on PyTorch {new} than on {old}.",
    "upgrade_count_many": "{count} snippets print, raise or draw something else on PyTorch {new} than on {old}.",
    "upgrade_messages_count": "In the Error index: {appear} messages printed on {new} and not on {old}, "
                              "{disappear} printed on {old} and not on {new}.",
    "upgrade_what": "Differs: {what}.",
    "upgrade_output": "output",
    "upgrade_error": "raised error",
    "upgrade_graph": "graph",
    "upgrade_separator": ", ",
    "upgrade_gap": " ",  # between two sentences of the view (none after Chinese full-width punctuation)
    "upgrade_only": "Recorded on PyTorch {release} only.",
    "upgrade_messages": "Messages in the Error index",
    "upgrade_appear": "Printed on {new}, not on {old}",
    "upgrade_disappear": "Printed on {old}, not on {new}",
    "upgrade_retyped": "Raised as another type on {new} than on {old}",
    "upgrade_retyped_was": "(a {type} on {old}).",
    "upgrade_retyped_uncaught": "An except {type} clause no longer catches it on {new}.",
    "upgrade_unrecorded": "Recorded on one of the two releases only",
    "upgrade_unrecorded_on": "(recorded on {release} only: the snippets that print it do not run on the other "
                             "release).",
    "upgrade_no_messages": "The recordings of both releases print the same messages.",
    "upgrade_same": "Pick two different releases.",
    "upgrade_other_pages": "Not on any page",
    # the paste box (diagnose.js): `{name}` is filled with text or a code element
    "box_list_separator": "; ",  # between the reasons a cause matches a paste
    "box_item_separator": ", ",  # between a cause's report links, between node names
    "box_dash": " — ",  # between a cause and its fixes in the list of other causes
    "box_gap": " ",  # after a label or a sentence of the answer (none after full-width punctuation)
    "box_paste_first": "Paste an error or warning first.",
    "box_unknown": "This message is not one the guide knows: {line} No snippet here prints it; other pages "
                   "may still mention it: {search}",
    "box_search_fallback": "use the site search",
    "box_search": "Search the site for it",
    "box_found": "Found: {entry}.",
    "box_panel": "Diagnosis of your message",
    "box_worded_one": "Worded as PyTorch {releases} prints it.",
    "box_worded_many": "Worded as PyTorch {releases} print it.",
    "box_worded_source": "Worded as PyTorch {releases} words it in its source; no release recorded here prints it.",
    "box_worded_library": "Worded as {library} {releases} words it in its source: {library} raises it, "
                          "not PyTorch.",
    "box_worded_none": "Worded like none of the recorded releases; the closest wording is that of PyTorch "
                       "{releases}.",
    "box_tensor": "The tensor: {type} of shape {shape}: {what}{dims}.",
    "box_what": "{what}; ",
    "box_what_separator": ", ",
    "box_sparse": "sparse",
    "box_on_cuda": "on a CUDA GPU",
    "box_on_cpu": "on the CPU",
    "box_dims_zero": "0 dimensions (a single number)",
    "box_dims": "{dims} {dimensions}, {count} {elements}",
    "box_dimension": "dimension",
    "box_dimensions": "dimensions",
    "box_element": "element",
    "box_elements": "elements",
    "box_reduced": " A {dtype} tensor comes from mixed precision (autocast) or from a model converted with "
                   ".half() or .bfloat16().",
    "box_shape": "A shape: {shape}.",
    "box_output": "The message names {node} (output {index}): the graph node the tensor belongs to, its "
                  "{grad_fn}, usually the operation that computed it.",
    "box_naming": " PyTorch {backward} print the backward node's name here, {forward} the forward op's: "
                  "without {suffix} and a trailing {zero} ({examples}).",
    "box_node": "The node {node}: a backward node of the autograd graph.",
    "box_name": "Your paste names {name}; the entry's heading has {placeholder} in its place.",
    "box_other_name": " In the forward op's naming: {name}.",
    "box_counts_from_zero": "{what} counts from 0: the {nth} one.",
    "box_versions": "Versions: the tensor was saved for backward at version {expected} and is now at version "
                    "{at}: it was changed in place after it was saved (every in-place write to it, to a view "
                    "of it or through its detach() raises the counter; here by {changes}).",
    "box_versions_high": " A version this high means it was updated in place many times before it was saved, as "
                         "a weight is at every optimizer step of a training loop.",
    "box_leaf": "Your message has no {clause} part: the changed tensor has no {grad_fn}, so it is a leaf (a "
                "weight, an input, or any tensor that does not require grad).",
    "box_why_node": "your message names {node}",
    "box_why_leaf": "your message names no node: the edited tensor is a leaf, such as a parameter",
    "box_why_code": "your traceback has {line}",
    "box_why_shape": "its messages have the parts yours has",
    "box_why_opening": "its messages say what yours says",
    "box_why_named": "its messages name {node} too",
    "box_why_pasted_code": "your code has {line}",
    "box_why_message": "your message names {text}",
    "box_seen_one": " Seen in 1 public report.",
    "box_seen_many": " Seen in {count} public reports.",
    "box_not_stated": "Cause not stated",
    "box_likeliest": "The likeliest cause:",
    "box_the_cause": "The cause:",
    "box_fix": "The fix:",
    "box_diff": "What changes from {snippet}, which raises it, to {fix}, which does not:",
    "box_none_fits": "None of the causes this guide knows is about {what}; these are the ones it knows for this "
                     "message.",
    "box_other_causes": "Other causes",
    "box_other_fix": "fix: {fix}",
    "box_reports": "Public reports: {links}.",
    "box_reading": "What your message says",
    "box_whole_entry": "The whole entry: every cause, the public reports and the exact texts by release",
    "box_not_shown": " Not reproduced here.",
    "box_not_shown_why": " Not reproduced here: {why}.",
    "box_matches": " Matches: {reasons}.",
    # The diagnosis in a terminal or a notebook (explain/: the autograd-fieldguide package)
    "explain_title": "Autograd Field Guide: {entry}",
    "explain_more": "The whole entry: {url}",
    "explain_others": "Other causes on the entry's page: {count}.",
    "explain_unknown": "The Autograd Field Guide has no entry for the message it read: {line}",
    "explain_nothing": "No error or warning line was found in what was read.",
}


class TranslationError(ValueError):
    """A word the edition's language lacks; the message names the file to edit."""


def path_of(root: Path, language: str) -> Path:
    return Path(root) / TRANSLATIONS_DIR / f"{language}.toml"


def comments_path_of(root: Path, language: str) -> Path:
    """The edition's comments of the code (comment_translation.py)."""
    return Path(root) / COMMENTS_DIR / f"{language}.toml"


@dataclass(frozen=True)
class Words:
    """The generated words of one language (English: the defaults)."""

    language: str = ENGLISH
    ui: dict[str, str] = field(default_factory=lambda: dict(UI))
    texts: dict[str, str] = field(default_factory=dict)
    path: Path | None = None  # the file they come from, named in errors
    # the English comments of the code shown -> their lines in this language (comment_translation.py)
    comments: dict[str, tuple[str, ...]] = field(default_factory=dict)
    comments_path: Path | None = None

    def say(self, key: str, **fields) -> str:
        return self.ui[key].format(**fields)

    def seen(self, count: int) -> str:
        return self.say("seen_none" if not count else "seen_one" if count == 1 else "seen_many", count=count)

    def text(self, english: str) -> str:
        """The data's English text (a cause, a mechanism's text, fix or tell) in this language."""
        if self.language == ENGLISH:
            return english
        if english not in self.texts:
            raise TranslationError(f"{self.path} has no translation of {english!r}: add it under [text] "
                                   "(tests/test_translations.py lists every one missing)")
        return self.texts[english]


ENGLISH_WORDS = Words()


def load(root: Path, language: str) -> Words:
    """The words of `language`, read again when its file changes."""
    if language == ENGLISH:
        return ENGLISH_WORDS
    path = path_of(root, language)
    if not path.is_file():
        raise TranslationError(f"no {path} for the edition in {language!r}: create it with [ui] and [text] "
                               "tables (see fieldguide/translations.py)")
    comments = comments_path_of(root, language)
    return _load(path, path.stat().st_mtime_ns, comments, comments.stat().st_mtime_ns if comments.is_file() else 0)


@functools.lru_cache(maxsize=4)
def _load(path: Path, stamp: int, comments_path: Path, comments_stamp: int) -> Words:
    data = _read(path)
    ui, texts = data.get("ui", {}), data.get("text", {})
    missing = sorted(set(UI) - set(ui))
    if missing:
        raise TranslationError(f"{path}: [ui] lacks {missing}; add them (the English is in fieldguide/translations.py)")
    # one line a string, several a list; as many as the English comment has
    comments = {english: (said,) if isinstance(said, str) else tuple(said)
                for english, said in (_read(comments_path) if comments_stamp else {}).items()}
    uneven = [english for english, said in comments.items() if len(said) != english.count("\n") + 1]
    if uneven:
        raise TranslationError(f"{comments_path}: the translations of {uneven} do not have as many lines as the "
                               "comment; a line for each, so the code keeps its line numbers")
    return Words(path.stem, {**UI, **ui}, dict(texts), path, comments, comments_path)


def _read(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise TranslationError(f"{path}: not valid TOML ({error}); fix the file") from None
