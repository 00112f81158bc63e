"""The message inventory: every error and warning message PyTorch raises in the code this guide
covers (autograd's C++ and Python, the autograd checks in ATen, torch.optim and its lr
schedulers, torch.utils.checkpoint, DDP, autocast and GradScaler, torch.func / functorch, module
hooks), and how the Error index covers each one.

data/inventory/<area>.toml, one file per area of AREAS, one table per distinct message template:

    [[message]]
    text = "can't retain_grad on Tensor that has requires_grad=False"   # variable parts as <name>
    category = "RuntimeError"        # the exception or warning class
    source = "torch/csrc/autograd/variable.cpp"   # its file in the newest release that has it
    area = "autograd"                # one of AREAS (aten-checks: ATen's dtype and device checks
                                     # that readers meet in a training step)
    releases = "1.13 – 2.15"         # the recorded minor releases that carry it
    status = "entry"                 # entry | folded | missing | out
    entry = "cant-retain-grad-on-tensor-that-has-requires-grad-false"   # entry and folded
    why = ""                         # out: why it is out of scope; folded: what makes it the entry's
    reports = ["owner/repo#N"]       # public GitHub threads that report this very message

How it was collected: the Python raise/warn calls of the scope's files, read with `ast` in every
recorded release; the C++ message literals compiled into each release's libraries, attributed to
their source file by the file's own path string beside them (internal asserts: one table per
file; "<...>" ends a message whose library holds only its head, the rest built at run time); the
entries' messages and data/wordings.toml's older wordings. The reports come from searching public
issue threads for each in-scope message's fixed words.

In scope is every message whose status is not "out"; covered are those with status entry or
folded. `python -m fieldguide.inventory` prints the coverage, plain and weighted by reports, and
the in-scope messages with no entry, most reported first. `python -m fieldguide.inventory scan`
checks the data against the installed releases (the version matrix and `.venv`): each message's
longest literal fragment against each release's Python files and compiled libraries, printing
the messages whose `releases` disagree, and the raise/warn messages of the scope's Python files
that the inventory lacks. The scan is slow (it reads every release's libraries) and is no test.

An entry of a message a training library raises rather than PyTorch (data/reports' [unrecorded]
with `library`, as Lightning's rewording of DDP's unused-parameter error) has no table here: the
inventory lists PyTorch's messages, and its coverage is of those.

tests/test_inventory.py keeps the data consistent with data/reports and data/blind-pastes.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

INVENTORY_DIR = Path("data") / "inventory"
AREAS = ("autograd", "aten-autograd", "aten-checks", "optim", "checkpoint", "ddp", "amp", "func", "hooks")
STATUSES = ("entry", "folded", "missing", "out")
COVERED = ("entry", "folded")
REPORT = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+#[0-9]+$")
_RELEASES = re.compile(r"^$|^\d+\.\d+(?: – \d+\.\d+)?(?:, \d+\.\d+(?: – \d+\.\d+)?)*$")
_PLACEHOLDER = re.compile(r"<[^<>]*>|\.\.\.")

# The Python files the scan reads for raise/warn calls, relative to the torch package. Left out on
# purpose: torch.compile's AOTAutograd and partitioner under torch/_functorch, which the guide does
# not cover, and module.py's non-hook messages (filtered by HOOK_WORDS).
SCOPE_FILES = {
    "autograd": ("autograd/*.py", "autograd/_functions/*.py"),
    "optim": ("optim/*.py", "optim/_multi_tensor/*.py"),
    "checkpoint": ("utils/checkpoint.py",),
    "ddp": ("nn/parallel/distributed.py",),
    "amp": ("amp/*.py", "cuda/amp/*.py", "cpu/amp/*.py"),
    "func": (
        "_functorch/apis.py", "_functorch/vmap.py", "_functorch/eager_transforms.py",
        "_functorch/functional_call.py", "_functorch/make_functional.py", "_functorch/autograd_function.py",
        "_functorch/deprecated.py", "_functorch/batch_norm_replacement.py", "_functorch/utils.py",
        "_functorch/pyfunctorch.py", "_functorch/pytree_hacks.py", "func/*.py",
    ),
    "hooks": ("nn/modules/module.py", "utils/hooks.py"),
}
HOOK_WORDS = re.compile(r"hook|\bleaf\b|\bgrad\b|backward", re.IGNORECASE)
LIBRARIES = ("libtorch_cpu.so", "libtorch_python.so", "libtorch_cuda.so", "libc10.so")


class InventoryError(ValueError):
    """A table of the inventory file that is not well-formed; the message names the file."""


@dataclass(frozen=True)
class Message:
    text: str
    category: str
    source: str
    area: str
    releases: str
    status: str
    entry: str = ""
    why: str = ""
    reports: tuple[str, ...] = field(default_factory=tuple)

    @property
    def in_scope(self) -> bool:
        return self.status != "out"

    @property
    def covered(self) -> bool:
        return self.status in COVERED


_FIELDS = {"text": str, "category": str, "source": str, "area": str, "releases": str, "status": str,
           "entry": str, "why": str, "reports": list}
_REQUIRED = ("text", "category", "source", "area", "releases", "status")


def _bad(path: Path, number: int, problem: str) -> InventoryError:
    return InventoryError(f"{path}: [[message]] table {number}: {problem}")


def load(folder: Path = INVENTORY_DIR) -> list[Message]:
    """Every area's messages; InventoryError, naming the file and the table, for a bad one."""
    paths = sorted(Path(folder).glob("*.toml"))
    if not paths:
        raise InventoryError(f"{folder}: no <area>.toml files")
    messages = []
    for path in paths:
        found = read(path)
        if path.stem not in AREAS or any(m.area != path.stem for m in found):
            raise InventoryError(f"{path}: a file holds the messages of one area, its name: one of {', '.join(AREAS)}")
        messages += found
    return messages


