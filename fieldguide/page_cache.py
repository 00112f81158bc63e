"""MkDocs only: a page converted from Markdown to HTML, and read into the search index, once,
until what it is made from changes.

Python-Markdown (with Pygments over every code block) and the search plugin's reading of
the HTML are most of a warm `mkdocs build`; Zensical keeps such a cache by itself. The
key is everything they read: the page's Markdown as the macros left it, its front matter,
the files it includes (`--8<--`), mkdocs.yml, the site's file list (links are resolved
against it), the page's path and the versions of the libraries that convert. What a
conversion leaves on the page besides its HTML (table of contents, title, anchors, links
to other pages' anchors) is kept with it, so MkDocs still checks every link. A conversion
that logged a warning is not kept, so a strict build stops on it every time.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import re
from importlib.metadata import version
from pathlib import Path

from mkdocs.structure.toc import get_toc

FOLDER = Path(".cache") / "pages"
INCLUDE = re.compile(r'^\s*--8<-- "([^":]+)', re.MULTILINE)  # pymdownx.snippets, file part
LIBRARIES = ("mkdocs", "mkdocs-material", "markdown", "pymdown-extensions", "pygments")


@functools.cache  # importlib.metadata takes milliseconds a lookup
def _versions() -> str:
    return " ".join(version(name) for name in LIBRARIES)


def key(markdown: str, page, config, files) -> str:
    root = Path(config["config_file_path"]).parent
    digest = hashlib.sha256()
    for part in (
        markdown,
        json.dumps(page.meta, sort_keys=True, default=str),
        page.file.src_uri,
        Path(config["config_file_path"]).read_text(encoding="utf-8"),
        "\n".join(sorted(f.src_uri for f in files)),
        _versions(),
        *((root / path).read_text(encoding="utf-8") for path in sorted(set(INCLUDE.findall(markdown)))),
    ):
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()


# src_uri -> {"path": its cache file, "kept": what is kept of it, ...} for this build
_pages: dict[str, dict] = {}
_used: set[Path] = set()  # this build's cache files; the others go once it is done
SEARCH = "material/search"


def use(page, config, files, markdown: str) -> None:
    """Give `page` a render() that takes its HTML from the cache, or converts and keeps it."""
    path = Path(config["config_file_path"]).parent / FOLDER / f"{key(markdown, page, config, files)}.json"
    state = _pages[page.file.src_uri] = {"path": path, "kept": None}
    _used.add(path)
    convert = page.render

    def render(config, files) -> None:
        if path.exists():
            state["kept"] = json.loads(path.read_text(encoding="utf-8"))
            _restore(page, state["kept"], files)
            return
        with _Warnings() as warned:
            convert(config, files)
        if not warned.count:
            state["kept"] = _kept(page)
            _write(path, state["kept"])

    page.render = render


def before_search(page, config) -> None:
    """Before the search plugin reads a page: a kept page's entries go into the index as
    they are, and the plugin is told to skip the page (the front matter's own switch)."""
    state = _pages.get(page.file.src_uri)
    search = config.plugins.get(SEARCH)
    if not state or not state["kept"] or not search or (page.meta.get("search") or {}).get("exclude"):
        return
    if "search" in state["kept"]:
        search.search_index.entries.extend(state["kept"]["search"])
        state["meta"] = page.meta.get("search")
        page.meta["search"] = {"exclude": True}
    else:
        state["first"] = len(search.search_index.entries)


def after_search(page, config) -> None:
    """After it: the page's own switch back, or the entries it made kept with the page."""
    state = _pages.pop(page.file.src_uri, None) or {}
    if "meta" in state:
        page.meta.pop("search")
        if state["meta"] is not None:
            page.meta["search"] = state["meta"]
    elif "first" in state:
        state["kept"]["search"] = config.plugins[SEARCH].search_index.entries[state["first"] :]
        _write(state["path"], state["kept"])


def forget_unused(config) -> None:
    """Delete what no page of this build used (earlier versions of edited pages)."""
    for path in (Path(config["config_file_path"]).parent / FOLDER).glob("*.json"):
        if path not in _used:
            path.unlink()
    _used.clear()


def _write(path: Path, kept: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(kept), encoding="utf-8")


def _toc_tokens(items) -> list[dict]:
    return [{"name": a.title, "id": a.id, "level": a.level, "children": _toc_tokens(a.children)} for a in items]


def _kept(page) -> dict:
    return {
        "content": page.content,
        "toc": _toc_tokens(page.toc),
        "title": page._title_from_render,
        "anchors": sorted(page.present_anchor_ids),
        "links": {f.src_uri: links for f, links in (page.links_to_anchors or {}).items()},
    }


def _restore(page, kept: dict, files) -> None:
    page.content = kept["content"]
    page.toc = get_toc(kept["toc"])
    page._title_from_render = kept["title"]
    page.present_anchor_ids = set(kept["anchors"])
    page.links_to_anchors = {files.get_file_from_path(uri): links for uri, links in kept["links"].items()}


class _Warnings(logging.Handler):
    """Counts the warnings MkDocs and the Markdown extensions log while it is attached."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record) -> None:
        self.count += 1

    def __enter__(self):
        for name in ("mkdocs", "MARKDOWN"):
            logging.getLogger(name).addHandler(self)
        return self

    def __exit__(self, *exc) -> None:
        for name in ("mkdocs", "MARKDOWN"):
            logging.getLogger(name).removeHandler(self)
