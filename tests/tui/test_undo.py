"""Undo limits: own decisions in the current turn only, never past a revealed card or
another player's decision (RULES.md D5 keeps the deck order secret)."""

from __future__ import annotations

import random

import pytest

import inferno
from inferno.records.record import GameRecord, record_of
from inferno.records.undo import UndoError, steps_of, undo, undoable
from inferno.rules.actions import Decision


def _play_until(seed: int, players: int, stop, limit: int = 5000) -> inferno.State:
    """Play random actions from a fresh game until ``stop(state)`` holds."""
    s = inferno.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(s):
            return s
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    raise AssertionError("situation not reached")


def test_undo_own_decision_restores_the_exact_state() -> None:
    s = inferno.new_game(3, 11)
    p = inferno.to_move(s)
    before = inferno.state_to_dict(s)
    a = inferno.legal_actions(s)[0]
    after = inferno.apply(s, a)
    assert inferno.to_move(after) == p  # the Hell move continues with a line choice
    rec, back = undo(record_of(after), p, 1)
    assert rec.actions == []
    assert inferno.state_to_dict(back) == before


def test_cannot_undo_for_a_player_who_is_not_deciding() -> None:
    s = inferno.new_game(3, 11)
    p = inferno.to_move(s)
    after = inferno.apply(s, inferno.legal_actions(s)[0])
    other = (p + 1) % 3
    with pytest.raises(UndoError, match="not your decision"):
        undo(record_of(after), other, 1)


def test_cannot_undo_into_the_previous_turn_or_another_players_move() -> None:
    """Once the turn has passed, the new player has nothing to take back and the old one may not."""
    s = _play_until(3, 2, lambda s: s.turn == 2 and s.version > 0 and s.stack[-1][0] == Decision.HELL)
    rec = record_of(s)
    steps = steps_of(rec)
    now = inferno.to_move(s)
    assert steps[-1].player != now
    assert undoable(steps, now, s.turn, now) == 0
    assert undoable(steps, steps[-1].player, s.turn, now) == 0
    with pytest.raises(UndoError):
        undo(rec, now, 1)


def test_undo_count_stops_at_turn_start_and_more_is_refused() -> None:
    s = _play_until(5, 2, lambda s: s.turn == 2 and s.stack[-1][0] == Decision.FLORENCE)
    rec = record_of(s)
    p = inferno.to_move(s)
    k = undoable(steps_of(rec), p, s.turn, p)
    assert k >= 2  # at least the Soul and its line this turn
    with pytest.raises(UndoError, match=f"at most {k}"):
        undo(rec, p, k + 1)
    shorter, back = undo(rec, p, k)
    assert len(shorter.actions) == len(rec.actions) - k
    assert back.stack[-1][0] == Decision.HELL and back.turn == s.turn


def _revealed_then_same_player(s: inferno.State) -> bool:
    if s.version == 0 or s.over:
        return False
    steps = steps_of(record_of(s))
    last = steps[-1]
    return last.reveals and inferno.to_move(s) == last.player and last.turn == s.turn


@pytest.mark.parametrize("seed", [1, 2])
def test_undo_never_passes_a_revealed_card(seed: int) -> None:
    """A deck card seen (play-deck, draw-deck, market refill) blocks undo (S0 Fraud cards; D5)."""
    s = _play_until(seed, 2, _revealed_then_same_player)
    rec = record_of(s)
    p = inferno.to_move(s)
    assert undoable(steps_of(rec), p, s.turn, p) == 0
    with pytest.raises(UndoError):
        undo(rec, p, 1)


def test_play_deck_is_marked_revealing() -> None:
    def after_play_deck(s: inferno.State) -> bool:
        acts = inferno.action_lines(s)
        return bool(acts) and acts[-1] in ("play-deck", "draw-deck")

    s = _play_until(7, 2, after_play_deck, limit=20000)
    assert steps_of(record_of(s))[-1].reveals


def test_no_undo_after_the_game_is_over() -> None:
    s = _play_until(4, 2, lambda s: s.over)
    rec = record_of(s)
    with pytest.raises(UndoError, match="over"):
        undo(rec, 0, 1)


def test_undo_of_zero_steps_is_refused() -> None:
    s = inferno.new_game(2, 1)
    with pytest.raises(UndoError):
        undo(GameRecord(2, 1, s.config.side), inferno.to_move(s), 0)
