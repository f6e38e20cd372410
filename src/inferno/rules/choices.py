"""Effects shared by bonus tiles, locations, Dante's stops and Fraud cards, and their decisions.

``push_effect`` turns an :class:`Effect` into immediate changes or a pending decision.
"""

from __future__ import annotations

from typing import Final

from inferno.rules.actions import Act, Action, Decision, act
from inferno.rules.effects import (
    advance_track,
    count_in_tower,
    member_code,
    pay_drachmas,
    remove_member_from_tower,
    take_from_graveyard,
)
from inferno.rules.events import article, count, emit
from inferno.rules.model import MEMBER_KINDS, Effect, EffectType
from inferno.rules.state import Frame, State, make_frame

GROUP_UPPER = 0
GROUP_LOWER = 1
GROUP_ANY = 2
_GROUP_CODE = {"U": GROUP_UPPER, "L": GROUP_LOWER, "": GROUP_ANY}

# Enum members read once (an enum's ``X.MEMBER`` at run time is a lookup through its metaclass).
_PHLEG_KIND: Final = Act.PHLEG
_GATE_KIND: Final = Act.GATE
_TRACK_KIND: Final = Act.TRACK
_DROWN_KIND: Final = Act.DROWN
_FLORINS: Final = EffectType.FLORINS
_ADVANCE: Final = EffectType.ADVANCE
_SAFE_PASSAGE: Final = EffectType.SAFE_PASSAGE
_TOWER_HOME: Final = EffectType.TOWER_HOME
_STYX: Final = EffectType.STYX
_FRAUD: Final = EffectType.FRAUD
_GUARDIAN: Final = EffectType.GUARDIAN


def group_tracks(s: State, group: int) -> tuple[int, ...]:
    r = s.rules
    if group == GROUP_UPPER:
        return r.upper_tracks
    if group == GROUP_LOWER:
        return r.lower_tracks
    return tuple(range(2, 10))


def push_effect(s: State, p: int, e: Effect, why: str) -> None:
    """Resolve an effect now, or push the decision it needs."""
    t = e.type
    if t is _FLORINS:
        s.own_player(p).florins += e.amount
        if s.record_events:
            emit(s, "florins", p, f"gains {count(e.amount, 'Florin')} ({why})", "S0 Money")
    elif t is _ADVANCE:
        if e.track:
            advance_track(s, p, e.track, why)
        else:
            s.stack.append(make_frame(Decision.TRACK, p, _GROUP_CODE[e.group]))
    elif t is _SAFE_PASSAGE:
        s.stack.append(make_frame(Decision.GATE, p))
    elif t is _TOWER_HOME:
        s.stack.append(make_frame(Decision.TOWER_HOME, p, max(e.amount, 1)))
    elif t is _STYX:
        s.stack.append(make_frame(Decision.STYX, p, e.amount))
    elif t is _FRAUD:
        s.stack.append(make_frame(Decision.FRAUD_SOURCE, p, e.amount, 1))
    elif t is _GUARDIAN:
        if e.amount:
            pay_drachmas(s, p, e.amount, "a Guardian")
        s.stack.append(make_frame(Decision.GUARDIAN_MOVE, p, 1))
    elif t is EffectType.PHLEGETHON:
        s.stack.append(make_frame(Decision.PHLEG, p, max(e.amount, 1)))


# --- GATE: place a safe passage (S2: BONFIRE or a silver bonus) ---------------------------------


def list_gate(s: State, frame: Frame) -> list[Action]:
    own = s.players[frame.player].passages
    return [act(_GATE_KIND, g) for g in range(s.board.gates) if not own >> g & 1]


def place_passage(s: State, p: int, gate: int) -> None:
    s.own_player(p).passages |= 1 << gate
    if s.record_events:
        emit(s, "passage", p, f"places a safe passage on gate {gate + 1} of the Walls of Dis", "S2 Walls of Dis")


def apply_gate(s: State, frame: Frame, action: Action) -> None:
    place_passage(s, frame.player, action.a)


# --- TRACK: advance on one track of a group -----------------------------------------------------


def list_track(s: State, frame: Frame) -> list[Action]:
    return [act(_TRACK_KIND, c) for c in group_tracks(s, frame.a)]  # a: the tracks' group


def apply_track(s: State, frame: Frame, action: Action) -> None:
    advance_track(s, frame.player, action.a, "effect")


