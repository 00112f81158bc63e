"""No code of the project reaches into another package's private or undocumented parts:
an upgrade of MkDocs, Material, mkdocs-jupyter, Zensical or CPython would break it
silently. Each finding names file:line and what to use instead.

What the project imports from the packages the site is built with is an allow-list
(PUBLIC): their documented APIs, and the few undocumented names used knowingly, each with
why. A new import from them fails until it is listed there. Attributes of their objects
cannot be listed that way, so a deny-list (REFUSED) catches the private ones."""

from __future__ import annotations

import ast
import re
from importlib import resources
from pathlib import Path

import js_call
import pytest

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("fieldguide", "tests")

# (pattern, why it is refused) for single lines of code, comments included: a comment that
# names one of these usually sits beside the code that uses it.
REFUSED = [
    (r"\b_title_from_render\b", "MkDocs' private Page._title_from_render; use page.title"),
    (r"\bpresent_anchor_ids\b", "MkDocs' undocumented Page.present_anchor_ids"),
    (r"\blinks_to_anchors\b", "MkDocs' undocumented Page.links_to_anchors"),
    (r"\bsearch_index\.entries\b", "Material's search plugin internals; exclude pages with `search: exclude` instead"),
    (r"\._selector\b", "CPython's private selector attribute; use the selector's own fileno()"),
    (r"\b_compute_cache_key\b", "mkdocs-jupyter's private cache key"),
    (r"\bfiles=None\b", "a MkDocs plugin event called without the build's files"),
    (r"\b(?:page|file|files|config|nav|toc|plugin|plugins|search)\._[a-z]\w*",
     "a private attribute of a MkDocs object"),
]
LINE_PATTERNS = [(re.compile(pattern), why) for pattern, why in REFUSED]
# Packages whose private names must not be imported; fieldguide's own modules keep theirs
# to themselves too (a name another module needs is public).
GUARDED = ("mkdocs", "material", "mkdocs_jupyter", "mkdocs_macros", "zensical", "fieldguide")
# module -> the names the project may import from it, for the packages the site is built with.
PUBLIC = {
    # MkDocs' plugin developer guide and API reference
    "mkdocs.plugins": {"BasePlugin", "event_priority"},
    "mkdocs.config": {"base", "config_options", "load_config"},
    "mkdocs.structure.files": {"InclusionLevel"},
    "mkdocs.exceptions": {"Abort", "ConfigurationError", "PluginError"},
    # Undocumented, used knowingly (the couplings fieldguide/mkdocs_plugin.py's docstring lists):
    # building in-process (tests, the serve worker, a benchmark) as `mkdocs build` does,
    # from a config `load_config` read
    "mkdocs.commands.build": {"build"},
    # a config read the way `mkdocs build` reads it, INHERIT and !ENV included
    "mkdocs.utils.yaml": {"get_yaml_loader", "yaml_load"},
    # the relative URL and the file writing of MkDocs' own pages, for the plugin's extra pages
    "mkdocs.utils": {"get_relative_url", "write_file"},
    # Zensical's reading of mkdocs.yml: the test compares the flattened config with it
    "zensical.config": {"parse_mkdocs_config"},
}


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _guarded(module: str | None) -> bool:
    return module is not None and module.split(".")[0] in GUARDED


def private_imports(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, what) for each private name imported from a guarded package."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and _guarded(node.module):
            found += [(node.lineno, f"from {node.module} import {alias.name}")
                      for alias in node.names if _is_private(alias.name)]
            if any(_is_private(part) for part in node.module.split(".")):
                found.append((node.lineno, f"from {node.module} import ..."))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, f"import {alias.name}") for alias in node.names
                      if _guarded(alias.name) and any(_is_private(p) for p in alias.name.split("."))]
    return found


def unlisted_imports(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, what) for each import from a package the site is built with that PUBLIC does not list."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and _built_with(node.module):
            found += [(node.lineno, f"from {node.module} import {alias.name}")
                      for alias in node.names if alias.name not in PUBLIC.get(node.module, set())]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, f"import {alias.name}") for alias in node.names
                      if _built_with(alias.name) and alias.name not in PUBLIC]
    return found


def _built_with(module: str | None) -> bool:
    return _guarded(module) and not module.startswith("fieldguide")


