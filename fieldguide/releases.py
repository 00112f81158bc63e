"""The PyTorch releases the guide records, as pyproject.toml's [tool.fieldguide] lists them,
and the order of release numbers. Every part that needs the list (the site build, the live
re-runs, the tests, the matrix runner in fieldguide/matrix.py) reads it from here.

    [tool.fieldguide]
    reference = "2.13.0"                 # runs in .venv; recorded by `make record`
    torch = [{version = "2.0.1", numpy = "1.26.4"}, ...]
    matrix-disk-limit-gb = 45            # every release's environment together
    matrix-packages = ["packaging==..."] # installed with every release
    matrix-nvidia = ["nvidia-...==..."]  # one version of each NVIDIA library for all
    matrix-left-out = ["triton"]         # dependencies no snippet needs
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path

from packaging.version import InvalidVersion, Version

ROOT = Path(__file__).resolve().parents[1]


@functools.cache  # sorting releases asks for the same few keys thousands of times a build
def version_key(version: str) -> Version:
    """The release as PEP 440 orders it: 2.9.1 < 2.10.0, and 2.13.0 < 2.13.0+cpu."""
    return Version(version)


class ConfigError(ValueError):
    """[tool.fieldguide] cannot be read; the message names the key and says what to fix."""


@dataclass(frozen=True)
class Release:
    version: str
    numpy: str


@dataclass(frozen=True)
class Matrix:
    reference: str
    releases: tuple[Release, ...]
    disk_limit_bytes: int
    packages: tuple[str, ...]  # installed with every release
    nvidia: tuple[str, ...]  # one version of each NVIDIA library for every release that uses it
    left_out: tuple[str, ...]  # dependencies no snippet needs

    @property
    def versions(self) -> list[str]:
        return [r.version for r in self.releases]

    def numpy_for(self, version: str) -> str:
        """The NumPy of the newest listed release not newer than `version` (of the oldest
        listed one for a release older than all of them)."""
        older = [r for r in self.releases if version_key(r.version) <= version_key(version)]
        return (older or [self.releases[0]])[-1].numpy


# key -> (what it holds, its Python types, its default: None when the key is required)
_KEYS: dict[str, tuple[str, tuple[type, ...], object]] = {
    "reference": ("release number", (str,), None),
    "torch": ("list of tables", (list,), None),
    "matrix-disk-limit-gb": ("number", (int, float), 45),
    "matrix-packages": ("list of requirements", (list,), []),
    "matrix-nvidia": ("list of requirements", (list,), []),
    "matrix-left-out": ("list of names", (list,), []),
}


def load(root: Path = ROOT) -> Matrix:
    where = Path(root) / "pyproject.toml"
    config = tomllib.loads(where.read_text(encoding="utf-8")).get("tool", {}).get("fieldguide")
    if not isinstance(config, dict):
        raise ConfigError(f"{where}: no [tool.fieldguide] table; it lists the releases (see fieldguide/releases.py)")
    unknown = sorted(set(config) - set(_KEYS))
    if unknown:
        raise ConfigError(f"{where}: [tool.fieldguide] has unknown keys {unknown}; known: {sorted(_KEYS)}")
    values = {}
    for key, (what, types, default) in _KEYS.items():
        if key not in config and default is None:
            raise ConfigError(f"{where}: [tool.fieldguide] needs `{key}` (see fieldguide/releases.py)")
        values[key] = config.get(key, default)
        if not isinstance(values[key], types):
            raise ConfigError(f"{where}: [tool.fieldguide] `{key}` must be a {what}, not {values[key]!r}")
    try:
        releases = tuple(sorted((Release(**entry) for entry in values["torch"]), key=lambda r: version_key(r.version)))
    except (TypeError, InvalidVersion) as error:
        raise ConfigError(f"{where}: [tool.fieldguide] `torch` holds {{version = \"X.Y.Z\", numpy = \"A.B.C\"}} "
                          f"tables ({error})") from None
    if values["reference"] not in [r.version for r in releases]:
        raise ConfigError(f"{where}: [tool.fieldguide] `reference` {values['reference']!r} is not one of the "
                          "`torch` releases")
    return Matrix(
        reference=values["reference"],
        releases=releases,
        disk_limit_bytes=int(values["matrix-disk-limit-gb"] * 2**30),
        packages=tuple(values["matrix-packages"]),
        nvidia=tuple(values["matrix-nvidia"]),
        left_out=tuple(values["matrix-left-out"]),
    )
