"""Executed Jupyter notebooks, one per page that embeds snippets.

A notebook holds the page's headings and the paragraph that introduces each snippet,
then the snippet's file as a code cell, and is executed top to bottom in a Jupyter
kernel with nbclient (the machinery mkdocs-jupyter uses), so its outputs are the ones a
reader who downloads and runs it gets. Each snippet expects a fresh interpreter: before
every cell, the kernel clears the namespace and restores what a snippet may change
(anomaly mode, grad mode, seeds). Errors show as Python prints them, uncoloured (IPython's
Plain mode), as on the pages; IPython's default colouring costs a tenth of a second each.

What a notebook prints depends on its code cells alone, so the executed code cells (a
page's *run*) are cached by a hash of those cells, the PyTorch version and the two modules
that run and normalize them, in `.fieldguide_cache/notebooks/`, and the editions share them: a
Chinese page whose snippets are its English twin's gets the English run under its own
prose, and an edit of a page's prose executes nothing. A build executes only the runs not
cached, all in one kernel (starting a kernel and importing torch in it take longer than most
pages; a page whose snippets fork gets a kernel of its own), and hands each page on as soon
as its last cell has run. One process executes at a time (a lock in the cache), so editions
built side by side execute a shared run once. `write_all`
puts them in the edition's notebooks/ folder (docs/notebooks/, docs-zh/notebooks/; not
committed), where MkDocs renders each as a page (mkdocs-jupyter) and any builder copies it
as a download. A notebook's prose is its page's, so a Chinese page's notebook is Chinese:

    python -m fieldguide.notebook           execute what changed and write docs/notebooks/
    python -m fieldguide.notebook docs-zh   the same for the edition in docs-zh/
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import re
import sys
import tempfile
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path, PurePosixPath

import nbformat
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

from fieldguide import CACHE as PROJECT_CACHE
from fieldguide import comment_translation
from fieldguide.editions import language_of
from fieldguide.normalize import normalize
from fieldguide.page import Embed, Heading, Page, Paragraph
from fieldguide.releases import version_key
from fieldguide.snippet import Snippet
from fieldguide.translations import ENGLISH_WORDS, Words
from fieldguide.translations import load as load_words

CACHE = PROJECT_CACHE / "notebooks"
FOLDER = "notebooks"  # in the edition's docs folder
DOCS = "docs"  # the English edition's folder
# Run once in each kernel, before any notebook: IPython calls `_fresh` before every cell.
# (It clears what earlier cells defined; IPython's own names are in user_ns_hidden.)
SETUP = """\
%xmode Plain
%colors nocolor
_warning_scope = []
def _fresh(info):
    import random, warnings, numpy, torch
    # A fresh interpreter shows each warning again: catch_warnings, entered per cell,
    # makes Python forget which ones it has shown and drops the last cell's filters.
    if _warning_scope:
        _warning_scope.pop().__exit__(None, None, None)
    _warning_scope.append(warnings.catch_warnings())
    _warning_scope[0].__enter__()
    shell = get_ipython()
    for name in [n for n in shell.user_ns if n[0] != "_" and n not in shell.user_ns_hidden]:
        del shell.user_ns[name]
    torch.autograd.set_detect_anomaly(False)
    torch.set_grad_enabled(True)
    # A cell that raised inside a process group (DDP) left it behind; a fresh interpreter has none.
    if torch.distributed.is_available() and torch.distributed.is_initialized():
        torch.distributed.destroy_process_group()
    # PyTorch's warn-once warnings fire once per process, and a fresh interpreter shows
    # them; Python's filter still shows each once per line of a cell, as a run would.
    torch.set_warn_always(True)
    random.seed(0), numpy.random.seed(0), torch.manual_seed(0)
