"""The data the autograd-fieldguide package (explain/) carries: the paste box's data as the site
builds it (errors/data_files.py), each edition's words for the box and for the terminal, and
where each edition's pages are. Its version names the build: a hash of these files, so an
install says which site build its answers came from. Written, and kept in git (so that
`pip install ./explain` needs nothing else), by

    python -m fieldguide.explain_data          write the files that changed
    python -m fieldguide.explain_data --check  exit 1 when a file is not what the site builds

(`make record` runs the first; tests/test_explain.py the check).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from fieldguide import editions, translations
from fieldguide.errors import data_files
from fieldguide.errors import page as index_page
from fieldguide.snippet import discover
from fieldguide.zensical_config import flat_config

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path("explain/autograd_fieldguide")
DATA = PACKAGE / "data"
VERSION_FILE = PACKAGE / "version.py"
RELEASE = "1.0.0"  # the package's own code; the data's build follows it as a local version label
# `make serve`'s address, where the config names no hosted site (mkdocs.yml's site_url)
SERVED_AT = "http://127.0.0.1:8000/"


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"


def contents(root: Path = ROOT) -> dict[Path, str]:
    """Each file of the package's data (paths from the repository's root) -> its text."""
    listed = editions.load(root)
    data = json.loads(data_files.contents(root, listed[0])[data_files.PASTE_DATA])
    files: dict[Path, str] = {DATA / "paste-data.json": _json(data)}
    snippets = {snippet.key: snippet for snippet in discover(root)}
    for edition in listed:
        words = translations.load(root, edition.language)
        said = index_page.paste_words(data, words, snippets)
        said["explain"] = {key[len("explain_"):]: text for key, text in words.ui.items()
                           if key.startswith("explain_")}
        files[DATA / f"words-{edition.language}.json"] = _json(said)
    site = flat_config(root / listed[0].config).get("site_url") or SERVED_AT
    files[DATA / "site.json"] = _json({
        "site": site.rstrip("/") + "/",
        "editions": {edition.language: edition.link for edition in listed},
    })
    digest = hashlib.sha256("".join(text for _, text in sorted(files.items())).encode()).hexdigest()[:12]
    files[VERSION_FILE] = (
        '"""The package\'s version: its code\'s release, then the site build its data came from\n'
        '(written by the site\'s `python -m fieldguide.explain_data`)."""\n\n'
        f'VERSION = "{RELEASE}+site.{digest}"\n'
    )
    return files


def stale(root: Path = ROOT) -> list[Path]:
    """The files that are not what the site builds now."""
    return [path for path, text in contents(root).items()
            if not (root / path).exists() or (root / path).read_text(encoding="utf-8") != text]


def write(root: Path = ROOT) -> list[Path]:
    changed = stale(root)
    for path, text in contents(root).items():
        if path in changed:
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text, encoding="utf-8")
    return changed


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        for path in (found := stale()):
            print(f"{path} is not what the site builds: run python -m fieldguide.explain_data", file=sys.stderr)
        return 1 if found else 0
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    for path in write():
        print(f"written: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
