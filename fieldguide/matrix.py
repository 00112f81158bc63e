"""The PyTorch version matrix: one cached environment per release, snippets run on each.

    python -m fieldguide.matrix run [--update-outputs] [--versions 2.0.1,2.5.1 | --others] [--jobs 3] [--no-cache]
    python -m fieldguide.matrix install [--versions ...]  install missing environments only
    python -m fieldguide.matrix envs                  list environments and their disk use
    python -m fieldguide.matrix versions              the listed releases, as JSON
    python -m fieldguide.matrix clean                 remove every environment and the cache
    python -m fieldguide.matrix bisect KEY OLD NEW    first release where KEY's output changed

The releases are listed once, in pyproject.toml under [tool.fieldguide]. The reference
release runs in the project's own .venv; every other one is installed on demand with uv
into `$FIELDGUIDE_MATRIX_DIR`, else `~/.cache/autograd-field-guide/matrix/`, shared by all
checkouts: `torch-<version>/` per release, beside uv's cache. Files are hard-linked from
that cache, so a file several releases install (an NVIDIA library, NumPy) is stored once.

`run` keeps both cores busy: the next releases install and start (pytest, the fork
server's torch import) while the current one runs; their output is held back and printed
in release order, so the log reads as if they ran one after another.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import TextIO

from filelock import FileLock

from fieldguide import tally
from fieldguide.releases import ROOT, Matrix, load, version_key

ENVS = Path(
    os.environ.get("FIELDGUIDE_MATRIX_DIR")
    or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "autograd-field-guide" / "matrix"
)
UV_CACHE = ENVS / "uv-cache"  # beside the environments: hard links need one file system
READY = "ready"  # written last, so a half-installed environment is never used
DISK_USAGE = "disk-usage.json"  # in ENVS: the last walk's total, and the environments it walked
PARALLEL_INSTALLS = 2  # downloads and unpacking overlap; more gains nothing on 2 cores


def env_dir(version: str) -> Path:
    return ENVS / f"torch-{version}"


def disk_usage(*paths: Path) -> int:
    """Bytes on disk under `paths`, each hard-linked file counted once."""
    seen, total = set(), 0
    for path in paths:
        for folder, _, names in os.walk(path):
            for name in names:
                stat = os.lstat(os.path.join(folder, name))
                if stat.st_ino not in seen:
                    seen.add(stat.st_ino)
                    total += stat.st_blocks * 512
    return total


def environments() -> list[tuple[str, Path]]:
    """(version, folder) of every ready environment, oldest release first."""
    found = [(p.name.removeprefix("torch-"), p) for p in ENVS.glob("torch-*") if (p / READY).exists()]
    return sorted(found, key=lambda entry: version_key(entry[0]))


def install_request(version: str, matrix: Matrix) -> tuple[list[str], dict[str, str]]:
    """What `uv pip install` gets for `version`: the requirements, and uv's settings."""
    requirements = [f"torch=={version}", f"numpy=={matrix.numpy_for(version)}", *matrix.packages]
    env = {"UV_LINK_MODE": "hardlink", "UV_CACHE_DIR": str(UV_CACHE)}
    if version not in matrix.versions:
        env["UV_NO_CACHE"] = "1"
    return requirements, env


def first_change(candidates: list[str], same_as_old: Callable[[str], bool]) -> str | None:
    """The first of `candidates` (oldest first) whose output is no longer OLD's, by binary
    search, so only about log2(len) of them are tried; None when none changed it. Assumes
    one change: every candidate before it prints OLD's output."""
    lo, hi = -1, len(candidates)  # candidates[lo] prints OLD's output, candidates[hi] does not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if same_as_old(candidates[mid]) else (lo, mid)
    return candidates[hi] if hi < len(candidates) else None


def index_versions(listing: str) -> list[str]:
    """The releases in `pip index versions` output, oldest first, local builds left out."""
    line = next(row for row in listing.splitlines() if row.startswith("Available versions:"))
    found = {version_key(v.strip()) for v in line.split(":", 1)[1].split(",")}
    return [str(v) for v in sorted(found) if v.local is None]


