"""How fast a warm MkDocs build could be if every page's Markdown were converted for free.

    .venv/bin/python bench/build_floor.py

For each edition it builds once, keeping what Python-Markdown returned for each page (its
HTML and table of contents), then times, in one run on this machine:
- a warm `mkdocs build`, as `make build` runs it for that edition (median of 3);
- the same build with Python-Markdown's conversion replaced by a look-up of what it returned
  before (median of 3): what is left is MkDocs itself, the macros, Material's search index
  and its page templates, and the imports. No page cache reached through public interfaces
  can skip more than the conversion, so this is the floor of such a cache;
- both editions' floor builds side by side, as `make build` runs them.

The replaying build is an experiment, not a site: its pages lack their titles' extraction.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import results

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fieldguide import editions  # noqa: E402

BIN = Path(sys.executable).parent
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
BUILD_TIMEOUT_S = 600  # far above a build's time: a hung one ends the benchmark, naming it
RUNS = 3


def build_in_process(mode: str, config: str, site: str, conversions: str) -> None:
    """`mkdocs build` of `config` into `site`, recording each conversion into the file
    `conversions` ("record") or answering each from it ("replay")."""
    import markdown

    convert = markdown.Markdown.convert
    if mode == "record":
        kept: dict[str, tuple] = {}

        def recording(md, text):
            html = convert(md, text)
            key = hashlib.sha256(text.encode()).hexdigest()
            kept[key] = (html, getattr(md, "toc_tokens", []), getattr(md, "toc", ""))
            return html

        markdown.Markdown.convert = recording
    else:
        with open(conversions, "rb") as file:
            kept = pickle.load(file)

        def replaying(md, text):
            found = kept.get(hashlib.sha256(text.encode()).hexdigest())
            if found is None:
                return convert(md, text)
            md.toc_tokens, md.toc = found[1], found[2]
            return found[0]

        markdown.Markdown.convert = replaying
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    build(load_config(config, site_dir=site))
    if mode == "record":
        with open(conversions, "wb") as file:
            pickle.dump(kept, file)


def timed(commands: list[list[str]]) -> float:
    """Wall time of `commands` run side by side."""
    start = time.perf_counter()
    running = [subprocess.Popen(command, cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
               for command in commands]
    for process in running:
        if process.wait(timeout=BUILD_TIMEOUT_S) != 0:
            raise SystemExit(f"{' '.join(process.args)} failed")
    return time.perf_counter() - start


def median(commands: list[list[str]]) -> float:
    return statistics.median(timed(commands) for _ in range(RUNS))


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="fieldguide-bench-floor-") as scratch:
        floors = []
        for edition in editions.load(ROOT):
            site, conversions = f"{scratch}/{edition.language}", f"{scratch}/{edition.language}.pickle"
            this = [sys.executable, __file__]
            timed([[*this, "record", edition.config, site, conversions]])
            warm = median([[str(BIN / "mkdocs"), "build", "--strict", "-q", "-f", edition.config, "-d", site]])
            floor = [*this, "replay", edition.config, site, conversions]
            floors.append(floor)
            print(f"{edition.name}: warm mkdocs build {warm:.2f} s; with every conversion free {median([floor]):.2f} s",
                  flush=True)
        print(f"both editions side by side, every conversion free: {median(floors):.2f} s")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 5:  # one build, run by this script in a process of its own
        build_in_process(*sys.argv[1:])
    else:
        sys.exit(results.record(main))
