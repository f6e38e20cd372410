"""RULES.md §14 / S0 "The Graveyard and Plague cards": refills and colour exhaustion."""

from __future__ import annotations

import random

import pytest

import inferno
from inferno import Decision, Scenario, State
from tests.rules.helpers import decision, play

TILE = 20  # shield code of a spare Soul tile (inferno.rules.state)


def souls(s: State) -> list[int]:
    return sorted(c for c in range(1, 10) for _ in range(s.graveyard[c]))


def test_graveyard_refills_from_the_top_plague_card_the_moment_it_empties() -> None:
    """S0: "The moment it empties, refill it with the 4 Souls shown on the top Plague card, then put that
    card face up at the bottom of the deck"."""
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(lust=1)
    top, second = sc.state.plague[0], sc.state.plague[1]
    n = len(sc.state.plague)
    s = play(sc.hell_phase(0), "enter lust")
    assert decision(s) == Decision.HELL_STEP  # still mid-move: refilled at once
    card = s.rules.plague_cards[top]
    assert len(card) == 4
    assert souls(s) == sorted(card)
    assert s.plague[-1] == top
    assert s.plague[0] == second
    assert len(s.plague) == n


def test_graveyard_does_not_refill_while_a_soul_is_left() -> None:
    """S0: the refill happens only when the Graveyard empties."""
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(lust=2)
    plague = list(sc.state.plague)
    s = play(sc.hell_phase(0), "enter lust")
    assert souls(s) == [2]
    assert s.plague == plague


def test_colour_exhaustion_swaps_a_lying_soul_for_a_spare_tile() -> None:
    """S0: "If a colour runs out in the supply, swap a Soul of that colour lying in its circle for a spare
    Soul tile and use the freed meeple"."""
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(lust=1)
    s = sc.state
    top = s.plague[0]
    colour = s.rules.plague_cards[top][0]
    sin = s.rules.circle_id(colour)
    sc.soul(f"{colour}.1", sin, lying=True)
    s.supply[colour] = 0
    tiles = s.tiles[colour]
    assert tiles > 0
    s = play(sc.hell_phase(0), "enter lust")
    assert s.hell[s.board.index[f"{colour}.1"]] == TILE + colour
    assert s.tiles[colour] == tiles - 1
    assert s.graveyard[colour] == 1
    assert s.supply[colour] == 0


def test_colour_exhaustion_leaves_standing_souls_and_other_circles_alone() -> None:
    """S0: only a Soul lying in its own circle is swapped; a standing Soul of that colour stays a meeple."""
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(lust=1)
    s = sc.state
    colour = s.rules.plague_cards[s.plague[0]][0]
    sin = s.rules.circle_id(colour)
    sc.soul("1.2", sin)  # standing, not in its circle
    s.supply[colour] = 0
    tiles = s.tiles[colour]
    s = play(sc.hell_phase(0), "enter lust")
    assert s.hell[s.board.index["1.2"]] == colour
    assert s.tiles[colour] == tiles
    assert s.graveyard[colour] == 0
    assert sum(s.graveyard) == 3  # the other three Souls of the card


def test_tile_stays_a_lying_occupied_shield() -> None:
    """S0: the spare tile takes the lying Soul's place: the shield stays occupied, lying, never moving."""
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(lust=1)
    s = sc.state
    b = s.board
    colour = s.rules.plague_cards[s.plague[0]][0]
    sin = s.rules.circle_id(colour)
    tile = b.index[f"{colour}.1"]
    above = b.up[tile][0]
    sc.soul(b.labels[tile], sin, lying=True).soul(b.labels[above], sin)
    sc.player(1, passages=list(range(1, b.gates + 1)))
    s.supply[colour] = 0
    s = play(sc.hell_phase(0), "enter lust", "step 1.4", "council")
    while inferno.to_move(s) == 0:
        s = inferno.apply(s, inferno.legal_actions(s)[0])
    assert s.hell[tile] == TILE + colour
    moves = {inferno.action_text(s, a) for a in inferno.legal_actions(s)}
    assert f"move {b.labels[tile]}" not in moves
    s = play(s, f"move {b.labels[above]}")
    steps = {inferno.action_text(s, a) for a in inferno.legal_actions(s)}
    assert steps == {f"step {b.labels[t]}" for t in b.down[above] if t != tile}


def test_colour_exhaustion_on_an_accusation_uses_a_lying_souls_meeple() -> None:
    """S0 / S1 p.14-15: the accused sinner's Soul comes from a lying Soul swapped for a tile when the colour
    has run out."""
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(greed=1)
    sc.soul("2.3", "lust", lying=True).player(0, floors=1).tower(0, 0).at(0, "haystack")
    s = sc.state
    s.supply[2] = 0
    s = play(sc.florence_phase(0, "haystack"), "accuse haystack noble")
    assert s.hell[s.board.index["2.3"]] == TILE + 2
    assert s.graveyard[2] == 1
    assert s.supply[2] == 0


def test_exhausted_colour_without_a_lying_soul_places_nothing_and_the_rest_still_refills() -> None:
    """S0 colour exhaustion with no Soul lying in its circle: RULES.md §14 is silent; the engine's DEFAULT
    places nothing for that colour and the card's other Souls still refill the Graveyard."""
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(lust=1)
    s = sc.state
    card = s.rules.plague_cards[s.plague[0]]
    s.supply[card[0]] = 0
    s = play(sc.hell_phase(0), "enter lust")
    assert souls(s) == sorted(card[1:])
    assert [e for e in inferno.events(s) if e.kind == "exhausted"]


def test_plague_deck_is_face_up_open_information() -> None:
    """S0 / RULES.md D5: the Plague cards go face up to the bottom; the deck order is open in every view."""
    s = Scenario(players=3, seed=4).hell_phase(0)
    for viewer in (-1, 0, 1, 2):
        assert inferno.view(s, viewer).plague == s.plague


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_graveyard_always_holds_a_soul_in_seeded_random_games(seed: int) -> None:
    """S0: "The Graveyard must always hold at least one Soul" at every decision of a whole game."""
    s = inferno.new_game(2 + seed % 3, seed)
    rng = random.Random(seed)
    while not s.over:
        assert sum(s.graveyard) >= 1
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
