"""The calibration targets (``inferno.sim.targets``): the table, its sources, and the verdicts it gives."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from inferno.rules.engine import apply_in_place, legal_actions
from inferno.rules.model import Rules
from inferno.rules.pack import load_rules
from inferno.rules.setup import new_game
from inferno.sim.game import SimConfig, play_one
from inferno.sim.record import SIN_CIRCLES, GameSummary
from inferno.sim.targets import (
    PLAY_TIMES,
    TARGETS,
    Bounds,
    Estimate,
    Measures,
    Scope,
    SourceKind,
    Status,
    StrategyComparison,
    TargetKey,
    Unit,
    check_comparison,
    check_count,
    check_rules,
    empty_circle_cubes,
    hell_sizes,
    rounds_band,
    target,
)


def _measures(players: int = 2, **figures: Estimate | float | None) -> Measures:
    """Figures that meet every target, with ``figures`` replaced."""
    base = Measures(
        players=players,
        games=200,
        sudden_death=Estimate(0.01, 0.0, 0.03),
        full_circles=Estimate(1.4, 1.2, 1.6),
        phlegethon_at_minimum=Estimate(0.15, 0.12, 0.18),
        souls_share=Estimate(0.33, 0.31, 0.35),
        diplomas_share=Estimate(0.3, 0.28, 0.32),
        rounds=Estimate(22.0, 21.0, 23.0),
        seat_p=0.5,
    )
    return replace(base, **figures)  # type: ignore[arg-type]


def _by_key(verdicts: tuple[object, ...]) -> dict[TargetKey, object]:
    return {v.key: v for v in verdicts}  # type: ignore[attr-defined]


def test_every_target_names_its_source_and_how_to_fix_the_data() -> None:
    keys = [t.key for t in TARGETS]
    assert len(keys) == len(set(keys)) == len(TargetKey)
    for t in TARGETS:
        assert t.source.where and "_" not in t.name and "_" not in t.source.text()
        if t.source.kind is not SourceKind.PROJECT:
            assert t.source.quote or t.source.gist, t.key  # a rulebook sentence, or what a reviewer says
        for b in (t.bounds, *(b for _, b in t.by_players)):
            assert b.low is None or t.fix_if_low, t.key
            assert b.high is None or t.fix_if_high, t.key
    assert target(TargetKey.SUDDEN_DEATH).bounds == Bounds(high=0.05)
    assert target(TargetKey.PHLEGETHON_AT_MINIMUM).bounds == Bounds(high=0.25, high_strict=True)
    assert target(TargetKey.SOULS_SHARE).bounds == Bounds(0.25, 0.40)
    assert target(TargetKey.CIRCLE_FILLER).scope is Scope.COMPARISON


def test_the_rounds_band_follows_play_time_and_turn_time() -> None:
    """Play time over the players' turns at 1.5 to 3 minutes a turn; a solo game as long as 2 players'."""
    assert rounds_band(2) == Bounds(12.5, 35.0)
    assert rounds_band(1) == rounds_band(2)
    assert rounds_band(4) == Bounds(10.0, 30.0)
    for t in PLAY_TIMES:
        band = rounds_band(t.players)
        assert band.low == round(t.low / (t.players * 3), 1) and band.high == round(t.high / (t.players * 1.5), 1)
    length = target(TargetKey.GAME_LENGTH)
    assert length.bounds_for(3) == rounds_band(3) and length.bounds_for(None) == length.bounds
    with pytest.raises(ValueError, match="no play time"):
        rounds_band(6)


def test_figures_that_meet_every_target_pass() -> None:
    verdicts = check_count(_measures())
    assert [v.key for v in verdicts] == [t.key for t in TARGETS if t.scope is Scope.GAMES]
    assert all(v.status is Status.MET and v.ok and v.decided and v.fix == "" for v in verdicts)
    json.dumps([v.to_dict() for v in verdicts])  # plain values only


def test_a_missed_target_says_which_way_to_move_the_data() -> None:
    v = _by_key(
        check_count(
            _measures(
                sudden_death=Estimate(0.08, 0.05, 0.12),
                full_circles=Estimate(0.996, 0.9, 1.1),
                souls_share=Estimate(0.46, 0.44, 0.48),
                diplomas_share=Estimate(0.2, 0.18, 0.22),
                rounds=Estimate(40.0, 38.0, 42.0),
                seat_p=0.004,
            )
        )
    )
    sudden = v[TargetKey.SUDDEN_DEATH]
    assert sudden.status is Status.MISSED and "larger" in sudden.fix and "teaching guide" in sudden.source
    full = v[TargetKey.FULL_CIRCLES]
    assert full.shown.startswith("0.996 (") and "smaller" in full.fix and not full.decided
    assert "Filling one or two circles well" in full.source
    assert v[TargetKey.SOULS_SHARE].fix == target(TargetKey.SOULS_SHARE).fix_if_high
    assert v[TargetKey.DIPLOMAS_SHARE].fix == target(TargetKey.DIPLOMAS_SHARE).fix_if_low
    assert v[TargetKey.GAME_LENGTH].fix == target(TargetKey.GAME_LENGTH).fix_if_high
    assert v[TargetKey.SEAT_FAIRNESS].status is Status.MISSED and v[TargetKey.SEAT_FAIRNESS].shown == "p = 0.004"
    assert v[TargetKey.SEAT_FAIRNESS].goal == "p ≥ 0.01"
    assert v[TargetKey.PHLEGETHON_AT_MINIMUM].status is Status.MET


def test_a_figure_on_a_targets_edge_prints_the_decimals_that_decide() -> None:
    v = _by_key(
        check_count(
            _measures(
                sudden_death=Estimate(0.0496, 0.04, 0.06),
                phlegethon_at_minimum=Estimate(0.25, 0.2, 0.3),
                souls_share=Estimate(0.3996, 0.38, 0.42),
            )
        )
    )
    sudden = v[TargetKey.SUDDEN_DEATH]
    assert sudden.shown.startswith("4.96% (") and sudden.status is Status.MET and not sudden.decided
    cubes = v[TargetKey.PHLEGETHON_AT_MINIMUM]  # fewer than a quarter: a quarter itself misses
    assert cubes.status is Status.MISSED and cubes.shown.startswith("25.0% (") and cubes.goal == "< 25%"
    assert "Phlegethon" in cubes.fix
    assert v[TargetKey.SOULS_SHARE].shown.startswith("39.96% (")
    assert not any("-0" in x.shown for x in v.values())  # type: ignore[attr-defined]


def test_unknown_and_inapplicable_figures() -> None:
    """Records without the Phlegethon cubes leave that target unmeasured (which fails nothing); the solo
    game has no seat fairness to test."""
    v = _by_key(check_count(_measures(phlegethon_at_minimum=None)))
    cubes = v[TargetKey.PHLEGETHON_AT_MINIMUM]
    assert cubes.status is Status.NOT_MEASURED and cubes.ok and cubes.fix == ""
    solo = _by_key(check_count(_measures(players=1)))
    assert TargetKey.SEAT_FAIRNESS not in solo and TargetKey.GAME_LENGTH in solo


def test_the_sides_check_reads_the_rules_data() -> None:
    rules = load_rules()
    sizes = hell_sizes(rules)
    small, large = rules.side_by_players[0], rules.side_by_players[-1]
    walls = rules.walls_above_circle
    for side, (total, below) in sizes.items():
        board = rules.boards[side]
        assert total == sum(len(board.circle_shields[k]) for k in range(1, 10))
        assert below == sum(len(board.circle_shields[k]) for k in range(walls, 10))
    v = _by_key(check_rules(rules))
    assert set(v) == {TargetKey.LARGER_HELL, TargetKey.LARGER_LOWER_HELL, TargetKey.EMPTY_CIRCLE_CUBE}
    hell = v[TargetKey.LARGER_HELL]
    assert hell.measured.value == sizes[large][0] - sizes[small][0]  # type: ignore[attr-defined]
    assert f"{large} {sizes[large][0]}, {small} {sizes[small][0]}" in hell.shown  # type: ignore[attr-defined]
    swapped = replace(rules, boards={small: rules.boards[large], large: rules.boards[small]})
    v = _by_key(check_rules(swapped))
    met = Status.MET if sizes[small][0] > sizes[large][0] else Status.MISSED
    assert v[TargetKey.LARGER_HELL].status is met  # type: ignore[attr-defined]
    same = replace(rules, boards={small: rules.boards[small], large: rules.boards[small]})
    v = _by_key(check_rules(same))
    assert v[TargetKey.LARGER_HELL].status is Status.MISSED  # equal is not larger
    assert v[TargetKey.LARGER_LOWER_HELL].status is Status.MET  # below the Walls, equal is enough


def _with_starts(rules: Rules, starts: dict[str, tuple[int, ...]]) -> Rules:
    """``rules`` with each named side's Phlegethon starts for circles 2–9 replaced."""
    boards = dict(rules.boards)
    for side, values in starts.items():
        boards[side] = replace(boards[side], phleg_start=(0, 0, *values))
    return replace(rules, boards=boards)


