"""`make build` (fieldguide/site_build.py) with a stand-in for mkdocs that writes which config
it built: every edition lands in its folder of site/, and a failed build leaves site/ alone."""

from __future__ import annotations

import textwrap

import pytest

from fieldguide.site_build import build_all

CONFIG = """\
site_name: Guide
extra:
  alternate:
    - {name: English, link: "", lang: en}
    - {name: 中文, link: zh/, lang: zh}
"""
# Writes the config it was given into --site-dir; fails for the config named in $FAIL.
FAKE_MKDOCS = """\
#!/bin/sh
config=$4 site=$6
echo "building $config"
mkdir -p "$site" && echo "$config" > "$site/index.html"
[ "$config" != "$FAIL" ]
"""


@pytest.fixture
def root(tmp_path):
    (tmp_path / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    (tmp_path / "mkdocs.zh.yml").write_text("INHERIT: mkdocs.yml\nsite_dir: site/zh\n", encoding="utf-8")
    fake = tmp_path / "mkdocs"
    fake.write_text(textwrap.dedent(FAKE_MKDOCS))
    fake.chmod(0o755)
    return tmp_path


def test_every_edition_takes_its_place_in_site(root, capsys, monkeypatch):
    monkeypatch.delenv("FAIL", raising=False)
    (root / "site").mkdir()
    (root / "site" / "stale.html").write_text("from an older build")
    assert build_all(str(root / "mkdocs"), root) == 0
    assert (root / "site" / "index.html").read_text().strip() == "mkdocs.yml"
    assert (root / "site" / "zh" / "index.html").read_text().strip() == "mkdocs.zh.yml"
    assert not (root / "site" / "stale.html").exists()
    assert not list((root / "build" / "editions").iterdir())
    printed = capsys.readouterr().out
    assert printed.index("building mkdocs.yml") < printed.index("building mkdocs.zh.yml")  # edition by edition


def test_a_failed_edition_leaves_site_as_it_was(root, capsys, monkeypatch):
    monkeypatch.setenv("FAIL", "mkdocs.zh.yml")
    (root / "site").mkdir()
    (root / "site" / "index.html").write_text("the last good build")
    assert build_all(str(root / "mkdocs"), root) == 1
    assert (root / "site" / "index.html").read_text() == "the last good build"
    assert "the build of mkdocs.zh.yml failed" in capsys.readouterr().err