get_ipython().events.register("pre_run_cell", _fresh)
"""
RESTART = "get_ipython().execution_count = 1  # the next cell is In[1]"


def shown_code(snippet: Snippet) -> str:
    """The snippet as its page shows it: without the directive lines at the top."""
    lines = snippet.path.read_text(encoding="utf-8").splitlines()
    return "\n".join(lines[snippet.code_start - 1 :]).rstrip("\n")


def cells_from_page(root: Path, page: Path) -> list[tuple[str, str]]:
    """("markdown" | "code", source) cells for one page, in page order: before each
    snippet, the headings since the last one and the last plain paragraph (not in a list,
    table or admonition) that introduces it."""
    model = Page.read(page)
    cells, heads, intro = [], [], ""
    for block in model.blocks:
        if isinstance(block, Heading) and block.level > 1:
            heads.append(f"{'#' * block.level} {block.text}")
            intro = ""
        elif isinstance(block, Paragraph) and not block.nested and block.text:
            intro = block.text
        elif isinstance(block, Embed):
            if heads or intro:
                cells.append(("markdown", "\n\n".join(heads + [intro]).strip()))
            cells.append(("code", shown_code(block.snippet(root))))
            heads, intro = [], ""
    words = load_words(root, language_of(page.parent))
    intro = words.say("notebook_intro", title=model.title, version=version_key(version("torch")).public)
    return [("markdown", f"# {model.title}\n\n{intro}")] + cells


@functools.cache
def _run_inputs() -> list[str]:
    """What every run depends on besides its cells (read once: a served rebuild asks for each page)."""
    # this module runs the cells and normalize.py rewrites what they print: both are inputs
    return [version("torch"), *(path.read_text(encoding="utf-8")
                                for path in (Path(__file__), Path(__file__).with_name("normalize.py")))]


def _run_path(root: Path, page: Path, cells: list[tuple[str, str]]) -> Path:
    code = [source for kind, source in cells if kind == "code"]
    key = hashlib.sha256(json.dumps([code, *_run_inputs()]).encode()).hexdigest()[:16]
    return root / CACHE / f"{page.stem}-{key}.ipynb"  # the same file for a page's twins in other editions


def build(root: Path, page: Path, stale_ok: bool = False) -> str:
    """The executed notebook for `page` as JSON text (its run from the cache when current).

    `stale_ok` takes the page's last run instead of executing again (a snippet edited since
    then shows without outputs): while `mkdocs serve` runs, an edit must not wait for a
    whole notebook to execute.
    """
    return build_all(root, [page], stale_ok)[page]


def build_all(root: Path, pages: list[Path], stale_ok: bool = False, done: Callable | None = None) -> dict[Path, str]:
    """Executed notebooks of `pages`, of any editions, executing the runs not cached in one
    kernel. `done(page, text)` is called for each notebook as soon as it is ready."""
    cells = {page: cells_from_page(root, page) for page in pages}
    runs = {page: _run_path(root, page, cells[page]) for page in pages}
    notebooks: dict[Path, str] = {}

    def ready(page: Path, run: Path) -> None:
        _point(root, page, run)
        words = load_words(root, language_of(page.parent))
        notebooks[page] = page_notebook(cells[page], run.read_text(encoding="utf-8"), words,
                                        f"{page.parent.name}/{page.name}")
        if done:
            done(page, notebooks[page])

    (root / CACHE).mkdir(parents=True, exist_ok=True)
    with open(root / CACHE / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        todo: dict[Path, list[Path]] = {}  # a run to execute -> the pages that show it
        for page, run in runs.items():
            if not run.exists() and stale_ok:
                runs[page] = _last_run(root, page) or run
            if runs[page].exists():
                ready(page, runs[page])
            else:
                todo.setdefault(run, []).append(page)

        def executed(page: Path, text: str) -> None:
            runs[page].write_text(text, encoding="utf-8")
            for shown in todo[runs[page]]:
                ready(shown, runs[page])

        # A snippet that starts processes by forking needs a kernel that ran only its page: one that
        # ran other pages holds threads a fork copies in the middle of their work (the child hangs).
        first = [shown[0] for shown in todo.values()]  # each run is executed for one page
        forking = [page for page in first if _forks(root, page)]
        execute(root, [page for page in first if page not in forking], executed)
        for page in forking:
            execute(root, [page], executed)
    return {page: notebooks[page] for page in pages}


def _forks(root: Path, page: Path) -> bool:
    return any('get_context("fork")' in embed.snippet(root).path.read_text(encoding="utf-8")
               for embed in Page.read(page).embeds)


def execute(root: Path, pages: list[Path], done: Callable, timeout: int = 120) -> None:
    """Execute the pages' code cells in one kernel (one client, one setup: a kernel's start
    and its `import torch` take longer than most pages), handing each page's run, its
    executed code cells as a notebook, to `done(page, text)` as soon as its last cell has run."""
    if not pages:
        return
    run = _new_notebook()
    run.cells.append(nbformat.v4.new_code_cell(SETUP))
    starts = []  # index of each page's first cell in the run
    for page in pages:
        starts.append(len(run.cells))
        # dropped afterwards: the page's cells count from In[1], as its tracebacks then say
        run.cells.append(nbformat.v4.new_code_cell(RESTART))
        run.cells += [nbformat.v4.new_code_cell(source)
                      for kind, source in cells_from_page(root, page) if kind == "code"]
    starts.append(len(run.cells))
    handed = 0  # pages given to `done`

    def hand_over(upto: int) -> None:
        """Every page whose cells all come before cell `upto` (nbclient has finished them)."""
        nonlocal handed
        while handed < len(pages) and starts[handed + 1] <= upto:
            for error in (o for o in run.cells[0].outputs if o.output_type == "error"):
                raise RuntimeError(f"the notebook kernel's setup failed: {error.ename}: {error.evalue}")
            cells = run.cells[starts[handed] + 1 : starts[handed + 1]]
            done(pages[handed], _run(root, cells))
            handed += 1

    with tempfile.TemporaryDirectory() as sockets:  # local sockets, not TCP ports
        kernel = KernelManager(kernel_name="python3", transport="ipc", ip=f"{sockets}/kernel")
        # no history database: it would refuse the In[1] that each page restarts from
        kernel.start_kernel(cwd=str(root), extra_arguments=["--HistoryManager.enabled=False"])
        try:
            # An unchanged page gives a byte-identical notebook, so its HTML (cached by
            # mkdocs-jupyter by content) need not be converted again: no timing metadata,
            # and each cell's printed text as one output, however the kernel chunked it.
            NotebookClient(
                run, km=kernel, timeout=timeout, allow_errors=True, record_timing=False,
                coalesce_streams=True, on_cell_start=lambda cell, cell_index: hand_over(cell_index),
            ).execute()
        finally:
            kernel.shutdown_kernel(now=True)
    hand_over(len(run.cells))


def _new_notebook() -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata.update(
        kernelspec={"name": "python3", "display_name": "Python 3", "language": "python"},
        language_info={"name": "python"},
    )
    return nb


def _run(root: Path, cells: list) -> str:
    """One page's executed code cells as a notebook file, the same bytes for the same cells."""
    for number, cell in enumerate(cells, 1):
        cell.execution_count = number  # page by page, as if each page ran alone
        for output in cell.outputs:
            if "execution_count" in output:
                output["execution_count"] = number
            # the kernel's temporary file names (its pid) and addresses vary between runs
            if "text" in output:
                output["text"] = normalize(output["text"], root)
            if "traceback" in output:
                output["traceback"] = [normalize(line, root) for line in output["traceback"]]
    nb = _numbered(cells)
    nbformat.validate(nb)
    return nbformat.writes(nb)


