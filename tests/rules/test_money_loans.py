"""RULES.md §15 / S0 "Money: Florins and Drachmas" and "Loans from Charon"."""

from __future__ import annotations

import pytest

import inferno
from inferno import Act, Decision, Scenario, State
from tests.rules.helpers import decision, play, texts

# S0 loan table: (immediate Infamy change, Infamy lost at the end) after the n-th loan.
LOAN_TABLE = {1: (0, -2), 2: (0, -4), 3: (-5, -2), 4: (0, -4), 5: (-5, -4), 6: (-5, -4)}


def ferry(drachmas: int, loans: int = 0, infamy: int = 20) -> State:
    """Player 1 must ferry a Graveyard Soul (nothing in Hell can move)."""
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(lust=1)
    sc.player(0, drachmas=drachmas, loans=loans, infamy=infamy)
    return play(sc.hell_phase(0), "enter lust")


def sudden_death_with_loans(loans: int) -> inferno.Result:
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(lust=1)
    for lab in sc.state.board.labels:
        sc.fill(lab)
    sc.player(0, loans=loans, half=0, infamy=0).player(1, loans=0, half=0)
    s = sc.hell_phase(0)
    assert s.over
    return inferno.result(s)


@pytest.mark.parametrize("n", sorted(LOAN_TABLE))
def test_loan_table_row_immediate_effect(n: int) -> None:
    """S0 loan table: every loan gives 2 Drachmas; the 3rd and each loan after the 4th cost 5 Infamy at once."""
    s = ferry(drachmas=0, loans=n - 1, infamy=20)
    pl = s.players[0]
    assert pl.loans == n
    assert pl.drachmas == 2 - 1
    assert pl.infamy == 20 + LOAN_TABLE[n][0]


@pytest.mark.parametrize("n", [0, *sorted(LOAN_TABLE)])
def test_loan_table_row_endgame_penalty(n: int) -> None:
    """S0 / S3 step 5: at the end you lose the points beside your Boat (0, -2 or -4; the Boat stays after
    the 4th loan)."""
    r = sudden_death_with_loans(n)
    assert r.players[0].steps["loans"] == (LOAN_TABLE[n][1] if n else 0)
    assert r.players[1].steps["loans"] == 0


def test_no_loan_when_the_drachmas_cover_the_cost() -> None:
    """S0: "You may take a loan only when you need Drachmas and have none"."""
    s = ferry(drachmas=1)
    assert (s.players[0].loans, s.players[0].drachmas) == (0, 0)


def test_paying_two_with_one_drachma_takes_exactly_one_loan() -> None:
    """S0: loans only while short: a 2-Drachma bribe with 1 Drachma takes one loan (1 + 2 - 2 = 1 left)."""
    s = Scenario(players=2, seed=1).player(0, drachmas=1, loans=0, infamy=0).florence_phase(0, "bank")
    s = play(s, "bribe")
    assert s.players[0].loans == 1
    assert s.players[0].drachmas == 1
    assert s.players[0].infamy == 0


def test_several_loans_in_one_turn_when_several_costs_come_up() -> None:
    """S0: "You may take several in one turn if several costs come up" (ferry, then bribe)."""
    s = ferry(drachmas=0)
    s = play(s, "step 1.1")
    assert decision(s) == Decision.FLORENCE
    s = play(s, "bribe")
    assert s.players[0].loans == 2
    assert s.players[0].drachmas == 1


def test_only_a_drachma_cost_takes_a_loan() -> None:
    """S0: "you cannot borrow just to keep the coins": with no Drachma, of all Florence options only the
    2-Drachma bribe moves the Boat."""
    sc = Scenario(players=2, seed=1).player(0, drachmas=0, loans=0, florins=3)
    sc.state.own_player(0).home = [1, 1]
    s = sc.florence_phase(0, "bank")
    borrowed = {inferno.action_text(s, a) for a in inferno.legal_actions(s) if inferno.apply(s, a).players[0].loans}
    assert borrowed == {"bribe"}
    assert len(inferno.legal_actions(s)) > 2


def _special_sends(s: State, kind: int) -> set[str]:
    locs = s.rules.locations
    return {locs[a.a].id for a in inferno.legal_actions(s) if a.kind == Act.SEND and a.b == kind and locs[a.a].special}


def test_florins_cannot_be_borrowed_noble_needs_the_florin_for_a_special_location() -> None:
    """S0: "Without Florins you cannot do anything that costs Florins" (U6: a Noble pays 1 Florin, an Urchin
    enters free); only Drachmas can be borrowed."""
    sc = Scenario(players=2, seed=1).player(0, florins=0, drachmas=5)
    sc.state.own_player(0).home = [1, 1]
    s = play(sc.florence_phase(0, "bank"), "bribe")
    special = {loc.id for loc in s.rules.locations if loc.special}
    assert _special_sends(s, 0) == set()
    assert _special_sends(s, 1) == special
    sc = Scenario(players=2, seed=1).player(0, florins=1, drachmas=5)
    sc.state.own_player(0).home = [1, 1]
    s = play(sc.florence_phase(0, "bank"), "bribe")
    assert _special_sends(s, 0) == special
    s = play(s, "send bonfire noble")
    assert s.players[0].florins == 0
    assert s.players[0].loans == 0


@pytest.mark.parametrize(("location", "most"), [("bonfire", 3), ("wall", 2)])
def test_florins_change_into_drachmas_one_for_one_up_to_the_location_maximum(location: str, most: int) -> None:
    """S0 / RULES.md §15: Florins change into Drachmas at the BONFIRE (up to 3) and the WALL (up to 2), U9 1:1."""
    sc = Scenario(players=2, seed=1).player(0, florins=6, drachmas=0)
    sc.state.own_player(0).home = [1, 0]
    s = play(sc.florence_phase(0, location), f"send {location} noble")
    assert s.players[0].florins == 5  # the Noble's 1-Florin entry (U6)
    assert texts(s) == sorted(["done", *(f"exchange {n}" for n in range(1, most + 1))])
    s = play(s, f"exchange {most}")
    assert (s.players[0].florins, s.players[0].drachmas) == (5 - most, most)


def test_exchange_is_limited_by_the_florins_you_have() -> None:
    """S0: you change the Florins you own; 2 Florins left at the BONFIRE allow at most 2."""
    sc = Scenario(players=2, seed=1).player(0, florins=3, drachmas=0)
    sc.state.own_player(0).home = [1, 0]
    s = play(sc.florence_phase(0, "bonfire"), "send bonfire noble")
    assert texts(s) == ["done", "exchange 1", "exchange 2"]
