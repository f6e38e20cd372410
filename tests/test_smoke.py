"""Smoke test: seeded random games of every player count finish with a result."""

import random

import pytest

import inferno


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_game_finishes(players: int) -> None:
    s = inferno.new_game(players, seed=11)
    rng = random.Random(11)
    while not s.over:
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    r = inferno.result(s)
    assert len(r.players) == players
    if players == 1:  # a solo game is won or lost against the Rival or the target
        assert r.solo is not None and r.winners == ((0,) if r.solo.won else ())
    else:
        assert r.winners
