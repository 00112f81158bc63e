"""No code of the project reaches into another package's private or undocumented parts:
an upgrade of MkDocs, Material, mkdocs-jupyter, Zensical or CPython would break it
silently. Each finding names file:line and what to use instead.

What the project imports from the packages the site is built with is an allow-list
(PUBLIC): their documented APIs, and the few undocumented names used knowingly, each with
why. A new import from them fails until it is listed there. No import names the attributes
of their objects, so those are read from the syntax tree: a private attribute (`x._name`)
read or set on an object other than `self`, and any attribute set on an object that is not
the project's (replacing what a package put there, as `server.observer = ...`), fail unless
PRIVATE_ATTRIBUTES or SET_ATTRIBUTES lists them with why. An attribute is the project's when
its own code defines the name: bound in a module or a class body, or set on `self` (a
package's attribute named like one of the project's passes unseen). A
deny-list (REFUSED) also catches known private names on any line, comments included."""

from __future__ import annotations

import ast
import re
from importlib import resources
from pathlib import Path

import js_call
import pytest

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("fieldguide", "tests", "bench", "explain")
# The code whose names are the project's own everywhere; a test's names are its own in its
# file only (a fake standing in for a package's object defines that object's attributes)
OWN = ("fieldguide", "bench", "explain")

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
    # the server `mkdocs serve` makes, which the plugin's on_serve receives: the test of the
    # `server.observer` coupling serves with one
    "mkdocs.livereload": {"LiveReloadServer"},
    # Zensical's reading of mkdocs.yml: the test compares the flattened config with it
    "zensical.config": {"parse_mkdocs_config"},
}


# Private attributes of other packages' objects read knowingly, as the code spells them -> why.
PRIVATE_ATTRIBUTES = {
    "os._exit": "CPython documents it (os): a forked child ends without running its parent's cleanup",
    "threading._shutdown": "CPython's interpreter shutdown, step one (fieldguide/reader_zygote.py: a forked "
                           "child shuts down as `python snippet.py` would; tests/test_reader_check.py)",
    "atexit._run_exitfuncs": "CPython's interpreter shutdown, step two (as threading._shutdown)",
    "value._version": "a tensor's version counter (what autograd's in-place check compares), which the drawn "
                      "graph shows (fieldguide/autograd_graph.py); PyTorch gives it no public name",
}
# Attributes set on other packages' objects, as the code spells them -> why.
SET_ATTRIBUTES = {
    "server.observer": "a coupling: MkDocs' LiveReloadServer watches through its `observer` "
                       "(fieldguide/serving.py polls faster); tests/test_serving.py fails when MkDocs changes that",
    "env.bytecode_cache": "Jinja's documented Environment.bytecode_cache",
    "file.inclusion": "MkDocs' File.inclusion, in its API reference",
    "file.content_string": "a coupling: MkDocs' documented File.content_string setter, which a dirty build takes "
                           "as modified (fieldguide/stale_pages.py); tests/test_mkdocs_plugin.py rebuilds a page so",
    "cell.execution_count": "a notebook cell's field (nbformat)",
    "nb.cells": "a notebook's field (nbformat)",
    "run.cells": "a notebook's field (nbformat)",
    "token.map": "markdown-it-py's documented Token fields",
    "token.meta": "markdown-it-py's documented Token fields",
    "token.content": "markdown-it-py's documented Token fields",
    "state.pos": "markdown-it-py's inline rule state, which a rule advances (its docs' plugin guide)",
    "current.stack": "resource.setrlimit's value in a forked child (fieldguide/forkserver.py)",
    "libc.madvise.argtypes": "ctypes' documented way to declare a C function's arguments",
    "sys.stdout": "the child's streams, as CPython documents them replaceable",
    "sys.stderr": "the child's streams, as CPython documents them replaceable",
    "sys.argv": "what a snippet's run sees as its command line",
    "sys.excepthook": "CPython's documented hook for uncaught exceptions (explain/)",
    "markdown.Markdown.convert": "bench/build_floor.py replaces Markdown's conversion to time a build without it",
    "md.toc_tokens": "what Python-Markdown's toc extension leaves on the Markdown object (bench/build_floor.py)",
    "md.toc": "what Python-Markdown's toc extension leaves on the Markdown object (bench/build_floor.py)",
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


def own_names(trees: list[ast.AST]) -> set[str]:
    """Every name the code defines: bound in a module or a class body, or set on `self`/`cls`."""
    def bound(body: list[ast.stmt]) -> set[str]:
        names = set()
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names |= {n.id for target in targets for n in ast.walk(target) if isinstance(n, ast.Name)}
        return names

    names = set()
    for tree in trees:
        names |= bound(getattr(tree, "body", []))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                names |= bound(node.body)
            elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                  and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                names.add(node.attr)
    return names


def foreign_attributes(tree: ast.AST, own: set[str]) -> list[tuple[int, str, str]]:
    """(line, the code, "private" or "set") for each private attribute read or set on an object
    other than self, and each attribute set on one, that the project's code does not define
    and the lists above do not name."""
    found = []
    for node in ast.walk(tree):
        if (not isinstance(node, ast.Attribute) or node.attr in own
                or isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            continue
        code = ast.unparse(node)
        if _is_private(node.attr) and code not in PRIVATE_ATTRIBUTES:
            found.append((node.lineno, code, "private"))
        elif isinstance(node.ctx, (ast.Store, ast.Del)) and not _is_private(node.attr) and code not in SET_ATTRIBUTES:
            found.append((node.lineno, code, "set"))
    return sorted(found)


ATTRIBUTE_WHY = {
    "private": "a private attribute of another package's object; use its public API, or list it in "
               "PRIVATE_ATTRIBUTES with why",
    "set": "sets an attribute of another package's object; use its public API, or list it in SET_ATTRIBUTES "
           "with why (a coupling also in fieldguide/mkdocs_plugin.py's list, with the test that follows it)",
}


def findings(path: Path, root: Path, own: set[str] = frozenset()) -> list[str]:
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
    own = own | own_names([tree])
    found += [f"{where}:{line}: {what} (a private name of another module; make it public or "
              "use the package's documented API)" for line, what in private_imports(tree)]
    found += [f"{where}:{line}: {what} (a private attribute reached by name; use a public one)"
              for line, what in dynamic_private_access(tree)]
    found += [f"{where}:{line}: {what} (not in the public APIs this test lists: use a documented name, or "
              "list it in PUBLIC with why)" for line, what in unlisted_imports(tree)]
    found += [f"{where}:{line}: {code} ({ATTRIBUTE_WHY[kind]})" for line, code, kind in foreign_attributes(tree, own)]
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
        "refs = server._watch_refs\n"
        "server.build_delay = 0.01\n"
        "self._cache, record.count = {}, 1\n"
        "class Record:\n    count = 0\n"
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
        *[f"fieldguide/bad.py:{line}: {code} ({ATTRIBUTE_WHY[kind]})" for line, code, kind in [
            (6, "selector._selector", "private"), (7, "page._title_from_render", "private"),
            (14, "server._watch_refs", "private"), (15, "server.build_delay", "set")]],
    ]


def test_no_code_reaches_into_private_apis():
    this = Path(__file__).resolve()
    files = [p for folder in SCANNED for p in sorted((ROOT / folder).rglob("*.py")) if p.resolve() != this]
    assert files, f"no Python files under {', '.join(SCANNED)} of {ROOT.name}"
    own = own_names([ast.parse(p.read_text(encoding="utf-8")) for folder in OWN for p in (ROOT / folder).rglob("*.py")])
    found = [finding for path in files for finding in findings(path, ROOT, own)]
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
