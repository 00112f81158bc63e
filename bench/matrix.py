"""What the version matrix costs: wall time, CPU time and disk, cold or warm.

    .venv/bin/python bench/matrix.py [--cold] [ARGS for `python -m fieldguide.matrix run`]

Times one `python -m fieldguide.matrix run` over every listed release (ARGS such as
--update-outputs or --versions are passed on). With --cold it first removes every
environment and uv's cache (`python -m fieldguide.matrix clean`), so the run downloads and
installs every release: what a fresh machine pays. Without it the environments are there
already (warm).

Prints the wall time, the CPU time of everything the run started (uv, pytest, the fork
servers and their snippet children), how busy both cores were on average, the time per
release, and the disk the environments take with shared files counted once. The run's
full output goes to build/matrix-bench.log. The machine is shared: CPU time is the figure
that does not depend on what else runs.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

import results

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fieldguide.matrix import ENVS, disk_usage  # noqa: E402
from fieldguide.releases import load  # noqa: E402
from fieldguide.snippet import keys  # noqa: E402

LOG = ROOT / "build" / "matrix-bench.log"
# A cold run downloads tens of GB; a run still going after this long is hung, and ends the
# benchmark with an error naming the command.
RUN_TIMEOUT_S = 3 * 3600
RELEASE_LINE = re.compile(r"^  torch (\S+)\s+(passed|FAILED)\s+([\d.]+) s$", re.MULTILINE)


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", action="store_true", help="remove every environment and the cache first")
    args, run_args = parser.parse_known_args()
    matrix = [sys.executable, "-m", "fieldguide.matrix"]
    if args.cold:
        subprocess.run([*matrix, "clean"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL, timeout=RUN_TIMEOUT_S)

    LOG.parent.mkdir(exist_ok=True)
    cpu_before, start = cpu_seconds(), time.monotonic()
    with LOG.open("w") as log:
        code = subprocess.run(
            [*matrix, "run", *run_args], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, timeout=RUN_TIMEOUT_S
        ).returncode
    wall, cpu = time.monotonic() - start, cpu_seconds() - cpu_before
    output = LOG.read_text()

    print(f"{'cold' if args.cold else 'warm'} run: python -m fieldguide.matrix run {' '.join(run_args)}")
    print(f"snippets            {len(keys(ROOT))}")
    print(f"releases            {len(RELEASE_LINE.findall(output))} of {len(load().versions)} listed")
    print(f"wall                {wall:7.1f} s")
    print(f"CPU                 {cpu:7.1f} s")
    print(f"cores busy          {cpu / wall:7.2f}   (of {os.cpu_count()})")
    print(f"disk                {disk_usage(ENVS) / 2**30:7.2f} GiB  (shared files counted once)")
    for version, state, seconds in RELEASE_LINE.findall(output):
        print(f"  torch {version:8} {state:6} {float(seconds):6.1f} s  (its own start to end, overlapping others)")
    print(f"exit status {code}; output in {LOG.relative_to(ROOT)}")
    return code


if __name__ == "__main__":
    sys.exit(results.record(main))
