"""The evaluation plays the whole board: safe passages and the lower Hell, sudden death, loans.

Rule quantities come from the engine: the Walls of Dis stand between the fifth and sixth circles and
only a player's own safe passage lets a Soul cross them (rulebook "Walls of Dis", S2); the game ends
at once when the player to move cannot move any Soul (sudden death, S2/S3); the loan table (S0) puts
2 and 4 Infamy at the end on the 1st and 2nd loans and a 5-Infamy hit at once on the 3rd and 5th+.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from inferno.bots.evaluation import (
    DEFAULT_WEIGHTS,
    expected_loan_cost,
    lower_reach,
    next_loan_costs,
    open_lower_shields,
    player_values,
    sudden_death_danger,
    upper_empty_shields,
)
from inferno.bots.greedy import GreedyBot, margin
from inferno.rules.actions import Act, Decision
from inferno.rules.effects import endgame_loan_penalty, take_loan
from inferno.rules.engine import apply, legal_actions, view
from inferno.rules.scenario import Scenario
from inferno.rules.state import EMPTY, State

NO_NEW_TERMS = replace(DEFAULT_WEIGHTS, passage_open=0.0, lower_shield=0.0, loan_foresight=0.0, crowd_stake=0.0)


def _bonfire_passage_choice(fill_lower: bool) -> State:
    """Player 1 at the BONFIRE's second step (raise a Phlegethon cube or place a safe passage)."""
    sc = Scenario(players=2, seed=1).clear_hell()
    s = sc.state
    if fill_lower:
        for c in range(s.rules.walls_above_circle, 10):
            for t in s.board.circle_shields[c]:
                if s.hell[t] == EMPTY:
                    sc.fill(s.board.labels[t])
    return sc.decision((Decision.BONFIRE_SECOND, 0))


@pytest.mark.parametrize("side_players", [2, 3])
def test_each_gate_leads_below_the_walls(side_players: int) -> None:
    """S2 Walls of Dis: every gate opens the shield under it and the lines below."""
    s = Scenario(players=side_players, seed=0).state
    reach = lower_reach(s)
    assert len(reach) == s.board.gates
    below = s.rules.walls_above_circle
    for r in reach:
        assert r and all(s.board.circle[t] >= below for t in r)
        assert any(s.board.circle[t] == below for t in r)


def test_greedy_takes_a_safe_passage_when_the_lower_hell_is_open() -> None:
    """S2 Walls of Dis: only a passage holder can fill the circles below; greedy places one."""
    s = _bonfire_passage_choice(fill_lower=False)
    acts = legal_actions(s)
    assert any(a.kind == Act.GATE for a in acts)
    choice = GreedyBot(0).choose(view(s, 0), acts)
    assert choice.kind == Act.GATE
    after = apply(s, choice)
    assert open_lower_shields(after, 0) > 0
    assert player_values(after)[0] > player_values(s)[0]
    # Without the lower-Hell terms the passage is worth nothing to the estimate.
    assert player_values(after, NO_NEW_TERMS)[0] == player_values(s, NO_NEW_TERMS)[0]


def test_a_passage_into_a_full_lower_hell_is_worth_nothing() -> None:
    s = _bonfire_passage_choice(fill_lower=True)
    gate = next(a for a in legal_actions(s) if a.kind == Act.GATE)
    after = apply(s, gate)
    assert open_lower_shields(after, 0) == 0
    assert player_values(after)[0] == player_values(s)[0]


def test_more_open_lower_shields_are_worth_more() -> None:
    sc = Scenario(players=2, seed=1).clear_hell().player(0, passages=[1])
    s = sc.state
    before = open_lower_shields(s, 0)
    v0 = player_values(s)[0]
    target = next(t for t in lower_reach(s)[0] if s.hell[t] == EMPTY)
    sc.fill(s.board.labels[target])
    assert open_lower_shields(s, 0) == before - 1
    assert player_values(s)[0] < v0


