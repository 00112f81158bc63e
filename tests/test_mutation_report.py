"""`make mutation`'s per-module figures from mutmut's listing."""

from collections import Counter

from fieldguide.mutation_report import report, tally

LISTING = """    fieldguide.causes.x_read__mutmut_1: killed
    fieldguide.causes.x_read__mutmut_2: survived
    fieldguide.causes.xǁReportǁurl__mutmut_3: timeout
    fieldguide.tally.x_main__mutmut_1: no tests
    fieldguide.tally.x_close__mutmut_7: killed
not a mutant line
"""


def test_counts_each_module_and_all_of_them():
    counts = tally(LISTING.splitlines())
    assert counts == {"fieldguide/causes.py": Counter(killed=1, survived=1, timeout=1),
                      "fieldguide/tally.py": Counter({"no tests": 1, "killed": 1})}
    assert report(counts) == [
        "fieldguide/causes.py: 2 of 3 mutants caught (66.7%); 1 survived",
        "fieldguide/tally.py: 1 of 2 mutants caught (50.0%); 1 no tests",
        "all modules: 3 of 5 mutants caught (60.0%); 1 no tests, 1 survived",
    ]
