"""What a snippet is: a runnable file under snippets/<topic>/<name>.py plus its directives.

Directives are ordinary comments at the top of the file, so the code a reader copies
stays plain PyTorch:

    # raises: RuntimeError     the snippet's point is this uncaught exception
    # raises: ValueError (RuntimeError before 2.2)
                               ... one that older releases raised as another type
    # timeout: 120             seconds before the run counts as a hang (default 60)
    # min-torch: 2.1           the oldest PyTorch release that has the API it shows
    # before-torch: 2.0        the first release that has what it shows missing: it runs on older ones
    # graph: loss, h           after the run, draw the autograd graph behind these tensors
    # fixed-by: topic/name     the snippet that shows the fix for the error this one raises
    # cause: <one line>        the real-world cause this snippet reproduces (error index)
    # max-output: 262144       bytes it may print before the run fails (default 65536)
    # reference: same gradients as without checkpointing
                               a fix's proof: it prints this label, then True, where it
                               compares its gradients with a reference computed another way
    # error-index: no          what it prints is another program's output (the terminal tool
                               running a script): its tracebacks are not messages of its own
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from fieldguide.releases import version_key

DEFAULT_TIMEOUT = 60.0
DEFAULT_MAX_OUTPUT = 64 * 1024
SNIPPETS_DIR = "snippets"

_KEY = re.compile(r"^[a-z0-9_]+/[a-z0-9_]+$")
_IDENTIFIER = re.compile(r"^[A-Za-z_]\w*$")
_NAME = re.compile(r"^[a-z0-9_]+$")
# `# --8<-- [start:part]`, `# --8<-- [end:part]`: a section's bounds, which pymdownx.snippets drops
SECTION_MARKER = re.compile(r"^\s*#\s*--8<--\s*\[\s*(?P<kind>start|end)\s*:\s*(?P<name>[\w-]+)\s*\]")
_RAISES = re.compile(r"^(?P<now>[A-Za-z_][\w.]*)(?:\s*\((?P<then>[A-Za-z_][\w.]*) before (?P<since>\d+\.\d+)\))?$")


class SnippetError(Exception):
    """A snippet file that cannot be used as it is; the message names the file and the fix."""


@dataclass(frozen=True)
class Snippet:
    root: Path  # repository root
    topic: str
    name: str
    raises: str | None = None
    raises_before: tuple[tuple[str, str], ...] = ()  # (type, first release that no longer raises it)
    timeout: float = DEFAULT_TIMEOUT
    min_torch: str | None = None
    before_torch: str | None = None
    graph: tuple[str, ...] = ()
    fixed_by: str | None = None
    cause: str | None = None
    max_output: int = DEFAULT_MAX_OUTPUT
    reference: str | None = None
    code_start: int = 1  # the first line after the directives: where a page starts showing it
    error_index: bool = True  # its messages are the Error index's

    @property
    def key(self) -> str:
        """`topic/name`: how pages, tests and the store refer to the snippet."""
        return f"{self.topic}/{self.name}"

    def raises_on(self, version: str | None) -> str | None:
        """The exception type the snippet raises on `version` (the newest type for None)."""
        if version is not None:
            for kind, before in self.raises_before:
                if version_key(version) < version_key(before):
                    return kind
        return self.raises

    def runs_on(self, version: str) -> bool:
        return ((self.min_torch is None or version_key(version) >= version_key(self.min_torch))
                and (self.before_torch is None or version_key(version) < version_key(self.before_torch)))

    @property
    def relpath(self) -> str:
        """Path as a reader types it from the repository root."""
        return f"{SNIPPETS_DIR}/{self.topic}/{self.name}.py"

    @property
    def path(self) -> Path:
        return self.root / self.relpath

    @classmethod
    def load(cls, root: Path, topic: str, name: str) -> Snippet:
        relpath = f"{SNIPPETS_DIR}/{topic}/{name}.py"
        for part, what in ((topic, "topic folder"), (name, "file name")):
            if not _NAME.match(part):
                raise SnippetError(
                    f"{relpath}: the {what} {part!r} must use only a-z, 0-9 and _; rename it."
                )
        try:
            text = (root / relpath).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SnippetError(f"{relpath}: no such snippet; check the name.") from None
        return cls(
            root=root, topic=topic, name=name, code_start=code_start_of(text),
            **_parse_directives(relpath, text),
        )

    def section_start(self, section: str) -> int:
        """The first line of a `# --8<-- [start:section]` section (after its marker)."""
        marker = re.compile(rf"#\s*--8<--\s*\[\s*start\s*:\s*{re.escape(section)}\s*\]")
        for number, line in enumerate(self.path.read_text(encoding="utf-8").splitlines(), 1):
            if marker.search(line):
                return number + 1
        raise SnippetError(f"{self.relpath}: no section [start:{section}]; check the name.")


def _positive_seconds(value: str) -> float | None:
    try:
        seconds = float(value)
    except ValueError:
        return None
    return seconds if seconds > 0 else None


def _raises(value: str) -> dict | None:
    """`ValueError`, or `ValueError (RuntimeError before 2.2)`: the type, and older releases' one."""
    if not (match := _RAISES.match(value)):
        return None
    older = ((match["then"], match["since"]),) if match["then"] else ()
    return {"raises": match["now"], "raises_before": older}


