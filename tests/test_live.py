"""Live authoring: an edited snippet is re-run on the warm engine and shown as not recorded."""

from __future__ import annotations

from pathlib import Path

from fieldguide.live import LiveRuns
from fieldguide.render import live_markdown
from fieldguide.snippet import Snippet


def test_edited_snippet_is_rerun_and_marked(tmp_path: Path):
    path = tmp_path / "snippets" / "t" / "a.py"
    path.parent.mkdir(parents=True)
    path.write_text('print("one")\n')
    runs = LiveRuns(tmp_path)
    try:
        assert runs.edited() == {}  # nothing changed since serving began
        path.write_text('print("two")\n')
        first = runs.edited()["t/a"]
        assert first.output == "two\n"
        assert runs.edited()["t/a"] is first  # the same content is not run twice
        path.write_text('print("three")\n')
        assert runs.edited()["t/a"].output == "three\n"
    finally:
        runs.close()
    shown = live_markdown(Snippet.load(tmp_path, "t", "a"), first, "2.13.0")
    assert '!!! warning "Not yet recorded"' in shown and "two\n" in shown
