"""Why a choice of the pending decision is not legal, decision by decision: each check names the
rule through the same checks the legality code uses (used by :mod:`inferno.rules.explain`)."""

from __future__ import annotations

from collections.abc import Callable

from inferno.rules import florence, hell, locations, phlegyas
from inferno.rules.actions import Act, Action, Decision
from inferno.rules.choices import group_tracks, member_floors
from inferno.rules.effects import floor_has_room, guest_floor, owns_barrel
from inferno.rules.engine import legal_actions
from inferno.rules.events import count
from inferno.rules.explain_words import (
    ACCUSE,
    FINAL,
    FLORENCE,
    GENERAL,
    GUARDIANS,
    HELL,
    PHLEGYAS,
    PLUTUS,
    STYX,
    Why,
    _circle,
    _gates,
    _guest,
    _label,
    _loc,
    _member,
    _on,
    _Result,
    _safe_text,
    _soul,
)
from inferno.rules.guardians import effect_targets
from inferno.rules.model import GuardianEffect
from inferno.rules.state import EMPTY, GUARDIAN, LYING, PIT, T_GUEST, TOWER_LOC, Frame, State

# --- the Hell phase ---------------------------------------------------------------------------


def _walls(s: State, gates: list[int]) -> _Result:
    if gates and min(gates) < 0:
        return Why.WALLS, "no gate of the Walls of Dis stands above that shield: no Soul crosses there", HELL
    if gates:
        need = f"your own safe passage on gate {_gates(gates)}"
    else:
        need = "your own safe passage on a gate"
    return Why.WALLS, f"you need {need} to cross the Walls of Dis", HELL


