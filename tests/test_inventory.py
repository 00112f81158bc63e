"""The message inventory (data/inventory/, fieldguide/inventory.py) is complete and consistent
with the Error index: its entries exist, every entry is in it, and no held-out thread is cited."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fieldguide import causes, inventory

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "data" / "reports"
BLIND = ROOT / "data" / "blind-pastes"


@pytest.fixture(scope="module")
def messages() -> list[inventory.Message]:
    return inventory.load(ROOT / inventory.INVENTORY_DIR)


def entry_ids() -> set[str]:
    return {path.stem for path in REPORTS.glob("*.toml")}


def test_every_named_entry_exists(messages):
    unknown = sorted({m.entry for m in messages if m.entry} - entry_ids())
    assert not unknown, f"entries named in data/inventory/ but not in data/reports: {unknown}"


def libraries_entries() -> set[str]:
    """Entries of a message a training library raises, not PyTorch ([unrecorded] with `library`):
    the inventory lists PyTorch's messages, so it has none of them."""
    return {path.stem for path in REPORTS.glob("*.toml")
            if (causes.read(path).unrecorded or causes.Unrecorded("", "", "", "", "")).library}


def test_every_entry_is_in_the_inventory(messages):
    listed = {m.entry for m in messages if m.status == "entry"}
    absent = sorted(entry_ids() - listed - libraries_entries())
    assert not absent, f"entries with no status = \"entry\" message in data/inventory/: {absent}"


def test_no_library_message_is_in_the_inventory(messages):
    named = sorted({m.entry for m in messages} & libraries_entries())
    assert not named, f"a training library's message is not PyTorch's, so data/inventory/ has no table for it: {named}"


def test_statuses_areas_and_whys(messages):
    for m in messages:
        assert m.status in inventory.STATUSES, m.text
        assert m.area in inventory.AREAS, m.text
        if m.status == "out":
            assert m.why.strip(), f"out without a why: {m.text}"
        if m.status in inventory.COVERED:
            assert m.entry, m.text
        else:
            assert not m.entry, m.text


def test_templates_are_distinct(messages):
    seen: dict[tuple[str, str], int] = {}
    for m in messages:
        key = (m.text, m.category)
        assert key not in seen, f"message listed twice: {m.text}"
        seen[key] = 1


def test_reports_are_well_formed_and_unique(messages):
    for m in messages:
        assert all(inventory.REPORT.match(r) for r in m.reports), m.reports
        assert len(set(m.reports)) == len(m.reports), m.text


def test_no_report_is_a_held_out_thread(messages):
    held_out = set()
    for path in BLIND.glob("*.toml"):
        held_out |= set(re.findall(r'^\s*source\s*=\s*"([^"]+)"', path.read_text(encoding="utf-8"), re.M))
    cited = {r for m in messages for r in m.reports}
    assert not cited & held_out, f"data/blind-pastes threads cited in the inventory: {sorted(cited & held_out)}"


def test_no_machine_paths(messages):
    for m in messages:
        assert not re.match(r"^(/|~|[A-Za-z]:\\)", m.source), m.source


def test_coverage_figures():
    def msg(status: str, reports: int = 0, entry: str = "") -> inventory.Message:
        return inventory.Message(text=f"{status}{reports}{entry}", category="RuntimeError", source="s",
                                 area="autograd", releases="", status=status, entry=entry,
                                 why="w" if status in ("out", "folded") else "",
                                 reports=tuple(f"o/r#{i}" for i in range(reports)))

    figures = inventory.coverage([msg("entry", 3, "e"), msg("folded", 1, "e"), msg("missing", 2),
                                  msg("missing", 5), msg("out", 9)])
    assert (figures.total, figures.in_scope, figures.covered) == (5, 4, 2)
    assert (figures.reports_covered, figures.reports_in_scope) == (4, 11)
    assert [len(m.reports) for m in figures.missing] == [5, 2]
    assert "covered / in scope    2 / 4 (50.0%)" in inventory.report(figures)


GOOD = '''[[message]]
text = "a message"
category = "RuntimeError"
source = "torch/x.py"
area = "autograd"
releases = "1.13 – 2.15"
status = "missing"
reports = ["o/r#1"]
'''


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (('status = "missing"', 'status = "gone"'), "status"),
        (('status = "missing"', 'status = "out"'), "why"),
        (('status = "missing"', 'status = "entry"'), "entry"),
        (('area = "autograd"', 'area = "vision"'), "area"),
        (('reports = ["o/r#1"]', 'reports = ["o/r#1", "o/r#1"]'), "twice"),
        (('reports = ["o/r#1"]', 'reports = ["a thread"]'), "reports"),
        (('releases = "1.13 – 2.15"', 'releases = "1.13-2.15"'), "releases"),
        (('text = "a message"\n', ""), "text"),
        (("[[message]]", "[[message]"), ""),
    ],
)
def test_a_broken_file_is_named(tmp_path, change, problem):
    path = tmp_path / "inventory.toml"
    path.write_text(GOOD, encoding="utf-8")
    assert inventory.read(path)[0].text == "a message"
    path.write_text(GOOD.replace(*change), encoding="utf-8")
    with pytest.raises(inventory.InventoryError, match=re.escape(str(path))) as raised:
        inventory.read(path)
    assert problem in str(raised.value)
