"""The upgrade view's data (fieldguide/upgrade.py, written by the `upgrade_view()` macro on
docs/upgrade.md), without a build: for pairs of recorded releases it lists exactly the
snippets whose recorded output or graph differs between them, computed here independently
from outputs/*/*/versions.json and graphs.json; snippets that print and draw the same on
every release are left out; the messages it says appear or disappear are those the
recordings of one release print and the other's do not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fieldguide import causes, editions, upgrade
from fieldguide.errors import data_files, grouping
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import discover
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
LISTED = load_matrix(ROOT).versions
# (old, new): across the whole matrix, a minor step, a step of one release, and 2.13.0 ->
# 2.14.1, where no recording changes (the test below checks that it stays so, or says to
# pick another pair).
PAIRS = [(LISTED[0], LISTED[-1]), ("2.1.2", "2.15.0"), ("2.10.0", "2.11.0"), ("2.14.1", "2.15.0"),
         ("2.13.0", "2.14.1"), ("2.15.0", "2.1.2")]
UNCHANGED = ("2.13.0", "2.14.1")


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


@pytest.mark.parametrize(("old", "new"), PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_the_view_lists_exactly_the_snippets_whose_recordings_differ(data, old, new):
    listed = upgrade.differing(data, old, new)
    assert len(listed) == len(set(listed)), "a snippet listed twice"
    assert set(listed) == differing(old, new)


def test_a_pair_of_releases_that_print_the_same(data):
    assert differing(*UNCHANGED) == set(), f"{UNCHANGED} now differ: pick another pair for UNCHANGED"
    assert upgrade.differing(data, *UNCHANGED) == []
    assert not any(upgrade.messages(data, *UNCHANGED).values())


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


@pytest.mark.parametrize(("old", "new"), PAIRS[:4], ids=[f"{a}-{b}" for a, b in PAIRS[:4]])
def test_messages_appear_and_disappear_as_the_recordings_print_them(data, entries, old, new):
    printed = {
        release: {f"{category}: {shape}" for entry in entries
                  for (category, shape), versions in entry.templates.items() if release in versions}
        for release in (old, new)
    }
    found = upgrade.messages(data, old, new)
    retyped_before = {text for text in printed[old] - printed[new]
                      if any(text.split(": ", 1)[1] == new_text.split(": ", 1)[1] for new_text in found["retyped"])}
    assert set(found["appear"]) | set(found["retyped"]) | {
        t for t in found["unrecorded"] if t in printed[new]} == printed[new] - printed[old]
    assert set(found["disappear"]) | retyped_before | {
        t for t in found["unrecorded"] if t in printed[old]} == printed[old] - printed[new]
    assert any(found.values()), f"no message differs between {old} and {new}: pick a pair where one does"


def test_a_message_raised_as_another_type_is_one_change_not_two(data):
    """2.2 raises the default process group's message as a ValueError, 2.1 as a RuntimeError:
    one retyped message, not a new one and a gone one; ValueError is no RuntimeError."""
    found = upgrade.messages(data, "2.1.2", "2.2.2")
    retyped = [t for t in found["retyped"] if "Default process group" in t]
    message = "Default process group has not been initialized, please make sure to call init_process_group."
    assert retyped == [f"ValueError: {message}"]
    others = ("appear", "disappear", "unrecorded")
    assert not [t for kind in others for t in found[kind] if "Default process group" in t]
    assert "RuntimeError" not in data["ancestors"]["ValueError"]


def test_a_message_of_a_snippet_an_older_release_does_not_run_is_unrecorded_there(data):
    """A snippet gated by `# min-torch:` has no recording on older releases: its message is
    "recorded on one release only", never "printed on the newer one, not on the older"."""
    for old, new in PAIRS:
        found = upgrade.messages(data, old, new)
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


