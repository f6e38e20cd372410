"""One-line reasons in the game's words: what the better move does that the move played does not.

Both moves are applied to the same random deal of the hidden cards (consistent with the deciding
player's view), and each line is played on to the end of that player's part of the turn by a
one-step greedy choice. The reason compares the engine's own events and the player's Infamy, money,
Skulls and filled shields at that point.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from inferno.bots.greedy import margin
from inferno.records.log import events
from inferno.rules.actions import Action
from inferno.rules.engine import apply, determinize, legal_actions, to_move
from inferno.rules.events import Event, count
from inferno.rules.notation import parse_action
from inferno.rules.state import EMPTY, GUARDIAN, State

_MAX_STEPS = 40


@dataclass(frozen=True, slots=True)
class _Line:
    state: State
    new_events: list[Event]


def _play_on(s: State, first: Action, seat: int) -> _Line:
    """Play ``first``, then finish ``seat``'s run of decisions greedily (at most a few dozen steps)."""
    start = len(events(s))
    t = apply(s, first)
    for _ in range(_MAX_STEPS):
        if t.over or to_move(t) != seat:
            break
        acts = legal_actions(t)
        t = max((apply(t, a) for a in acts), key=lambda u: margin(u, seat))
    return _Line(t, events(t)[start:])


def _filled(before: State, after: State) -> list[int]:
    """Circles where a Soul filled an empty shield between the two states (one entry per shield)."""
    out = []
    b = before.board
    for circle in range(1, len(b.circle_shields)):
        for t in b.circle_shields[circle]:
            if before.hell[t] == EMPTY and EMPTY < after.hell[t] < GUARDIAN:  # a Soul, not a Guardian
                out.append(circle)
    return out


def _money_words(florins: int, drachmas: int) -> list[str]:
    out = []
    for n, word in ((florins, "Florin"), (drachmas, "Drachma")):
        if n > 0:
            out.append(f"{count(n, word)} more")
        elif n < 0:
            out.append(f"{count(-n, word)} less")
    return out


def _first_distinct(mine: list[Event], other: list[Event]) -> str:
    """The first event text of one line that the other line does not have."""
    theirs = {e.text for e in other}
    for e in mine:
        if e.text not in theirs:
            return e.text
    return ""


def reason(v: State, seat: int, played: str, better: str, seed: int) -> str:
    """Why ``better`` beats ``played`` (both in text notation) for ``seat`` in view ``v``, in one line."""
    det = determinize(v, random.Random(seed))
    det.record_events = True
    a_played = parse_action(det, played)
    a_better = parse_action(det, better)
    p_line = _play_on(det, a_played, seat)
    b_line = _play_on(det, a_better, seat)
    p_events = [e for e in p_line.new_events if e.player == seat]
    b_events = [e for e in b_line.new_events if e.player == seat]
    pl_p, pl_b = p_line.state.players[seat], b_line.state.players[seat]
    parts: list[str] = []
    d_inf = pl_b.infamy - pl_p.infamy
    if d_inf:
        parts.append(f"{d_inf:+d} Infamy by the end of the turn")
    parts += _money_words(pl_b.florins - pl_p.florins, pl_b.drachmas - pl_p.drachmas)
    d_skulls = sum(pl_b.tracks) - sum(pl_p.tracks)
    if d_skulls:
        parts.append(f"{count(abs(d_skulls), 'Skull')} {'higher' if d_skulls > 0 else 'lower'} on the Sin Tracks")
    filled_p, filled_b = _filled(det, p_line.state), _filled(det, b_line.state)
    circles = det.rules.circles
    extra_fills = sorted({c for c in filled_p if filled_p.count(c) > filled_b.count(c)})
    if extra_fills:
        names = ", ".join(circles[c - 1].sin for c in extra_fills)
        parts.append(f"the move played filled a shield of {names}")
    what = _first_distinct(b_events, p_events) or "nothing else this turn"
    instead = _first_distinct(p_events, b_events) or "nothing else this turn"
    tail = f"; {', '.join(parts)}" if parts else ""
    return f"better {better} ({what}) than {played} ({instead}){tail}"
