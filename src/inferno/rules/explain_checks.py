"""Why a choice of the pending decision is not legal, decision by decision: each check names the
rule through the same checks the legality code uses (used by :mod:`inferno.rules.explain`)."""

from __future__ import annotations

from collections.abc import Callable

from inferno.i18n import EXPLAIN, GAME
from inferno.rules import florence, hell, locations, phlegyas
from inferno.rules.actions import Act, Action, Decision
from inferno.rules.choices import group_tracks, member_floors
from inferno.rules.effects import floor_has_room, guest_floor, owns_barrel
from inferno.rules.engine import legal_actions
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
    _at,
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
    barrel_name,
    sin_name,
    sin_of,
)
from inferno.rules.guardians import effect_targets
from inferno.rules.model import GuardianEffect
from inferno.rules.state import EMPTY, GUARDIAN, LYING, PIT, T_GUEST, TOWER_LOC, Frame, State

_ = EXPLAIN.gettext
ngettext = EXPLAIN.ngettext


def _florins(n: int) -> str:
    return ngettext("{n} Florin", "{n} Florins", n).format(n=n)


def _occupied(s: State, t: int) -> str:
    return _("{shield} is not empty: it holds {piece}").format(shield=_label(s, t), piece=_on(s, t))


# --- the Hell phase ---------------------------------------------------------------------------


def _walls(s: State, gates: list[int]) -> _Result:
    if gates and min(gates) < 0:
        return Why.WALLS, _("no gate of the Walls of Dis stands above that shield: no Soul crosses there"), HELL
    if gates:
        need = _("you need your own safe passage on gate {gates} to cross the Walls of Dis").format(gates=_gates(gates))
    else:
        need = _("you need your own safe passage on a gate to cross the Walls of Dis")
    return Why.WALLS, need, HELL


