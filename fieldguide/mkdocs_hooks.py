"""MkDocs hook: what only MkDocs does (the page macros are in macros.py, for any builder).

- Under `mkdocs serve`, snippets edited since serving began are re-run on a warm engine
  before each rebuild; the macros show their fresh output marked "Not yet recorded".
- Every page's executed notebook is written to docs/notebooks/ and listed in a
  "Notebooks" section of the navigation, so mkdocs-jupyter renders it as a page; those
  pages stay out of the search index, where a pasted error would land on duplicates.
  (`mkdocs build`: two forked helpers execute them and have mkdocs-jupyter convert them
  while MkDocs builds the other pages.)
  mkdocs-jupyter puts the same 590 KB of styles into every notebook page; they are
  served once, as stylesheets, instead.
- A page whose Markdown and inputs did not change gets its HTML from the last build
  (page_cache.py); Material's templates keep their compiled bytecode.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
from pathlib import Path

from jinja2 import FileSystemBytecodeCache
from mkdocs.exceptions import PluginError
from mkdocs.plugins import CombinedEvent, event_priority
from mkdocs.structure.files import File
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url, write_file

from fieldguide import live, notebook, page_cache

_serving: dict = {"on": False, "runs": None}
# FIELDGUIDE_PAGE_CACHE=0 builds without the page cache (bench/build.py measures both)
_PAGE_CACHE = os.environ.get("FIELDGUIDE_PAGE_CACHE", "1") != "0"
_helpers: list = []  # the forked processes that execute and convert the notebooks
_STYLE_START = '<style type="text/css">'
_stylesheets: dict[str, str] = {}  # site path -> the styles, written once the build is done


def _is_notebook(page) -> bool:
    return page.file.src_uri.startswith(f"{notebook.FOLDER}/")


def on_startup(command, dirty):
    _serving["on"] = command == "serve"


def on_config(config):
    root = Path(config["config_file_path"]).parent
    if _serving["on"] and _serving["runs"] is None:
        # Started before the first build, so torch is imported by the time an edit arrives.
        _serving["runs"] = live.LiveRuns(root)
    paths = notebook.paths(root)
    if _serving["on"]:
        # A stale notebook is fine: an edit must not wait for a kernel.
        try:
            notebook.write_all(root, stale_ok=True)
        except Exception as error:  # a kernel that dies or times out
            raise PluginError(f"executing the notebooks failed: {error}") from None
    else:
        _start_notebooks(root, config, paths)
    notebook.rendered_as_pages = True
    config.nav.append({"Notebooks": paths})
    return config


def _start_notebooks(root: Path, config, paths: list[str]) -> None:
    """Execute the notebooks, and have mkdocs-jupyter convert each as soon as it is
    executed (a third of a second each, one after another otherwise), in two forked
    helpers, while MkDocs builds the pages; they are waited for before the first notebook
    page (its HTML then comes from mkdocs-jupyter's cache, keyed by content). Forked
    before any kernel or thread starts; this process runs no torch."""
    (root / "docs" / notebook.FOLDER).mkdir(exist_ok=True)
    for path in paths:  # MkDocs lists the files before they are executed
        if not (root / "docs" / path).exists():
            (root / "docs" / path).touch()
    fork = multiprocessing.get_context("fork")
    fresh = fork.SimpleQueue()
    _helpers[:] = [
        fork.Process(target=_execute, args=(root, fresh), name="executing the notebooks", daemon=True),
        fork.Process(target=_convert, args=(fresh, config), name="converting the notebooks", daemon=True),
    ]
    for helper in _helpers:
        helper.start()


def _execute(root: Path, fresh) -> None:
    try:
        notebook.write_all(root, fresh=fresh.put)
    finally:
        fresh.put(None)


def _convert(fresh, config) -> None:
    """mkdocs-jupyter renders each notebook page it is sent (which fills its cache)."""
    os.nice(10)  # the kernel, running page after page, is the one to wait for; this keeps up
    plugin = config.plugins["mkdocs-jupyter"]
    while (path := fresh.get()) is not None:
        page = Page(None, File(path, config.docs_dir, config.site_dir, config.use_directory_urls), config)
        plugin.on_pre_build(config=config)
        plugin.on_pre_page(page, config=config, files=None)  # gives the page mkdocs-jupyter's render()
        page.render(config, None)


@event_priority(100)  # before mkdocs-jupyter reads the notebook
def on_pre_page(page, config, files):
    if _is_notebook(page):
        while _helpers:
            helper = _helpers.pop(0)
            helper.join()
            if helper.exitcode:
                _stop_helpers()
                raise PluginError(f"{helper.name} failed (its error is above)")
    return page


def on_build_error(error):
    _stop_helpers()


def _stop_helpers() -> None:
    while _helpers:
        _helpers.pop().kill()


def on_env(env, config, files):
    # Material's templates compile anew in every build otherwise
    cache = Path(config["config_file_path"]).parent / ".cache" / "jinja"
    cache.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = FileSystemBytecodeCache(str(cache))
    return env


def on_pre_build(config):
    live.CURRENT.clear()
    if _serving["runs"]:
        live.CURRENT.update(_serving["runs"].changed())


def on_page_read_source(page, config):
    # mkdocs-jupyter renders a notebook page from its file; its JSON is not Markdown, and
    # the macros must not read it as a template (a printed "{{" would fail the build)
    if _is_notebook(page):
        return ""
    return None


def on_page_markdown(markdown, page, config, files):
    if _PAGE_CACHE and not _is_notebook(page):  # those: mkdocs-jupyter's cache
        page_cache.use(page, config, files, markdown)
    return markdown


@event_priority(100)  # before the search plugin reads the page
def _before_search(context, page, config, nav):
    page_cache.before_search(page, config)
    return context


@event_priority(-100)  # after it
def _after_search(context, page, config, nav):
    page_cache.after_search(page, config)
    return context


on_page_context = CombinedEvent(_before_search, _after_search)


def on_page_content(html, page, config, files):
    if not _is_notebook(page):
        return html
    page.meta["search"] = {"exclude": True}

    first, *styled = html.split(_STYLE_START)
    linked = [first]
    for part in styled:
        styles, _, rest = part.partition("</style>")
        path = f"assets/notebook-{hashlib.sha256(styles.encode()).hexdigest()[:12]}.css"
        _stylesheets[path] = styles
        linked.append(f'<link rel="stylesheet" href="{get_relative_url(path, page.url)}">{rest}')
    return "".join(linked)


def on_post_build(config):
    if _PAGE_CACHE:
        page_cache.forget_unused(config)
    for path, styles in _stylesheets.items():
        write_file(styles.encode("utf-8"), str(Path(config["site_dir"]) / path))


def on_shutdown():
    if _serving["runs"]:
        _serving["runs"].close()
