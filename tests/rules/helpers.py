"""Small helpers shared by the rule tests: list, play and inspect decisions by their text form."""

from __future__ import annotations

import inferno
from inferno import Decision, State


def texts(s: State) -> list[str]:
    """The legal actions' text forms, sorted."""
    return sorted(inferno.action_text(s, a) for a in inferno.legal_actions(s))


def do(s: State, *commands: str) -> State:
    """Apply actions given in text form, one after the other."""
    for c in commands:
        s = inferno.apply(s, inferno.parse_action(s, c))
    return s


play = do


def decision(s: State) -> Decision | None:
    """The kind of the pending decision (None when the game is over)."""
    pend = inferno.pending(s)
    return None if pend is None else pend.decision
