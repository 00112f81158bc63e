"""Executed Jupyter notebooks, one per page that embeds snippets.

A notebook holds the page's headings and the paragraph that introduces each snippet,
then the snippet's file as a code cell, and is executed top to bottom in a Jupyter
kernel with nbclient (the machinery mkdocs-jupyter uses), so its outputs are the ones a
reader who downloads and runs it gets. Each snippet expects a fresh interpreter; a hidden
cell before each one restores what a snippet may change (anomaly mode, grad mode, seeds)
and is dropped from the saved notebook.

Executing takes seconds per notebook, so executed notebooks are cached by a hash of what
they depend on (page text, snippet files, PyTorch version, this file) in
`.cache/notebooks/`; a build re-executes only the ones that changed.
"""

from __future__ import annotations

import hashlib
import json
import re
import tempfile
from importlib.metadata import version
from pathlib import Path

import nbformat
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

from fieldguide.render import SNIPPET_LINE
from fieldguide.snippet import Snippet

CACHE = Path(".cache") / "notebooks"
HEADING = re.compile(r"^(#{1,3}) (.*)$")
RESET = """\
import random, numpy, torch
torch.autograd.set_detect_anomaly(False)
torch.set_grad_enabled(True)
random.seed(0), numpy.random.seed(0), torch.manual_seed(0)
"""


def _plain(text: str) -> str:
    """Page Markdown as plain Markdown: links keep their words (pages are not beside the
    notebook), attribute lists and macros go."""
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    text = re.sub(r"\{\s*[.#][^}]*\}", "", text)
    return re.sub(r"\{\{.*?\}\}", "", text).strip()


def _paragraph_before(lines: list[str]) -> str:
    """The last plain paragraph in `lines` (not a list, table, admonition or fence)."""
    blocks = "\n".join(lines).strip().split("\n\n")
    for block in reversed(blocks):
        block = block.strip()
        if block and not block.startswith(("!!!", "???", "|", "```", "-", "=", "    ", "#", "{{")):
            return _plain(block)
    return ""


def cells_from_page(root: Path, page: Path) -> list[tuple[str, str]]:
    """("markdown" | "code", source) cells for one page, in page order."""
    title, cells, pending, heads = "", [], [], []
    for line in page.read_text(encoding="utf-8").splitlines():
        heading = HEADING.match(line)
        match = SNIPPET_LINE.match(line)
        if heading and heading[1] == "#":
            title = heading[2]
        elif heading:
            heads.append(f"{heading[1]} {_plain(heading[2])}")
            pending = []
        elif match:
            snippet = Snippet.load(root, match[1], match[2])
            intro = "\n\n".join(heads + [_paragraph_before(pending)]).strip()
            if intro:
                cells.append(("markdown", intro))
            cells.append(("code", snippet.path.read_text(encoding="utf-8").rstrip("\n")))
            pending, heads = [], []
        else:
            pending.append(line)
    head = (
        f"# {_plain(title)}\n\nThe examples of the Autograd Field Guide page *{_plain(title)}*, "
        f"executed with PyTorch {version('torch').split('+')[0]}. Each cell is one self-contained example: "
        "run it in a fresh kernel, or in page order as here."
    )
    return [("markdown", head)] + cells


def build(root: Path, page: Path, timeout: int = 120, stale_ok: bool = False) -> str:
    """The executed notebook for `page` as JSON text (from the cache when current).

    `stale_ok` takes any cached notebook of the page instead of executing again: while
    `mkdocs serve` runs, an edit must not wait for a whole notebook to execute.
    """
    cells = cells_from_page(root, page)
    key = hashlib.sha256(
        json.dumps([cells, version("torch"), Path(__file__).read_text(encoding="utf-8")]).encode()
    ).hexdigest()[:16]
    cached = root / CACHE / f"{page.stem}-{key}.ipynb"
    earlier = sorted((root / CACHE).glob(f"{page.stem}-*.ipynb"))
    if cached.exists() or (stale_ok and earlier):
        return (cached if cached.exists() else earlier[0]).read_text(encoding="utf-8")
    nb = nbformat.v4.new_notebook()
    nb.metadata.update(
        kernelspec={"name": "python3", "display_name": "Python 3", "language": "python"},
        language_info={"name": "python"},
    )
    for kind, source in cells:
        if kind == "code":
            nb.cells.append(nbformat.v4.new_code_cell(RESET, metadata={"fieldguide": "reset"}))
            nb.cells.append(nbformat.v4.new_code_cell(source))
        else:
            nb.cells.append(nbformat.v4.new_markdown_cell(source))
    with tempfile.TemporaryDirectory() as sockets:  # local sockets, not TCP ports
        kernel = KernelManager(kernel_name="python3", transport="ipc", ip=f"{sockets}/kernel")
        try:
            NotebookClient(nb, km=kernel, timeout=timeout, allow_errors=True).execute(cwd=str(root))
        finally:
            kernel.shutdown_kernel(now=True)
    nb.cells = [cell for cell in nb.cells if cell.metadata.get("fieldguide") != "reset"]
    for number, cell in enumerate((c for c in nb.cells if c.cell_type == "code"), 1):
        cell.execution_count = number  # as if run top to bottom without the hidden cells
        for output in cell.outputs:
            if "execution_count" in output:
                output["execution_count"] = number
    nbformat.validate(nb)
    text = nbformat.writes(nb)
    cached.parent.mkdir(parents=True, exist_ok=True)
    for stale in cached.parent.glob(f"{page.stem}-*.ipynb"):
        stale.unlink()
    cached.write_text(text, encoding="utf-8")
    return text
