"""Shared by the test modules: the strictly built site (tests/test_site.py and the browser
tests read the same build), each edition built by MkDocs and by Zensical (tests/test_builds.py),
Debian's Chromium driven by Playwright and the HTTP server that serves the build to it
(tests/test_browser.py, tests/test_diagnose.py), the folder the browser tests leave their
screenshots in, and a line in pytest's summary saying where it is."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from filelock import FileLock

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "build" / "screenshots"
# A build takes well under a minute even cold on 2 cores; one that hangs (a notebook kernel
# that never answers) fails the tests that need it instead of stopping the whole suite.
BUILD_TIMEOUT_S = 600
_USED = pytest.StashKey[Path]()
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
    "--disable-extensions",
    "--metrics-recording-only",
    "--mute-audio",
]
GET_CHROMIUM = (
    "install it with `apt-get update && apt-get install -y chromium` "
    "(`make test` does that by itself when run as root)"
)
GET_PLAYWRIGHT = "install it into .venv with `.venv/bin/pip install -e .` (or run `make test`)"


def zensical_build(config: str, target: Path) -> Path:
    """`zensical build --clean` of the edition configured by `config` into `target`.

    Zensical keeps its output inside the project and takes no output option, and joins the
    lists of an INHERITed config where MkDocs replaces them, so the build reads a throwaway
    copy of the config in the root, flattened by MkDocs' rules (fieldguide/zensical_config.py),
    with its site_dir changed."""
    # Imported here: a matrix run loads this file with only the engine installed (no MkDocs),
    # once per release, and has no use for the notebooks' Jupyter machinery.
    from fieldguide import editions, notebook
    from fieldguide.errors import data_files
    from fieldguide.zensical_config import flat_config, write_config

    settings = flat_config(ROOT / config)
    settings["site_dir"] = str(target.relative_to(ROOT))
    flattened = ROOT / f".zensical-test-{os.getpid()}.yml"
    write_config(settings, flattened)
    # What `make zensical` does first: the fetched data and the notebook downloads are files in
    # the docs folder.
    for edition in editions.load(ROOT):
        data_files.write(ROOT, edition)
    notebook.write_all(ROOT, docs=settings["docs_dir"])
    try:
        run_build(f"zensical build of {config}",
                  [sys.executable, "-m", "zensical", "build", "--clean", "-f", flattened.name])
    finally:
        flattened.unlink()
    return target


def editions_by_language() -> dict:
    # Imported here: a matrix run loads this file with only the engine installed (no MkDocs).
    from fieldguide import editions

    return {edition.language: edition for edition in editions.load(ROOT)}


@pytest.fixture(scope="session")
def zensical_sites(edition_lock):
    """language -> that edition built by Zensical, the builder that follows Material for
    MkDocs, each built once per test run when first asked for."""
    by_language, built = editions_by_language(), {}

    def site(language: str) -> Path:
        if language not in built:
            with edition_lock(language):
                built[language] = zensical_build(by_language[language].config,
                                                 ROOT / "build" / f"zensical-{language}")
        return built[language]

    return site


def mkdocs_build(target: Path, config: str = "mkdocs.yml") -> Path:
    """`mkdocs build --strict` of the edition configured by `config` into `target`."""
    run_build(
        f"mkdocs build --strict -f {config}",
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", config, "--site-dir", str(target)],
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    return target


def run_build(name: str, command: list[str], **options) -> None:
    """Run a build in the root; fail, naming it and showing its output, when it fails or
    outlives BUILD_TIMEOUT_S."""
    try:
        proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=BUILD_TIMEOUT_S, **options)
    except subprocess.TimeoutExpired as stopped:
        # What it printed before it was killed comes back as bytes, even with text=True.
        printed = b"".join(part or b"" for part in (stopped.stdout, stopped.stderr))
        pytest.fail(f"{name} did not finish within {BUILD_TIMEOUT_S} s and was killed; it printed:\n"
                    f"{printed.decode(errors='replace')}")
    assert proc.returncode == 0, f"{name} failed:\n{proc.stdout}{proc.stderr}"


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This test run's temporary folder, which all its pytest-xdist workers share (`make
    test` runs on every core): each worker's own folder is inside it."""
    own = tmp_path_factory.getbasetemp()
    return own.parent if os.environ.get("PYTEST_XDIST_WORKER") else own


@pytest.fixture(scope="session")
def edition_lock(tmp_path_factory):
    """language -> the lock held while a test builds that edition or executes its notebooks:
    those write the same files (<docs>/notebooks/, the caches in .fieldguide_cache/), and two workers
    may do so at once."""
    return lambda language: FileLock(run_folder(tmp_path_factory) / f"edition-{language}.lock")


