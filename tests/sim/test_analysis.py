"""The analysis of a small fixed file (tests/sim/data/small.jsonl: 12 three-player games between
random bots, seeds 100-111, written by ``inferno simulate -n 12 -p 3 --first-seed 100``).

Expected values were counted from the file by hand (jq) and the intervals checked against
scipy.stats (binomtest(...).proportion_ci(method="wilson"), chi2.sf)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from inferno.cli.analyse import command as analyse_command
from inferno.sim.analysis import analyse, chi2_sf, wilson
from inferno.sim.plots import save_plots
from inferno.sim.record import GameSummary
from inferno.sim.writers import SimFileError, read_records, write_records

SMALL = Path(__file__).parent / "data" / "small.jsonl"


@pytest.fixture(scope="module")
def small() -> list[GameSummary]:
    return read_records(SMALL)


def test_wilson_interval_matches_reference_values() -> None:
    assert wilson(2, 12) == pytest.approx((0.046965142, 0.448030862))
    assert wilson(6, 12) == pytest.approx((0.253781598, 0.746218402))
    assert wilson(0, 10) == pytest.approx((0.0, 0.277532800))
    low, high = wilson(60, 60)
    assert low == pytest.approx(0.939828148)
    assert high == 1.0  # exactly 1: a plot's error bar must not go negative
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(
    ("x", "df", "p"),
    [
        (2.0, 2, 0.367879441),
        (3.841, 1, 0.050013684),
        (7.815, 3, 0.049993903),
        (5.5, 4, 0.239729480),
        (11.07, 5, 0.050009619),
    ],
)
def test_chi_square_tail_matches_reference_values(x: float, df: int, p: float) -> None:
    assert chi2_sf(x, df) == pytest.approx(p, rel=1e-7)


def test_win_rate_by_seat_with_intervals(small: list[GameSummary]) -> None:
    a = analyse(small)
    assert (a.games, a.players, a.sides, a.shared_wins) == (12, 3, ("III/IV",), 0)
    assert [s.win.wins for s in a.seats] == [2, 4, 6]
    assert a.seats[2].win.rate == pytest.approx(0.5)
    assert (a.seats[1].win.low, a.seats[1].win.high) == pytest.approx((0.138120091, 0.609377911))
    assert a.seat_chi2 == pytest.approx(2.0)  # sole wins 2, 4, 6 against 4 each
    assert a.seat_p == pytest.approx(0.367879441)
    assert [(b.label, b.wins, b.games) for b in a.bots] == [("random", 12, 36)]


def test_scores_sources_length_and_visits(small: list[GameSummary]) -> None:
    a = analyse(small)
    d = a.seats[2].infamy
    assert (d.min, d.q1, d.median, d.q3, d.max) == (-74, -46.5, -35, -27, 8)
    assert a.seats[0].sources["souls"] == pytest.approx(165 / 12)
    assert a.seats[0].sources["loan_end"] == pytest.approx(-4)
    assert a.seats[1].visits["haystack"] == pytest.approx(25 / 12)
    assert a.visits_winners["bank"] == pytest.approx(21 / 12)  # BANK visits of the 12 winners
    assert a.visits_others["bank"] == pytest.approx(44 / 24)
    assert (a.turns.mean, a.turns.median, a.turns.min, a.turns.max) == (79.25, 82, 57, 94)
    assert (a.sudden_death.wins, a.sudden_death.games) == (12, 12)
    assert (a.accusations.min, a.accusations.max) == (4, 13)


def test_every_format_gives_the_same_analysis(tmp_path: Path, small: list[GameSummary]) -> None:
    for suffix in (".csv", ".parquet"):
        path = tmp_path / f"small{suffix}"
        write_records(path, small)
        assert analyse(read_records(path)) == analyse(small)


def test_plots_are_written_as_png(tmp_path: Path, small: list[GameSummary]) -> None:
    paths = save_plots(small, analyse(small), tmp_path / "plots")
    names = sorted(p.name for p in paths)
    assert names == [
        "game_length.png",
        "points_by_source.png",
        "score_by_seat.png",
        "visits_by_location.png",
        "win_rate_by_seat.png",
    ]
    for p in paths:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_win_rate_by_bot_counts_every_seat_a_bot_played(tmp_path: Path, small: list[GameSummary]) -> None:
    """Seat 3 renamed 'other': it won 6 of its 12 games; 'random' won the other 6 of 24."""
    mixed = [dataclasses.replace(g, seats=(*g.seats[:2], dataclasses.replace(g.seats[2], bot="other"))) for g in small]
    a = analyse(mixed)
    assert [(b.label, b.wins, b.games) for b in a.bots] == [("other", 6, 12), ("random", 6, 24)]
    assert (tmp_path / "p" / "win_rate_by_bot.png") in save_plots(mixed, a, tmp_path / "p")


def test_plots_handle_a_bot_that_always_wins(tmp_path: Path, small: list[GameSummary]) -> None:
    """Each game's winner renamed 'best': 100% and 0% win rates (intervals touching 1 and 0)."""
    renamed = [
        dataclasses.replace(g, seats=tuple(dataclasses.replace(x, bot="best" if x.winner else "rest") for x in g.seats))
        for g in small
    ]
    a = analyse(renamed)
    best, rest = a.bots
    assert (best.label, best.rate, best.high) == ("best", 1.0, 1.0)
    assert best.low == pytest.approx(0.757505993)
    assert (rest.label, rest.rate, rest.low) == ("rest", 0.0, 0.0)
    assert (tmp_path / "win_rate_by_bot.png") in save_plots(renamed, a, tmp_path)


