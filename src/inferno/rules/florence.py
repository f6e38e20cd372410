"""Florence phase: send a family member, accuse a sinner, or hold a family council (rulebook p.12, p.14-15)."""

from __future__ import annotations

from typing import Final

from inferno.rules.actions import Act, Action, Decision, act
from inferno.rules.choices import member_home, push_effect
from inferno.rules.effects import (
    advance_track,
    floor_has_room,
    guest_floor,
    has_tower_room,
    member_code,
    pay_drachmas,
    put_in_tower,
    soul_from_supply,
)
from inferno.rules.events import article, count, emit, gain_infamy
from inferno.rules.locations import arrive
from inferno.rules.model import MEMBER_KINDS, NOBLE, URCHIN, Location, Rules
from inferno.rules.state import T_BARREL, T_GUEST, TOWER_LOC, Frame, PlayerState, State, make_frame


def entry_cost(loc: Location, kind: int) -> int:
    """Florins a family member of ``kind`` pays to enter ``loc`` (S0; U6)."""
    return 0 if (kind == URCHIN and loc.urchin_free) else loc.noble_florins


def may_enter(loc: Location, kind: int) -> bool:
    """Whether a family member of ``kind`` may enter ``loc`` at all (some locations take Urchins only)."""
    return not (loc.urchin_only and kind == NOBLE)


_ENTRY: Final[dict[int, tuple[Rules, tuple[int, ...]]]] = {}


def entry_table(rules: Rules) -> tuple[int, ...]:
    """Per location and member kind (index ``2 * location + kind``): the Florins it costs to enter, or
    -1 where that member may not enter (:func:`may_enter`, :func:`entry_cost`, worked out once per rules)."""
    got = _ENTRY.get(id(rules))
    if got is None or got[0] is not rules:
        table = tuple(
            entry_cost(loc, kind) if may_enter(loc, kind) else -1 for loc in rules.locations for kind in (NOBLE, URCHIN)
        )
        got = _ENTRY[id(rules)] = (rules, table)
    return got[1]


def has_accusing_guest(pl: PlayerState, loc: Location) -> bool:
    """A special location needs the Guest of its colour in the accuser's Tower (S0)."""
    return not loc.special or (T_GUEST + loc.circle) in pl.tower


def accuser_has_room(s: State, pl: PlayerState) -> bool:
    """Room in the Tower for the accuser, when the rules data asks for it (U8)."""
    return has_tower_room(s, pl) or not s.rules.accuse_needs_tower_room


def can_accuse(s: State, pl: PlayerState, loc: Location) -> bool:
    """Guest of the location's colour at a special location (S0), and room in the Tower if the data asks (U8)."""
    return has_accusing_guest(pl, loc) and accuser_has_room(s, pl)


def acting_quartiere(s: State, frame: Frame) -> int:
    """The quartiere the Florence phase must act in (-1: any, after a bribe)."""
    return -1 if frame.a else s.quartiere  # a: bribed


_MEMBER_ACTIONS: Final = 64  # shared SEND and ACCUSE actions for the first 32 locations
_SEND: Final = tuple(act(Act.SEND, j >> 1, j & 1) for j in range(_MEMBER_ACTIONS))  # by 2 * location + kind
_ACCUSE: Final = tuple(act(Act.ACCUSE, j >> 1, j & 1) for j in range(_MEMBER_ACTIONS))
_BRIBE: Final = act(Act.BRIBE)
_COUNCIL: Final = act(Act.COUNCIL)
# Enum members read once (an ``Act.X`` at run time is a lookup through the enum's metaclass).
_BRIBE_KIND: Final = Act.BRIBE
_SEND_KIND: Final = Act.SEND
_ACCUSE_KIND: Final = Act.ACCUSE
_FLORENCE: Final = Decision.FLORENCE
_COUNCIL_DECISION: Final = Decision.COUNCIL
_AUTO_DANTE: Final = Decision.AUTO_DANTE
_FLOOR_KIND: Final = Act.FLOOR

# One location as the Florence listing reads it: the location, 2 * its index (its Noble's place in a
# family's ``florence``), the Florins a Noble and an Urchin pay to enter it (-1: that member may not),
# and the SEND and ACCUSE actions of a Noble and of an Urchin.
_Entry = tuple[Location, int, int, int, Action, Action, Action, Action]

# The last game's entries: (rules, the state's quartiere of each location, entries of every location
# then of each quartiere in turn).
_ENTRIES: Final[list[tuple[Rules, tuple[int, ...], tuple[tuple[_Entry, ...], ...]]]] = []


def _entry(loc: Location, entry: tuple[int, ...]) -> _Entry:
    j = 2 * loc.index
    if j + 1 < _MEMBER_ACTIONS:
        return (loc, j, entry[j + NOBLE], entry[j + URCHIN], _SEND[j], _SEND[j + 1], _ACCUSE[j], _ACCUSE[j + 1])
    i = loc.index
    sends = act(Act.SEND, i, NOBLE), act(Act.SEND, i, URCHIN)
    accuses = act(Act.ACCUSE, i, NOBLE), act(Act.ACCUSE, i, URCHIN)
    return (loc, j, entry[j + NOBLE], entry[j + URCHIN], *sends, *accuses)


