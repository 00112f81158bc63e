"""Every snippet is executed and its output compared with the recorded one.

`pytest --update-outputs` records instead of comparing (see fieldguide/store.py).
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from fieldguide.snippet import SNIPPETS_DIR, Snippet, SnippetError

ROOT = Path(__file__).resolve().parents[1]
KEYS = sorted(f"{p.parent.name}/{p.stem}" for p in (ROOT / SNIPPETS_DIR).glob("*/*.py"))


@pytest.mark.parametrize("key", KEYS)
def test_snippet(key, snippet_runs, request):
    try:
        snippet = Snippet.load(ROOT, *key.split("/"))
    except SnippetError as error:
        pytest.fail(str(error), pytrace=False)
    result = snippet_runs.run(snippet)
    version = snippet_runs.torch_version
    store = snippet_runs.store
    problem = result.problem(snippet)
    if problem:
        refused = "Not recorded: " if snippet_runs.update else ""
        pytest.fail(f"{refused}{problem}\n--- output ---\n{result.output}", pytrace=False)
    if snippet_runs.update:
        snippet_runs.changed += store.record(key, version, result.output)
        return
    recorded = store.recorded(key, version)
    if recorded is None:
        pytest.fail(
            f"{snippet.relpath} has no recorded output for torch {version}. Record it with:\n"
            f"    .venv/bin/pytest --update-outputs '{request.node.nodeid}'",
            pytrace=False,
        )
    path, expected = recorded
    if result.output != expected:
        diff = difflib.unified_diff(
            expected.splitlines(keepends=True),
            result.output.splitlines(keepends=True),
            fromfile=f"{path.relative_to(ROOT)} (recorded, torch {version})",
            tofile=f"{snippet.relpath} (actual, torch {version})",
        )
        pytest.fail(
            f"output of {snippet.relpath} changed on torch {version}:\n{''.join(diff)}\n"
            f"If the new output is right, re-record it with:\n"
            f"    .venv/bin/pytest --update-outputs '{request.node.nodeid}'",
            pytrace=False,
        )


def test_every_recorded_output_has_a_snippet(snippet_runs):
    orphans = [key for key in snippet_runs.store.keys() if key not in KEYS]
    if snippet_runs.update:
        snippet_runs.changed += [snippet_runs.store.remove(key) for key in orphans]
    else:
        assert not orphans, (
            f"recorded outputs without a snippet: {orphans}; "
            "run `.venv/bin/pytest --update-outputs` to remove them"
        )
