"""Accusation: requirements and the five steps in order (RULES.md §8; S1 p.14-15; D3; U8; U5 bonuses)."""

from __future__ import annotations

import inferno
from inferno import Scenario
from inferno.rules.actions import Decision
from inferno.rules.state import T_GUEST, T_NOBLE, T_URCHIN, State
from tests.rules.helpers import decision, do, texts


def family(sc: Scenario, p: int, florins: int = 5, drachmas: int = 5) -> Scenario:
    """Player ``p`` with nobody at Home or in Florence, an empty one-floor Tower, no Skulls."""
    pl = sc.state.players[p]
    return sc.player(
        p,
        home=[0, 0],
        tower=[0] * len(pl.tower),
        floors=1,
        florence=[0] * len(pl.florence),
        florins=florins,
        drachmas=drachmas,
        tracks={sin: 0 for sin in ("lust", "gluttony", "greed", "sloth", "heresy", "violence", "fraud", "treachery")},
    )


def accusations(s: State) -> list[str]:
    return [t for t in texts(s) if t.startswith("accuse")]


# --- requirements ------------------------------------------------------------------------------


def test_accusation_needs_a_family_member_at_the_location_s1() -> None:
    """§8 (S1 p.14-15): you must already have a family member at the location."""
    sc = family(Scenario(2, 1), 0)
    sc.at(1, "haystack")  # another player's member does not help
    assert accusations(sc.florence_phase(0, "haystack")) == []
    sc = family(Scenario(2, 1), 0).at(0, "haystack", "urchin")
    assert accusations(sc.florence_phase(0, "haystack")) == ["accuse haystack urchin"]


def test_accusation_needs_the_allowed_quartiere_s2() -> None:
    """§8 (S1, S2): the location must be in the allowed quartiere (or you bribed)."""
    sc = family(Scenario(2, 1), 0).at(0, "haystack")
    other = next(loc.id for loc in sc.state.rules.locations if sc.quartiere_of(loc.id) != sc.quartiere_of("haystack"))
    assert accusations(sc.florence_phase(0, other)) == []


def test_special_location_accusation_needs_the_matching_guest_s0() -> None:
    """§6.3, §8 (S0): at a special location your Tower must hold the Guest of its colour."""
    sc = family(Scenario(2, 1), 0).at(0, "wall")
    sc.tower(0, 0, "guest:heresy")  # wrong colour
    assert accusations(sc.florence_phase(0, "wall")) == []
    sc = family(Scenario(2, 1), 0).at(0, "wall")
    sc.tower(0, 0, "guest:violence")
    assert accusations(sc.florence_phase(0, "wall")) == ["accuse wall noble"]


def test_free_location_accusation_needs_no_guest_s0() -> None:
    """§6.3 (S0): you can accuse at a free-access location without a Guest."""
    sc = family(Scenario(2, 1), 0).at(0, "bank")
    assert accusations(sc.florence_phase(0, "bank")) == ["accuse bank noble"]


def test_accusation_needs_an_empty_tower_space_u8() -> None:
    """U8, D3: no empty Tower space, no accusation."""
    sc = family(Scenario(2, 1), 0).at(0, "bank")
    sc.tower(0, 0, "noble", "urchin")
    assert accusations(sc.florence_phase(0, "bank")) == []


# --- the five steps ----------------------------------------------------------------------------


def test_step1_the_player_chooses_the_accuser_floor_s1_p14() -> None:
    """§8 step 1 (S0 "the accuser goes into your Tower"; S1 p.14-15): when several floors have an empty
    space the player chooses the floor; full floors are not offered."""
    sc = family(Scenario(2, 1), 0).at(0, "bank", "urchin")
    sc.tower(0, 0, "noble", "noble").tower(0, 1, "guest:heresy").tower(0, 2)
    s = do(sc.florence_phase(0, "bank"), "accuse bank urchin")
    assert decision(s) is Decision.ACCUSER_FLOOR
    assert texts(s) == ["floor 1", "floor 2"]
    assert sum(s.players[0].florence) == 1  # the accuser waits at the BANK until the floor is chosen
    s = do(s, "floor 2")
    assert s.players[0].tower[4] == T_URCHIN and s.players[0].tower[3] == 0


