"""The four special locations: BONFIRE, WALL, MARKET, PALACE (RULES.md §6.4; IT; U13, U19)."""

from __future__ import annotations

from pathlib import Path

import pytest

import inferno
from inferno import Scenario
from inferno.rules.actions import Decision
from inferno.rules.state import T_BARREL, T_GUEST, State
from tests.rules.helpers import decision, do, placeholder_rules, texts


def family(sc: Scenario, p: int, florins: int = 5, drachmas: int = 5) -> Scenario:
    """Player ``p`` with one Urchin at Home (free entry), an empty one-floor Tower, nobody in Florence."""
    pl = sc.state.players[p]
    return sc.player(
        p,
        home=[0, 1],
        tower=[0] * len(pl.tower),
        floors=1,
        florence=[0] * len(pl.florence),
        florins=florins,
        drachmas=drachmas,
        reserve=3,
    )


def turn_over(s: State) -> bool:
    p = inferno.pending(s)
    return p is not None and p.player == 1 and p.decision is Decision.HELL


def barrel(s: State, ident: str) -> int:
    b = s.rules.barrel_by_id(ident)
    assert b is not None
    return b.index


# --- BONFIRE -----------------------------------------------------------------------------------


def test_bonfire_steps_come_in_printed_order_u19() -> None:
    """§6.4 BONFIRE, U19: exchange, then Phlegethon/passage, then Guardian/Styx, each optional."""
    s = do(family(Scenario(2, 1), 0).florence_phase(0, "bonfire"), "send bonfire urchin")
    assert decision(s) is Decision.BONFIRE_EXCHANGE
    s = do(s, "done")
    assert decision(s) is Decision.BONFIRE_SECOND
    s = do(s, "done")
    assert decision(s) is Decision.BONFIRE_THIRD
    s = do(s, "done")
    assert turn_over(s)


def test_bonfire_exchanges_up_to_three_florins_one_to_one_u9() -> None:
    """§6.4 BONFIRE step 1 (IT; S0), U9: change up to 3 Florins into Drachmas at 1:1."""
    s = do(family(Scenario(2, 1), 0, florins=5, drachmas=0).florence_phase(0, "bonfire"), "send bonfire urchin")
    assert texts(s) == ["done", "exchange 1", "exchange 2", "exchange 3"]
    s = do(s, "exchange 3")
    assert (s.players[0].florins, s.players[0].drachmas) == (2, 3)
    assert decision(s) is Decision.BONFIRE_SECOND


def test_bonfire_exchange_is_limited_by_florins_owned_s0() -> None:
    """§15 (S0): you cannot change Florins you do not have."""
    s = do(family(Scenario(2, 1), 0, florins=1).florence_phase(0, "bonfire"), "send bonfire urchin")
    assert texts(s) == ["done", "exchange 1"]


def test_bonfire_raises_one_phlegethon_cube_by_one_max_five_u3() -> None:
    """§6.4 BONFIRE step 2 (IT), U3: one cube +1, never above 5."""
    sc = family(Scenario(2, 1, rules_dir=placeholder_rules()), 0)
    sc.state.phleg[7] = 5
    s = do(sc.florence_phase(0, "bonfire"), "send bonfire urchin", "done")
    assert "phlegethon violence" not in texts(s)
    s = do(s, "phlegethon greed")
    assert s.phleg[4] == 4
    assert decision(s) is Decision.BONFIRE_THIRD  # the passage alternative is gone


def test_bonfire_places_a_safe_passage_instead_s2() -> None:
    """§6.4 BONFIRE step 2 (S2): OR place your safe passage on a gate you do not hold yet."""
    sc = family(Scenario(2, 1, rules_dir=placeholder_rules()), 0).player(0, passages=[1, 3])
    s = do(sc.florence_phase(0, "bonfire"), "send bonfire urchin", "done")
    gates = [t for t in texts(s) if t.startswith("gate")]
    assert gates == ["gate 2", "gate 4"]
    s = do(s, "gate 4")
    assert s.players[0].passages == 0b1101
    assert s.phleg[2:10] == [3] * 8


def test_bonfire_guardian_costs_one_drachma_u11() -> None:
    """§6.4 BONFIRE step 3 (IT), U11: pay 1 Drachma to move a Guardian (and use its effect)."""
    s = do(family(Scenario(2, 1), 0, drachmas=2).florence_phase(0, "bonfire"), "send bonfire urchin", "done", "done")
    assert texts(s) == ["done", "guardian", "styx"]
    s = do(s, "guardian")
    assert s.players[0].drachmas == 1
    assert decision(s) is Decision.GUARDIAN_MOVE
    assert "done" not in texts(s)  # paid for: the Guardian must move


def test_bonfire_styx_costs_two_drachmas_s0() -> None:
    """§6.4 BONFIRE step 3 (S0: the River Styx at the BONFIRE for 2 Drachmas)."""
    sc = family(Scenario(2, 1), 0, drachmas=2).graveyard(lust=3)
    s = do(sc.florence_phase(0, "bonfire"), "send bonfire urchin", "done", "done", "styx")
    assert s.players[0].drachmas == 0
    assert decision(s) is Decision.STYX
    assert texts(s) == ["drown lust 1", "drown lust 2", "drown lust 3"]


