"""The MkDocs plugin. Its live path: under `mkdocs serve`, a snippet saved since serving
began is re-run by the plugin and its page shows the fresh output, marked as not yet
recorded; an unedited snippet shows its recordings. Its notebooks: each page's executed
notebook is a page of the site that the navigation does not list; the strict build accepts
that for the notebooks the plugin executed, and for no other.

The site is a one-page copy of the project (its snippets, recordings and pyproject.toml),
built with MkDocs's own API as `mkdocs serve` and `mkdocs build` build it."""

from __future__ import annotations

import html
import logging
import shutil
import time
from pathlib import Path

import nbformat
import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

from fieldguide.releases import load as load_matrix
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
KEY = "leaf/backward_with_grad_fixed"

SITE = """\
site_name: live
docs_dir: docs
plugins:
  - macros:
      modules: [fieldguide.macros]
      on_error_fail: true
  - fieldguide:
      notebooks: false
markdown_extensions:
  - pymdownx.superfences:
      custom_fences:
        - name: output
          class: fg-output
          format: !!python/name:fieldguide.render.output_fence
          validator: !!python/name:fieldguide.render.output_fence_options
  - pymdownx.tabbed:
      alternate_style: true
  - pymdownx.snippets:
      base_path: ["."]
      check_paths: true
  - admonition
  - attr_list
  - md_in_html
nav:
  - Home: index.md
"""


# The notebooks rendered as pages, as in mkdocs.yml; the plugin comes first here so that
# marking the notebooks as pages not in the nav must wait for mkdocs-jupyter by priority.
NOTEBOOK_PLUGINS = """\
  - fieldguide
  - mkdocs-jupyter:
      include: ["notebooks/*.ipynb"]
      ignore: ["*.md"]
      execute: false
"""
# As in mkdocs.yml: a page the nav does not list is a warning, which fails a strict build.
OMITTED_PAGES = """\
validation:
  nav:
    omitted_files: warn
"""


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    # the one snippet the page embeds, and its recordings
    (tmp_path / "snippets" / KEY).parent.mkdir(parents=True)
    shutil.copy(ROOT / "snippets" / f"{KEY}.py", tmp_path / "snippets" / f"{KEY}.py")
    shutil.copytree(ROOT / "outputs" / KEY, tmp_path / "outputs" / KEY)
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(f'# Live\n\n{{{{ snippet("{KEY}") }}}}\n', encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(SITE, encoding="utf-8")
    return tmp_path


def serve(project: Path, edit: str | None) -> str:
    """Serve as `mkdocs serve` does: the plugin hears the serve command and the site is
    built; then `edit` (if given) is saved as the snippet and the site rebuilt. The page's
    HTML after the rebuild."""
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(project / "site"))
    config.plugins.on_startup(command="serve", dirty=False)
    try:
        build(config)
        if edit is not None:
            (project / "snippets" / f"{KEY}.py").write_text(edit, encoding="utf-8")
        build(config)
    finally:
        config.plugins.on_shutdown()
    return (project / "site" / "index.html").read_text(encoding="utf-8")


def test_an_unedited_snippet_shows_its_recordings(project: Path):
    page = serve(project, None)
    assert "Not yet recorded" not in page
    _, recorded = OutputStore(ROOT).recorded(KEY, load_matrix(ROOT).reference)
    assert html.escape(recorded.strip(), quote=False) in page


def test_a_saved_snippet_is_rerun_and_shown_as_not_recorded(project: Path):
    page = serve(project, 'print("fresh from the edit")\n')
    assert "Not yet recorded" in page
    assert "fresh from the edit" in page


def test_a_dirty_rebuild_shows_an_edited_recording(project: Path):
    """`make serve` (--dirty) rebuilds a page whose Markdown has not changed when a recording
    it shows has: the plugin sets the page's content (fieldguide/stale_pages.py), and MkDocs
    takes that as modified. This fails when MkDocs no longer does."""
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(project / "site"))
    config.plugins.on_startup(command="serve", dirty=True)
    reference = load_matrix(ROOT).reference
    try:
        build(config, dirty=True)
        page = project / "site" / "index.html"
        _, recorded = OutputStore(project).recorded(KEY, reference)
        time.sleep(0.05)  # the recording's modification time must be later than the page's
        OutputStore(project).record(KEY, reference, recorded.rstrip("\n") + " edited under serve\n")
        build(load_config(str(project / "mkdocs.yml"), site_dir=str(project / "site")), dirty=True)
    finally:
        config.plugins.on_shutdown()
    assert "edited under serve" in page.read_text(encoding="utf-8")


def build_with_notebooks(project: Path) -> None:
    """`mkdocs build --strict` of the project with the plugin executing its notebooks."""
    text = (project / "mkdocs.yml").read_text(encoding="utf-8")
    (project / "mkdocs.yml").write_text(
        text.replace("  - fieldguide:\n      notebooks: false\n", NOTEBOOK_PLUGINS) + OMITTED_PAGES, encoding="utf-8"
    )
    build(load_config(str(project / "mkdocs.yml"), site_dir=str(project / "site"), strict=True))


def test_a_notebook_is_a_page_the_navigation_does_not_list(project: Path):
    build_with_notebooks(project)  # strict: a page missing from the nav would abort it
    notebook = (project / "site" / "notebooks" / "index.html").read_text(encoding="utf-8")  # of index.md
    assert "jp-CodeCell" in notebook, "the notebook's page shows no cell that mkdocs-jupyter rendered"


def test_a_notebook_the_plugin_did_not_execute_fails_the_strict_build(project: Path, caplog):
    """A notebook left in notebooks/ by a page that no longer embeds snippets stops the build
    instead of becoming a page that no button leads to."""
    (project / "docs" / "index.md").write_text("# No snippets\n", encoding="utf-8")
    (project / "docs" / "notebooks").mkdir()
    nbformat.write(nbformat.v4.new_notebook(), project / "docs" / "notebooks" / "gone.ipynb")
    with caplog.at_level(logging.WARNING, logger="mkdocs"), pytest.raises(Abort):
        build_with_notebooks(project)
    assert "notebooks/gone.ipynb" in caplog.text
