"""Times the site builds of both editions (English: mkdocs.yml, Chinese: mkdocs.zh.yml), in
one run on this machine.

    .venv/bin/python bench/build.py

For each edition:
- cold `mkdocs build`, from nothing: no executed notebook, no converted notebook, no
  converted page (a fresh clone), so every page's notebook runs in a Jupyter kernel,
  mkdocs-jupyter converts each, and every page's Markdown is converted;
- cold `mkdocs build`, notebooks executed: only the executed notebooks are thrown away.
  They run again; what they print is byte for byte what they printed before, so
  mkdocs-jupyter's cache (keyed by the notebook's content) has their HTML;
- warm `mkdocs build`: everything cached (median of 5);
- `zensical build` after `python -m fieldguide.notebook <docs>`, reading the edition's config
  flattened as `make zensical` does: warm (its cache kept, median of 5) and from scratch
  (`--clean`, median of 3).
Then both editions together against their targets: `make build` (fieldguide/site_build.py,
the editions side by side) cold from nothing and warm (median of 5), and `make zensical`
(one edition after the other, the sum of the warm builds above); and what the Chinese
edition adds to the English one's time (the target: at most as much). Last, the size of each
edition's search index in that build, which every page's search fetches.
"""

from __future__ import annotations

import gzip
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import results

import fieldguide
from fieldguide import editions
from fieldguide.zensical_config import flat_config, write_config

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
CACHE = ROOT / fieldguide.CACHE
CONVERTED = [CACHE / "mkdocs-jupyter", CACHE / "jinja"]
# Far above any build's time (the cold target for both editions is 30 s): a hung build
# ends the benchmark with an error naming the command instead of blocking it.
BUILD_TIMEOUT_S = 600
# Zensical reads it from the root, beside the configs: their paths are relative to it.
FLATTENED = ROOT / ".zensical-bench.yml"
EDITIONS = {edition.name: edition.config for edition in editions.load(ROOT)}


def timed(command: list[str], emptied: list[Path] = ()) -> float:
    for folder in emptied:
        shutil.rmtree(folder, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=ENV, check=True, capture_output=True, timeout=BUILD_TIMEOUT_S)
    return time.perf_counter() - start


def executed_notebooks(config: str) -> list[Path]:
    """Where the edition configured by `config` keeps its executed notebooks (their cached
    runs are the editions' together)."""
    docs = flat_config(ROOT / config)["docs_dir"]
    return [CACHE / "notebooks", ROOT / docs / "notebooks"]


def edition_times(config: str) -> dict[str, float]:
    """The builds of the edition configured by `config`, in seconds."""
    settings = flat_config(ROOT / config)
    executed = executed_notebooks(config)
    times = {}
    with tempfile.TemporaryDirectory() as out:
        mkdocs = [str(BIN / "mkdocs"), "build", "--strict", "-f", config, "--site-dir", out]
        times["cold"] = timed(mkdocs, executed + CONVERTED)
        times["executed"] = timed(mkdocs, executed)
        times["warm"] = statistics.median(timed(mkdocs) for _ in range(5))
    timed([sys.executable, "-m", "fieldguide.errors.data_files"])  # as `make zensical` does first
    timed([sys.executable, "-m", "fieldguide.notebook", settings["docs_dir"]])
    write_config(settings, FLATTENED)
    zensical = [str(BIN / "zensical"), "build", "-f", FLATTENED.name]
    try:
        times["zensical_clean"] = statistics.median(timed(zensical + ["--clean"]) for _ in range(3))
        times["zensical"] = statistics.median(timed(zensical) for _ in range(5))
    finally:
        FLATTENED.unlink()
    return times


def together_times() -> dict[str, float]:
    """`make build`'s command, both editions at once: cold from nothing, then warm."""
    build = [sys.executable, "-m", "fieldguide.site_build", str(BIN / "mkdocs")]
    executed = list(dict.fromkeys(folder for config in EDITIONS.values() for folder in executed_notebooks(config)))
    return {"cold": timed(build, executed + CONVERTED), "warm": statistics.median(timed(build) for _ in range(5))}


def main() -> None:
    timings = {name: edition_times(config) for name, config in EDITIONS.items()}
    together = together_times()
    for name, times in timings.items():
        docs = flat_config(ROOT / EDITIONS[name])["docs_dir"]
        pages = len(list((ROOT / docs).glob("*.md")))
        notebooks = len(list((ROOT / docs / "notebooks").glob("*.ipynb")))
        print(f"{name} edition ({EDITIONS[name]}): {pages} pages, {notebooks} notebooks")
        print(f"  mkdocs build, cold from nothing:        {times['cold']:6.2f} s")
        print(f"  mkdocs build, cold, notebooks executed: {times['executed']:6.2f} s")
        print(f"  mkdocs build, warm:                     {times['warm']:6.2f} s")
        print(f"  zensical build, warm:                   {times['zensical']:6.2f} s")
        print(f"  zensical build --clean:                 {times['zensical_clean']:6.2f} s")
    print("both editions at once (`make build`):")
    for key, what, target in (("cold", "mkdocs builds, cold from nothing", "<= 30 s"),
                              ("warm", "mkdocs builds, warm", "<= 3 s")):
        print(f"  {what + ':':39} {together[key]:6.2f} s   (target {target})")
    print("both editions, one after the other (as `make zensical` builds them, its --clean left out):")
    total = sum(times["zensical"] for times in timings.values())
    print(f"  {'zensical build, warm:':39} {total:6.2f} s   (target <= 3 s)")
    english, chinese = timings.values()  # the root edition, and the one translated
    print("Chinese edition's time over the English one's (target <= 1: it adds at most as much):")
    for key, what in (("cold", "mkdocs build, cold from nothing"), ("executed", "mkdocs build, notebooks executed"),
                      ("warm", "mkdocs build, warm"), ("zensical", "zensical build, warm"),
                      ("zensical_clean", "zensical build --clean")):
        print(f"  {what + ':':39} {chinese[key] / english[key]:6.2f}")
    print("search index of each edition (`make build`):")
    for edition in editions.load(ROOT):
        index = (ROOT / edition.site_dir / "search" / "search_index.json").read_bytes()
        zipped = len(gzip.compress(index))
        print(f"  {edition.name + ':':39} {len(index) / 1024:7.0f} KB, {zipped / 1024:5.0f} KB gzipped")


if __name__ == "__main__":
    sys.exit(results.record(main))
