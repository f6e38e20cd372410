"""Elo ratings from multi-player results: order, symmetry, finiteness and intervals."""

from __future__ import annotations

import pytest

from inferno.bots.elo import GameRanks, fit, pair_scores, ratings


def test_four_player_game_splits_into_pairs_of_different_bots() -> None:
    g = GameRanks(("a", "b", "b", "c"), (1, 2, 2, 4))
    wins, count = pair_scores([g], ["a", "b", "c"])
    assert count[0][1] == 2 and count[1][2] == 2 and count[0][2] == 1
    assert wins[0][1] == 2 and wins[1][0] == 0 and wins[1][2] == 2 and wins[2][1] == 0


def test_even_results_give_equal_ratings() -> None:
    games = [GameRanks(("a", "b"), (1, 2)), GameRanks(("b", "a"), (1, 2)), GameRanks(("a", "b"), (1, 1))]
    a, b = fit(games, ["a", "b"])
    assert a == pytest.approx(1500) and b == pytest.approx(1500)


def test_stronger_bot_rates_higher_and_stays_finite() -> None:
    games = [GameRanks(("x", "y", "z"), (1, 2, 3)) for _ in range(20)]
    x, y, z = fit(games, ["x", "y", "z"])
    assert x > y > z
    assert x < 3000 and z > 0


def test_interval_contains_the_rating() -> None:
    games = [GameRanks(("a", "b"), (1, 2)) if i % 3 else GameRanks(("a", "b"), (2, 1)) for i in range(30)]
    ra, rb = ratings(games, ["a", "b"], samples=100, seed=1)
    assert ra.low <= ra.elo <= ra.high and rb.low <= rb.elo <= rb.high
    assert ra.elo > rb.elo and ra.low < ra.high