def test_an_empty_circle_leaves_its_cube_at_1_seed_003() -> None:
    """Seed 003 (Game End & Final Scoring): "a Skull at the top of a track earns just 1 point per level if
    its circle stays empty", so no cube may start more than one space above its circle's shields."""
    rules = load_rules()
    small, large = rules.side_by_players[0], rules.side_by_players[-1]
    cubes = empty_circle_cubes(rules)
    for (side, k), value in cubes.items():
        board = rules.boards[side]
        assert value == max(rules.phleg_min, board.phleg_start[k] - len(board.circle_shields[k]))
    low = {side: tuple(len(rules.boards[side].circle_shields[k]) + 1 for k in range(2, 10)) for side in (small, large)}
    ok = _by_key(check_rules(_with_starts(rules, low)))[TargetKey.EMPTY_CIRCLE_CUBE]
    assert ok.status is Status.MET and ok.shown == "1" and "earns just 1 point per level" in ok.source
    one_high = list(low[large])
    one_high[7] += 1  # circle 9
    bad = _by_key(check_rules(_with_starts(rules, {**low, large: tuple(one_high)})))[TargetKey.EMPTY_CIRCLE_CUBE]
    assert bad.status is Status.MISSED and bad.shown == f"2 (side {large} circle 9)"
    assert bad.fix.startswith("start that circle's cube lower, or give the circle more shields")