def read(path: Path) -> list[Message]:
    """One area's messages."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise InventoryError(f"{path}: {error}") from error
    tables = data.get("message")
    if not isinstance(tables, list):
        raise InventoryError(f"{path}: no [[message]] tables")
    messages = []
    for number, table in enumerate(tables, 1):
        unknown = set(table) - set(_FIELDS)
        if unknown:
            raise _bad(path, number, f"unknown key(s) {', '.join(sorted(unknown))}")
        for key in _REQUIRED:
            if key not in table:
                raise _bad(path, number, f"no {key!r}")
        for key, kind in _FIELDS.items():
            if key in table and not isinstance(table[key], kind):
                raise _bad(path, number, f"{key!r} should be a {kind.__name__}")
        reports = table.get("reports", [])
        if not all(isinstance(r, str) and REPORT.match(r) for r in reports):
            raise _bad(path, number, "reports should be 'owner/repo#N' strings")
        if len(set(reports)) != len(reports):
            raise _bad(path, number, "a report is listed twice")
        if table["status"] not in STATUSES:
            raise _bad(path, number, f"status {table['status']!r} is not one of {', '.join(STATUSES)}")
        if table["area"] not in AREAS:
            raise _bad(path, number, f"area {table['area']!r} is not one of {', '.join(AREAS)}")
        if not _RELEASES.match(table["releases"]):
            raise _bad(path, number, f"releases {table['releases']!r} is not 'first – last[, ...]'")
        if table["status"] in COVERED and not table.get("entry"):
            raise _bad(path, number, f"status {table['status']!r} needs an entry")
        if table["status"] not in COVERED and table.get("entry"):
            raise _bad(path, number, f"status {table['status']!r} names an entry")
        if table["status"] in ("out", "folded") and not table.get("why", "").strip():
            raise _bad(path, number, f"status {table['status']!r} needs a why")
        messages.append(Message(**{**table, "reports": tuple(reports)}))
    return messages


@dataclass(frozen=True)
class Coverage:
    total: int
    in_scope: int
    covered: int
    reports_in_scope: int
    reports_covered: int
    missing: tuple[Message, ...]  # in scope, no entry: most reported first

    @property
    def percent(self) -> float:
        return 100 * self.covered / self.in_scope if self.in_scope else 100.0

    @property
    def percent_reports(self) -> float:
        return 100 * self.reports_covered / self.reports_in_scope if self.reports_in_scope else 100.0


def coverage(messages: Iterable[Message]) -> Coverage:
    """The figures: messages in all, in scope, covered; the same weighted by reports."""
    messages = list(messages)
    scope = [m for m in messages if m.in_scope]
    covered = [m for m in scope if m.covered]
    missing = sorted((m for m in scope if not m.covered), key=lambda m: (-len(m.reports), m.area, m.text))
    return Coverage(
        total=len(messages),
        in_scope=len(scope),
        covered=len(covered),
        reports_in_scope=sum(len(m.reports) for m in scope),
        reports_covered=sum(len(m.reports) for m in covered),
        missing=tuple(missing),
    )


def report(figures: Coverage, top: int | None = None) -> str:
    lines = [
        f"messages in all       {figures.total}",
        f"in scope              {figures.in_scope}",
        f"covered / in scope    {figures.covered} / {figures.in_scope} ({figures.percent:.1f}%)",
        f"weighted by reports   {figures.reports_covered} / {figures.reports_in_scope} "
        f"({figures.percent_reports:.1f}%)",
        f"missing (in scope, no entry), most reported first: {len(figures.missing)}",
    ]
    for m in figures.missing[:top]:
        text = m.text if len(m.text) <= 110 else m.text[:107] + "..."
        lines.append(f"  {len(m.reports):3d}  [{m.area}] {m.category}: {text}")
    return "\n".join(lines)


# ---- the scan: the inventory against the installed releases


def longest_fragment(text: str) -> str:
    """The message's longest literal part (between placeholders), as the scan looks for it."""
    parts = [p.strip() for p in _PLACEHOLDER.split(text)]
    return max(parts, key=len)[:45] if parts else ""


