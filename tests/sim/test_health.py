"""The data-health report (``inferno rules check``): figures, targets, the command and its errors."""

from __future__ import annotations

import json
import math
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from tools.generate_default_data import SIDES, board

import inferno
from inferno.cli.main import cli
from inferno.rules.engine import apply_in_place, legal_actions
from inferno.rules.pack import load_rules
from inferno.rules.setup import new_game
from inferno.sim.analysis import WinRate
from inferno.sim.game import SimConfig, play_one
from inferno.sim.health import (
    POINT_GROUPS,
    HealthConfig,
    Mean,
    decisive_digits,
    percent,
    report_rows,
    run_health,
    seat_shares,
    seed_conflicts,
    summarise_count,
)
from inferno.sim.record import CIRCLES, GameSummary, empty_shields
from inferno.sim.targets import TARGETS, Bounds, Scope, Status, TargetKey, check_count


def _run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cli, ["rules", "check", *args], env={"COLUMNS": "200"})
    return res.exit_code, res.output


@pytest.fixture(scope="module")
def small_report_games() -> list[GameSummary]:
    cfg = SimConfig(3, ("random",) * 3)
    return [play_one(cfg, seed) for seed in range(6)]


def test_mean_interval_is_the_normal_approximation() -> None:
    m = Mean.of([1.0, 2.0, 3.0, 4.0])
    half = 1.959963984540054 * math.sqrt(5 / 3) / 2
    assert m.mean == 2.5 and m.n == 4
    assert m.low == pytest.approx(2.5 - half) and m.high == pytest.approx(2.5 + half)
    assert Mean.of([]).n == 0 and Mean.of([7.0]).low == 7.0
    assert Mean(0.03, -0.004, 0.1, 3).text() == "0.0 (0.0–0.1)"  # never "-0.0"
    assert Mean(-5.0, -10.0, -0.5, 3).text() == "-5.0 (-10.0–-0.5)"


def test_seat_shares_count_gains_only(small_report_games: list[GameSummary]) -> None:
    """Shares are of a seat's gains by source; losses (loans, councils) do not enter them."""
    for g in small_report_games:
        for seat in g.seats:
            shares = seat_shares(seat)
            gains = sum(max(0, seat.sources[src]) for srcs in POINT_GROUPS.values() for src in srcs)
            assert sum(shares.values()) == pytest.approx(1.0 if gains else 0.0)
            if gains:
                assert shares["souls"] == pytest.approx(max(0, seat.sources["souls"]) / gains)


def test_record_counts_empty_shields_dante_and_passages() -> None:
    """The record's new figures agree with the finished state: empty shields per circle, Dante's
    moves by accusation (never more than his path), safe passages placed by choice."""
    for players, seed in ((2, 3), (4, 8)):
        rec = play_one(SimConfig(players, ("greedy",) * players), seed)
        s = new_game(players, seed)
        assert rec.dante_stops == len(s.stops)
        assert 0 <= rec.dante_moves <= rec.dante_stops
        assert len(rec.empty_shields) == len(CIRCLES)
        for k, e in zip(CIRCLES, rec.empty_shields, strict=True):
            assert 0 <= e <= len(s.board.circle_shields[k])
        for seat in rec.seats:
            assert seat.passages <= seat.passage_offers
    s = new_game(2, 1)
    # at the start only the Guardians stand in Hell
    assert sum(empty_shields(s)) == s.board.size - len(s.guardian_pos)
    while not s.over:
        apply_in_place(s, legal_actions(s)[0])
    assert sum(empty_shields(s)) < s.board.size


def test_summary_figures_are_consistent(small_report_games: list[GameSummary]) -> None:
    h = summarise_count(small_report_games, (5, 6, 6, 6, 5, 5, 5, 4, 4))
    assert h.games == 6 and h.players == 3
    assert h.sudden_death.wins == sum(g.sudden_death for g in small_report_games)
    assert h.rounds.mean == pytest.approx(sum(g.turns for g in small_report_games) / 18)
    assert sum(w.wins for w in h.seat_wins) >= 6  # every game has a winner; shared wins count for each
    assert [p.bot for p in h.profiles] == ["random"] and h.profiles[0].seats == 18
    assert h.council_losses.mean + h.loan_losses.mean == pytest.approx(h.losses.mean)
    assert [v.key for v in h.checks] == [t.key for t in TARGETS if t.scope is Scope.GAMES]
    assert h.full_circles.mean == pytest.approx(sum(g.full_circles for g in small_report_games) / 6)
    at_min = [g.phlegethon_at_minimum / len(g.phlegethon) for g in small_report_games]
    assert h.phlegethon_at_minimum.mean == pytest.approx(sum(at_min) / 6)


