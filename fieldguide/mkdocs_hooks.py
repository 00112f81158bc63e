"""MkDocs hook: expands `{{ snippet("topic/name") }}` lines into code plus recorded output.

Kept to one small hook so the site can move to another MkDocs-compatible builder by
porting this file alone.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from mkdocs.exceptions import PluginError

from fieldguide.render import snippet_markdown
from fieldguide.snippet import Snippet, SnippetError
from fieldguide.store import OutputStore

log = logging.getLogger("mkdocs.hooks.snippets")

SNIPPET_LINE = re.compile(
    r'^\{\{\s*snippet\(\s*"([a-z0-9_]+)/([a-z0-9_]+)"\s*(?:,\s*"([\w-]+)"\s*)?\)\s*\}\}\s*$',
    re.MULTILINE,
)


def on_page_markdown(markdown, page, config, files):
    root = Path(config["config_file_path"]).parent
    store = OutputStore(root)

    def expand(match: re.Match) -> str:
        topic, name, section = match.groups()
        try:
            snippet = Snippet.load(root, topic, name)
        except SnippetError as error:
            raise PluginError(f"{page.file.src_path}: {error}") from None
        if not store.index(snippet.key):
            log.warning(
                "%s embeds %s, which has no recorded output; run `make record`.",
                page.file.src_path,
                snippet.relpath,
            )
            return f'```python title="{snippet.relpath}"\n--8<-- "{snippet.relpath}"\n```\n'
        return snippet_markdown(snippet, store, section)

    return SNIPPET_LINE.sub(expand, markdown)
