"""The reader check on throwaway snippets: it agrees with the engine where a reader sees the
recording, and shows a diff where a reader sees something else."""

from __future__ import annotations

import sys
import textwrap

from fieldguide.engine import Engine
from fieldguide.reader_check import check_all
from fieldguide.snippet import Snippet
from fieldguide.store import OutputStore

VERSION = "2.13.0"
SNIPPETS = {
    # Output and warning interleaved, a file written, an error raised through library frames.
    "agrees": """
        # raises: JSONDecodeError
        import json, warnings
        print("before the warning")
        warnings.warn("careful")
        open("out.txt", "w").close()
        json.loads("{")
    """,
    "unseeded": """
        import random
        print(random.random())
    """,
    "unrecorded": """
        print("never recorded")
    """,
}


def test_reader_sees_the_recording_or_a_diff_says_why(tmp_path):
    (tmp_path / "snippets" / "t").mkdir(parents=True)
    for name, code in SNIPPETS.items():
        (tmp_path / "snippets" / "t" / f"{name}.py").write_text(textwrap.dedent(code).lstrip())
    store = OutputStore(tmp_path)
    with Engine(sys.executable, tmp_path) as engine:
        for name in ("agrees", "unseeded"):
            store.record(f"t/{name}", VERSION, engine.result(Snippet.load(tmp_path, "t", name)).output)
    log = []
    keys = sorted(f"t/{name}" for name in SNIPPETS)
    verdicts = {v.key: v for v in check_all(tmp_path, keys, VERSION, sys.executable, log.append)}
    assert verdicts["t/agrees"].difference is None
    assert "+++ python snippets/t/unseeded.py (what a reader sees)" in verdicts["t/unseeded"].difference
    assert verdicts["t/unrecorded"].difference == "snippets/t/unrecorded.py has no recorded output for torch 2.13.0."
    assert len(log) == 3 and sum("DIFFERS" in line for line in log) == 2  # one line per snippet
    assert sorted(p.name for p in tmp_path.iterdir()) == ["outputs", "snippets"]  # out.txt stayed out