def _placeholder(node: ast.expr) -> str:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len":
        return "<n>"
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else "value"
    return f"<{name}>"


def _render(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            elif isinstance(value, ast.FormattedValue):
                parts.append(_placeholder(value.value))
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _render(node.left), _render(node.right)
        if left is None and right is None:
            return None
        return (left if left is not None else _placeholder(node.left)) + (
            right if right is not None else _placeholder(node.right))
    return None


def python_messages(path: Path) -> Iterator[tuple[str, int]]:
    """(text, line) of each raise X("...") and warnings.warn("...") in one Python file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Raise, ast.Call)):
            continue
        message = None
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            message = node.exc.args[0]
        elif isinstance(node, ast.Call) and node.args and ast.unparse(node.func) in ("warnings.warn", "warn"):
            message = node.args[0]
        elif isinstance(node, ast.Call) and len(node.args) >= 2 and ast.unparse(node.func).endswith("_log_and_throw"):
            message = node.args[1]
        text = _render(message) if message is not None else None
        if text and len(text.strip()) >= 4:
            yield " ".join(text.split()), node.lineno


def scope_files(torch_dir: Path) -> Iterator[tuple[str, Path]]:
    for area, patterns in SCOPE_FILES.items():
        for pattern in patterns:
            for path in sorted(torch_dir.glob(pattern)):
                yield area, path


def installed_releases(root: Path) -> list[tuple[str, Path]]:
    """(minor release, torch package folder) of the version matrix's environments and .venv's."""
    from fieldguide import matrix  # the environments' folder; imported here, the tests need none of it

    found = {}
    for version, folder in matrix.environments():
        for package in folder.glob("lib/python3*/site-packages/torch"):
            found[version] = package
    for package in (root / ".venv").glob("lib/python3*/site-packages/torch"):
        version = (package / "version.py").read_text(encoding="utf-8").split("__version__ = '")[1].split("'")[0]
        found[version.split("+")[0]] = package
    ordered = sorted(found, key=lambda v: tuple(int(x) for x in v.split(".")[:3]))
    return [(".".join(v.split(".")[:2]), found[v]) for v in ordered]


def _grep(fragments: list[str], paths: list[Path], recursive: bool = False) -> set[str]:
    listing = "\n".join(fragments) + "\n"
    command = ["grep", "-a", "-F", "-o", "-h", "-f", "-"]
    if recursive:
        command[1:1] = ["-r", "--include=*.py"]
    result = subprocess.run([*command, *map(str, paths)], input=listing, capture_output=True, text=True)
    return set(result.stdout.splitlines())


def _ranges(minors: list[str], present: set[str]) -> str:
    runs: list[list[str]] = []
    for i, minor in enumerate(minors):
        if minor in present:
            if runs and runs[-1][-1] == minors[i - 1] and minors[i - 1] in present:
                runs[-1].append(minor)
            else:
                runs.append([minor])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]} – {run[-1]}" for run in runs)


def _recorded(releases: str, minors: list[str]) -> set[str]:
    """The recorded minors a `releases` string names (older ones it names are ignored)."""
    key = {m: i for i, m in enumerate(minors)}

    def order(minor: str) -> tuple[int, ...]:
        return tuple(int(x) for x in minor.split("."))

    named: set[str] = set()
    for part in filter(None, releases.split(", ")):
        first, _, last = part.partition(" – ")
        last = last or first
        named |= {m for m in key if order(first) <= order(m) <= order(last)}
    return named


def scan(root: Path, messages: list[Message], out=sys.stdout) -> int:
    """Print the messages whose releases disagree with the installed releases, and the scope's
    Python raise/warn messages the inventory lacks; return how many findings."""
    releases = installed_releases(root)
    minors = [minor for minor, _ in releases]
    def same(text: str) -> str:
        return _PLACEHOLDER.sub("<>", " ".join(text.split()))

    # a fragment two templates share (older and newer wordings) says nothing about either one
    counts: dict[str, int] = {}
    for m in messages:
        counts[longest_fragment(m.text)] = counts.get(longest_fragment(m.text), 0) + 1
    checked = [m for m in messages if "INTERNAL ASSERT" not in m.text and len(longest_fragment(m.text)) >= 12
               and counts[longest_fragment(m.text)] == 1
               and not any(longest_fragment(m.text) in o.text for o in messages if o is not m)]
    fragments = sorted({longest_fragment(m.text) for m in checked})
    seen: dict[str, set[str]] = {}
    known = {same(m.text) for m in messages}
    lacking: dict[str, tuple[str, str]] = {}
    for minor, package in releases:
        libraries = [package / "lib" / name for name in LIBRARIES if (package / "lib" / name).exists()]
        hits = _grep(fragments, libraries) | _grep(fragments, [package], recursive=True)
        for fragment in hits:
            seen.setdefault(fragment, set()).add(minor)
        for area, path in scope_files(package):
            hooks_only = path.name == "module.py"
            for text, line in python_messages(path):
                if hooks_only and not HOOK_WORDS.search(text):
                    continue
                if same(text) not in known:
                    lacking.setdefault(text, (minor, f"torch/{path.relative_to(package)}:{line} [{area}]"))
    findings = 0
    print(f"releases scanned: {', '.join(minors)}", file=out)
    for m in checked:
        present = seen.get(longest_fragment(m.text), set())
        if present and present != _recorded(m.releases, minors):
            findings += 1
            print(f"releases: {m.releases or '(none)'} -> {_ranges(minors, present)}: {m.text[:100]}", file=out)
    for text, (minor, where) in sorted(lacking.items(), key=lambda item: item[1][1]):
        findings += 1
        print(f"not in the inventory ({minor}, {where}): {text[:100]}", file=out)
    print(f"{findings} finding(s)", file=out)
    return findings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fieldguide.inventory", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", choices=("coverage", "scan"), default="coverage")
    parser.add_argument("--top", type=int, default=None, help="list only the first N missing messages")
    parser.add_argument("--folder", type=Path, default=INVENTORY_DIR)
    args = parser.parse_args(argv)
    messages = load(args.folder)
    if args.command == "scan":
        scan(Path.cwd(), messages)
        return 0
    print(report(coverage(messages), args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
