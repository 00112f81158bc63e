"""MkDocs hook: what only MkDocs does (the page macros are in macros.py, for any builder).

- Under `mkdocs serve`, snippets edited since serving began are re-run on a warm engine
  before each rebuild; the macros show their fresh output marked "Not yet recorded".
- Every page's executed notebook is written to docs/notebooks/ and listed in a
  "Notebooks" section of the navigation, so mkdocs-jupyter renders it as a page; those
  pages stay out of the search index, where a pasted error would land on duplicates.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError

from fieldguide import live, notebook

_serving: dict = {"on": False, "runs": None}


def on_startup(command, dirty):
    _serving["on"] = command == "serve"


def on_config(config):
    root = Path(config["config_file_path"]).parent
    if _serving["on"] and _serving["runs"] is None:
        # Started before the first build, so torch is imported by the time an edit arrives.
        _serving["runs"] = live.LiveRuns(root)
    try:
        # While serving, a stale notebook is fine: an edit must not wait for a kernel.
        written = notebook.write_all(root, stale_ok=_serving["on"])
    except Exception as error:  # a kernel that dies or times out
        raise PluginError(f"executing the notebooks failed: {error}") from None
    notebook.rendered_as_pages = True
    config.nav.append({"Notebooks": written})
    return config


def on_pre_build(config):
    live.CURRENT.clear()
    if _serving["runs"]:
        live.CURRENT.update(_serving["runs"].changed())


def on_page_content(html, page, config, files):
    if page.file.src_uri.startswith(f"{notebook.FOLDER}/"):
        page.meta["search"] = {"exclude": True}
    return html


def on_shutdown():
    if _serving["runs"]:
        _serving["runs"].close()
