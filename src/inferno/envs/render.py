"""A compact text picture of one player's view, for the environments' ``render()``."""

from __future__ import annotations

from inferno.rules.actions import Decision
from inferno.rules.engine import legal_actions
from inferno.rules.notation import action_text
from inferno.rules.state import GUARDIAN, LYING, PIT, TILE, State


def _cell(s: State, code: int) -> str:
    letters = [c.letter for c in s.rules.circles]
    if code == 0:
        return "."
    if code < LYING:
        return letters[code - 1].upper()
    if code < TILE:
        return letters[code - LYING - 1].lower()
    if code < GUARDIAN:
        return "#"
    if code < PIT:
        return "G"
    return "x"


def render_text(v: State, max_actions: int = 12) -> str:
    """Text of a view: turn and pending decision, Hell by circle, each family, the viewer's options.

    Hell cells: ``.`` empty, capital letter a standing Soul of that circle's colour, small letter a
    lying Soul, ``#`` a spare Soul tile, ``G`` a Guardian, ``x`` a pit.
    """
    r = v.rules
    me = v.viewer
    lines = []
    if v.over:
        lines.append(f"Game over after {v.turn} turns.")
    else:
        frame = v.stack[-1]
        nxt = v.stops[v.dante + 1] if v.dante + 1 < len(v.stops) else None
        lines.append(
            f"Turn {v.turn}: player {frame.player + 1} decides {Decision(frame.kind).name}; "
            f"Dante at stop {v.dante + 1}/{len(v.stops)} (next {nxt})"
        )
    for c in range(1, len(r.circles) + 1):
        row = " ".join(_cell(v, v.hell[t]) for t in v.board.circle_shields[c])
        lines.append(f"  {c} {r.circles[c - 1].id:<9} {row}   graveyard {v.graveyard[c]}")
    for p, pl in enumerate(v.players):
        hand = " ".join(r.fraud_cards[c].id for c in pl.hand) if p == me else f"{len(pl.hand)} cards"
        who = " (you)" if p == me else ""
        lines.append(
            f"  P{p + 1}{who}: Infamy {pl.infamy}, Florins {pl.florins}, Drachmas {pl.drachmas}, "
            f"loans {pl.loans}, floors {pl.floors}, hand {hand}"
        )
    acts = legal_actions(v) if not v.over and v.stack[-1].player == me else []
    if acts:
        shown = ", ".join(action_text(v, a) for a in acts[:max_actions])
        more = f" (+{len(acts) - max_actions} more)" if len(acts) > max_actions else ""
        lines.append(f"  options: {shown}{more}")
    return "\n".join(lines)