# What follows installs and runs processes: the fast tests (and so `make mutation`) leave it
# to `make matrix`.  # pragma: no mutate block


def python_for(version: str, matrix: Matrix | None = None, log: TextIO | None = None) -> str:
    """Interpreter of the environment for `version`, installing it first when missing."""
    matrix = matrix or load()
    if version == matrix.reference:
        return sys.executable
    folder = env_dir(version)
    if not _ready(folder, version, matrix):
        ENVS.mkdir(parents=True, exist_ok=True)
        # Another process (a second checkout, a direct pytest --torch-version) may be
        # installing the same release: wait for it, then use what it installed.
        with FileLock(ENVS / f"torch-{version}.lock"):
            if not _ready(folder, version, matrix):
                install(version, matrix, log)
    return str(folder / "bin" / "python")


def _ready(folder: Path, version: str, matrix: Matrix) -> bool:
    """Installed with the requirements asked for now (READY lists them): an environment made
    before they changed gets what it lacks (install keeps what it has)."""
    ready = folder / READY
    return ready.exists() and ready.read_text().splitlines()[1:] == install_request(version, matrix)[0]


def install(version: str, matrix: Matrix, log: TextIO | None = None) -> None:
    """Install torch `version` with its NumPy, the shared NVIDIA libraries, and nothing that
    no snippet needs; messages go to `log` (default: stdout).

    A release that is not listed (one `bisect` tries) gets no share of the cache: its files
    would outlive the environment, which bisect removes after use."""
    folder = env_dir(version)
    topping_up = (folder / READY).exists()  # made before the requirements changed: kept, added to
    if not topping_up:
        shutil.rmtree(folder, ignore_errors=True)  # a previous install that did not finish
    print(f"installing torch {version} into {folder} ...", file=log or sys.stdout, flush=True)
    start = time.monotonic()
    requirements, uv_env = install_request(version, matrix)
    env = {**os.environ, **uv_env}
    uv = [sys.executable, "-m", "uv"]
    with tempfile.TemporaryDirectory() as scratch:
        overrides, excludes = Path(scratch, "overrides.txt"), Path(scratch, "excludes.txt")
        overrides.write_text("\n".join(matrix.nvidia) + "\n")
        excludes.write_text("\n".join(matrix.left_out) + "\n")
        stderr = subprocess.STDOUT if log else None
        if not topping_up:
            subprocess.run([*uv, "venv", "--quiet", "--python", sys.executable, str(folder)],
                           check=True, env=env, stdout=log, stderr=stderr)
        subprocess.run(
            [*uv, "pip", "install", "--quiet", "--python", str(folder / "bin" / "python"),
             "--overrides", str(overrides), "--excludes", str(excludes), *requirements],
            check=True, env=env, stdout=log, stderr=stderr,
        )
    (folder / READY).write_text("\n".join([version, *requirements]) + "\n")
    print(f"installed torch {version} in {time.monotonic() - start:.0f} s", file=log or sys.stdout, flush=True)


def total_disk_usage() -> int:
    """disk_usage(ENVS), walked again only when an environment was made, remade or removed
    since the last walk (the walk takes seconds of CPU time, a one-snippet run's tenth)."""
    state = json.dumps(sorted((p.name, (p / READY).stat().st_mtime_ns if (p / READY).exists() else None)
                              for p in ENVS.iterdir() if p.is_dir()))
    cached = ENVS / DISK_USAGE
    if cached.exists():
        known = json.loads(cached.read_text(encoding="utf-8"))
        if known["environments"] == state:
            return known["bytes"]
    total = disk_usage(ENVS)
    cached.write_text(json.dumps({"environments": state, "bytes": total}), encoding="utf-8")
    return total


def report_disk(matrix: Matrix, each: bool = True, out: TextIO | None = None) -> None:
    out = out or sys.stdout
    if each:
        for version, folder in environments():
            print(f"  torch {version:8} {disk_usage(folder) / 2**30:6.2f} GiB  {folder}", file=out)
    total = disk_usage(ENVS) if each else total_disk_usage()
    print(f"  all together   {total / 2**30:6.2f} GiB  (shared files counted once, uv's cache "
          f"included; limit {matrix.disk_limit_bytes / 2**30:.0f} GiB)", file=out)
    if total > matrix.disk_limit_bytes:
        print("  over the limit: raise matrix-disk-limit-gb or leave out more (pyproject.toml)", file=out)


