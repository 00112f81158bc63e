"""The page macros (fieldguide/macros.py) on a tiny site of their own, with no build: a fake
mkdocs-macros `env` over a docs folder of two pages that embed the same snippet, recordings
made through the store, and each macro's Markdown checked."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from fieldguide import macros, translations
from fieldguide.engine import Result
from fieldguide.render import changes_markdown, snippet_markdown
from fieldguide.snippet import Snippet
from fieldguide.store import OutputStore
from fieldguide.translations import ENGLISH_WORDS

CONFIG = """[tool.fieldguide]
reference = "2.1.2"
torch = [{ version = "2.0.1", numpy = "1.26.4" }, { version = "2.1.2", numpy = "1.26.4" }]
"""
NAV = [{"Home": "index.md"}, {"Topic": [{"First": "first.md"}, {"Deeper": "sub/second.md"}]}]


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """docs/index.md; docs/first.md and docs/sub/second.md both embed t/shared; t/alone
    is embedded only by the second; t/unrecorded by none and recorded nowhere."""
    (tmp_path / "pyproject.toml").write_text(CONFIG)
    for key in ("t/shared", "t/alone", "t/unrecorded"):
        path = tmp_path / "snippets" / f"{key}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("print('hi')\n")
    store = OutputStore(tmp_path)
    for key in ("t/shared", "t/alone"):
        store.record(key, "2.0.1", "old\n")
        store.record(key, "2.1.2", "new\n" if key == "t/shared" else "old\n")
    docs = tmp_path / "docs"
    (docs / "sub").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n")
    (docs / "first.md").write_text('# First\n\n{{ snippet("t/shared") }}\n')
    (docs / "sub" / "second.md").write_text('# Second\n\n{{ snippet("t/alone") }}\n\n{{ snippet("t/shared") }}\n')
    return tmp_path


def define(root: Path, page: str, zensical: bool = False, conf: dict | None = None, **variables):
    """The macros as mkdocs-macros defines them, rendering `page` (Zensical's page has a path,
    no file); `conf` adds to the config, a key given None is left out of it."""
    found = {}
    rendered = SimpleNamespace(path=page) if zensical else SimpleNamespace(file=SimpleNamespace(src_uri=page))
    config = {"docs_dir": str(root / "docs"), "nav": NAV, "use_directory_urls": True, **(conf or {})}
    env = SimpleNamespace(conf={key: value for key, value in config.items() if value is not None},
                          variables=dict(variables), page=rendered,
                          macro=lambda function: found.setdefault(function.__name__, function))
    macros.define_env(env)
    return SimpleNamespace(**found)


def test_every_macro_declares_what_it_reads(site):
    """`make serve` rebuilds a page from what its macros read (fieldguide/stale_pages.py)."""
    defined = vars(define(site, "index.md"))
    assert len(defined) >= 10 and set(defined) == set(macros.READS), (
        f"macros registered without `@macro(env, ...)`: {sorted(set(defined) - set(macros.READS))}")
    known = {macros.SHOWN, macros.DIRECTIVES, macros.SNIPPETS, macros.RECORDINGS, macros.DATA, macros.WORDS,
             macros.COMMENTS, macros.GLOSSARY, macros.RELEASES}
    assert set().union(*macros.READS.values()) <= known


def test_nav_pages_in_both_builders_shapes():
    assert macros.nav_pages(NAV) == ["index.md", "first.md", "sub/second.md"]
    zensical = [{"url": "index.md", "children": []},
                {"url": None, "children": [{"url": "first.md", "children": []}, {"url": "sub/second.md"}]}]
    assert macros.nav_pages(zensical) == ["index.md", "first.md", "sub/second.md"]


@pytest.mark.parametrize("page, directory_urls, url", [
    ("inplace.md", True, "inplace/"), ("index.md", True, ""), ("sub/index.md", True, "sub/"),
    ("inplace.md", False, "inplace.html"),
])
def test_page_url(page, directory_urls, url):
    assert macros.page_url(page, directory_urls) == url


def test_a_snippet_links_to_the_first_page_in_the_nav_that_embeds_it(site):
    assert macros.shown_on(site / "docs", ["index.md", "first.md", "sub/second.md"]) == {
        "t/shared": "first.md", "t/alone": "sub/second.md"}
    assert macros.shown_on(site / "docs", ["sub/second.md", "first.md"])["t/shared"] == "sub/second.md"


@pytest.mark.parametrize("zensical", [False, True], ids=["mkdocs", "zensical"])
def test_quote_links_relative_to_the_page_being_rendered(site, zensical):
    deeper = define(site, "sub/second.md", zensical)
    assert deeper.quote("t/shared", "new", since="2.1") == (
        '[`new`](../first.md#snippet-t-shared){ .fg-quote title="Printed by t/shared" } '
        '<span class="fg-quote-range" data-releases="2.1.2">(from 2.1)</span>')  # the recorded releases it holds on
    assert deeper.quote("t/shared", "new", since="2.0", until="2.1").endswith(
        '<span class="fg-quote-range" data-releases="2.0.1 2.1.2">(2.0 – 2.1)</span>')
    assert define(site, "first.md", zensical).quote("t/alone", "old").startswith("[`old`](sub/second.md#snippet")
    with pytest.raises(ValueError, match="docs/first.md quotes t/unrecorded, which no page embeds"):
        define(site, "first.md", zensical).quote("t/unrecorded", "x")


def test_snippet_shows_the_recordings_with_links_of_this_page(site):
    shown = define(site, "sub/second.md").snippet("t/shared")
    snippet = Snippet.load(site, "t", "shared")
    store = OutputStore(site)
    assert shown == snippet_markdown(snippet, store, OutputStore.graphs(site), ["2.0.1", "2.1.2"], None, None,
                                     {"t/shared": "../first.md", "t/alone": "../sub/second.md"}, ENGLISH_WORDS)
    assert "new\n" in shown and "old\n" in shown


def test_snippet_shows_a_live_run_the_plugin_passes(site):
    run = Result("finished", "fresh\n", 0.1)
    shown = define(site, "first.md", fieldguide_build=macros.Build(live={"t/shared": (run, "2.1.2")})).snippet(
        "t/shared")
    assert "fresh\n" in shown and "new\n" not in shown


def test_an_unrecorded_snippet_names_the_page_and_the_command(site):
    with pytest.raises(ValueError, match=r"docs/first.md embeds snippets/t/unrecorded.py, which has no recorded "
                                         r"output; run `make record`"):
        define(site, "first.md").snippet("t/unrecorded")


def test_version_changes_and_releases(site):
    pages = define(site, "index.md")
    assert pages.version_changes() == changes_markdown(
        {"Output": OutputStore(site), "Graph": OutputStore.graphs(site)},
        [Snippet.load(site, "t", k) for k in ("alone", "shared", "unrecorded")],
        {"t/shared": "first.md", "t/alone": "sub/second.md"}, ["2.0.1", "2.1.2"], ENGLISH_WORDS)
    assert "## `t/shared`" in pages.version_changes() and "t/alone" not in pages.version_changes()
    assert pages.torch_versions() == "2.0.1, **2.1.2** (reference)"


def test_the_paste_box_fetches_the_shared_data_from_the_site_root_and_its_words_from_its_edition(site):
    """Each page's box finds the edition's root, the data every edition shares at the site's
    root (`extra.root` from the edition's) and the edition's own words."""
    box = define(site, "sub/second.md").paste_box()
    assert 'data-root="../../"' in box and 'data-paste-data="../../assets/fieldguide/paste-data.json"' in box
    assert 'data-paste-words="../../assets/fieldguide/paste-words.json"' in box
    assert 'data-root="./"' in define(site, "index.md").paste_box()
    other_edition = define(site, "index.md", conf={"extra": {"root": "../"}})  # the site's root above it
    assert 'data-paste-data="./../assets/fieldguide/paste-data.json"' in other_edition.paste_box()




def test_without_directory_urls_a_page_is_one_folder_shallower(site):
    """`use_directory_urls: false` serves sub/second.md as sub/second.html, not sub/second/,
    so the site's root is one `../` up, not two; a config that leaves the option out gets
    MkDocs' default, directory URLs."""
    assert 'data-root="../"' in define(site, "sub/second.md", conf={"use_directory_urls": False}).paste_box()
    assert 'data-root="../../"' in define(site, "sub/second.md", conf={"use_directory_urls": None}).paste_box()


def test_an_edition_in_another_language_speaks_its_words(site):
    """The edition's language comes from its docs folder (docs-zh), its words from its file."""
    shutil.copytree(site / "docs", site / "docs-zh")
    words = translations.path_of(site, "zh")
    words.parent.mkdir(parents=True)
    shutil.copyfile(translations.path_of(Path(__file__).resolve().parents[1], "zh"), words)
    chinese = define(site, "index.md", conf={"docs_dir": str(site / "docs-zh")})
    assert chinese.torch_versions() == "2.0.1, " + translations.load(site, "zh").say("reference", version="2.1.2")
    assert chinese.torch_versions() != define(site, "index.md").torch_versions()
