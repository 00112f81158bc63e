"""The version matrix without installing anything: its configuration, what an install asks
uv for, the environments found on disk and their size, and the bisect search."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from fieldguide import matrix
from fieldguide.matrix import first_change, index_versions, install_request
from fieldguide.releases import Matrix, Release, load

CONFIG = """
[tool.fieldguide]
reference = "2.10.0"
matrix-disk-limit-gb = 1.5
matrix-packages = ["packaging==26.3"]
matrix-nvidia = ["nvidia-a==1"]
matrix-left-out = ["triton"]
torch = [
  { version = "2.10.0", numpy = "2.4.6" },
  { version = "2.3.1", numpy = "2.0.0" },
  { version = "1.13.1", numpy = "1.26.4" },
]
"""


@pytest.fixture
def listed(tmp_path: Path) -> Matrix:
    (tmp_path / "pyproject.toml").write_text(CONFIG)
    return load(tmp_path)


def test_config_from_pyproject(listed):
    assert listed == Matrix(
        reference="2.10.0",
        releases=(Release("1.13.1", "1.26.4"), Release("2.3.1", "2.0.0"), Release("2.10.0", "2.4.6")),
        disk_limit_bytes=int(1.5 * 2**30),
        packages=("packaging==26.3",),
        nvidia=("nvidia-a==1",),
        left_out=("triton",),
    )
    assert listed.versions == ["1.13.1", "2.3.1", "2.10.0"]  # oldest first, by number


def test_the_projects_own_matrix():
    project = load()
    assert project.reference in project.versions
    assert project.versions == sorted(project.versions, key=lambda v: tuple(map(int, v.split("."))))


@pytest.mark.parametrize(
    "version, numpy",
    [("1.13.1", "1.26.4"), ("2.2.2", "1.26.4"), ("2.3.1", "2.0.0"), ("2.9.1", "2.0.0"), ("2.10.0", "2.4.6"),
     ("3.0.0", "2.4.6"), ("1.12.0", "1.26.4")],  # older than every listed release: the oldest's
)
def test_numpy_of_the_newest_listed_release_not_newer(listed, version, numpy):
    assert listed.numpy_for(version) == numpy


def test_install_request(listed, monkeypatch):
    monkeypatch.setattr(matrix, "UV_CACHE", Path("/envs/uv-cache"))
    assert install_request("2.3.1", listed) == (
        ["torch==2.3.1", "numpy==2.0.0", "packaging==26.3"],
        {"UV_LINK_MODE": "hardlink", "UV_CACHE_DIR": "/envs/uv-cache"},
    )
    # a release bisect tries, not listed: its files must not outlive its environment
    requirements, env = install_request("2.4.0", listed)
    assert requirements == ["torch==2.4.0", "numpy==2.0.0", "packaging==26.3"]
    assert env["UV_NO_CACHE"] == "1"


def test_ready_environments_oldest_first(tmp_path, monkeypatch):
    monkeypatch.setattr(matrix, "ENVS", tmp_path)
    for version in ("2.10.0", "2.9.1", "1.13.1", "2.0.1"):
        matrix.env_dir(version).mkdir()
        if version != "2.0.1":  # its install did not finish
            (matrix.env_dir(version) / matrix.READY).write_text(version)
    (tmp_path / "uv-cache").mkdir()
    assert matrix.environments() == [(v, tmp_path / f"torch-{v}") for v in ("1.13.1", "2.9.1", "2.10.0")]


def test_python_of_the_reference_is_this_interpreter(listed):
    assert matrix.python_for("2.10.0", listed) == os.sys.executable


def test_python_of_an_installed_release_installs_nothing(listed, tmp_path, monkeypatch):
    monkeypatch.setattr(matrix, "ENVS", tmp_path)
    monkeypatch.setattr(matrix, "install", lambda *args: pytest.fail("installed again"))
    matrix.env_dir("2.3.1").mkdir()
    requirements = matrix.install_request("2.3.1", listed)[0]
    (matrix.env_dir("2.3.1") / matrix.READY).write_text("\n".join(["2.3.1", *requirements]) + "\n")
    assert matrix.python_for("2.3.1", listed) == str(tmp_path / "torch-2.3.1" / "bin" / "python")


def test_an_environment_made_before_the_requirements_changed_gets_what_it_lacks(listed, tmp_path, monkeypatch):
    monkeypatch.setattr(matrix, "ENVS", tmp_path)
    installed = []
    monkeypatch.setattr(matrix, "install", lambda version, *args: installed.append(version))
    matrix.env_dir("2.3.1").mkdir()
    (matrix.env_dir("2.3.1") / matrix.READY).write_text("2.3.1\ntorch==2.3.1\n")  # no numpy, no packaging
    matrix.python_for("2.3.1", listed)
    assert installed == ["2.3.1"]


def test_disk_usage_counts_a_hard_linked_file_once(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir(), two.mkdir()
    (one / "lib.so").write_bytes(b"x" * 100_000)
    os.link(one / "lib.so", two / "lib.so")
    (two / "own").write_bytes(b"y" * 50_000)
    assert matrix.disk_usage(tmp_path / "empty") == 0
    alone = matrix.disk_usage(one)
    assert alone >= 100_000
    own = os.lstat(two / "own").st_blocks * 512
    assert matrix.disk_usage(one, two) == matrix.disk_usage(tmp_path) == alone + own
    assert matrix.disk_usage(two) == matrix.disk_usage(one, two)


def test_the_total_is_walked_again_only_when_an_environment_changes(tmp_path, monkeypatch):
    monkeypatch.setattr(matrix, "ENVS", tmp_path)
    env = matrix.env_dir("2.3.1")
    env.mkdir()
    (env / matrix.READY).write_text("2.3.1\n")
    (env / "lib.so").write_bytes(b"x" * 100_000)
    first = matrix.total_disk_usage()
    assert first == matrix.disk_usage(tmp_path) - os.lstat(tmp_path / matrix.DISK_USAGE).st_blocks * 512
    (env / "more.so").write_bytes(b"y" * 100_000)  # no environment made or removed: not walked
    assert matrix.total_disk_usage() == first
    os.utime(env / matrix.READY, ns=(1, 1))  # made again
    assert matrix.total_disk_usage() > first
    second = matrix.total_disk_usage()
    matrix.env_dir("2.4.1").mkdir()  # one being made
    (matrix.env_dir("2.4.1") / "lib.so").write_bytes(b"z" * 100_000)
    assert matrix.total_disk_usage() == second + os.lstat(matrix.env_dir("2.4.1") / "lib.so").st_blocks * 512


def test_releases_on_the_package_index():
    listing = (
        "torch (2.5.1)\n"
        "Available versions: 2.5.1, 2.10.0+cpu, 2.10.0, 1.13.1, 2.9.1, 2.11.0+cu130\n"
        "  INSTALLED: 2.5.1\n"
    )
    assert index_versions(listing) == ["1.13.1", "2.5.1", "2.9.1", "2.10.0"]


CANDIDATES = ["2.0.0", "2.0.1", "2.1.0", "2.1.1", "2.1.2", "2.2.0", "2.2.1"]


@pytest.mark.parametrize("changed_in", [*CANDIDATES, None])
def test_bisect_finds_the_first_release_that_changed_trying_few(changed_in):
    tried = []

    def same_as_old(version: str) -> bool:
        tried.append(version)
        return changed_in is None or CANDIDATES.index(version) < CANDIDATES.index(changed_in)

    assert first_change(CANDIDATES, same_as_old) == changed_in
    assert len(tried) == len(set(tried)) <= 3  # log2 of 8 outcomes


@pytest.mark.parametrize("changed_at", [0, 1, 9, 18, 19, 20])
def test_bisect_over_many_releases_tries_log2_of_them(changed_at):
    candidates = [f"2.{minor}.0" for minor in range(20)]
    tried = []

    def same_as_old(version: str) -> bool:
        tried.append(version)
        return candidates.index(version) < changed_at

    assert first_change(candidates, same_as_old) == (candidates[changed_at] if changed_at < 20 else None)
    assert len(tried) <= 5  # 21 outcomes


def test_bisect_with_no_release_in_between():
    assert first_change([], lambda version: pytest.fail("nothing to try")) is None


def test_versions_command_prints_the_listed_releases(capsys):
    assert matrix.main(["versions"]) == 0
    assert json.loads(capsys.readouterr().out) == load().versions


@pytest.mark.parametrize("command", ["run", "install"])
def test_a_release_not_listed_is_refused_before_anything_runs(command, capsys):
    with pytest.raises(SystemExit) as exit:
        matrix.main([command, "--versions", "2.5.1,0.4.0"])
    assert exit.value.code == 2
    assert "not in pyproject.toml's [tool.fieldguide] list: 0.4.0" in capsys.readouterr().err


def test_others_runs_every_release_but_the_reference(monkeypatch):
    ran = []
    monkeypatch.setattr(matrix, "run", lambda versions, *args: ran.append(versions) or 0)
    assert matrix.main(["run", "--others"]) == 0
    listed = load()
    assert ran == [[version for version in listed.versions if version != listed.reference]]
