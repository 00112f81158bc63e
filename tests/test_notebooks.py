"""Each page's executed notebook is valid, holds the page's snippets as they are, and its
outputs, from a Jupyter kernel, match the recorded outputs of the reference release.

A kernel shows the same run differently from a terminal (warnings on stderr, errors as
structured outputs), so what is compared is what a reader reads: the printed text, and
every warning and error as (category, message).
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from fieldguide import notebook, wordings
from fieldguide.errors import grammar
from fieldguide.normalize import TRACEBACK_START, normalize
from fieldguide.page import Page
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import Snippet
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
PAGES = notebook.pages_with_snippets(ROOT)  # the pages `mkdocs build` makes notebooks of
SOURCE_WARNINGS = {(w.category, w.text) for w in wordings.load(ROOT) if w.category.endswith("Warning")}


@pytest.fixture(scope="module", autouse=True)
def english_notebooks(edition_lock):
    """These tests execute and write the English notebooks, as a build of that edition does."""
    with edition_lock("en"):
        yield


def printed(recorded: str) -> str:
    """What the snippet itself printed: the recording without warnings and the traceback."""
    if TRACEBACK_START in recorded:
        recorded = recorded[: recorded.rindex(TRACEBACK_START)]
    kept, part = [], None  # inside a warning: its "message" lines, then its indented "source"
    for line in recorded.splitlines(keepends=True):
        if grammar.CPP_WARNING_HEADER.match(line):
            part = None  # a line PyTorch's C++ code logs: one line, no source under it
        elif grammar.WARNING_HEADER.match(line):
            part = "message"
        elif part == "message" and line.strip() and (not line[:1].isspace() or line[:1] == "\t"):
            continue  # a message that spans lines (a deprecated overload's tab-indented signatures too)
        elif part and line[:1].isspace() and line.strip():
            part = "source"
        else:
            part = None
            kept.append(line)
    return "".join(kept)


def test_every_page_that_embeds_a_snippet_gets_its_notebook():
    """Counted from the pages' own text, not from the notebook module: each page that embeds
    snippets gets a notebook file, and it holds one code cell per embedded snippet."""
    embeds = {}
    for page in sorted((ROOT / "docs").glob("*.md")):
        if count := page.read_text(encoding="utf-8").count("{{ snippet("):
            embeds[f"notebooks/{page.stem}.ipynb"] = count
    assert embeds and notebook.write_all(ROOT) == list(embeds)
    for path, count in embeds.items():
        nb = nbformat.read(ROOT / "docs" / path, as_version=4)
        nbformat.validate(nb)
        assert sum(cell.cell_type == "code" for cell in nb.cells) == count, f"docs/{path}"


def test_a_snippet_is_introduced_by_its_headings_and_last_plain_paragraph(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "# A [linked](x.md) title\n\n"
        "## Copies\n\n"
        "Dropped: a later paragraph introduces the snippet.\n\n"
        '{{ quote("copying/assign_vs_clone", "c: tensor([1., 2., 3.])") }} is the\n'
        "[clone](x.md) after the edit:\n\n"
        '!!! note "Not an introduction"\n'
        "    Nor is this admonition's text.\n\n"
        "- nor a list\n\n"
        "```python\n# nor a comment in a fence\n```\n\n"
        '{{ snippet("copying/assign_vs_clone") }}\n'
        '{{ snippet("copying/assign_vs_clone") }}\n',
        encoding="utf-8",
    )
    head, *cells = notebook.cells_from_page(ROOT, page)
    assert head[1].startswith("# A linked title\n\nThe examples of the Autograd Field Guide page *A linked title*")
    code = ("code", notebook.shown_code(Snippet.load(ROOT, "copying", "assign_vs_clone")))
    intro = "## Copies\n\n`c: tensor([1., 2., 3.])` is the\nclone after the edit:"
    assert cells == [("markdown", intro), code, code]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_notebook_outputs_match_recorded(page: Path):
    nb = nbformat.reads(notebook.build(ROOT, page), as_version=4)
    nbformat.validate(nb)
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    snippets = [embed.snippet(ROOT) for embed in Page.read(page).embeds]
    assert [cell.source for cell in code] == [notebook.shown_code(s) for s in snippets], (
        f"notebook of {page.name} does not hold the page's snippets, as the page shows them, in order"
    )
    store, reference = OutputStore(ROOT), load_matrix(ROOT).reference
    for number, (cell, snippet) in enumerate(zip(code, snippets, strict=True), 1):
        assert cell.execution_count == number
        stdout = "".join(o.text for o in cell.outputs if o.output_type == "stream" and o.name == "stdout")
        stderr = "".join(o.text for o in cell.outputs if o.output_type == "stream" and o.name == "stderr")
        seen = grammar.messages(normalize(stderr, ROOT))
        for error in (o for o in cell.outputs if o.output_type == "error"):
            # read as the recording is read: the message's unindented lines
            seen += grammar.messages(TRACEBACK_START + normalize(f"{error.ename}: {error.evalue}", ROOT))
        if not snippet.runs_on(reference):  # `# before-torch:` it shows what older releases lack
            continue
        recorded = store.recorded(snippet.key, reference)
        assert recorded, f"{snippet.relpath} has no recorded output for {reference}"
        where = f"{page.name}, cell {number} ({snippet.relpath})"
        if not snippet.error_index:  # it prints another program's output, tracebacks and all
            assert normalize(stdout, ROOT) == recorded[1] and not seen, f"{where}: printed text differs"
            continue
        assert normalize(stdout, ROOT) == printed(recorded[1]), f"{where}: printed text differs"
        # A line PyTorch's C++ code logs (DDP's reducer) goes to the kernel process's stderr, which
        # the kernel forwards to a cell only in part, and the setup's set_warn_always makes
        # warn-once lines repeat: the page shows the recorded run; a notebook compares the rest.
        expected = [m for m in grammar.messages(recorded[1]) if not logged_by_cpp(recorded[1], m)]
        seen = [m for m in seen if not logged_by_cpp(stderr, m)]
        # set_warn_always also shows what a once-per-process warning site kept quiet in the
        # recorded run (add_'s deprecated overload hid addcmul_'s): wordings only the source has
        seen = [m for m in seen if m in expected or m not in SOURCE_WARNINGS]
        # a kernel names an exception by its class (GradcheckError), a traceback by its path
        assert unqualified(seen) == unqualified(expected), (
            f"{where}: warnings or errors differ"
        )


def test_a_notebook_is_the_same_file_each_time_it_runs():
    """Executed again, alone, in a fresh kernel, a page's notebook is byte for byte the one
    the build made alongside other pages; so mkdocs-jupyter converts it only once."""
    page = ROOT / "docs" / "module-hooks.md"  # prints and warns in the same cells
    runs = []
    notebook.execute(ROOT, [page], lambda page, text: runs.append(text))
    assert [notebook.page_notebook(notebook.cells_from_page(ROOT, page), run) for run in runs] == [
        notebook.build(ROOT, page)]


def fake_execute(executed: list[str]):
    """In place of `notebook.execute`: each code cell of a page "prints" the page's folder
    and its own place, and the page's folder is noted in `executed`."""
    def execute(root, pages, done, timeout=120):
        for page in pages:
            executed.append(page.parent.name)
            code = [source for kind, source in notebook.cells_from_page(root, page) if kind == "code"]
            cells = [nbformat.v4.new_code_cell(source, execution_count=number, outputs=[nbformat.v4.new_output(
                "stream", name="stdout", text=f"{page.parent.name} {number}\n")])
                for number, source in enumerate(code, 1)]
            done(page, nbformat.writes(nbformat.v4.new_notebook(cells=cells)))
    return execute


