"""The position evaluation: exact at the end of the game, sensible on the final-scoring terms (S3)."""

from __future__ import annotations

import random

import inferno
from inferno.bots.base import RandomBot, play_game
from inferno.bots.evaluation import player_values, projected_phlegethon, utilities
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
