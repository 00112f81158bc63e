"""`make build`: every edition built at once, each by its own `mkdocs build --strict`.

    python -m fieldguide.site_build [MKDOCS]

A build is one Python process on one core, so the editions build side by side, each into a
folder of its own under build/editions/ (the root edition's build would empty site/, where
the others' folders are). When all have succeeded, they take their places: the root's folder
becomes site/, each other one site/<language>/, as the hosted site has them. What each build
printed follows, edition by edition; the status is non-zero when any build failed, and
site/ is then left as it was.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from fieldguide import editions

ROOT = Path(__file__).resolve().parents[1]
STAGING = Path("build") / "editions"


def build_all(mkdocs: str, root: Path = ROOT) -> int:
    listed = editions.load(root)
    staging = root / STAGING
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    runs = []
    for edition in listed:
        log = tempfile.TemporaryFile()
        command = [mkdocs, "build", "--strict", "-f", edition.config, "--site-dir", str(staging / edition.language)]
        runs.append((edition, command, log, subprocess.Popen(command, cwd=root, stdout=log, stderr=subprocess.STDOUT)))
    failed = []
    for edition, command, log, process in runs:
        status = process.wait()
        log.seek(0)
        print(f"--- {' '.join(command[1:])}", flush=True)
        sys.stdout.buffer.write(log.read())
        sys.stdout.flush()
        if status != 0:
            failed.append(edition.config)
    if failed:
        print(f"the build of {', '.join(failed)} failed (above); site/ is left as it was", file=sys.stderr)
        return 1
    for edition in listed:  # the root first: its folder is the one the others go into
        target = root / edition.site_dir
        shutil.rmtree(target, ignore_errors=True)
        shutil.move(staging / edition.language, target)
    return 0


if __name__ == "__main__":
    sys.exit(build_all(sys.argv[1] if len(sys.argv) > 1 else str(Path(sys.executable).with_name("mkdocs"))))
