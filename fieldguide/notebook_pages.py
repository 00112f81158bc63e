"""Every page's executed notebook as a page of a MkDocs build (the MkDocs plugin's part;
notebook.py makes the notebooks, mkdocs-jupyter renders them).

Each notebook is written to the edition's notebooks/ folder (in config.docs_dir:
docs/notebooks/, docs-zh/notebooks/), where mkdocs-jupyter renders it as a page. Those
pages are reached from their page's notebook buttons, not the sidebar: each notebook
executed here is marked as not in the navigation (`File.inclusion`, as `not_in_nav` would
mark it), so the strict build accepts that the nav omits it, while one left there by a page
that no longer embeds snippets still fails the build. They stay out of the search index,
where a pasted error would land on duplicates.

Under `mkdocs build` the notebooks execute in a helper process (`python -m
fieldguide.notebook <docs folder>`) while MkDocs builds the other pages; under `mkdocs
serve` they are written before the build, a stale one kept. mkdocs-jupyter puts the same
590 KB of styles into every notebook page; they are served once, as stylesheets, instead.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import InclusionLevel
from mkdocs.utils import get_relative_url, write_file

from fieldguide import notebook

STYLE_START = '<style type="text/css">'


class NotebookPages:
    """One build's notebooks: started with the build, waited for before the first notebook
    page is read, their styles written once the site is."""

    def __init__(self) -> None:
        self.executing: subprocess.Popen | None = None  # the helper executing the notebooks
        self.paths: set[str] = set()  # the docs-relative paths of this build's notebooks
        self.stylesheets: dict[str, str] = {}  # site path -> the styles, written after the build

    def start(self, root: Path, docs: Path, serving: bool) -> None:
        """Under `serve` the notebooks are written now, a stale one kept (an edit must not wait
        for a kernel); under `build` a helper process executes them while MkDocs builds the
        pages."""
        if serving:
            try:
                self.paths = set(notebook.write_all(root, stale_ok=True, docs=docs.name))
            except Exception as error:  # a kernel that dies or times out
                raise PluginError(f"executing the notebooks failed: {error}") from None
            return
        if docs.resolve().parent != root.resolve():
            raise PluginError(f"docs_dir {docs} must be a folder beside {root / 'mkdocs.yml'} (docs, docs-zh)")
        paths = notebook.paths(root, docs.name)
        (docs / notebook.FOLDER).mkdir(exist_ok=True)
        for path in paths:  # MkDocs lists the files before they are executed
            if not (docs / path).exists():
                (docs / path).touch()
        self.executing = subprocess.Popen(
            [sys.executable, "-m", "fieldguide.notebook", docs.name], cwd=root, stdout=subprocess.DEVNULL
        )
        self.paths = set(paths)

    def mark_not_in_nav(self, files) -> None:
        for file in files:
            if file.src_uri in self.paths:
                file.inclusion = InclusionLevel.NOT_IN_NAV

    def wait(self) -> None:
        if self.executing:
            helper, self.executing = self.executing, None
            if helper.wait():
                raise PluginError(
                    "executing the notebooks failed (`python -m fieldguide.notebook`: its error is above)"
                )

    def link_styles(self, html: str, page) -> str:
        """A notebook page's HTML with its inline styles replaced by links to stylesheets."""
        page.meta["search"] = {"exclude": True}
        first, *styled = html.split(STYLE_START)
        linked = [first]
        for part in styled:
            styles, _, rest = part.partition("</style>")
            path = f"assets/notebook-{hashlib.sha256(styles.encode()).hexdigest()[:12]}.css"
            self.stylesheets[path] = styles
            linked.append(f'<link rel="stylesheet" href="{get_relative_url(path, page.url)}">{rest}')
        return "".join(linked)

    def write_stylesheets(self, site_dir: str) -> None:
        for path, styles in self.stylesheets.items():
            write_file(styles.encode("utf-8"), str(Path(site_dir) / path))

    def stop(self) -> None:
        if self.executing:
            self.executing.kill()
            self.executing.wait()
            self.executing = None


def is_notebook(page) -> bool:
    return is_notebook_file(page.file)


def is_notebook_file(file) -> bool:
    return file.src_uri.startswith(f"{notebook.FOLDER}/")
