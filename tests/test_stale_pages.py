"""`make serve` (mkdocs serve --dirty) rebuilds every page that shows an edited recording:
stale_pages.py marks a page whose macros read something newer than its HTML (each macro
declares what it reads, macros.READS), and the plugin rewrites the files the browser
fetches (the upgrade view's data, the paste box's) before each build.

Checked on a copy of the project: every page of every edition is rendered through its
macros before and after one recording is edited, and each page whose Markdown changed must
be marked; the upgrade page shows recordings through the data it fetches, which must be
written anew."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from types import SimpleNamespace

import jinja2
import pytest

from fieldguide import editions, macros
from fieldguide.errors import data_files
from fieldguide.nav import nav_pages, shown_on
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import discover
from fieldguide.stale_pages import CALL, StalePages
from fieldguide.store import OutputStore
from fieldguide.zensical_config import flat_config

ROOT = Path(__file__).resolve().parents[1]
COPIED = ("snippets", "outputs", "data", "pyproject.toml")


class MacrosEnv(SimpleNamespace):
    """mkdocs-macros' `env`, as the macros use it: the page being rendered, and the macros."""

    page = None

    def macro(self, function):
        return self.macros.setdefault(function.__name__, function)


def rendered(root: Path, edition: editions.Edition) -> dict[str, str]:
    """Every page of the edition -> its Markdown with the macros' output, as mkdocs-macros makes it."""
    settings = flat_config(root / edition.config)
    docs = root / edition.docs
    env = MacrosEnv(conf={**settings, "docs_dir": str(docs)}, variables={}, macros={})
    macros.define_env(env)
    templates = jinja2.Environment(undefined=jinja2.StrictUndefined)
    pages = {}
    for path in sorted(docs.rglob("*.md")):
        page = path.relative_to(docs).as_posix()
        env.page = SimpleNamespace(file=SimpleNamespace(src_uri=page))
        pages[page] = templates.from_string(path.read_text(encoding="utf-8")).render(env.macros)
    return pages


def fetched(root: Path, edition: editions.Edition) -> dict[Path, str]:
    """Each file the edition's pages fetch -> its text."""
    folder = root / edition.docs / data_files.ASSETS
    return {path: path.read_text(encoding="utf-8") for path in folder.glob("*.json")}


class Built(SimpleNamespace):
    """A page of a dirty build, as MkDocs' File offers it to the plugin: setting its content
    marks it modified."""

    @property
    def content_string(self):
        return ""

    @content_string.setter
    def content_string(self, value):
        self.modified = True


def built_pages(root: Path, edition: editions.Edition, at: float) -> SimpleNamespace:
    """The edition's pages, each with its HTML written at `at`."""
    pages = []
    for path in sorted((root / edition.docs).rglob("*.md")):
        page = path.relative_to(root / edition.docs).as_posix()
        html = root / "site" / edition.link / page.replace(".md", ".html")
        html.parent.mkdir(parents=True, exist_ok=True)
        html.write_text("built")
        os.utime(html, (at, at))
        pages.append(Built(src_uri=page, abs_src_path=str(path), abs_dest_path=str(html), modified=False))
    return SimpleNamespace(documentation_pages=lambda: pages)


def edited_recording(root: Path) -> tuple[str, str]:
    """A raising snippet on a page whose output differs between releases: its key and the
    release whose recording is edited (the reference)."""
    docs = root / "docs"
    embedded = shown_on(docs, nav_pages(flat_config(root / "mkdocs.yml")["nav"]))
    store = OutputStore(root)
    key = next(s.key for s in discover(root) if s.raises and s.key in embedded and len(store.by_output(s.key)) > 1)
    return key, load_matrix(root).reference


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("project")
    for name in COPIED:
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy2)(ROOT / name, root / name)
    for edition in editions.load(ROOT):
        shutil.copytree(ROOT / edition.docs, root / edition.docs, symlinks=True,
                        ignore=shutil.ignore_patterns("notebooks", "fieldguide"))  # made by builds
        shutil.copy2(ROOT / edition.config, root / edition.config)
    return root


def test_every_page_that_shows_an_edited_recording_is_rebuilt(project: Path):
    listed = editions.load(project)
    before = {edition: rendered(project, edition) for edition in listed}
    for edition in listed:
        data_files.write_if_fetched(project, project / edition.docs)  # as the plugin's on_pre_build
    files_before = {edition: fetched(project, edition) for edition in listed}
    built_at = time.time() - 10
    stale = {edition: StalePages() for edition in listed}
    pages = {edition: built_pages(project, edition, built_at) for edition in listed}
    for edition in listed:  # the first build of `mkdocs serve`: nothing is newer than the pages
        assert stale[edition].mark(pages[edition], project, project / edition.docs) == []

    key, release = edited_recording(project)
    _, text = OutputStore(project).recorded(key, release)
    OutputStore(project).record(key, release, text.rstrip("\n") + " (edited)\n")

    for edition in listed:
        after = rendered(project, edition)
        shows = sorted(page for page in after if after[page] != before[edition][page])
        marked = stale[edition].mark(pages[edition], project, project / edition.docs)
        unmarked = sorted(set(shows) - set(marked))
        assert not unmarked, f"{edition.docs}: {unmarked} show {key}'s edited recording, and are not rebuilt"
        # what makes the check worth its while: an entry's page and the release changes,
        # made from every recording, show this one
        assert "version-changes.md" in shows and any(page.startswith("errors/") for page in shows), shows
        # the only pages rebuilt without need are those made from every recording
        needless = [page for page in marked if page not in shows and not any(
            macros.RECORDINGS in macros.READS.get(name, ()) for name in CALL.findall(
                (project / edition.docs / page).read_text(encoding="utf-8")))]
        assert not needless, f"{edition.docs}: {needless} are rebuilt, and show nothing of {key}"

        data_files.write_if_fetched(project, project / edition.docs)  # the next build's on_pre_build
        upgrade_data = project / edition.docs / data_files.UPGRADE_DATA
        assert upgrade_data.read_text(encoding="utf-8") != files_before[edition][upgrade_data], (
            f"{edition.docs}: the upgrade page's data ({data_files.UPGRADE_DATA}) misses {key}'s edited recording")
