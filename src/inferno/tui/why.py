"""The terminal's "why can't I?" answers: the engine's explanations, worded for the command line.

Both front ends (the line mode and the Textual app) call these; the reasons themselves come from
:mod:`inferno.rules.explain`, computed on the asking player's own view.
"""

from __future__ import annotations

from inferno.i18n import TERMINAL
from inferno.rules.explain import decision_summary, explain
from inferno.rules.notation import shown
from inferno.rules.state import State

_ = TERMINAL.gettext


def why_answer(view: State, player: int, rest: str) -> str:
    """The answer to ``why <action text>`` (or ``why`` alone: the pending decision's constraints)."""
    if not rest.strip():
        return _("Now: {summary}.").format(summary=decision_summary(view, player).text)
    e = explain(view, player, rest)
    if e.legal:
        return _("{action} is legal now: type it to play it.").format(action=shown(rest.strip()))
    return _("{action} is not possible: {reason}.").format(action=shown(rest.strip()), reason=e.text)


def illegal_message(view: State, player: int, line: str) -> str:
    """The error shown when a typed action is well formed but not legal now: the engine's reason."""
    e = explain(view, player, line)
    return _("{action} is not legal now: {reason}.").format(action=shown(line), reason=e.text)
