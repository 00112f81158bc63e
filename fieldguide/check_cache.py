"""Checks that passed, kept by what decides them, so that an unchanged one is not run again.

A check is one snippet run on one release and compared with its recordings (or, in
tests/test_processor_independence.py, run with one CPU capability). Its key is a hash of
everything that decides its outcome:

    check        which check: the snippet check, or a CPU capability's
    release      the PyTorch release it runs on
    snippet      the snippet file's bytes
    recorded     the output and graph files versions.json and graphs.json map that release
                 to (name and text), or the fact it has none
    engine       the engine's version: the bytes of the source files that decide what a run
                 prints and how it is compared (ENGINE_FILES), and of the test module
    environment  what the release's environment is installed from, the Python that made it,
                 and the variables torch and its libraries read

When a check passes, its key is written to the cache folder (`.fieldguide_cache/checks/`, one small file
per key, naming the check); a later run that computes the same key skips the check. A check that fails is
never written, so it runs every time until it passes.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

from fieldguide import CACHE
from fieldguide.matrix import install_request
from fieldguide.releases import Matrix

PACKAGE = Path(__file__).resolve().parent
# The engine's files: what runs a snippet, what it prints, how it is compared, the release
# it runs on and the key itself. fieldguide/tally.py, which the plugin imports too, only
# counts outcomes. tests/test_check_cache.py keeps this list closed under their imports.
ENGINE_FILES = tuple(
    PACKAGE / name
    for name in (
        "forkserver.py",  # runs the snippet in a child of a warm torch process
        "autograd_graph.py",  # draws its graph, in that child
        "engine.py",  # the server's environment, how a run is judged (Result.problem)
        "normalize.py",  # what the output becomes before it is compared
        "snippet.py",  # its directives: raises, timeout, max-output, graph, min-torch, before-torch
        "releases.py",  # which releases it runs on, the torch version the engine reports
        "store.py",  # which recorded file is a release's
        "matrix.py",  # which interpreter runs a release
        "pytest_plugin.py",  # which snippets run and when a cached check is skipped
        "check_cache.py",  # this key
        "__init__.py",  # where the cache is (CACHE)
    )
)
CACHE_DIR = CACHE / "checks"
SKIP_REASON = "unchanged since it passed (cache); --no-cache runs it"
# Environment variables read by torch, its OpenMP and BLAS libraries and CUDA: the engine
# passes them to every snippet, and they can change what it prints.
ENVIRONMENT_PREFIXES = ("ATEN_", "TORCH", "PYTORCH", "OMP_", "MKL", "KMP_", "CUDA", "NUMPY")


def _hash(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode("utf-8")).hexdigest()


def engine_version(files: Iterable[Path]) -> str:
    """A hash of the files' names and bytes: ENGINE_FILES and the check's test module."""
    return _hash([[path.name, hashlib.sha256(path.read_bytes()).hexdigest()] for path in files])


def environment(
    release: str, matrix: Matrix, constraints: str, environ: Mapping[str, str], python: str = sys.version
) -> str:
    """What the release's environment holds: the reference's .venv is installed from
    constraints.txt, every other release from fieldguide/matrix.py's request; both made
    with `python`. With the variables that torch reads (ENVIRONMENT_PREFIXES)."""
    if release == matrix.reference:
        installed = [constraints]
    else:
        installed = [*install_request(release, matrix)[0], *matrix.nvidia, *matrix.left_out]
    variables = {name: value for name, value in environ.items() if name.startswith(ENVIRONMENT_PREFIXES)}
    return _hash({"installed": installed, "python": python, "variables": variables})


def check_key(
    *,
    check: str,
    release: str,
    snippet: bytes,
    recorded: Mapping[str, tuple[str, str] | None],
    engine: str,
    environment: str,
) -> str:
    """The key of one check: `recorded` maps "output" and "graph" to the (file name, text)
    recorded for `release`, or to None when there is none."""
    return _hash({
        "check": check,
        "release": release,
        "snippet": hashlib.sha256(snippet).hexdigest(),
        "recorded": {what: None if found is None else [found[0], found[1]] for what, found in recorded.items()},
        "engine": engine,
        "environment": environment,
    })


class CheckCache:
    """The keys of the checks that passed: one file per key, holding what the check was."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)

    def path(self, key: str) -> Path:
        return self.folder / key[:2] / key  # a folder per first byte: no directory of thousands

    def __contains__(self, key: str) -> bool:
        return self.path(key).exists()

    def add(self, key: str, label: str) -> None:
        path = self.path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(label + "\n", encoding="utf-8")
