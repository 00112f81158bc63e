"""The hosted site is what `make build` writes: the workflow's build step runs it, and the
folder it publishes holds both editions (mkdocs.yml's site_dir, and mkdocs.zh.yml's inside
it), so the published site has /zh/."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

import yaml

from fieldguide import editions
from fieldguide.zensical_config import flat_config

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "site.yml"


def make_recipe(target: str) -> list[str]:
    """The commands of a Makefile target, `$(BIN)/` written as `.venv/bin/`."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(rf"^{target}:.*\n((?:\t.*\n)+)", text, re.MULTILINE)
    assert recipe, f"the Makefile has no `{target}` target"
    return [line.strip().replace("$(BIN)/", ".venv/bin/") for line in recipe[1].splitlines()]


def published_folder(steps: list[dict]) -> tuple[int, str]:
    at = next(i for i, step in enumerate(steps)
              if str(step.get("uses", "")).startswith("actions/upload-pages-artifact"))
    return at, steps[at]["with"]["path"]


def test_the_workflow_publishes_what_make_build_writes():
    steps = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]["test"]["steps"]
    at, folder = published_folder(steps)
    builds = [step["run"] for step in steps[:at] if "build" in str(step.get("run", ""))]
    assert builds == ["make build"], f"{WORKFLOW.name} builds the site with {builds}, not `make build`"
    assert make_recipe("build") == [".venv/bin/python -m fieldguide.site_build .venv/bin/mkdocs"], (
        "`make build` does not build every edition with fieldguide/site_build.py")
    listed = editions.load(ROOT)
    assert [e.config for e in listed][:1] == ["mkdocs.yml"] and "zh" in [e.language for e in listed]
    for edition in listed:
        written = PurePosixPath(flat_config(ROOT / edition.config).get("site_dir", "site"))
        assert written == PurePosixPath(folder) / edition.link, (
            f"{edition.config} writes {written}, not {edition.link or 'the root'} of the published {folder}")
