"""The release list of pyproject.toml's [tool.fieldguide] as the code reads it, each mistake in
it named with the key to fix, and the order of release numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from fieldguide.releases import ConfigError, load, version_key

GOOD = """[tool.fieldguide]
reference = "2.0.1"
torch = [{ version = "2.0.1", numpy = "1.26.4" }]
"""


def test_version_key_orders_releases_by_number():
    releases = ["2.10.0", "1.13.1", "2.9.1", "2.2.2", "2.15.0"]
    assert sorted(releases, key=version_key) == ["1.13.1", "2.2.2", "2.9.1", "2.10.0", "2.15.0"]


def test_version_key_orders_local_builds_and_release_candidates():
    releases = ["2.13.0+cpu", "2.10.0", "2.13.0", "2.13.0rc1", "2.9.1"]
    assert sorted(releases, key=version_key) == ["2.9.1", "2.10.0", "2.13.0rc1", "2.13.0", "2.13.0+cpu"]


def test_defaults_fill_the_optional_keys(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text(GOOD)
    matrix = load(tmp_path)
    assert (matrix.disk_limit_bytes, matrix.packages, matrix.nvidia, matrix.left_out) == (45 * 2**30, (), (), ())


@pytest.mark.parametrize("text, says", [
    ("[project]\n", "no [tool.fieldguide] table"),
    (GOOD + "colour = 1\n", "unknown keys ['colour']"),
    (GOOD.replace('reference = "2.0.1"\n', ""), "needs `reference`"),
    (GOOD.replace('torch = [{ version = "2.0.1", numpy = "1.26.4" }]\n', ""), "needs `torch`"),
    (GOOD + 'matrix-disk-limit-gb = "45"\n', "`matrix-disk-limit-gb` must be a number, not '45'"),
    (GOOD + 'matrix-packages = "packaging"\n', "`matrix-packages` must be a list of requirements"),
    (GOOD.replace("reference = \"2.0.1\"", "reference = 2"), "`reference` must be a release number"),
    (GOOD.replace("numpy", "numbpy"), "`torch` holds {version"),
    (GOOD.replace('version = "2.0.1"', 'version = "two"'), "`torch` holds {version"),
    (GOOD.replace('reference = "2.0.1"', 'reference = "2.1.2"'), "`reference` '2.1.2' is not one of the"),
])
def test_a_mistake_names_the_key_and_the_file(tmp_path: Path, text, says):
    (tmp_path / "pyproject.toml").write_text(text)
    with pytest.raises(ConfigError) as raised:
        load(tmp_path)
    assert str(raised.value).startswith(f"{tmp_path / 'pyproject.toml'}: ") and says in str(raised.value)
