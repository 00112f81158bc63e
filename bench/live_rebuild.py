"""What live re-execution adds to a `mkdocs serve` rebuild.

    .venv/bin/python bench/live_rebuild.py

Builds the site the way `mkdocs serve` does (the hook in serve mode, warm engine),
then times rebuilds with no snippet edited and rebuilds right after a snippet was
edited (a new print line, so its output really changes and is shown as not yet
recorded). Prints the median of each and the difference, from one run. The edited file
is restored afterwards.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

import results

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mkdocs.commands.build import build  # noqa: E402
from mkdocs.config import load_config  # noqa: E402

SNIPPET = ROOT / "snippets" / "inplace" / "version_counter_bumps.py"
PAGE = "inplace/index.html"
ROUNDS = 5


def main() -> None:
    with tempfile.TemporaryDirectory() as site:
        config = load_config(str(ROOT / "mkdocs.yml"), site_dir=site)
        config.plugins.on_startup(command="serve", dirty=False)
        original = SNIPPET.read_text(encoding="utf-8")

        def rebuild() -> float:
            started = time.perf_counter()
            build(config, serve_url="http://127.0.0.1:8000/")  # what serve does on a change
            return time.perf_counter() - started

        try:
            rebuild()  # first build: notebooks from cache, engine warming up
            plain, edited = [], []
            for round_ in range(ROUNDS):
                plain.append(rebuild())
                SNIPPET.write_text(original + f'print("edit {round_}")\n', encoding="utf-8")
                edited.append(rebuild())
                page = (Path(site) / PAGE).read_text(encoding="utf-8")
                assert "Not yet recorded" in page and f"edit {round_}" in page, "live output missing"
                SNIPPET.write_text(original, encoding="utf-8")
        finally:
            SNIPPET.write_text(original, encoding="utf-8")
            config.plugins.on_shutdown()
    base, live = statistics.median(plain), statistics.median(edited)
    print(f"rebuild, nothing edited        {base:6.2f} s  (median of {ROUNDS})")
    print(f"rebuild, one snippet edited    {live:6.2f} s  (re-executed on the warm engine)")
    print(f"added by live re-execution     {live - base:6.2f} s  (target <= 1 s)")


if __name__ == "__main__":
    sys.exit(results.record(main))
