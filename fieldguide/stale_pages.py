"""The pages a dirty rebuild (`mkdocs serve --dirty`, `make serve`) must make again. MkDocs
rebuilds only the pages whose Markdown is newer than their HTML; a page also shows its
snippets and their recordings, and a generated page every recording and data/: such a
page is marked modified (its content set, MkDocs' public way) when one of those is newer
than its HTML.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from fieldguide.notebook_pages import is_notebook_file
from fieldguide.page import Page
from fieldguide.snippet import code_start_of, keys
from fieldguide.store import OUTPUTS_DIR

# macros of pages made from every recording
GENERATED = ("error_index()", "error_entry(", "version_changes()", "upgrade_view()")


class StalePages:
    def __init__(self) -> None:
        self.directives: str | None = None  # the snippets' directives at the last build

    def mark(self, files, root: Path) -> None:
        """Marks each page of `files` that shows something newer than its HTML."""
        # The generated pages show every recording, data/ and the snippets' directives, not
        # their code: a snippet edited under live re-execution leaves them as they are.
        directives = _directives_digest(root)
        directives_changed, self.directives = self.directives not in (None, directives), directives
        newest_everywhere = max(_newest(root / folder) for folder in (OUTPUTS_DIR, "data"))
        for file in files.documentation_pages():
            if file.abs_src_path is None or not os.path.isfile(file.abs_dest_path) or is_notebook_file(file):
                continue
            source = Path(file.abs_src_path)
            if any(call in source.read_text(encoding="utf-8") for call in GENERATED):
                newest = float("inf") if directives_changed else newest_everywhere
            else:
                model = Page.read(source)
                shown = {embed.key for embed in model.embeds} | {call.quote.key for call in model.quotes}
                newest = max([_newest(root / "snippets" / f"{key}.py") for key in shown]
                             + [_newest(root / OUTPUTS_DIR / key) for key in shown] + [0.0])
            if newest > os.path.getmtime(file.abs_dest_path):
                file.content_string = file.content_string


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
