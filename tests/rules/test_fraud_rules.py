"""Fraud cards: sources, costs, Barrel-gated instant halves, replacement draw (RULES.md §12; S0)."""

from __future__ import annotations

import pytest

import inferno
from inferno import Scenario
from inferno.rules.actions import Decision
from inferno.rules.state import T_BARREL, T_NOBLE, State
from tests.rules.helpers import decision, do, texts


def card(s: State, ident: str) -> int:
    c = s.rules.card_by_id(ident)
    assert c is not None
    return c.index


def barrel(s: State, ident: str) -> int:
    b = s.rules.barrel_by_id(ident)
    assert b is not None
    return b.index


def setup(*barrels: str, panel: tuple[str, ...] = (), drachmas: int = 3) -> Scenario:
    """Player 0 holds F01 and F02; market F10 F11 F12; deck top F13 then F14; Barrels as given."""
    sc = Scenario(2, 1).fraud_cards(
        market=("F10", "F11", "F12"), deck_top=("F13", "F14"), hands={0: ("F01", "F02"), 1: ("F15", "F16")}
    )
    pl = sc.state.players[0]
    sc.player(0, tower=[0] * len(pl.tower), floors=2, drachmas=drachmas, panel=list(panel))
    sc.tower(0, 0, *(f"barrel:{b}" for b in barrels))
    return sc


def play(sc: Scenario, cost: int = 0) -> State:
    """Open 'play a Fraud card' for player 0 at an action cost (0 = a Dante stop or a gold bonus)."""
    return sc.decision((Decision.FRAUD_SOURCE, 0, cost, 1))


def test_sources_are_hand_market_and_deck_top_s0() -> None:
    """§12 (S0): choose one of your 2 cards, one of the 3 in the market, or the top card of the deck."""
    s = play(setup())
    assert texts(s) == ["buy F10", "buy F11", "buy F12", "done", "play F01", "play F02", "play-deck"]


def test_card_from_hand_costs_only_the_action_cost_s0() -> None:
    """§12 (S0), §6.4 WALL: from hand, only the action's own cost (2 at the WALL)."""
    s = do(play(setup(drachmas=3), cost=2), "play F02")
    assert s.players[0].drachmas == 1


@pytest.mark.parametrize("command", ["buy F11", "play-deck"])
def test_card_not_from_hand_costs_one_extra_s0(command: str) -> None:
    """§12 (S0): a card not from your hand costs 1 extra, on top of the action's own cost."""
    s = do(play(setup(drachmas=5), cost=2), command)
    assert s.players[0].drachmas == 2


def test_deck_play_takes_the_top_card_s0() -> None:
    """§12 (S0): the top card of the deck."""
    s = do(play(setup()), "play-deck")
    assert s.players[0].played[-1] == card(s, "F13")


def test_instant_half_needs_its_barrel_in_the_tower_s0() -> None:
    """§12 (S0): with the Barrel shown at the top, choose one of the two instant effects."""
    s = do(play(setup("grey")), "play F01")
    assert decision(s) is Decision.FRAUD_EFFECT
    assert texts(s) == ["effect 1", "effect 2"]


def test_instant_half_barrel_on_the_supply_panel_counts_s0() -> None:
    """§12 (S0): you need only own the Barrel, in your Tower or on your supply panel."""
    s = do(play(setup(panel=("grey",))), "play F01")
    assert decision(s) is Decision.FRAUD_EFFECT


def test_instant_barrel_is_not_spent_s0() -> None:
    """§12 (S0): the Barrel is not spent."""
    s = do(play(setup("grey")), "play F01", "effect 2")
    assert T_BARREL + barrel(s, "grey") in s.players[0].tower


def test_instant_half_without_its_barrel_is_lost_but_the_card_is_played_s0() -> None:
    """§12 (S0): without the Barrel the instant effect is lost; you may still play the card."""
    sc = setup("burgundy")  # F01's instant Barrel is grey
    florins = sc.state.players[0].florins
    s = do(play(sc), "play F01")
    assert decision(s) is Decision.FRAUD_DRAW
    assert s.players[0].played == (card(s, "F01"),)
    assert s.players[0].florins == florins
    assert any(e.kind == "fraud_lost" for e in inferno.events(s))