@pytest.fixture
def executed(tmp_path, monkeypatch) -> list[str]:
    """The folders of the pages executed (by fake_execute), with the cache in tmp_path/cache."""
    monkeypatch.setattr(notebook, "CACHE", tmp_path / "cache")  # absolute: ROOT / CACHE is the folder itself
    folders: list[str] = []
    monkeypatch.setattr(notebook, "execute", fake_execute(folders))
    return folders


def test_editions_share_the_run_of_the_same_code_and_prose_executes_nothing(tmp_path, executed):
    """A Chinese page whose snippets are its English twin's shows the English run under its
    own prose; an edit of prose runs nothing; a run no edition's page shows any more is
    removed; `stale_ok` shows the last run, a snippet it lacks without outputs."""
    cache = tmp_path / "cache"

    def page(docs: str, prose: str, *snippets: str) -> Path:
        path = tmp_path / docs / "page.md"
        path.parent.mkdir(exist_ok=True)
        path.write_text(f"# Title\n\n{prose}\n\n" + "".join(f'{{{{ snippet("{s}") }}}}\n' for s in snippets),
                        encoding="utf-8")
        return path

    def outputs(text: str) -> list[str]:
        return ["".join(o.text for o in cell.outputs)
                for cell in nbformat.reads(text, as_version=4).cells if cell.cell_type == "code"]

    english = page("docs", "An English paragraph.", "copying/assign_vs_clone", "detach/shares_storage")
    chinese = page("docs-zh", "中文段落。", "copying/assign_vs_clone", "detach/shares_storage")
    built = notebook.build_all(ROOT, [english, chinese])
    assert executed == ["docs"]
    assert outputs(built[chinese]) == ["docs 1\n", "docs 2\n"] and "中文段落。" in built[chinese]
    assert len(list(cache.glob("page-*.ipynb"))) == 1

    page("docs-zh", "改过的中文段落。", "copying/assign_vs_clone", "detach/shares_storage")
    assert "改过的中文段落。" in notebook.build(ROOT, chinese) and executed == ["docs"]

    page("docs", "An English paragraph.", "detach/shares_storage")
    assert outputs(notebook.build(ROOT, english)) == ["docs 1\n"] and executed == ["docs", "docs"]
    assert len(list(cache.glob("page-*.ipynb"))) == 2  # the Chinese page still shows the first
    page("docs-zh", "中文段落。", "detach/shares_storage")
    assert outputs(notebook.build(ROOT, chinese)) == ["docs 1\n"] and executed == ["docs", "docs"]
    assert len(list(cache.glob("page-*.ipynb"))) == 1

    page("docs", "An English paragraph.", "detach/shares_storage", "copying/assign_vs_clone")
    assert outputs(notebook.build(ROOT, english, stale_ok=True)) == ["docs 1\n", ""]
    assert executed == ["docs", "docs"]