def test_mixed_player_counts_and_empty_files_are_refused(small: list[GameSummary]) -> None:
    two = dataclasses.replace(small[0], players=2, seats=small[0].seats[:2])
    with pytest.raises(SimFileError, match="different player counts"):
        analyse([*small, two])
    with pytest.raises(SimFileError, match="no games"):
        analyse([])


def test_analyse_command_prints_tables_json_and_plots(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(analyse_command, [str(SMALL), "--plots", str(tmp_path / "png")], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "16.7% (2/12)" in res.output and "50.0% (6/12)" in res.output
    assert len(list((tmp_path / "png").glob("*.png"))) == 5
    res = runner.invoke(analyse_command, [str(SMALL), "--json", "--no-plots"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["games"] == 12 and [s["win"]["wins"] for s in data["seats"]] == [2, 4, 6]


def test_hell_at_the_end_by_circle(tmp_path: Path, small: list[GameSummary]) -> None:
    """Each circle's mean empty shields at the end and how often it ended full, with its interval (the
    Phlegethon moves one step left per empty shield: rulebook, Game End & Final Scoring p.16-17). The
    small file predates the empty shields: no table then."""
    assert analyse(small).circles == ()
    ends = [(0, 0, 1, 0, 2, 0, 0, 0, 0) if i % 4 == 0 else (1, 2, 1, 3, 2, 1, 1, 1, 1) for i in range(len(small))]
    games = [dataclasses.replace(g, empty_shields=e) for g, e in zip(small, ends, strict=True)]
    a = analyse(games)
    assert [c.circle for c in a.circles] == list(range(1, 10))
    greed = a.circles[3]
    assert greed.empty == pytest.approx(9 * 3 / 12) and (greed.full.wins, greed.full.games) == (3, 12)
    assert (greed.full.low, greed.full.high) == pytest.approx(wilson(3, 12))
    assert a.circles[2].full.wins == 0 and a.circles[2].empty == 1.0
    write_records(tmp_path / "g.jsonl", games)
    res = CliRunner().invoke(analyse_command, [str(tmp_path / "g.jsonl"), "--no-plots"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "Hell at the end, by circle" in res.output and "4 Greed" in res.output and "1 Limbo" in res.output
    assert "25.0% (3/12)" in res.output