def page_notebook(cells: list[tuple[str, str]], run: str, words: Words = ENGLISH_WORDS, page: str = "") -> str:
    """A page's notebook: its prose, and each of its code cells as `run` executed it, its
    comments in `words`' language (the code and what it printed as they are; `page` names the
    page where a comment has no translation). A cell `run` lacks (a stale run, its snippet
    edited since) shows without outputs."""
    executed: dict[str, list] = {}
    # Read and written without nbformat's schema validation (a tenth of a second a notebook, and
    # `mkdocs serve` makes every notebook at every save): the run was validated when executed.
    for cell in nbformat.v4.reads_json(run).cells:
        executed.setdefault(cell.source, []).append(cell)
    shown = []
    for kind, source in cells:
        if kind == "markdown":
            shown.append(nbformat.v4.new_markdown_cell(source))
            continue
        cell = (executed.get(source) or [nbformat.v4.new_code_cell(source)]).pop(0)
        cell.source = comment_translation.code(source, words, f"a code cell of {page}")
        shown.append(cell)
    return nbformat.v4.writes_json(_numbered(shown))


def _numbered(cells: list) -> nbformat.NotebookNode:
    nb = _new_notebook()
    nb.cells = cells
    for index, cell in enumerate(nb.cells):
        cell.id = f"cell-{index}"  # not random: the same page gives the same file
    return nb