class ReleaseRun:
    """One release's install and pytest session; its output goes to a file until printed."""

    def __init__(self, version: str, update: bool, select: str | None = None, no_cache: bool = False):
        self.version = version
        self.update = update
        self.select = select
        self.no_cache = no_cache
        # Appended to by the install's messages, uv and pytest alike, then read by offset.
        fd, path = tempfile.mkstemp(prefix=f"fieldguide-torch-{version}-", suffix=".log")
        os.close(fd)
        self.log = io.TextIOWrapper(open(path, "a+b", buffering=0), write_through=True)
        os.unlink(path)
        self.done = threading.Event()
        self.code: int | None = None
        self.seconds = 0.0

    def __call__(self, installed: Future) -> None:
        start = time.monotonic()
        try:
            installed.result()
            self.code = subprocess.run(self.command(), cwd=ROOT, stdout=self.log,
                                       stderr=subprocess.STDOUT).returncode
        except Exception as error:  # noqa: BLE001  (reported with this release, then the next one runs)
            print(f"torch {self.version}: {error}", file=self.log)
            tally.add(f"matrix torch {self.version}", 0, 1)  # its tests never ran
            self.code = 1
        finally:
            self.seconds = time.monotonic() - start
            self.done.set()

    def command(self) -> list[str]:
        """The release's pytest session, with the options `run` was given."""
        # -q: a line of dots per release, and every failure's diff in full.
        command = [sys.executable, "-m", "pytest", "tests/test_snippets.py", "-q",
                   "-p", "no:cacheprovider", "--torch-version", self.version]
        if self.update:
            command.append("--update-outputs")
        else:  # the terminal tool's closed loop (explain/) on this release too
            command.insert(3, "tests/test_explain_loop.py")
        if self.select:
            command += ["-k", self.select]
        if self.no_cache:
            command.append("--no-cache")
        return command

    def stream(self) -> None:
        """Copy the output to stdout as it grows, until the session has ended."""
        offset = 0
        while True:
            finished = self.done.is_set()
            chunk = os.pread(self.log.fileno(), 1 << 16, offset)
            if chunk:
                offset += len(chunk)
                sys.stdout.buffer.write(chunk)
                sys.stdout.flush()
            elif finished:
                self.log.close()
                return
            else:
                time.sleep(0.05)


def run(versions: list[str], update: bool, jobs: int, select: str | None = None, no_cache: bool = False) -> int:
    matrix = load()
    start = time.monotonic()
    runs = [ReleaseRun(version, update, select, no_cache) for version in versions]
    disk = io.StringIO()
    with ThreadPoolExecutor(PARALLEL_INSTALLS) as installer, ThreadPoolExecutor(jobs) as runner:
        installs = []
        for release in runs:
            # The install's messages belong to its release's output.
            installed = installer.submit(python_for, release.version, matrix, release.log)
            installs.append(installed)
            runner.submit(release, installed)
        # Walking every environment's files takes seconds of waiting on the disk: done once the
        # installs are, while the releases run. `envs` lists them one by one.
        def measure() -> None:
            wait(installs)
            report_disk(matrix, each=False, out=disk)

        measured = threading.Thread(target=measure)
        measured.start()
        for release in runs:
            print(f"\n=== torch {release.version} ===", flush=True)
            release.stream()
    measured.join()
    print("\n=== matrix ===")
    for release in runs:
        print(f"  torch {release.version:8} {'passed' if release.code == 0 else 'FAILED':6} {release.seconds:6.1f} s")
    print(f"  {len(runs)} releases in {time.monotonic() - start:.1f} s")
    print(f"environments in {ENVS}:")
    print(disk.getvalue(), end="")
    failed = [release.version for release in runs if release.code != 0]
    if failed:
        print(f"failed on: {', '.join(failed)}")
    return 1 if failed else 0


