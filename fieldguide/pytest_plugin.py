"""pytest plugin: options and the session-wide snippet engine.

Registered in pyproject.toml (`-p fieldguide.pytest_plugin`); the checks themselves are in
tests/test_snippets.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from filelock import FileLock

from fieldguide import tally
from fieldguide.engine import Engine, Result
from fieldguide.matrix import python_for
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import Snippet, SnippetError
from fieldguide.store import OutputStore

_RUNS = pytest.StashKey["SnippetRuns"]()


class RecordingStore(OutputStore):
    """The output store for --update-outputs. `make matrix-record` records several releases
    at once, in separate pytest sessions, so every read of a snippet's index and every
    read-modify-write holds an exclusive lock on the outputs folder. The lock is
    re-entrant: record(), forget() and remove() read the index under their own lock."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._lock = FileLock(self.dir / ".recording.lock")

    def index(self, key: str) -> dict[str, list[str]]:
        with self._lock:
            return super().index(key)

    def record(self, key: str, version: str, text: str) -> list[Path]:
        with self._lock:
            return super().record(key, version, text)

    def forget(self, key: str, version: str) -> list[Path]:
        with self._lock:
            return super().forget(key, version)

    def remove(self, key: str) -> list[Path]:
        with self._lock:
            if not (self.folder(key) / self.index_name).exists():
                return []  # another release's session removed it first
            return super().remove(key)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("fieldguide", "Autograd Field Guide snippets")
    group.addoption(
        "--update-outputs",
        action="store_true",
        help="re-record the outputs of the selected snippets; only changed files are rewritten",
    )
    group.addoption(
        "--torch-version",
        metavar="VERSION",
        default=None,
        help="PyTorch release to run the snippets on, one listed in pyproject.toml "
        "(default: the reference release in this environment); installed on first use",
    )


class SnippetRuns:
    """One engine per session; every selected snippet is queued on first use so both
    workers stay busy while pytest checks results one item at a time."""

    def __init__(self, config: pytest.Config):
        self.root = Path(config.rootpath)
        matrix = load_matrix(self.root)
        self.requested = config.getoption("--torch-version") or matrix.reference
        if self.requested not in matrix.versions:
            raise pytest.UsageError(
                f"--torch-version {self.requested} is not listed in pyproject.toml "
                f"[tool.fieldguide]; choose one of {', '.join(matrix.versions)}"
            )
        self.matrix = matrix
        self.update = config.getoption("--update-outputs")
        store = RecordingStore if self.update else OutputStore
        self.store = store(self.root)
        self.graphs = store.graphs(self.root)
        self.selected: list[str] = []
        self.changed: list[Path] = []
        self._engine: Engine | None = None

    def engine(self) -> Engine:
        """The session's engine, started on the first call with every selected snippet queued."""
        if self._engine is None:
            self._engine = Engine(python_for(self.requested, self.matrix), self.root)
            for key in self.selected:
                try:
                    snippet = Snippet.load(self.root, *key.split("/"))
                except SnippetError:
                    continue  # its own test item reports the problem
                if snippet.runs_on(self.requested):
                    self._engine.submit(snippet)
        return self._engine

    def run(self, snippet: Snippet) -> Result:
        return self.engine().result(snippet)

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_RUNS] = SnippetRuns(config)


def pytest_collection_finish(session: pytest.Session) -> None:
    runs = session.config.stash[_RUNS]
    runs.selected = [
        callspec.params["key"]
        for item in session.items
        if "snippet_runs" in getattr(item, "fixturenames", ())
        and (callspec := getattr(item, "callspec", None)) is not None  # parametrized tests only
        and "key" in callspec.params
    ]
    if runs.selected and not session.config.option.collectonly:
        runs.engine()  # start now: snippets run on both cores while earlier tests execute


def pytest_unconfigure(config: pytest.Config) -> None:
    runs = config.stash.get(_RUNS, None)  # None when pytest_configure refused the options
    if runs is not None:
        runs.close()


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    stats = terminalreporter.stats
    part = f"matrix torch {version}" if (version := config.getoption("--torch-version")) else "test suite"
    tally.add(part, len(stats.get("passed", [])),
              len(stats.get("failed", [])) + len(stats.get("error", [])))
    runs = config.stash[_RUNS]
    if not runs.update:
        return
    terminalreporter.section("recorded outputs")
    if not runs.changed:
        terminalreporter.write_line("no recorded file changed")
    for path in dict.fromkeys(runs.changed):  # a file changed twice is listed once
        state = "written" if path.exists() else "removed"
        terminalreporter.write_line(f"{state}: {path.relative_to(runs.root)}")


@pytest.fixture(scope="session")
def snippet_runs(request: pytest.FixtureRequest) -> SnippetRuns:
    return request.config.stash[_RUNS]
