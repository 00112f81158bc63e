"""What the MkDocs plugin adds to `mkdocs serve` of the root edition: every other edition
served at its folder of the site (serve_edition.py builds each beside this one, in a process
of its own, at every rebuild), and a save anywhere in any edition seen within a second.
"""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

from watchdog.observers.polling import PollingObserver

from fieldguide import editions

log = logging.getLogger(f"mkdocs.plugins.{__name__}")
WATCH_INTERVAL_S = 0.1  # how often `mkdocs serve` looks for a saved file


class OtherEditions:
    """The serve_edition.py workers, one per other edition, for as long as `mkdocs serve` runs."""

    def __init__(self) -> None:
        self.workers: list[subprocess.Popen] = []

    def build(self, config) -> None:
        """Under `serve` of the root edition, each other edition builds beside it, into its
        folder of this site, while this one builds (`wait` waits for them)."""
        root = Path(config.config_file_path).parent
        listed = editions.load(root)
        if Path(config.config_file_path).name != listed[0].config:
            return
        if not self.workers:
            self.workers = [
                subprocess.Popen(
                    [sys.executable, "-m", "fieldguide.serve_edition", edition.config,
                     str(Path(config.site_dir) / edition.link), (config.site_url or "/") + edition.link],
                    cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                )
                for edition in listed[1:]
            ]  # each builds at once
            return
        for worker in self.workers:
            assert worker.stdin is not None
            worker.stdin.write("build\n")
            worker.stdin.flush()

    def wait(self) -> None:
        for worker in self.workers:
            assert worker.stdout is not None
            said = worker.stdout.readline().strip()
            if said != "built":
                log.error(f"another edition did not build: {said or 'its builder ended'}")

    def close(self) -> None:
        for worker in self.workers:
            assert worker.stdin is not None
            worker.stdin.close()
            worker.wait()
        self.workers = []


def watch(server, config) -> None:
    """Every edition's docs folder and config watched, polled ten times a second."""
    # MkDocs polls the watched folders twice a second: ten times is what makes a save show
    # within a second (an inotify observer would also report every file a build reads).
    # Only the docs folder and the config are watched yet: watched again, on the new observer.
    for path in (config.docs_dir, config.config_file_path):
        server.unwatch(path)
    server.observer = PollingObserver(timeout=WATCH_INTERVAL_S)
    root = Path(config.config_file_path).parent
    others = [str(root / part) for edition in editions.load(root)[1:] for part in (edition.docs, edition.config)]
    for path in (config.docs_dir, config.config_file_path, *others):  # an edit anywhere rebuilds them all
        server.watch(path)
