"""The MkDocs plugin `fieldguide` (mkdocs.yml's `plugins`, after `macros`): what only
MkDocs does, wired to MkDocs' events; each job is a module of its own. The page macros are
in macros.py, for any builder; Zensical runs no MkDocs plugin and skips this one.

- live.py: under `mkdocs serve`, snippets edited since serving began are re-run on a warm
  engine before each rebuild; the macros show their fresh output marked "Not yet recorded".
- notebook_pages.py: every page's executed notebook is a page of the site that the
  navigation does not list, its styles served once as stylesheets.
- errors/data_files.py: the files the browser fetches (the paste box's data, the upgrade
  view's) are written into the edition's docs folder before each build.
- stale_pages.py: under `mkdocs serve --dirty` (`make serve`), a page is rebuilt too when
  something its macros read (macros.READS: its snippets and their recordings, every
  recording, data/, ...) is newer than its HTML.
- serving.py: under `mkdocs serve`, every other edition is served at its folder of the site,
  and a save in any edition is seen within a second.
- Material's templates keep their compiled bytecode in .fieldguide_cache/jinja.

The macros hear about the build in progress (the live runs, whether notebooks are pages)
through a `macros.Build` registered as a mkdocs-macros variable, with the hook
mkdocs-macros offers other plugins. The instance lives as long as `mkdocs serve` (it has
`on_startup`), so the warm engine does too; everything else is per build.

Couplings no API promises, each followed by a test that fails when an upgrade breaks it:
- mkdocs-jupyter's page HTML starts its inline styles with `<style type="text/css">`
  (notebook_pages.STYLE_START), and its `include_source` download sits beside the page
  (notebook.link_markdown); tests/test_mkdocs_plugin.py builds a notebook page.
- Zensical's macro emulation gives the nav as `{"url", "children"}` items and the page as
  `env.page.path` (macros.nav_pages, macros.define_env's here()); tests/test_macros.py
  (both shapes) and tests/test_builds.py (the real Zensical build of both editions, a sweep).
- `mkdocs.utils.get_relative_url`, `write_file` and `mkdocs.utils.yaml` (zensical_config.py)
  are widely used but not in MkDocs' API reference; every build test goes through them.
- `mkdocs.commands.build.build` builds in-process (serve_edition.py, tests/test_mkdocs_plugin.py),
  as mkdocs-jupyter's own tests do.
- `server.observer`: MkDocs' LiveReloadServer watches through that attribute, and its
  serve() starts it; serving.watch replaces it with a faster observer, after MkDocs has
  watched the docs folder and the config (and nothing else: `mkdocs serve --watch-theme`
  would lose its theme folders); tests/test_serving.py serves two editions so.
- A page whose content is set (`File.content_string`, a documented setter) is one a dirty
  build rebuilds (stale_pages.py); tests/test_mkdocs_plugin.py rebuilds a page so.
- docs/javascripts/search-paste.js wraps the page's `Worker.prototype.postMessage` and knows the
  search query by the message Material's (and Zensical's) bundle posts its search worker,
  `{type: 2, data: text}`; tests/test_private_api.py reads the installed bundles and workers.
tests/test_private_api.py lists every name imported from these packages, every private
attribute read and every attribute set on another package's object, and fails on one it
does not list.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import FileSystemBytecodeCache
from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority

from fieldguide import CACHE, serving
from fieldguide.errors import data_files
from fieldguide.live import LiveRuns
from fieldguide.macros import BUILD, Build
from fieldguide.notebook_pages import NotebookPages, is_notebook
from fieldguide.stale_pages import StalePages


class FieldGuideConfig(base.Config):
    notebooks = c.Type(bool, default=True)  # execute every page's notebook, render it as a page
    jinja_cache = c.Type(str, default=str(CACHE / "jinja"))  # relative to mkdocs.yml


class FieldGuidePlugin(BasePlugin[FieldGuideConfig]):
    def __init__(self):
        self.serving = False
        self.live_runs: LiveRuns | None = None  # for as long as `mkdocs serve` runs
        self.build = Build()
        self.notebook_pages = NotebookPages()
        self.dirty = False
        self.stale_pages = StalePages()  # what the last build showed (serve)
        self.other_editions = serving.OtherEditions()

    def on_startup(self, *, command, dirty):
        self.serving = command == "serve"
        self.dirty = dirty

    def on_config(self, config):
        root = Path(config.config_file_path).parent
        if self.serving and self.live_runs is None:
            # Started before the first build, so torch is imported by the time an edit arrives.
            self.live_runs = LiveRuns(root)
        self.build = Build(notebook_pages=self.config.notebooks)
        if "macros" not in config.plugins:
            raise PluginError("the fieldguide plugin needs the macros plugin (mkdocs-macros)")
        config.plugins["macros"].register_variables({BUILD: self.build})
        self.notebook_pages = NotebookPages()
        if self.config.notebooks:
            self.notebook_pages.start(root, Path(config.docs_dir), self.serving)
        return config

    # After mkdocs-jupyter has wrapped each notebook's file in its own File: the mark set on
    # the file it wraps would not be read through the wrapper.
    @event_priority(-50)
    def on_files(self, files, *, config):
        self.notebook_pages.mark_not_in_nav(files)
        if self.serving and self.dirty:
            self.stale_pages.mark(files, Path(config.config_file_path).parent, Path(config.docs_dir))
        return files

    def on_env(self, env, *, config, files):
        # Material's templates compile anew in every build otherwise
        folder = Path(config.config_file_path).parent / self.config.jinja_cache
        folder.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = FileSystemBytecodeCache(str(folder))
        return env

    def on_pre_build(self, *, config):
        # before MkDocs lists the files, where a page fetches them
        data_files.write_if_fetched(Path(config.config_file_path).parent, Path(config.docs_dir))
        if self.serving:
            self.other_editions.build(config)
        self.build.live = self.live_runs.changed() if self.live_runs else {}

    def on_serve(self, server, *, config, builder):
        serving.watch(server, config)
        return server

    def on_page_read_source(self, *, page, config):
        # mkdocs-jupyter renders a notebook page from its file; its JSON is not Markdown, and
        # the macros must not read it as a template (a printed "{{" would fail the build)
        return "" if is_notebook(page) else None

    @event_priority(100)  # before mkdocs-jupyter reads the notebook
    def on_pre_page(self, page, *, config, files):
        if is_notebook(page):
            self.notebook_pages.wait()
        return page

    def on_page_content(self, html, *, page, config, files):
        return self.notebook_pages.link_styles(html, page) if is_notebook(page) else html

    def on_post_build(self, *, config):
        self.other_editions.wait()
        self.notebook_pages.wait()
        self.notebook_pages.write_stylesheets(config.site_dir)

    def on_build_error(self, *, error):
        self.notebook_pages.stop()

    def on_shutdown(self):
        self.other_editions.close()
        # MkDocs keeps a plugin with on_startup for the next load of a config in this process
        if self.live_runs:
            self.live_runs.close()
            self.live_runs = None
