"""One page per Error-index entry, in every edition: docs/errors/<entry id>.md and its twin
in each other edition's docs folder. Each is a file both builders read (Zensical runs no
plugin that could add pages): its title and description (the message, for a search engine's
result) in its front matter, and the `error_entry()` macro, which writes the page.

    python -m fieldguide.errors.entry_pages     write the pages of new entries, rewrite those
                                               whose message changed, remove those of gone ones

`make record` and `make matrix-record` run it after recording; tests/test_entry_pages.py
fails while a page is missing, stale or left over.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from fieldguide import editions
from fieldguide.errors.data_files import entries, entry_page
from fieldguide.errors.grammar import template
from fieldguide.errors.grouping import Entry, newest_first

ROOT = Path(__file__).resolve().parents[2]
DESCRIPTION_CHARS = 300  # what a search engine's result shows of it, and more


def description(entry: Entry) -> str:
    """The message as the newest release words it (as PyTorch's source does, for an entry no
    snippet prints), on one line, cut at a word past DESCRIPTION_CHARS."""
    if entry.unrecorded:
        category, text = entry.unrecorded.category, template(entry.unrecorded.text)
    else:
        (category, text), _ = newest_first(entry.templates)[0]
    said = re.sub(r"\s+|\\n", " ", f"{category}: {text}").strip()  # a KeyError quotes its line breaks
    if len(said) > DESCRIPTION_CHARS:
        said = said[:DESCRIPTION_CHARS].rsplit(" ", 1)[0] + " …"
    return said


def text(entry: Entry) -> str:
    """The page's file."""
    return (
        "---\n"
        f"title: {json.dumps(f'{entry.category}: {entry.summary}', ensure_ascii=False)}\n"
        f"description: {json.dumps(description(entry), ensure_ascii=False)}\n"
        "---\n\n"
        f'{{{{ error_entry("{entry.id}") }}}}\n'
    )


def moved(entry: Entry) -> str:
    """The page at an entry's earlier id (data/reports' `was`): it sends the reader on to the
    entry's page, and search leaves it out."""
    return (
        "---\n"
        f"title: {json.dumps(f'{entry.category}: {entry.summary}', ensure_ascii=False)}\n"
        "search:\n  exclude: true\n"
        "---\n\n"
        f'{{{{ moved_entry("{entry.id}") }}}}\n'
    )


def expected(root: Path) -> dict[Path, str]:
    """Every edition's entry pages, and the pages at their earlier ids, by path from `root`."""
    pages = {}
    for edition in editions.load(root):
        for entry in entries(root):
            pages[Path(edition.docs) / entry_page(entry.id)] = text(entry)
            for old in entry.data.was if entry.data else ():
                pages[Path(edition.docs) / entry_page(old)] = moved(entry)
    return pages


def on_disk(root: Path) -> list[Path]:
    return sorted(path.relative_to(root) for edition in editions.load(root)
                  for path in (root / edition.docs / "errors").glob("*.md"))


def write(root: Path) -> list[str]:
    """Bring the pages in line with the entries; what was written or removed."""
    pages, done = expected(root), []
    for path, page in pages.items():
        target = root / path
        if not target.exists() or target.read_text(encoding="utf-8") != page:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(page, encoding="utf-8")
            done.append(f"written: {path}")
    for path in on_disk(root):
        if path not in pages:
            (root / path).unlink()
            done.append(f"removed: {path}")
    return done


def main(argv: list[str]) -> int:
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    print("\n".join(write(ROOT)) or "every entry page is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