def _pointer(root: Path, page: Path) -> Path:
    return root / CACHE / page.parent.name / page.stem  # one folder per edition


def _last_run(root: Path, page: Path) -> Path | None:
    """The run the page's notebook was last made from, if it is still cached."""
    pointer = _pointer(root, page)
    run = root / CACHE / pointer.read_text(encoding="utf-8") if pointer.exists() else None
    return run if run and run.exists() else None


def _point(root: Path, page: Path, run: Path) -> None:
    """Note that `page`'s notebook is made from `run`, and remove the page's runs that no
    edition's page is made from any more."""
    pointer = _pointer(root, page)
    if pointer.exists() and pointer.read_text(encoding="utf-8") == run.name:
        return  # as it was: nothing to remove either
    pointer.parent.mkdir(exist_ok=True)
    pointer.write_text(run.name, encoding="utf-8")
    shown = {p.read_text(encoding="utf-8") for p in (root / CACHE).glob(f"*/{page.stem}") if p.is_file()}
    own = re.compile(rf"{re.escape(page.stem)}-[0-9a-f]{{16}}\.ipynb")  # not a page whose name merely starts the same
    for old in (root / CACHE).glob(f"{page.stem}-*.ipynb"):
        if own.fullmatch(old.name) and old.name not in shown:
            old.unlink()


def pages_with_snippets(root: Path, docs: str = DOCS) -> list[Path]:
    """The pages of the edition in the folder `docs` that embed snippets."""
    return [p for p in sorted((root / docs).glob("*.md")) if Page.read(p).embeds]


def write_all(root: Path, stale_ok: bool = False, docs: str = DOCS) -> list[str]:
    """Write <docs>/notebooks/<page>.ipynb for every page with snippets, each as soon as it
    is ready, and only if its content changed (so `mkdocs serve` does not see an edit).
    With `stale_ok` a notebook already written is kept as it is: under `mkdocs serve` an
    edit waits neither for a kernel nor for mkdocs-jupyter to convert the notebook again
    (`make build` brings it up to date). The docs-relative paths of all of them."""
    (root / docs / FOLDER).mkdir(exist_ok=True)

    def done(page: Path, text: str) -> None:
        target = root / docs / _path(page)
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")

    pages = pages_with_snippets(root, docs)
    missing = [page for page in pages if not (stale_ok and (root / docs / _path(page)).exists())]
    build_all(root, missing, stale_ok, done)
    return [_path(page) for page in pages]


def paths(root: Path, docs: str = DOCS) -> list[str]:
    """The docs-relative paths `write_all` writes the notebooks to."""
    return [_path(page) for page in pages_with_snippets(root, docs)]


def _path(page: Path) -> str:
    return f"{FOLDER}/{page.stem}.ipynb"


def link_markdown(page: str, directory_urls: bool, as_page: bool, words: Words = ENGLISH_WORDS) -> str:
    """The page's notebook buttons: a download in every build, and where the notebook is
    also a page of the site (`as_page`: MkDocs, with mkdocs-jupyter) a link to that page."""
    name = f"{PurePosixPath(page).stem}.ipynb"
    source = f"{FOLDER}/{name}"  # a Markdown link to the file, relative to the page's source
    download_label = words.say("notebook_download")
    if not as_page:
        return f'[:material-download: {download_label}]({source}){{ .md-button .fg-notebook download="{name}" }}'
    # mkdocs-jupyter copies the file beside the notebook's page (include_source)
    up = "../" * (page.count("/") + (1 if directory_urls else 0))
    stem = PurePosixPath(page).stem
    download = f"{up}{FOLDER}/{stem}/{name}" if directory_urls else f"{up}{FOLDER}/{name}"
    return (
        f"[:material-notebook: {words.say('notebook_page')}]({source}){{ .md-button .fg-notebook }} "
        f'<a class="md-button fg-notebook" href="{download}" download>{download_label}</a>'
    )


if __name__ == "__main__":
    edition = sys.argv[1] if len(sys.argv) > 1 else DOCS
    if not (Path.cwd() / edition).is_dir():
        sys.exit(f"no folder {edition!r} here: name an edition's docs folder (docs, docs-zh), from the repository root")
    for path in write_all(Path.cwd(), docs=edition):
        print(f"{edition}/{path}")
    sys.exit(0)
