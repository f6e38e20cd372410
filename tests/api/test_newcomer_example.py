"""The newcomer's example: put a lying Greed Soul on 4.2, give player 2 a safe passage on gate 3, and
list the legal actions, in a few readable lines (the same lines open docs/library/position-api.md)."""

from __future__ import annotations

import inferno
from inferno import Scenario, Sin, Soul


def test_lying_greed_soul_passage_and_legal_actions() -> None:
    sc = Scenario(players=2, seed=1)
    sc.shield("4.2", Soul(Sin.GREED, lying=True)).passage(1, gate=3)
    state = sc.hell_phase(1)
    options = sc.position.decision.texts  # type: ignore[union-attr]

    assert options == tuple(inferno.action_text(state, a) for a in inferno.legal_actions(state))
    assert "move 4.2" not in options and all(o.startswith("enter ") for o in options)
    assert sc.position.shield("4.2") == Soul(Sin.GREED, lying=True)
    assert sc.position.player(1).passages == {3} and state.players[1].passages == 1 << 2


def test_the_passage_on_gate_3_is_what_lets_a_soul_cross_the_walls() -> None:
    """RULES.md §5.3 Walls of Dis (S2): a Soul crosses only through a gate holding the mover's safe passage.

    On side I/II shield 5.4's lines go down through gates 3 and 4 only."""

    def options(*gates: int) -> tuple[str, ...]:
        sc = Scenario(players=2, seed=1).shield("5.4", Soul(Sin.TREACHERY)).passages(1, *gates)
        sc.hell_phase(1)
        return sc.position.decision.texts  # type: ignore[union-attr]

    assert "move 5.4" in options(3)
    assert "move 5.4" in options(4)
    assert "move 5.4" not in options()
    assert "move 5.4" not in options(1, 2)


def test_the_docs_page_opens_with_these_lines() -> None:
    from tests.api.test_docs_examples import blocks

    kind, first = blocks("position-api.md")[0]
    assert kind == "pycon"
    assert 'sc.shield("4.2", Soul(Sin.GREED, lying=True)).passage(1, gate=3)' in first
    assert "sc.position.decision.texts" in first