def bisect(key: str, old: str, new: str) -> int:
    """Install the releases between OLD and NEW to find the first whose output differs from OLD's."""
    from fieldguide.engine import Engine
    from fieldguide.snippet import Snippet
    from fieldguide.store import OutputStore

    store = OutputStore(ROOT)
    before, after = store.recorded(key, old), store.recorded(key, new)
    if before is None or after is None:
        print(f"{key}: record both {old} and {new} first (make matrix-record)")
        return 2
    if before[1] == after[1]:
        print(f"{key}: the outputs recorded on {old} and {new} are the same; nothing to bisect")
        return 2
    matrix = load()
    candidates = [v for v in released_versions() if version_key(old) < version_key(v) < version_key(new)]
    snippet = Snippet.load(ROOT, *key.split("/"))

    def same_as_old(version: str) -> bool:
        try:
            with Engine(python_for(version, matrix), ROOT) as engine:
                output = engine.result(snippet).output
        finally:
            if version not in matrix.versions:
                shutil.rmtree(env_dir(version))  # outside the disk budget: not kept
        same = output == before[1]
        print(f"torch {version}: {'same as' if same else 'differs from'} {old}", flush=True)
        return same

    first = first_change(candidates, same_as_old) or new
    print(f"{key}: the output first changed in torch {first}")
    return 0


def released_versions() -> list[str]:
    """Every torch release on the package index (local builds such as +cpu left out)."""
    listing = subprocess.run(
        [sys.executable, "-m", "pip", "index", "versions", "torch"],
        capture_output=True, text=True, check=True,
    ).stdout
    return index_versions(listing)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fieldguide.matrix", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run_parser = commands.add_parser("run", help="run (or record) every snippet on every release")
    run_parser.add_argument("--update-outputs", action="store_true")
    releases = run_parser.add_mutually_exclusive_group()
    releases.add_argument("--versions", help="comma-separated subset of the listed releases")
    releases.add_argument("--others", action="store_true",
                          help="every listed release but the reference, whose checks `make test` runs")
    run_parser.add_argument("-k", dest="select", metavar="EXPRESSION",
                            help="only the snippets pytest's -k selects, e.g. -k retain_grad")
    run_parser.add_argument("--jobs", type=int, default=3,
                            help="releases running at once (default 3: with one starting and one "
                            "finishing, both cores still have snippets to run)")
    run_parser.add_argument("--no-cache", action="store_true",
                            help="run every snippet, also those that passed unchanged (.fieldguide_cache/checks/)")
    install_parser = commands.add_parser("install", help="install the environments that are missing")
    install_parser.add_argument("--versions", help="comma-separated subset of the listed releases")
    commands.add_parser("envs", help="list the environments and their disk use")
    commands.add_parser("versions", help="print the listed releases as JSON (for CI job matrices)")
    commands.add_parser("clean", help="remove every environment and the download cache")
    bisect_parser = commands.add_parser("bisect", help="find the release where an output changed")
    bisect_parser.add_argument("key", help="topic/name of the snippet")
    bisect_parser.add_argument("old")
    bisect_parser.add_argument("new")
    args = parser.parse_args(argv)

    # Release environments keep the bytecode of what they import: without it every
    # torch import compiles its modules again, twice the CPU time of the import itself.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    matrix = load()
    if args.command in ("run", "install"):
        versions = args.versions.split(",") if args.versions else matrix.versions
        if args.command == "run" and args.others:
            versions = [version for version in versions if version != matrix.reference]
        unknown = set(versions) - set(matrix.versions)
        if unknown:
            parser.error(f"not in pyproject.toml's [tool.fieldguide] list: {', '.join(sorted(unknown))}")
        if args.command == "run":
            return run(versions, args.update_outputs, args.jobs, args.select, args.no_cache)
        with ThreadPoolExecutor(PARALLEL_INSTALLS) as installer:
            for _ in installer.map(lambda version: python_for(version, matrix), versions):
                pass
    elif args.command == "envs":
        report_disk(matrix)
    elif args.command == "versions":
        print(json.dumps(matrix.versions))
    elif args.command == "clean":
        shutil.rmtree(ENVS, ignore_errors=True)
        print(f"removed {ENVS}")
    elif args.command == "bisect":
        return bisect(args.key, args.old, args.new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
