"""The page macros, for every builder that runs mkdocs-macros modules (MkDocs through the
mkdocs-macros plugin, Zensical by itself); mkdocs.yml lists it under `modules`.

    {{ snippet("topic/name") }}            code, recorded output per release, diagram
    {{ snippet("topic/name", "part") }}    only the section [start:part] ... [end:part]
    {{ quote("topic/name", "text") }}      a checked quote of an output (quotes.py)
    {{ notebook() }}                       the page's executed notebook (notebook.py)
    {{ version_changes() }}  {{ error_index() }}  {{ torch_versions() }}
    {{ error_entry("entry-id") }}          an Error-index entry's page (docs/errors/<entry id>.md)
    {{ glossary_table() }}                 the edition's terms (glossary.py), on docs-zh/glossary.md
    {{ upgrade_view() }}                   what differs between two releases (upgrade.py), on upgrade.md

Everything comes from files in the repository (snippets, recordings, the config's
navigation), so both builders make the same pages. Each edition (mkdocs.yml: docs/ in
English, mkdocs.zh.yml: docs-zh/ in Chinese) generates its words in its own language
(translations.py). What only MkDocs can do, live
re-execution under `mkdocs serve` and notebooks rendered as pages, is the MkDocs plugin's
(mkdocs_plugin.py); it tells these macros about the build in progress through the
mkdocs-macros variable `fieldguide_build` (a `Build`).
"""

from __future__ import annotations

import functools
import html
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from fieldguide import editions, glossary, translations, upgrade
from fieldguide import notebook as notebooks
from fieldguide.engine import Result
from fieldguide.errors import data_files
from fieldguide.errors import grouping as error_grouping
from fieldguide.errors import page as error_page
from fieldguide.nav import nav_pages, page_url, shown_on
from fieldguide.page import Page
from fieldguide.quotes import Quote
from fieldguide.releases import load as load_matrix
from fieldguide.render import anchor, changes_markdown, snippet_markdown
from fieldguide.snippet import Snippet, discover
from fieldguide.store import OutputStore

BUILD = "fieldguide_build"
ERROR_INDEX = "errors.md"  # the index of every entry (docs/errors.md, docs-zh/errors.md)
CHANGES = "version-changes.md"  # every difference between neighbouring releases (the upgrade view's fallback)

# What a macro's Markdown is made from besides its page, declared with the macro
# (`@macro(env, ...)`): under `mkdocs serve --dirty`, stale_pages.py rebuilds a page when
# something its macros read is newer than its HTML. Paths are from the project's root;
# {language} is the edition's.
SHOWN = "shown"  # the snippets the page embeds or quotes and the fixes they name: code, recordings
DIRECTIVES = "directives"  # every snippet's directive lines
SNIPPETS = "snippets"  # every snippet's code (the fix diffs)
RECORDINGS = "outputs"  # every recording and graph
DATA = "data"  # the reports, other wordings, translations and glossaries
WORDS = "data/translations/{language}.toml"  # the edition's generated words
COMMENTS = "data/translations/comments/{language}.toml"  # the edition's comments of the code
GLOSSARY = "data/translations/glossary/{language}.toml"
RELEASES = "pyproject.toml"  # the releases listed
READS: dict[str, tuple[str, ...]] = {}  # macro name -> what it reads, filled by `macro`


@dataclass
class Build:
    """What the MkDocs plugin tells the macros about the build in progress, as the
    mkdocs-macros variable BUILD; Zensical runs no plugin, and its builds are the default."""

    # snippet key -> (fresh run, torch version) for each snippet edited under `mkdocs serve`
    # whose page shows that run instead of the recordings
    live: dict[str, tuple[Result, str]] = field(default_factory=dict)
    notebook_pages: bool = False  # every page's notebook is also a page of the site


def macro(env, *reads: str):
    """Registers the decorated function as a macro with mkdocs-macros, and what it reads."""
    def register(function):
        READS[function.__name__] = reads
        return env.macro(function)
    return register


