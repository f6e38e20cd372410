"""The eight locations' actions and their multi-step decisions (rulebook p.12; the order printed on the tiles)."""

from __future__ import annotations

from typing import Final

from inferno.rules.actions import Act, Action, Decision, act
from inferno.rules.choices import list_gate, list_phleg, member_home, place_passage, raise_phleg
from inferno.rules.effects import (
    built_spaces,
    floor_has_room,
    guests,
    owns_barrel,
    pay_drachmas,
    put_in_tower,
    urchins_owned,
)
from inferno.rules.events import count, emit, gain_infamy
from inferno.rules.model import URCHIN, Location, LocationAction
from inferno.rules.state import EMPTY, T_BARREL, T_GUEST, T_NOBLE, T_URCHIN, Frame, PlayerState, State, make_frame

# Enum members read once: each ``LocationAction.X`` at run time is a class attribute lookup through the
# enum's metaclass, several times the cost of reading a module constant.
_HAYSTACK: Final = LocationAction.HAYSTACK
_BANQUET: Final = LocationAction.BANQUET
_BANK: Final = LocationAction.BANK
_COURTYARD: Final = LocationAction.COURTYARD
_BONFIRE: Final = LocationAction.BONFIRE
_WALL: Final = LocationAction.WALL
_MARKET: Final = LocationAction.MARKET
_DONE: Final = act(Act.DONE)
_DONE_KIND: Final = Act.DONE
_GUEST_KIND: Final = Act.GUEST
_BARREL_KIND: Final = Act.BARREL
_SWAP_KIND: Final = Act.SWAP
_EXCHANGE_KIND: Final = Act.EXCHANGE


def arrive(s: State, p: int, loc: Location) -> None:
    """Carry out a location's action for the family member just sent there."""
    pl = s.own_player(p)
    a = loc.action
    prm = loc.params
    if a is _HAYSTACK:
        if pl.reserve > 0:
            pl.reserve -= 1
            pl.florence[2 * loc.index + URCHIN] += 1
            emit(s, "haystack", p, "adopts an Urchin, placed beside the family member", "S0; IT HAYSTACK")
    elif a is _BANQUET:
        if pl.floors < s.rules.tower_floors:
            pl.floors += 1
            if s.record_events:
                emit(s, "banquet", p, f"builds Tower floor {pl.floors - 1}", "IT BANQUET")
    elif a is _BANK:
        gain = prm["base_florins"] + prm["florins_per_guest"] * guests(pl)
        pl.florins += gain
        if s.record_events:
            emit(s, "bank", p, f"gains {count(gain, 'Florin')} at the BANK", "IT BANK")
    elif a is _COURTYARD:
        s.stack.append(make_frame(Decision.COURTYARD, p, prm["home_max"], prm["rearrange_moves"]))
    elif a is _BONFIRE:
        s.stack.append(make_frame(Decision.BONFIRE_THIRD, p))
        s.stack.append(make_frame(Decision.BONFIRE_SECOND, p))
        s.stack.append(make_frame(Decision.BONFIRE_EXCHANGE, p, prm["exchange_max"]))
    elif a is _WALL:
        s.stack.append(make_frame(Decision.WALL_DELIVER, p))
        s.stack.append(make_frame(Decision.WALL_FRAUD, p))
        s.stack.append(make_frame(Decision.WALL_EXCHANGE, p, prm["exchange_max"]))
    elif a is _MARKET:
        s.stack.append(make_frame(Decision.MARKET, p))
    else:
        s.stack.append(make_frame(Decision.PALACE, p))


def _location(s: State, action: LocationAction) -> Location:
    return next(loc for loc in s.rules.locations if loc.action is action)


# --- COURTYARD: (a) up to 2 members Tower -> Home, then (b) rearrange the Tower ----------------


def list_courtyard(s: State, frame: Frame) -> list[Action]:
    _, p, home_left, swaps_left = frame
    pl = s.players[p]
    out = []
    if home_left:
        if T_NOBLE in pl.tower:
            out.append(act(Act.HOME, 0))
        if T_URCHIN in pl.tower:
            out.append(act(Act.HOME, 1))
    if swaps_left:
        n = built_spaces(s, pl)
        t = pl.tower
        per = s.rules.spaces_per_floor
        for i in range(n):
            for j in range(i + 1, n):
                if t[i] == t[j] or i // per == j // per:
                    continue
                if guest_swap_ok(s, t, i, j, per):
                    out.append(act(_SWAP_KIND, i, j))
    out.append(_DONE)
    return out


