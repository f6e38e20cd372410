"""The review study tool (tools/review_study.py): plays, reviews both seats, keeps its files, prints intervals."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from tools import review_study


def test_a_tiny_study_runs_and_resumes(tmp_path: Path) -> None:
    args = ["--games", "1", "--strong", "greedy", "--weak", "random", "--depth", "4", "--out", str(tmp_path)]
    res = CliRunner().invoke(review_study.main, args)
    assert res.exit_code == 0, res.output
    assert "1 game, 2 players, greedy vs random, review depth 4:" in res.output
    assert "mistakes+blunders per game, random: " in res.output
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == [
        "game-1000.json",
        "review-1000-1-4.json",
        "review-1000-2-4.json",
    ]
    again = CliRunner().invoke(review_study.main, args)
    assert again.output.splitlines()[-9:] == res.output.splitlines()[-9:]  # the same figures from the kept files


def test_interval() -> None:
    assert review_study.interval([]) == "-"
    assert review_study.interval([2.0]) == "2.00"
    assert review_study.interval([1.0, 3.0]).startswith("2.00 ± 1.96")
