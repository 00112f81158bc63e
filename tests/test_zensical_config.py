"""fieldguide/zensical_config.py: Zensical reads each edition's flattened config as MkDocs
reads the config itself (the nav, the merged mappings, the Python names in it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import ConfigurationError
from test_nav import outline
from zensical.config import parse_mkdocs_config

from fieldguide import CACHE
from fieldguide.macros import nav_pages
from fieldguide.zensical_config import flat_config, main, write_config

ROOT = Path(__file__).resolve().parents[1]


def zensical_outline(items: list) -> list:
    """Zensical's nav items as test_nav.outline gives MkDocs' ones."""
    return [(item["title"], item["url"] or zensical_outline(item["children"])) for item in items]


@pytest.mark.parametrize("edition", ["mkdocs.yml", "mkdocs.zh.yml"])
def test_zensical_reads_the_flattened_config_as_mkdocs_reads_the_config(edition, tmp_path):
    flattened = ROOT / f".zensical-unit-test-{tmp_path.name}.yml"  # beside it: its paths are relative
    flat = flat_config(ROOT / edition)
    write_config(flat, flattened)
    try:
        zensical = parse_mkdocs_config(str(flattened))
    finally:
        flattened.unlink()
    mkdocs = load_config(str(ROOT / edition))
    # Zensical joins an inherited nav to the edition's own; MkDocs, and the flattening, replace it.
    assert zensical_outline(zensical["nav"]) == outline(mkdocs["nav"])
    # The macros find the pages in both builders' shapes of the nav, sections included.
    assert nav_pages(zensical["nav"]) == nav_pages(mkdocs["nav"])
    assert len(nav_pages(mkdocs["nav"])) > len(mkdocs["nav"])
    for key in ("docs_dir", "site_dir"):
        assert Path(zensical[key]).resolve() == Path(mkdocs[key]).resolve(), key
    assert zensical["theme"]["language"] == mkdocs["theme"]["language"]
    # mkdocs.zh.yml changes the search plugin's options alone: the other plugins stay as configured.
    plugins = flat["plugins"]
    assert list(plugins) == [name.removeprefix("material/") for name in mkdocs["plugins"]]
    assert plugins["search"].get("separator") == mkdocs["plugins"]["material/search"].config["separator"]
    assert zensical["plugins"]["macros"]["config"]["modules"] == mkdocs["plugins"]["macros"].config["modules"]
    fence = zensical["mdx_configs"]["pymdownx.superfences"]["custom_fences"][0]
    expected = mkdocs["mdx_configs"]["pymdownx.superfences"]["custom_fences"][0]
    assert (fence["format"], fence["validator"]) == (expected["format"], expected["validator"])
    # Zensical maps Material's emoji functions to its own, with the same names.
    emoji = zensical["mdx_configs"]["pymdownx.emoji"]
    assert emoji["emoji_index"].__module__ == "zensical.extensions.emoji"
    assert emoji["emoji_index"].__name__ == mkdocs["mdx_configs"]["pymdownx.emoji"]["emoji_index"].__name__


def test_a_config_that_cannot_be_read_is_named(tmp_path):
    missing = tmp_path / "mkdocs.yml"
    with pytest.raises(ConfigurationError, match=f"{missing}: cannot read it"):
        flat_config(missing)
    child = tmp_path / "mkdocs.zh.yml"
    child.write_text("INHERIT: base.yml\n")
    with pytest.raises(ConfigurationError, match=f"{child}: .*base.yml"):
        flat_config(child)


def test_the_flattened_config_must_sit_beside_the_config(tmp_path):
    with pytest.raises(SystemExit, match="beside"):
        main([str(ROOT / "mkdocs.zh.yml"), str(tmp_path / "flat.yml")])
    assert not (tmp_path / "flat.yml").exists()


def test_a_clean_zensical_build_leaves_the_projects_caches_alone(tmp_path):
    """`zensical build --clean` (what `make zensical` runs) empties Zensical's cache folder,
    `.cache/` beside the config, whatever else it holds; the project's caches live elsewhere
    (fieldguide.CACHE), or each such build would throw away the executed notebooks and the
    passed checks, and the next MkDocs build and test run would start from nothing."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# A page\n")
    (tmp_path / "mkdocs.yml").write_text("site_name: a project\n")
    kept = tmp_path / CACHE / "notebooks" / "run.ipynb"
    kept.parent.mkdir(parents=True)
    kept.write_text("{}")
    built = subprocess.run([sys.executable, "-m", "zensical", "build", "--clean", "-f", "mkdocs.yml"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert built.returncode == 0, built.stdout + built.stderr
    assert (tmp_path / "site" / "index.html").exists()  # the build ran
    assert kept.exists(), f"zensical build --clean removed {CACHE}/"
