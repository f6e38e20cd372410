"""RULES.md §5.2 / S2 "Soul movement rules" / S1 p.11: stops, jump chains, lying down, own-circle limit."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import inferno
from inferno import Decision, Scenario, State
from tests.rules.helpers import decision, placeholder_rules, play, texts

CORE_TOML = Path(inferno.__file__).parent / "data" / "core.toml"


def empty_hell(seed: int = 1) -> Scenario:
    return (
        Scenario(players=2, seed=seed, rules_dir=placeholder_rules()).clear_hell(keep_guardians=False).graveyard(lust=1)
    )


def at(s: State, label: str) -> int:
    return s.hell[s.board.index[label]]


def test_move_stops_on_the_first_empty_shield() -> None:
    """S2: the Soul descends one line and stops on the first empty shield (standing: not its circle)."""
    s = play(empty_hell().soul("2.1", "violence").hell_phase(0), "move 2.1")
    assert texts(s) == ["step 3.1", "step 3.2"]
    s = play(s, "step 3.1")
    violence = s.rules.circle_by_id("violence")
    assert at(s, "3.1") == violence  # standing (not LYING): it has not reached circle 7
    assert at(s, "2.1") == 0
    assert s.players[0].infamy == 0
    assert decision(s) == Decision.FLORENCE


def test_jump_chain_offers_a_choice_at_every_occupied_shield() -> None:
    """S2: at each jump the mover chooses the line, so a Soul may zigzag (a STEP decision per jump)."""
    sc = empty_hell().soul("1.2", "violence")
    sc.soul("2.2", "lust", lying=True).soul("2.3", "lust", lying=True)
    sc.soul("3.2", "gluttony", lying=True).soul("3.3", "greed")
    s = play(sc.hell_phase(0), "move 1.2")
    assert texts(s) == ["step 2.2", "step 2.3"]
    s = play(s, "step 2.2")
    assert decision(s) == Decision.HELL_STEP
    assert texts(s) == ["step 3.2", "step 3.3"]
    s = play(s, "step 3.3")
    assert texts(s) == ["step 4.3", "step 4.4"]
    s = play(s, "step 4.4")
    assert at(s, "4.4") == s.rules.circle_by_id("violence")
    assert at(s, "3.3") == s.rules.circle_by_id("greed")  # the jumped Souls stay where they were


def test_guardians_and_pits_are_occupied_shields_to_jump() -> None:
    """S2: a shield occupied by a Guardian or any Guardian piece is jumped like one holding a Soul."""
    sc = Scenario(players=2, seed=1, rules_dir=placeholder_rules()).clear_hell(keep_guardians=False).graveyard(lust=1)
    sc.guardians("cerberus").guardian(0, "3.1").fill("3.2").soul("2.1", "violence")
    s = play(sc.hell_phase(0), "move 2.1")
    assert texts(s) == ["step 3.1", "step 3.2"]
    s = play(s, "step 3.1")
    assert texts(s) == ["step 4.1", "step 4.2"]


def test_jump_options_list_only_lines_that_lead_to_a_legal_stop() -> None:
    """S2 / S1 p.11: a line whose every continuation would pass below the Soul's circle is not offered."""
    sc = empty_hell().soul("2.2", "greed").soul("3.2", "sloth").soul("3.3", "sloth")
    sc.fill("4.2").fill("4.3")  # from 3.2 a greed Soul could only reach the full 4.2 / 4.3
    s = play(sc.hell_phase(0), "move 2.2")
    assert texts(s) == ["step 3.3"]
    s = play(s, "step 3.3")
    assert texts(s) == ["step 4.4"]


def test_soul_never_goes_below_its_own_circle() -> None:
    """S2: "A Soul never goes below its own circle": an occupied shield of its circle is not a way through."""
    s = play(empty_hell().soul("3.1", "greed").fill("4.1").hell_phase(0), "move 3.1")
    assert texts(s) == ["step 4.2"]


def test_soul_whose_only_paths_are_full_cannot_move_and_is_not_listed() -> None:
    """S2: a Soul whose only paths into its circle are full stays where it is."""
    s = empty_hell().soul("3.5", "greed").fill("4.5").soul("1.1", "lust").hell_phase(0)
    assert "move 3.5" not in texts(s)
    assert texts(s) == ["enter lust", "move 1.1"]


def test_pagan_soul_lies_down_in_limbo_and_cannot_jump_a_full_limbo() -> None:
    """S2: Limbo is the pagans' circle: they lie down there for 1 Infamy and never go lower."""
    sc = empty_hell().graveyard(pagan=1, lust=1)
    s = play(sc.hell_phase(0), "enter pagan", "step 1.3")
    assert at(s, "1.3") == 10 + 1  # LYING + circle 1
    assert s.players[0].infamy == 1
    sc = empty_hell().graveyard(pagan=1, lust=1)
    for lab in ("1.1", "1.2", "1.3", "1.4"):
        sc.fill(lab)
    assert texts(sc.hell_phase(0)) == ["enter lust"]


def _circle_infamy_from_data() -> list[int]:
    with CORE_TOML.open("rb") as f:
        value = tomllib.load(f)["scoring"]["circle_infamy"]
    return list(value["value"] if isinstance(value, dict) else value)


@pytest.mark.parametrize("circle", range(2, 10))
def test_lying_down_in_its_own_circle_scores_that_circle(circle: int) -> None:
    """S2: laying a Soul down in its circle scores the Infamy printed beside it (core.toml, U2)."""
    sc = Scenario(players=2, seed=1, rules_dir=placeholder_rules()).clear_hell(keep_guardians=False).graveyard(lust=1)
    sin = sc.state.rules.circle_id(circle)
    sc.soul(f"{circle - 1}.1", sin).player(0, infamy=7, passages=[1, 2, 3, 4])
    s = play(sc.hell_phase(0), f"move {circle - 1}.1")
    target = texts(s)[0].split()[1]
    s = play(s, f"step {target}")
    assert at(s, target) == 10 + circle
    assert s.players[0].infamy == 7 + _circle_infamy_from_data()[circle - 1]


@pytest.mark.parametrize(("circle", "points"), [(1, 1), (3, 2), (7, 4), (9, 5)])
def test_seed_infamy_values_per_circle(circle: int, points: int) -> None:
    """S2: "1 in Limbo, rising with depth (2 in the third circle, 4 in the seventh, 5 in the ninth)"."""
    assert _circle_infamy_from_data()[circle - 1] == points
    sc = Scenario(players=2, seed=1, rules_dir=placeholder_rules()).clear_hell(keep_guardians=False)
    sin = sc.state.rules.circle_id(circle)
    if circle == 1:
        s = play(sc.graveyard(pagan=1).hell_phase(0), "enter pagan", "step 1.1")
    else:
        sc.graveyard(lust=1).soul(f"{circle - 1}.1", sin).player(0, passages=[1, 2, 3, 4])
        s = play(sc.hell_phase(0), f"move {circle - 1}.1", f"step {circle}.1")
    assert s.players[0].infamy == points
