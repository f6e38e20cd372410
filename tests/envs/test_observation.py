"""The observation vector (inferno.envs.observation): fixed length, bounded, from one player's view only
(RULES.md D5: other hands and the deck order are hidden)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import inferno
from inferno.envs.observation import default_encoder
from inferno.rules.state import State


def _midgame(players: int, seed: int, decisions: int = 80) -> State:
    s = inferno.new_game(players, seed, record_events=False)
    rng = random.Random(seed)
    for _ in range(decisions):
        if s.over:
            break
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    return s


def _swap_opponent_secrets(s: State, me: int) -> State:
    """The same public game with every other player's hand and the deck order dealt differently."""
    t = s.copy()
    pool = list(t.deck)
    for p, pl in enumerate(t.players):
        if p != me:
            pool += pl.hand
    rng = random.Random(99)
    for _ in range(20):
        rng.shuffle(pool)
        if pool != list(t.deck) + [c for p, pl in enumerate(t.players) if p != me for c in pl.hand]:
            break
    for p, pl in enumerate(t.players):
        if p != me:
            pl.hand = [pool.pop() for _ in pl.hand]
    t.deck = pool
    return t


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_observation_has_fixed_length_and_bounds(players: int) -> None:
    enc = default_encoder()
    s = inferno.new_game(players, 3, record_events=False)
    rng = random.Random(3)
    while not s.over:
        for p in range(players):
            o = enc.encode(inferno.view(s, p))
            assert o.shape == (enc.size,) and o.dtype == np.float32
            assert np.all(o >= -1.0) and np.all(o <= 1.0) and np.isfinite(o).all()
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_other_hands_and_deck_order_do_not_change_the_observation_d5(players: int) -> None:
    """D5: a player's observation is the same whatever the hidden cards of the others and the deck."""
    enc = default_encoder()
    for seed in range(3):
        s = _midgame(players, seed)
        me = inferno.to_move(s)
        t = _swap_opponent_secrets(s, me)
        assert [pl.hand for p, pl in enumerate(t.players) if p != me] != [
            pl.hand for p, pl in enumerate(s.players) if p != me
        ] or t.deck != s.deck
        assert np.array_equal(enc.encode(inferno.view(s, me)), enc.encode(inferno.view(t, me)))


def test_own_hand_changes_the_observation() -> None:
    """Control for the test above: the observer's own hand is part of its observation."""
    enc = default_encoder()
    s = _midgame(2, 1)
    me = inferno.to_move(s)
    t = s.copy()
    mine = t.players[me].hand
    assert mine and t.deck
    mine[0], t.deck[0] = t.deck[0], mine[0]
    assert not np.array_equal(enc.encode(inferno.view(s, me)), enc.encode(inferno.view(t, me)))


def test_seats_are_relative_to_the_observer() -> None:
    enc = default_encoder()
    s = _midgame(2, 4)
    s.players[0].infamy, s.players[1].infamy = 30, -20
    money0 = enc.at["player_0"] + enc.pat["money"] + 2
    money1 = enc.at["player_1"] + enc.pat["money"] + 2
    o0, o1 = enc.encode(inferno.view(s, 0)), enc.encode(inferno.view(s, 1))
    assert o0[money0] == pytest.approx(0.3) and o0[money1] == pytest.approx(-0.2)
    assert o1[money0] == pytest.approx(-0.2) and o1[money1] == pytest.approx(0.3)


def test_each_shield_of_the_board_has_exactly_one_category() -> None:
    enc = default_encoder()
    for players in (2, 3):
        s = _midgame(players, 5)
        o = enc.encode(inferno.view(s, 0))
        hell = o[enc.at["hell"] : enc.at["hell"] + enc.shields * enc.cells].reshape(enc.shields, enc.cells)
        assert hell[: s.board.size].sum(axis=1).tolist() == [1.0] * s.board.size
        assert hell[s.board.size :].sum() == 0.0


def test_encoding_needs_a_players_view() -> None:
    s = inferno.new_game(2, 0, record_events=False)
    with pytest.raises(ValueError):
        default_encoder().encode(s)
    with pytest.raises(ValueError):
        default_encoder().encode(inferno.view(s, -1))


def test_segments_tile_the_vector() -> None:
    enc = default_encoder()
    ends = [seg.start + seg.size for seg in enc.segments]
    assert [seg.start for seg in enc.segments[1:]] == ends[:-1]
    assert ends[-1] == enc.size
    assert sum(seg.size for seg in enc.player_parts) == enc.player_size
