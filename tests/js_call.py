"""The browser modules' functions called from the Python tests, under Node: the harnesses
tests/js_call.mjs (any exported function) and tests/paste_reader.mjs (the paste box's
readings) read a JSON request on stdin and write JSON."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GET_NODE = "install Node.js (`apt-get install -y nodejs`; `make test` does that by itself when run as root)"
TIMEOUT_S = 300


def run(harness: str, request: dict) -> Any:
    """What the harness (a file beside this one) writes for `request`."""
    node = shutil.which("node")
    assert node, f"the browser modules' fast tests run them with Node.js, which is missing: {GET_NODE}"
    proc = subprocess.run([node, str(HERE / harness)], input=json.dumps(request),
                          capture_output=True, text=True, timeout=TIMEOUT_S, check=False)
    assert proc.returncode == 0, f"node {harness} failed:\n{proc.stderr}"
    return json.loads(proc.stdout)


def calls(module: str, calls: list[list], first: Any = None, construct: str | None = None) -> list:
    """What the functions of docs/javascripts/<module> return for [[name, *args], ...], each
    given `first` (when not None) before its arguments; with `construct`, what the methods of
    one instance of that exported class, made from `first`, return."""
    request = {"module": module, "calls": calls} | ({} if first is None else {"first": first})
    return run("js_call.mjs", request | ({"construct": construct} if construct else {}))
