"""Times the site builds, in one run on this machine.

    .venv/bin/python bench/build.py

- cold `mkdocs build`, from nothing: no executed notebook, no converted notebook, no
  converted page (a fresh clone), so every page's notebook runs in a Jupyter kernel,
  mkdocs-jupyter converts each, and every page's Markdown is converted;
- cold `mkdocs build`, notebooks executed: only the executed notebooks are thrown away.
  They run again; what they print is byte for byte what they printed before, so
  mkdocs-jupyter's cache (keyed by the notebook's content) has their HTML;
- warm `mkdocs build`: everything cached (median of 5);
- `zensical build` after `python -m fieldguide.notebook`: warm (its cache kept, median of
  5) and from scratch (`--clean`, median of 3).
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

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
CACHE = ROOT / ".cache"
EXECUTED = [CACHE / "notebooks", ROOT / "docs" / "notebooks"]
CONVERTED = [CACHE / "mkdocs-jupyter", CACHE / "jinja"]
# Far above any build's time (the cold one's target is 15 s): a hung build
# ends the benchmark with an error naming the command instead of blocking it.
BUILD_TIMEOUT_S = 600


def timed(command: list[str], emptied: list[Path] = ()) -> float:
    for folder in emptied:
        shutil.rmtree(folder, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=ENV, check=True, capture_output=True, timeout=BUILD_TIMEOUT_S)
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as out:
        mkdocs = [str(BIN / "mkdocs"), "build", "--strict", "--site-dir", out]
        cold = timed(mkdocs, EXECUTED + CONVERTED)
        executed = timed(mkdocs, EXECUTED)
        warm = statistics.median(timed(mkdocs) for _ in range(5))
    timed([sys.executable, "-m", "fieldguide.notebook"])
    zensical_clean = statistics.median(
        timed([str(BIN / "zensical"), "build", "--clean"]) for _ in range(3)
    )
    zensical = statistics.median(timed([str(BIN / "zensical"), "build"]) for _ in range(5))
    pages = len(list((ROOT / "docs").glob("*.md")))
    notebooks = len(list((ROOT / "docs" / "notebooks").glob("*.ipynb")))
    print(f"{pages} pages, {notebooks} notebooks")
    print(f"mkdocs build, cold from nothing:        {cold:6.2f} s   (target <= 15 s)")
    print(f"mkdocs build, cold, notebooks executed: {executed:6.2f} s   (target <= 15 s)")
    print(f"mkdocs build, warm:                     {warm:6.2f} s   (target <= 3 s)")
    print(f"zensical build, warm:                   {zensical:6.2f} s   (target <= 3 s)")
    print(f"zensical build --clean:                 {zensical_clean:6.2f} s")


if __name__ == "__main__":
    main()
