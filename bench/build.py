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
Then both editions together, as `make build` and `make zensical` build them, against their
targets, and what the Chinese edition adds to the English one's time (the target: at most
as much).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fieldguide import editions
from fieldguide.zensical_config import flat_config, write_config

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
CACHE = ROOT / ".cache"
CONVERTED = [CACHE / "mkdocs-jupyter", CACHE / "jinja"]
# Far above any build's time (the cold one's target is 15 s): a hung build
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


def edition_times(config: str) -> dict[str, float]:
    """The builds of the edition configured by `config`, in seconds."""
    settings = flat_config(ROOT / config)
    docs = settings["docs_dir"]
    executed = [CACHE / "notebooks" / docs, ROOT / docs / "notebooks"]
    times = {}
    with tempfile.TemporaryDirectory() as out:
        mkdocs = [str(BIN / "mkdocs"), "build", "--strict", "-f", config, "--site-dir", out]
        times["cold"] = timed(mkdocs, executed + CONVERTED)
        times["executed"] = timed(mkdocs, executed)
        times["warm"] = statistics.median(timed(mkdocs) for _ in range(5))
    timed([sys.executable, "-m", "fieldguide.notebook", docs])
    write_config(settings, FLATTENED)
    zensical = [str(BIN / "zensical"), "build", "-f", FLATTENED.name]
    try:
        times["zensical_clean"] = statistics.median(timed(zensical + ["--clean"]) for _ in range(3))
        times["zensical"] = statistics.median(timed(zensical) for _ in range(5))
    finally:
        FLATTENED.unlink()
    return times


def main() -> None:
    timings = {name: edition_times(config) for name, config in EDITIONS.items()}
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
    print("both editions, one after the other (`make build`, `make zensical`):")
    for key, what, target in (("cold", "mkdocs build, cold from nothing", "<= 30 s"),
                              ("warm", "mkdocs build, warm", "<= 3 s"), ("zensical", "zensical build, warm", "<= 3 s")):
        print(f"  {what + ':':39} {sum(times[key] for times in timings.values()):6.2f} s   (target {target})")
    english, chinese = timings.values()  # the root edition, and the one translated
    print("Chinese edition's time over the English one's (target <= 1: it adds at most as much):")
    for key, what in (("cold", "mkdocs build, cold from nothing"), ("executed", "mkdocs build, notebooks executed"),
                      ("warm", "mkdocs build, warm"), ("zensical", "zensical build, warm"),
                      ("zensical_clean", "zensical build --clean")):
        print(f"  {what + ':':39} {chinese[key] / english[key]:6.2f}")


if __name__ == "__main__":
    main()