@pytest.fixture(scope="session")
def mkdocs_sites(tmp_path_factory, edition_lock):
    """language -> that edition as `mkdocs build --strict` writes it, built once per test run
    when first asked for, by whichever worker asks first, into the run's shared folder
    (editions: fieldguide/editions.py)."""
    by_language, run = editions_by_language(), run_folder(tmp_path_factory)

    def site(language: str) -> Path:
        target, done = run / f"site-{language}", run / f"site-{language}.built"
        with edition_lock(language):
            if not done.exists():
                shutil.rmtree(target, ignore_errors=True)  # what a failed build left
                mkdocs_build(target, by_language[language].config)
                done.touch()
        return target

    return site


@pytest.fixture(scope="session")
def site(mkdocs_sites) -> Path:
    """The root edition (English) as `mkdocs build --strict` writes it."""
    return mkdocs_sites(next(iter(editions_by_language())))


@pytest.fixture(scope="session")
def all_editions(mkdocs_sites, tmp_path_factory) -> Path:
    """Every edition under one root, as `make build` lays them out: the root edition's files,
    and each other at its folder (a page may fetch what the site's root holds for all)."""
    first, *others = editions_by_language().values()
    root = tmp_path_factory.mktemp("editions")
    for entry in mkdocs_sites(first.language).iterdir():
        (root / entry.name).symlink_to(entry)
    for edition in others:
        (root / edition.link.rstrip("/")).symlink_to(mkdocs_sites(edition.language))
    return root


@pytest.fixture(scope="session")
def build_with_mkdocs():
    return mkdocs_build


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        if found := shutil.which(name):
            return found
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


def unavailable(what: str) -> None:
    if os.environ.get("FIELDGUIDE_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{what} (FIELDGUIDE_REQUIRE_BROWSER=1, so this is a failure, not a skip)", pytrace=False)
    pytest.skip(what)


@pytest.fixture(scope="module")
def browser():
    # Imported here: every matrix run loads this file, once per release, with no use for it.
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable(f"the browser tests need Playwright for Python; {GET_PLAYWRIGHT}")
    chromium = find_chromium()
    if chromium is None:
        unavailable(f"the browser tests need Chromium and none was found; {GET_CHROMIUM}")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def server(site) -> str:
    """The built site on http://127.0.0.1:<a free port>/."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=site))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_port}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def context(browser):
    """A fresh browser context (light scheme, clipboard allowed) for one test."""
    ctx = browser.new_context(color_scheme="light", permissions=["clipboard-read", "clipboard-write"])
    yield ctx
    ctx.close()


@pytest.fixture(scope="session")
def screenshot_dir(request) -> Path:
    """build/screenshots/ under the repository root, emptied once per run."""
    shutil.rmtree(SCREENSHOTS, ignore_errors=True)
    SCREENSHOTS.mkdir(parents=True)
    request.config.stash[_USED] = SCREENSHOTS
    return SCREENSHOTS


SWEEPS = "--sweeps"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(SWEEPS, action="store_true",
                     help="also run the sweeps (tests marked `sweep`), as CI does: `make test ARGS=--sweeps`")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"sweep: a check repeated over every page, entry, query or snippet that takes a minute or more; "
                   f"deselected unless {SWEEPS} is given (CI gives it)")


# The fixtures behind most of a run's time: a built site, a browser.
SLOW_FIXTURES = {"site", "mkdocs_sites", "zensical_sites", "browser"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The modules that build a site or drive a browser first: xdist hands a worker a whole
    module at a time, in this order, so the run does not end with one worker busy on one of
    them and the other idle. Then leave the sweeps out of a plain `make test` (each takes a
    minute or more); pytest reports them as deselected, never as passed."""
    slow = {item.path for item in items if SLOW_FIXTURES & set(item.fixturenames)}
    items.sort(key=lambda item: item.path not in slow)  # stable: each module's tests stay together, in order
    if config.getoption(SWEEPS):
        return
    kept, sweeps = [], []
    for item in items:
        (sweeps if item.get_closest_marker("sweep") else kept).append(item)
    if sweeps:
        config.hook.pytest_deselected(items=sweeps)
        items[:] = kept


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    folder = config.stash.get(_USED, None)
    if folder is None:
        return
    terminalreporter.ensure_newline()  # end the last progress line first
    terminalreporter.section("browser screenshots")
    shots = sorted(folder.glob("*.png"))
    terminalreporter.write_line(f"{len(shots)} full-page screenshots in {folder}/")
