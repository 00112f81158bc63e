"""Every snippet is executed and its output compared with the recorded one.

`pytest --update-outputs` records instead of comparing (see fieldguide/store.py).
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from fieldguide.snippet import Snippet, SnippetError, keys

ROOT = Path(__file__).resolve().parents[1]
KEYS = keys(ROOT)  # file names only: a snippet that fails to load still gets its own item


@pytest.mark.parametrize("key", KEYS)
def test_snippet(key, snippet_runs, request):
    try:
        snippet = Snippet.load(ROOT, *key.split("/"))
    except SnippetError as error:
        pytest.fail(str(error), pytrace=False)
    version = snippet_runs.requested
    if not snippet.runs_on(version):
        if snippet_runs.update:
            snippet_runs.changed += snippet_runs.store.forget(key, version)
        pytest.skip(f"{snippet.relpath} needs torch >= {snippet.min_torch}")
    result = snippet_runs.run(snippet)
    assert snippet_runs.torch_version == version
    store = snippet_runs.store
    record = f".venv/bin/pytest --update-outputs --torch-version {version} '{request.node.nodeid}'"
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
            f"    {record}",
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
            f"If the new output is right, re-record it with:\n    {record}",
            pytrace=False,
        )


def test_every_recorded_output_has_a_snippet_and_a_listed_release(snippet_runs):
    store, listed = snippet_runs.store, snippet_runs.matrix.versions
    orphans = [key for key in store.keys() if key not in KEYS]
    unlisted = sorted(
        {v for key in store.keys() for versions in store.index(key).values() for v in versions}
        - set(listed)
    )
    if snippet_runs.update:
        snippet_runs.changed += [store.remove(key) for key in orphans]
        for key in store.keys():
            for version in unlisted:
                snippet_runs.changed += store.forget(key, version)
        return
    assert not orphans, (
        f"recorded outputs without a snippet: {orphans}; "
        "run `.venv/bin/pytest --update-outputs` to remove them"
    )
    assert not unlisted, (
        f"outputs recorded for releases no longer listed in pyproject.toml: {unlisted}; "
        "run `.venv/bin/pytest --update-outputs` to remove them"
    )
