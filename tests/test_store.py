"""The recordings store: what record, re-record, forget and remove leave on disk, and two
sessions recording at once (`make matrix-record`) losing nothing."""

from __future__ import annotations

import json
import multiprocessing
import time
from pathlib import Path

import pytest

from fieldguide.pytest_plugin import RecordingStore
from fieldguide.store import OutputStore

KEY = "topic/name"


@pytest.fixture
def store(tmp_path: Path) -> OutputStore:
    return OutputStore(tmp_path)


def files(store: OutputStore, key: str = KEY) -> list[str]:
    folder = store.folder(key)
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_nothing_recorded(store):
    assert store.index(KEY) == {}
    assert store.recorded(KEY, "2.0.1") is None
    assert store.by_output(KEY) == []
    assert store.keys() == []
    assert store.forget(KEY, "2.0.1") == []


def test_record_stores_one_file_per_distinct_output(store, tmp_path):
    first = store.record(KEY, "2.0.1", "a\n")
    (output,) = [p for p in first if p.suffix == ".txt"]
    assert first == [output, output.with_name("versions.json")]
    assert output.parent == tmp_path / "outputs" / KEY
    assert store.record(KEY, "2.10.0", "a\n") == [output.with_name("versions.json")]
    assert store.record(KEY, "2.9.1", "b\n")[0].read_text() == "b\n"
    assert store.recorded(KEY, "2.10.0") == (output, "a\n")
    assert store.recorded(KEY, "2.9.1")[1] == "b\n"
    assert store.recorded(KEY, "1.13.1") is None
    index = json.loads((output.parent / "versions.json").read_text())
    assert index[output.name] == ["2.0.1", "2.10.0"]  # sorted as releases, not as text
    assert list(index) == sorted(index)  # a stable file: keys sorted
    assert (output.parent / "versions.json").read_text().endswith("]\n}\n")
    assert store.keys() == [KEY]
    assert len(output.stem) == 12 and int(output.stem, 16) >= 0  # named by its content hash
    # newest first, versions oldest first within a group
    assert store.by_output(KEY) == [(["2.0.1", "2.10.0"], "a\n"), (["2.9.1"], "b\n")]
    store.record(KEY, "2.9.1", "a\n")
    assert store.by_output(KEY) == [(["2.0.1", "2.9.1", "2.10.0"], "a\n")]
    # 2.9.1 before 2.10.0 in the file too: as releases, where text would put it last
    assert json.loads((output.parent / "versions.json").read_text())[output.name] == ["2.0.1", "2.9.1", "2.10.0"]


def test_recording_the_same_output_again_changes_nothing(store):
    store.record(KEY, "2.0.1", "a\n")
    assert store.record(KEY, "2.0.1", "a\n") == []


def test_re_recording_moves_the_release_to_its_new_output(store):
    """A release that now prints something else is listed under the new file only, and the
    old file goes once no release shares it."""
    old = store.record(KEY, "2.0.1", "old\n")[0]
    store.record(KEY, "2.1.2", "old\n")
    store.record(KEY, "2.0.1", "new\n")
    assert store.recorded(KEY, "2.0.1")[1] == "new\n"
    assert store.index(KEY)[old.name] == ["2.1.2"]
    changed = store.record(KEY, "2.1.2", "new\n")
    assert old in changed and not old.exists()
    assert store.by_output(KEY) == [(["2.0.1", "2.1.2"], "new\n")]
    assert files(store) == sorted([store.recorded(KEY, "2.0.1")[0].name, "versions.json"])


def test_forget_drops_a_release_then_the_whole_index(store):
    output = store.record(KEY, "2.0.1", "a\n")[0]
    store.record(KEY, "2.1.2", "a\n")
    index = output.with_name("versions.json")
    assert store.forget(KEY, "2.0.1") == [index]
    assert store.recorded(KEY, "2.0.1") is None
    assert store.recorded(KEY, "2.1.2") == (output, "a\n")
    assert store.forget(KEY, "2.0.1") == []
    assert store.forget(KEY, "2.1.2") == [output, index]
    assert files(store) == []
    assert store.keys() == []


def test_remove_drops_what_this_store_recorded_and_keeps_the_rest(tmp_path):
    outputs, graphs = OutputStore(tmp_path), OutputStore.graphs(tmp_path)
    output = outputs.record(KEY, "2.0.1", "a\n")[0]
    graph = graphs.record(KEY, "2.0.1", '{"id": "t"}\n')[0]
    assert graph.suffix == ".jsonl" and graph.with_name("graphs.json").exists()
    assert outputs.remove(KEY) == [output, output.with_name("versions.json")]
    assert files(graphs) == sorted([graph.name, "graphs.json"])
    assert graphs.keys() == [KEY] and outputs.keys() == []
    graphs.remove(KEY)
    assert not graphs.folder(KEY).exists()


def test_a_broken_index_says_how_to_recover(store):
    store.folder(KEY).mkdir(parents=True)
    (store.folder(KEY) / "versions.json").write_text("{")
    with pytest.raises(ValueError, match=r"^outputs/topic/name/versions.json is not valid JSON \(.*\); "
                       r"delete the folder and run `make record` to record it again\.$"):
        store.index(KEY)


def _record_slowly(root: Path, version: str, started) -> None:
    """Record while holding the index for half a second between reading and writing it."""
    save = OutputStore._save

    def slow_save(self, key, index):
        started.set()
        time.sleep(0.5)
        return save(self, key, index)

    OutputStore._save = slow_save
    RecordingStore(root).record(KEY, version, "same\n")


def test_two_sessions_recording_at_once_lose_nothing(tmp_path):
    (tmp_path / "outputs").mkdir()
    started = multiprocessing.Event()
    slow = multiprocessing.Process(target=_record_slowly, args=(tmp_path, "2.0.1", started))
    slow.start()
    try:
        assert started.wait(10)
        RecordingStore(tmp_path).record(KEY, "2.1.2", "same\n")  # read while the other writes
    finally:
        slow.join(10)
    assert slow.exitcode == 0
    assert [versions for versions, _ in OutputStore(tmp_path).by_output(KEY)] == [["2.0.1", "2.1.2"]]


def test_recording_store_remove_tolerates_a_key_already_removed(tmp_path):
    store = RecordingStore(tmp_path)
    store.dir.mkdir()
    store.record(KEY, "2.0.1", "a\n")
    assert len(store.remove(KEY)) == 2
    assert store.remove(KEY) == []
