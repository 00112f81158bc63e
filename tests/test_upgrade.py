"""The upgrade view (fieldguide/upgrade.py's data, written for the `upgrade_view()` macro on
docs/upgrade.md; docs/javascripts/upgrade.js compares, run here by Node), without a build:
for every ordered pair of recorded releases it lists exactly the snippets whose recorded
output or graph differs between them, computed here independently from
outputs/*/*/versions.json and graphs.json; snippets that print and draw the same on every
release are left out; the messages it says appear or disappear are those the recordings of
one release print and the other's do not; its diffs are difflib's unified diffs, as the
"What changed" page shows them."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import js_call
import pytest

from fieldguide import causes, editions, upgrade
from fieldguide.errors import data_files, grouping
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import discover
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
LISTED = load_matrix(ROOT).versions
# A pair where no recording changes (the test below checks that it stays so, or says to pick
# another pair).
# The two releases whose recordings are closest: they differ only in the line mark_dirty's warning
# is attributed to (torch's own code up to 2.13, the snippet's line from 2.14), no message.
NEAREST = ("2.13.0", "2.14.1")
EVERY_PAIR = [(old, new) for old in LISTED for new in LISTED if old != new]


@pytest.fixture(scope="module")
def snippets():
    return discover(ROOT)


@pytest.fixture(scope="module")
def entries(snippets):
    return grouping.collect(snippets, OutputStore(ROOT), causes.load(ROOT))


@pytest.fixture(scope="module")
def data() -> dict:
    """What the English edition's upgrade page fetches (errors/data_files.py)."""
    return json.loads(data_files.contents(ROOT, editions.load(ROOT)[0])[data_files.UPGRADE_DATA])


@pytest.fixture(scope="module")
def compared(data) -> dict[tuple[str, str], dict]:
    """(old, new) -> what upgrade.js finds for that pair, for every ordered pair: "changes"
    (the snippets that differ) and "messages" (the message texts that differ, by kind)."""
    changes = js_call.calls("upgrade.js", [["changes", old, new] for old, new in EVERY_PAIR], first=data)
    messages = js_call.calls("upgrade.js", [["messageChanges", old, new] for old, new in EVERY_PAIR], first=data)
    return {pair: {"changes": found, "messages": {kind: [m["text"] for m in listed] for kind, listed in kinds.items()},
                   "retyped_before": [m["before"]["text"] for m in kinds["retyped"]]}
            for pair, found, kinds in zip(EVERY_PAIR, changes, messages, strict=True)}


def recordings() -> dict[str, dict[str, dict[str, str]]]:
    """snippet key -> {"versions.json": {release: file}, "graphs.json": {release: file}},
    read from outputs/ directly."""
    found: dict[str, dict[str, dict[str, str]]] = {}
    for index in [*ROOT.glob("outputs/*/*/versions.json"), *ROOT.glob("outputs/*/*/graphs.json")]:
        key = index.parent.relative_to(ROOT / "outputs").as_posix()
        files = found.setdefault(key, {"versions.json": {}, "graphs.json": {}})[index.name]
        for name, versions in json.loads(index.read_text(encoding="utf-8")).items():
            files.update(dict.fromkeys(versions, name))
    return found


def differing(old: str, new: str) -> set[str]:
    return {
        key for key, stores in recordings().items()
        if any(files.get(old) != files.get(new) for files in stores.values())
    }


def test_the_view_lists_exactly_the_snippets_whose_recordings_differ(compared):
    wrong = []
    for (old, new), found in compared.items():
        listed = [change["key"] for change in found["changes"]]
        if len(listed) != len(set(listed)) or set(listed) != differing(old, new):
            wrong.append(f"{old} -> {new}: lists {sorted(set(listed) - differing(old, new))} too, "
                         f"misses {sorted(differing(old, new) - set(listed))}, {len(listed)} items")
    assert not wrong, "\n".join(wrong)
    assert sum(bool(found["changes"]) for found in compared.values()) > len(EVERY_PAIR) / 2


def test_each_change_says_what_differs(data, compared):
    for (old, new), found in compared.items():
        for change in found["changes"]:
            snippet = data["snippets"][change["at"]]
            assert snippet["key"] == change["key"]
            outputs = [upgrade_recorded(snippet["outputs"], release) for release in (old, new)]
            graphs = [upgrade_recorded(snippet["graphs"], release) for release in (old, new)]
            assert (change["output"], change["graph"]) == (outputs, graphs)
            assert ("graph" in change["what"]) == (graphs[0] != graphs[1]), (old, new, change)
            assert bool({"output", "error"} & set(change["what"])) == (outputs[0] != outputs[1]), (old, new, change)
            assert change["only"] == (None if None not in outputs or outputs == [None, None]
                                      else new if outputs[0] is None else old)


def upgrade_recorded(groups: list[list], release: str) -> int | None:
    return next((text for text, releases in groups if release in releases), None)


def test_a_pair_of_releases_that_print_the_same_messages(compared):
    nearest = {"function/mark_dirty_new_tensor"}
    assert differing(*NEAREST) == nearest, f"{NEAREST} differ otherwise now: pick another pair for NEAREST"
    assert {change["key"] for change in compared[NEAREST]["changes"]} == nearest
    assert not any(compared[NEAREST]["messages"].values())


