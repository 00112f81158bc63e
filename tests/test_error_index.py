"""The error index is built from the recorded outputs: its parsing, its templates, and
the promise that every error and warning has a snippet that raises it and one that fixes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from fieldguide import error_index
from fieldguide.snippet import discover
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]


def test_messages_finds_warnings_and_the_uncaught_error():
    output = (
        "start\n"
        "snippets/t/x.py:4: UserWarning: careful\n"
        "  warnings.warn('careful')\n"
        "Traceback (most recent call last):\n"
        '  File "snippets/t/x.py", line 5, in <module>\n'
        "    y.backward()\n"
        "RuntimeError: first line\n"
        "second line\n"
    )
    assert error_index.messages(output) == [
        ("UserWarning", "careful"),
        ("RuntimeError", "first line\nsecond line"),
    ]


def test_rewordings_of_one_error_share_a_template_sentence():
    old = (
        "one of the variables needed for gradient computation has been modified by an inplace "
        "operation: [torch.FloatTensor [3]], which is output 0 of SigmoidBackward0, is at "
        "version 1; expected version 0 instead. Hint: enable anomaly detection."
    )
    new = old.replace("SigmoidBackward0", "Sigmoid").replace("[3]", "[2, 4]").replace("1;", "3;")
    assert error_index.template(old) == error_index.template(new)
    assert error_index.template(new) == (
        "one of the variables needed for gradient computation has been modified by an inplace "
        "operation: [<tensor type> [<shape>]], which is output <n> of <node>, is at version "
        "<n>; expected version <n> instead. Hint: enable anomaly detection."
    )
    assert error_index.first_sentence(error_index.template(new)) == (
        "one of the variables needed for gradient computation has been modified by an inplace "
        "operation"
    )


@pytest.fixture(scope="module")
def entries():
    return error_index.collect(discover(ROOT), OutputStore(ROOT))


def test_at_least_fifteen_errors_and_warnings(entries):
    assert len(entries) >= 15, [e.summary for e in entries]


def test_every_entry_has_a_fix_that_avoids_it(entries):
    snippets = {s.key: s for s in discover(ROOT)}
    store = OutputStore(ROOT)
    for entry in entries:
        for key, fix in entry.raised_by.items():
            where = f"{snippets[key].relpath} prints '{entry.category}: {entry.summary}'"
            assert fix, f"{where} but declares no '# fixed-by:'"
            assert fix in snippets, f"{where}; its '# fixed-by: {fix}' names no snippet"
            assert not snippets[fix].raises, f"{where}; its fix {fix} raises itself"
            fixed = error_index.collect([snippets[fix]], store)
            assert (entry.category, entry.summary) not in {(e.category, e.summary) for e in fixed}, (
                f"{where}; its fix {fix} prints it too"
            )
