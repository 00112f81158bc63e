"""The pages a dirty rebuild (`mkdocs serve --dirty`, `make serve`) must make again. MkDocs
rebuilds only the pages whose Markdown is newer than their HTML; a page also shows what its
macros read (each macro declares it: macros.READS), such as its snippets and their
recordings, or every recording and data/: such a page is marked modified (its content set,
MkDocs' public way) when one of those is newer than its HTML.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from fieldguide import editions, macros
from fieldguide.notebook_pages import is_notebook_file
from fieldguide.page import Page
from fieldguide.snippet import Snippet, SnippetError, code_start_of, keys
from fieldguide.store import OUTPUTS_DIR

CALL = re.compile(r"\{\{-?\s*(\w+)\s*\(")  # a macro call in a page


class StalePages:
    def __init__(self) -> None:
        self.directives: str | None = None  # the snippets' directives at the last build

    def mark(self, files, root: Path, docs: Path) -> list[str]:
        """Marks each page of `files` (the edition in `docs`) that shows something newer than
        its HTML; their docs-relative paths."""
        if not macros.READS:
            raise RuntimeError("the page macros are not defined yet (mkdocs-macros defines them on_config)")
        directives = _directives_digest(root)
        directives_changed, self.directives = self.directives not in (None, directives), directives
        language = editions.language_of(docs)
        dated: dict[str, float] = {}  # each input dated once per build

        def newest(read: str) -> float:
            if read == macros.DIRECTIVES:
                return float("inf") if directives_changed else 0.0
            if read not in dated:
                dated[read] = _newest(root / read.format(language=language))
            return dated[read]

        marked = []
        for file in files.documentation_pages():
            if file.abs_src_path is None or not os.path.isfile(file.abs_dest_path) or is_notebook_file(file):
                continue
            source = Path(file.abs_src_path)
            reads = {read for name in CALL.findall(source.read_text(encoding="utf-8"))
                     for read in macros.READS.get(name, ())}
            times = [newest(read) for read in reads - {macros.SHOWN}]
            if macros.SHOWN in reads:
                times += [_newest(path) for path in _shown(root, source)]
            if max(times, default=0.0) > os.path.getmtime(file.abs_dest_path):
                file.content_string = file.content_string
                marked.append(file.src_uri)
        return marked


def _shown(root: Path, page: Path) -> list[Path]:
    """The files of the snippets `page` embeds or quotes and of the fixes they name, and their
    recordings."""
    model = Page.read(page)
    shown = {embed.key for embed in model.embeds} | {call.quote.key for call in model.quotes}
    for key in list(shown):
        try:
            fix = Snippet.load(root, *key.split("/")).fixed_by
        except (SnippetError, OSError):
            continue  # the page's build reports it
        if fix:
            shown.add(fix)
    return [path for key in sorted(shown) for path in (root / "snippets" / f"{key}.py", root / OUTPUTS_DIR / key)]


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
