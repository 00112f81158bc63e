"""The PyTorch version matrix: one cached environment per release, snippets run on each.

    python -m fieldguide.matrix run [--update-outputs] [--versions 2.0.1,2.5.1]
    python -m fieldguide.matrix envs                  list environments and their disk use
    python -m fieldguide.matrix versions              the listed releases, as JSON
    python -m fieldguide.matrix clean                 remove every environment
    python -m fieldguide.matrix bisect KEY OLD NEW    first release where KEY's output changed

The releases are listed once, in pyproject.toml under [tool.fieldguide]. The reference
release runs in the project's own .venv; every other one is installed on demand with uv
into a cache shared by all checkouts, `$FIELDGUIDE_MATRIX_DIR` or else
`~/.cache/autograd-field-guide/matrix/torch-<version>/`. Environments are evicted
least-recently-used first so that together they stay under `matrix-disk-limit-gb`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

from fieldguide.store import version_key

ROOT = Path(__file__).resolve().parents[1]
ENVS = Path(
    os.environ.get("FIELDGUIDE_MATRIX_DIR")
    or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "autograd-field-guide" / "matrix"
)
READY = "ready"  # written last, so a half-installed environment is never used
ENV_ESTIMATE_BYTES = 6 * 2**30  # room kept free for the next install (largest builds ~5 GB)


@dataclass(frozen=True)
class Release:
    version: str
    numpy: str


@dataclass(frozen=True)
class Matrix:
    reference: str
    releases: tuple[Release, ...]
    disk_limit_bytes: int

    @property
    def versions(self) -> list[str]:
        return [r.version for r in self.releases]

    def numpy_for(self, version: str) -> str:
        """The NumPy of the newest listed release not newer than `version`."""
        older = [r for r in self.releases if version_key(r.version) <= version_key(version)]
        return (older or list(self.releases))[-1].numpy


def load(root: Path = ROOT) -> Matrix:
    config = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["fieldguide"]
    releases = tuple(
        sorted((Release(**entry) for entry in config["torch"]), key=lambda r: version_key(r.version))
    )
    return Matrix(config["reference"], releases, int(config["matrix-disk-limit-gb"] * 2**30))


def env_dir(version: str) -> Path:
    return ENVS / f"torch-{version}"


def disk_usage(path: Path) -> int:
    seen, total = set(), 0
    for folder, _, names in os.walk(path):
        for name in names:
            stat = os.lstat(os.path.join(folder, name))
            if stat.st_ino not in seen:
                seen.add(stat.st_ino)
                total += stat.st_blocks * 512
    return total


def environments() -> list[tuple[str, Path, int]]:
    """(version, folder, bytes) of every ready environment, least recently used first."""
    found = [p for p in ENVS.glob("torch-*") if (p / READY).exists()]
    found.sort(key=lambda p: (p / READY).stat().st_mtime)
    return [(p.name.removeprefix("torch-"), p, disk_usage(p)) for p in found]


def python_for(version: str, matrix: Matrix | None = None) -> str:
    """Interpreter of the environment for `version`, installing it first when missing."""
    matrix = matrix or load()
    if version == matrix.reference:
        return sys.executable
    folder = env_dir(version)
    python = folder / "bin" / "python"
    if (folder / READY).exists():
        (folder / READY).touch()  # most recently used: evicted last
        return str(python)
    _make_room(matrix, keep=version)
    shutil.rmtree(folder, ignore_errors=True)  # a previous install that did not finish
    print(f"installing torch {version} into {folder} ...", flush=True)
    start = time.monotonic()
    uv = [sys.executable, "-m", "uv"]
    env = {**os.environ, "UV_NO_CACHE": "1"}  # the environment is the only copy on disk
    subprocess.run([*uv, "venv", "--quiet", "--python", sys.executable, str(folder)], check=True, env=env)
    subprocess.run(
        [*uv, "pip", "install", "--quiet", "--python", str(python),
         f"torch=={version}", f"numpy=={matrix.numpy_for(version)}"],
        check=True,
        env=env,
    )
    (folder / READY).write_text(version + "\n")
    size = disk_usage(folder)
    print(f"installed torch {version} in {time.monotonic() - start:.0f} s, {size / 2**30:.1f} GiB", flush=True)
    return str(python)


def _make_room(matrix: Matrix, keep: str) -> None:
    envs = environments()
    total = sum(size for *_, size in envs)
    for version, folder, size in envs:
        if total + ENV_ESTIMATE_BYTES <= matrix.disk_limit_bytes:
            break
        if version != keep:
            print(f"evicting torch {version} ({size / 2**30:.1f} GiB) to stay under the disk limit")
            shutil.rmtree(folder)
            total -= size


def report_disk() -> None:
    envs = environments()
    for version, folder, size in sorted(envs, key=lambda e: version_key(e[0])):
        print(f"  torch {version:8} {size / 2**30:6.2f} GiB  {folder}")
    total = sum(size for *_, size in envs)
    print(f"  total          {total / 2**30:6.2f} GiB  (limit {load().disk_limit_bytes / 2**30:.0f} GiB)")


def run(versions: list[str], update: bool) -> int:
    failed = []
    timings = []
    for version in versions:
        print(f"\n=== torch {version} ===", flush=True)
        start = time.monotonic()
        python_for(version)  # install before pytest starts, so its progress shows here
        command = [sys.executable, "-m", "pytest", "tests/test_snippets.py", "-v",
                   "-p", "no:cacheprovider", "--torch-version", version]
        if update:
            command.append("--update-outputs")
        code = subprocess.run(command, cwd=ROOT).returncode
        timings.append((version, time.monotonic() - start, code))
        if code != 0:
            failed.append(version)
    print("\n=== matrix ===")
    for version, seconds, code in timings:
        print(f"  torch {version:8} {'passed' if code == 0 else 'FAILED':6} {seconds:6.1f} s")
    print("environments:")
    report_disk()
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
        print(f"{key}: record both {old} and {new} first (make matrix ARGS=--update-outputs)")
        return 2
    if before[1] == after[1]:
        print(f"{key}: the outputs recorded on {old} and {new} are the same; nothing to bisect")
        return 2
    candidates = [v for v in released_versions() if version_key(old) < version_key(v) < version_key(new)]
    snippet = Snippet.load(ROOT, *key.split("/"))
    lo, hi = -1, len(candidates)  # candidates[lo] prints OLD's output, candidates[hi] does not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        version = candidates[mid]
        with Engine(python_for(version), ROOT) as engine:
            output = engine.result(snippet).output
        same = output == before[1]
        print(f"torch {version}: {'same as' if same else 'differs from'} {old}", flush=True)
        lo, hi = (mid, hi) if same else (lo, mid)
    first = candidates[hi] if hi < len(candidates) else new
    print(f"{key}: the output first changed in torch {first}")
    return 0


def released_versions() -> list[str]:
    """Every torch release on the package index (local builds such as +cpu left out)."""
    listing = subprocess.run(
        [sys.executable, "-m", "pip", "index", "versions", "torch"],
        capture_output=True, text=True, check=True,
    ).stdout
    line = next(l for l in listing.splitlines() if l.startswith("Available versions:"))
    found = {v.strip() for v in line.split(":", 1)[1].split(",") if "+" not in v}
    return sorted(found, key=version_key)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fieldguide.matrix", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run_parser = commands.add_parser("run", help="run (or record) every snippet on every release")
    run_parser.add_argument("--update-outputs", action="store_true")
    run_parser.add_argument("--versions", help="comma-separated subset of the listed releases")
    commands.add_parser("envs", help="list the environments and their disk use")
    commands.add_parser("versions", help="print the listed releases as JSON (for CI job matrices)")
    commands.add_parser("clean", help="remove every environment")
    bisect_parser = commands.add_parser("bisect", help="find the release where an output changed")
    bisect_parser.add_argument("key", help="topic/name of the snippet")
    bisect_parser.add_argument("old")
    bisect_parser.add_argument("new")
    args = parser.parse_args(argv)

    matrix = load()
    if args.command == "run":
        versions = args.versions.split(",") if args.versions else matrix.versions
        unknown = set(versions) - set(matrix.versions)
        if unknown:
            parser.error(f"not in pyproject.toml's [tool.fieldguide] list: {', '.join(sorted(unknown))}")
        return run(versions, args.update_outputs)
    if args.command == "envs":
        report_disk()
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
