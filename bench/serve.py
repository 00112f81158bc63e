"""The author loop under `make serve`: from saving a file to the served page holding the change.

    .venv/bin/python bench/serve.py

Starts `mkdocs serve` as `make serve` does (every edition, dirty rebuilds, live re-execution)
on a free port and waits for its first build. Then, ROUNDS times each, it saves an edit to
an English page, to a Chinese page and to a snippet (a new print line, re-executed live),
and polls the page that shows it until the served HTML holds the new text. Prints the median
and the slowest of each, from one run; every file is restored afterwards.
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import results

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 5
FIRST_BUILD_TIMEOUT_S = 600
CHANGE_TIMEOUT_S = 30
POLL_S = 0.02
# (what is edited, the file, the page that shows it, the text the edit adds)
EDITS = [
    ("English page", ROOT / "docs" / "detach.md", "detach/", "\n\nAn edit, number {n}.\n"),
    ("Chinese page", ROOT / "docs-zh" / "detach.md", "zh/detach/", "\n\n第 {n} 次修改。\n"),
    ("snippet", ROOT / "snippets" / "detach" / "shares_storage.py", "detach/", '\nprint("edit {n}")\n'),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as reply:
            return reply.read().decode("utf-8")
    except OSError:
        return ""


def wait_for(url: str, text: str, timeout: float) -> float:
    """Seconds until the page at `url` holds `text`."""
    started = time.perf_counter()
    while text not in fetch(url):
        if time.perf_counter() - started > timeout:
            raise SystemExit(f"{url} did not show {text!r} within {timeout} s")
        time.sleep(POLL_S)
    return time.perf_counter() - started


def main() -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "mkdocs"), "serve", "--dirty", "--no-strict", "-a", f"127.0.0.1:{port}"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    originals = {path: path.read_text(encoding="utf-8") for _, path, _, _ in EDITS}
    try:
        wait_for(base + "zh/detach/", "detach", FIRST_BUILD_TIMEOUT_S)
        times: dict[str, list[float]] = {what: [] for what, *_ in EDITS}
        for n in range(ROUNDS):
            for what, path, page, added in EDITS:
                marker = added.format(n=n)
                path.write_text(originals[path] + marker, encoding="utf-8")
                shown = marker.strip().replace('print("', "").replace('")', "")
                times[what].append(wait_for(base + page, shown, CHANGE_TIMEOUT_S))
                path.write_text(originals[path], encoding="utf-8")
                wait_for(base + page, "", CHANGE_TIMEOUT_S)
                time.sleep(1.5)  # let the restore's rebuild finish before the next edit
    finally:
        for path, text in originals.items():
            path.write_text(text, encoding="utf-8")
        server.terminate()
        server.wait()
    for what, seconds in times.items():
        print(f"save to served page, {what + ':':14} median {statistics.median(seconds):5.2f} s, "
              f"slowest {max(seconds):5.2f} s  ({ROUNDS} edits; target <= 1 s)")


if __name__ == "__main__":
    sys.exit(results.record(main))
