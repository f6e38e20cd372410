"""``inferno simulate`` killed mid-run and started again finishes the same file as an uninterrupted run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from inferno.sim.writers import read_records

GAMES = 400
ARGS = ["-n", str(GAMES), "-p", "2", "--first-seed", "40", "-j", "1"]
ENTRY = "from inferno.cli.simulate import command; command()"


def _simulate(out: Path, *extra: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", ENTRY, *ARGS, "-o", str(out), *extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env={**os.environ, "COLUMNS": "300"},
    )


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def test_killed_run_resumes_without_replays_duplicates_or_partial_lines(tmp_path: Path) -> None:
    out = tmp_path / "killed.jsonl"
    proc = _simulate(out, "-q")
    deadline = time.monotonic() + 60
    while _lines(out) < 20 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    done_at_kill = _lines(out)
    assert 20 <= done_at_kill < GAMES, "the run must be interrupted part-way"
    with out.open("ab") as f:  # a torn write, as a kill in the middle of a line leaves it
        f.write(b'{"seed":99999,"players":2,"si')

    resumed = _simulate(out)
    _, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, err.decode()
    assert f"{GAMES - done_at_kill} games played, {done_at_kill} already there" in err.decode()

    reference = tmp_path / "whole.jsonl"
    whole = _simulate(reference, "-q")
    _, err = whole.communicate(timeout=120)
    assert whole.returncode == 0, err.decode()

    seeds = [r.seed for r in read_records(out)]
    assert seeds == list(range(40, 40 + GAMES))  # each game once, in order
    assert out.read_bytes() == reference.read_bytes()


def test_ctrl_c_stops_the_worker_pool_and_leaves_whole_records(tmp_path: Path) -> None:
    """SIGINT (Ctrl-C) to the command with 2 workers: exit 130, a hint to resume, only whole records."""
    out = tmp_path / "interrupted.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-c", ENTRY, *ARGS, "-j", "2", "-o", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "COLUMNS": "300"},
    )
    deadline = time.monotonic() + 60
    while _lines(out) < 10 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err.decode()
    assert "run the same command to resume" in err.decode()
    text = out.read_text()
    assert text.endswith("\n")
    seeds = [r.seed for r in read_records(out)]
    assert seeds == list(range(40, 40 + len(seeds))) and 10 <= len(seeds) < GAMES
