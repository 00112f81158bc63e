"""The paste box's reading of pastes, without a site or a browser: docs/javascripts/paste-reader.js
run by Node (tests/paste_reader.js) on the data the error index carries, made here from the
repository's files as the index's build makes it (index_page.paste_data)."""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
from pathlib import Path

from fieldguide import causes, editions, translations, wordings
from fieldguide.errors import grouping
from fieldguide.errors import page as index_page
from fieldguide.macros import ERROR_INDEX, nav_pages, page_url, shown_on
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import discover
from fieldguide.store import OutputStore
from fieldguide.zensical_config import flat_config

ROOT = Path(__file__).resolve().parents[1]
HARNESS = Path(__file__).with_name("paste_reader.js")
GET_NODE = "install Node.js (`apt-get install -y nodejs`; `make test` does that by itself when run as root)"
TIMEOUT_S = 300


@functools.cache
def entries() -> list[grouping.Entry]:
    return grouping.collect(discover(ROOT), OutputStore(ROOT), causes.load(ROOT))


@functools.cache
def site_data(config: str = "mkdocs.yml") -> dict:
    """The data the index page of the edition `config` builds carries, links as seen from it."""
    settings = flat_config(ROOT / config)
    docs = ROOT / settings["docs_dir"]
    embedded = shown_on(docs, nav_pages(settings["nav"]))
    up = "../" * page_url(ERROR_INDEX, True).count("/")
    urls = {key: up + page_url(page, True) for key, page in embedded.items()}
    words = translations.load(ROOT, editions.language_of(docs))
    snippets = {s.key: s for s in discover(ROOT)}
    return index_page.paste_data(entries(), snippets, list(embedded), urls, load_matrix(ROOT).versions, words,
                                  wordings.load(ROOT))


def _node(request: dict) -> list:
    node = shutil.which("node")
    assert node, f"the paste box's fast tests run its script with Node.js, which is missing: {GET_NODE}"
    proc = subprocess.run([node, str(HARNESS)], input=json.dumps(request),
                          capture_output=True, text=True, timeout=TIMEOUT_S, check=False)
    assert proc.returncode == 0, f"node {HARNESS.name} failed:\n{proc.stderr}"
    return json.loads(proc.stdout)


def read(data: dict, pastes: list[str]) -> list[dict | None]:
    """What the box makes of each paste (tests/paste_reader.js says what each reading holds)."""
    return _node({"data": data, "pastes": pastes})


def call(name: str, *args):
    """One of the script's functions (pastedMessages, pastedCode, words, likeness) on `args`."""
    return _node({"calls": [[name, *args]]})[0]
