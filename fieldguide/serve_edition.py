"""Another edition, built beside the one `mkdocs serve` serves, so that one command serves
them all: the root edition's plugin (serving.py) starts one of these per other
edition, with a folder inside its own site, and asks it to build again whenever it
rebuilds. A process of its own: MkDocs keeps one instance of each plugin per process,
and two editions in one would share their search indexes.

    python -m fieldguide.serve_edition CONFIG SITE_DIR SERVE_URL

Builds at once, then reads one line per rebuild from stdin and answers `built` (or
`failed: <why>`) when the edition is written; ends at the end of stdin.
"""

from __future__ import annotations

import sys

from mkdocs.commands.build import build
from mkdocs.config import load_config


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    config_file, site_dir, serve_url = argv
    config = load_config(config_file, site_dir=site_dir, strict=False)
    config.plugins.on_startup(command="serve", dirty=True)
    try:
        while True:
            try:
                # the config is loaded anew for each build, as `mkdocs serve` does
                build(load_config(config_file, site_dir=site_dir, strict=False), serve_url=serve_url, dirty=True)
                print("built", flush=True)
            except Exception as error:  # reported by the serving process, which goes on
                print(f"failed: {type(error).__name__}: {error}".replace("\n", " "), flush=True)
            if not sys.stdin.readline():
                return 0
    finally:
        config.plugins.on_shutdown()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