def test_targets_decide_the_verdict(small_report_games: list[GameSummary]) -> None:
    """A target the games miss fails; loosened until they meet it, it passes."""
    shields = (5, 6, 6, 6, 5, 5, 5, 4, 4)
    never = tuple(replace(t, bounds=Bounds(high=-1.0), by_players=()) for t in TARGETS)
    strict = summarise_count(small_report_games, shields, never)
    assert strict.checks and all(v.status is Status.MISSED for v in strict.checks) and not strict.ok
    anything = tuple(replace(t, bounds=Bounds(), by_players=()) for t in TARGETS)
    assert summarise_count(small_report_games, shields, anything).ok


def test_run_health_plays_every_count_on_its_side() -> None:
    seen: list[int] = []
    cfg = HealthConfig(players=(2, 3), bots="random", games=3)
    report = run_health(cfg, on_game=lambda n, _r: seen.append(n))
    assert seen == [2, 2, 2, 3, 3, 3]
    assert [(h.players, h.side, h.games) for h in report.counts] == [(2, "I/II", 3), (3, "III/IV", 3)]
    board = load_rules().boards["I/II"]
    assert report.counts[0].shields == tuple(len(board.circle_shields[k]) for k in CIRCLES)
    json.dumps(report.to_dict())  # the JSON form holds only plain values


def test_command_prints_the_report_and_writes_json_plots_and_records(tmp_path: Path) -> None:
    out, plots, recs = tmp_path / "h.json", tmp_path / "plots", tmp_path / "g.jsonl"
    code, text = _run(
        "-n", "3", "-p", "2,3", "-b", "random", "-j", "1", "-q",
        "--json", str(out), "--plots", str(plots), "--records", str(recs), "--circle-filler-wins", "55/100",
    )  # fmt: skip
    assert code == 0, text
    assert "2 players, side I/II" in text and "3 players, side III/IV" in text
    assert "sudden death" in text and "Verdict" in text
    assert "Competence profile, 2 players" in text and "councils per seat" in text and "Diplomas scored at ×1" in text
    assert "points lost to councils" in text and "points lost to loans" in text  # apart, not summed
    data = json.loads(out.read_text())
    assert [c["players"] for c in data["counts"]] == [2, 3]
    profile = data["counts"][0]["profiles"][0]
    assert (profile["bot"], profile["games"], profile["seats"]) == ("random", 3, 6)
    assert {"councils_with_alternative", "loans", "urchins", "full_circles", "at_one", "points"} <= set(profile)
    names = ["empty_shields.png", "hell_fills.png", "point_shares.png", "sudden_death.png"]
    assert sorted(p.name for p in plots.iterdir()) == names
    assert len(recs.read_text().splitlines()) == 6


def test_strict_fails_when_a_target_is_missed() -> None:
    """Random bots end almost every game in sudden death: with --strict the command says so by its status."""
    code, text = _run("-n", "4", "-p", "2", "-b", "random", "-j", "1", "-q", "--strict")
    assert code == 1 and "targets missed: " in text and "games ended by sudden death (2 players)" in text


def test_the_report_follows_a_rules_dir(tmp_path: Path) -> None:
    """A corrected board typed into a --rules-dir is what the report plays (its fingerprint and shields)."""
    counts = list(SIDES["I/II"])
    counts[8] += 1
    (tmp_path / "board_I_II.toml").write_text(board("I/II", counts), encoding="utf-8")
    base = run_health(HealthConfig(players=(2,), bots="random", games=1))
    other = run_health(HealthConfig(players=(2,), bots="random", games=1, rules_dir=str(tmp_path)))
    assert other.rules != base.rules
    assert other.counts[0].shields == tuple(counts)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("-p", "7"), "player counts go from 1 to 5"),
        (("-p", "two"), "is not a list of player counts"),
        (("-b", "nosuchbot"), "nosuchbot"),
        (("-p", "3", "-b", "random,greedy"), "3 players need 1 or 3 bots"),
        (("-n", "0"), "0"),
    ],
)
def test_bad_input_gets_a_clear_error(args: tuple[str, ...], message: str) -> None:
    code, text = _run(*args)
    assert code == 2 and message in text and "Traceback" not in text


def test_a_broken_rules_dir_is_named(tmp_path: Path) -> None:
    (tmp_path / "board_I_II.toml").write_text('side = "I/II"\n[[shield]]\nid = 3\n', encoding="utf-8")
    code, text = _run("-n", "1", "-p", "2", "--rules-dir", str(tmp_path))
    assert code == 1 and "board_I_II.toml" in text and "Traceback" not in text


