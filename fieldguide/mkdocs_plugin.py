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
- Material's templates keep their compiled bytecode in .cache/jinja.

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
  (both shapes) and tests/test_builds.py (the real Zensical build of both editions).
- `mkdocs.utils.get_relative_url`, `write_file` and `mkdocs.utils.yaml` (zensical_config.py)
  are widely used but not in MkDocs' API reference; every build test goes through them.
"""

from __future__ import annotations

import hashlib
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

from fieldguide import notebook
from fieldguide.live import LiveRuns
from fieldguide.macros import BUILD, Build

STYLE_START = '<style type="text/css">'


class FieldGuideConfig(base.Config):
    notebooks = c.Type(bool, default=True)  # execute every page's notebook, render it as a page
    jinja_cache = c.Type(str, default=".cache/jinja")  # relative to mkdocs.yml


class FieldGuidePlugin(BasePlugin[FieldGuideConfig]):
    def __init__(self):
        self.serving = False
        self.live_runs: LiveRuns | None = None  # for as long as `mkdocs serve` runs
        self.build = Build()
        self.executing: subprocess.Popen | None = None  # the helper executing the notebooks
        self.notebooks: set[str] = set()  # the docs-relative paths of this build's notebooks
        self.stylesheets: dict[str, str] = {}  # site path -> the styles, written after the build

    def on_startup(self, *, command, dirty):
        self.serving = command == "serve"

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
        return files

    def on_env(self, env, *, config, files):
        # Material's templates compile anew in every build otherwise
        folder = Path(config.config_file_path).parent / self.config.jinja_cache
        folder.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = FileSystemBytecodeCache(str(folder))
        return env

    def on_pre_build(self, *, config):
        self.build.live = self.live_runs.changed() if self.live_runs else {}

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
        self._wait_for_notebooks()
        for path, styles in self.stylesheets.items():
            write_file(styles.encode("utf-8"), str(Path(config.site_dir) / path))

    def on_build_error(self, *, error):
        if self.executing:
            self.executing.kill()
            self.executing.wait()
            self.executing = None

    def on_shutdown(self):
        # MkDocs keeps a plugin with on_startup for the next load of a config in this process
        if self.live_runs:
            self.live_runs.close()
            self.live_runs = None


def _is_notebook(page) -> bool:
    return page.file.src_uri.startswith(f"{notebook.FOLDER}/")