def _hell_move(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.ENTER:
        c = act.a
        if s.graveyard[c] <= 0:
            return Why.NO_PIECE, f"there is no {_soul(s, c)} in the Graveyard to ferry", HELL
        gates = hell.freeing_gates(s, p, c, hell.GRAVEYARD)
        if gates:
            return _walls(s, gates)
        return (
            Why.BLOCKED,
            f"a {_soul(s, c)} ferried across the Acheron finds no empty shield to stop on: every line from "
            "Limbo leads only to occupied shields before its own circle",
            HELL,
        )
    t = act.a
    c = s.hell[t]
    if c == EMPTY:
        return Why.NO_PIECE, f"there is no Soul on {_label(s, t)}", HELL
    if not 0 < c < LYING:
        if LYING < c < GUARDIAN:
            return (
                Why.OWN_CIRCLE,
                f"the Soul on {_label(s, t)} lies down in its own circle: it never moves again",
                HELL,
            )
        return Why.NO_PIECE, f"{_label(s, t)} holds {_on(s, t)}, not a Soul you can move", HELL
    if hell.in_own_circle(s, c, t):
        return (
            Why.OWN_CIRCLE,
            f"the {_soul(s, c)} on {_label(s, t)} is in its own circle: Souls never descend below their own circle",
            HELL,
        )
    gates = hell.freeing_gates(s, p, c, t)
    if gates:
        return _walls(s, gates)
    return (
        Why.BLOCKED,
        f"the {_soul(s, c)} on {_label(s, t)} has no way down: every line leads only to occupied shields "
        "before its own circle, and Souls never descend below their own circle",
        HELL,
    )


def _step(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    _, _, colour, frm = frame
    t = act.a
    b = s.board
    lines = b.circle_shields[1] if frm == hell.GRAVEYARD else b.down[frm]
    where = "the Graveyard" if frm == hell.GRAVEYARD else _label(s, frm)
    if t not in lines:
        return Why.NOT_LINKED, f"{_label(s, t)} is not on a line down from {where}", HELL
    if hell.below_own_circle(s, colour, t):
        return (
            Why.OWN_CIRCLE,
            f"Souls never descend below their own circle: this {_soul(s, colour)} goes no deeper than "
            f"{_circle(s, colour)}",
            HELL,
        )
    if hell.crosses_walls(s, frm, t) and not hell.passage_into(s, p, t):
        return _walls(s, [b.gate[t]])
    gates = hell.freeing_gates(s, p, colour, frm, t)
    if gates:
        return _walls(s, gates)
    return (
        Why.BLOCKED,
        f"{_label(s, t)} holds {_on(s, t)} and the Soul could not go on from it to an empty shield "
        "before its own circle",
        HELL,
    )


def _bell(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    frm = frame.b
    u = act.a
    if act.kind == Act.DONE:
        return Why.BLOCKED, f"the Soul cannot descend from {_label(s, frm)}: it must slide first", PHLEGYAS
    if u not in phlegyas.neighbours(s, frm):
        return (
            Why.NOT_LINKED,
            f"a Bell slides the Soul only to a shield beside {_label(s, frm)} in the same circle",
            PHLEGYAS,
        )
    if s.hell[u] != EMPTY:
        return Why.OCCUPIED, f"{_label(s, u)} is not empty: it holds {_on(s, u)}", PHLEGYAS
    return Why.BLOCKED, f"from {_label(s, u)} the Soul could not descend to an empty shield", PHLEGYAS


def _desk(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    t = act.a
    ext = s.ext
    circle = ext.data.desk_circle if ext is not None else 0
    if s.board.circle[t] != circle:
        return Why.NOT_LINKED, f"your Desk goes on a shield of Plutus's circle, {_circle(s, circle)}", PLUTUS
    return Why.OCCUPIED, f"{_label(s, t)} is not empty: it holds {_on(s, t)}", PLUTUS


# --- the Florence phase -------------------------------------------------------------------------


def _quartiere(s: State, frame: Frame, li: int) -> _Result | None:
    q = florence.acting_quartiere(s, frame)
    if q >= 0 and s.loc_quartiere[li] != q:
        r = s.rules
        return (
            Why.QUARTIERE,
            f"{_loc(s, li)} is not in the quartiere your Soul's shield chose ({r.quartieri[q]}); "
            f"bribe Charon for {count(r.bribe_cost, 'Drachma')} to act in any quartiere",
            FLORENCE,
        )
    return None


def _florence(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    pl = s.players[p]
    if act.kind == Act.BRIBE:
        return Why.ALREADY, "you have already bribed Charon this turn", FLORENCE
    li, kind = act.a, act.b
    if act.kind == Act.SEND:
        loc = s.rules.locations[li]
        if not pl.home[kind]:
            return Why.NO_PIECE, f"you have no {_member(kind)} at Home to send", FLORENCE
        found = _quartiere(s, frame, li)
        if found:
            return found
        if not florence.may_enter(loc, kind):
            return Why.ENTRY, f"only an Urchin may enter {_loc(s, li)}", FLORENCE
        cost = florence.entry_cost(loc, kind)
        if pl.florins < cost:
            return (
                Why.CANNOT_AFFORD,
                f"you cannot afford it: a {_member(kind)} pays {count(cost, 'Florin')} to enter {_loc(s, li)} "
                f"and you have {count(pl.florins, 'Florin')}",
                FLORENCE,
            )
        return None
    if act.kind == Act.ACCUSE:
        loc = s.rules.locations[li]
        if not pl.florence[2 * li + kind]:
            return (
                Why.NO_PIECE,
                f"you have no {_member(kind)} at {_loc(s, li)}: you can only accuse with a family member already "
                "at the location",
                ACCUSE,
            )
        found = _quartiere(s, frame, li)
        if found:
            return found
        if not florence.has_accusing_guest(pl, loc):
            return (
                Why.NEEDS_GUEST,
                f"to accuse at {_loc(s, li)} you need the {_guest(s, loc.circle)} in your Tower",
                ACCUSE,
            )
        if not florence.accuser_has_room(s, pl):
            return Why.TOWER_FULL, "your Tower has no empty space for the accuser", ACCUSE
    return None


def _council(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    pl = s.players[p]
    if act.kind == Act.RECALL:
        if act.a == TOWER_LOC:
            return Why.NO_PIECE, f"you have no {_member(act.b)} in your Tower", FLORENCE
        return Why.NO_PIECE, f"you have no {_member(act.b)} at {_loc(s, act.a)}", FLORENCE
    if act.kind == Act.DISMISS:
        if act.a not in s.rules.guest_circles:
            return Why.NO_SUCH, f"there is no {_guest(s, act.a)} in this game", GENERAL
        return Why.NO_PIECE, f"you have no {_guest(s, act.a)} in your Tower", FLORENCE
    barrel = s.rules.barrels[act.a].id
    if pl.panel >> act.a & 1:
        return Why.NO_PIECE, f"your {barrel} Barrel is on your supply panel, not in your Tower", FLORENCE
    return Why.NO_PIECE, f"you have no {barrel} Barrel in your Tower", FLORENCE


# --- locations --------------------------------------------------------------------------------


def _floor_problem(s: State, p: int, f: int, guest: bool = False) -> _Result | None:
    pl = s.players[p]
    if f >= pl.floors:
        return Why.NO_SUCH, f"floor {f} of your Tower is not built yet", GENERAL
    if floor_has_room(s, pl, f):
        if guest and not floor_has_room(s, pl, f, guest=True):
            n = s.rules.max_guests_per_floor
            return (
                Why.LIMIT,
                f"floor {f} of your Tower already holds {count(n, 'Guest')}, as many as a floor may",
                GENERAL,
            )
        return None
    return Why.TOWER_FULL, f"floor {f} of your Tower is full", GENERAL


def _courtyard(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    pl = s.players[p]
    if act.kind == Act.HOME:
        if frame.kind == Decision.COURTYARD and not frame.a:  # a: home_left
            return Why.LIMIT, "no more family members may come Home from the Tower at this COURTYARD", GENERAL
        return Why.NO_PIECE, f"you have no {_member(act.a)} in your Tower", GENERAL
    if act.kind == Act.DONE:
        return None
    _, _, _home_left, swaps_left = frame
    if not swaps_left:
        return Why.LIMIT, "you have made all the Tower swaps this COURTYARD allows", GENERAL
    i, j = act.a, act.b
    per = s.rules.spaces_per_floor
    built = pl.floors * per
    for x in (i, j):
        if x >= built:
            return Why.NO_SUCH, f"floor {x // per} of your Tower is not built yet", GENERAL
    if i // per == j // per:
        return Why.NOT_LINKED, "a swap moves pieces between two different floors", GENERAL
    if pl.tower[i] == pl.tower[j]:
        return Why.NOT_LINKED, "those two spaces hold the same thing: swapping them changes nothing", GENERAL
    if Action(Act.SWAP, j, i) in legal_actions(s):
        return Why.NO_SUCH, f"write the lower space first: '{_safe_text(s, Action(Act.SWAP, j, i))}'", GENERAL
    if not locations.guest_swap_ok(s, pl.tower, i, j, per):
        n = s.rules.max_guests_per_floor
        return Why.LIMIT, f"that swap would put more than {count(n, 'Guest')} on one floor", GENERAL
    return None


def _exchange(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.DONE:
        return None
    n = act.a
    rate = s.rules.florins_per_drachma
    pl = s.players[p]
    if n < rate or n % rate:
        return Why.LIMIT, f"Florins are changed {rate} for each Drachma, at least one Drachma's worth", GENERAL
    if n > frame.a:
        return Why.LIMIT, f"you may change at most {count(frame.a, 'Florin')} here", GENERAL
    if n > pl.florins:
        return (
            Why.CANNOT_AFFORD,
            f"you cannot afford it: you have {count(pl.florins, 'Florin')}",
            GENERAL,
        )
    return None


def _phleg(s: State, act: Action) -> _Result:
    c = act.a
    if c < 2:
        return Why.NO_SUCH, "Limbo has no Phlegethon cube", GENERAL
    return (
        Why.FULL,
        f"the {s.rules.circles[c - 1].sin} Phlegethon cube is already at its top ({s.rules.phleg_max})",
        GENERAL,
    )


def _gate(s: State, act: Action) -> _Result:
    return Why.ALREADY, f"you already have a safe passage on gate {act.a + 1}", HELL


def _bonfire_second(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.PHLEG:
        return _phleg(s, act)
    if act.kind == Act.GATE:
        return _gate(s, act)
    return None


def _bonfire_third(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.GUARDIAN:
        if not s.guardians:
            return Why.NO_SUCH, "no Guardian is in play in this game", GUARDIANS
        return Why.BLOCKED, "no shield of Hell is empty for a Guardian to move to", GUARDIANS
    return None


def _wall(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.FRAUD:
        return Why.EMPTY_SOURCE, "there is no Fraud card to play: your hand, the market and the deck are empty", GENERAL
    if act.kind == Act.DELIVER:
        pl = s.players[p]
        barrel = s.rules.barrels[act.a].id
        if pl.panel >> act.a & 1:
            return Why.ALREADY, f"you have already delivered your {barrel} Barrel", GENERAL
        return Why.NO_PIECE, f"you have no {barrel} Barrel in your Tower to deliver", GENERAL
    return None


def _market(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    pl = s.players[p]
    b, f = act.a, act.b
    barrel = s.rules.barrels[b].id
    if owns_barrel(pl, b):
        return Why.ALREADY, f"you already own a {barrel} Barrel: never two of one colour", GENERAL
    if not locations.can_take_barrel(s, pl, b):
        return Why.EMPTY_SOURCE, f"the MARKET has no {barrel} Barrel left", GENERAL
    return _floor_problem(s, p, f)


def _palace(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    pl = s.players[p]
    c, f = act.a, act.b
    if c not in s.rules.guest_circles:
        return Why.NO_SUCH, f"there is no {_guest(s, c)} in this game", GENERAL
    if (T_GUEST + c) in pl.tower:
        return Why.ALREADY, f"you already have the {_guest(s, c)}: one Guest of each colour", GENERAL
    if not locations.can_invite(s, pl, c):
        return Why.EMPTY_SOURCE, f"the {_guest(s, c)} is no longer at the PALACE", GENERAL
    return _floor_problem(s, p, f, guest=True)


# --- choices -------------------------------------------------------------------------------------


def _one_of(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    kind = frame.kind
    if kind == Decision.GATE:
        return _gate(s, act)
    if kind == Decision.PHLEG:
        return _phleg(s, act)
    if kind == Decision.TRACK:
        names = ", ".join(s.rules.circles[c - 1].sin for c in group_tracks(s, frame.a))
        return Why.LIMIT, f"this advance must be on one of these Sin Tracks: {names}", GENERAL
    if kind == Decision.EXTRA_DIPLOMA:
        c = act.a
        if c < 2:
            return Why.NO_SUCH, "Limbo has no Diploma", FINAL
        return Why.ALREADY, f"you already have the {s.rules.circles[c - 1].sin} Diploma", FINAL
    return None


def _styx(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    c, k = act.a, act.b
    most = frame.a
    table = s.rules.styx_table
    if k not in table:
        sizes = sorted(table)
        return Why.LIMIT, f"the River Styx returns {', '.join(map(str, sizes[:-1]))} or {sizes[-1]} Souls", STYX
    if k > most:
        return Why.LIMIT, f"this River Styx returns at most {count(most, 'Soul')}", STYX
    n = s.graveyard[c]
    sin = s.rules.circles[c - 1].sin
    return Why.EMPTY_SOURCE, f"the Graveyard holds {count(n, f'{sin} Soul')}", STYX


def _tower_home(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    return _courtyard(s, p, frame, act)


def _guardian_move(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.DONE:
        return None
    t = act.b
    return Why.OCCUPIED, f"a Guardian moves only to an empty shield: {_label(s, t)} holds {_on(s, t)}", GUARDIANS


def _guardian_effect(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.DONE:
        return None
    slot = frame.a
    g = s.rules.guardians[s.guardians[slot]]
    x, t = act.a, act.b
    b = s.board
    near = b.linked(s.guardian_pos[slot])
    if g.effect is GuardianEffect.PIT:
        pits = sum(1 for c in s.hell if c == PIT)
        if pits >= g.max_pits:
            return Why.FULL, f"{g.name} has dug all {count(g.max_pits, 'Pit')}", GUARDIANS
        if x != t or x not in near:
            return Why.NOT_LINKED, f"{g.name} digs a Pit only on an empty shield linked to it", GUARDIANS
        return Why.OCCUPIED, f"{_label(s, x)} is not empty: it holds {_on(s, x)}", GUARDIANS
    if x not in near:
        return Why.NOT_LINKED, f"{_label(s, x)} is not linked to the shield where {g.name} stands", GUARDIANS
    c = s.hell[x]
    if not 0 < c < LYING:
        return Why.NO_PIECE, f"there is no standing Soul on {_label(s, x)}: it holds {_on(s, x)}", GUARDIANS
    if g.effect is GuardianEffect.PETRIFY:
        return Why.NOT_LINKED, f"{g.name} petrifies the Soul where it stands", GUARDIANS
    if hell.below_own_circle(s, c, t):
        return (
            Why.OWN_CIRCLE,
            f"no effect takes a Soul below its own circle: this {_soul(s, c)} goes no deeper than {_circle(s, c)}",
            GUARDIANS,
        )
    if s.hell[t] != EMPTY:
        return Why.OCCUPIED, f"{_label(s, t)} is not empty: it holds {_on(s, t)}", GUARDIANS
    if not g.crosses_walls and hell.crosses_walls(s, x, t) and not hell.passage_into(s, p, t):
        return _walls(s, [b.gate[t]])
    if not effect_targets(s, p, slot):
        return Why.BLOCKED, f"{g.name}'s effect has no Soul it can move now", GUARDIANS
    return Why.NOT_LINKED, f"{g.name}'s effect cannot move the Soul on {_label(s, x)} to {_label(s, t)}", GUARDIANS


def _fraud_source(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    r = s.rules
    if act.kind == Act.PLAY:
        return Why.NO_PIECE, f"{r.fraud_cards[act.a].id} is not in your hand", GENERAL
    if act.kind == Act.BUY:
        return Why.NO_PIECE, f"{r.fraud_cards[act.a].id} is not in the market", GENERAL
    if act.kind == Act.PLAY_DECK:
        return Why.EMPTY_SOURCE, "the Fraud deck is empty", GENERAL
    return None


def _fraud_draw(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.DRAW:
        return Why.NO_PIECE, f"{s.rules.fraud_cards[act.a].id} is not in the market", GENERAL
    return Why.EMPTY_SOURCE, "the Fraud deck is empty", GENERAL


def _accuser_floor(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    _, _, li, _kind = frame
    f = act.a
    pl = s.players[p]
    found = _floor_problem(s, p, f)
    if found:
        return found
    loc = s.rules.locations[li]
    gf = guest_floor(s, pl, loc.circle) if loc.special else -1
    if s.rules.accuser_floor_rule and gf >= 0 and floor_has_room(s, pl, gf):
        return (
            Why.LIMIT,
            f"the accuser goes to the floor of your {_guest(s, loc.circle)}, floor {gf}, which has room",
            ACCUSE,
        )
    floors = florence.accuser_floors(s, pl, loc)
    if floors:
        return Why.LIMIT, f"the accuser goes to floor {floors[0]} by this edition's rules", ACCUSE
    return None


def _leave_floor(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    kind = frame.a
    floors = member_floors(s, p, kind)
    if act.a not in floors:
        return Why.NO_PIECE, f"no {_member(kind)} of yours stands on floor {act.a} of your Tower", GENERAL
    return None


Explainer = Callable[[State, int, Frame, Action], "_Result | None"]

BY_DECISION: dict[Decision, Explainer] = {
    Decision.HELL: _hell_move,
    Decision.HELL_STEP: _step,
    Decision.BELL: _bell,
    Decision.DESK: _desk,
    Decision.FLORENCE: _florence,
    Decision.COUNCIL: _council,
    Decision.COURTYARD: _courtyard,
    Decision.BONFIRE_EXCHANGE: _exchange,
    Decision.WALL_EXCHANGE: _exchange,
    Decision.BONFIRE_SECOND: _bonfire_second,
    Decision.BONFIRE_THIRD: _bonfire_third,
    Decision.WALL_FRAUD: _wall,
    Decision.WALL_DELIVER: _wall,
    Decision.MARKET: _market,
    Decision.PALACE: _palace,
    Decision.GATE: _one_of,
    Decision.TRACK: _one_of,
    Decision.PHLEG: _one_of,
    Decision.EXTRA_DIPLOMA: _one_of,
    Decision.STYX: _styx,
    Decision.TOWER_HOME: _tower_home,
    Decision.GUARDIAN_MOVE: _guardian_move,
    Decision.GUARDIAN_EFFECT: _guardian_effect,
    Decision.FRAUD_SOURCE: _fraud_source,
    Decision.FRAUD_DRAW: _fraud_draw,
    Decision.ACCUSER_FLOOR: _accuser_floor,
    Decision.LEAVE_FLOOR: _leave_floor,
}