def _bonfire_styx_souls(tmp_path: Path, value: int) -> Path:
    """A rules directory whose BONFIRE's River Styx returns at most ``value`` Souls."""
    text = (Path(inferno.__file__).parent / "data" / "locations.toml").read_text(encoding="utf-8")
    old = "styx_souls = { value = 3,"
    assert old in text
    (tmp_path / "locations.toml").write_text(text.replace(old, f"styx_souls = {{ value = {value},"), encoding="utf-8")
    return tmp_path


def test_bonfire_styx_souls_come_from_the_data_s0(tmp_path: Path) -> None:
    """S0 (Boards & General Concepts, p.9): the BONFIRE gives the River Styx, whose table returns up to 3
    Souls. That limit is the data value ``styx_souls`` (SEED), not a number in the code."""
    r = inferno.load_rules()
    bonfire = next(loc for loc in r.locations if loc.id == "bonfire")
    assert bonfire.params["styx_souls"] == 3 == max(r.styx_table)
    tags = {v.path: v.provenance.tag.value for v in r.provenance if v.file == "locations.toml"}
    assert tags[f"location[{bonfire.index}].params.styx_souls"] == "SEED"
    sc = family(Scenario(2, 1, rules_dir=_bonfire_styx_souls(tmp_path, 2)), 0, drachmas=2).graveyard(lust=3)
    s = do(sc.florence_phase(0, "bonfire"), "send bonfire urchin", "done", "done", "styx")
    assert texts(s) == ["drown lust 1", "drown lust 2"]


def test_bonfire_styx_beyond_the_table_is_refused(tmp_path: Path) -> None:
    with pytest.raises(inferno.RulesDataError, match="styx_souls"):
        inferno.load_rules(_bonfire_styx_souls(tmp_path, 4))


def test_bonfire_third_step_is_guardian_or_styx_not_both_it() -> None:
    """§6.4 BONFIRE step 3 (IT): EITHER the Guardian OR the Styx."""
    sc = family(Scenario(2, 1), 0, drachmas=5).graveyard(lust=1, greed=1)
    s = do(
        sc.florence_phase(0, "bonfire"), "send bonfire urchin", "done", "done", "styx", "drown lust 1", "track sloth"
    )
    assert s.players[0].drachmas == 3
    assert turn_over(s)


# --- WALL --------------------------------------------------------------------------------------


def test_wall_steps_come_in_printed_order_u19() -> None:
    """§6.4 WALL, U19: exchange, then Fraud card, then Barrel delivery, each optional."""
    sc = family(Scenario(2, 1), 0)
    sc.tower(0, 0, "barrel:green")
    s = do(sc.florence_phase(0, "wall"), "send wall urchin")
    assert decision(s) is Decision.WALL_EXCHANGE
    s = do(s, "done")
    assert decision(s) is Decision.WALL_FRAUD
    s = do(s, "done")
    assert decision(s) is Decision.WALL_DELIVER
    s = do(s, "done")
    assert turn_over(s)


def test_wall_exchanges_up_to_two_florins_s0() -> None:
    """§6.4 WALL step 1 (IT; S0): change up to 2 Florins into Drachmas."""
    s = do(family(Scenario(2, 1), 0, florins=5, drachmas=0).florence_phase(0, "wall"), "send wall urchin")
    assert texts(s) == ["done", "exchange 1", "exchange 2"]
    s = do(s, "exchange 2")
    assert (s.players[0].florins, s.players[0].drachmas) == (3, 2)


def test_wall_fraud_card_from_hand_costs_two_drachmas_it() -> None:
    """§6.4 WALL step 2 (IT): pay 2 Drachmas and play a Fraud card."""
    sc = family(Scenario(2, 1), 0, drachmas=5).player(0, hand=["F02", "F06"])
    s = do(sc.florence_phase(0, "wall"), "send wall urchin", "done", "fraud", "play F02")
    assert s.players[0].drachmas == 3
    f02 = s.rules.card_by_id("F02")
    assert f02 is not None and s.players[0].played[-1] == f02.index


def test_wall_fraud_card_off_hand_costs_one_more_s0() -> None:
    """§6.4 WALL step 2, §12 (S0): a card not from your hand costs 1 extra (2 + 1)."""
    sc = family(Scenario(2, 1), 0, drachmas=5).fraud_cards(market=("F07", "F08", "F09"))
    s = do(sc.florence_phase(0, "wall"), "send wall urchin", "done", "fraud", "buy F07")
    assert s.players[0].drachmas == 2


