"""The four free-access locations: HAYSTACK, BANQUET, BANK, COURTYARD (RULES.md §6.4; IT)."""

from __future__ import annotations

import inferno
from inferno import Scenario
from inferno.rules.actions import Decision
from inferno.rules.state import T_GUEST, T_NOBLE, T_URCHIN, State
from tests.rules.helpers import decision, do, texts


def family(sc: Scenario, p: int, nobles: int = 1, urchins: int = 0, florins: int = 5) -> Scenario:
    pl = sc.state.players[p]
    return sc.player(
        p, home=[nobles, urchins], tower=[0] * len(pl.tower), floors=1, florence=[0] * len(pl.florence), florins=florins
    )


def loc_index(s: State, ident: str) -> int:
    loc = s.rules.location_by_id(ident)
    assert loc is not None
    return loc.index


# --- HAYSTACK ----------------------------------------------------------------------------------


def test_haystack_adopts_an_urchin_beside_the_member_s0() -> None:
    """§6.4 HAYSTACK (IT; S0 Urchins are adopted at the HAYSTACK): the Urchin stands beside the member."""
    sc = family(Scenario(2, 1), 0).player(0, reserve=4)
    s = do(sc.florence_phase(0, "haystack"), "send haystack noble")
    pl = s.players[0]
    i = loc_index(s, "haystack")
    assert pl.reserve == 3
    assert pl.florence[2 * i] == 1 and pl.florence[2 * i + 1] == 1
    assert pl.home == [0, 0]


def test_haystack_with_no_urchin_left_gives_nothing_s0() -> None:
    """§1.2 (S0: up to 4 Urchins): with none left in reserve, the HAYSTACK adopts nobody."""
    sc = family(Scenario(2, 1), 0).player(0, reserve=0)
    s = do(sc.florence_phase(0, "haystack"), "send haystack noble")
    pl = s.players[0]
    i = loc_index(s, "haystack")
    assert pl.reserve == 0
    assert pl.florence[2 * i + 1] == 0 and pl.florence[2 * i] == 1


# --- BANQUET -----------------------------------------------------------------------------------


def test_banquet_builds_the_next_tower_floor_it() -> None:
    """§6.4 BANQUET (IT, RM, PK2): add your next tower floor."""
    sc = family(Scenario(2, 1), 0).player(0, floors=2)
    s = do(sc.florence_phase(0, "banquet"), "send banquet noble")
    assert s.players[0].floors == 3


def test_banquet_stops_at_five_floors_s0() -> None:
    """§6.6 (S0: floors 0-4): a Tower never has more than 5 floors."""
    sc = family(Scenario(2, 1), 0).player(0, floors=5)
    s = do(sc.florence_phase(0, "banquet"), "send banquet noble")
    assert s.players[0].floors == 5


# --- BANK --------------------------------------------------------------------------------------


def test_bank_pays_two_plus_one_per_guest_it() -> None:
    """§6.4 BANK (IT): 2 Florins plus 1 per Guest (not family member) in the Tower."""
    sc = family(Scenario(2, 1), 0, florins=0)
    sc.tower(0, 0, "guest:heresy", "noble").tower(0, 1, "guest:violence", "urchin")
    s = do(sc.florence_phase(0, "bank"), "send bank noble")
    assert s.players[0].florins == 4


def test_bank_without_guests_pays_two_it() -> None:
    """§6.4 BANK (IT): the base income is 2 Florins."""
    sc = family(Scenario(2, 1), 0, florins=1)
    s = do(sc.florence_phase(0, "bank"), "send bank noble")
    assert s.players[0].florins == 3


# --- COURTYARD ---------------------------------------------------------------------------------


def test_courtyard_brings_up_to_two_members_home_it() -> None:
    """§6.4 COURTYARD (a) (IT; S0): move 1 or 2 family members from Tower to Home."""
    sc = family(Scenario(2, 1), 0)
    sc.tower(0, 0, "noble", "noble").tower(0, 1, "urchin")
    s = do(sc.florence_phase(0, "courtyard"), "send courtyard noble")
    assert decision(s) is Decision.COURTYARD
    assert {"home noble", "home urchin", "done"} <= set(texts(s))
    s = do(s, "home noble", "home urchin")
    pl = s.players[0]
    assert pl.home == [1, 1]
    assert pl.tower.count(T_NOBLE) == 1
    # the two recalls are used up: only rearranging (b) or done remain
    assert decision(s) is Decision.COURTYARD
    assert not [t for t in texts(s) if t.startswith("home")]


def test_courtyard_rearrange_comes_after_the_recall_u19() -> None:
    """§6.4 COURTYARD, U19: (a) then (b); once the Tower is rearranged no one can be brought Home."""
    sc = family(Scenario(2, 1), 0)
    sc.tower(0, 0, "noble", "guest:heresy").tower(0, 1)
    s = do(sc.florence_phase(0, "courtyard"), "send courtyard noble")
    assert "swap 0.2 1.1" in texts(s)
    s = do(s, "swap 0.2 1.1")
    pl = s.players[0]
    assert pl.tower[2] == T_GUEST + 6 and pl.tower[1] == 0
    assert not [t for t in texts(s) if t.startswith("home")]


def test_courtyard_rearrangement_is_bounded_u19() -> None:
    """§6.4 COURTYARD (b), DEFAULT U19: at most 2 swaps, so the turn always ends."""
    sc = family(Scenario(2, 1), 0)
    sc.tower(0, 0, "guest:heresy").tower(0, 1).tower(0, 2)
    s = do(sc.florence_phase(0, "courtyard"), "send courtyard noble", "swap 0.1 1.1", "swap 1.1 2.1")
    assert s.players[0].tower[4] == T_GUEST + 6
    p = inferno.pending(s)
    assert p is not None and p.player == 1 and p.decision is Decision.HELL


def test_courtyard_rearrangement_keeps_one_guest_per_floor_s23() -> None:
    """§23 (max_guests_per_floor = 1): rearranging may not put two Guests on one floor."""
    sc = family(Scenario(2, 1), 0)
    sc.tower(0, 0, "guest:heresy", "noble").tower(0, 1, "guest:fraud")
    s = do(sc.florence_phase(0, "courtyard"), "send courtyard noble")
    opts = texts(s)
    assert "swap 0.2 1.2" in opts  # the Noble may move up beside the fraud Guest
    assert "swap 0.1 1.2" not in opts  # would put the heresy Guest beside the fraud Guest
    assert "swap 0.1 1.1" in opts  # two Guests trading floors is fine
    assert "swap 0.2 1.1" not in opts  # would put the fraud Guest beside the heresy Guest


def test_courtyard_rearrangement_never_adds_or_removes_pieces_it() -> None:
    """§6.4 COURTYARD (b) (IT): rearranging moves pieces without adding or removing any."""
    sc = family(Scenario(2, 1), 0)
    sc.tower(0, 0, "urchin", "guest:heresy").tower(0, 1, "barrel:grey")
    before = sorted(sc.state.players[0].tower)
    s = do(sc.florence_phase(0, "courtyard"), "send courtyard noble", "home urchin", "swap 0.2 1.2")
    after = s.players[0].tower
    assert sorted([*after, T_URCHIN]) == sorted([*before, 0])
