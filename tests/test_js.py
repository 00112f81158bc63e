"""The browser modules' own tests (tests/js/<module>.test.mjs), run by Node's test runner
(`node --test`) without a site or a browser: one pytest test per file, which fails with what
Node printed. Every module in docs/javascripts/ has its file."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from js_call import GET_NODE

ROOT = Path(__file__).resolve().parents[1]
MODULES = ROOT / "docs" / "javascripts"
TESTS = Path(__file__).with_name("js")
TIMEOUT_S = 120


def test_every_module_has_its_tests():
    modules = {path.stem for path in MODULES.glob("*.js")}
    tested = {path.name.removesuffix(".test.mjs") for path in TESTS.glob("*.test.mjs")}
    assert modules, f"no modules in {MODULES}"
    assert not modules - tested, f"modules without tests/js/<module>.test.mjs: {sorted(modules - tested)}"
    assert not tested - modules, f"tests of no module in docs/javascripts/: {sorted(tested - modules)}"


@pytest.mark.parametrize("path", sorted(TESTS.glob("*.test.mjs")), ids=lambda path: path.name)
def test_module(path: Path):
    node = shutil.which("node")
    assert node, f"the browser modules' tests run with Node.js, which is missing: {GET_NODE}"
    proc = subprocess.run([node, "--test", "--test-reporter=tap", str(path)], capture_output=True, text=True,
                          timeout=TIMEOUT_S, check=False, cwd=ROOT)
    said = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"node --test {path.relative_to(ROOT)} failed:\n{said}"
    passed = re.search(r"^# pass (\d+)$", proc.stdout, re.MULTILINE)
    assert passed and int(passed[1]) > 0, f"node --test {path.relative_to(ROOT)} ran no test:\n{said}"
