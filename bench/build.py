"""Times the site builds, in one run on this machine.

    .venv/bin/python bench/build.py

- cold `mkdocs build`: no executed notebook cached, so every page's notebook runs in a
  Jupyter kernel (two kernels side by side), and mkdocs-jupyter converts each;
- warm `mkdocs build`: everything cached (median of 3);
- `zensical build` after `python -m fieldguide.notebook`: warm (its cache kept, median of
  3) and from scratch (`--clean`, median of 3).
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


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=ENV, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as out:
        mkdocs = [str(BIN / "mkdocs"), "build", "--strict", "--site-dir", out]
        for cache in (ROOT / ".cache" / "notebooks", ROOT / ".cache" / "mkdocs-jupyter"):
            shutil.rmtree(cache, ignore_errors=True)
        cold = timed(mkdocs)
        warm = statistics.median(timed(mkdocs) for _ in range(3))
    timed([sys.executable, "-m", "fieldguide.notebook"])
    zensical_clean = statistics.median(
        timed([str(BIN / "zensical"), "build", "--clean"]) for _ in range(3)
    )
    zensical = statistics.median(timed([str(BIN / "zensical"), "build"]) for _ in range(3))
    pages = len(list((ROOT / "docs").glob("*.md")))
    notebooks = len(list((ROOT / "docs" / "notebooks").glob("*.ipynb")))
    print(f"{pages} pages, {notebooks} notebooks")
    print(f"mkdocs build, cold (notebooks executed): {cold:6.2f} s   (target <= 15 s)")
    print(f"mkdocs build, warm:                      {warm:6.2f} s   (target <= 3 s)")
    print(f"zensical build, warm:                    {zensical:6.2f} s   (target <= 3 s)")
    print(f"zensical build --clean:                  {zensical_clean:6.2f} s")


if __name__ == "__main__":
    main()
