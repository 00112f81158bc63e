"""The closed loop: every snippet that raises, run with the terminal tool active (the child
prints what `python -m autograd_fieldguide SNIPPET` prints after the traceback: forkserver.py's
FIELDGUIDE_EXPLAIN), is diagnosed as its own entry, and (for at least EXPLAIN_FLOOR of them) with
its own cause first: the cause whose snippets it is one of.

It runs on the reference release in `make test`, and on every other release in `make matrix`
(fieldguide/matrix.py runs it with --torch-version)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fieldguide import explain_check
from fieldguide.engine import Engine
from fieldguide.matrix import python_for
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import discover

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def outputs(request) -> dict[str, str]:
    version = request.config.getoption("--torch-version", default=None) or load_matrix(ROOT).reference
    raising = [s for s in discover(ROOT) if s.raises and s.runs_on(version)]
    with Engine(python_for(version), ROOT, workers=os.cpu_count() or 2, env=explain_check.ENV) as engine:
        engine.submit_all(raising)
        return {s.key: engine.result(s).output for s in raising}


def test_every_raising_snippet_is_diagnosed_as_its_own_entry_and_cause(outputs):
    checked = explain_check.check(outputs)
    print(explain_check.said(checked))
    assert checked.total >= 100
    assert not checked.wrong_entry, "diagnosed as another entry, or not at all:\n" + "\n".join(checked.wrong_entry)
    assert checked.cause_first / checked.total >= explain_check.FLOOR, (
        "own cause not first:\n" + "\n".join(checked.wrong_cause))