def test_snippets_that_never_change_are_left_out(data, snippets):
    kept = {s["key"] for s in data["snippets"]}
    changing = set().union(*(differing(a, b) for a in LISTED for b in LISTED if a < b))
    assert kept == changing & {s.key for s in snippets}
    for snippet in data["snippets"]:
        for text, releases in snippet["outputs"] + snippet["graphs"]:
            assert 0 <= text < len(data["texts"]) and set(releases) <= set(LISTED)


def test_the_snippets_come_by_page_in_navigation_order_with_links(data):
    pages = [s["page"] for s in data["snippets"] if s["page"] is not None]
    assert pages == sorted(pages)
    titles = [page["title"] for page in data["pages"]]
    assert titles[0] and all(p["url"].endswith("/") and not p["url"].startswith(("/", ".")) for p in data["pages"])
    for snippet in data["snippets"]:
        if snippet["page"] is not None:
            url = data["pages"][snippet["page"]]["url"]
            assert snippet["url"] == f"{url}#snippet-{snippet['key'].replace('/', '-').replace('_', '-')}"


def test_the_texts_are_the_recordings(data):
    for snippet in data["snippets"][:20]:
        for text, releases in snippet["outputs"]:
            recorded = OutputStore(ROOT).recorded(snippet["key"], releases[0])
            assert recorded is not None and recorded[1] == data["texts"][text]


def test_messages_appear_and_disappear_as_the_recordings_print_them(entries, compared):
    printed = {
        release: {f"{category}: {shape}" for entry in entries
                  for (category, shape), versions in entry.templates.items() if release in versions}
        for release in LISTED
    }
    for (old, new), found in compared.items():
        messages = found["messages"]
        assert set(messages["appear"]) | set(messages["retyped"]) | {
            t for t in messages["unrecorded"] if t in printed[new]} == printed[new] - printed[old], (old, new)
        assert set(messages["disappear"]) | set(found["retyped_before"]) | {
            t for t in messages["unrecorded"] if t in printed[old]} == printed[old] - printed[new], (old, new)
    assert sum(any(found["messages"].values()) for found in compared.values()) > len(EVERY_PAIR) / 2


def test_a_message_raised_as_another_type_is_one_change_not_two(data, compared):
    """2.2 raises the default process group's message as a ValueError, 2.1 as a RuntimeError:
    one retyped message, not a new one and a gone one; ValueError is no RuntimeError."""
    found = compared["2.1.2", "2.2.2"]["messages"]
    retyped = [t for t in found["retyped"] if "Default process group" in t]
    message = "Default process group has not been initialized, please make sure to call init_process_group."
    assert retyped == [f"ValueError: {message}"]
    others = ("appear", "disappear", "unrecorded")
    assert not [t for kind in others for t in found[kind] if "Default process group" in t]
    assert "RuntimeError" not in data["ancestors"]["ValueError"]
    assert js_call.calls("upgrade.js", [["stillCaught", "RuntimeError", "ValueError"]], first=data) == [False]


def test_a_message_of_a_snippet_an_older_release_does_not_run_is_unrecorded_there(data, compared):
    """A snippet gated by `# min-torch:` has no recording on older releases: its message is
    "recorded on one release only", never "printed on the newer one, not on the older"."""
    for (old, new), compared_pair in compared.items():
        found = compared_pair["messages"]
        for message in data["messages"]:
            if message["text"] in found["appear"]:
                assert old in message["recorded"], (old, new, message["text"])
            if message["text"] in found["unrecorded"]:
                assert old not in message["recorded"] or new not in message["recorded"]


def test_the_view_html_says_where_its_data_is_and_what_to_read_without_javascript():
    shown = upgrade.view_html("../assets/fieldguide/upgrade-data.json", "../", "../version-changes/")
    assert 'data-upgrade="../assets/fieldguide/upgrade-data.json" data-root="../"' in shown
    assert '<noscript><p>This view is made in your browser and needs JavaScript. Without it, ' \
           '<a href="../version-changes/">What changed between versions</a> lists' in shown




def unified(old: str | None, new: str | None) -> list[list[str] | None]:
    """difflib's unified diff of two recordings (None: no recording, no lines), as the "What
    changed" page shows it (fieldguide/render.py), in the shape upgrade.js's diffLines gives:
    [mark, line], and None where a hunk ends and the next begins."""
    def lines(text: str | None) -> list[str]:
        return [] if text is None else text.removesuffix("\n").split("\n")

    found: list[list[str] | None] = []
    for line in list(difflib.unified_diff(lines(old), lines(new), lineterm=""))[2:]:  # after the ---/+++ heading
        if line.startswith("@@"):
            if found:
                found.append(None)
        else:
            found.append([line[0], line[1:]])
    return found


def test_the_diffs_are_difflib_s_unified_diffs(data):
    """Every pair of a snippet's recordings, both ways, as the upgrade view lays it out."""
    asked, expected = [], []
    for snippet in data["snippets"]:
        for groups in (snippet["outputs"], snippet["graphs"]):
            texts = [text for text, _ in groups]
            for old in [*texts, None]:
                for new in [*texts, None]:
                    if old != new:
                        asked.append(["diffLines", snippet, old, new])
                        expected.append(unified(None if old is None else data["texts"][old],
                                                None if new is None else data["texts"][new]))
    got = js_call.calls("upgrade.js", asked, first=data)
    wrong = [f"{call[1]['key']} {call[2]} -> {call[3]}: {shown[:6]} ... != {want[:6]} ..."
             for call, shown, want in zip(asked, got, expected, strict=True) if shown != want]
    assert len(asked) > 500
    assert not wrong, f"{len(wrong)} of {len(asked)} diffs differ:\n" + "\n".join(wrong[:10])
