"""MkDocs hook: expands `{{ snippet("topic/name") }}` lines into code plus recorded output
(and the recorded autograd graph, drawn once the page is HTML),
`{{ version_changes() }}` into the list of outputs that differ between releases,
`{{ error_index() }}` into the index of every error and warning the snippets print, and
`{{ torch_versions() }}` into the releases the outputs are recorded on.

Kept to one small hook so the site can move to another MkDocs-compatible builder by
porting this file alone.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from mkdocs.exceptions import PluginError

from mkdocs.structure.files import File

from fieldguide import error_index, notebook
from fieldguide.matrix import load as load_matrix
from fieldguide.live import LiveRuns
from fieldguide.render import (
    GRAPH_PLACEHOLDER,
    LIVE,
    SNIPPET_LINE,
    changes_markdown,
    graph_figure,
    snippet_markdown,
)
from fieldguide.snippet import Snippet, SnippetError, discover
from fieldguide.store import OutputStore

log = logging.getLogger("mkdocs.hooks.snippets")

CHANGES_LINE = re.compile(r"^\{\{\s*version_changes\(\)\s*\}\}\s*$", re.MULTILINE)
ERRORS_LINE = re.compile(r"^\{\{\s*error_index\(\)\s*\}\}\s*$", re.MULTILINE)
VERSIONS_MARK = re.compile(r"\{\{\s*torch_versions\(\)\s*\}\}")

# snippet key -> the first page in the navigation that embeds it, filled before any
# page is rendered (a snippet may also be shown again on the misconceptions page)
_embedded_on: dict[str, str] = {}
_notebooks: dict[str, str] = {}  # page src_uri -> its notebook's uri
_live: dict = {"runs": None, "results": {}}  # only while `mkdocs serve` runs
TITLE = re.compile(r"^# .*$", re.MULTILINE)


def on_startup(command, dirty):
    _live["serving"] = command == "serve"


def on_config(config):
    if _live.get("serving") and _live["runs"] is None:
        # Started before the first build, so torch is imported by the time an edit arrives.
        _live["runs"] = LiveRuns(Path(config["config_file_path"]).parent)


def on_shutdown():
    if _live["runs"]:
        _live["runs"].close()


def on_pre_build(config):
    """Re-run snippets edited since `mkdocs serve` started (nothing outside serve)."""
    _live["results"] = _live["runs"].edited() if _live["runs"] else {}


def on_files(files, config):
    """Add the executed notebook of every page that embeds snippets, as notebooks/<page>.ipynb."""
    root = Path(config["config_file_path"]).parent
    _notebooks.clear()
    for page in files.documentation_pages():
        source = Path(page.abs_src_path)
        if not SNIPPET_LINE.search(source.read_text(encoding="utf-8")):
            continue
        uri = f"notebooks/{source.stem}.ipynb"
        try:
            content = notebook.build(root, source, stale_ok=_live["runs"] is not None)
        except Exception as error:  # a kernel that dies or times out: name the page
            raise PluginError(f"{page.src_uri}: executing its notebook failed: {error}") from None
        files.append(File.generated(config, uri, content=content))
        _notebooks[page.src_uri] = uri
    return files


def on_nav(nav, config, files):
    _embedded_on.clear()
    for page in nav.pages:
        for match in SNIPPET_LINE.finditer(Path(page.file.abs_src_path).read_text(encoding="utf-8")):
            _embedded_on.setdefault(f"{match[1]}/{match[2]}", page.file.src_uri)
    return nav


def on_page_markdown(markdown, page, config, files):
    root = Path(config["config_file_path"]).parent
    store, graphs = OutputStore(root), OutputStore.graphs(root)
    matrix = load_matrix(root)
    listed = matrix.versions

    def expand(match: re.Match) -> str:
        topic, name, section = match.groups()
        try:
            snippet = Snippet.load(root, topic, name)
        except SnippetError as error:
            raise PluginError(f"{page.file.src_path}: {error}") from None
        if not store.index(snippet.key):
            log.warning(
                "%s embeds %s, which has no recorded output; run `make record`.",
                page.file.src_path,
                snippet.relpath,
            )
        live = _live["results"].get(snippet.key)
        if live and not live.problem(snippet):
            recorded = store.recorded(snippet.key, matrix.reference)
            drawn = graphs.recorded(snippet.key, matrix.reference)
            if (live.output, live.graph) == (recorded and recorded[1], drawn and drawn[1]):
                live = None  # the edit did not change what the snippet shows: nothing to mark
        return snippet_markdown(
            snippet, store, graphs, listed, section, live and (live, matrix.reference)
        )

    def changes(match: re.Match) -> str:
        links = {key: _relative(page.file.src_uri, src) for key, src in _embedded_on.items()}
        stores = {"Output": store, "Graph": graphs}
        return changes_markdown(stores, discover(root), links, listed)

    def errors(match: re.Match) -> str:
        snippets = discover(root)
        links = {key: _relative(page.file.src_uri, src) for key, src in _embedded_on.items()}
        try:
            return error_index.markdown(
                error_index.collect(snippets, store), {s.key: s for s in snippets}, links, listed
            )
        except ValueError as error:
            raise PluginError(f"{page.file.src_path}: {error}") from None

    versions = ", ".join(
        f"**{v}** (reference)" if v == matrix.reference else v for v in listed
    )
    markdown = VERSIONS_MARK.sub(versions, markdown)
    if page.file.src_uri in _notebooks:
        target = _relative(page.file.src_uri, _notebooks[page.file.src_uri])
        button = (
            f"[:material-download: Download notebook]({target})"
            f'{{ .md-button .fg-notebook download="{Path(target).name}" }}'
        )
        markdown = TITLE.sub(lambda m: f"{m[0]}\n\n{button}", markdown, count=1)
    markdown = ERRORS_LINE.sub(errors, markdown)
    return CHANGES_LINE.sub(changes, SNIPPET_LINE.sub(expand, markdown))


def on_page_content(html, page, config, files):
    root = Path(config["config_file_path"]).parent
    graphs = OutputStore.graphs(root)

    def figure(match: re.Match) -> str:
        key, name = match[1], match[2]
        if name == LIVE:
            recorded = _live["results"][key].graph
        else:
            recorded = (graphs.folder(key) / name).read_text(encoding="utf-8")
        return graph_figure(Snippet.load(root, *key.split("/")), recorded)

    return GRAPH_PLACEHOLDER.sub(figure, html)


def _relative(from_page: str, to_page: str) -> str:
    depth = from_page.count("/")
    return "../" * depth + to_page
