"""Where the browser and Python run the same rules, they give the same answers: each rule
run both ways, under Node and in Python, over everything it is applied to, not a sample.

- Words with blanks: every word of every edition, filled as the site's Python fills them
  (translations.Words.say) and as the terminal tool does (diagnosis.py's _say), against
  words.js's say.
- Release numbers: every recorded release read by releases.js as Python's packaging reads it;
  every release and every minor picks the release the site's Python would.
- Messages: every message of every recorded output (fieldguide/errors/grammar.py's
  `messages`) found by the paste reader in that output with the same text, its template and
  form as grammar.py makes them, its nodes and their forward names.
- The answer card's words: every entry's name on every recorded release (diagnosis.js's
  entryName, diagnosis.py's entry_name), and why the first cause ranks first for every recorded
  message in both editions (diagnosis.js's reasons, diagnosis.py's _reasons).

The paste reader itself has its own parity test (tests/test_reader_parity.py), and the upgrade
view's diffs theirs (tests/test_upgrade.py)."""

from __future__ import annotations

import string
from pathlib import Path

import js_call
import pytest
from autograd_fieldguide import diagnosis, reader
from paste_reader import read, site_data
from test_paste_answers import recorded_cases

from fieldguide import editions, translations
from fieldguide.errors import grammar
from fieldguide.releases import load as load_matrix
from fieldguide.releases import version_key

ROOT = Path(__file__).resolve().parents[1]
LISTED = load_matrix(ROOT).versions
LANGUAGES = [edition.language for edition in editions.load(ROOT)]
CONFIGS = {edition.language: edition.config for edition in editions.load(ROOT)}
SHOWN = 10


