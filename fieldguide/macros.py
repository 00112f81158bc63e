"""The page macros, for every builder that runs mkdocs-macros modules (MkDocs through the
mkdocs-macros plugin, Zensical by itself); mkdocs.yml lists it under `modules`.

    {{ snippet("topic/name") }}            code, recorded output per release, diagram
    {{ snippet("topic/name", "part") }}    only the section [start:part] ... [end:part]
    {{ quote("topic/name", "text") }}      a checked quote of an output (quotes.py)
    {{ notebook() }}                       the page's executed notebook (notebook.py)
    {{ version_changes() }}  {{ error_index() }}  {{ torch_versions() }}
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

from fieldguide import causes, editions, glossary, translations, upgrade, wordings
from fieldguide import notebook as notebooks
from fieldguide.engine import Result
from fieldguide.errors import grouping as error_grouping
from fieldguide.errors import page as error_page
from fieldguide.page import Page
from fieldguide.quotes import Quote
from fieldguide.releases import load as load_matrix
from fieldguide.render import anchor, changes_markdown, snippet_markdown
from fieldguide.snippet import Snippet, discover
from fieldguide.store import OutputStore

BUILD = "fieldguide_build"
ERROR_INDEX = "errors.md"  # the page whose paste box answers (docs/errors.md, docs-zh/errors.md)
CHANGES = "version-changes.md"  # every difference between neighbouring releases (the upgrade view's fallback)


@dataclass
class Build:
    """What the MkDocs plugin tells the macros about the build in progress, as the
    mkdocs-macros variable BUILD; Zensical runs no plugin, and its builds are the default."""

    # snippet key -> (fresh run, torch version) for each snippet edited under `mkdocs serve`
    # whose page shows that run instead of the recordings
    live: dict[str, tuple[Result, str]] = field(default_factory=dict)
    notebook_pages: bool = False  # every page's notebook is also a page of the site


def nav_pages(nav) -> list[str]:
    """The Markdown pages of a navigation tree, in reading order: MkDocs's form
    (titles mapping to paths or lists) or Zensical's ({"url", "children"} items)."""
    if isinstance(nav, str):
        return [nav] if nav.endswith(".md") else []
    if isinstance(nav, dict) and "children" in nav:
        return nav_pages(nav["url"] or "") + nav_pages(nav["children"])
    items = nav.values() if isinstance(nav, dict) else nav or []
    return [page for item in items for page in nav_pages(item)]


def page_url(page: str, directory_urls: bool) -> str:
    """A docs-relative Markdown page's address from the site's root, as MkDocs and Zensical
    write it: `inplace.md` -> `inplace/`, `index.md` -> `` (`.html` files without
    directory URLs)."""
    stem = page.removesuffix(".md")
    if not directory_urls:
        return f"{stem}.html"
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return f"{stem}/"


def shown_on(docs: Path, pages: list[str]) -> dict[str, str]:
    """snippet key -> the first page in the navigation (of the edition in `docs`) that embeds it."""
    stamps = tuple((docs / page).stat().st_mtime_ns for page in pages)
    return _shown_on(docs, tuple(pages), stamps)


@functools.lru_cache(maxsize=4)  # Zensical asks once per page; the pages rarely change
def _shown_on(docs: Path, pages: tuple[str, ...], stamps: tuple[int, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for page in pages:
        for embed in Page.read(docs / page).embeds:
            found.setdefault(embed.key, page)
    return found


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

    def urls() -> dict[str, str]:
        """snippet key -> the address of its page, relative to the page being rendered's: what
        a script links to, where Markdown's links are already resolved."""
        directory_urls = env.conf.get("use_directory_urls", True)
        depth = page_url(here(), directory_urls).count("/")
        return {key: "../" * depth + page_url(page, directory_urls) for key, page in embedded.items()}

    @env.macro
    def snippet(key: str, section: str | None = None) -> str:
        snippet = Snippet.load(root, *key.split("/"))
        if not store.index(key):
            raise ValueError(
                f"{docs.name}/{here()} embeds {snippet.relpath}, which has no recorded output; run `make record`."
            )
        return snippet_markdown(
            snippet, store, graphs, matrix.versions, section, build().live.get(key), links(), words
        )

    @env.macro
    def quote(key: str, text: str, since: str | None = None, until: str | None = None) -> str:
        checked = Quote(key, text, since, until)
        target = links().get(key)
        if target is None:
            raise ValueError(f"{docs.name}/{here()} quotes {key}, which no page embeds")
        title = words.say("quote_title", snippet=key)
        label = ""
        if checked.label:  # the releases it holds on, which the release picker reads
            bounds = "".join(f' data-{name}="{value}"' for name, value in
                             (("since", checked.since), ("until", checked.until)) if value)
            label = f' <span class="fg-quote-range"{bounds}>({html.escape(checked.label_in(words))})</span>'
        return f'[{checked.code}]({target}#{anchor(key)}){{ .fg-quote title="{title}" }}{label}'

    @env.macro
    def notebook() -> str:
        return notebooks.link_markdown(here(), env.conf.get("use_directory_urls", True), build().notebook_pages, words)

    @env.macro
    def version_changes() -> str:
        stores = {words.say("changes_output"): store, words.say("changes_graph"): graphs}
        return changes_markdown(stores, discover(root), links(), matrix.versions, words)

    @env.macro
    def error_index() -> str:
        snippets = discover(root)
        return error_page.markdown(
            error_grouping.collect(snippets, store, causes.load(root)), {s.key: s for s in snippets}, links(),
            matrix.versions,
            words, urls(), wordings.load(root),
        )

    @env.macro
    def upgrade_view() -> str:
        """The upgrade view (upgrade.py): every snippet whose recordings differ between two
        releases the reader picks, and the Error index's messages one prints and the other not."""
        directory_urls = env.conf.get("use_directory_urls", True)
        up = "../" * page_url(here(), directory_urls).count("/")
        shown = list(dict.fromkeys(embedded.values()))
        titles = {page: Page.read(docs / page).title.replace("`", "") for page in shown}
        page_urls = {page: up + page_url(page, directory_urls) for page in shown}
        snippets = discover(root)
        payload = upgrade.data(
            snippets, store, graphs, matrix.versions, embedded, titles, page_urls, urls(),
            error_grouping.collect(snippets, store, causes.load(root)), up + page_url(ERROR_INDEX, directory_urls),
        )
        return upgrade.view_html(payload, up + page_url(CHANGES, directory_urls), words)

    @env.macro
    def paste_box() -> str:
        """The paste box on another page than the index: it hands the paste to the index's."""
        directory_urls = env.conf.get("use_directory_urls", True)
        index = "../" * page_url(here(), directory_urls).count("/") + page_url(ERROR_INDEX, directory_urls)
        return error_page.paste_box_elsewhere(index, words)

    @env.macro
    def torch_versions() -> str:
        return ", ".join(words.say("reference", version=v) if v == matrix.reference else v for v in matrix.versions)

    @env.macro
    def glossary_table() -> str:
        """The edition's terms as a table (data/translations/glossary/<language>.toml)."""
        return glossary.load(root, language).table()
