"""data/wordings.toml stays true to the error index: each wording names an entry, is one no
recorded release prints, and says which releases have it in a form the loader checks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fieldguide import causes, releases, wordings
from fieldguide.errors import grammar, grouping
from fieldguide.snippet import discover
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
OLDEST = (0, 1)  # the oldest release whose source was read (0.1 – 0.3 through the code search's old files)
PLACEHOLDER_NAMES = {name for _, _, shape in grammar.PLACEHOLDERS for name in re.findall(r"<[^<>]+>", shape)}


@pytest.fixture(scope="module")
def entries():
    return {entry.id: entry for entry in grouping.collect(discover(ROOT), OutputStore(ROOT), causes.load(ROOT))}


@pytest.fixture(scope="module")
def found():
    return wordings.load(ROOT)


def test_every_wording_names_an_entry(entries, found):
    unknown = sorted({w.entry for w in found} - set(entries))
    assert not unknown, f"{wordings.WORDINGS_PATH} names no such entry (renamed?): {unknown}"


def test_no_wording_is_one_a_recorded_release_prints(entries, found):
    """A wording some recorded release prints is in the index already, under its releases."""
    recorded = [f"{w.entry}: {w.category}: {w.text[:80]}" for w in found
                if (w.category, grammar.template(w.text)) in entries[w.entry].templates]
    assert not recorded, "recorded releases print these wordings; remove them:\n" + "\n".join(recorded)


def test_no_wording_is_listed_twice(found):
    seen = [(w.entry, w.category, grammar.template(w.text)) for w in found]
    twice = sorted({f"{e}: {c}: {t[:80]}" for e, c, t in seen if seen.count((e, c, t)) > 1})
    assert not twice, "listed twice; join their releases into one wording:\n" + "\n".join(twice)


def test_releases_lie_between_the_oldest_read_and_the_newest_recorded(found):
    newest = max((int(v.split(".")[0]), int(v.split(".")[1])) for v in releases.load(ROOT).versions)
    outside = [f"{w.entry}: {w.releases}" for w in found if w.span[0] < OLDEST or w.span[1] > newest]
    assert not outside, f"releases outside {OLDEST} – {newest}:\n" + "\n".join(outside)


def test_placeholders_are_the_index_s_own(found):
    """`<node>`, `<n>` and the rest match what the index writes; a typo would match nothing."""
    strange = [f"{w.entry}: {name}" for w in found for name in re.findall(r"<[^<>]+>", w.text)
               if name not in PLACEHOLDER_NAMES]
    assert not strange, f"not one of grammar.PLACEHOLDERS' {sorted(PLACEHOLDER_NAMES)}:\n" + "\n".join(strange)


def _write(tmp_path: Path, body: str) -> Path:
    (tmp_path / wordings.WORDINGS_PATH).parent.mkdir(parents=True)
    (tmp_path / wordings.WORDINGS_PATH).write_text(body, encoding="utf-8")
    return tmp_path


GOOD = """
[[wording]]
entry = "some-entry"
category = "AssertionError"
text = "Default process group is not initialized"
releases = "1.0 – 1.7"
source = "torch/distributed/distributed_c10d.py"
"""


def test_a_complete_wording_loads_with_its_span(tmp_path):
    (wording,) = wordings.load(_write(tmp_path, GOOD + 'format = "%s"\n'))
    assert wording == wordings.Wording("some-entry", "AssertionError", "Default process group is not initialized",
                                       "1.0 – 1.7", "torch/distributed/distributed_c10d.py", "%s")
    assert wording.span == ((1, 0), (1, 7))
    assert wordings.Wording("e", "c", "t", "1.9", "s").span == ((1, 9), (1, 9))
    assert wordings.Wording("e", "c", "t", "1.10 – 2.15", "s").span == ((1, 10), (2, 15))


@pytest.mark.parametrize(("change", "said"), [
    (lambda body: body.replace('source = "torch/distributed/distributed_c10d.py"\n', ""), "lacks ['source']"),
    (lambda body: body + 'note = "x"\n', "unknown fields ['note']"),
    (lambda body: body.replace('"AssertionError"', '""'), "['category'] must be non-empty"),
    (lambda body: body.replace('"1.0 – 1.7"', '"1.0 - 1.7"'),
     "with an en dash between spaces ('1.0 – 1.7'), or one release ('1.9')"),
    (lambda body: body.replace('"1.0 – 1.7"', '"1.0.1 – 1.7.1"'), "en dash"),
    (lambda body: body.replace('"1.0 – 1.7"', '"1.7 – 1.0"'), "from older to newer"),
    (lambda body: body.replace('"1.0 – 1.7"', '"1.7 – 1.7"'), "write a single release as '1.7'"),
    (lambda body: body.replace('"torch/distributed', '"/torch/distributed'), "a path inside pytorch/pytorch"),
    (lambda body: body.replace('"torch/distributed/', '"torch\\\\distributed\\\\'),
     "a path inside pytorch/pytorch, like 'torch/autograd/__init__.py'"),
    (lambda body: body.replace("[[wording]]", "[wording]"), "is not a table"),
    (lambda body: body + "[[other]]\n", "only [[wording]] tables belong here, not ['other']"),
    (lambda body: body + "text = 1\n", "not valid TOML"),
])
def test_a_bad_file_is_named_with_what_to_fix(tmp_path, change, said):
    with pytest.raises(wordings.WordingsError) as error:
        wordings.load(_write(tmp_path, change(GOOD)))
    assert str(error.value).startswith(str(tmp_path / wordings.WORDINGS_PATH))
    assert said in str(error.value)


def test_a_missing_file_says_what_it_holds(tmp_path):
    with pytest.raises(wordings.WordingsError, match=r"missing; it holds the other wordings of the error "
                                                     r"index's messages \(see fieldguide/wordings.py\)"):
        wordings.load(tmp_path)


def test_a_bad_wording_is_named_by_its_place_and_its_entry(tmp_path):
    second = GOOD.replace('source = "torch/distributed/distributed_c10d.py"\n', "")
    with pytest.raises(wordings.WordingsError, match=r"\[\[wording\]\] #2 \(some-entry\) lacks \['source'\]"):
        wordings.load(_write(tmp_path / "second", GOOD + second))
    without_entry = GOOD.replace('entry = "some-entry"\n', "")
    with pytest.raises(wordings.WordingsError, match=r"\[\[wording\]\] #1 lacks \['entry'\]"):
        wordings.load(_write(tmp_path / "no entry", without_entry))


def test_a_file_without_wordings_has_none(tmp_path):
    assert wordings.load(_write(tmp_path, "# none yet\n")) == ()
