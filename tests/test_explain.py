"""The terminal tool (explain/, the autograd-fieldguide distribution): its data is what the site
builds; `pip install ./explain` works in a fresh virtual environment without torch or a
network, and there each way in works as explain/README.md says; the IPython extension in a
real InteractiveShell (beside rich's traceback) and in an executed notebook; a failure inside
the tool prints nothing and hides nothing. The message is taken from a recorded output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from fieldguide import explain_data
from fieldguide.errors import grammar
from fieldguide.releases import load as load_matrix
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
EXPLAIN = ROOT / "explain"
DATA = EXPLAIN / "autograd_fieldguide/data"
ENTRY = "a-leaf-variable-that-requires-grad-is-being-used-in-an-in"
# The network, refused to every process that loads this (sitecustomize.py on PYTHONPATH)
NO_NETWORK = """\
import socket
def _refused(*args, **kwargs):
    raise OSError("the network is refused in this test")
socket.socket = _refused
socket.create_connection = _refused
socket.getaddrinfo = _refused
"""
MOST_LINES = 8


def recorded_message() -> tuple[str, str]:
    """(category, message) of the entry, as a snippet that shows one of its causes printed it."""
    data = json.loads((DATA / "paste-data.json").read_text(encoding="utf-8"))
    entry = next(e for e in data["entries"] if e["id"] == ENTRY)
    key = entry["causes"][0]["pairs"][0]["snippet"]
    _, output = OutputStore(ROOT).recorded(key, load_matrix(ROOT).reference)
    return grammar.messages(output)[-1]


def raising_script(extra: str = "") -> str:
    category, message = recorded_message()
    return f"{extra}raise {category}({message!r})\n"


def test_the_package_data_is_what_the_site_builds():
    assert not explain_data.stale(ROOT), "run: python -m fieldguide.explain_data (make record does)"


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> dict:
    """A new virtual environment with only the package, and how to run its Python there."""
    where = tmp_path_factory.mktemp("fresh")
    venv.EnvBuilder(with_pip=True).create(where / "env")
    python = str(where / "env/bin/python")
    # as a reader installs it: pip fetches the build's setuptools from the package index (the
    # tool itself then runs with the network refused)
    install = subprocess.run([python, "-m", "pip", "install", "--quiet", str(EXPLAIN)],
                             capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, f"pip install ./explain failed:\n{install.stdout}{install.stderr}"
    (where / "offline").mkdir()
    (where / "offline/sitecustomize.py").write_text(NO_NETWORK)
    work = where / "work"
    work.mkdir()
    env = {key: value for key, value in os.environ.items() if not key.startswith(("LANG", "LC_", "AUTOGRAD_"))}
    env.update(PYTHONPATH=str(where / "offline"), NO_COLOR="1")
    env.pop("PYTHONHOME", None)

    def run(*args: str, stdin: str | None = None, **variables: str) -> subprocess.CompletedProcess:
        return subprocess.run([python, *args], input=stdin, capture_output=True, text=True, cwd=work,
                              env={**env, **variables}, timeout=120)

    return {"run": run, "work": work}


def test_the_fresh_environment_has_no_torch_and_no_network(fresh):
    assert fresh["run"]("-c", "import torch").returncode != 0
    probe = fresh["run"]("-c", "import socket; socket.create_connection(('127.0.0.1', 9))")
    assert "the network is refused in this test" in probe.stderr
    from autograd_fieldguide.version import VERSION  # this checkout's (installed editable in .venv)

    version = fresh["run"]("-m", "autograd_fieldguide", "--version")
    assert version.stdout.strip() == f"autograd-fieldguide {VERSION}"
    assert "+site." in VERSION


def diagnosis_lines(text: str) -> list[str]:
    lines = text.strip().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Autograd Field Guide: "))
    return lines[start:]


def test_explain_reads_a_pasted_traceback(fresh):
    category, message = recorded_message()
    paste = ("Traceback (most recent call last):\n"
             f'  File "train.py", line 9, in <module>\n    w.add_(1)\n{category}: {message}\n')
    run = fresh["run"]("-m", "autograd_fieldguide", "explain", stdin=paste)
    assert run.returncode == 0, run.stderr
    lines = diagnosis_lines(run.stdout)
    assert len(lines) <= MOST_LINES
    assert lines[0] == f"Autograd Field Guide: {category}: {message.rstrip('.')}"
    assert lines[1].startswith("The likeliest cause: ")
    assert any(line.startswith("The fix: ") for line in lines)
    assert lines[-1] == f"The whole entry: http://127.0.0.1:8000/errors/{ENTRY}/"
    unknown = fresh["run"]("-m", "autograd_fieldguide", "explain", stdin="KeyError: 'learning_rate'\n")
    assert unknown.returncode == 1
    assert unknown.stdout.strip() == ("The Autograd Field Guide has no entry for the message it read: "
                                      "KeyError: 'learning_rate'")


def test_a_script_keeps_its_traceback_and_gets_the_diagnosis_after_it(fresh):
    (fresh["work"] / "train.py").write_text("import sys\nprint('args:', sys.argv[1:])\n" + raising_script())
    run = fresh["run"]("-m", "autograd_fieldguide", "train.py", "--epochs", "3")
    plain = fresh["run"]("train.py", "--epochs", "3")
    assert run.returncode == plain.returncode == 1
    assert run.stdout == plain.stdout == "args: ['--epochs', '3']\n"
    # Python's own traceback, then the diagnosis; runpy's frames are not shown
    assert run.stderr.startswith(plain.stderr)
    assert "runpy" not in run.stderr
    assert diagnosis_lines(run.stderr)[-1] == f"The whole entry: http://127.0.0.1:8000/errors/{ENTRY}/"


def test_install_chains_the_hook_that_was_there(fresh):
    before = "import sys\nsys.excepthook = lambda *a: print('the earlier hook ran', file=sys.stderr)\n"
    (fresh["work"] / "hooked.py").write_text(raising_script(before + "import autograd_fieldguide\n"
                                                             "autograd_fieldguide.install()\n"))
    run = fresh["run"]("hooked.py")
    assert run.stderr.startswith("the earlier hook ran\n")
    assert diagnosis_lines(run.stderr)[-1].endswith(f"/errors/{ENTRY}/")


def test_chinese_when_the_locale_says_zh(fresh):
    (fresh["work"] / "train.py").write_text(raising_script())
    for variables in ({"LANG": "zh_CN.UTF-8"}, {"LC_ALL": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"},
                      {"AUTOGRAD_FIELDGUIDE_LANG": "zh", "LANG": "en_US.UTF-8"}):
        run = fresh["run"]("-m", "autograd_fieldguide", "train.py", **variables)
        assert "最可能的原因：" in run.stderr, variables
        assert run.stderr.rstrip().endswith(f"http://127.0.0.1:8000/zh/errors/{ENTRY}/"), variables
    english = fresh["run"]("-m", "autograd_fieldguide", "train.py", LANG="fr_FR.UTF-8")
    assert "The likeliest cause: " in english.stderr


def test_a_failure_inside_the_tool_prints_nothing_and_hides_nothing(fresh):
    # data the tool cannot read: the reader's traceback is all that is printed
    broken = "import autograd_fieldguide.diagnosis as d\nd._data = None\n"
    (fresh["work"] / "broken.py").write_text(raising_script("import autograd_fieldguide\n"
                                                            "autograd_fieldguide.install()\n" + broken))
    run = fresh["run"]("broken.py")
    category, message = recorded_message()
    assert run.stderr.rstrip().endswith(f"{category}: {message}")
    assert "Autograd Field Guide" not in run.stderr


def test_bold_headings_only_on_a_terminal_without_no_color(monkeypatch):
    from autograd_fieldguide import hooks

    class Terminal:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert hooks.color_allowed(Terminal())
    assert not hooks.color_allowed(sys.stderr if not sys.stderr.isatty() else object())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not hooks.color_allowed(Terminal())


@pytest.fixture
def shell(monkeypatch):
    from IPython.core.interactiveshell import InteractiveShell

    monkeypatch.setenv("AUTOGRAD_FIELDGUIDE_LANG", "en")
    shell = InteractiveShell.instance()
    yield shell
    shell.run_line_magic("unload_ext", "autograd_fieldguide")
    InteractiveShell.clear_instance()


def test_the_ipython_extension_diagnoses_below_a_cells_traceback_until_unloaded(shell, capsys):
    import rich.traceback

    rich.traceback.install()  # rich replaces IPython's traceback; the diagnosis still follows it
    shell.run_line_magic("load_ext", "autograd_fieldguide")
    shell.run_line_magic("load_ext", "autograd_fieldguide")  # loading twice shows it once
    shell.run_cell(raising_script())
    shown = capsys.readouterr()
    category, message = recorded_message()
    assert message.split(".")[0] in shown.out + shown.err  # the traceback is still printed
    assert (shown.out + shown.err).count(f"/errors/{ENTRY}/") == 1
    shell.run_line_magic("unload_ext", "autograd_fieldguide")
    shell.run_cell(raising_script())
    assert "Autograd Field Guide" not in "".join(capsys.readouterr())


def test_a_notebook_shows_the_diagnosis_as_html_below_the_error(tmp_path, monkeypatch):
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("%load_ext autograd_fieldguide"),
        nbformat.v4.new_code_cell(textwrap.dedent(raising_script())),
    ])
    monkeypatch.setenv("AUTOGRAD_FIELDGUIDE_LANG", "en")  # the kernel inherits it
    NotebookClient(notebook, timeout=120, kernel_name="python3", allow_errors=True,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = notebook.cells[1].outputs
    assert outputs[0].output_type == "error"  # the cell's own error, untouched
    html = next(o.data["text/html"] for o in outputs if o.output_type == "display_data")
    assert f'href="http://127.0.0.1:8000/errors/{ENTRY}/"' in html
    assert "<strong>The likeliest cause:</strong>" in html
