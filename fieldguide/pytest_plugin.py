"""pytest plugin: options and the session-wide snippet engine.

Registered in pyproject.toml (`-p fieldguide.pytest_plugin`); the checks themselves are in
tests/test_snippets.py.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from filelock import FileLock

from fieldguide import check_cache, tally
from fieldguide.engine import Engine, Result
from fieldguide.matrix import python_for
from fieldguide.releases import Matrix
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import SNIPPETS_DIR, Snippet, SnippetError
from fieldguide.store import OutputStore

SNIPPET_CHECK = "snippet"  # tests/test_snippets.py's check, as its cache keys name it
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
    group.addoption(
        "--no-cache",
        action="store_true",
        help=f"run every snippet check, also those unchanged since they passed ({check_cache.CACHE_DIR}/); "
        "FIELDGUIDE_NO_CACHE=1 does the same",
    )


class PassedChecks:
    """The checks that passed, by key (fieldguide/check_cache.py): a check whose key is
    cached is skipped. Off with --update-outputs (a recording runs every snippet it
    records), --no-cache and FIELDGUIDE_NO_CACHE=1; then every key is None."""

    def __init__(self, config: pytest.Config, matrix: Matrix):
        self.root = Path(config.rootpath)
        self.matrix = matrix
        off = (config.getoption("--update-outputs") or config.getoption("--no-cache")
               or os.environ.get("FIELDGUIDE_NO_CACHE") == "1")
        self.cache = None if off else check_cache.CheckCache(self.root / check_cache.CACHE_DIR)
        self.stores = {"output": OutputStore(self.root), "graph": OutputStore.graphs(self.root)}
        self._engines: dict[Path, str] = {}
        self._environments: dict[str, str] = {}

    def key(self, check: str, snippet: str, release: str, module: Path) -> str | None:
        """The key of `check` of snippet `snippet` (topic/name) on `release`, run by the
        test module `module`; None when the cache is off or the snippet's files cannot be
        read (its test reports why)."""
        if self.cache is None:
            return None
        try:
            source = (self.root / SNIPPETS_DIR / f"{snippet}.py").read_bytes()
            recorded = {what: store.recorded(snippet, release) for what, store in self.stores.items()}
        except (OSError, ValueError):  # no such file; an index that is not JSON
            return None
        if module not in self._engines:  # hashed once: the session runs the code it imported at its start
            self._engines[module] = check_cache.engine_version([*check_cache.ENGINE_FILES, module])
        if release not in self._environments:
            constraints = self.root / "constraints.txt"
            self._environments[release] = check_cache.environment(
                release, self.matrix, constraints.read_text(encoding="utf-8") if constraints.exists() else "",
                os.environ)
        return check_cache.check_key(
            check=check, release=release, snippet=source,
            recorded={what: None if found is None else (found[0].name, found[1]) for what, found in recorded.items()},
            engine=self._engines[module], environment=self._environments[release],
        )

    def cached(self, key: str | None) -> bool:
        return self.cache is not None and key is not None and key in self.cache

    def skip_if_cached(self, key: str | None) -> None:
        """Skip the running test when `key` passed before: reported as skipped, never as passed."""
        if self.cached(key):
            pytest.skip(check_cache.SKIP_REASON)

    def passed(self, key: str | None, check: str, snippet: str, release: str, module: Path) -> None:
        """Cache a check that just passed, if its inputs are still those of `key`, computed
        before it ran: a file edited meanwhile may not be the one that ran."""
        if self.cache is not None and key is not None and key == self.key(check, snippet, release, module):
            self.cache.add(key, f"{check}: {snippet} on torch {release}")


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
        self.checks = PassedChecks(config, matrix)
        self.update = config.getoption("--update-outputs")
        store = RecordingStore if self.update else OutputStore
        self.store = store(self.root)
        self.graphs = store.graphs(self.root)
        self.selected: list[str] = []
        self.passed_before: dict[str, str | None] = {}  # key -> its check's key when queued
        self.changed: list[Path] = []
        self._engine: Engine | None = None

    def engine(self) -> Engine:
        """The session's engine, started on the first call with every selected snippet queued."""
        if self._engine is None:
            queued = self.to_run()
            self._engine = Engine(python_for(self.requested, self.matrix), self.root, warm=len(queued) > 1)
            for snippet in queued:
                self._engine.submit(snippet)
        return self._engine

    def to_run(self) -> list[Snippet]:
        """The selected snippets that run on the release and whose checks are not cached."""
        queued = []
        for key in self.selected:
            if self.checks.cached(self.passed_before.get(key)):
                continue  # skipped by its test item
            try:
                snippet = Snippet.load(self.root, *key.split("/"))
            except SnippetError:
                continue  # its own test item reports the problem
            if snippet.runs_on(self.requested):
                queued.append(snippet)
        return queued

    def run(self, snippet: Snippet) -> Result:
        return self.engine().result(snippet)

    def skip_if_passed(self, key: str) -> None:
        """Skip the snippet's test when its check passed with the inputs it had when queued."""
        self.checks.skip_if_cached(self.passed_before.get(key))

    def passed(self, key: str, module: Path) -> None:
        self.checks.passed(self.passed_before.get(key), SNIPPET_CHECK, key, self.requested, module)

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_RUNS] = SnippetRuns(config)


def pytest_collection_finish(session: pytest.Session) -> None:
    runs = session.config.stash[_RUNS]
    items = {
        callspec.params["key"]: item
        for item in session.items
        if "snippet_runs" in getattr(item, "fixturenames", ())
        and (callspec := getattr(item, "callspec", None)) is not None  # parametrized tests only
        and "key" in callspec.params
    }
    runs.selected = list(items)
    runs.passed_before = {key: runs.checks.key(SNIPPET_CHECK, key, runs.requested, item.path)
                          for key, item in items.items()}
    # Started now, snippets run on both cores while earlier tests execute; a pytest-xdist
    # worker (`make test`) does not know yet whether it gets the snippet tests, and starts
    # the engine at the first one it gets.
    if not session.config.option.collectonly and not _is_xdist_worker(session.config) and runs.to_run():
        runs.engine()


def pytest_unconfigure(config: pytest.Config) -> None:
    runs = config.stash.get(_RUNS, None)  # None when pytest_configure refused the options
    if runs is not None:
        runs.close()


def _is_xdist_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")  # what pytest-xdist gives its workers' configs


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    if _is_xdist_worker(config):
        return  # the controller counts and reports every worker's tests
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


@pytest.fixture(scope="session")
def passed_checks(request: pytest.FixtureRequest) -> PassedChecks:
    """The cache of passed checks, for checks that run their own engine
    (tests/test_processor_independence.py); asking for it queues no snippet."""
    return request.config.stash[_RUNS].checks
