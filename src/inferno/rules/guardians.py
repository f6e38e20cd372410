"""Guardians: move to an empty shield, then optionally apply the effect to nearby Souls (S1 p.22-23).

No effect ever takes a Soul below its own circle (S1, S2).
"""

from __future__ import annotations

from typing import Final

from inferno.rules.actions import Act, Action, Decision, act
from inferno.rules.events import emit
from inferno.rules.hell import land_soul, passage_into
from inferno.rules.model import GuardianEffect
from inferno.rules.state import EMPTY, GUARDIAN, LYING, PIT, Frame, State, make_frame

# The shared GMOVE actions of the first Guardian slots, by slot and shield (what act() returns, without
# a call per listed move: a listing holds every empty shield for each slot).
_GMOVES: Final = tuple(tuple(act(Act.GMOVE, slot, t) for t in range(64)) for slot in range(4))


def list_move(s: State, frame: Frame) -> list[Action]:
    optional = frame.a
    empties = [t for t, c in enumerate(s.hell) if c == EMPTY]
    gmove = Act.GMOVE
    out = []
    for slot in range(len(s.guardians)):
        row = _GMOVES[slot] if slot < len(_GMOVES) else ()
        for t in empties:
            out.append(row[t] if t < len(row) else act(gmove, slot, t))
    if optional and out:
        out.append(act(Act.DONE))
    return out


def apply_move(s: State, frame: Frame, action: Action) -> None:
    if action.kind == Act.DONE:
        return
    p = frame.player
    slot, t = action.a, action.b
    old = s.guardian_pos[slot]
    s.hell[old] = EMPTY
    s.hell[t] = GUARDIAN + slot
    s.guardian_pos[slot] = t
    g = s.rules.guardians[s.guardians[slot]]
    if s.record_events:
        emit(
            s,
            "guardian",
            p,
            f"moves {g.name} from {s.board.labels[old]} to {s.board.labels[t]}",
            "S1 p.22-23 Guardians",
        )
    s.stack.append(make_frame(Decision.GUARDIAN_EFFECT, p, slot))


def _wall_ok(s: State, p: int, frm: int, to: int, crosses: bool) -> bool:
    b = s.board
    if crosses or b.circle[frm] + 1 != s.rules.walls_above_circle or b.circle[to] != s.rules.walls_above_circle:
        return True
    return passage_into(s, p, to)


def effect_targets(s: State, p: int, slot: int) -> list[tuple[int, int]]:
    """(target shield, destination shield) pairs the Guardian's effect can be applied to."""
    b = s.board
    hell = s.hell
    g = s.rules.guardians[s.guardians[slot]]
    near = b.linked(s.guardian_pos[slot])
    e = g.effect
    out: list[tuple[int, int]] = []
    if e is GuardianEffect.PIT:
        pits = sum(1 for c in hell if c == PIT)
        if pits < g.max_pits:
            out.extend((t, t) for t in near if hell[t] == EMPTY)
        return out
    for x in near:
        c = hell[x]
        if not 0 < c < LYING:
            continue
        cx = b.circle[x]
        if e is GuardianEffect.PETRIFY:
            out.append((x, x))
        elif e is GuardianEffect.DROP_ONE:
            out.extend(
                (x, t)
                for t in b.down[x]
                if hell[t] == EMPTY and b.circle[t] <= c and _wall_ok(s, p, x, t, g.crosses_walls)
            )
        elif e is GuardianEffect.STRAIGHT_DROP:
            t, prev = b.straight[x], x
            while t >= 0 and b.circle[t] <= c and _wall_ok(s, p, prev, t, g.crosses_walls):
                if hell[t] == EMPTY:
                    out.append((x, t))
                    break
                prev, t = t, b.straight[t]
        elif e is GuardianEffect.SIDEWAYS:
            row = b.circle_shields[cx]
            if g.reach == "any":
                out.extend((x, t) for t in row if hell[t] == EMPTY)
            else:
                i = row.index(x)
                out.extend((x, row[j]) for j in (i - 1, i + 1) if 0 <= j < len(row) and hell[row[j]] == EMPTY)
        elif e is GuardianEffect.JUDGE:
            frontier = {x}
            for _ in range(cx, c):
                frontier = {u for t in frontier for u in b.down[t] if _wall_ok(s, p, t, u, g.crosses_walls)}
            out.extend((x, t) for t in sorted(frontier) if hell[t] == EMPTY and b.circle[t] == c)
    return out


def list_effect(s: State, frame: Frame) -> list[Action]:
    p, slot = frame.player, frame.a
    out = [act(Act.TARGET, x, t) for x, t in effect_targets(s, p, slot)]
    out.append(act(Act.DONE))
    return out


def apply_effect(s: State, frame: Frame, action: Action) -> None:
    if action.kind == Act.DONE:
        return
    p, slot = frame.player, frame.a
    g = s.rules.guardians[s.guardians[slot]]
    x, t = action.a, action.b
    labels = s.board.labels
    if g.effect is GuardianEffect.PIT:
        s.hell[t] = PIT
        if s.record_events:
            emit(s, "pit", p, f"{g.name} digs a Pit on {labels[t]}", "S3 Geryon's Pits; U11")
        return
    c = s.hell[x]
    if g.effect is GuardianEffect.PETRIFY:
        s.hell[x] = LYING + c
        if s.record_events:
            emit(
                s,
                "petrify",
                p,
                f"{g.name} petrifies the {s.rules.circles[c - 1].sin} Soul on {labels[x]}",
                "BM Medusa; U11",
            )
        return
    s.hell[x] = EMPTY
    if s.record_events:
        emit(
            s,
            "guardian_effect",
            p,
            f"{g.name} moves the {s.rules.circles[c - 1].sin} Soul from {labels[x]}",
            "S1 p.22-23; U11",
        )
    land_soul(s, p, c, t, g.name)
