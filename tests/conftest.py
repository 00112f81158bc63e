"""Shared by the test modules: the folder the browser tests (tests/test_browser.py) leave
their screenshots in, and a line in pytest's summary saying where it is."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

SCREENSHOTS = Path(__file__).resolve().parents[1] / "build" / "screenshots"
_USED = pytest.StashKey[Path]()


@pytest.fixture(scope="session")
def screenshot_dir(request) -> Path:
    """build/screenshots/ under the repository root, emptied once per run."""
    shutil.rmtree(SCREENSHOTS, ignore_errors=True)
    SCREENSHOTS.mkdir(parents=True)
    request.config.stash[_USED] = SCREENSHOTS
    return SCREENSHOTS


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    folder = config.stash.get(_USED, None)
    if folder is None:
        return
    terminalreporter.ensure_newline()  # end the last progress line first
    terminalreporter.section("browser screenshots")
    shots = sorted(folder.glob("*.png"))
    terminalreporter.write_line(f"{len(shots)} full-page screenshots in {folder}/")
