"""The MkDocs plugin's live path: under `mkdocs serve`, a snippet saved since serving
began is re-run by the plugin and its page shows the fresh output, marked as not yet
recorded; an unedited snippet shows its recordings.

The site is a one-page copy of the project (its snippets, recordings and pyproject.toml),
built with MkDocs's own API as `mkdocs serve` builds it."""

from __future__ import annotations

import html
import shutil
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from fieldguide.matrix import load as load_matrix
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


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    for folder in ("snippets", "outputs"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
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
