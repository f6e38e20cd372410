"""RULES.md §7 / S0 "Sin Tracks": advancing, the ½ Diploma, overflow Infamy, and bonuses only on accusing."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import inferno
from inferno import Decision, Scenario, State
from tests.rules.helpers import decision, play

CORE_TOML = Path(inferno.__file__).parent / "data" / "core.toml"
ANY_TRACK = 2  # TRACK frame group: any of the eight tracks


def advance(sc: Scenario, sin: str) -> State:
    """Player 1 takes one "advance on any track" (as from a card or bonus) on ``sin``."""
    return play(sc.decision((Decision.TRACK, 0, ANY_TRACK)), f"track {sin}")


def overflow_from_data() -> list[int]:
    with CORE_TOML.open("rb") as f:
        value = tomllib.load(f)["tracks"]["overflow_infamy"]
    return list(value["value"] if isinstance(value, dict) else value)


def test_advance_from_zero_to_one_counts_like_any_other() -> None:
    """S0: "Moving from 0 to 1 counts as an advance like any other": four advances from 0 reach space 4."""
    sc = Scenario(players=2, seed=1).player(0, tracks={"lust": 0}, half=0)
    s = advance(sc, "lust")
    assert s.players[0].tracks[2] == 1
    for _ in range(3):
        sc.state = s
        s = advance(sc, "lust")
    assert s.players[0].tracks[2] == 4
    assert s.players[0].half == 1


@pytest.mark.parametrize(("start", "half"), [(2, 0), (3, 1)])
def test_reaching_the_fourth_space_gives_a_half_diploma(start: int, half: int) -> None:
    """S0: "Reaching the 4th space gives you a ½ Diploma token" (and no earlier space does)."""
    s = advance(Scenario(players=2, seed=1).player(0, tracks={"greed": start}, half=0), "greed")
    assert s.players[0].tracks[4] == start + 1
    assert s.players[0].half == half


@pytest.mark.parametrize("circle", range(2, 10))
def test_advance_past_the_fourth_space_keeps_the_skull_and_scores_overflow(circle: int) -> None:
    """S0: "An advance past the 4th space keeps the Skull there and scores the Infamy shown at the end of
    the track" (values: core.toml, U4 — 2 on tracks 2-5, 3 on tracks 6-9)."""
    sc = Scenario(players=2, seed=1)
    sin = sc.state.rules.circle_id(circle)
    s = advance(sc.player(0, tracks={sin: 4}, half=1, infamy=5), sin)
    pl = s.players[0]
    assert pl.tracks[circle] == 4
    assert pl.half == 1
    assert pl.infamy == 5 + overflow_from_data()[circle - 2]
    assert overflow_from_data()[circle - 2] == (2 if circle <= 5 else 3)


def _accusing_scenario(florins: int = 0) -> Scenario:
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(lust=1)
    return sc.player(0, florins=florins, tracks={"lust": 0, "gluttony": 0}, floors=1).tower(0, 0).at(0, "haystack")


def test_the_bonus_is_taken_when_you_accuse() -> None:
    """S0: "The bonus to the left of a track is only taken when you accuse" (the control case)."""
    sc = _accusing_scenario().bonus("lust", "silver_florins")
    s = play(sc.florence_phase(0, "haystack"), "accuse haystack noble")
    assert s.players[0].tracks[2] == 1
    assert s.players[0].florins == 2


def test_no_bonus_on_an_advance_from_the_river_styx() -> None:
    """S0: advances from the River Styx never give the track's bonus."""
    sc = _accusing_scenario().bonus("lust", "silver_florins").graveyard(greed=2)
    s = play(sc.decision((Decision.STYX, 0, 3)), "drown greed 1", "track lust")
    assert s.players[0].tracks[2] == 1
    assert s.players[0].florins == 0


def test_no_bonus_on_an_advance_from_another_bonus() -> None:
    """S0: an advance granted by a bonus does not take the bonus of the track it lands on."""
    sc = _accusing_scenario().bonus("lust", "silver_advance").bonus("gluttony", "silver_florins")
    s = play(sc.florence_phase(0, "haystack"), "accuse haystack noble")
    assert decision(s) == Decision.TRACK
    s = play(s, "track gluttony")
    assert s.players[0].tracks[3] == 1
    assert s.players[0].florins == 0


def test_no_bonus_on_an_advance_from_a_fraud_card() -> None:
    """S0: an advance from a Fraud card's instant effect never gives the track's bonus."""
    sc = _accusing_scenario().bonus("lust", "silver_florins").player(0, panel=["grey"])
    sc.fraud_cards(hands={0: ("F01", "F02")})
    s = play(sc.decision((Decision.FRAUD_SOURCE, 0, 0, 1)), "play F01", "effect 1")
    assert s.players[0].tracks[2] == 1
    assert s.players[0].florins == 0
