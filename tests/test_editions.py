"""The editions as mkdocs.yml's extra.alternate declares them, and what follows from each."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fieldguide import editions
from fieldguide.editions import Edition, EditionError

ROOT = Path(__file__).resolve().parents[1]
TWO = {"extra": {"alternate": [{"name": "English", "link": "", "lang": "en"},
                               {"name": "中文", "link": "zh/", "lang": "zh"}]}}


def test_each_edition_has_its_config_docs_and_site_folder():
    root, zh = editions.read(TWO)
    assert (root.config, root.docs, root.site_dir, root.root) == ("mkdocs.yml", "docs", "site", True)
    assert (zh.config, zh.docs, zh.site_dir, zh.root, zh.name) == ("mkdocs.zh.yml", "docs-zh", "site/zh", False, "中文")


def test_the_projects_editions_exist():
    for edition in editions.load(ROOT):
        assert (ROOT / edition.config).is_file() and (ROOT / edition.docs).is_dir(), edition
    assert editions.load(ROOT)[0] == Edition("en", "English", "")


@pytest.mark.parametrize("config, says", [
    ({"extra": {"alternate": [{"name": "English", "link": ""}]}}, "needs name, link and lang"),
    ({"extra": {"alternate": [{"name": "中文", "link": "zh/", "lang": "zh"}]}}, "the first extra.alternate item"),
    ({"extra": {"alternate": [*TWO["extra"]["alternate"], {"name": "x", "link": "", "lang": "x"}]}}, "and only it"),
    ({"extra": {"alternate": [TWO["extra"]["alternate"][0], {"name": "中文", "link": "cn/", "lang": "zh"}]}},
     "at <lang>/"),
])
def test_a_wrong_declaration_says_what_to_fix(config, says):
    with pytest.raises(EditionError, match=rf"^mkdocs.yml: .*{re.escape(says)}"):
        editions.read(config)


def test_a_site_without_alternates_is_one_edition():
    assert editions.read({"site_name": "S", "theme": {"name": "material", "language": "de"}}) == (
        Edition("de", "S", ""),)
    assert editions.read({}) == (Edition("en", "", ""),)


def test_the_language_of_a_docs_folder():
    assert (editions.language_of(ROOT / "docs"), editions.language_of(Path("docs-zh"))) == ("en", "zh")


def test_the_command_lists_the_editions(capsys):
    assert editions.main(["list"]) == 0 and capsys.readouterr().out.splitlines()[0] == "mkdocs.yml docs site"
    assert editions.main([]) == 2
