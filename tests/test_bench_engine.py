"""The engine benchmark's side-by-side catanatron measurement: a clear message without catanatron (a
benchmark-only dependency), and figures from the same timing as the engine's rows when it is there."""

from __future__ import annotations

import pytest

from tests.benchmark_modules import load_benchmark


def test_without_catanatron_the_comparison_stops_at_once_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load_benchmark("bench_engine")
    monkeypatch.setattr(bench, "catanatron_available", lambda: False)
    assert bench.main(["--catanatron", "--games", "1", "--players", "2"]) == 2
    out = capsys.readouterr()
    assert out.err.strip() == bench.CATANATRON_MISSING and "Traceback" not in out.err and out.out == ""


def test_catanatron_is_measured_per_decision_and_per_copy() -> None:
    bench = load_benchmark("bench_engine")
    assert bench.catanatron_available()  # in the dev extra, which the test run installs
    row = bench.measure_catanatron(2, games=1, repeat=1)
    assert row.players == 2 and row.decisions_per_game > 50
    assert 0 < row.decision_us < 10_000 and 0 < row.copy_us < 10_000
