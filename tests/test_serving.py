"""`make serve` watches every edition and polls ten times a second (fieldguide/serving.py).
MkDocs offers no setting for either: the plugin replaces the `observer` of MkDocs'
LiveReloadServer with a faster one and schedules every edition's docs folder and config on
it. These tests serve a two-edition project as `mkdocs serve` does (MkDocs watches the docs
folder and the config, then the plugins' on_serve, then serve()) and fail when MkDocs stops
starting, or watching through, the observer the plugin put there."""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace

from mkdocs.livereload import LiveReloadServer
from watchdog.observers.polling import PollingObserver

from fieldguide import serving

TWO_EDITIONS = """\
site_name: two
extra:
  alternate:
    - {name: English, link: "", lang: en}
    - {name: Other, link: "xx/", lang: xx}
"""


def test_every_edition_is_watched_by_the_faster_observer_mkdocs_starts(tmp_path: Path):
    (tmp_path / "mkdocs.yml").write_text(TWO_EDITIONS)
    (tmp_path / "mkdocs.xx.yml").write_text("INHERIT: mkdocs.yml\n")
    for docs in ("docs", "docs-xx"):
        (tmp_path / docs).mkdir()
        (tmp_path / docs / "index.md").write_text("# Home\n")
    rebuilt = threading.Event()
    server = LiveReloadServer(builder=rebuilt.set, host="127.0.0.1", port=0, root=str(tmp_path / "site"))
    config = SimpleNamespace(docs_dir=str(tmp_path / "docs"), config_file_path=str(tmp_path / "mkdocs.yml"))
    server.watch(config.docs_dir)  # as mkdocs serve does before the plugins' on_serve
    server.watch(config.config_file_path)
    serving.watch(server, config)
    observer = server.observer
    assert isinstance(observer, PollingObserver) and observer.timeout == serving.WATCH_INTERVAL_S

    serving_thread = threading.Thread(target=server.serve, daemon=True)
    serving_thread.start()
    try:
        for _ in range(100):  # serve() starts the observer, then waits for a change
            if observer.is_alive():
                break
            threading.Event().wait(0.05)
        assert observer.is_alive(), "MkDocs' serve() did not start the observer the plugin set"
        for path in ("docs/index.md", "mkdocs.yml", "docs-xx/index.md", "mkdocs.xx.yml"):
            rebuilt.clear()
            (tmp_path / path).write_text((tmp_path / path).read_text() + "\n")
            assert rebuilt.wait(10), f"a save of {path} did not reach MkDocs' rebuild"
    finally:
        server.shutdown()
        serving_thread.join(10)
