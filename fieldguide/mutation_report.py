"""`make mutation`'s figures, per module and in all, from `mutmut results --all true` on stdin.

A mutant is caught when a test failed (killed) or hung (timeout) with it; the share is of
every mutant made, those no test reached included.

    mutmut results --all true | python -m fieldguide.mutation_report
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict

# "    fieldguide.causes.x_read__mutmut_12: survived", "    fieldguide.errors.page.xǁEntryǁurl__mutmut_3: killed":
# the module's dotted name ends where mutmut's name of the function (x_…, xǁClassǁ…) starts.
_LINE = re.compile(r"^\s*(?P<module>\w+(?:\.\w+)*?)\.x(?:_|ǁ)\S*__mutmut_\d+: (?P<status>[\w ]+?)\s*$")
CAUGHT = ("killed", "timeout")


def tally(lines: list[str]) -> dict[str, Counter]:
    """status counts per module (`package/module.py`)."""
    counts: dict[str, Counter] = defaultdict(Counter)
    for line in lines:
        if match := _LINE.match(line):
            counts[match["module"].replace(".", "/") + ".py"][match["status"]] += 1
    return dict(counts)


def report(counts: dict[str, Counter]) -> list[str]:
    def line(name: str, count: Counter) -> str:
        total, caught = sum(count.values()), sum(count[s] for s in CAUGHT)
        rest = ", ".join(f"{n} {s}" for s, n in sorted(count.items()) if s not in CAUGHT)
        figure = f"{name}: {caught} of {total} mutants caught ({100 * caught / total:.1f}%)"
        return figure + (f"; {rest}" if rest else "")

    everything = sum(counts.values(), Counter())
    return [line(name, counts[name]) for name in sorted(counts)] + [line("all modules", everything)]


def main() -> int:
    counts = tally(sys.stdin.read().splitlines())
    if not counts:
        print("no mutants in the input: run `mutmut run` first", file=sys.stderr)
        return 1
    print("\n".join(report(counts)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