def test_replace_keeps_checks_consistent(small_report_games: list[GameSummary]) -> None:
    h = summarise_count(small_report_games, (5, 6, 6, 6, 5, 5, 5, 4, 4))
    assert replace(h, checks=()).ok  # no targets: nothing fails


def test_the_default_data_ends_at_dantes_final_stop() -> None:
    """The calibrated default Hell: greedy games end when Dante reaches his end, not in sudden
    death (rulebook, Game End: sudden death is the exception). `make health` measures the full sample;
    this small fixed sample guards the data against a change that brings sudden death back."""
    report = run_health(HealthConfig(players=(2, 4), bots="greedy", games=8, first_seed=500))
    for h in report.counts:
        assert h.sudden_death.wins <= 1, (h.players, h.sudden_death)
        assert h.dante_moves.mean >= h.dante_stops - 1.5  # accusations carry Dante (nearly) to his end


# --- percentages on a target's edge, the solo Rival's accusations, values the rulebook states ---------


def test_a_percentage_on_a_targets_edge_shows_the_decimals_that_decide_it() -> None:
    """4.96% against a 5% target must not print as "5%" or "5.0%"; a value on the edge stays short."""
    assert percent(0.0496, 1, [0.05]) == "4.96%"
    assert percent(0.0504, 0, [0.05]) == "5.04%"
    assert percent(0.05, 1, [0.05]) == "5.0%" and percent(0.05) == "5%"
    assert percent(0.031, 1, [0.05]) == "3.1%"  # far from the edge: the usual decimals
    assert percent(0.199, 0, [0.2, 0.45]) == "19.9%" and percent(0.4496, 0, [0.2, 0.45]) == "44.96%"
    assert Mean(0.1996, 0.15, 0.25, 10).text(0, True, (0.2, 0.45)) == "19.96% (15.00–25.00)"
    assert decisive_digits(0.0096, [0.01], 2) == 4  # p = 0.0096 against p ≥ 0.01


def test_targets_print_their_measured_values_decisively(small_report_games: list[GameSummary]) -> None:
    h = summarise_count(small_report_games, (5, 6, 6, 6, 5, 5, 5, 4, 4))
    edge = replace(h, sudden_death=WinRate.of("sudden death", 124, 2500))  # 4.96%
    sudden = check_count(edge)[0]
    assert sudden.key is TargetKey.SUDDEN_DEATH
    assert (sudden.shown.split(" ")[0], sudden.goal, sudden.ok) == ("4.96%", "≤ 5%", True)
    rows = dict(report_rows(edge))
    assert rows["sudden death"].startswith("4.96% (")


def test_solo_counts_the_rivals_accusations_beside_the_players() -> None:
    """In the solo game the Rival accuses too (its cards), and its accusations move Dante: the report
    gives both counts, so Dante's stops add up."""
    report = run_health(HealthConfig(players=(1,), bots="random", games=3, first_seed=2))
    h = report.counts[0]
    assert h.players == 1 and h.rival == "the Rival"
    assert h.rival_accusations.n == 3 and h.rival_accusations.mean > 0
    rows = dict(report_rows(h))
    assert "your accusations per game" in rows and "the Rival's accusations per game" in rows
    assert "accusations per game" not in rows
    # the point shares judged in solo are the player's, won or lost
    assert "your points from Souls" in rows and "winners' points from Souls" not in rows
    assert h.measures().souls_share == h.shares_all["souls"].estimate()
    for seed in range(2, 5):
        g = play_one(SimConfig(1, ("random",)), seed)
        assert g.dante_moves <= g.accusations + g.rival_accusations
        assert GameSummary.from_dict(g.to_dict()) == g and GameSummary.from_row(g.to_row()) == g
    multi = run_health(HealthConfig(players=(2,), bots="random", games=1)).counts[0]
    assert multi.rival == "" and "accusations per game" in dict(report_rows(multi))


