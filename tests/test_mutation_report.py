"""`make mutation`'s per-module figures from mutmut's listing."""

import io
from collections import Counter

from fieldguide import mutation_report
from fieldguide.mutation_report import report, tally

LISTING = """    fieldguide.causes.x_read__mutmut_1: killed
    fieldguide.causes.x_read__mutmut_4: killed
    fieldguide.causes.x_read__mutmut_2: survived
    fieldguide.causes.xǁReportǁurl__mutmut_3: timeout
    fieldguide.tally.x_main__mutmut_1: no tests
    fieldguide.tally.x_close__mutmut_7: killed
    fieldguide.errors.page.xǁEntryǁurl__mutmut_2: killed
not a mutant line
"""


def test_counts_each_module_and_all_of_them():
    counts = tally(LISTING.splitlines())
    assert counts == {"fieldguide/causes.py": Counter(killed=2, survived=1, timeout=1),
                      "fieldguide/tally.py": Counter({"no tests": 1, "killed": 1}),
                      "fieldguide/errors/page.py": Counter(killed=1)}
    assert report(counts) == [
        "fieldguide/causes.py: 3 of 4 mutants caught (75.0%); 1 survived",
        "fieldguide/errors/page.py: 1 of 1 mutants caught (100.0%)",
        "fieldguide/tally.py: 1 of 2 mutants caught (50.0%); 1 no tests",
        "all modules: 5 of 7 mutants caught (71.4%); 1 no tests, 1 survived",
    ]


def test_the_command_reads_the_listing_on_stdin_and_refuses_an_empty_one(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(LISTING))
    assert mutation_report.main() == 0
    assert capsys.readouterr().out.splitlines() == report(tally(LISTING.splitlines()))
    monkeypatch.setattr("sys.stdin", io.StringIO("not a mutant line\n"))
    assert mutation_report.main() == 1
    assert capsys.readouterr().err == "no mutants in the input: run `mutmut run` first\n"
