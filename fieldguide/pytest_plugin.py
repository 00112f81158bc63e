"""pytest plugin: options and the session-wide snippet engine.

Registered in pyproject.toml (`-p fieldguide.pytest_plugin`); the checks themselves are in
tests/test_snippets.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from fieldguide.engine import Engine, Result
from fieldguide.snippet import Snippet, SnippetError
from fieldguide.store import OutputStore

_RUNS = pytest.StashKey["SnippetRuns"]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("fieldguide", "Autograd Field Guide snippets")
    group.addoption(
        "--update-outputs",
        action="store_true",
        help="re-record the outputs of the selected snippets; only changed files are rewritten",
    )
    group.addoption(
        "--torch-python",
        metavar="PYTHON",
        default=sys.executable,
        help="interpreter of the PyTorch environment that runs the snippets (default: this one)",
    )


class SnippetRuns:
    """One engine per session; every selected snippet is queued on first use so both
    workers stay busy while pytest checks results one item at a time."""

    def __init__(self, config: pytest.Config):
        self.root = Path(config.rootpath)
        self.python = config.getoption("--torch-python")
        self.update = config.getoption("--update-outputs")
        self.store = OutputStore(self.root)
        self.selected: list[str] = []
        self.changed: list[Path] = []
        self._engine: Engine | None = None

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = Engine(self.python, self.root)
            for key in self.selected:
                try:
                    self._engine.submit(Snippet.load(self.root, *key.split("/")))
                except SnippetError:
                    pass  # its own test item reports the problem
        return self._engine

    @property
    def torch_version(self) -> str:
        return self.engine.torch_version

    def run(self, snippet: Snippet) -> Result:
        return self.engine.result(snippet)

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_RUNS] = SnippetRuns(config)


def pytest_collection_finish(session: pytest.Session) -> None:
    session.config.stash[_RUNS].selected = [
        item.callspec.params["key"]
        for item in session.items
        if "snippet_runs" in getattr(item, "fixturenames", ()) and hasattr(item, "callspec")
    ]


def pytest_unconfigure(config: pytest.Config) -> None:
    config.stash[_RUNS].close()


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    runs = config.stash[_RUNS]
    if not runs.update:
        return
    terminalreporter.section("recorded outputs")
    if not runs.changed:
        terminalreporter.write_line("no recorded file changed")
    for path in runs.changed:
        state = "written" if path.exists() else "removed"
        terminalreporter.write_line(f"{state}: {path.relative_to(runs.root)}")


@pytest.fixture(scope="session")
def snippet_runs(request: pytest.FixtureRequest) -> SnippetRuns:
    return request.config.stash[_RUNS]
