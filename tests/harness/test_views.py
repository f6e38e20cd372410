"""Views and determinization (RULES.md D5; STYLE lesson 9): hidden are the other players' Fraud hands
and the Fraud deck order; everything else is open information."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

import inferno
from tests.harness.checks import check_cards
from tests.harness.play import play_prefix, random_steps

HIDDEN = -1


def _open_parts(s: inferno.State) -> dict[str, Any]:
    """The snapshot without the hidden parts (hands, deck order, the seed) and without who is viewing."""
    d = inferno.state_to_dict(s)
    d["config"].pop("seed")
    for pd in d["players"]:
        pd["hand"] = len(pd["hand"])
    d["deck"] = len(d["deck"])
    if "solo" in d:  # the Rival's next card is open, the order of the rest hidden (solo game)
        deck = d["solo"]["deck"]
        d["solo"]["deck"] = [deck[0], len(deck)]
    d.pop("viewer")
    return d


@functools.cache
def _positions() -> list[inferno.State]:
    """Positions at setup, early and mid game for each player count (tests only read them)."""
    # Solo games (1 player) are shorter: the Rival speeds Dante up, so their positions come earlier.
    return [play_prefix(n, 10 + n, k) for n in (1, 2, 3, 4) for k in ((0, 40, 80) if n == 1 else (0, 60, 180))]


@pytest.mark.parametrize("index", range(12))
def test_player_view_hides_other_hands_and_deck(index: int) -> None:
    """A player's view shows their own hand, the market, money, Towers and tracks; not others' hands."""
    s = _positions()[index]
    for p in range(s.num_players):
        v = inferno.view(s, p)
        for q, (pl, vl) in enumerate(zip(s.players, v.players, strict=True)):
            if q == p:
                assert vl.hand == pl.hand
            else:
                assert vl.hand == [HIDDEN] * len(pl.hand)
            assert (vl.florins, vl.drachmas, vl.tower, vl.tracks, vl.played) == (
                pl.florins,
                pl.drachmas,
                pl.tower,
                pl.tracks,
                pl.played,
            )
        assert v.deck == [HIDDEN] * len(s.deck)
        assert v.market == s.market
        if s.solo is not None:
            assert v.solo is not None and v.solo.deck == s.solo.deck[:1] + [HIDDEN] * (len(s.solo.deck) - 1)
        assert v.config.seed is None and v.config.seed_hidden and s.config.seed is not None
        assert _open_parts(v) == _open_parts(s)


@pytest.mark.parametrize("index", range(12))
def test_spectator_view_hides_every_hand(index: int) -> None:
    s = _positions()[index]
    v = inferno.view(s, -1)
    assert all(vl.hand == [HIDDEN] * len(pl.hand) for pl, vl in zip(s.players, v.players, strict=True))
    assert v.deck == [HIDDEN] * len(s.deck)
    assert _open_parts(v) == _open_parts(s)
    assert inferno.legal_actions(v) == []


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_only_the_deciding_player_sees_actions(players: int) -> None:
    """legal_actions on a view is empty unless that player decides now; the decider sees them all."""
    s = inferno.new_game(players, 70 + players)
    for step in random_steps(s, 70 + players):
        if step.index % 7:
            continue
        p = inferno.to_move(s)
        for q in range(players):
            acts = inferno.legal_actions(inferno.view(s, q))
            assert acts == (step.actions if q == p else []), f"player {q} at decision {step.index}"


def test_a_view_cannot_be_played_on() -> None:
    s = inferno.new_game(2, 1)
    v = inferno.view(s, inferno.to_move(s))
    with pytest.raises(inferno.HiddenInformationError):
        inferno.apply(v, inferno.legal_actions(v)[0])


@pytest.mark.parametrize("index", range(12))
def test_determinize_deals_consistently(index: int) -> None:
    """determinize() deals the hidden cards so every card exists once (S0 Fraud cards), keeping what is visible."""
    s = _positions()[index]
    for viewer in [*range(s.num_players), -1]:
        v = inferno.view(s, viewer)
        deals = set()
        for k in range(5):
            d = inferno.determinize(v, random.Random(k))
            check_cards(d)
            assert d.viewer == -1
            assert _open_parts(d) == _open_parts(s)
            if viewer >= 0:
                assert d.players[viewer].hand == s.players[viewer].hand
            assert [len(pl.hand) for pl in d.players] == [len(pl.hand) for pl in s.players]
            assert inferno.legal_actions(d), "a determinized state is playable"
            t = inferno.apply(d, inferno.legal_actions(d)[0])
            check_cards(t)
            deals.add((tuple(d.deck), tuple(tuple(pl.hand) for pl in d.players)))
        if len(s.deck) > 1:
            assert len(deals) > 1, "five determinizations dealt the same cards"
        assert inferno.state_to_dict(v)["deck"] == [HIDDEN] * len(s.deck), "determinize changed the view"