def marked(text: str) -> dict[str, str]:
    """Each blank of a word filled with its own name, marked."""
    return {name: f"<{name}>" for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_is_filled_in_as_python_fills_it(language):
    words = translations.load(ROOT, language)
    terminal = diagnosis.words(language)
    asked = [["sayText", words.ui, key, marked(text)] for key, text in words.ui.items()]
    asked += [["sayText", terminal, key, marked(text)] for key, text in terminal.items()]
    expected = [words.say(key, **marked(text)) for key, text in words.ui.items()]
    expected += [diagnosis._say(language, key, **marked(text)) for key, text in terminal.items()]
    got = js_call.calls("words.js", asked)
    wrong = [f"{call[2]}: {js!r} != {python!r}" for call, js, python in zip(asked, got, expected, strict=True)
             if js != python]
    assert len(asked) > 200
    assert not wrong, "\n".join(wrong[:SHOWN])


def test_every_recorded_release_is_read_and_picked_as_python_reads_it():
    minors: dict[tuple[int, ...], list[str]] = {}
    for release in LISTED:
        minors.setdefault(version_key(release).release[:2], []).append(release)
    newest = {".".join(map(str, minor)): max(releases, key=version_key) for minor, releases in minors.items()}
    got = js_call.calls("releases.js", [["parts", release] for release in LISTED]
                        + [["resolve", asked, LISTED] for asked in [*LISTED, *newest]])
    assert got[:len(LISTED)] == [list(version_key(release).release) for release in LISTED]
    assert [found["release"] for found in got[len(LISTED):]] == LISTED + list(newest.values())
    assert not any("note" in found for found in got[len(LISTED):])


def recorded_messages() -> dict[tuple[str, str], str]:
    """(category, message) -> an output that prints it, for every message of every recorded output."""
    found: dict[tuple[str, str], str] = {}
    for path in sorted((ROOT / "outputs").glob("*/*/*.txt")):
        output = path.read_text(encoding="utf-8")
        for message in grammar.messages(output):
            found.setdefault(message, output)
    return found


def test_every_recorded_message_is_templated_and_named_as_python_does():
    messages = list(dict.fromkeys(text for category, text in recorded_messages()))
    templates = js_call.calls("paste-reader.js", [["template", text] for text in messages],
                              first=site_data(), construct="Reader")
    nodes = js_call.calls("paste-reader.js", [["nodes", text] for text in messages],
                          first=site_data(), construct="Reader")
    named = sorted({node for found in nodes for node in found})
    forward = js_call.calls("paste-reader.js", [["forwardName", node] for node in named],
                            first=site_data(), construct="Reader")
    wrong = [f"{text[:100]!r}: {js} != {grammar.template(text)!r}, {' '.join(grammar.form(text))!r}"
             for text, js in zip(messages, templates, strict=True)
             if js != {"text": grammar.template(text), "form": " ".join(grammar.form(text))}]
    wrong += [f"{text[:100]!r}: nodes {js} != {grammar.node_names(text)}"
              for text, js in zip(messages, nodes, strict=True) if list(dict.fromkeys(js)) != grammar.node_names(text)]
    wrong += [f"{node}: forward name {js!r} != {grammar.forward_name(node)!r}"
              for node, js in zip(named, forward, strict=True) if js != grammar.forward_name(node)]
    assert len(messages) > 200 and len(named) > 20
    assert not wrong, f"{len(wrong)} differences:\n" + "\n".join(wrong[:SHOWN])


def test_every_logged_warning_ends_where_python_ends_it():
    """A warning torch's C++ code logs itself ("[W ...] Warning: ... (function operator())")
    goes on over lines until the function that warned: grammar.py and paste-reader.js each
    have that rule."""
    logged = {(category, text): output for (category, text), output in recorded_messages().items()
              if any(grammar.CPP_WARNING_HEADER.match(line) for line in output.splitlines())
              and category == "Warning"}
    outputs = list(dict.fromkeys(logged.values()))
    found = dict(zip(outputs, js_call.calls("paste-reader.js", [["pastedMessages", o] for o in outputs]), strict=True))
    missing = [f"{text!r} in {output[:200]!r}" for (category, text), output in logged.items()
               if (category, text) not in {(m["category"], m["message"]) for m in found[output]}]
    assert logged
    assert not missing, "\n".join(missing[:SHOWN])


def test_every_entry_is_named_as_the_terminal_names_it_on_every_release():
    entries = site_data()["entries"]
    named = [{key: entry.get(key) for key in ("category", "summary", "templates", "templateReleases")}
             for entry in entries]
    asked = [["entryName", entry, release] for entry in named for release in [*LISTED, None]]
    got = js_call.calls("diagnosis.js", asked)
    wrong = [f"{entry['summary']!r} on {release}: {js!r} != {diagnosis.entry_name(entry, release)!r}"
             for (_, entry, release), js in zip(asked, got, strict=True) if js != diagnosis.entry_name(entry, release)]
    assert len(entries) > 50
    assert sum(js != f"{e['category']}: {e['summary']}" for (_, e, _), js in zip(asked, got, strict=True)) > 10, \
        "hardly any entry is named otherwise on an older release: is templateReleases still written?"
    assert not wrong, f"{len(wrong)} of {len(asked)}:\n" + "\n".join(wrong[:SHOWN])


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_recorded_message_s_reasons_read_as_the_terminal_says_them(language):
    pastes = [case.paste for case in recorded_cases()]
    data = site_data(CONFIGS[language])
    port = reader.Reader(data)
    python = []
    for paste in pastes:
        result = port.read(paste)
        python.append(diagnosis._reasons(language, result) if result and result.get("ranked") else None)
    node = [found.get("reasons") if found else None for found in read(data, pastes, reasons=True)]
    wrong = [f"{paste[-200:]!r}:\n  node   {js}\n  python {py}"
             for paste, js, py in zip(pastes, node, python, strict=True) if js != py]
    assert len(pastes) > 200 and sum(bool(r) for r in python) > 100
    assert not wrong, f"{len(wrong)} of {len(pastes)} pastes:\n" + "\n".join(wrong[:SHOWN])
