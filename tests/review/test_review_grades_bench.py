"""benchmarks/review_grades.py: plays, reviews seat 1, keeps and reuses its files, regrades, checks targets."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.benchmark_modules import load_benchmark

grades = load_benchmark("review_grades")


def test_a_tiny_run_keeps_reuses_and_regrades(tmp_path: Path) -> None:
    args = ["--bot", "random", "--opponent", "random", "--games", "1", "--depth", "4", "--save", str(tmp_path)]
    res = CliRunner().invoke(grades.main, args)
    assert res.exit_code == 0, res.output
    assert "random (seat 1) against random, 1 game from seed 3000, reviewed at 4 iterations" in res.output
    assert "mistakes+blunders per 100 decisions: " in res.output and "by win chance alone: " in res.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-3000.json", "review-3000-4.json"]
    again = CliRunner().invoke(grades.main, args)
    assert again.output.splitlines()[1:-1] == res.output.splitlines()[1:-1]  # the same figures, read back
    loose = CliRunner().invoke(grades.main, [*args, "--margin-grades", "1000,2000,3000"])
    assert "margin thresholds 1000/2000/3000 Infamy" in loose.output
    # with margins that can never be reached, only the win chance grades: both figures agree
    line = next(x for x in loose.output.splitlines() if "per 100 decisions:" in x and "mistakes" in x)
    alone = next(x for x in loose.output.splitlines() if "by win chance alone" in x)
    assert line.split(": ")[1].split(" ")[0] == alone.split(": ")[1].split(" ")[0]
    bad = CliRunner().invoke(grades.main, [*args, "--min-rate", "101"])
    assert bad.exit_code == 1 and "below the target 101" in bad.output
    bad = CliRunner().invoke(grades.main, [*args, "--margin-grades", "2,4"])
    assert bad.exit_code == 2 and "inaccuracy,mistake,blunder" in bad.output


def test_interval() -> None:
    m, lo, hi = grades.interval([1.0, 3.0])
    assert m == 2.0 and round(hi - m, 3) == round(12.706 * 1.0, 3) and lo == m - (hi - m)