def test_only_one_of_the_two_instant_effects_s0() -> None:
    """§12 (S0): choose ONE of its two effects (F01: advance lust or +2 Florins)."""
    sc = setup("grey").player(0, florins=0)
    lust = sc.state.players[0].tracks[2]
    s = do(play(sc), "play F01", "effect 1")
    assert s.players[0].tracks[2] == lust + 1 and s.players[0].florins == 0


@pytest.mark.parametrize(
    ("ident", "barrel_id", "half", "expect"),
    [
        ("F01", "grey", "effect 2", "florins"),
        ("F06", "burgundy", "effect 2", "advance"),
        ("F04", "green", "effect 2", "tower_home"),
        ("F02", "burgundy", "effect 2", "safe_passage"),
        ("F03", "beige", "effect 2", "styx"),
    ],
)
def test_instant_effects_u12(ident: str, barrel_id: str, half: str, expect: str) -> None:
    """U12: the template's instant effects resolve as data (Florins, advance, Home, passage, 1-Soul Styx)."""
    sc = (
        setup(barrel_id)
        .fraud_cards(hands={0: (ident,)})
        .player(0, florins=0, drachmas=0, passages=[])
        .graveyard(lust=2)
    )
    sc.tower(0, 1, "noble")
    s = do(play(sc), f"play {ident}", half)
    pl = s.players[0]
    if expect == "florins":
        assert pl.florins == 2
    elif expect == "advance":
        assert pl.tracks[7] == sc.state.players[0].tracks[7] + 1 and pl.drachmas == 0
    elif expect == "tower_home":
        s = do(s, "home noble")
        assert s.players[0].tower.count(T_NOBLE) == 0
    elif expect == "safe_passage":
        assert decision(s) is Decision.GATE
    else:
        assert decision(s) is Decision.STYX
        assert texts(s) == ["drown lust 1"]


def test_played_card_is_tucked_beside_the_board_s0() -> None:
    """§12 (S0): the played card stays by your board (its end-game half counts at the end)."""
    s = do(play(setup()), "buy F12")
    assert s.players[0].played == (card(s, "F12"),)
    assert card(s, "F12") not in s.market


def test_replacement_draw_after_playing_from_hand_then_market_refill_s0() -> None:
    """§12 (S0): from hand, draw a free replacement from the market or the deck, then refill the market."""
    sc = setup(drachmas=0)
    s = do(play(sc), "play F01")
    assert decision(s) is Decision.FRAUD_DRAW
    assert texts(s) == ["draw F10", "draw F11", "draw F12", "draw-deck"]
    s = do(s, "draw F11")
    assert sorted(s.players[0].hand) == sorted([card(s, "F02"), card(s, "F11")])
    assert s.market == [card(s, "F10"), card(s, "F12"), card(s, "F13")]
    assert s.players[0].drachmas == 0 and s.players[0].loans == 0


def test_replacement_from_the_deck_leaves_the_market_s0() -> None:
    """§12 (S0): the replacement may be the top card of the deck."""
    s = do(play(setup()), "play F01", "draw-deck")
    assert sorted(s.players[0].hand) == sorted([card(s, "F02"), card(s, "F13")])
    assert s.market == [card(s, c) for c in ("F10", "F11", "F12")]


def test_no_replacement_when_played_from_the_market_s0() -> None:
    """§12 (S0): only a card from your hand is replaced; the market is refilled from the deck."""
    s = do(play(setup()), "buy F10")
    assert s.players[0].hand == [card(s, "F01"), card(s, "F02")]
    assert s.market == [card(s, c) for c in ("F11", "F12", "F13")]
    assert decision(s) is Decision.HELL  # nothing left to decide: the next turn began


def test_no_replacement_when_played_from_the_deck_s0() -> None:
    """§12 (S0): a card from the deck is not replaced either."""
    s = do(play(setup()), "play-deck")
    assert len(s.players[0].hand) == 2
    assert s.market == [card(s, c) for c in ("F10", "F11", "F12")]
    assert s.deck[-1] == card(s, "F14")


def test_cards_are_conserved_by_play_and_draw_s0() -> None:
    """§12 (S0): playing and drawing moves cards; none appear or vanish."""
    s = do(play(setup()), "play F02", "draw F10")
    every = [c for pl in s.players for c in (*pl.hand, *pl.played)] + s.market + s.deck
    assert sorted(every) == list(range(len(s.rules.fraud_cards)))