def _literal_prefix(node: ast.AST) -> str | None:
    """The text an attribute name starts with when the code spells it out ("_x", "_x" + y)."""
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        node = node.left
    if isinstance(node, ast.JoinedStr) and node.values:
        node = node.values[0]
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def dynamic_private_access(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, what) for getattr/setattr/hasattr/delattr of a private name given as text."""
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "setattr", "hasattr", "delattr") and len(node.args) >= 2):
            name = _literal_prefix(node.args[1])
            if name is not None and _is_private(name):
                found.append((node.lineno, f"{node.func.id}(..., {name!r}...)"))
    return found


def findings(path: Path, root: Path) -> list[str]:
    """'file:line: what (why)' for every private use in one Python file."""
    where = path.relative_to(root)
    text = path.read_text(encoding="utf-8")
    found = [
        f"{where}:{number}: {match.group(0)} ({why})"
        for number, line in enumerate(text.splitlines(), 1)
        for pattern, why in LINE_PATTERNS
        if (match := pattern.search(line))
    ]
    tree = ast.parse(text, str(where))
    found += [f"{where}:{line}: {what} (a private name of another module; make it public or "
              "use the package's documented API)" for line, what in private_imports(tree)]
    found += [f"{where}:{line}: {what} (a private attribute reached by name; use a public one)"
              for line, what in dynamic_private_access(tree)]
    found += [f"{where}:{line}: {what} (not in the public APIs this test lists: use a documented name, or "
              "list it in PUBLIC with why)" for line, what in unlisted_imports(tree)]
    return found


def test_the_check_names_each_private_use_with_its_line(tmp_path):
    offender = tmp_path / "fieldguide" / "bad.py"
    offender.parent.mkdir()
    offender.write_text(
        "from fieldguide.normalize import _CPP_LOCATION\n"
        "from mkdocs.structure.pages import (\n    Page,\n    _helper,\n)\n"
        "fd = selector._selector.fileno()\n"
        "title = page._title_from_render\n"
        "ok = page.title\n"
        "f = getattr(env.page, \"_file\", None)\n"
        "g = getattr(page, \"_title_from\" + \"_render\")\n"
        "fine = getattr(module, \"__file__\"), getattr(page, name), hasattr(page, \"title\")\n"
        "from mkdocs.plugins import BasePlugin\n"
        "import material.plugins.search\n"
    )
    assert findings(offender, tmp_path) == [
        "fieldguide/bad.py:6: ._selector (CPython's private selector attribute; use the selector's own fileno())",
        "fieldguide/bad.py:7: _title_from_render (MkDocs' private Page._title_from_render; use page.title)",
        "fieldguide/bad.py:7: page._title_from_render (a private attribute of a MkDocs object)",
        "fieldguide/bad.py:1: from fieldguide.normalize import _CPP_LOCATION (a private name of another "
        "module; make it public or use the package's documented API)",
        "fieldguide/bad.py:2: from mkdocs.structure.pages import _helper (a private name of another "
        "module; make it public or use the package's documented API)",
        "fieldguide/bad.py:9: getattr(..., '_file'...) (a private attribute reached by name; use a public one)",
        "fieldguide/bad.py:10: getattr(..., '_title_from'...) (a private attribute reached by name; use a public one)",
        *[f"fieldguide/bad.py:{line}: {what} (not in the public APIs this test lists: use a documented name, "
          "or list it in PUBLIC with why)" for line, what in [
              (2, "from mkdocs.structure.pages import Page"), (2, "from mkdocs.structure.pages import _helper"),
              (13, "import material.plugins.search")]],
    ]


def test_no_code_reaches_into_private_apis():
    this = Path(__file__).resolve()
    files = [p for folder in SCANNED for p in sorted((ROOT / folder).rglob("*.py")) if p.resolve() != this]
    assert files, f"no Python files under {', '.join(SCANNED)} of {ROOT.name}"
    found = [finding for path in files for finding in findings(path, ROOT)]
    assert not found, "private or undocumented APIs used:\n" + "\n".join(found)


# docs/javascripts/search-paste.js knows Material's search query by the message its bundle
# posts to the search worker, {type: 2, data: the query}, and the worker searches that text
# (the couplings fieldguide/mkdocs_plugin.py lists). Zensical's bundle and worker speak alike.
QUERY_POSTED = re.compile(r"\.next\(\{type:(\d+),data:\w+\}\)|postMessage\(\{type:(\d+),data:[\w$]+\.value\}\)")
QUERY_SEARCHED = re.compile(r"case (\d+):let (\w+)=(?:\w+\.data;try\{return\{type:\d+,data:\w+\.search\(\2\)"
                            r"|\w+\(\{type:\"text\",data:\w+\.data\}\))")


def _assets(package: str, pattern: str) -> list[Path]:
    return sorted(Path(str(resources.files(package) / "templates" / "assets" / "javascripts")).glob(pattern))


@pytest.mark.parametrize("package", ["material", "zensical"])
def test_the_search_worker_is_sent_the_query_as_search_paste_js_expects(package):
    bundles, workers = _assets(package, "bundle.*.min.js"), _assets(package, "workers/search.*.min.js")
    assert len(bundles) == 1 and len(workers) == 1, f"{package}: bundle {bundles}, search worker {workers}"
    bundle, worker = bundles[0].read_text(encoding="utf-8"), workers[0].read_text(encoding="utf-8")
    posted = {number for match in QUERY_POSTED.finditer(bundle) for number in match.groups() if number}
    searched = {match[1] for match in QUERY_SEARCHED.finditer(worker)}
    assert len(posted) == 1 and posted == searched, (
        f"{package}'s bundle posts the query as {sorted(posted) or 'no {type, data} message'}, its worker "
        f"searches {sorted(searched) or 'no such message'}: docs/javascripts/search-paste.js needs changing")
    assert "new Worker(" in bundle and "postMessage(" in bundle  # what search-paste.js wraps
    [query] = posted
    message = {"type": int(query), "data": "参数组"}
    assert js_call.calls("search-paste.js", [["mended", message]]) == [{"type": int(query), "data": "参数组组"}]