def _hell_move(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.ENTER:
        c = act.a
        if s.graveyard[c] <= 0:
            return Why.NO_PIECE, _("there is no {soul} in the Graveyard to ferry").format(soul=_soul(s, c)), HELL
        gates = hell.freeing_gates(s, p, c, hell.GRAVEYARD)
        if gates:
            return _walls(s, gates)
        return (
            Why.BLOCKED,
            _(
                "a {soul} ferried across the Acheron finds no empty shield to stop on: every line from "
                "Limbo leads only to occupied shields before its own circle"
            ).format(soul=_soul(s, c)),
            HELL,
        )
    t = act.a
    c = s.hell[t]
    if c == EMPTY:
        return Why.NO_PIECE, _("there is no Soul on {shield}").format(shield=_label(s, t)), HELL
    if not 0 < c < LYING:
        if LYING < c < GUARDIAN:
            return (
                Why.OWN_CIRCLE,
                _("the Soul on {shield} lies down in its own circle: it never moves again").format(shield=_label(s, t)),
                HELL,
            )
        return (
            Why.NO_PIECE,
            _("{shield} holds {piece}, not a Soul you can move").format(shield=_label(s, t), piece=_on(s, t)),
            HELL,
        )
    if hell.in_own_circle(s, c, t):
        return (
            Why.OWN_CIRCLE,
            _("the {soul} on {shield} is in its own circle: Souls never descend below their own circle").format(
                soul=_soul(s, c), shield=_label(s, t)
            ),
            HELL,
        )
    gates = hell.freeing_gates(s, p, c, t)
    if gates:
        return _walls(s, gates)
    return (
        Why.BLOCKED,
        _(
            "the {soul} on {shield} has no way down: every line leads only to occupied shields "
            "before its own circle, and Souls never descend below their own circle"
        ).format(soul=_soul(s, c), shield=_label(s, t)),
        HELL,
    )


def _step(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    _k, _p, colour, frm = frame
    t = act.a
    b = s.board
    lines = b.circle_shields[1] if frm == hell.GRAVEYARD else b.down[frm]
    if t not in lines:
        if frm == hell.GRAVEYARD:
            return (
                Why.NOT_LINKED,
                _("{shield} is not on a line down from the Graveyard").format(shield=_label(s, t)),
                HELL,
            )
        return (
            Why.NOT_LINKED,
            _("{shield} is not on a line down from {start}").format(shield=_label(s, t), start=_label(s, frm)),
            HELL,
        )
    if hell.below_own_circle(s, colour, t):
        return (
            Why.OWN_CIRCLE,
            _("Souls never descend below their own circle: this {soul} goes no deeper than {circle}").format(
                soul=_soul(s, colour), circle=_circle(s, colour)
            ),
            HELL,
        )
    if hell.crosses_walls(s, frm, t) and not hell.passage_into(s, p, t):
        return _walls(s, [b.gate[t]])
    gates = hell.freeing_gates(s, p, colour, frm, t)
    if gates:
        return _walls(s, gates)
    return (
        Why.BLOCKED,
        _(
            "{shield} holds {piece} and the Soul could not go on from it to an empty shield before its own circle"
        ).format(shield=_label(s, t), piece=_on(s, t)),
        HELL,
    )


def _bell(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    frm = frame.b
    u = act.a
    if act.kind == Act.DONE:
        return (
            Why.BLOCKED,
            _("the Soul cannot descend from {shield}: it must slide first").format(shield=_label(s, frm)),
            PHLEGYAS,
        )
    if u not in phlegyas.neighbours(s, frm):
        return (
            Why.NOT_LINKED,
            _("a Bell slides the Soul only to a shield beside {shield} in the same circle").format(
                shield=_label(s, frm)
            ),
            PHLEGYAS,
        )
    if s.hell[u] != EMPTY:
        return Why.OCCUPIED, _occupied(s, u), PHLEGYAS
    return (
        Why.BLOCKED,
        _("from {shield} the Soul could not descend to an empty shield").format(shield=_label(s, u)),
        PHLEGYAS,
    )


def _desk(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    t = act.a
    ext = s.ext
    circle = ext.data.desk_circle if ext is not None else 0
    if s.board.circle[t] != circle:
        return (
            Why.NOT_LINKED,
            _("your Desk goes on a shield of Plutus's circle, {circle}").format(circle=_circle(s, circle)),
            PLUTUS,
        )
    return Why.OCCUPIED, _occupied(s, t), PLUTUS


# --- the Florence phase -------------------------------------------------------------------------


def _quartiere(s: State, frame: Frame, li: int) -> _Result | None:
    q = florence.acting_quartiere(s, frame)
    if q >= 0 and s.loc_quartiere[li] != q:
        r = s.rules
        return (
            Why.QUARTIERE,
            ngettext(
                "{location} is not in the quartiere your Soul's shield chose ({quartiere}); "
                "bribe Charon for {n} Drachma to act in any quartiere",
                "{location} is not in the quartiere your Soul's shield chose ({quartiere}); "
                "bribe Charon for {n} Drachmas to act in any quartiere",
                r.bribe_cost,
            ).format(location=_loc(s, li), quartiere=GAME.gettext(r.quartieri[q]), n=r.bribe_cost),
            FLORENCE,
        )
    return None


def _florence(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    pl = s.players[p]
    if act.kind == Act.BRIBE:
        return Why.ALREADY, _("you have already bribed Charon this turn"), FLORENCE
    li, kind = act.a, act.b
    if act.kind == Act.SEND:
        loc = s.rules.locations[li]
        if not pl.home[kind]:
            return Why.NO_PIECE, _("you have no {member} at Home to send").format(member=_member(kind)), FLORENCE
        found = _quartiere(s, frame, li)
        if found:
            return found
        if not florence.may_enter(loc, kind):
            return Why.ENTRY, _("only an Urchin may enter {location}").format(location=_loc(s, li)), FLORENCE
        cost = florence.entry_cost(loc, kind)
        if pl.florins < cost:
            return (
                Why.CANNOT_AFFORD,
                _("you cannot afford it: a {member} pays {cost} to enter {location} and you have {florins}").format(
                    member=_member(kind), cost=_florins(cost), location=_loc(s, li), florins=_florins(pl.florins)
                ),
                FLORENCE,
            )
        return None
    if act.kind == Act.ACCUSE:
        loc = s.rules.locations[li]
        if not pl.florence[2 * li + kind]:
            return (
                Why.NO_PIECE,
                _(
                    "you have no {member} {at_location}: you can only accuse with a family member already "
                    "at the location"
                ).format(member=_member(kind), at_location=_at(s, li)),
                ACCUSE,
            )
        found = _quartiere(s, frame, li)
        if found:
            return found
        if not florence.has_accusing_guest(pl, loc):
            return (
                Why.NEEDS_GUEST,
                _("to accuse {at_location} you need the {guest} in your Tower").format(
                    at_location=_at(s, li), guest=_guest(s, loc.circle)
                ),
                ACCUSE,
            )
        if not florence.accuser_has_room(s, pl):
            return Why.TOWER_FULL, _("your Tower has no empty space for the accuser"), ACCUSE
    return None


def _council(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    pl = s.players[p]
    if act.kind == Act.RECALL:
        if act.a == TOWER_LOC:
            return Why.NO_PIECE, _("you have no {member} in your Tower").format(member=_member(act.b)), FLORENCE
        return (
            Why.NO_PIECE,
            _("you have no {member} {at_location}").format(member=_member(act.b), at_location=_at(s, act.a)),
            FLORENCE,
        )
    if act.kind == Act.DISMISS:
        if act.a not in s.rules.guest_circles:
            return Why.NO_SUCH, _("there is no {guest} in this game").format(guest=_guest(s, act.a)), GENERAL
        return Why.NO_PIECE, _("you have no {guest} in your Tower").format(guest=_guest(s, act.a)), FLORENCE
    barrel = barrel_name(s, act.a)
    if pl.panel >> act.a & 1:
        return (
            Why.NO_PIECE,
            _("your {colour} Barrel is on your supply panel, not in your Tower").format(colour=barrel),
            FLORENCE,
        )
    return Why.NO_PIECE, _("you have no {colour} Barrel in your Tower").format(colour=barrel), FLORENCE


# --- locations --------------------------------------------------------------------------------


def _floor_problem(s: State, p: int, f: int, guest: bool = False) -> _Result | None:
    pl = s.players[p]
    if f >= pl.floors:
        return Why.NO_SUCH, _("floor {floor} of your Tower is not built yet").format(floor=f), GENERAL
    if floor_has_room(s, pl, f):
        if guest and not floor_has_room(s, pl, f, guest=True):
            n = s.rules.max_guests_per_floor
            return (
                Why.LIMIT,
                ngettext(
                    "floor {floor} of your Tower already holds {n} Guest, as many as a floor may",
                    "floor {floor} of your Tower already holds {n} Guests, as many as a floor may",
                    n,
                ).format(floor=f, n=n),
                GENERAL,
            )
        return None
    return Why.TOWER_FULL, _("floor {floor} of your Tower is full").format(floor=f), GENERAL


def _courtyard(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    pl = s.players[p]
    if act.kind == Act.HOME:
        if frame.kind == Decision.COURTYARD and not frame.a:  # a: home_left
            return Why.LIMIT, _("no more family members may come Home from the Tower at this COURTYARD"), GENERAL
        return Why.NO_PIECE, _("you have no {member} in your Tower").format(member=_member(act.a)), GENERAL
    if act.kind == Act.DONE:
        return None
    _k, _p, _home_left, swaps_left = frame
    if not swaps_left:
        return Why.LIMIT, _("you have made all the Tower swaps this COURTYARD allows"), GENERAL
    i, j = act.a, act.b
    per = s.rules.spaces_per_floor
    built = pl.floors * per
    for x in (i, j):
        if x >= built:
            return Why.NO_SUCH, _("floor {floor} of your Tower is not built yet").format(floor=x // per), GENERAL
    if i // per == j // per:
        return Why.NOT_LINKED, _("a swap moves pieces between two different floors"), GENERAL
    if pl.tower[i] == pl.tower[j]:
        return Why.NOT_LINKED, _("those two spaces hold the same thing: swapping them changes nothing"), GENERAL
    if Action(Act.SWAP, j, i) in legal_actions(s):
        return (
            Why.NO_SUCH,
            _("write the lower space first: '{action}'").format(action=_safe_text(s, Action(Act.SWAP, j, i))),
            GENERAL,
        )
    if not locations.guest_swap_ok(s, pl.tower, i, j, per):
        n = s.rules.max_guests_per_floor
        return (
            Why.LIMIT,
            ngettext(
                "that swap would put more than {n} Guest on one floor",
                "that swap would put more than {n} Guests on one floor",
                n,
            ).format(n=n),
            GENERAL,
        )
    return None


def _exchange(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.DONE:
        return None
    n = act.a
    rate = s.rules.florins_per_drachma
    pl = s.players[p]
    if n < rate or n % rate:
        return (
            Why.LIMIT,
            _("Florins are changed {rate} for each Drachma, at least one Drachma's worth").format(rate=rate),
            GENERAL,
        )
    if n > frame.a:
        return Why.LIMIT, _("you may change at most {florins} here").format(florins=_florins(frame.a)), GENERAL
    if n > pl.florins:
        return (
            Why.CANNOT_AFFORD,
            _("you cannot afford it: you have {florins}").format(florins=_florins(pl.florins)),
            GENERAL,
        )
    return None


def _phleg(s: State, act: Action) -> _Result:
    c = act.a
    if c < 2:
        return Why.NO_SUCH, _("Limbo has no Phlegethon cube"), GENERAL
    return (
        Why.FULL,
        _("the {sin} Phlegethon cube is already at its top ({top})").format(sin=sin_of(s, c), top=s.rules.phleg_max),
        GENERAL,
    )


def _gate(s: State, act: Action) -> _Result:
    return Why.ALREADY, _("you already have a safe passage on gate {gate}").format(gate=act.a + 1), HELL


def _bonfire_second(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.PHLEG:
        return _phleg(s, act)
    if act.kind == Act.GATE:
        return _gate(s, act)
    return None


def _bonfire_third(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.GUARDIAN:
        if not s.guardians:
            return Why.NO_SUCH, _("no Guardian is in play in this game"), GUARDIANS
        return Why.BLOCKED, _("no shield of Hell is empty for a Guardian to move to"), GUARDIANS
    return None


def _wall(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.FRAUD:
        return (
            Why.EMPTY_SOURCE,
            _("there is no Fraud card to play: your hand, the market and the deck are empty"),
            GENERAL,
        )
    if act.kind == Act.DELIVER:
        pl = s.players[p]
        barrel = barrel_name(s, act.a)
        if pl.panel >> act.a & 1:
            return Why.ALREADY, _("you have already delivered your {colour} Barrel").format(colour=barrel), GENERAL
        return Why.NO_PIECE, _("you have no {colour} Barrel in your Tower to deliver").format(colour=barrel), GENERAL
    return None


def _market(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    pl = s.players[p]
    b, f = act.a, act.b
    barrel = barrel_name(s, b)
    if owns_barrel(pl, b):
        return (
            Why.ALREADY,
            _("you already own a {colour} Barrel: never two of one colour").format(colour=barrel),
            GENERAL,
        )
    if not locations.can_take_barrel(s, pl, b):
        return Why.EMPTY_SOURCE, _("the MARKET has no {colour} Barrel left").format(colour=barrel), GENERAL
    return _floor_problem(s, p, f)


def _palace(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    pl = s.players[p]
    c, f = act.a, act.b
    if c not in s.rules.guest_circles:
        return Why.NO_SUCH, _("there is no {guest} in this game").format(guest=_guest(s, c)), GENERAL
    if (T_GUEST + c) in pl.tower:
        return (
            Why.ALREADY,
            _("you already have the {guest}: one Guest of each colour").format(guest=_guest(s, c)),
            GENERAL,
        )
    if not locations.can_invite(s, pl, c):
        return Why.EMPTY_SOURCE, _("the {guest} is no longer at the PALACE").format(guest=_guest(s, c)), GENERAL
    return _floor_problem(s, p, f, guest=True)


# --- choices -------------------------------------------------------------------------------------


def _one_of(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    kind = frame.kind
    if kind == Decision.GATE:
        return _gate(s, act)
    if kind == Decision.PHLEG:
        return _phleg(s, act)
    if kind == Decision.TRACK:
        names = ", ".join(sin_name(s, c) for c in group_tracks(s, frame.a))
        return Why.LIMIT, _("this advance must be on one of these Sin Tracks: {tracks}").format(tracks=names), GENERAL
    if kind == Decision.EXTRA_DIPLOMA:
        c = act.a
        if c < 2:
            return Why.NO_SUCH, _("Limbo has no Diploma"), FINAL
        return Why.ALREADY, _("you already have the {sin} Diploma").format(sin=sin_of(s, c)), FINAL
    return None


def _styx(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    c, k = act.a, act.b
    most = frame.a
    table = s.rules.styx_table
    if k not in table:
        sizes = sorted(table)
        return (
            Why.LIMIT,
            _("the River Styx returns {sizes} or {last} Souls").format(
                sizes=", ".join(map(str, sizes[:-1])), last=sizes[-1]
            ),
            STYX,
        )
    if k > most:
        return (
            Why.LIMIT,
            ngettext(
                "this River Styx returns at most {n} Soul", "this River Styx returns at most {n} Souls", most
            ).format(n=most),
            STYX,
        )
    n = s.graveyard[c]
    return (
        Why.EMPTY_SOURCE,
        ngettext("the Graveyard holds {n} {sin} Soul", "the Graveyard holds {n} {sin} Souls", n).format(
            n=n, sin=sin_of(s, c)
        ),
        STYX,
    )


def _tower_home(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    return _courtyard(s, p, frame, act)


def _guardian_move(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.DONE:
        return None
    t = act.b
    return (
        Why.OCCUPIED,
        _("a Guardian moves only to an empty shield: {shield} holds {piece}").format(
            shield=_label(s, t), piece=_on(s, t)
        ),
        GUARDIANS,
    )


def _guardian_effect(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.DONE:
        return None
    slot = frame.a
    g = s.rules.guardians[s.guardians[slot]]
    name = GAME.gettext(g.name)
    x, t = act.a, act.b
    b = s.board
    near = b.linked(s.guardian_pos[slot])
    if g.effect is GuardianEffect.PIT:
        pits = sum(1 for c in s.hell if c == PIT)
        if pits >= g.max_pits:
            return (
                Why.FULL,
                ngettext("{guardian} has dug all {n} Pit", "{guardian} has dug all {n} Pits", g.max_pits).format(
                    guardian=name, n=g.max_pits
                ),
                GUARDIANS,
            )
        if x != t or x not in near:
            return (
                Why.NOT_LINKED,
                _("{guardian} digs a Pit only on an empty shield linked to it").format(guardian=name),
                GUARDIANS,
            )
        return Why.OCCUPIED, _occupied(s, x), GUARDIANS
    if x not in near:
        return (
            Why.NOT_LINKED,
            _("{shield} is not linked to the shield where {guardian} stands").format(
                shield=_label(s, x), guardian=name
            ),
            GUARDIANS,
        )
    c = s.hell[x]
    if not 0 < c < LYING:
        return (
            Why.NO_PIECE,
            _("there is no standing Soul on {shield}: it holds {piece}").format(shield=_label(s, x), piece=_on(s, x)),
            GUARDIANS,
        )
    if g.effect is GuardianEffect.PETRIFY:
        return Why.NOT_LINKED, _("{guardian} petrifies the Soul where it stands").format(guardian=name), GUARDIANS
    if hell.below_own_circle(s, c, t):
        return (
            Why.OWN_CIRCLE,
            _("no effect takes a Soul below its own circle: this {soul} goes no deeper than {circle}").format(
                soul=_soul(s, c), circle=_circle(s, c)
            ),
            GUARDIANS,
        )
    if s.hell[t] != EMPTY:
        return Why.OCCUPIED, _occupied(s, t), GUARDIANS
    if not g.crosses_walls and hell.crosses_walls(s, x, t) and not hell.passage_into(s, p, t):
        return _walls(s, [b.gate[t]])
    if not effect_targets(s, p, slot):
        return Why.BLOCKED, _("{guardian}'s effect has no Soul it can move now").format(guardian=name), GUARDIANS
    return (
        Why.NOT_LINKED,
        _("{guardian}'s effect cannot move the Soul on {shield} to {target}").format(
            guardian=name, shield=_label(s, x), target=_label(s, t)
        ),
        GUARDIANS,
    )


def _fraud_source(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    r = s.rules
    if act.kind == Act.PLAY:
        return Why.NO_PIECE, _("{card} is not in your hand").format(card=r.fraud_cards[act.a].id), GENERAL
    if act.kind == Act.BUY:
        return Why.NO_PIECE, _("{card} is not in the market").format(card=r.fraud_cards[act.a].id), GENERAL
    if act.kind == Act.PLAY_DECK:
        return Why.EMPTY_SOURCE, _("the Fraud deck is empty"), GENERAL
    return None


def _fraud_draw(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    if act.kind == Act.DRAW:
        return Why.NO_PIECE, _("{card} is not in the market").format(card=s.rules.fraud_cards[act.a].id), GENERAL
    return Why.EMPTY_SOURCE, _("the Fraud deck is empty"), GENERAL


def _accuser_floor(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    _k, _p, li, _kind = frame
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
            _("the accuser goes to the floor of your {guest}, floor {floor}, which has room").format(
                guest=_guest(s, loc.circle), floor=gf
            ),
            ACCUSE,
        )
    floors = florence.accuser_floors(s, pl, loc)
    if floors:
        return Why.LIMIT, _("the accuser goes to floor {floor} by this edition's rules").format(floor=floors[0]), ACCUSE
    return None


def _leave_floor(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    kind = frame.a
    floors = member_floors(s, p, kind)
    if act.a not in floors:
        return (
            Why.NO_PIECE,
            _("no {member} of yours stands on floor {floor} of your Tower").format(member=_member(kind), floor=act.a),
            GENERAL,
        )
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
