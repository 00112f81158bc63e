"""pyproject.toml declares what the code imports. Its base dependencies are all CI's matrix
jobs install (`make engine`): they must hold every distribution that `python -m
fieldguide.matrix run` imports for a release other than the reference (the matrix module, the
pytest plugin, tests/conftest.py and the snippet tests, and the project modules they load),
or those jobs fail at collection while every local run passes. And every package that any of
the project's Python files imports (fieldguide/, tests/, bench/, explain/) is declared by
name, not reached through another package's dependencies, which may drop it in any release."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions, requires
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
MATRIX_RUN_IMPORTS = ["fieldguide.matrix", "fieldguide.pytest_plugin", "conftest", "test_snippets"]
# In a fresh interpreter, so that only the project's files these modules load are listed.
LIST_PROJECT_FILES = f"""
import importlib, json, sys
sys.path[:0] = [{str(ROOT)!r}, {str(ROOT / "tests")!r}]
for name in {MATRIX_RUN_IMPORTS!r}:
    importlib.import_module(name)
files = (getattr(module, "__file__", None) or "" for module in list(sys.modules.values()))
print(json.dumps(sorted(f for f in files if f.startswith({(str(ROOT / "fieldguide"), str(ROOT / "tests"))!r}))))
"""


def required_imports(source: str) -> set[str]:
    """Top-level names of the absolute imports in `source`, leaving out those in a `try`
    that handles ImportError (optional: conftest's Playwright)."""
    tree = ast.parse(source)
    optional = {
        id(node)
        for guarded in ast.walk(tree)
        if isinstance(guarded, ast.Try)
        and any(handler.type and ast.unparse(handler.type) in ("ImportError", "ModuleNotFoundError")
                for handler in guarded.handlers)
        for statement in guarded.body
        for node in ast.walk(statement)
    }
    names = set()
    for node in ast.walk(tree):
        if id(node) in optional:
            continue
        if isinstance(node, ast.Import):
            names |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.partition(".")[0])
    return names


def with_dependencies(requirements: list[str]) -> set[str]:
    """The distributions `requirements` install, theirs included (their extras' left out)."""
    found: set[str] = set()
    waiting = [Requirement(r) for r in requirements]
    while waiting:
        requirement = waiting.pop()
        name = canonicalize_name(requirement.name)
        if name in found or (requirement.marker and not requirement.marker.evaluate({"extra": ""})):
            continue
        found.add(name)
        waiting += [Requirement(r) for r in requires(name) or ()]
    return found


PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
# This repository's own distributions: the guide, and the terminal tool in explain/
OWN = {"autograd-field-guide", "autograd-fieldguide"}


def imported_distributions(paths: list[Path]) -> dict[str, set[str]]:
    """distribution -> the files that import it (their required imports only)."""
    distributions = packages_distributions()
    found: dict[str, set[str]] = {}
    for path in paths:
        for module in required_imports(path.read_text()):
            for distribution in distributions.get(module, ()):
                found.setdefault(canonicalize_name(distribution), set()).add(path.name)
    return found


def test_the_base_dependencies_hold_what_a_matrix_run_imports():
    listed = PROJECT["dependencies"]
    run = subprocess.run([sys.executable, "-c", LIST_PROJECT_FILES], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    imported = set(imported_distributions([Path(path) for path in json.loads(run.stdout)]))
    missing = imported - with_dependencies(listed) - OWN
    assert not missing, (
        f"a matrix run imports {', '.join(sorted(missing))}, which pyproject.toml's base dependencies "
        "do not install: add them there (CI's matrix jobs install only those)"
    )


# Every Python file the project runs: the package, its tests and benchmarks, the terminal tool
# (which imports nothing outside the standard library but IPython, in its notebook hook)
RUN = ("fieldguide", "tests", "bench", "explain/autograd_fieldguide")


def test_every_package_the_code_imports_is_declared_by_name():
    declared = {canonicalize_name(Requirement(r).name)
                for r in [*PROJECT["dependencies"], *sum(PROJECT["optional-dependencies"].values(), [])]}
    imported = imported_distributions(sorted(path for folder in RUN for path in (ROOT / folder).rglob("*.py")))
    missing = {name: files for name, files in imported.items() if name not in declared | OWN}
    assert not missing, "declare these in pyproject.toml (they arrive only through other packages now):\n" + "\n".join(
        f"  {name} (imported by {', '.join(sorted(files))})" for name, files in sorted(missing.items()))