def test_step1_one_floor_with_room_needs_no_choice_s1_p14() -> None:
    """§8 step 1: with a single floor holding an empty space the accuser goes there with no decision."""
    sc = family(Scenario(2, 1), 0).at(0, "bank", "urchin")
    sc.tower(0, 0, "noble", "noble").tower(0, 1, "guest:heresy")
    s = do(sc.florence_phase(0, "bank"), "accuse bank urchin")
    assert decision(s) is not Decision.ACCUSER_FLOOR
    assert s.players[0].tower[3] == T_URCHIN


def test_step1_accuser_goes_to_the_matching_guest_floor_d3() -> None:
    """§8 step 1, D3 (IT, C5): at a special location the accuser joins the matching Guest's floor."""
    sc = family(Scenario(2, 1), 0).at(0, "wall")
    sc.tower(0, 0).tower(0, 1).tower(0, 2, "guest:violence")
    s = do(sc.florence_phase(0, "wall"), "accuse wall noble")
    assert s.players[0].tower[5] == T_NOBLE
    assert s.players[0].tower[:4] == [0, 0, 0, 0]


def test_step1_full_guest_floor_falls_back_to_any_space_d3() -> None:
    """D3: if the matching Guest's floor is full, the accuser takes another empty space."""
    sc = family(Scenario(2, 1), 0).at(0, "wall")
    sc.tower(0, 0, "noble").tower(0, 1, "guest:violence", "urchin")
    s = do(sc.florence_phase(0, "wall"), "accuse wall noble")
    assert s.players[0].tower[:4] == [T_NOBLE, T_NOBLE, T_GUEST + 7, T_URCHIN]


def test_step2_everyone_else_in_florence_comes_home_s1() -> None:
    """§8 step 2 (S1 p.14-15; S0): the other family members in Florence go Home."""
    sc = family(Scenario(2, 1), 0).at(0, "bank", "noble", 2).at(0, "haystack", "urchin").at(0, "palace")
    sc.at(1, "bank")
    s = do(sc.florence_phase(0, "bank"), "accuse bank noble")
    pl = s.players[0]
    assert sum(pl.florence) == 0
    assert pl.home == [2, 1]
    assert pl.tower.count(T_NOBLE) == 1
    assert sum(s.players[1].florence) == 1  # other players' members stay


def test_step3_a_soul_of_the_location_colour_enters_the_graveyard_s1() -> None:
    """§8 step 3 (S1, TT, IT; C8): a Soul of the location's colour goes to the Graveyard."""
    sc = family(Scenario(2, 1), 0).at(0, "courtyard").graveyard(lust=1)
    before = sc.state.supply[5]
    s = do(sc.florence_phase(0, "courtyard"), "accuse courtyard noble")
    assert s.graveyard[5] == 1
    assert s.supply[5] == before - 1


def test_step4_skull_advances_on_the_location_track_s1() -> None:
    """§8 step 4 (S1): advance your Skull on the matching Sin Track (here to the 4th space: ½ Diploma)."""
    sc = family(Scenario(2, 1), 0).at(0, "banquet").player(0, tracks={"gluttony": 3})
    s = do(sc.florence_phase(0, "banquet"), "accuse banquet noble")
    assert s.players[0].tracks[3] == 4
    assert s.players[0].half == 1


def test_step5_dante_moves_one_stop_s1() -> None:
    """§8 step 5 (S1): then Dante moves one stop down his path and its stop resolves."""
    sc = family(Scenario(2, 1), 0).at(0, "bank").bonus("greed", "silver_florins").dante(0)
    s = do(sc.florence_phase(0, "bank"), "accuse bank noble")
    assert s.dante == 1  # stop D2
    assert str(s.stops[1]) == "D2"


def test_five_steps_happen_in_order_s1_p14() -> None:
    """§8 (S1 p.14-15; S0 reminder): Tower, Home, Graveyard, Skull + bonus, then Dante."""
    sc = family(Scenario(2, 1), 0).at(0, "bank").at(0, "haystack").bonus("greed", "silver_florins").dante(0)
    s = sc.florence_phase(0, "bank")
    n = len(inferno.events(s))
    s = do(s, "accuse bank noble")
    kinds = [e.kind for e in inferno.events(s)[n:]]
    order = [kinds.index(k) for k in ("accuse", "tower", "home", "graveyard", "track", "bonus", "florins", "dante")]
    assert order == sorted(order)


