"""The MkDocs plugin `fieldguide` (mkdocs.yml's `plugins`, after `macros`): what only
MkDocs does. The page macros are in macros.py, for any builder; Zensical runs no MkDocs
plugin and skips this one.

- Under `mkdocs serve`, snippets edited since serving began are re-run on a warm engine
  before each rebuild (live.py); the macros show their fresh output marked "Not yet
  recorded".
- Every page's executed notebook is written to the edition's notebooks/ folder (in
  config.docs_dir: docs/notebooks/, docs-zh/notebooks/), where mkdocs-jupyter renders it
  as a page. Those pages are reached from their page's notebook buttons, not the
  sidebar: each notebook the plugin executes is marked as not in the navigation
  (`File.inclusion`, as `not_in_nav` would mark it), so the strict build accepts that the
  nav omits it, while one left there by a page that no longer embeds snippets still
  fails the build. They stay out of the search index, where a pasted error would land
  on duplicates.
  Under `mkdocs build` the notebooks execute in a helper process (`python -m
  fieldguide.notebook <docs folder>`) while MkDocs builds the other pages. mkdocs-jupyter puts the same
  590 KB of styles into every notebook page; they are served once, as stylesheets, instead.
- The files the browser fetches (the paste box's data, the upgrade view's) are written into
  the edition's docs folder before each build (errors/data_files.py).
- Material's templates keep their compiled bytecode in .fieldguide_cache/jinja.
- Under `mkdocs serve --dirty` (`make serve`) MkDocs rebuilds only the pages whose
  Markdown is newer than their HTML; the plugin also marks the pages whose snippets or
  recordings changed since (and the generated pages, when any recording or data/ did),
  and serves every other edition at its folder of the site (serve_edition.py builds each
  beside this one, in a process of its own, at every rebuild).

The macros hear about the build in progress (the live runs, whether notebooks are pages)
through a `macros.Build` registered as a mkdocs-macros variable, with the hook
mkdocs-macros offers other plugins. The instance lives as long as `mkdocs serve` (it has
`on_startup`), so the warm engine does too; everything else is per build.

Couplings no API promises, each followed by a test that fails when an upgrade breaks it:
- mkdocs-jupyter's page HTML starts its inline styles with `<style type="text/css">`
  (STYLE_START), and its `include_source` download sits beside the page
  (notebook.link_markdown); tests/test_mkdocs_plugin.py builds a notebook page.
- Zensical's macro emulation gives the nav as `{"url", "children"}` items and the page as
  `env.page.path` (macros.nav_pages, macros.define_env's here()); tests/test_macros.py
  (both shapes) and tests/test_builds.py (the real Zensical build of both editions, a sweep).
- `mkdocs.utils.get_relative_url`, `write_file` and `mkdocs.utils.yaml` (zensical_config.py)
  are widely used but not in MkDocs' API reference; every build test goes through them.
- `mkdocs.commands.build.build` builds in-process (serve_edition.py, tests/test_mkdocs_plugin.py),
  as mkdocs-jupyter's own tests do. tests/test_private_api.py lists every name imported
  from these packages and fails on one it does not list.
"""

from __future__ import annotations

import hashlib
import logging
import os
import subprocess
import sys
from pathlib import Path

from jinja2 import FileSystemBytecodeCache
from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import InclusionLevel
from mkdocs.utils import get_relative_url, write_file
from watchdog.observers.polling import PollingObserver

from fieldguide import CACHE, editions, notebook
from fieldguide.errors import data_files
from fieldguide.live import LiveRuns
from fieldguide.macros import BUILD, Build
from fieldguide.page import Page
from fieldguide.snippet import code_start_of, keys
from fieldguide.store import OUTPUTS_DIR
from fieldguide.translations import comments_path_of

log = logging.getLogger(f"mkdocs.plugins.{__name__}")
WATCH_INTERVAL_S = 0.1  # how often `mkdocs serve` looks for a saved file
# macros of pages made from every recording
GENERATED = ("error_index()", "error_entry(", "version_changes()", "upgrade_view()")

STYLE_START = '<style type="text/css">'


class FieldGuideConfig(base.Config):
    notebooks = c.Type(bool, default=True)  # execute every page's notebook, render it as a page
    jinja_cache = c.Type(str, default=str(CACHE / "jinja"))  # relative to mkdocs.yml


