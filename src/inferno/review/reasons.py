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
from inferno.rules.engine import apply, determinize, legal_actions, to_move
from inferno.rules.events import Event, count
from inferno.rules.notation import parse_action
from inferno.rules.state import EMPTY, State

_MAX_STEPS = 40


@dataclass(frozen=True, slots=True)
class _Line:
    state: State
    new_events: list[Event]


def _play_on(s: State, seat: int) -> _Line:
    """Finish ``seat``'s run of decisions greedily (at most a few dozen steps)."""
    start = len(events(s))
    t = s
    for _ in range(_MAX_STEPS):
        if t.over or to_move(t) != seat:
            break
        acts = legal_actions(t)
        t = max((apply(t, a) for a in acts), key=lambda u: margin(u, seat))
    return _Line(t, events(t)[start:])


def _filled(before: State, after: State) -> list[int]:
    """Circles where a shield was filled between the two states."""
    out = []
    b = before.board
    for circle in range(1, len(b.circle_shields)):
        for t in b.circle_shields[circle]:
            if before.hell[t] == EMPTY and after.hell[t] != EMPTY:
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


def reason(v: State, seat: int, played: str, better: str, seed: int) -> str:
    """Why ``better`` beats ``played`` (both in text notation) for ``seat`` in view ``v``, in one line."""
    det = determinize(v, random.Random(seed))
    det.record_events = True
    a_played = parse_action(det, played)
    a_better = parse_action(det, better)
    p_line = _play_on(apply(det, a_played), seat)
    b_line = _play_on(apply(det, a_better), seat)
    # events of the moves themselves come first in each line
    p_first = [e for e in events(apply(det, a_played))[len(events(det)) :] if e.player == seat]
    b_first = [e for e in events(apply(det, a_better))[len(events(det)) :] if e.player == seat]
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
    rules = det.rules
    extra_fills = [c for c in filled_p if filled_p.count(c) > filled_b.count(c)]
    if extra_fills:
        names = sorted({rules.circle_id(c) for c in extra_fills})
        parts.append(f"the move played filled a shield of {', '.join(n.title() for n in names)}")
    what = b_first[0].text if b_first else "nothing more this turn"
    instead = p_first[0].text if p_first else "nothing more this turn"
    tail = f"; {', '.join(parts)}" if parts else ""
    return f"better {better} ({what}) than {played} ({instead}){tail}"