def logged_by_cpp(output: str, message: tuple[str, str]) -> bool:
    return any(grammar.CPP_WARNING_HEADER.match(line) and message[1].split("\n")[0] in line
               for line in normalize(output, ROOT).splitlines())


# The hint Python 3.10 and 3.11 add to an AttributeError's line as they print it ("Did you mean:
# 'add_param_group'?"), which the recording keeps; a kernel reports the exception without it.
HINT = re.compile(r"\. Did you mean: '[^'\n]*'\?$")


def unqualified(found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(category.rsplit(".", 1)[-1], HINT.sub("", message.rstrip())) for category, message in found]


def test_under_serve_a_notebook_already_written_is_kept(tmp_path, executed):
    """`stale_ok` (mkdocs serve) leaves a written notebook as it is, so an edit waits for no
    kernel and no conversion; a build brings it up to date."""
    docs = tmp_path / "docs"
    docs.mkdir()
    page, written = docs / "page.md", docs / "notebooks" / "page.ipynb"
    page.write_text('# Title\n\n{{ snippet("copying/assign_vs_clone") }}\n', encoding="utf-8")
    assert notebook.write_all(ROOT, stale_ok=True, docs=str(docs)) == ["notebooks/page.ipynb"]
    first = written.read_text(encoding="utf-8")
    page.write_text('# Title\n\nEdited.\n\n{{ snippet("detach/shares_storage") }}\n', encoding="utf-8")
    notebook.write_all(ROOT, stale_ok=True, docs=str(docs))
    assert written.read_text(encoding="utf-8") == first and executed == ["docs"]
    notebook.write_all(ROOT, docs=str(docs))
    assert "Edited." in written.read_text(encoding="utf-8") and executed == ["docs", "docs"]