def define_env(env) -> None:
    docs = Path(env.conf["docs_dir"]).resolve()  # absolute in both builders
    root = docs.parent
    matrix = load_matrix(root)
    store, graphs = OutputStore(root), OutputStore.graphs(root)
    embedded = shown_on(docs, nav_pages(env.conf["nav"]))  # read once per build
    language = editions.language_of(docs)
    words = translations.load(root, language)

    def build() -> Build:
        """Read when a macro runs: the plugin registers it after this module is loaded."""
        return env.variables.get(BUILD) or Build()

    def here() -> str:
        """The page being rendered, as docs-relative path (MkDocs page or Zensical page)."""
        file = getattr(env.page, "file", None)
        return file.src_uri if file else PurePosixPath(env.page.path).as_posix()

    def links() -> dict[str, str]:
        """snippet key -> its page in this edition, as a link relative to the page being rendered."""
        depth = here().count("/")
        return {key: "../" * depth + page for key, page in embedded.items()}

    @macro(env, SHOWN, WORDS, COMMENTS, RELEASES)
    def snippet(key: str, section: str | None = None) -> str:
        snippet = Snippet.load(root, *key.split("/"))
        if not store.index(key):
            raise ValueError(
                f"{docs.name}/{here()} embeds {snippet.relpath}, which has no recorded output; run `make record`."
            )
        return snippet_markdown(
            snippet, store, graphs, matrix.versions, section, build().live.get(key), links(), words
        )

    @macro(env, SHOWN, WORDS)
    def quote(key: str, text: str, since: str | None = None, until: str | None = None) -> str:
        checked = Quote(key, text, since, until)
        target = links().get(key)
        if target is None:
            raise ValueError(f"{docs.name}/{here()} quotes {key}, which no page embeds")
        title = words.say("quote_title", snippet=key)
        label = ""
        if checked.label:  # the recorded releases it holds on, which the release picker reads
            holds = " ".join(v for v in matrix.versions if checked.covers(v))
            label = (f' <span class="fg-quote-range" data-releases="{holds}">'
                     f'({html.escape(checked.label_in(words))})</span>')
        return f'[{checked.code}]({target}#{anchor(key)}){{ .fg-quote title="{title}" }}{label}'

    @macro(env, WORDS)
    def notebook() -> str:
        return notebooks.link_markdown(here(), env.conf.get("use_directory_urls", True), build().notebook_pages, words)

    @macro(env, RECORDINGS, DIRECTIVES, WORDS, RELEASES)
    def version_changes(searchable: bool = True) -> str:
        stores = {words.say("changes_output"): store, words.say("changes_graph"): graphs}
        return changes_markdown(stores, discover(root), links(), matrix.versions, words, searchable)

    def up() -> str:
        """The address of the edition's root from the page being rendered's."""
        return "../" * page_url(here(), env.conf.get("use_directory_urls", True)).count("/") or "./"

    @functools.cache  # once per build: every entry's page asks
    def entries() -> list[error_grouping.Entry]:
        return data_files.entries(root)

    @functools.cache  # once per build, as the entries: discovering every snippet takes a tenth of a second
    def snippets() -> dict[str, Snippet]:
        return {s.key: s for s in discover(root)}

    def box() -> str:
        """The paste box, which fetches the data files (errors/data_files.py): the shared one
        from the site's root, this edition's words from its own."""
        site_root = up() + (env.conf.get("extra", {}).get("root") or "")
        return error_page.paste_box(words, up(), site_root + data_files.PASTE_DATA, up() + data_files.PASTE_WORDS)

    @macro(env, RECORDINGS, DIRECTIVES, DATA)
    def error_index() -> str:
        """Every entry's message linked to its page, grouped by where a reader meets it."""
        titles = {page: Page.read(docs / page).title for page in dict.fromkeys(embedded.values())}
        pages = {entry.id: data_files.entry_page(entry.id) for entry in entries()}
        return error_page.index_markdown(entries(), embedded, titles, pages, words)

    @macro(env, RECORDINGS, SNIPPETS, DATA, RELEASES)
    def error_entry(entry_id: str) -> str:
        """An Error-index entry's page (docs/errors/<entry id>.md, written by
        fieldguide/errors/entry_pages.py)."""
        found = [entry for entry in entries() if entry.id == entry_id]
        if not found:
            raise ValueError(f"{docs.name}/{here()} shows the Error-index entry {entry_id!r}, which no longer "
                             "exists; run `python -m fieldguide.errors.entry_pages` to remove its page.")
        return error_page.entry_markdown(found[0], snippets(), links(), matrix.versions, words)

    @macro(env, WORDS)
    def moved_entry(entry_id: str) -> str:
        """The page at an entry's earlier id (fieldguide/errors/entry_pages.py): on to its page."""
        target = up() + page_url(data_files.entry_page(entry_id), env.conf.get("use_directory_urls", True))
        return (f'<meta http-equiv="refresh" content="0; url={target}">\n\n'
                + words.say("entry_moved", link=f"[{entry_id}]({entry_id}.md)") + "\n")

    @macro(env, WORDS)
    def upgrade_view() -> str:
        """The upgrade view (upgrade.py), which fetches its data (errors/data_files.py): every
        snippet whose recordings differ between two releases the reader picks, and the Error
        index's messages one prints and the other not."""
        changes = up() + page_url(CHANGES, env.conf.get("use_directory_urls", True))
        return upgrade.view_html(up() + data_files.UPGRADE_DATA, up(), changes, words)

    @macro(env, WORDS)
    def paste_box() -> str:
        """The paste box, first on the home page and on the Error index."""
        return box()

    @macro(env, WORDS, RELEASES)
    def torch_versions() -> str:
        return ", ".join(words.say("reference", version=v) if v == matrix.reference else v for v in matrix.versions)

    @macro(env, GLOSSARY)
    def glossary_table() -> str:
        """The edition's terms as a table (data/translations/glossary/<language>.toml)."""
        return glossary.load(root, language).table()
