"""The pages of an edition as its navigation lists them, and their addresses, as both
builders make them: what the macros (macros.py) and the fetched data files
(errors/data_files.py) link to."""

from __future__ import annotations

import functools
from pathlib import Path

from fieldguide.page import Page


def nav_pages(nav) -> list[str]:
    """The Markdown pages of a navigation tree, in reading order: MkDocs's form
    (titles mapping to paths or lists) or Zensical's ({"url", "children"} items)."""
    if isinstance(nav, str):
        return [nav] if nav.endswith(".md") else []
    if isinstance(nav, dict) and "children" in nav:
        return nav_pages(nav["url"] or "") + nav_pages(nav["children"])
    items = nav.values() if isinstance(nav, dict) else nav or []
    return [page for item in items for page in nav_pages(item)]


def page_url(page: str, directory_urls: bool = True) -> str:
    """A docs-relative Markdown page's address from the edition's root, as MkDocs and Zensical
    write it: `inplace.md` -> `inplace/`, `index.md` -> `` (`.html` files without
    directory URLs)."""
    stem = page.removesuffix(".md")
    if not directory_urls:
        return f"{stem}.html"
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return f"{stem}/"


def shown_on(docs: Path, pages: list[str]) -> dict[str, str]:
    """snippet key -> the first page in the navigation (of the edition in `docs`) that embeds it."""
    stamps = tuple((docs / page).stat().st_mtime_ns for page in pages)
    return _shown_on(docs, tuple(pages), stamps)


@functools.lru_cache(maxsize=4)  # Zensical asks once per page; the pages rarely change
def _shown_on(docs: Path, pages: tuple[str, ...], stamps: tuple[int, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for page in pages:
        for embed in Page.read(docs / page).embeds:
            found.setdefault(embed.key, page)
    return found
