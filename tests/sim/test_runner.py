"""Runs give the same file for the same seeds whatever the workers, back end or interruptions."""

from __future__ import annotations

from pathlib import Path

import pytest

from inferno.sim.game import SimConfig, play_one
from inferno.sim.runner import Backend, run_simulation
from inferno.sim.writers import SimFileError, read_records

CFG = SimConfig(4, ("random",) * 4)


def test_one_and_two_workers_write_identical_files(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    run_simulation(CFG, range(24), one, workers=1)
    report = run_simulation(CFG, range(24), two, workers=2)
    assert report.played == 24
    assert one.read_bytes() == two.read_bytes()
    assert [r.seed for r in read_records(two)] == list(range(24))


def test_ray_backend_matches_the_local_run(tmp_path: Path, ray_local: object) -> None:
    """A local Ray instance (2 CPUs) plays the same games as the local back end, in the same order."""
    local, ray_file = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    run_simulation(CFG, range(10, 30), local, workers=1)
    run_simulation(CFG, range(10, 30), ray_file, workers=2, backend=Backend.RAY)
    assert local.read_bytes() == ray_file.read_bytes()


def test_resume_plays_only_missing_games_and_matches_a_single_run(tmp_path: Path) -> None:
    whole, parts = tmp_path / "whole.jsonl", tmp_path / "parts.jsonl"
    run_simulation(CFG, range(12), whole, workers=1)
    run_simulation(CFG, range(5), parts, workers=1)
    played: list[int] = []
    report = run_simulation(CFG, range(12), parts, workers=2, on_record=lambda r: played.append(r.seed))
    assert (report.already_done, report.played) == (5, 7)
    assert played == list(range(5, 12))
    assert parts.read_bytes() == whole.read_bytes()
    again = run_simulation(CFG, range(12), parts, workers=1)
    assert again.played == 0


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_csv_and_parquet_hold_the_same_games_as_jsonl(tmp_path: Path, suffix: str) -> None:
    ref = tmp_path / "ref.jsonl"
    out = tmp_path / f"out{suffix}"
    run_simulation(CFG, range(6), ref, workers=1)
    run_simulation(CFG, range(6), out, workers=2)
    assert read_records(out) == read_records(ref)


def test_resuming_with_another_configuration_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    run_simulation(CFG, range(3), path, workers=1)
    with pytest.raises(SimFileError, match="game 0 was played as"):
        run_simulation(SimConfig(4, ("random",) * 4, side="I/II", side_variant=True), range(3), path, workers=1)
    two_players = SimConfig(2, ("random", "random"))
    with pytest.raises(SimFileError):
        run_simulation(two_players, range(3), path, workers=1)
    with pytest.raises(SimFileError, match="use another file or --overwrite"):
        run_simulation(two_players, range(10, 12), path, workers=1)  # new seeds: still one file, one config
    run_simulation(CFG, range(3), path, workers=1, overwrite=False)  # the same configuration is fine
    assert len(read_records(path)) == 3


def test_overwrite_starts_afresh(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    run_simulation(CFG, range(3), path, workers=1)
    cfg2 = SimConfig(2, ("random", "random"))
    report = run_simulation(cfg2, range(2), path, workers=1, overwrite=True)
    assert report.played == 2
    assert read_records(path) == [play_one(cfg2, 0), play_one(cfg2, 1)]