# --- TOWER_HOME: family members Tower -> Home ---------------------------------------------------


def list_tower_home(s: State, frame: Frame) -> list[Action]:
    pl = s.players[frame.player]
    out = [act(Act.HOME, k) for k in (0, 1) if member_code(k) in pl.tower]
    if out:
        out.append(act(Act.DONE))
    return out


_WHY = ("effect", "COURTYARD", "council")


def member_floors(s: State, p: int, kind: int) -> list[int]:
    """The Tower floors holding a family member of ``kind``."""
    code = member_code(kind)
    per = s.rules.spaces_per_floor
    tower = s.players[p].tower
    return sorted({i // per for i, c in enumerate(tower) if c == code})


def member_home(s: State, p: int, kind: int, why: str) -> None:
    """A family member of ``kind`` leaves the Tower for Home; the player picks the floor when several
    floors hold one (pushed last, so it resolves before any decision pushed earlier)."""
    floors = member_floors(s, p, kind)
    if len(floors) > 1:
        s.stack.append(make_frame(Decision.LEAVE_FLOOR, p, kind, _WHY.index(why)))
    else:
        leave_tower(s, p, kind, floors[0], why)


def leave_tower(s: State, p: int, kind: int, floor: int, why: str) -> None:
    pl = s.own_player(p)
    remove_member_from_tower(pl, kind, floor, s.rules.spaces_per_floor)
    pl.home[kind] += 1
    if why == "council":
        if s.record_events:
            emit(
                s,
                "council",
                p,
                f"the council brings {article(MEMBER_KINDS[kind])} Home from the Tower",
                "IT family council",
            )
    else:
        if s.record_events:
            emit(s, "home", p, f"brings {article(MEMBER_KINDS[kind])} from the Tower Home ({why})", "S0 Family members")


def list_leave_floor(s: State, frame: Frame) -> list[Action]:
    return [act(Act.FLOOR, f) for f in member_floors(s, frame.player, frame.a)]  # a: the member kind


def apply_leave_floor(s: State, frame: Frame, action: Action) -> None:
    _, p, kind, why = frame
    leave_tower(s, p, kind, action.a, _WHY[why])


def apply_tower_home(s: State, frame: Frame, action: Action) -> None:
    if action.kind == Act.DONE:
        return
    p, left = frame.player, frame.a
    if left > 1:
        s.stack.append(make_frame(Decision.TOWER_HOME, p, left - 1))
    member_home(s, p, action.a, "effect")


# --- PHLEG: raise a Phlegethon cube -------------------------------------------------------------


def list_phleg(s: State, frame: Frame) -> list[Action]:
    top = s.rules.phleg_max
    return [act(_PHLEG_KIND, c) for c in range(2, 10) if s.phleg[c] < top]


def raise_phleg(s: State, p: int, circle: int, step: int) -> None:
    s.phleg[circle] = min(s.rules.phleg_max, s.phleg[circle] + step)
    if s.record_events:
        emit(
            s,
            "phlegethon",
            p,
            f"raises the {s.rules.circles[circle - 1].sin} Phlegethon cube to {s.phleg[circle]}",
            "IT BONFIRE; U3",
        )


def apply_phleg(s: State, frame: Frame, action: Action) -> None:
    raise_phleg(s, frame.player, action.a, frame.a)  # a: steps left


# --- STYX: the River Styx (S0, S1 p.9) ----------------------------------------------------------


def list_styx(s: State, frame: Frame) -> list[Action]:
    most = frame.a
    table = s.rules.styx_table
    out = []
    for c in range(1, 10):
        n = s.graveyard[c]
        for k in range(1, min(n, most) + 1):
            if k in table:
                out.append(act(_DROWN_KIND, c, k))
    return out


def apply_styx(s: State, frame: Frame, action: Action) -> None:
    p = frame.player
    c, k = action.a, action.b
    s.supply[c] += k
    take_from_graveyard(s, c, k)
    if s.record_events:
        emit(
            s,
            "styx",
            p,
            f"drowns {k} {s.rules.circles[c - 1].sin} Soul{'s' if k > 1 else ''} in the River Styx",
            "S0 The River Styx",
        )
    for g in reversed(s.rules.styx_table[k]):
        s.stack.append(make_frame(Decision.TRACK, p, _GROUP_CODE[g]))


def tower_members(s: State, p: int) -> int:
    pl = s.players[p]
    return count_in_tower(pl, 1, 3)
