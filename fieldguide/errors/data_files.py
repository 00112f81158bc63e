"""The files the browser fetches instead of reading them from a page: the paste box's data
(page.py's `paste_data`, the same for every edition, so only the root edition carries it),
each edition's words for the box (`paste_words`), and each edition's data for the upgrade
view (upgrade.py). Their addresses in the data start from the edition's root.

Both builders copy them from the docs folder, where they are written before a build (and
kept out of git): by the MkDocs plugin before every build and rebuild, and by `make
zensical` and the tests' Zensical builds through

    python -m fieldguide.errors.data_files     every edition's files

A file whose content has not changed is not written again, so `mkdocs serve` does not see an
edit where there is none.
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

from fieldguide import causes, editions, pastes, translations, upgrade, wordings
from fieldguide.errors import grouping
from fieldguide.errors import page as index_page
from fieldguide.nav import nav_pages, page_url, shown_on
from fieldguide.page import Page
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import discover
from fieldguide.store import OutputStore
from fieldguide.zensical_config import flat_config

ROOT = Path(__file__).resolve().parents[2]
ASSETS = "assets/fieldguide"
PASTE_DATA = f"{ASSETS}/paste-data.json"  # in the root edition only
PASTE_WORDS = f"{ASSETS}/paste-words.json"
UPGRADE_DATA = f"{ASSETS}/upgrade-data.json"
FETCHED_BY = ("paste_box()", "error_index()", "upgrade_view()")  # the macros of the pages that fetch them


def entries(root: Path) -> list[grouping.Entry]:
    """The Error index's entries, made anew when a recording, snippet or report changed."""
    return _collected(root, _stamp(root))


def _stamp(root: Path) -> tuple:
    return tuple(max((p.stat().st_mtime_ns for p in (root / folder).rglob("*") if p.is_file()), default=0)
                 for folder in ("outputs", "snippets", "data"))


@functools.lru_cache(maxsize=2)  # every entry's page asks, and the data files; a build makes them once
def _collected(root: Path, stamp: tuple) -> list[grouping.Entry]:
    return grouping.collect(discover(root), OutputStore(root), causes.load(root))


def entry_page(entry_id: str) -> str:
    """The docs-relative page of an Error-index entry."""
    return f"errors/{entry_id}.md"


def contents(root: Path, edition: editions.Edition) -> dict[str, str]:
    """Each file's path in the edition's docs folder -> its text."""
    settings = flat_config(root / edition.config)
    docs = root / edition.docs
    directory_urls = settings.get("use_directory_urls", True)
    embedded = shown_on(docs, nav_pages(settings["nav"]))
    urls = {key: page_url(page, directory_urls) for key, page in embedded.items()}
    snippets = discover(root)
    store, graphs = OutputStore(root), OutputStore.graphs(root)
    found = entries(root)
    listed = load_matrix(root).versions
    words = translations.load(root, edition.language)
    data = index_page.paste_data(found, {s.key: s for s in snippets}, list(embedded), urls, listed,
                                 wordings.load(root), pastes.labelled_causes(root))
    shown = list(dict.fromkeys(embedded.values()))
    upgrade_data = upgrade.data(
        snippets, store, graphs, listed, embedded,
        {page: Page.read(docs / page).title.replace("`", "") for page in shown},
        {page: page_url(page, directory_urls) for page in shown}, urls, found,
        {entry.id: page_url(entry_page(entry.id), directory_urls) for entry in found},
    )
    files = {PASTE_WORDS: index_page.paste_words(data, words, {s.key: s for s in snippets}),
             UPGRADE_DATA: upgrade_data}
    if edition.root:
        files[PASTE_DATA] = data
    return {path: json.dumps(value, ensure_ascii=False, separators=(",", ":")) for path, value in files.items()}


def write(root: Path, edition: editions.Edition) -> list[Path]:
    """Write the edition's files into its docs folder; the paths of those that changed."""
    written = []
    for path, text in contents(root, edition).items():
        target = root / edition.docs / path
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            written.append(target)
    return written


def write_if_fetched(root: Path, docs: Path) -> None:
    """Before a build of the edition in `docs` (the MkDocs plugin): its files, when one of its
    pages fetches them."""
    pages = [page.read_text(encoding="utf-8") for page in docs.glob("*.md")]
    if any(call in page for page in pages for call in FETCHED_BY):
        for edition in editions.load(root):
            if edition.docs == docs.name:
                write(root, edition)

def main(argv: list[str]) -> int:
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    for edition in editions.load(ROOT):
        for path in write(ROOT, edition):
            print(f"written: {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
