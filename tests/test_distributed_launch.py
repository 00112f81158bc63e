"""The process-group recipe of docs/ddp-setup.md ("No process group") runs both ways, as the
page says: under torchrun with two processes, each rank gets its share of the data, and with
plain `python`, several runs side by side do not get in each other's way. The snippet engine
runs it only alone (tests/test_snippets.py compares that with its recording); a launcher's
processes meet only through the rendezvous, so a recipe in which each process waits somewhere
else hangs, and a time limit turns that hang into a failure."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from fieldguide.matrix import python_for
from fieldguide.releases import load as load_matrix

ROOT = Path(__file__).resolve().parents[1]
RECIPE = ROOT / "snippets" / "distributed" / "sampler_with_process_group.py"
# Two gloo processes on the CPU meet and finish in a few seconds; a rendezvous that never
# completes waits 30 minutes by default.
TIMEOUT_S = 120
# What a launcher sets; the test itself may run under one.
LAUNCHER_VARIABLES = ("RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT",
                      "GROUP_RANK", "TORCHELASTIC_RUN_ID")


def _environment() -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in LAUNCHER_VARIABLES}
    # torchrun would set it for each worker anyway, after a warning saying so.
    return {**env, "OMP_NUM_THREADS": "1", "PYTHONUNBUFFERED": "1"}


def _descendants(pid: int) -> list[int]:
    """Every process below `pid`, read from /proc (the engine runs on Linux only)."""
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
        except OSError:
            continue
        found += [int(child) for child in children]
        todo += [int(child) for child in children]
    return found


def _stop(process: subprocess.Popen) -> None:
    """Stop a command and every process it started. torchrun's workers run in sessions of
    their own and outlive a launcher that is killed, so they are found first; the launcher
    gets SIGTERM, on which it shuts its workers down, and whatever is left then gets SIGKILL."""
    below = _descendants(process.pid)
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        pass
    for pid in [process.pid, *below]:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    process.wait()


def _run_all(commands: list[list[str]], cwd: Path) -> list[tuple[int | None, str]]:
    """Start every command at once and wait for all of them, for TIMEOUT_S at most: a command
    still running then is stopped with every process it started, and its exit status is None.
    Output goes to files, so a stray process holding it open cannot block the test."""
    logs = [cwd / f"output-{i}.txt" for i in range(len(commands))]
    processes = []
    try:
        for command, log in zip(commands, logs, strict=True):
            with log.open("w") as out:
                processes.append(subprocess.Popen(command, cwd=cwd, env=_environment(), stdout=out,
                                                  stderr=subprocess.STDOUT, start_new_session=True))
        deadline = time.monotonic() + TIMEOUT_S
        codes: list[int | None] = []
        for process in processes:
            try:
                codes.append(process.wait(timeout=max(deadline - time.monotonic(), 0)))
            except subprocess.TimeoutExpired:
                codes.append(None)
    finally:
        for process in processes:
            if process.poll() is None:
                _stop(process)
    return [(code, log.read_text()) for code, log in zip(codes, logs, strict=True)]


def test_the_recipe_runs_under_torchrun_with_two_processes(tmp_path):
    python = python_for(load_matrix(ROOT).reference)
    # --standalone: the launcher's own rendezvous on a free local port, and a free
    # MASTER_PORT for the workers, so parallel test runs cannot collide. --tee 3: each
    # rank's output comes back line by line, prefixed with its rank; two unbuffered ranks
    # writing to one file mix their words within a line.
    command = [python, "-m", "torch.distributed.run", "--standalone", "--nproc_per_node=2", "--tee", "3",
               str(RECIPE)]
    ((returncode, output),) = _run_all([command], tmp_path)
    assert returncode is not None, (f"torchrun --nproc_per_node=2 {RECIPE.name} was still running after "
                                    f"{TIMEOUT_S} s (its ranks never met?) and was stopped:\n{output}")
    assert returncode == 0, f"torchrun --nproc_per_node=2 {RECIPE.name} exited with {returncode}:\n{output}"
    for rank in (0, 1):
        assert f"1 batches on rank {rank} of 2" in output, output


def test_runs_with_plain_python_side_by_side_do_not_meet(tmp_path):
    python = python_for(load_matrix(ROOT).reference)
    results = _run_all([[python, str(RECIPE)] for _ in range(3)], tmp_path)
    for returncode, output in results:
        assert returncode == 0 and "2 batches on rank 0 of 1" in output, output