def _entries(s: State) -> tuple[tuple[_Entry, ...], ...]:
    """Index 0: every location's entry, in the rules' order; index q + 1: the locations in quartiere
    ``q`` (worked out once per game's placement)."""
    lq = s.loc_quartiere
    rules = s.rules
    if _ENTRIES and _ENTRIES[0][1] is lq and _ENTRIES[0][0] is rules:
        return _ENTRIES[0][2]
    entry = entry_table(rules)
    every = tuple(_entry(loc, entry) for loc in rules.locations)
    table = (every, *(tuple(e for e in every if lq[e[0].index] == k) for k in range(max(lq, default=-1) + 1)))
    _ENTRIES[:] = [(rules, lq, table)]
    return table


def list_florence(s: State, frame: Frame) -> list[Action]:
    _, p, bribed, _ = frame
    pl = s.players[p]
    out = [] if bribed else [_BRIBE]
    nobles, urchins = pl.home
    fl = pl.florence
    florins = pl.florins
    table = _entries(s)
    q = acting_quartiere(s, frame)
    entries = table[0] if q < 0 else table[q + 1] if q + 1 < len(table) else ()
    for loc, j, noble_cost, urchin_cost, send_noble, send_urchin, accuse_noble, accuse_urchin in entries:
        if nobles and 0 <= noble_cost <= florins:  # the entry requirement (S0; U6)
            out.append(send_noble)
        if urchins and 0 <= urchin_cost <= florins:
            out.append(send_urchin)
        here_noble = fl[j + NOBLE]
        here_urchin = fl[j + URCHIN]
        if (here_noble or here_urchin) and can_accuse(s, pl, loc):
            if here_noble:
                out.append(accuse_noble)
            if here_urchin:
                out.append(accuse_urchin)
    out.append(_COUNCIL)
    return out


def apply_florence(s: State, frame: Frame, action: Action) -> None:
    p = frame.player
    k = action.kind
    if k == _BRIBE_KIND:
        pay_drachmas(s, p, s.rules.bribe_cost, "bribe to act in any quartiere")
        emit(s, "bribe", p, "bribes Charon to act in any quartiere", "S2 Or bribe Charon")
        s.quartiere = -1
        s.stack.append(make_frame(_FLORENCE, p, 1))
    elif k == _SEND_KIND:
        send(s, p, action.a, action.b)
    elif k == _ACCUSE_KIND:
        accuse(s, p, action.a, action.b)
    else:
        council(s, p)


def send(s: State, p: int, li: int, kind: int) -> None:
    pl = s.own_player(p)
    loc = s.rules.locations[li]
    pl.home[kind] -= 1
    pl.florence[2 * li + kind] += 1
    cost = entry_cost(loc, kind)
    if cost:
        pl.florins -= cost
    if s.record_events:
        emit(
            s,
            "send",
            p,
            f"sends {article(MEMBER_KINDS[kind])} to the {loc.name}"
            + (f" paying {count(cost, 'Florin')}" if cost else ""),
            "S2 Florence phase; S1 p.12",
        )
    arrive(s, p, loc)


def accuse(s: State, p: int, li: int, kind: int) -> None:
    """The five accusation steps (rulebook p.14-15)."""
    r = s.rules
    pl = s.players[p]
    loc = r.locations[li]
    if s.record_events:
        emit(
            s,
            "accuse",
            p,
            f"accuses a sinner of {r.circles[loc.circle - 1].sin} at the {loc.name}",
            "S1 p.14-15 accusation",
        )
    # 1. the accuser goes to the Tower (D3: the matching Guest's floor if it has room); the player
    # chooses the floor when several have room.
    floors = accuser_floors(s, pl, loc)
    if len(floors) > 1:
        s.stack.append(make_frame(Decision.ACCUSER_FLOOR, p, li, kind))
        return
    finish_accusation(s, p, li, kind, floors[0] if floors else -1)


def accuser_floors(s: State, pl: PlayerState, loc: Location) -> list[int]:
    """The Tower floors the accuser may go to (S0, S1 p.14-15 "into your Tower"; D3; data fallback)."""
    r = s.rules
    if loc.special and r.accuser_floor_rule:
        gf = guest_floor(s, pl, loc.circle)
        if gf >= 0 and floor_has_room(s, pl, gf):
            return [gf]
    free = [f for f in range(pl.floors) if floor_has_room(s, pl, f)]
    if r.accuser_fallback == "lowest":
        return free[:1]
    if r.accuser_fallback == "highest":
        return free[-1:]
    return free


def list_accuser_floor(s: State, frame: Frame) -> list[Action]:
    _, p, li, _kind = frame
    return [act(_FLOOR_KIND, f) for f in accuser_floors(s, s.players[p], s.rules.locations[li])]


def apply_accuser_floor(s: State, frame: Frame, action: Action) -> None:
    _, p, li, kind = frame
    finish_accusation(s, p, li, kind, action.a)


