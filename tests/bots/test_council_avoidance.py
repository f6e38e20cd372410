"""Greedy does not hold a family council (RULES.md §10: it costs 2 Infamy) when a send or an accusation
is open to it (§6.1: the council is the third Florence option, not a way to pass).

The positions in ``data/council_positions.json`` are views of the deciding player, taken from games of
``greedy-classic`` (greedy as it played before) at Florence decisions where it held a council
although it could send or accuse: two per game, six games of 2, 3 and 4 players
(seeds 0–5, bot seeds as ``inferno simulate`` gives them). They were saved with
``inferno.rules.serialize.state_to_dict``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inferno.bots.greedy import GreedyBot, classic_greedy
from inferno.rules.actions import Act, Action
from inferno.rules.engine import legal_actions
from inferno.rules.serialize import state_from_dict
from inferno.rules.state import State

DATA = Path(__file__).parent / "data" / "council_positions.json"


def _positions() -> list[State]:
    return [state_from_dict(d) for d in json.loads(DATA.read_text())["positions"]]


POSITIONS = _positions()


def _council_tempting(v: State) -> list[Action]:
    acts = legal_actions(v)
    kinds = {a.kind for a in acts}
    assert Act.COUNCIL in kinds and kinds & {Act.SEND, Act.ACCUSE}
    return acts


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_the_old_greedy_held_a_council_there(index: int) -> None:
    """The saved positions still tempt greedy as it played before (else they test nothing)."""
    v = POSITIONS[index]
    assert classic_greedy(0).choose(v, _council_tempting(v)).kind == Act.COUNCIL


def test_greedy_sends_or_accuses_where_the_old_greedy_held_a_council() -> None:
    """§6.1 / §10: with a send or an accusation open, the council's 2 Infamy mostly buy nothing better.

    One of the twelve may stay a council: in position 8 the only send is to the HAYSTACK, which would
    leave the family with nobody at Home and no accusation ready (a council next turn, or a bribe).
    """
    councils = [i for i, v in enumerate(POSITIONS) if GreedyBot(0).choose(v, _council_tempting(v)).kind == Act.COUNCIL]
    assert len(councils) <= 1, f"greedy held councils in positions {councils}"


def test_positions_cover_every_player_count() -> None:
    assert len(POSITIONS) == 12
    assert {v.num_players for v in POSITIONS} == {2, 3, 4}
