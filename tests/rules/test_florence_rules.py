"""Florence phase: sending, the quartiere, the bribe, entry costs, family council (RULES.md §6, §10)."""

from __future__ import annotations

import inferno
from inferno import Scenario
from inferno.rules.state import T_BARREL, T_GUEST, T_NOBLE, T_URCHIN, State
from tests.rules.helpers import do, texts


def family(sc: Scenario, p: int, nobles: int = 1, urchins: int = 0, florins: int = 5, drachmas: int = 5) -> Scenario:
    """Player ``p`` with only ``nobles``/``urchins`` at Home, an empty one-floor Tower and no one in Florence."""
    pl = sc.state.players[p]
    return sc.player(
        p,
        home=[nobles, urchins],
        tower=[0] * len(pl.tower),
        floors=1,
        florence=[0] * len(pl.florence),
        florins=florins,
        drachmas=drachmas,
    )


def loc_ids(s: State, q: int) -> set[str]:
    return {loc.id for loc in s.rules.locations if s.loc_quartiere[loc.index] == q}


def test_send_only_from_home_not_from_tower_s0() -> None:
    """§6.1, §6.2 (S0): only family members at Home can be sent; those in the Tower cannot."""
    sc = family(Scenario(2, 1), 0, nobles=0)
    sc.tower(0, 0, "noble", "urchin")
    s = sc.florence_phase(0, "bank")
    assert not [t for t in texts(s) if t.startswith("send")]
    sc = family(Scenario(2, 1), 0, nobles=1)
    s = sc.florence_phase(0, "bank")
    assert "send bank noble" in texts(s)


def test_send_is_limited_to_the_shield_quartiere_s2() -> None:
    """§5.4, §6.2 (S2, S1 p.12): the location must be in the quartiere of the Hell shield."""
    for where in ("haystack", "bank", "wall", "palace"):
        sc = family(Scenario(2, 3), 0, nobles=1, urchins=1)
        s = sc.florence_phase(0, where)
        sent = {t.split()[1] for t in texts(s) if t.startswith("send")}
        assert sent == loc_ids(s, sc.quartiere_of(where))
        assert len(sent) == 2


def test_bribe_costs_two_drachmas_and_opens_every_quartiere_s2() -> None:
    """§5.4 (S2): pay 2 Drachmas to act in any quartiere instead."""
    sc = family(Scenario(2, 3), 0, nobles=1, drachmas=3)
    s = do(sc.florence_phase(0, "bank"), "bribe")
    assert s.players[0].drachmas == 1
    sent = {t.split()[1] for t in texts(s) if t.startswith("send")}
    assert sent == {loc.id for loc in s.rules.locations}
    assert "bribe" not in texts(s)


def test_bribe_never_allows_accusing_without_a_family_member_s2() -> None:
    """§5.4 (S2): the bribe only lifts the quartiere limit; no accusation without a member there."""
    sc = family(Scenario(2, 3), 0, nobles=1)
    s = do(sc.florence_phase(0, "bank"), "bribe")
    assert not [t for t in texts(s) if t.startswith("accuse")]


def test_bribe_lets_you_accuse_in_another_quartiere_s2() -> None:
    """§8 (S1, S2): with a member at a location of another quartiere, the bribe allows the accusation."""
    sc = family(Scenario(2, 3), 0, nobles=0)
    sc.at(0, "haystack")
    other = next(loc.id for loc in sc.state.rules.locations if sc.quartiere_of(loc.id) != sc.quartiere_of("haystack"))
    s = sc.florence_phase(0, other)
    assert "accuse haystack noble" not in texts(s)
    s = do(s, "bribe")
    assert "accuse haystack noble" in texts(s)


def test_locations_are_never_blocked_s1_p12() -> None:
    """§6.2 (S1 p.12): you may place where your own or another player's piece already stands."""
    sc = family(Scenario(3, 2), 0, nobles=2)
    sc.at(0, "bank").at(1, "bank", "noble", 2).at(2, "bank", "urchin")
    s = sc.florence_phase(0, "bank")
    assert "send bank noble" in texts(s)
    s = do(s, "send bank noble")
    assert s.players[0].florence[2 * 2] == 2  # the BANK is location index 2
    assert s.players[0].home == [1, 0]


def test_sent_member_stays_in_florence_s0() -> None:
    """§6.2 (S0): a family member sent to Florence stays there after the action."""
    sc = family(Scenario(2, 1), 0, nobles=2)
    s = do(sc.florence_phase(0, "banquet"), "send banquet noble")
    loc = s.rules.location_by_id("banquet")
    assert loc is not None
    assert s.players[0].florence[2 * loc.index] == 1
    assert s.players[0].home == [1, 0]


def test_special_location_costs_a_noble_one_florin_u6() -> None:
    """§6.3, U6 (PK1/PK2): a Noble pays 1 Florin to enter a special location."""
    sc = family(Scenario(2, 1), 0, nobles=1, florins=3)
    s = do(sc.florence_phase(0, "palace"), "send palace noble")
    assert s.players[0].florins == 2  # paid 1; the PALACE itself pays only once a Guest is placed