class FieldGuidePlugin(BasePlugin[FieldGuideConfig]):
    def __init__(self):
        self.serving = False
        self.live_runs: LiveRuns | None = None  # for as long as `mkdocs serve` runs
        self.build = Build()
        self.executing: subprocess.Popen | None = None  # the helper executing the notebooks
        self.notebooks: set[str] = set()  # the docs-relative paths of this build's notebooks
        self.stylesheets: dict[str, str] = {}  # site path -> the styles, written after the build
        self.dirty = False
        self.directives: str | None = None  # the snippets' directives at the last build (serve)
        self.other_editions: list[subprocess.Popen] = []  # serve_edition.py, one per other edition

    def on_startup(self, *, command, dirty):
        self.serving = command == "serve"
        self.dirty = dirty

    def on_config(self, config):
        root = Path(config.config_file_path).parent
        if self.serving and self.live_runs is None:
            # Started before the first build, so torch is imported by the time an edit arrives.
            self.live_runs = LiveRuns(root)
        self.build = Build(notebook_pages=self.config.notebooks)
        self.stylesheets = {}
        if "macros" not in config.plugins:
            raise PluginError("the fieldguide plugin needs the macros plugin (mkdocs-macros)")
        config.plugins["macros"].register_variables({BUILD: self.build})
        self.notebooks = set(self._start_notebooks(root, Path(config.docs_dir))) if self.config.notebooks else set()
        return config

    def _start_notebooks(self, root: Path, docs: Path) -> list[str]:
        """The notebooks' docs-relative paths. Under `serve` they are written now, a stale
        one kept (an edit must not wait for a kernel); under `build` a helper process
        executes them while MkDocs builds the pages."""
        if self.serving:
            try:
                return notebook.write_all(root, stale_ok=True, docs=docs.name)
            except Exception as error:  # a kernel that dies or times out
                raise PluginError(f"executing the notebooks failed: {error}") from None
        if docs.resolve().parent != root.resolve():
            raise PluginError(f"docs_dir {docs} must be a folder beside {root / 'mkdocs.yml'} (docs, docs-zh)")
        paths = notebook.paths(root, docs.name)
        (docs / notebook.FOLDER).mkdir(exist_ok=True)
        for path in paths:  # MkDocs lists the files before they are executed
            if not (docs / path).exists():
                (docs / path).touch()
        self.executing = subprocess.Popen(
            [sys.executable, "-m", "fieldguide.notebook", docs.name], cwd=root, stdout=subprocess.DEVNULL
        )
        return paths

    # After mkdocs-jupyter has wrapped each notebook's file in its own File: the mark set on
    # the file it wraps would not be read through the wrapper.
    @event_priority(-50)
    def on_files(self, files, *, config):
        for file in files:
            if file.src_uri in self.notebooks:
                file.inclusion = InclusionLevel.NOT_IN_NAV
        if self.serving and self.dirty:
            self._mark_stale_pages(files, Path(config.config_file_path).parent)
        return files

    def _mark_stale_pages(self, files, root: Path) -> None:
        """A dirty build rebuilds a page when its Markdown is newer than its HTML. A page also
        shows its snippets, their recordings and its edition's comments of them
        (comment_translation.py), and a generated page every recording and data/: such a page
        is marked modified (its content set, MkDocs' public way) when one of those is newer
        than its HTML."""
        # The generated pages show every recording, data/ and the snippets' directives, not
        # their code: a snippet edited under live re-execution leaves them as they are.
        directives = _directives_digest(root)
        directives_changed, self.directives = self.directives not in (None, directives), directives
        newest_everywhere = max(_newest(root / folder) for folder in (OUTPUTS_DIR, "data"))
        for file in files.documentation_pages():
            if file.abs_src_path is None or not os.path.isfile(file.abs_dest_path) or _is_notebook_file(file):
                continue
            source = Path(file.abs_src_path)
            if any(call in source.read_text(encoding="utf-8") for call in GENERATED):
                newest = float("inf") if directives_changed else newest_everywhere
            else:
                model = Page.read(source)
                shown = {embed.key for embed in model.embeds} | {call.quote.key for call in model.quotes}
                newest = max([_newest(root / "snippets" / f"{key}.py") for key in shown]
                             + [_newest(root / OUTPUTS_DIR / key) for key in shown]
                             + [_newest(comments_path_of(root, editions.language_of(source.parent)))])
            if newest > os.path.getmtime(file.abs_dest_path):
                file.content_string = file.content_string

    def on_env(self, env, *, config, files):
        # Material's templates compile anew in every build otherwise
        folder = Path(config.config_file_path).parent / self.config.jinja_cache
        folder.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = FileSystemBytecodeCache(str(folder))
        return env

    def on_pre_build(self, *, config):
        root = Path(config.config_file_path).parent
        docs = Path(config.docs_dir)
        # the files the browser fetches, before MkDocs lists the files, where a page fetches them
        pages = [page.read_text(encoding="utf-8") for page in docs.glob("*.md")]
        if any(call in page for page in pages for call in data_files.FETCHED_BY):
            for edition in editions.load(root):
                if edition.docs == docs.name:
                    data_files.write(root, edition)
        if self.serving:
            self._build_other_editions(config)
        self.build.live = self.live_runs.changed() if self.live_runs else {}

    def _build_other_editions(self, config) -> None:
        """Under `serve` of the root edition, each other edition builds beside it, into its
        folder of this site, while this one builds (on_post_build waits for them)."""
        root = Path(config.config_file_path).parent
        listed = editions.load(root)
        if Path(config.config_file_path).name != listed[0].config:
            return
        if not self.other_editions:
            self.other_editions = [
                subprocess.Popen(
                    [sys.executable, "-m", "fieldguide.serve_edition", edition.config,
                     str(Path(config.site_dir) / edition.link), (config.site_url or "/") + edition.link],
                    cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                )
                for edition in listed[1:]
            ]  # each builds at once
            return
        for worker in self.other_editions:
            assert worker.stdin is not None
            worker.stdin.write("build\n")
            worker.stdin.flush()

    def on_serve(self, server, *, config, builder):
        # MkDocs polls the watched folders twice a second: ten times is what makes a save show
        # within a second (an inotify observer would also report every file a build reads).
        # Only the docs folder and the config are watched yet: watched again, on the new observer.
        for path in (config.docs_dir, config.config_file_path):
            server.unwatch(path)
        server.observer = PollingObserver(timeout=WATCH_INTERVAL_S)
        root = Path(config.config_file_path).parent
        others = [str(root / part) for edition in editions.load(root)[1:] for part in (edition.docs, edition.config)]
        for path in (config.docs_dir, config.config_file_path, *others):  # an edit anywhere rebuilds them all
            server.watch(path)
        return server

    def on_page_read_source(self, *, page, config):
        # mkdocs-jupyter renders a notebook page from its file; its JSON is not Markdown, and
        # the macros must not read it as a template (a printed "{{" would fail the build)
        return "" if _is_notebook(page) else None

    @event_priority(100)  # before mkdocs-jupyter reads the notebook
    def on_pre_page(self, page, *, config, files):
        if _is_notebook(page):
            self._wait_for_notebooks()
        return page

    def _wait_for_notebooks(self) -> None:
        if self.executing:
            helper, self.executing = self.executing, None
            if helper.wait():
                raise PluginError(
                    "executing the notebooks failed (`python -m fieldguide.notebook`: its error is above)"
                )

    def on_page_content(self, html, *, page, config, files):
        if not _is_notebook(page):
            return html
        page.meta["search"] = {"exclude": True}
        first, *styled = html.split(STYLE_START)
        linked = [first]
        for part in styled:
            styles, _, rest = part.partition("</style>")
            path = f"assets/notebook-{hashlib.sha256(styles.encode()).hexdigest()[:12]}.css"
            self.stylesheets[path] = styles
            linked.append(f'<link rel="stylesheet" href="{get_relative_url(path, page.url)}">{rest}')
        return "".join(linked)

    def on_post_build(self, *, config):
        for worker in self.other_editions:
            assert worker.stdout is not None
            said = worker.stdout.readline().strip()
            if said != "built":
                log.error(f"another edition did not build: {said or 'its builder ended'}")
        self._wait_for_notebooks()
        for path, styles in self.stylesheets.items():
            write_file(styles.encode("utf-8"), str(Path(config.site_dir) / path))

    def on_build_error(self, *, error):
        if self.executing:
            self.executing.kill()
            self.executing.wait()
            self.executing = None

    def on_shutdown(self):
        for worker in self.other_editions:
            assert worker.stdin is not None
            worker.stdin.close()
            worker.wait()
        self.other_editions = []
        # MkDocs keeps a plugin with on_startup for the next load of a config in this process
        if self.live_runs:
            self.live_runs.close()
            self.live_runs = None


def _is_notebook(page) -> bool:
    return _is_notebook_file(page.file)


def _is_notebook_file(file) -> bool:
    return file.src_uri.startswith(f"{notebook.FOLDER}/")


def _directives_digest(root: Path) -> str:
    """A digest of every snippet's directive lines (what the generated pages read of them)."""
    digest = hashlib.sha256()
    for key in keys(root):
        text = (root / "snippets" / f"{key}.py").read_text(encoding="utf-8")
        directives = text.splitlines(keepends=True)[: code_start_of(text) - 1]
        digest.update(key.encode() + b"\0" + "".join(directives).encode())
    return digest.hexdigest()


def _newest(path: Path) -> float:
    """The newest modification time of a file, or of a folder and what it holds; 0 when missing."""
    if not path.exists():
        return 0.0
    times = [path.stat().st_mtime]
    for folder, subfolders, names in os.walk(path):
        times += [os.path.getmtime(os.path.join(folder, name)) for name in [*subfolders, *names]]
    return max(times)
