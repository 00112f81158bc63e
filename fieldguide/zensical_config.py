"""A config for Zensical with no INHERIT in it, flattened by MkDocs' own rules.

Zensical reads mkdocs.yml and follows INHERIT, but merges the inherited config by joining
lists where MkDocs replaces them: built from mkdocs.zh.yml, the Chinese nav would follow
the English one and the build fail. So Zensical reads a throwaway copy flattened the way
MkDocs reads it (mappings merged key by key, every other value replaced):

    python -m fieldguide.zensical_config mkdocs.zh.yml .zensical.zh.yml
    zensical build -f .zensical.zh.yml

The copy must sit beside the config it flattens: the paths in it (docs_dir, site_dir,
custom_dir) are relative to the config's folder.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml
from mkdocs.exceptions import ConfigurationError
from mkdocs.utils.yaml import get_yaml_loader, yaml_load

PYTHON_NAME = "tag:yaml.org,2002:python/name:"


class PythonName(str):
    """The target of a `!!python/name:` tag, kept as written and written back so: Zensical
    imports it itself, after mapping Material's extension modules to its own."""


class _Loader(yaml.SafeLoader):
    pass


class _Dumper(yaml.SafeDumper):
    pass


_Loader.add_multi_constructor(PYTHON_NAME, lambda loader, target, node: PythonName(target))
# PyYAML's own form of a name: the tag, and an empty value.
_Dumper.add_representer(PythonName, lambda dumper, name: dumper.represent_scalar(PYTHON_NAME + name, ""))


def flat_config(path: Path) -> dict[str, Any]:
    """The config at `path` with what it INHERITs merged in as MkDocs merges it."""
    try:
        with path.open("rb") as source:
            return yaml_load(source, get_yaml_loader(_Loader))
    except (OSError, ConfigurationError) as error:
        raise ConfigurationError(f"{path}: cannot read it as an MkDocs config: {error}") from None


def write_config(config: dict[str, Any], target: Path) -> None:
    """Write `config` as YAML that Zensical reads (names as `!!python/name:` tags, keys in
    their order: the plugins run in it)."""
    target.write_text(yaml.dump(config, Dumper=_Dumper, allow_unicode=True, sort_keys=False), encoding="utf-8")


def main(arguments: list[str]) -> None:
    if len(arguments) != 2:
        sys.exit("usage: python -m fieldguide.zensical_config CONFIG.yml FLATTENED.yml")
    source, target = map(Path, arguments)
    if source.resolve().parent != target.resolve().parent:
        sys.exit(f"write {target} beside {source}: the paths in a config are relative to its folder")
    try:
        write_config(flat_config(source), target)
    except ConfigurationError as error:
        sys.exit(str(error))


if __name__ == "__main__":
    main(sys.argv[1:])
