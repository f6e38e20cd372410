"""RULES.md §5.4 / S2 "The shield picks the quartiere" / S1 p.12: the final shield and Charon's bribe."""

from __future__ import annotations

import inferno
from inferno import Act, Scenario, State
from tests.rules.helpers import play, texts


def quartieri_of(s: State, kind: Act) -> set[int]:
    return {s.loc_quartiere[a.a] for a in inferno.legal_actions(s) if a.kind == kind}


def test_quartiere_comes_from_the_final_shield_of_the_move() -> None:
    """S2: the shield where the Soul ends its move (not one it jumped) decides the quartiere."""
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(lust=1)
    sc.soul("1.2", "violence").soul("2.2", "lust", lying=True).player(0, florins=5)
    b = sc.state.board
    jumped, final = b.index["2.2"], b.index["3.3"]
    assert b.symbol[jumped] != b.symbol[final]
    s = play(sc.hell_phase(0), "move 1.2", "step 2.2", "step 3.3")
    assert s.quartiere == b.symbol[final]
    assert quartieri_of(s, Act.SEND) == {b.symbol[final]}


def test_bribe_costs_two_drachmas_and_lifts_the_quartiere_limit() -> None:
    """S2: "bribe Charon: pay 2 to act in any quartiere instead"."""
    sc = Scenario(players=2, seed=1).player(0, drachmas=5, florins=5, loans=0)
    sc.state.own_player(0).home = [2, 1]
    s = sc.florence_phase(0, "bank")
    q = sc.quartiere_of("bank")
    assert quartieri_of(s, Act.SEND) == {q}
    assert "bribe" in texts(s)
    s = play(s, "bribe")
    assert s.players[0].drachmas == 3
    assert s.players[0].loans == 0
    assert quartieri_of(s, Act.SEND) == {0, 1, 2, 3}
    assert "bribe" not in texts(s)


def test_bribe_never_lets_you_accuse_without_a_family_member_there() -> None:
    """S2: the bribe only lifts the quartiere limit; accusing still needs your family member there."""
    sc = Scenario(players=2, seed=1).player(0, drachmas=5).tower(0, 0)
    rules = sc.state.rules
    q_bank = sc.quartiere_of("bank")
    elsewhere = next(loc.id for loc in rules.locations if not loc.special and sc.quartiere_of(loc.id) != q_bank)
    sc.at(0, elsewhere)
    s = sc.florence_phase(0, "bank")
    assert not [a for a in inferno.legal_actions(s) if a.kind == Act.ACCUSE]
    s = play(s, "bribe")
    accusable = {rules.locations[a.a].id for a in inferno.legal_actions(s) if a.kind == Act.ACCUSE}
    assert accusable == {elsewhere}