def test_a_rules_dir_contradicting_the_rulebook_is_warned_about(tmp_path: Path) -> None:
    """A value the rulebook states (SEED in the embedded data) changed in a rules directory is named in
    the report; a changed placeholder (DEFAULT) is not."""
    core = (Path(inferno.__file__).parent / "data" / "core.toml").read_text(encoding="utf-8")
    ferry = "ferry_cost = { value = 1,"
    start = 'start = { value = 4, provenance = "DEFAULT'
    assert ferry in core and start in core
    (tmp_path / "core.toml").write_text(
        core.replace(ferry, "ferry_cost = { value = 2,").replace(start, start.replace("4", "3")), encoding="utf-8"
    )
    (found,) = seed_conflicts(str(tmp_path))
    assert (found.file, found.path, found.value, found.rulebook) == ("core.toml", "money.ferry_cost", 2, 1)
    assert found.text().startswith("core.toml, money.ferry_cost: your data has 2 where the rulebook states 1 (rulebook")
    assert seed_conflicts(str(Path(inferno.__file__).parent / "data")) == ()  # the embedded copy itself
    code, text = _run("-n", "1", "-p", "2", "-b", "random", "-j", "1", "-q", "--rules-dir", str(tmp_path))
    assert code == 0, text
    assert "Warning: your rules data contradicts the rulebook in 1 value:" in text
    assert "money.ferry_cost: your data has 2 where the rulebook states 1" in text
    assert "and your rules data contradicts the rulebook in 1 value (see the warning at the top)" in text
    code, text = _run("-n", "1", "-p", "2", "-b", "random", "-j", "1", "-q")
    assert code == 0 and "contradicts the rulebook" not in text


def test_losses_are_apart_and_no_minus_zero_is_printed() -> None:
    """Councils are reported apart from loans, and no figure prints as "-0" (or "-0.0")."""
    code, text = _run("-n", "2", "-p", "1,2", "-b", "random", "-j", "1", "-q")
    assert code == 0, text
    assert "points lost to loans" in text and "points lost to councils" in text
    assert not re.search(r"(?<![\d.])-0(\.0+)?(?![\d.])", text), "a -0 figure was printed"


# --- the verdicts as an owner reads them ------------------------------------------------------------


def test_every_verdict_names_its_source_and_the_way_to_fix_the_data(tmp_path: Path) -> None:
    """Each target prints its measurement, goal, verdict and source; a missed one says which way to move
    the data; the rules data's own targets and the strategy comparison's come apart; the JSON carries
    the same verdicts."""
    out = tmp_path / "h.json"
    code, text = _run(
        "-n", "2", "-p", "2", "-b", "random", "-j", "1", "-q", "--json", str(out), "--circle-filler-wins", "62/100"
    )  # fmt: skip
    assert code == 0, text
    assert "Targets of the rules data" in text and "shields in Hell, side III/IV less side I/II" in text
    assert "Targets, 2 players" in text and "Target of the strategy comparison" in text
    assert text.count("source: ") == len(TARGETS)  # every target once (one player count)
    assert "missed  games ended by sudden death: " in text  # random bots: sudden death is common
    assert "to meet it: make Hell larger" in text
    assert (
        "62 of 100: 62.0%" in text
        and 'Filling one or two circles well usually beats collecting every Diploma."' in text
    )
    assert "full sin circles per game at the end" in text and "Phlegethon cubes at their minimum at the end" in text
    assert not {t.key.value for t in TARGETS} & set(re.findall(r"\w+", text))  # no internal keys, only words
    data = json.loads(out.read_text())
    checks = {c["key"]: c for c in data["counts"][0]["checks"]}
    assert checks["sudden_death"]["status"] == "missed" and checks["sudden_death"]["fix"].startswith("make Hell larger")
    assert checks["souls_share"]["source"].startswith("a teaching guide for the game")
    assert {c["key"] for c in data["data_checks"]} == {"larger_hell", "larger_lower_hell", "empty_circle_cube"}
    (comparison,) = data["comparison_checks"]
    assert comparison["status"] == "met" and comparison["measured"]["value"] == 0.62
    assert {t["key"] for t in data["targets"]} == {t.key.value for t in TARGETS}
    assert data["ok"] is False
    code, text = _run("-n", "1", "-p", "2", "-b", "random", "-j", "1", "-q")
    assert code == 0 and "not measured  a circle filler's wins against a Diploma collector (goal > 50%)" in text


def test_a_bad_strategy_comparison_gets_a_clear_error() -> None:
    code, text = _run("-n", "1", "-p", "2", "--circle-filler-wins", "62")
    assert code == 2 and "WINS/GAMES" in text and "Traceback" not in text


def test_intervals_of_figures_that_never_cross_zero_stay_on_their_side() -> None:
    """A count, a gain or a share never shows a negative end of its interval, a loss never a positive one."""
    assert Mean.of([0.0, 0.0, 0.0, 3.0]).low == 0.0
    assert Mean.of([0.0, -4.0, 0.0, 0.0]).high == 0.0
    assert Mean.of([-2.0, 3.0]).low < 0 < Mean.of([-2.0, 3.0]).high  # a figure of both signs keeps its interval
