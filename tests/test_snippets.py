"""Every snippet is executed; its output, and the autograd graph a `# graph:` snippet
draws, are compared with the recorded ones.

`pytest --update-outputs` records instead of comparing (see fieldguide/store.py). A snippet
whose check passed with the same inputs before is skipped (fieldguide/check_cache.py;
`--no-cache` runs it); the checks of the recordings as a whole always run.
"""

from __future__ import annotations

import difflib
import re
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
    stores = {"output": snippet_runs.store, "graph": snippet_runs.graphs}
    if not snippet.runs_on(version):
        if snippet_runs.update:
            for store in stores.values():
                snippet_runs.changed += store.forget(key, version)
        pytest.skip(f"{snippet.relpath} runs on torch >= {snippet.min_torch}" if snippet.min_torch
                    else f"{snippet.relpath} runs on torch < {snippet.before_torch}")
    snippet_runs.skip_if_passed(key)
    result = snippet_runs.run(snippet)
    found = snippet_runs.engine().torch_version()
    assert found == version, (
        f"asked for torch {version} but its environment has torch {found}; reinstall it "
        "(`make matrix-clean`, or `make test` for the reference .venv)"
    )
    problem = result.problem(snippet, version)
    if problem:
        refused = "Not recorded: " if snippet_runs.update else ""
        pytest.fail(f"{refused}{problem}\n--- output ---\n{result.output}", pytrace=False)
    actual = {"output": result.output, "graph": result.graph}
    if snippet_runs.update:
        for what, store in stores.items():
            if actual[what] is None:
                snippet_runs.changed += store.forget(key, version)
            else:
                snippet_runs.changed += store.record(key, version, actual[what])
        return
    record = f".venv/bin/pytest --update-outputs --torch-version {version} '{request.node.nodeid}'"
    failures = []
    for what, store in stores.items():
        recorded = store.recorded(key, version)
        if actual[what] is None and recorded is None:
            continue
        if recorded is None:
            failures.append(f"{snippet.relpath} has no recorded {what} for torch {version}.")
        elif actual[what] is None:
            failures.append(
                f"{recorded[0].relative_to(ROOT)} is a recorded graph, but {snippet.relpath} "
                "no longer declares '# graph:'."
            )
        elif actual[what] != recorded[1]:
            diff = difflib.unified_diff(
                recorded[1].splitlines(keepends=True),
                actual[what].splitlines(keepends=True),
                fromfile=f"{recorded[0].relative_to(ROOT)} (recorded, torch {version})",
                tofile=f"{snippet.relpath} (actual {what}, torch {version})",
            )
            failures.append(f"{what} of {snippet.relpath} changed on torch {version}:\n{''.join(diff)}")
    if failures:
        pytest.fail(
            "\n".join(failures) + f"\nIf the snippet is right, record it with:\n    {record}",
            pytrace=False,
        )
    snippet_runs.passed(key, request.node.path)


def test_every_recording_has_a_snippet_and_a_release_it_runs_on(snippet_runs):
    """No recording without its snippet, for a release no longer listed, or for a release
    older than the snippet's `# min-torch` (a page would show it under no label)."""
    listed = snippet_runs.matrix.versions
    for store in (snippet_runs.store, snippet_runs.graphs):
        orphans = [key for key in store.keys() if key not in KEYS]
        stale = {}  # key -> recorded releases that are not listed or that it does not run on
        for key in store.keys():
            try:
                snippet = Snippet.load(ROOT, *key.split("/"))
            except SnippetError:
                snippet = None  # an orphan, or a broken file that its own test reports
            recorded = {v for versions in store.index(key).values() for v in versions}
            if found := sorted(v for v in recorded if v not in listed or (snippet and not snippet.runs_on(v))):
                stale[key] = found
        if snippet_runs.update:
            for key in orphans:
                snippet_runs.changed += store.remove(key)
            for key, versions in stale.items():
                for version in versions:
                    if key not in orphans:
                        snippet_runs.changed += store.forget(key, version)
            continue
        assert not orphans, (
            f"recordings in {store.index_name} without a snippet: {orphans}; "
            "run `.venv/bin/pytest --update-outputs` to remove them"
        )
        assert not stale, (
            f"recordings in {store.index_name} for releases no longer listed in pyproject.toml "
            f"or older than the snippet's '# min-torch:': {stale}; "
            "run `.venv/bin/pytest --update-outputs` to remove them"
        )


def test_no_recording_names_a_place_inside_torch(snippet_runs):
    """torch's own file:line moves with every release while the output stays the same: a tab
    that differed only there would not be a real difference (fieldguide/normalize.py)."""
    inside_torch = re.compile(r'^(?:<site-packages>/torch/\S+:\d+: \w+:|  File "<site-packages>/torch/)', re.MULTILINE)
    found = [
        f"{key}/{name}: {match[0]}"
        for key in snippet_runs.store.keys()
        for name in snippet_runs.store.index(key)
        for match in inside_torch.finditer((snippet_runs.store.folder(key) / name).read_text(encoding="utf-8"))
    ]
    assert not found, "recorded outputs that name a place inside torch:\n" + "\n".join(found)
