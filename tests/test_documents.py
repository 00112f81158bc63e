"""The project's documents. README.md, what a newcomer reads, stays short and gives the
commands that serve and test the guide; CI runs the README's test command, and those
commands install what they need. Every `make` target, repository path and link that the
documents name exists, so a renamed file or target cannot leave them pointing at nothing."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md"]
README_MAX_LINES = 150
SERVE, TEST = "make serve", "make test"
CI_TEST = "make test ARGS=--sweeps"  # the README's test command with its sweeps, which CI runs
# What the README's commands need before they run: .venv, and for the tests Chromium and Node.js.
PREREQUISITES = {"serve": {"$(VENV)/installed"}, "test": {"$(VENV)/installed", "chromium", "nodejs"}}
# A word that stands for something (<topic>, *, {{ … }}, $VAR, …) names no one path.
PLACEHOLDER = re.compile(r"[<>*{}$…]")
LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"`([^`\n]+)`")


def read(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def code_lines(markdown: str) -> list[str]:
    """The lines of the document's indented code blocks."""
    return [line.strip() for line in markdown.splitlines() if line.startswith("    ") and line.strip()]


def shell_commands(script: str) -> list[str]:
    """Each command of a shell script: comments dropped, lines split at `;`, `&&` and `||`."""
    return [part.strip() for line in script.splitlines()
            for part in re.split(r";|&&|\|\|", re.sub(r"(^|\s)#.*", "", line)) if part.strip()]


def make_rules() -> dict[str, set[str]]:
    """Every target of the Makefile, with its prerequisites."""
    rules: dict[str, set[str]] = {}
    for match in re.finditer(r"^([^\s#=:][^=:\n]*):(?!=)(.*)$", read("Makefile"), re.MULTILINE):
        for target in match[1].split():
            rules.setdefault(target, set()).update(match[2].replace("|", " ").split())
    return rules


def test_the_readme_is_short_and_gives_its_commands():
    text = read("README.md")
    assert len(text.splitlines()) <= README_MAX_LINES, (
        f"README.md has {len(text.splitlines())} lines, more than {README_MAX_LINES}: "
        "move what a contributor needs to CONTRIBUTING.md or ARCHITECTURE.md")
    missing = {SERVE, TEST, CI_TEST} - set(code_lines(text))
    assert not missing, f"README.md does not give {sorted(missing)} as a command of its own"


def test_ci_runs_the_readmes_test_command():
    assert CI_TEST in shell_commands(read(".ci/run")), f".ci/run does not run the README's `{CI_TEST}`"
    steps = yaml.safe_load(read(".github/workflows/site.yml"))["jobs"]["test"]["steps"]
    assert CI_TEST in [step.get("run") for step in steps], f"the workflow's test job does not run `{CI_TEST}`"


def test_the_readmes_commands_install_what_they_need():
    rules = make_rules()
    for target, needed in PREREQUISITES.items():
        assert needed <= rules.get(target, set()), (
            f"`make {target}` no longer installs {sorted(needed - rules.get(target, set()))} first")


@pytest.mark.parametrize("name", DOCUMENTS)
def test_every_make_target_named_exists(name):
    targets = set(make_rules())
    named = {target for span in [*CODE_SPAN.findall(read(name)), *code_lines(read(name))]
             for target in re.findall(r"(?:^|\s)make ([a-z][\w-]*)", span)}
    assert named, f"{name} names no make target: the pattern no longer reads it"
    assert not named - targets, f"{name} names make targets the Makefile lacks: {sorted(named - targets)}"


def named_paths(text: str, top: set[str]) -> set[str]:
    """The repository paths a document names: link targets, and every word with a `/` that
    starts at one of the checkout's top-level entries `top` (but a macro's argument in double
    quotes, which is a snippet's key: `{{ quote("data/version_counter", ...) }}`)."""
    words = {re.sub(r"[',;:.!?]+$", "", word.lstrip("'"))
             for word in re.split(r"[\s`()[\]]+", text) if not word.startswith('"')}
    paths = {word for word in words if "/" in word and word.split("/")[0] in top}
    paths |= {target for target in LINK.findall(text) if "://" not in target}
    return {path.split("#")[0] for path in paths if not PLACEHOLDER.search(path)} - {""}


@pytest.mark.parametrize("name", DOCUMENTS)
def test_every_path_named_exists(name):
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    top = {path.split("/")[0] for path in tracked.splitlines()}
    paths = named_paths(read(name), top)
    assert paths, f"{name} names no path: the pattern no longer reads it"
    absent = sorted(path for path in paths if not (ROOT / path).exists())
    # A path git ignores is one a build or a run writes: it need not exist in a fresh checkout.
    ignored = subprocess.run(["git", "check-ignore", "--no-index", *absent], cwd=ROOT, capture_output=True,
                             text=True).stdout.split() if absent else []
    missing = [path for path in absent if path not in ignored]
    assert not missing, f"{name} names what the checkout does not have: {missing}"


def test_a_named_path_is_read_from_prose_code_and_links():
    top = {"fieldguide", "docs", "tests"}
    assert named_paths("see `fieldguide/editions.py`'s list, (tests/test_zh.py), [the page](docs/x.md#y);\n"
                       '    python snippets/<topic>/<name>.py docs/\n[out](https://example.org/a) '
                       '{{ quote("docs/key", "text") }} [tests/a.py](tests/b.py)', top) == {
        "fieldguide/editions.py", "tests/test_zh.py", "docs/x.md", "docs/", "tests/a.py", "tests/b.py"}
