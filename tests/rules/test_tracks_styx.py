"""RULES.md §7.1 / S0 "The River Styx" / S1 p.9: drown Souls of one colour for Sin Track advances."""

from __future__ import annotations

import pytest

import inferno
from inferno import Act, Decision, Scenario, State
from tests.rules.helpers import decision, play, texts

UPPER = {2, 3, 4, 5}
LOWER = {6, 7, 8, 9}


def track_options(s: State) -> set[int]:
    pend = inferno.pending(s)
    assert pend is not None and pend.decision == Decision.TRACK
    return {a.a for a in pend.actions if a.kind == Act.TRACK}


def styx(**graveyard: int) -> State:
    sc = Scenario(players=2, seed=1).graveyard(**graveyard).player(0, tracks={c: 0 for c in ("lust", "heresy")})
    return sc.decision((Decision.STYX, 0, 3))


def test_one_soul_advances_one_of_the_first_four_tracks() -> None:
    """S0 Styx table, row 1: "1 — one space on one of the first four tracks"."""
    s = play(styx(greed=3), "drown greed 1")
    assert track_options(s) == UPPER
    s = play(s, "track lust")
    assert s.players[0].tracks[2] == 1
    assert decision(s) != Decision.TRACK


def test_two_souls_advance_one_of_the_last_four_tracks() -> None:
    """S0 Styx table, row 2: "2 — one space on one of the last four tracks"."""
    s = play(styx(greed=3), "drown greed 2")
    assert track_options(s) == LOWER
    s = play(s, "track heresy")
    assert s.players[0].tracks[6] == 1


def test_three_souls_advance_one_upper_and_one_lower_track() -> None:
    """S0 Styx table, row 3: "3 — one space on one of the first four and one on one of the last four"."""
    s = play(styx(greed=3, lust=1), "drown greed 3")
    assert track_options(s) == UPPER
    s = play(s, "track lust")
    assert track_options(s) == LOWER
    s = play(s, "track heresy")
    assert (s.players[0].tracks[2], s.players[0].tracks[6]) == (1, 1)


def test_returned_souls_go_back_to_the_supply() -> None:
    """S0: "Return Souls of one colour from the Graveyard to the supply"."""
    s0 = styx(greed=3, lust=1)
    before = s0.supply[4]
    s = play(s0, "drown greed 2")
    assert s.graveyard[4] == 1
    assert s.supply[4] == before + 2


def test_souls_returned_must_be_of_one_colour() -> None:
    """S0: Souls of one colour only: 2 lust + 1 greed never make a 3-Soul Styx."""
    assert texts(styx(lust=2, greed=1)) == ["drown greed 1", "drown lust 1", "drown lust 2"]


def test_single_soul_graveyard_allows_a_one_soul_styx_then_refills_at_once() -> None:
    """S0 / S1 p.9: with a single Soul in the Graveyard you may still drown it; the Graveyard then refills
    from the next Plague card at once (before the advance is chosen)."""
    s0 = styx(violence=1)
    assert texts(s0) == ["drown violence 1"]
    top = s0.plague[0]
    s = play(s0, "drown violence 1")
    card = s.rules.plague_cards[top]
    assert sorted(c for c in range(1, 10) for _ in range(s.graveyard[c])) == sorted(card)
    assert s.plague[-1] == top
    assert track_options(s) == UPPER


def test_bonfire_styx_costs_two_drachmas() -> None:
    """S0: the River Styx at the BONFIRE costs 2 Drachmas."""
    sc = Scenario(players=2, seed=1).graveyard(greed=1).player(0, florins=1, drachmas=3, loans=0)
    sc.state.own_player(0).home = [1, 0]
    s = play(sc.florence_phase(0, "bonfire"), "send bonfire noble", "done")
    while decision(s) != Decision.BONFIRE_THIRD:
        s = play(s, "done")
    s = play(s, "styx")
    assert s.players[0].drachmas == 1
    assert decision(s) == Decision.STYX


@pytest.mark.parametrize("tile", ["silver_florins", "silver_passage"])
def test_styx_never_gives_the_tracks_bonus(tile: str) -> None:
    """S0: "The River Styx never gives a track's bonus"."""
    sc = Scenario(players=2, seed=1).graveyard(greed=1).bonus("lust", tile)
    sc.player(0, florins=0, passages=[], tracks={"lust": 0})
    s = play(sc.decision((Decision.STYX, 0, 3)), "drown greed 1", "track lust")
    assert s.players[0].tracks[2] == 1
    assert (s.players[0].florins, s.players[0].passages) == (0, 0)
    assert decision(s) != Decision.GATE


def test_one_soul_styx_from_a_card_offers_only_single_souls() -> None:
    """S0 / U12: a Fraud card's "River Styx with 1 Soul" allows only the 1-Soul row of the table."""
    s = Scenario(players=2, seed=1).graveyard(greed=3).decision((Decision.STYX, 0, 1))
    assert texts(s) == ["drown greed 1"]


def test_gold_styx_bonus_opens_the_full_styx_table_for_free() -> None:
    """S0: a gold bonus can trigger the River Styx (all three rows; no Drachma is paid)."""
    sc = Scenario(players=2, seed=1).graveyard(greed=3).bonus("heresy", "gold_styx")
    sc.tower(0, 0, "guest:heresy").at(0, "bonfire").player(0, drachmas=0, loans=0, tracks={"heresy": 0})
    s = play(sc.florence_phase(0, "bonfire"), "accuse bonfire noble")
    assert decision(s) == Decision.STYX
    # the accused heretic's Soul has just joined the Graveyard (S1 accusation step 3)
    assert texts(s) == ["drown greed 1", "drown greed 2", "drown greed 3", "drown heresy 1"]
    assert (s.players[0].drachmas, s.players[0].loans) == (0, 0)