def guest_swap_ok(s: State, t: list[int], i: int, j: int, per: int) -> bool:
    """A swap may not put more Guests on a floor than it can hold."""
    gi = T_GUEST < t[i] < T_BARREL
    gj = T_GUEST < t[j] < T_BARREL
    if gi == gj:
        return True
    limit = s.rules.max_guests_per_floor
    _src, dst = (i, j) if gi else (j, i)
    f = dst // per
    on_floor = sum(1 for k in range(f * per, f * per + per) if T_GUEST < t[k] < T_BARREL)
    return on_floor + 1 <= limit


def apply_courtyard(s: State, frame: Frame, action: Action) -> None:
    _, p, home_left, swaps_left = frame
    if action.kind == _DONE_KIND:
        return
    if action.kind == Act.HOME:
        s.stack.append(make_frame(Decision.COURTYARD, p, home_left - 1, swaps_left))
        member_home(s, p, action.a, "COURTYARD")
        return
    t = s.own_player(p).tower
    t[action.a], t[action.b] = t[action.b], t[action.a]
    per = s.rules.spaces_per_floor
    if s.record_events:
        emit(
            s,
            "rearrange",
            p,
            f"rearranges the Tower: floor {action.a // per} <-> floor {action.b // per}",
            "IT COURTYARD",
        )
    s.stack.append(make_frame(Decision.COURTYARD, p, 0, swaps_left - 1))


# --- BONFIRE and WALL -------------------------------------------------------------------------


def exchange_amounts(s: State, frame: Frame) -> range:
    """The Florin amounts that may be changed now: whole Drachmas, up to the location's limit and your Florins."""
    rate = s.rules.florins_per_drachma
    most = min(frame.a, s.players[frame.player].florins)
    return range(rate, most + 1, rate)


def list_exchange(s: State, frame: Frame) -> list[Action]:
    out = [act(_EXCHANGE_KIND, n) for n in exchange_amounts(s, frame)]
    out.append(_DONE)
    return out


def apply_exchange(s: State, frame: Frame, action: Action) -> None:
    if action.kind == _DONE_KIND:
        return
    pl = s.own_player(frame.player)
    n = action.a
    pl.florins -= n
    pl.drachmas += n // s.rules.florins_per_drachma
    if s.record_events:
        emit(
            s,
            "exchange",
            frame.player,
            f"changes {count(n, 'Florin')} into {count(n // s.rules.florins_per_drachma, 'Drachma')}",
            "S0 Money; IT",
        )


def list_bonfire_second(s: State, frame: Frame) -> list[Action]:
    out = list_phleg(s, frame) + list_gate(s, frame)
    out.append(_DONE)
    return out


def apply_bonfire_second(s: State, frame: Frame, action: Action) -> None:
    if action.kind == Act.PHLEG:
        raise_phleg(s, frame.player, action.a, _location(s, LocationAction.BONFIRE).params["phlegethon_step"])
    elif action.kind == Act.GATE:
        place_passage(s, frame.player, action.a)


def guardian_can_move(s: State) -> bool:
    """A Guardian is in play and some shield of Hell is empty for it (S1 p.22-23)."""
    return bool(s.guardians) and EMPTY in s.hell


def fraud_available(s: State, frame: Frame) -> bool:
    """Some Fraud card can be had: from your hand, the market or the deck (S0)."""
    return bool(s.players[frame.player].hand or s.market or s.deck)


def list_bonfire_third(s: State, frame: Frame) -> list[Action]:
    out = []
    if guardian_can_move(s):
        out.append(act(Act.GUARDIAN))
    out.append(act(Act.STYX))
    out.append(_DONE)
    return out


