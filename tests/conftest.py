"""Shared by the test modules: the strictly built site (tests/test_site.py and
tests/test_browser.py read the same build), the folder the browser tests leave their
screenshots in, and a line in pytest's summary saying where it is."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "build" / "screenshots"
_USED = pytest.StashKey[Path]()


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The site as `mkdocs build --strict` writes it, built once per test run."""
    target = tmp_path_factory.mktemp("site")
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(target)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert proc.returncode == 0, f"mkdocs build --strict failed:\n{proc.stdout}{proc.stderr}"
    return target


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
