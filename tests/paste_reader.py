"""The paste box's reading of pastes, without a site or a browser: docs/javascripts/paste-reader.js
run by Node (tests/paste_reader.js) on the data the error index carries, made here from the
repository's files as the build makes it (fieldguide/errors/data_files.py)."""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
from pathlib import Path

from fieldguide import causes, editions
from fieldguide.errors import data_files, grouping
from fieldguide.snippet import discover
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
HARNESS = Path(__file__).with_name("paste_reader.js")
GET_NODE = "install Node.js (`apt-get install -y nodejs`; `make test` does that by itself when run as root)"
TIMEOUT_S = 300


@functools.cache
def entries() -> list[grouping.Entry]:
    return grouping.collect(discover(ROOT), OutputStore(ROOT), causes.load(ROOT))


@functools.cache
def site_data(config: str = "mkdocs.yml") -> dict:
    """The paste box's data as the browser has it on the edition `config` builds: the file
    every edition shares and the edition's words (errors/data_files.py), put together by the
    script's own `localize`; its addresses start from the edition's root."""
    listed = editions.load(ROOT)
    edition = next(e for e in listed if e.config == config)
    data = json.loads(data_files.contents(ROOT, listed[0])[data_files.PASTE_DATA])
    words = json.loads(data_files.contents(ROOT, edition)[data_files.PASTE_WORDS])
    return call("localize", data, words)


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