def test_noble_without_florins_cannot_enter_a_special_location_s0() -> None:
    """§15 (S0): without Florins you cannot do anything that costs Florins."""
    sc = family(Scenario(2, 1), 0, nobles=1, florins=0)
    s = sc.florence_phase(0, "palace")
    sends = [t for t in texts(s) if t.startswith("send")]
    free = next(
        loc.id for loc in s.rules.locations if not loc.special and loc.id in loc_ids(s, sc.quartiere_of("palace"))
    )
    assert sends == [f"send {free} noble"]


def test_urchin_enters_a_special_location_free_u6() -> None:
    """§6.2 (S0), U6: an Urchin enters a special location for free."""
    sc = family(Scenario(2, 1), 0, nobles=0, urchins=1, florins=0)
    s = sc.florence_phase(0, "wall")
    assert "send wall urchin" in texts(s)
    s = do(s, "send wall urchin")
    assert s.players[0].florins == 0


def test_free_location_has_no_entry_cost_s0() -> None:
    """§6.3 (S0): free-access locations have no entry requirement."""
    sc = family(Scenario(2, 1), 0, nobles=1, florins=0)
    s = do(sc.florence_phase(0, "haystack"), "send haystack noble")
    assert s.players[0].florins == 0


# --- family council (§10; D2) ------------------------------------------------------------------


def test_council_is_always_legal_d2() -> None:
    """D2 (S2): the family council is always a legal third option, even with sends available."""
    sc = family(Scenario(2, 1), 0, nobles=1)
    s = sc.florence_phase(0, "bank")
    assert "council" in texts(s)
    assert "send bank noble" in texts(s)
    s = family(Scenario(2, 1), 0, nobles=0).florence_phase(0, "bank")
    assert "council" in texts(s)


def test_council_costs_two_infamy_even_below_zero_d2_d6() -> None:
    """§10 (IT), D6: the council costs 2 Infamy; Infamy may go below zero."""
    sc = family(Scenario(2, 1), 0, nobles=1).player(0, infamy=1)
    sc.tower(0, 0, "noble")
    s = do(sc.florence_phase(0, "bank"), "council")
    assert s.players[0].infamy == -1


def test_council_options_are_recall_dismiss_return_s0() -> None:
    """§10 (IT; S0): Home from Tower or a location, a Guest to the PALACE, a Barrel to the MARKET."""
    sc = family(Scenario(2, 1), 0, nobles=0)
    sc.tower(0, 0, "noble", "guest:heresy").tower(0, 1, "urchin", "barrel:grey")
    sc.at(0, "bank")
    s = do(sc.florence_phase(0, "bank"), "council")
    assert texts(s) == sorted(
        ["recall tower noble", "recall tower urchin", "recall bank noble", "dismiss heresy", "return grey"]
    )


def test_council_recalls_a_member_from_the_tower_s0() -> None:
    """§10 (S0: a family council brings family members Home)."""
    sc = family(Scenario(2, 1), 0, nobles=0)
    sc.tower(0, 0, "noble", "guest:heresy")
    s = do(sc.florence_phase(0, "bank"), "council", "recall tower noble")
    assert s.players[0].home == [1, 0]
    assert T_NOBLE not in s.players[0].tower


def test_council_recalls_a_member_from_a_location_it() -> None:
    """§10 (IT): a council may bring a member Home from a location in Florence."""
    sc = family(Scenario(2, 1), 0, nobles=0)
    sc.at(0, "wall", "urchin")
    s = do(sc.florence_phase(0, "bank"), "council", "recall wall urchin")
    assert s.players[0].home == [0, 1]
    assert sum(s.players[0].florence) == 0


def test_council_sends_a_guest_back_to_the_palace_s0() -> None:
    """§10, §6.5 (S0): a Guest stays all game unless a family council sends it back."""
    sc = family(Scenario(2, 1), 0, nobles=0)
    sc.tower(0, 0, "guest:fraud")
    before = sc.state.palace[8]
    s = do(sc.florence_phase(0, "bank"), "council", "dismiss fraud")
    assert T_GUEST + 8 not in s.players[0].tower
    assert s.palace[8] == before + 1


def test_council_returns_a_barrel_to_the_market_it() -> None:
    """§10 (IT): a council may return a Barrel from the Tower to the MARKET."""
    sc = family(Scenario(2, 1), 0, nobles=0)
    sc.tower(0, 0, "barrel:green")
    green = sc.state.rules.barrel_by_id("green")
    assert green is not None
    before = sc.state.barrel_market[green.index]
    s = do(sc.florence_phase(0, "bank"), "council", "return green")
    assert T_BARREL + green.index not in s.players[0].tower
    assert s.barrel_market[green.index] == before + 1


def test_council_does_exactly_one_thing_then_the_turn_ends_it() -> None:
    """§10 (IT): after the council's cost, choose ONE option; then the turn is over."""
    sc = family(Scenario(2, 1), 0, nobles=0)
    sc.tower(0, 0, "noble", "urchin")
    s = do(sc.florence_phase(0, "bank"), "council", "recall tower urchin")
    assert s.players[0].home == [0, 1]
    assert s.players[0].tower.count(T_NOBLE) == 1 and T_URCHIN not in s.players[0].tower
    p = inferno.pending(s)
    assert p is not None and p.player == 1 and p.decision is inferno.Decision.HELL