@pytest.mark.parametrize(
    ("ident", "points"),
    [("grey", 2), ("burgundy", 2), ("beige", 3), ("green", 2)],
)
def test_wall_barrel_delivery_scores_its_panel_value_u13(ident: str, points: int) -> None:
    """§6.4 WALL step 3 (S0: delivered Barrels score at once), U13 per-colour rule.

    Position: 2 Guests (grey: 1 per Guest), 3 floors = 2 built (burgundy: 1 per built floor),
    3 Urchins owned (beige: 1 per Urchin), green flat 2.
    """
    sc = family(Scenario(2, 1), 0).player(0, infamy=10, reserve=1)
    sc.tower(0, 0, f"barrel:{ident}", "guest:heresy").tower(0, 1, "guest:fraud").tower(0, 2)
    s = do(sc.florence_phase(0, "wall"), "send wall urchin", "done", "done")
    assert texts(s) == ["deliver " + ident, "done"]
    s = do(s, "deliver " + ident)
    pl = s.players[0]
    b = barrel(s, ident)
    assert pl.infamy == 10 + points
    assert pl.panel == 1 << b
    assert T_BARREL + b not in pl.tower


def test_wall_delivery_only_from_the_tower_s0() -> None:
    """§6.4 WALL step 3 (S0): only a Barrel in your Tower can be delivered; none → step skipped."""
    sc = family(Scenario(2, 1), 0).player(0, panel=["grey"])
    s = do(sc.florence_phase(0, "wall"), "send wall urchin", "done", "done")
    assert turn_over(s)


# --- MARKET ------------------------------------------------------------------------------------


def test_market_barrel_goes_to_an_empty_tower_space_it() -> None:
    """§6.4 MARKET (IT): take a Barrel and put it on an empty space of your Tower."""
    sc = family(Scenario(2, 1), 0)
    sc.tower(0, 0, "guest:heresy", "urchin").tower(0, 1, "noble")
    s = do(sc.florence_phase(0, "market"), "send market urchin")
    opts = texts(s)
    assert opts == ["barrel beige 1", "barrel burgundy 1", "barrel green 1", "barrel grey 1"]
    left = s.barrel_market[barrel(s, "grey")]
    s = do(s, "barrel grey 1")
    assert s.players[0].tower[3] == T_BARREL + barrel(s, "grey")
    assert s.barrel_market[barrel(s, "grey")] == left - 1


def test_market_never_a_second_barrel_of_a_colour_it() -> None:
    """§6.4 MARKET, §13 (IT): never two Barrels of one colour, in the Tower or on the panel."""
    sc = family(Scenario(2, 1), 0).player(0, panel=["grey"])
    sc.tower(0, 0, "barrel:green").tower(0, 1)
    s = do(sc.florence_phase(0, "market"), "send market urchin")
    colours = {t.split()[1] for t in texts(s)}
    assert colours == {"beige", "burgundy"}


def test_market_sold_out_colour_is_not_offered_s3_1() -> None:
    """§3.1 step 3: the MARKET holds one set per player; a colour taken by all is gone."""
    sc = family(Scenario(2, 1), 0)
    sc.state.barrel_market[barrel(sc.state, "beige")] = 0
    s = do(sc.florence_phase(0, "market"), "send market urchin")
    assert not [t for t in texts(s) if "beige" in t]


def test_market_with_a_full_tower_takes_nothing_it() -> None:
    """§6.4 MARKET (IT): the Barrel needs an empty space; a full Tower gets none."""
    sc = family(Scenario(2, 1), 0)
    sc.tower(0, 0, "noble", "noble")
    s = do(sc.florence_phase(0, "market"), "send market urchin")
    assert turn_over(s)
    assert sum(s.barrel_market) == 2 * 4


# --- PALACE ------------------------------------------------------------------------------------


def test_palace_guest_pays_florins_equal_to_its_floor_it() -> None:
    """§6.4 PALACE (IT): put a Guest on an empty space; gain Florins equal to the floor (0-4)."""
    sc = family(Scenario(2, 1), 0, florins=0)
    sc.tower(0, 0).tower(0, 1).tower(0, 2).tower(0, 3)
    s = do(sc.florence_phase(0, "palace"), "send palace urchin", "guest treachery 3")
    assert s.players[0].florins == 3
    assert s.players[0].tower[6] == T_GUEST + 9
    assert s.palace[9] == 1


def test_palace_only_one_guest_of_each_colour_s0() -> None:
    """§6.5 (S0): you may host only one Guest of each colour."""
    sc = family(Scenario(2, 1), 0)
    sc.tower(0, 0, "guest:heresy").tower(0, 1)
    s = do(sc.florence_phase(0, "palace"), "send palace urchin")
    assert {t.split()[1] for t in texts(s)} == {"violence", "fraud", "treachery"}


def test_palace_at_most_one_guest_per_floor_s23() -> None:
    """§23 (max_guests_per_floor = 1): a floor already holding a Guest takes no second one."""
    sc = family(Scenario(2, 1), 0)
    sc.tower(0, 0, "guest:heresy").tower(0, 1, "noble")
    s = do(sc.florence_phase(0, "palace"), "send palace urchin")
    assert {t.split()[2] for t in texts(s)} == {"1"}


def test_palace_sold_out_colour_is_not_offered_s3_1() -> None:
    """§3.1 step 3: one set of Guests per player; a colour all taken is gone."""
    sc = family(Scenario(2, 1), 0)
    sc.state.palace[7] = 0
    s = do(sc.florence_phase(0, "palace"), "send palace urchin")
    assert not [t for t in texts(s) if "violence" in t]
