"""A snippet file as the engine reads it: its directives, where its code starts, its sections,
and every mistake in them named with its line and what to write instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from fieldguide.snippet import Snippet, SnippetError, discover, keys


def write(root: Path, text: str, key: str = "t/a") -> Path:
    path = root / "snippets" / f"{key}.py"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_every_directive_is_read_into_its_field(tmp_path):
    write(tmp_path, "# raises: torch.OutOfMemoryError\n#timeout: 1.5\n# min-torch: 2.1\n# graph: loss, h\n"
                    "# fixed-by: t/b\n# cause:  a cause  \n# max-output: 10\nx = 1\n")
    snippet = Snippet.load(tmp_path, "t", "a")
    assert snippet == Snippet(tmp_path, "t", "a", raises="torch.OutOfMemoryError", timeout=1.5, min_torch="2.1",
                              graph=("loss", "h"), fixed_by="t/b", cause="a cause", max_output=10, code_start=8)
    assert (snippet.key, snippet.relpath, snippet.path) == ("t/a", "snippets/t/a.py", tmp_path / "snippets/t/a.py")


def test_defaults_and_the_releases_a_snippet_runs_on(tmp_path):
    write(tmp_path, "x = 1\n")
    snippet = Snippet.load(tmp_path, "t", "a")
    assert (snippet.timeout, snippet.max_output, snippet.code_start, snippet.graph) == (60.0, 65536, 1, ())
    assert snippet.runs_on("1.13.1")
    newer = Snippet(tmp_path, "t", "a", min_torch="2.10")
    assert newer.runs_on("2.10.0") and newer.runs_on("2.13.0") and not newer.runs_on("2.9.1")
    older = Snippet(tmp_path, "t", "a", before_torch="2.0")
    assert older.runs_on("1.13.1") and not older.runs_on("2.0.1") and not older.runs_on("2.13.0")


def test_the_type_raised_on_each_release(tmp_path):
    """`# raises: ValueError (RuntimeError before 2.2)`: the older type up to 2.2, the newer
    from 2.2 on, and the newer where no release is named."""
    write(tmp_path, "# raises: ValueError (RuntimeError before 2.2)\nx = 1\n")
    snippet = Snippet.load(tmp_path, "t", "a")
    assert [snippet.raises_on(v) for v in ("1.13.1", "2.1.2", "2.2", "2.2.0", "2.13.0", None)] == [
        "RuntimeError", "RuntimeError", "ValueError", "ValueError", "ValueError", "ValueError"]


@pytest.mark.parametrize("text, says", [
    ("# raises: not a name\n", "t/a.py:1: '# raises: not a name' is not an exception name"),
    ("# min-torch: two\n", "'# min-torch: two' must be a release such as 2.1 or 2.1.0."),
    ("# min-torch: 2\n", "'# min-torch: 2' must be a release"),
    ("# graph: loss, 1h\n", "'# graph: loss, 1h' must list variable names of tensors"),
    ("# fixed-by: fix\n", "'# fixed-by: fix' must name a snippet as topic/name"),
    ("# cause:\n", "t/a.py:1: '# cause:' is empty; say in one line"),
    ("# max-output: 0\n", "'# max-output: 0' must be a positive number of bytes."),
    ("# max-output: ten\n", "'# max-output: ten' must be a positive number"),
    ("# timeout: -1\n", "'# timeout: -1' must be a positive number of seconds."),
    ("# timeout: soon\n", "'# timeout: soon' must be a positive number of seconds."),
    ("# timeout: 1\n# timeout: 2\n", "t/a.py:2: '# timeout:' is declared twice; keep one."),
    ("x = 1\n# raises: ValueError\n", "t/a.py:2: '# raises:' comes after code; directives are the first"),
])
def test_a_bad_directive_names_its_line_and_the_fix(tmp_path, text, says):
    write(tmp_path, text + "x = 1\n")
    with pytest.raises(SnippetError) as raised:
        Snippet.load(tmp_path, "t", "a")
    assert str(raised.value).startswith("snippets/t/a.py:") and says in str(raised.value)


@pytest.mark.parametrize("topic, name, says", [
    ("T", "a", "the topic folder 'T' must use only a-z, 0-9 and _"),
    ("t", "a-b", "the file name 'a-b' must use only a-z, 0-9 and _"),
    ("t", "missing", "snippets/t/missing.py: no such snippet; check the name."),
])
def test_a_bad_name_or_a_missing_file_says_so(tmp_path, topic, name, says):
    with pytest.raises(SnippetError, match=says.replace(".", r"\.")):
        Snippet.load(tmp_path, topic, name)


def test_a_section_starts_after_its_marker(tmp_path):
    write(tmp_path, "# graph: y\nx = 1\n# --8<-- [start:part]\ny = x\n# --8<-- [end:part]\n")
    snippet = Snippet.load(tmp_path, "t", "a")
    assert snippet.section_start("part") == 4
    with pytest.raises(SnippetError, match=r"snippets/t/a\.py: no section \[start:other\]"):
        snippet.section_start("other")


def test_discovery_lists_every_snippet_by_key(tmp_path):
    write(tmp_path, "x = 1\n", "b/z")
    write(tmp_path, "x = 1\n", "a/y")
    (tmp_path / "snippets" / "a" / "notes.txt").write_text("not a snippet")
    assert keys(tmp_path) == ["a/y", "b/z"]
    assert [s.key for s in discover(tmp_path)] == ["a/y", "b/z"]
