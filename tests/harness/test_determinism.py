"""Determinism: all randomness happens at setup from the seed (STYLE lesson 5; RULES.md §0.2).

The same seed and the same actions give the same state and the same log, byte for byte; different
seeds give different games.
"""

from __future__ import annotations

import json

import pytest

import inferno
from tests.harness.play import SIDES, play_random


def _snapshot_json(s: inferno.State) -> str:
    return json.dumps(inferno.state_to_dict(s), sort_keys=True)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("side", SIDES)
def test_same_seed_same_actions_same_game(players: int, side: str) -> None:
    """Two games from one seed, driven by the same actions, agree in state, actions and log."""
    first = play_random(players, 7, side)
    second = inferno.new_game(players, 7, side=side, side_variant=True)
    assert _snapshot_json(second) == _snapshot_json(inferno.replay(inferno.record_of(first), upto=0))
    for text in inferno.action_lines(first):
        inferno.apply_in_place(second, inferno.parse_action(second, text))
    assert _snapshot_json(second) == _snapshot_json(first)
    assert inferno.log_lines(second) == inferno.log_lines(first)
    assert inferno.log_json(second) == inferno.log_json(first)
    assert inferno.result(second) == inferno.result(first)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_same_seed_same_bot_same_game(players: int) -> None:
    """Re-running a seeded random-bot game reproduces it exactly, with or without the event log."""
    a = play_random(players, 3)
    b = play_random(players, 3)
    quiet = play_random(players, 3, record_events=False)
    assert _snapshot_json(a) == _snapshot_json(b)
    assert inferno.log_lines(a) == inferno.log_lines(b)
    assert inferno.action_lines(quiet) == inferno.action_lines(a)
    assert [pl.infamy for pl in quiet.players] == [pl.infamy for pl in a.players]
    assert inferno.log_lines(quiet) == []


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_different_seeds_differ(players: int) -> None:
    """Different seeds give different setups (§3.1: locations, bonuses, Plague deck, Fraud deck, Guardians)."""
    setups = {}
    for seed in range(12):
        d = inferno.state_to_dict(inferno.new_game(players, seed))
        d.pop("config")
        setups[seed] = json.dumps(d, sort_keys=True)
    assert len(set(setups.values())) == len(setups)
    games = {tuple(inferno.action_lines(play_random(players, seed))) for seed in range(4)}
    assert len(games) == 4