def test_last_round_accusation_advances_skull_and_bonus_but_not_dante_s3() -> None:
    """§8, §16.1 (S3): in the last round the Skull advances and the bonus is taken; Dante stays."""
    sc = family(Scenario(2, 1), 0, florins=0).at(0, "bank").bonus("greed", "silver_florins")
    last = len(sc.state.stops) - 1
    sc.dante(last)
    sc.state.ender = 1
    sc.state.final_turns = 0
    s = do(sc.florence_phase(0, "bank"), "accuse bank noble")
    assert s.dante == last
    assert s.players[0].tracks[4] == 1
    assert s.players[0].florins == 2
    assert s.over


# --- the bonus beside the track (U5) -----------------------------------------------------------


def _accuse_with(tile: str, **player: object) -> State:
    sc = family(Scenario(2, 1), 0).at(0, "bank").bonus("greed", tile).dante(0)
    if player:
        sc.player(0, **player)
    return do(sc.florence_phase(0, "bank"), "accuse bank noble")


def test_bonus_silver_passage_places_a_safe_passage_s2() -> None:
    """§7 (S2: a silver bonus places a safe passage)."""
    s = _accuse_with("silver_passage", passages=[2])
    assert decision(s) is Decision.GATE
    assert texts(s) == ["gate 1", "gate 3", "gate 4"]
    s = do(s, "gate 3")
    assert s.players[0].passages == 0b110


def test_bonus_silver_florins_gives_two_florins_u5() -> None:
    """U5: silver +2 Florins."""
    s = _accuse_with("silver_florins", florins=1)
    assert s.players[0].florins == 3


def test_bonus_silver_home_brings_a_member_home_u5() -> None:
    """U5: silver, move a family member Tower → Home (the accuser may come straight back)."""
    s = _accuse_with("silver_home")
    assert decision(s) is Decision.TOWER_HOME
    assert texts(s) == ["done", "home noble"]
    s = do(s, "home noble")
    assert s.players[0].home == [1, 0]
    assert T_NOBLE not in s.players[0].tower


def test_bonus_silver_advance_on_one_of_the_first_four_tracks_u5() -> None:
    """U5: silver, advance 1 on one of the first four tracks (no second bonus: S0)."""
    s = _accuse_with("silver_advance")
    assert decision(s) is Decision.TRACK
    assert texts(s) == ["track gluttony", "track greed", "track lust", "track sloth"]
    s = do(s, "track sloth")
    assert s.players[0].tracks[5] == 1
    assert s.players[0].tracks[4] == 1


def test_bonus_gold_styx_uses_the_river_styx_s0() -> None:
    """§7 (S0: a gold bonus uses the River Styx), up to 3 Souls of one colour."""
    s = _accuse_with("gold_styx")
    assert decision(s) is Decision.STYX
    assert all(t.startswith("drown") for t in texts(s))
    assert "drown greed 1" in texts(s)  # the accused Soul is already in the Graveyard


def test_bonus_gold_fraud_plays_a_card_free_from_hand_u5() -> None:
    """U5: gold, play a Fraud card with no action cost (a card off the hand still costs 1: S0)."""
    s = _accuse_with("gold_fraud", drachmas=3, hand=["F01", "F02"])
    assert decision(s) is Decision.FRAUD_SOURCE
    assert "done" in texts(s)
    s2 = do(s, "play F01")
    assert s2.players[0].drachmas == 3
    market = s.rules.fraud_cards[s.market[0]].id
    s3 = do(s, f"buy {market}")
    assert s3.players[0].drachmas == 2


def test_bonus_gold_guardian_moves_a_guardian_free_u5() -> None:
    """U5: gold, move a Guardian with its effect, free and optional."""
    s = _accuse_with("gold_guardian", drachmas=0)
    assert decision(s) is Decision.GUARDIAN_MOVE
    assert "done" in texts(s)
    target = next(t for t in texts(s) if t.startswith("gmove"))
    s = do(s, target)
    assert s.players[0].drachmas == 0 and s.players[0].loans == 0


def test_bonus_gold_phlegethon_raises_a_cube_u5() -> None:
    """U5: gold, +1 to one Phlegethon cube."""
    s = _accuse_with("gold_phlegethon")
    assert decision(s) is Decision.PHLEG
    assert s.phleg[6] == s.rules.phleg_max and "phlegethon heresy" not in texts(s)  # a cube at the top stays
    before = s.phleg[7]
    s = do(s, "phlegethon violence")
    assert s.phleg[7] == before + 1 <= s.rules.phleg_max