def finish_accusation(s: State, p: int, li: int, kind: int, floor: int) -> None:
    """Accusation steps 1 (the accuser to ``floor``, or Home with -1) to 5 (S1 p.14-15)."""
    r = s.rules
    pl = s.own_player(p)
    loc = r.locations[li]
    if floor >= 0:
        pl.florence[2 * li + kind] -= 1
        put_in_tower(s, pl, floor, member_code(kind))
        if s.record_events:
            emit(
                s,
                "tower",
                p,
                f"the accusing {MEMBER_KINDS[kind]} goes to floor {floor} of the Tower",
                "S0; D3 accuser_floor_rule",
            )
    else:
        if s.record_events:
            emit(s, "tower", p, f"the Tower is full: the accusing {MEMBER_KINDS[kind]} comes Home", "U8 data rule")
    # 2. everyone else in Florence comes Home.
    back = 0
    for j in range(len(pl.florence)):
        n = pl.florence[j]
        if n:
            pl.home[j & 1] += n
            pl.florence[j] = 0
            back += n
    if back:
        if s.record_events:
            emit(
                s,
                "home",
                p,
                f"{back} family member{'s' if back > 1 else ''} come{'s' if back == 1 else ''} Home from Florence",
                "S1 accusation step 2",
            )
    # 3. a Soul of the location's colour goes to the Graveyard.
    if soul_from_supply(s, loc.circle):
        if s.record_events:
            emit(
                s,
                "graveyard",
                p,
                f"a {r.circles[loc.circle - 1].sin} Soul enters the Graveyard",
                "S1 accusation step 3",
            )
    # 5. Dante moves (pushed first so it resolves after the bonus), unless he is at the end.
    if s.ender < 0:
        s.stack.append(make_frame(_AUTO_DANTE, p))
    # 4. the Skull advances and the track's bonus is taken.
    advance_track(s, p, loc.circle, "accusation")
    tile = r.bonus_tiles[s.bonus[loc.circle]]
    if s.record_events:
        emit(
            s,
            "bonus",
            p,
            f"takes the {tile.kind} bonus of the {r.circles[loc.circle - 1].sin} track",
            "S0 bonus only when you accuse",
        )
    push_effect(s, p, tile.effect, f"{tile.kind} bonus")


def council(s: State, p: int) -> None:
    """Family council: lose 2 Infamy, then one recall/dismissal (IT; S2; D2)."""
    cost = s.rules.council_cost
    gain_infamy(s, p, -cost, "council", "holds a family council", "S2; IT family council")
    s.stack.append(make_frame(_COUNCIL_DECISION, p))


_RECALL_TOWER: Final = tuple((member_code(kind), act(Act.RECALL, TOWER_LOC, kind)) for kind in (NOBLE, URCHIN))
_RECALL: Final = tuple(act(Act.RECALL, j >> 1, j & 1) for j in range(_MEMBER_ACTIONS))  # by 2 * location + kind
_DISMISS: Final = tuple((T_GUEST + c, act(Act.DISMISS, c)) for c in range(2, 10))
_RECALL_KIND: Final = Act.RECALL
_DISMISS_KIND: Final = Act.DISMISS


def list_council(s: State, frame: Frame) -> list[Action]:
    pl = s.players[frame[1]]
    tower = set(pl.tower)
    out = []
    for code, recall in _RECALL_TOWER:
        if code in tower:
            out.append(recall)
    for j, n in enumerate(pl.florence):
        if n:
            out.append(_RECALL[j] if j < _MEMBER_ACTIONS else act(Act.RECALL, j >> 1, j & 1))
    for code, dismiss in _DISMISS:
        if code in tower:
            out.append(dismiss)
    for b in range(len(s.rules.barrels)):
        if (T_BARREL + b) in tower:
            out.append(act(Act.RETURN, b))
    return out


def apply_council(s: State, frame: Frame, action: Action) -> None:
    p = frame.player
    pl = s.own_player(p)
    r = s.rules
    if action.kind == _RECALL_KIND:
        if action.a == TOWER_LOC:
            member_home(s, p, action.b, "council")
        else:
            pl.florence[2 * action.a + action.b] -= 1
            pl.home[action.b] += 1
            where = f"the {r.locations[action.a].name}"
            if s.record_events:
                emit(
                    s,
                    "council",
                    p,
                    f"the council brings {article(MEMBER_KINDS[action.b])} Home from {where}",
                    "IT family council",
                )
    elif action.kind == _DISMISS_KIND:
        i = pl.tower.index(T_GUEST + action.a)
        pl.tower[i] = 0
        s.palace[action.a] += 1
        if s.record_events:
            emit(
                s,
                "council",
                p,
                f"the council sends the {r.circles[action.a - 1].colour} Guest back to the PALACE",
                "S0; IT family council",
            )
    else:
        i = pl.tower.index(T_BARREL + action.a)
        pl.tower[i] = 0
        s.barrel_market[action.a] += 1
        if s.record_events:
            emit(
                s,
                "council",
                p,
                f"the council returns the {r.barrels[action.a].id} Barrel to the MARKET",
                "IT family council",
            )
