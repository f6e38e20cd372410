"""RULES.md §5.1 / S2 "Move one Soul": which Souls may move, the Graveyard and Charon's ferry."""

from __future__ import annotations

import pytest

import inferno
from inferno import Decision, Scenario
from tests.rules.helpers import decision, play, texts


def empty_hell(seed: int = 1, side: str | None = None) -> Scenario:
    return Scenario(players=2, seed=seed, side=side, side_variant=True).clear_hell(keep_guardians=False)


def test_standing_souls_outside_their_circle_may_move_lying_souls_never() -> None:
    """S2: only standing Souls that have not reached their circle move; lying Souls never move again."""
    sc = empty_hell().graveyard(lust=1)
    sc.soul("1.2", "greed").soul("2.3", "violence")
    sc.soul("1.1", "pagan", lying=True).soul("4.1", "greed", lying=True).soul("2.1", "lust", lying=True)
    s = sc.hell_phase(0)
    assert texts(s) == ["enter lust", "move 1.2", "move 2.3"]


def test_souls_have_no_owner_every_player_may_move_any_standing_soul() -> None:
    """S2: "Anyone may move any standing Soul: Souls have no owner" (S0: a new Soul belongs to nobody)."""
    first = empty_hell().graveyard(lust=1).soul("1.2", "greed").soul("3.4", "violence").hell_phase(0)
    second = empty_hell().graveyard(lust=1).soul("1.2", "greed").soul("3.4", "violence").hell_phase(1)
    assert texts(first) == texts(second) == ["enter lust", "move 1.2", "move 3.4"]


def test_soul_left_standing_by_one_player_is_moved_by_another() -> None:
    """S2: a Soul a player left standing belongs to nobody; the next player moves it on."""
    sc = empty_hell().graveyard(lust=1).soul("1.2", "violence").player(0, drachmas=0).player(1, drachmas=0)
    s = play(sc.hell_phase(0), "move 1.2", "step 2.2")
    assert s.hell[s.board.index["2.2"]] == s.rules.circle_by_id("violence")  # standing, not lying
    s = play(s, "council")  # the cheapest Florence option ends the turn
    while inferno.to_move(s) == 0:
        s = inferno.apply(s, inferno.legal_actions(s)[0])
    assert decision(s) == Decision.HELL
    assert inferno.to_move(s) == 1
    assert "move 2.2" in texts(s)


def test_graveyard_soul_costs_exactly_one_drachma() -> None:
    """S2 / S0 "River Acheron": ferrying a Graveyard Soul costs Charon's fare of exactly 1 Drachma."""
    s = empty_hell().graveyard(lust=2).player(0, drachmas=3).hell_phase(0)
    s = play(s, "enter lust")
    assert s.players[0].drachmas == 2
    assert s.players[0].loans == 0
    assert s.graveyard[2] == 1  # circle 2: lust


@pytest.mark.parametrize("side", ["I/II", "III/IV"])
def test_graveyard_soul_may_enter_any_limbo_shield(side: str) -> None:
    """S2: the ferried Soul enters on any shield of the first circle (Limbo)."""
    s = play(empty_hell(side=side).graveyard(lust=1).hell_phase(0), "enter lust")
    limbo = [s.board.labels[t] for t in s.board.circle_shields[1]]
    assert texts(s) == sorted(f"step {lab}" for lab in limbo)
    assert len(limbo) >= 4


def test_graveyard_is_one_shield_linked_to_every_limbo_shield() -> None:
    """S2: if the chosen Limbo shield is occupied the Soul carries on downward at once."""
    sc = empty_hell().graveyard(greed=1).soul("1.1", "pagan", lying=True)
    s = play(sc.hell_phase(0), "enter greed", "step 1.1")
    assert decision(s) == Decision.HELL_STEP
    assert texts(s) == ["step 2.1", "step 2.2"]
    s = play(s, "step 2.2")
    assert s.hell[s.board.index["2.2"]] == s.rules.circle_by_id("greed")


def test_ferry_forces_a_loan_when_nothing_in_hell_can_move_and_no_drachma() -> None:
    """S2: if no Soul in Hell can move and you have no Drachma, you must take a loan and pay the fare from it."""
    sc = empty_hell().graveyard(lust=1).soul("1.1", "pagan", lying=True).player(0, drachmas=0, loans=0)
    s = sc.hell_phase(0)
    assert texts(s) == ["enter lust"]
    s = play(s, "enter lust")
    assert s.players[0].loans == 1
    assert s.players[0].drachmas == 2 - 1  # the loan's 2 Drachmas minus the 1-Drachma fare