def _tensor_names(value: str) -> tuple[str, ...] | None:
    names = tuple(name.strip() for name in value.split(","))
    return names if all(_IDENTIFIER.match(name) for name in names) else None


# directive -> (Snippet field, the value it holds or None when it is refused, what to write instead)
_DIRECTIVES: dict[str, tuple[str, Callable[[str], object], str]] = {
    "raises": ("raises", _raises,
               "is not an exception name; write the type a reader sees, e.g. '# raises: RuntimeError', "
               "or '# raises: ValueError (RuntimeError before 2.2)' where older releases raised another type."),
    "min-torch": ("min_torch", lambda v: v if re.match(r"^\d+(\.\d+){1,2}$", v) else None,
                  "must be a release such as 2.1 or 2.1.0."),
    "before-torch": ("before_torch", lambda v: v if re.match(r"^\d+(\.\d+){1,2}$", v) else None,
                     "must be a release such as 2.0: the first one that has what the snippet shows missing."),
    "graph": ("graph", _tensor_names,
              "must list variable names of tensors, separated by commas, e.g. '# graph: loss, h'."),
    "fixed-by": ("fixed_by", lambda v: v if _KEY.match(v) else None,
                 "must name a snippet as topic/name, e.g. '# fixed-by: inplace/relu_inplace_fixed'."),
    "cause": ("cause", lambda v: v or None,
              "is empty; say in one line what real code does to get this error, "
              "e.g. '# cause: an optimizer step between forward and backward'."),
    "max-output": ("max_output", lambda v: int(v) if v.isdigit() and int(v) > 0 else None,
                   "must be a positive number of bytes."),
    "timeout": ("timeout", _positive_seconds, "must be a positive number of seconds."),
    "error-index": ("error_index", lambda v: False if v == "no" else None,
                    "can only be 'no': '# error-index: no' for a snippet whose output is another program's."),
    "reference": ("reference", lambda v: v if v and not v.endswith(":") else None,
                  "must be the label the snippet prints before its comparison, without the colon, "
                  "e.g. '# reference: same gradients as without checkpointing'."),
}
DIRECTIVE = re.compile(rf"^#\s*({'|'.join(map(re.escape, _DIRECTIVES))})\s*:\s*(.*?)\s*$")


def _parse_directives(relpath: str, text: str) -> dict:
    found: dict = {}
    top = code_start_of(text)
    for lineno, line in enumerate(text.splitlines(), 1):
        match = DIRECTIVE.match(line.strip())
        if not match:
            continue
        key, value = match.groups()
        if lineno >= top:
            raise SnippetError(
                f"{relpath}:{lineno}: '# {key}:' comes after code; directives are the first "
                "lines of the file (pages hide them), so move it up there."
            )
        field, parse, fix = _DIRECTIVES[key]
        if field in found:
            raise SnippetError(f"{relpath}:{lineno}: '# {key}:' is declared twice; keep one.")
        parsed = parse(value)
        if parsed is None:
            shown = f"# {key}: {value}".rstrip()
            raise SnippetError(f"{relpath}:{lineno}: '{shown}' {fix}")
        if isinstance(parsed, dict):  # a directive that sets more than one field
            found.update(parsed)
        else:
            found[field] = parsed
    return found


def code_start_of(text: str) -> int:
    """Line number of the first line that is not a directive: directives lead the file."""
    lines = text.splitlines()
    count = 0
    while count < len(lines) and DIRECTIVE.match(lines[count].strip()):
        count += 1
    return count + 1


def keys(root: Path) -> list[str]:
    """`topic/name` of every snippet file, sorted, without reading the files."""
    return sorted(f"{p.parent.name}/{p.stem}" for p in (root / SNIPPETS_DIR).glob("*/*.py"))


def discover(root: Path) -> list[Snippet]:
    """Every snippet in the repository, sorted by key."""
    return [Snippet.load(root, *key.split("/")) for key in keys(root)]
