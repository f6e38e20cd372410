"""The position evaluation: exact at the end of the game, sensible on the final-scoring terms (S3)."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import inferno
from inferno.bots.base import RandomBot, play_game
from inferno.bots.evaluation import DEFAULT_WEIGHTS, player_values, projected_phlegethon, utilities
from tests.bots.conftest import advance_to_choice


def test_finished_game_values_are_final_infamy() -> None:
    s = inferno.new_game(3, seed=2, record_events=False)
    play_game(s, [RandomBot(i) for i in range(3)])
    r = inferno.result(s)
    assert player_values(s) == [float(p.infamy) for p in r.players]
    u = utilities(s)
    assert [p for p in range(3) if u[p] > 0] == list(r.winners)
    assert abs(sum(u) - 1.0) < 1e-9


def test_utilities_are_win_estimates_between_0_and_1() -> None:
    s = advance_to_choice(inferno.new_game(4, seed=8, record_events=False), random.Random(1), 60)
    u = utilities(s)
    assert len(u) == 4 and all(0.0 < x < 1.0 for x in u)
    values = player_values(s)
    leader = max(range(4), key=lambda p: values[p])
    assert u[leader] == max(u)


ALL_RIVALS = replace(DEFAULT_WEIGHTS, all_rivals=True)


def test_all_rivals_share_the_win_among_three_or_more_families() -> None:
    """With ``all_rivals`` and 3 or 4 players the win chances are shares of exp(Infamy / margin_scale): they
    sum to 1, follow the estimates' order, and a trailing family counts against the leader, which the
    margin over the best rival alone ignores."""
    for players in (3, 4):
        s = advance_to_choice(inferno.new_game(players, seed=8, record_events=False), random.Random(1), 60)
        values = player_values(s, ALL_RIVALS)
        shares = utilities(s, ALL_RIVALS)
        assert abs(sum(shares) - 1.0) < 1e-9
        assert sorted(range(players), key=lambda p: shares[p]) == sorted(range(players), key=lambda p: values[p])
        weights = [math.exp(v / ALL_RIVALS.margin_scale) for v in values]
        assert all(abs(x - w / sum(weights)) < 1e-9 for x, w in zip(shares, weights, strict=True))
        assert shares != utilities(s, DEFAULT_WEIGHTS)


def test_all_rivals_changes_nothing_with_two_players() -> None:
    """With 2 players a share of the win over all rivals is the margin's logistic curve: the estimate
    gives exactly the same numbers, so two-player play does not change."""
    rng = random.Random(4)
    s = inferno.new_game(2, seed=5, record_events=False)
    for _ in range(5):
        s = advance_to_choice(s, rng, 25)
        if s.over:
            break
        assert utilities(s, ALL_RIVALS) == utilities(s, DEFAULT_WEIGHTS)
        values = player_values(s)
        e = [math.exp(v / DEFAULT_WEIGHTS.margin_scale) for v in values]
        assert abs(utilities(s)[0] - e[0] / sum(e)) < 1e-9


def test_held_diploma_counts_phlegethon_times_skull_level() -> None:
    """S3 step 4: a Diploma scores Phlegethon value × Skull level, so one more level adds one cube."""
    s = inferno.new_game(2, seed=1, record_events=False)
    s.own_player(0).diplomas |= 1 << 4
    s.own_player(0).tracks[4] = 2
    before = player_values(s)[0]
    s.own_player(0).tracks[4] = 3
    gained = player_values(s)[0] - before
    assert gained >= projected_phlegethon(s)[4] - 1e-9


def test_loans_lower_the_estimate() -> None:
    """S0 loan table / S3 step 5: the Boat's position costs Infamy at the end."""
    s = inferno.new_game(2, seed=1, record_events=False)
    base = player_values(s)[1]
    s.own_player(1).loans = 2
    assert player_values(s)[1] < base


def test_projected_phlegethon_stays_within_its_track() -> None:
    """S3 step 2: the cube never goes below the minimum (1) nor above its start or raised value."""
    s = advance_to_choice(inferno.new_game(2, seed=3, record_events=False), random.Random(3), 120)
    proj = projected_phlegethon(s)
    for circle in range(2, 10):
        assert s.rules.phleg_min <= proj[circle] <= s.phleg[circle]


def test_the_expert_shares_the_win_over_all_rivals_from_three_families() -> None:
    """The expert (and the hints and reviews that use its estimate) shares the win out over all rivals
    at a table of 3 or more, and judges a 2-player position exactly as its learned weights always did."""
    from inferno.bots.expert import expert_evaluator
    from inferno.bots.learned_weights import expert_weights
    from inferno.bots.search import HeuristicEvaluator

    rng = random.Random(2)
    s3 = advance_to_choice(inferno.new_game(3, seed=6, record_events=False), rng, 50)
    shares, _ = expert_evaluator().evaluate(s3)
    assert abs(sum(shares) - 1.0) < 1e-9
    s2 = advance_to_choice(inferno.new_game(2, seed=6, record_events=False), rng, 50)
    assert expert_evaluator().evaluate(s2) == HeuristicEvaluator(expert_weights()).evaluate(s2)