def test_the_strategy_comparison_is_shown_when_given() -> None:
    (missing,) = check_comparison(None)
    assert missing.status is Status.NOT_MEASURED and missing.ok and missing.shown == ""
    assert "Filling one or two circles well" in missing.source
    (clear,) = check_comparison(StrategyComparison.parse("62/100"))
    assert clear.status is Status.MET and clear.decided and clear.shown.startswith("62 of 100: 62.0% (")
    (close,) = check_comparison(StrategyComparison(55, 100))
    assert close.status is Status.MET and not close.decided
    (lost,) = check_comparison(StrategyComparison(50, 100))
    assert lost.status is Status.MISSED and "fill" in lost.fix  # "usually beats" is more than half
    for bad in ("62", "a/b", "101/100", "1/0"):
        with pytest.raises(ValueError, match="WINS/GAMES"):
            StrategyComparison.parse(bad)
    assert target(TargetKey.CIRCLE_FILLER).unit is Unit.SHARE


def test_the_record_keeps_the_phlegethon_cubes_at_the_end() -> None:
    """The cubes of circles 2–9 after final scoring, and the rules data's minimum, from the engine."""
    s = new_game(2, 1)
    while not s.over:
        apply_in_place(s, legal_actions(s)[0])
    rec = play_one(SimConfig(2, ("random", "random")), 1)
    assert len(rec.phlegethon) == len(SIN_CIRCLES) and rec.phlegethon_min == s.rules.phleg_min
    assert all(s.rules.phleg_min <= v <= s.rules.phleg_max for v in rec.phlegethon)
    assert rec.phlegethon_at_minimum == sum(v == s.rules.phleg_min for v in rec.phlegethon)
    assert GameSummary.from_dict(rec.to_dict()) == rec and GameSummary.from_row(rec.to_row()) == rec
    old = rec.to_dict()
    for key in ("phlegethon", "phlegethon_min", "phlegethon_at_minimum"):
        del old[key]
    assert GameSummary.from_dict(old).phlegethon == () and GameSummary.from_dict(old).phlegethon_at_minimum == 0


def test_the_docs_list_every_target_with_its_goal() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "rules-data" / "health.md").read_text(encoding="utf-8")
    for t in TARGETS:
        assert f"| {t.name} |" in page or f"| {t.name.split(' (')[0]} |" in page, t.name
        if not t.by_players:
            assert t.bounds.text(t.unit) in page, t.key
    for n in (1, 2, 3, 4, 5):
        b = rounds_band(n)
        assert f"{b.low:g}–{b.high:g} |" in page, n
