"""The release picker's data on every page: a Python-Markdown extension (mkdocs.yml's
`markdown_extensions` lists `fieldguide.picker`, so MkDocs and Zensical both run it) that ends
each page's content with a JSON block, read by docs/javascripts/release-picker.js:

    <script type="application/json" id="fg-release-data">
    {"releases": ["1.13.1", ..., "2.15.0"], "words": {"en": {...}, "zh": {...}}}
    </script>

`releases` are the recorded ones (pyproject.toml, releases.py), oldest first; `words` are the
picker's and the upgrade view's interface words (translations.py's `picker_*` and `upgrade_*`
ids) in every edition's language, since an extension does not know which edition it renders
for: the script takes those of the page's `<html lang>`. Where a page shows which release
prints what, the build writes it as data attributes (render.py, errors/page.py, macros.py's
quotes); the script reads them, so a page without JavaScript shows what it always did.
"""

from __future__ import annotations

import functools
import json
import xml.etree.ElementTree as etree

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

from fieldguide import editions, translations
from fieldguide.releases import ROOT
from fieldguide.releases import load as load_matrix

ELEMENT_ID = "fg-release-data"
PREFIXES = ("picker_", "upgrade_")


def payload() -> dict:
    """The picker's data: the recorded releases and the words of every edition."""
    words = {}
    for edition in editions.load(ROOT):
        said = translations.load(ROOT, edition.language)
        words[edition.language] = {key: text for key, text in said.ui.items() if key.startswith(PREFIXES)}
    return {"releases": load_matrix(ROOT).versions, "words": words}


@functools.cache  # one per build process: the list and the words do not change within a build
def _json() -> str:
    text = json.dumps(payload(), ensure_ascii=False, separators=(",", ":"))
    # no `<`, `>` or `&`: nothing to escape, and nothing that could end the element early
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


class _Append(Treeprocessor):
    """The data as the page's last element. A tree processor, not a postprocessor: toc runs
    the postprocessors over every heading's text to make its anchor."""

    def run(self, root: etree.Element) -> None:
        if len(root):
            script = etree.SubElement(root, "script", {"type": "application/json", "id": ELEMENT_ID})
            script.text = _json()


class ReleaseData(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.treeprocessors.register(_Append(md), "fieldguide_release_data", 0)


def makeExtension(**kwargs) -> ReleaseData:  # noqa: N802 (Python-Markdown's name)
    return ReleaseData(**kwargs)