def test_loan_costs_come_from_the_engine_loan_table() -> None:
    """S0 loan table: 1st −2, 2nd −2 more, 3rd −5 at once but the Boat shows −2, 4th −2 more, then −5 each."""
    s = Scenario(players=2, seed=1).state
    costs = next_loan_costs(s)
    t = s.copy()
    t.record_events = False
    pl = t.own_player(1)
    for k in range(len(costs) + 2):
        before = pl.infamy + endgame_loan_penalty(t, 1)
        take_loan(t, 1)
        assert before - (pl.infamy + endgame_loan_penalty(t, 1)) == costs[min(k, len(costs) - 1)]
    assert costs[2] > costs[1]  # the 3rd loan's hit at once outweighs the Boat moving back
    assert costs[-1] == -s.rules.loan_beyond_immediate


def test_a_loan_it_does_not_need_lowers_the_estimate_by_its_price() -> None:
    """A player holding all the Drachmas it will need: a loan only costs (its price − 2 Drachmas' worth)."""
    sc = Scenario(players=2, seed=1).player(0, drachmas=40, loans=0)
    s = sc.state
    assert expected_loan_cost(s, 0) == 0.0
    t = s.copy()
    take_loan(t, 0)
    drop = player_values(s)[0] - player_values(t)[0]
    gained = t.players[0].drachmas - s.players[0].drachmas
    assert drop == pytest.approx(next_loan_costs(s)[0] - DEFAULT_WEIGHTS.drachma * gained)
    assert drop > 0


def test_drachmas_are_worth_the_loans_they_save_when_deep_in_debt() -> None:
    """At 4 loans every further loan costs 5 Infamy at once: 2 Drachmas held save one of those."""
    s = Scenario(players=2, seed=1).player(0, drachmas=0, florins=0, loans=4).state
    rich = s.copy()
    rich.own_player(0).drachmas = 2
    gain = player_values(rich)[0] - player_values(s)[0]
    assert gain >= DEFAULT_WEIGHTS.loan_foresight * next_loan_costs(s)[4] - 1e-9
    light = Scenario(players=2, seed=1).player(0, drachmas=0, florins=0, loans=0).state
    light_rich = light.copy()
    light_rich.own_player(0).drachmas = 2
    assert gain > player_values(light_rich)[0] - player_values(light)[0]
    # Without the loan term, 2 Drachmas are worth the same at any depth of debt.
    g_old = player_values(rich, NO_NEW_TERMS)[0] - player_values(s, NO_NEW_TERMS)[0]
    assert g_old == pytest.approx(2 * DEFAULT_WEIGHTS.drachma)


def _crowded(lead: int) -> Scenario:
    """Player 1 ahead by ``lead`` Infamy (negative: behind); no Skulls, so Phlegethon values do not matter."""
    sc = Scenario(players=2, seed=1).clear_hell()
    sc.player(0, infamy=20 + lead, tracks={}).player(1, infamy=20)
    s = sc.state
    # leave a few empty shields above the Walls, in Limbo last
    upper = [t for c in range(2, s.rules.walls_above_circle) for t in s.board.circle_shields[c]]
    for t in upper:
        if s.hell[t] == EMPTY:
            sc.fill(s.board.labels[t])
    for t in [t for t in s.board.circle_shields[1] if s.hell[t] == EMPTY][3:]:  # Limbo: 3 left empty
        sc.fill(s.board.labels[t])
    return sc


def test_crowding_the_upper_hell_costs_the_trailing_player() -> None:
    """S2/S3 sudden death: the fuller the shields above the Walls, the nearer the game's abrupt end."""
    for lead, sign in ((-10, -1), (10, 1)):
        sc = _crowded(lead)
        s = sc.state
        limbo = [t for t in s.board.circle_shields[1] if s.hell[t] == EMPTY]
        assert len(limbo) >= 2
        before_danger = sudden_death_danger(s)
        m0 = margin(s, 0)
        old0 = margin(s, 0, NO_NEW_TERMS)
        sc.fill(s.board.labels[limbo[0]])
        assert upper_empty_shields(s) == len(limbo) - 1
        assert sudden_death_danger(s) > before_danger
        m1 = margin(s, 0)
        assert (m1 - m0) * sign > 0, (lead, m0, m1)
        assert margin(s, 0, NO_NEW_TERMS) == pytest.approx(old0)  # the term, not the fill, moves it


def test_no_crowding_cost_while_the_upper_hell_has_room() -> None:
    s = Scenario(players=2, seed=1).clear_hell().player(0, infamy=10).state
    assert upper_empty_shields(s) >= DEFAULT_WEIGHTS.crowd_horizon
    assert sudden_death_danger(s) == 0.0