def apply_bonfire_third(s: State, frame: Frame, action: Action) -> None:
    p = frame.player
    prm = _location(s, LocationAction.BONFIRE).params
    if action.kind == Act.GUARDIAN:
        pay_drachmas(s, p, prm["guardian_cost"], "a Guardian at the BONFIRE")
        s.stack.append(make_frame(Decision.GUARDIAN_MOVE, p, 0))
    elif action.kind == Act.STYX:
        pay_drachmas(s, p, prm["styx_cost"], "the River Styx at the BONFIRE")
        s.stack.append(make_frame(Decision.STYX, p, prm["styx_souls"]))


def list_wall_fraud(s: State, frame: Frame) -> list[Action]:
    out = []
    if fraud_available(s, frame):
        out.append(act(Act.FRAUD))
    out.append(_DONE)
    return out


def apply_wall_fraud(s: State, frame: Frame, action: Action) -> None:
    if action.kind == Act.FRAUD:
        cost = _location(s, LocationAction.WALL).params["fraud_cost"]
        s.stack.append(make_frame(Decision.FRAUD_SOURCE, frame.player, cost, 0))


def list_deliver(s: State, frame: Frame) -> list[Action]:
    pl = s.players[frame.player]
    out = [act(Act.DELIVER, b.index) for b in s.rules.barrels if (T_BARREL + b.index) in pl.tower]
    out.append(_DONE)
    return out


def apply_deliver(s: State, frame: Frame, action: Action) -> None:
    if action.kind == _DONE_KIND:
        return
    p = frame.player
    pl = s.own_player(p)
    b = s.rules.barrels[action.a]
    pl.tower[pl.tower.index(T_BARREL + b.index)] = EMPTY
    pl.panel |= 1 << b.index
    if b.score == "per_guest":
        pts = b.amount * guests(pl)
    elif b.score == "per_floor":
        pts = b.amount * (pl.floors - s.rules.prebuilt_floors)
    elif b.score == "per_urchin":
        pts = b.amount * urchins_owned(s, pl)
    else:
        pts = b.amount
    gain_infamy(s, p, pts, "barrels", f"delivers the {b.id} Barrel to the supply panel", "S0 supply panel; U13")


# --- MARKET and PALACE --------------------------------------------------------------------------


def can_take_barrel(s: State, pl: PlayerState, b: int) -> bool:
    """The MARKET still has Barrel ``b`` and the family owns none of its colour (IT MARKET)."""
    return s.barrel_market[b] > 0 and not owns_barrel(pl, b)


def can_invite(s: State, pl: PlayerState, c: int) -> bool:
    """The PALACE still has the Guest of circle ``c`` and the family has none of its colour (S0 Guests)."""
    return s.palace[c] > 0 and (T_GUEST + c) not in pl.tower


def list_market(s: State, frame: Frame) -> list[Action]:
    pl = s.players[frame.player]
    floors = [f for f in range(pl.floors) if floor_has_room(s, pl, f)]
    out: list[Action] = []
    for b in s.rules.barrels:
        if can_take_barrel(s, pl, b.index):
            out.extend(act(_BARREL_KIND, b.index, f) for f in floors)
    return out


def apply_market(s: State, frame: Frame, action: Action) -> None:
    p = frame.player
    pl = s.own_player(p)
    s.barrel_market[action.a] -= 1
    put_in_tower(s, pl, action.b, T_BARREL + action.a)
    if s.record_events:
        emit(s, "barrel", p, f"takes the {s.rules.barrels[action.a].id} Barrel to Tower floor {action.b}", "IT MARKET")


def list_palace(s: State, frame: Frame) -> list[Action]:
    pl = s.players[frame.player]
    floors = [f for f in range(pl.floors) if floor_has_room(s, pl, f, guest=True)]
    out: list[Action] = []
    for c in s.rules.guest_circles:
        if can_invite(s, pl, c):
            out.extend(act(_GUEST_KIND, c, f) for f in floors)
    return out


def apply_palace(s: State, frame: Frame, action: Action) -> None:
    p = frame.player
    pl = s.own_player(p)
    c, f = action.a, action.b
    s.palace[c] -= 1
    put_in_tower(s, pl, f, T_GUEST + c)
    pl.florins += f
    if s.record_events:
        emit(
            s,
            "guest",
            p,
            f"invites the {s.rules.circles[c - 1].colour} Guest to floor {f} and gains {count(f, 'Florin')}",
            "IT PALACE; S0 Guests",
        )
