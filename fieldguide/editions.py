"""The site's editions, declared once: mkdocs.yml's `extra.alternate`, the list the theme's
language switch shows (without it, the site is one edition). Everything else follows from
each edition's language by convention:
the first edition is the site's root (`mkdocs.yml`, `docs/`, `site/`); each other one has
`mkdocs.<language>.yml`, which INHERITs mkdocs.yml, pages in `docs-<language>/`, the generated
words in `data/translations/<language>.toml`, and is built to `site/<link>`.

    python -m fieldguide.editions list       one line per edition: config, docs folder, site folder
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = "mkdocs.yml"


class EditionError(ValueError):
    """The editions cannot be read; the message names the file and what to fix."""


@dataclass(frozen=True)
class Edition:
    language: str  # "en", "zh"
    name: str  # as the language switch shows it
    link: str  # the edition's folder from the site's root: "" for the root edition, "zh/"

    @property
    def root(self) -> bool:
        return not self.link

    @property
    def config(self) -> str:
        return CONFIG if self.root else f"mkdocs.{self.language}.yml"

    @property
    def docs(self) -> str:
        return "docs" if self.root else f"docs-{self.language}"

    @property
    def site_dir(self) -> str:
        return f"site/{self.link}".rstrip("/")


def read(config: dict, where: str = CONFIG) -> tuple[Edition, ...]:
    alternate = (config.get("extra") or {}).get("alternate")
    if not alternate:  # a site of one edition: the root, in its theme's language
        theme = config.get("theme") or {}
        language = (theme.get("language") if isinstance(theme, dict) else None) or "en"
        return (Edition(language, str(config.get("site_name", "")), ""),)
    try:
        editions = tuple(Edition(a["lang"], a["name"], a["link"]) for a in alternate)
    except (KeyError, TypeError):
        raise EditionError(f"{where}: each extra.alternate item needs name, link and lang") from None
    if [e.root for e in editions].count(True) != 1 or not editions[0].root:
        raise EditionError(f"{where}: the first extra.alternate item is the site's root (link: \"\"), "
                           "and only it")
    if any(e.link != f"{e.language}/" for e in editions[1:]):
        raise EditionError(f"{where}: an edition other than the root is at <lang>/ (link: \"zh/\" for lang: zh)")
    return editions


def load(root: Path = ROOT) -> tuple[Edition, ...]:
    # Imported here: the engine, which needs no MkDocs, imports this module's importers.
    from fieldguide.zensical_config import flat_config

    return read(flat_config(Path(root) / CONFIG), str(Path(root) / CONFIG))


def language_of(docs_dir: Path) -> str:
    """An edition's language, from its docs folder's name: `docs`, or `docs-<language>`."""
    name = Path(docs_dir).name
    return name.removeprefix("docs-") if name.startswith("docs-") else "en"


def main(argv: list[str]) -> int:
    if argv == ["list"]:
        print("\n".join(f"{e.config} {e.docs} {e.site_dir}" for e in load()))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
