"""Why an action is not legal now, in the game's words, with the rulebook reference.

``explain(state, player, action)`` answers "why can't I?" for any action (an :class:`Action` or its
text form): it first asks the engine whether the action is legal (the pending decision's own list is
the only authority), and when it is not, names the rule that forbids it by asking the same checks the
legality code uses (entry requirements, Tower room, the Hell phase's masks, ...). Front ends only
display the answer. On a player's view it never reveals hidden information: a card that is not in
your hand is "not in your hand", never "in Player 2's hand".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from inferno.rules import florence, hell, locations, phlegyas, plutus
from inferno.rules.actions import Act, Action, Decision, MalformedActionError
from inferno.rules.choices import group_tracks, member_floors
from inferno.rules.effects import floor_has_room, guest_floor, owns_barrel
from inferno.rules.engine import legal_actions
from inferno.rules.events import count
from inferno.rules.guardians import effect_targets
from inferno.rules.model import MEMBER_KINDS, GuardianEffect
from inferno.rules.notation import ARG_SHAPES, action_text, action_word, parse_action
from inferno.rules.state import EMPTY, GUARDIAN, LYING, PIT, T_GUEST, TILE, TOWER_LOC, Frame, State

# The rulebook references the explanations cite (the pages the rules data and help texts cite).
HELL = "rulebook, Hell Phase p.11"
FLORENCE = "rulebook, Florence Phase p.12"
ACCUSE = "rulebook p.14-15"
STYX = "rulebook p.9"
GUARDIANS = "rulebook p.22-23"
GENERAL = "rulebook, Boards & General Concepts"
FINAL = "rulebook, Game End & Final Scoring"
PLUTUS = plutus.RULE
PHLEGYAS = phlegyas.RULE


class Why(StrEnum):
    """The family of an answer: legal, or the kind of rule that forbids the action."""

    LEGAL = "legal"
    MALFORMED = "malformed"  # not an action at all (bad text or unknown names)
    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_STEP = "wrong_step"  # this kind of action is not a choice of the pending decision
    MUST_CHOOSE = "must_choose"  # 'done' where the step cannot be skipped
    NO_SUCH = "no_such"  # an argument names nothing in this game
    NO_PIECE = "no_piece"  # the piece is not where the action needs it
    OWN_CIRCLE = "own_circle"  # Souls never descend below their own circle
    WALLS = "walls"  # the Walls of Dis need the mover's own safe passage
    BLOCKED = "blocked"  # no empty shield to stop on
    NOT_LINKED = "not_linked"  # not along a line / not next to the piece
    QUARTIERE = "quartiere"  # not in the quartiere the Soul chose
    ENTRY = "entry"  # the location's entry requirement
    CANNOT_AFFORD = "cannot_afford"
    NEEDS_GUEST = "needs_guest"
    TOWER_FULL = "tower_full"
    FULL = "full"  # a track, cube, shield or supply has no room / nothing left
    ALREADY = "already"  # you already have it
    LIMIT = "limit"  # more than this step allows
    EMPTY_SOURCE = "empty_source"  # nothing left to take
    OCCUPIED = "occupied"


@dataclass(frozen=True, slots=True)
class Explanation:
    """The engine's answer: whether the action is legal and, if not, the reason and its rule."""

    legal: bool
    why: Why
    reason: str
    rule: str
    action: str = ""  # the action's text form ("" when it could not be read)

    @property
    def text(self) -> str:
        """The answer as one sentence for a player: the reason and, in brackets, the rule."""
        return f"{self.reason} ({self.rule})" if self.rule else self.reason


_Result = tuple[Why, str, str]  # (family, reason, rule)

# What each decision asks, in a few words (used in "not now" answers and by ``why`` alone).
DOING: dict[Decision, str] = {
    Decision.HELL: "move one Soul in the Hell phase",
    Decision.HELL_STEP: "choose the line the moving Soul follows down",
    Decision.BELL: "decide whether to ring a Bell before the Soul descends",
    Decision.DESK: "place the Desk of Plutus you have gained",
    Decision.FLORENCE: "act in Florence: send a family member, accuse, or hold a family council",
    Decision.COUNCIL: "choose what the family council does",
    Decision.COURTYARD: "use the COURTYARD: family members Home, then Tower swaps",
    Decision.BONFIRE_EXCHANGE: "change Florins into Drachmas at the BONFIRE",
    Decision.BONFIRE_SECOND: "raise a Phlegethon cube or place a safe passage at the BONFIRE",
    Decision.BONFIRE_THIRD: "move a Guardian or use the River Styx at the BONFIRE",
    Decision.WALL_EXCHANGE: "change Florins into Drachmas at the WALL",
    Decision.WALL_FRAUD: "decide whether to play a Fraud card at the WALL",
    Decision.WALL_DELIVER: "decide whether to deliver a Barrel at the WALL",
    Decision.MARKET: "take a Barrel at the MARKET",
    Decision.PALACE: "invite a Guest at the PALACE",
    Decision.GATE: "choose the gate for a safe passage",
    Decision.TRACK: "choose the Sin Track to advance",
    Decision.TOWER_HOME: "bring a family member from the Tower Home",
    Decision.PHLEG: "choose the Phlegethon cube that goes up",
    Decision.STYX: "choose the Souls the River Styx returns",
    Decision.GUARDIAN_MOVE: "move a Guardian to an empty shield",
    Decision.GUARDIAN_EFFECT: "use the Guardian's effect or skip it",
    Decision.FRAUD_SOURCE: "choose where the Fraud card you play comes from",
    Decision.FRAUD_EFFECT: "choose the Fraud card's instant effect",
    Decision.FRAUD_DRAW: "take a replacement Fraud card",
    Decision.ENDGAME_FRAUD: "choose a played Fraud card's end-game effect",
    Decision.EXTRA_DIPLOMA: "choose the circle of your extra Diploma",
    Decision.ACCUSER_FLOOR: "choose the Tower floor the accuser goes to",
    Decision.LEAVE_FLOOR: "choose the Tower floor the family member leaves",
}

# When each kind of action is a choice, and the rule that says so.
WHEN: dict[Act, tuple[str, str]] = {
    Act.ENTER: ("you ferry a Soul from the Graveyard only as your Hell-phase move", HELL),
    Act.MOVE: ("you move a standing Soul only at the start of your turn, in the Hell phase", HELL),
    Act.STEP: ("you choose a line only while your Soul is moving down", HELL),
    Act.BRIBE: ("you bribe Charon only in the Florence phase, before you act", FLORENCE),
    Act.SEND: ("you send a family member only in the Florence phase, after your Soul has moved", FLORENCE),
    Act.ACCUSE: ("you accuse only in the Florence phase, after your Soul has moved", ACCUSE),
    Act.COUNCIL: ("you hold a family council only in the Florence phase, instead of acting", FLORENCE),
    Act.DONE: ("this step cannot be skipped", GENERAL),
    Act.HOME: ("family members come Home from the Tower at the COURTYARD or by an effect", GENERAL),
    Act.SWAP: ("you rearrange your Tower only at the COURTYARD", GENERAL),
    Act.EXCHANGE: ("you change Florins into Drachmas only at the BONFIRE or the WALL", GENERAL),
    Act.PHLEG: ("a Phlegethon cube goes up only at the BONFIRE or by an effect", GENERAL),
    Act.GATE: ("you place a safe passage only at the BONFIRE or with a silver bonus", HELL),
    Act.GUARDIAN: ("you pay to move a Guardian only at the BONFIRE", GUARDIANS),
    Act.STYX: ("you pay for the River Styx only at the BONFIRE", STYX),
    Act.FRAUD: ("you pay to play a Fraud card only at the WALL", GENERAL),
    Act.DELIVER: ("you deliver a Barrel only at the WALL", GENERAL),
    Act.BARREL: ("you take a Barrel only at the MARKET", GENERAL),
    Act.GUEST: ("you invite a Guest only at the PALACE", GENERAL),
    Act.RECALL: ("you bring a family member Home that way only in a family council", FLORENCE),
    Act.DISMISS: ("you send a Guest back only in a family council", FLORENCE),
    Act.RETURN: ("you send a Barrel back only in a family council", FLORENCE),
    Act.DROWN: ("you return Souls from the Graveyard only when you use the River Styx", STYX),
    Act.TRACK: ("you choose a Sin Track only when an effect lets you advance on one", GENERAL),
    Act.GMOVE: ("you move a Guardian only at the BONFIRE or by an effect", GUARDIANS),
    Act.TARGET: ("a Guardian's effect is used only right after the Guardian moves", GUARDIANS),
    Act.PLAY: ("you play a Fraud card only at the WALL or by an effect", GENERAL),
    Act.BUY: ("you buy a Fraud card only when you play one, at the WALL or by an effect", GENERAL),
    Act.PLAY_DECK: ("you play the deck's top card only when you play a Fraud card", GENERAL),
    Act.EFFECT: ("you choose a Fraud card's effect only when the card is resolved", GENERAL),
    Act.DRAW: ("you take a replacement card only after playing a Fraud card from your hand", GENERAL),
    Act.DRAW_DECK: ("you draw a replacement card only after playing a Fraud card from your hand", GENERAL),
    Act.DIPLOMA: ("you choose an extra Diploma only in final scoring, with two ½ Diplomas", FINAL),
    Act.FLOOR: (
        "you choose a Tower floor only when the accuser goes to the Tower or a family member leaves it",
        ACCUSE,
    ),
    Act.DESK: ("you place a Desk only when you gain one, by laying a Soul down in Plutus's circle", PLUTUS),
    Act.BELL: ("you ring a Bell only when you lift a standing Soul and hold a Bell", PHLEGYAS),
}

# The kinds of action each decision can ever offer.
KINDS: dict[Decision, frozenset[Act]] = {
    Decision.HELL: frozenset({Act.MOVE, Act.ENTER}),
    Decision.HELL_STEP: frozenset({Act.STEP}),
    Decision.BELL: frozenset({Act.BELL, Act.DONE}),
    Decision.DESK: frozenset({Act.DESK}),
    Decision.FLORENCE: frozenset({Act.BRIBE, Act.SEND, Act.ACCUSE, Act.COUNCIL}),
    Decision.COUNCIL: frozenset({Act.RECALL, Act.DISMISS, Act.RETURN}),
    Decision.COURTYARD: frozenset({Act.HOME, Act.SWAP, Act.DONE}),
    Decision.BONFIRE_EXCHANGE: frozenset({Act.EXCHANGE, Act.DONE}),
    Decision.WALL_EXCHANGE: frozenset({Act.EXCHANGE, Act.DONE}),
    Decision.BONFIRE_SECOND: frozenset({Act.PHLEG, Act.GATE, Act.DONE}),
    Decision.BONFIRE_THIRD: frozenset({Act.GUARDIAN, Act.STYX, Act.DONE}),
    Decision.WALL_FRAUD: frozenset({Act.FRAUD, Act.DONE}),
    Decision.WALL_DELIVER: frozenset({Act.DELIVER, Act.DONE}),
    Decision.MARKET: frozenset({Act.BARREL}),
    Decision.PALACE: frozenset({Act.GUEST}),
    Decision.GATE: frozenset({Act.GATE}),
    Decision.TRACK: frozenset({Act.TRACK}),
    Decision.TOWER_HOME: frozenset({Act.HOME, Act.DONE}),
    Decision.PHLEG: frozenset({Act.PHLEG}),
    Decision.STYX: frozenset({Act.DROWN}),
    Decision.GUARDIAN_MOVE: frozenset({Act.GMOVE, Act.DONE}),
    Decision.GUARDIAN_EFFECT: frozenset({Act.TARGET, Act.DONE}),
    Decision.FRAUD_SOURCE: frozenset({Act.PLAY, Act.BUY, Act.PLAY_DECK, Act.DONE}),
    Decision.FRAUD_EFFECT: frozenset({Act.EFFECT}),
    Decision.FRAUD_DRAW: frozenset({Act.DRAW, Act.DRAW_DECK}),
    Decision.ENDGAME_FRAUD: frozenset({Act.EFFECT, Act.DONE}),
    Decision.EXTRA_DIPLOMA: frozenset({Act.DIPLOMA}),
    Decision.ACCUSER_FLOOR: frozenset({Act.FLOOR}),
    Decision.LEAVE_FLOOR: frozenset({Act.FLOOR}),
}


def who(s: State, p: int) -> str:
    """A player as the table names them."""
    if s.solo is not None and p == 1:
        return "the Rival"
    return f"Player {p + 1}"


# --- names in the game's words -----------------------------------------------------------------


def _soul(s: State, colour: int) -> str:
    return f"{s.rules.circles[colour - 1].sin} Soul"


def _guest(s: State, c: int) -> str:
    return f"{s.rules.circles[c - 1].colour} Guest"


def _circle(s: State, c: int) -> str:
    return f"circle {c} ({s.rules.circles[c - 1].sin})"


def _label(s: State, t: int) -> str:
    return s.board.labels[t]


def _loc(s: State, li: int) -> str:
    return f"the {s.rules.locations[li].name}"


def _member(kind: int) -> str:
    return MEMBER_KINDS[kind].capitalize()


def _gates(gates: list[int]) -> str:
    names = [str(g + 1) for g in gates]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _on(s: State, t: int) -> str:
    """What stands on Hell shield ``t``, in words."""
    c = s.hell[t]
    if c == EMPTY:
        return "nothing"
    if c < LYING:
        return f"a standing {_soul(s, c)}"
    if c < TILE:
        return f"a {_soul(s, c - LYING)} lying down"
    if c < GUARDIAN:
        return f"a {_soul(s, c - TILE)} lying down"
    if c < PIT:
        return s.rules.guardians[s.guardians[c - GUARDIAN]].name
    if c == PIT:
        return "a Pit"
    owner = plutus.desk_owner(c)
    if owner >= 0:
        return f"{who(s, owner)}'s Desk of Plutus"
    return "a piece"


# --- argument ranges: an argument that names nothing in this game ---------------------------------


def _arg_ok(s: State, shape: str, v: int) -> bool:
    r = s.rules
    if shape in ("colour", "sin", "phleg", "track", "guest"):
        return 1 <= v <= len(r.circles)
    if shape == "shield":
        return 0 <= v < len(s.hell)
    if shape == "location":
        return 0 <= v < len(r.locations)
    if shape == "place":
        return 0 <= v < len(r.locations) or v == TOWER_LOC
    if shape == "member":
        return v in (0, 1)
    if shape == "space":
        return 0 <= v < r.tower_floors * r.spaces_per_floor
    if shape == "gate":
        return 0 <= v < s.board.gates
    if shape == "barrel":
        return 0 <= v < len(r.barrels)
    if shape == "guardian":
        return 0 <= v < len(s.guardians)
    if shape == "card":
        return 0 <= v < len(r.fraud_cards)
    if shape == "half":
        return v in (0, 1)
    if shape == "floor":
        return 0 <= v < r.tower_floors
    return v >= 0  # number


_SHAPE_WORDS = {
    "colour": "sin",
    "sin": "sin",
    "phleg": "circle",
    "track": "Sin Track",
    "guest": "Guest",
    "shield": "shield",
    "location": "location",
    "place": "place",
    "member": "family member",
    "space": "Tower space",
    "gate": "gate",
    "barrel": "Barrel",
    "guardian": "Guardian",
    "card": "Fraud card",
    "half": "effect",
    "floor": "Tower floor",
    "number": "number",
}


def _bad_argument(s: State, act: Action) -> _Result | None:
    shapes = ARG_SHAPES.get(act.kind, ())
    args = (act.a, act.b)
    for i in range(2):
        if i >= len(shapes):
            if args[i] != 0:
                return (
                    Why.NO_SUCH,
                    f"'{action_word(act.kind)}' takes fewer choices than that",
                    "",
                )
            continue
        if not _arg_ok(s, shapes[i], args[i]):
            if shapes[i] == "guardian" and not s.guardians:
                return Why.NO_SUCH, "no Guardian is in play in this game", GUARDIANS
            if shapes[i] == "number":
                return Why.NO_SUCH, "that number cannot be negative", ""
            return Why.NO_SUCH, f"there is no such {_SHAPE_WORDS[shapes[i]]} in this game", ""
    return None


# --- the Hell phase ---------------------------------------------------------------------------


def _walls(s: State, gates: list[int]) -> _Result:
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
    if hell.crosses_walls(s, frm, t) and not s.players[p].passages >> b.gate[t] & 1:
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
    frm = frame[3]
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
        if frame[0] == Decision.COURTYARD and not frame[2]:
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
    if n > frame[2]:
        return Why.LIMIT, f"you may change at most {count(frame[2], 'Florin')} here", GENERAL
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
    kind = frame[0]
    if kind == Decision.GATE:
        return _gate(s, act)
    if kind == Decision.PHLEG:
        return _phleg(s, act)
    if kind == Decision.TRACK:
        names = ", ".join(s.rules.circles[c - 1].sin for c in group_tracks(s, frame[2]))
        return Why.LIMIT, f"this advance must be on one of these Sin Tracks: {names}", GENERAL
    if kind == Decision.EXTRA_DIPLOMA:
        c = act.a
        if c < 2:
            return Why.NO_SUCH, "Limbo has no Diploma", FINAL
        return Why.ALREADY, f"you already have the {s.rules.circles[c - 1].sin} Diploma", FINAL
    return None


def _styx(s: State, p: int, frame: Frame, act: Action) -> _Result | None:
    c, k = act.a, act.b
    most = frame[2]
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
    slot = frame[2]
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
    if not g.crosses_walls and hell.crosses_walls(s, x, t) and not s.players[p].passages >> b.gate[t] & 1:
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
    kind = frame[2]
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


def _not_now(s: State, decision: Decision, act: Action) -> _Result:
    doing = DOING[decision]
    if act.kind == Act.DONE:
        return Why.MUST_CHOOSE, f"this step cannot be skipped: you must {doing}", WHEN[Act.DONE][1]
    when, rule = WHEN[act.kind]
    return Why.WRONG_STEP, f"not now: you must {doing}; {when}", rule


def _fallback(s: State, decision: Decision, act: Action) -> _Result:
    """An illegal choice of the right kind that no specific check names (kept short and honest)."""
    return Why.WRONG_STEP, f"that is not one of the choices now: you must {DOING[decision]}", WHEN[act.kind][1]


def _safe_text(s: State, act: Action) -> str:
    try:
        return action_text(s, act)
    except (IndexError, ValueError, KeyError):
        return ""


def explain(s: State, player: int, action: Action | str) -> Explanation:
    """Whether ``player`` may take ``action`` now and, if not, which rule forbids it (never raises on
    any action or text; on a view, names nothing the view hides)."""
    if isinstance(action, str):
        try:
            act = parse_action(s, action)
        except MalformedActionError as exc:
            return Explanation(False, Why.MALFORMED, str(exc), "")
    else:
        try:
            act = Action(Act(action[0]), int(action[1]), int(action[2]))
        except (ValueError, TypeError, IndexError):
            return Explanation(False, Why.MALFORMED, "that is not an action of this game", "")
    if s.over:
        return Explanation(False, Why.GAME_OVER, "the game is over", FINAL)
    frame = s.stack[-1]
    decision = Decision(frame[0])
    if frame[1] != player:
        return Explanation(
            False,
            Why.NOT_YOUR_TURN,
            f"it is not your turn: {who(s, frame[1])} must {DOING[decision]}",
            HELL,
        )
    bad = _bad_argument(s, act)
    if bad:
        return Explanation(False, bad[0], bad[1], bad[2])
    text = _safe_text(s, act)
    if act in legal_actions(s):
        return Explanation(True, Why.LEGAL, f"'{text}' is legal now", "", text)
    if act.kind not in KINDS[decision] or (act.kind == Act.DONE and act not in legal_actions(s)):
        found: _Result | None = _not_now(s, decision, act)
    else:
        fn = BY_DECISION.get(decision)
        found = fn(s, player, frame, act) if fn else None
    if found is None:
        found = _fallback(s, decision, act)
    return Explanation(False, found[0], found[1], found[2], text)


def explain_text(s: State, player: int, text: str) -> Explanation:
    """:func:`explain` for an action as typed."""
    return explain(s, player, text)


def decision_summary(s: State, player: int) -> Explanation:
    """``why`` without an action: what the pending decision asks and its main constraints, briefly."""
    if s.over:
        return Explanation(False, Why.GAME_OVER, "the game is over", FINAL)
    frame = s.stack[-1]
    decision = Decision(frame[0])
    if frame[1] != player:
        return Explanation(
            False, Why.NOT_YOUR_TURN, f"it is not your turn: {who(s, frame[1])} must {DOING[decision]}", HELL
        )
    n = len(legal_actions(s))
    parts = [f"you must {DOING[decision]} ({count(n, 'choice')})"]
    rule = _decision_rule(decision)
    pl = s.players[player]
    if decision == Decision.HELL:
        parts.append(
            "a standing Soul moves down the lines and never below its own circle; "
            "it crosses the Walls of Dis only through a gate where you have your own safe passage"
        )
        rule = HELL
    elif decision == Decision.FLORENCE:
        q = florence.acting_quartiere(s, frame)
        if q >= 0:
            parts.append(f"you act in the quartiere {s.rules.quartieri[q]} unless you bribe Charon")
        else:
            parts.append("you may act in any quartiere")
        parts.append("you accuse only with a family member already at the location")
        rule = FLORENCE
    elif decision in (Decision.BONFIRE_EXCHANGE, Decision.WALL_EXCHANGE):
        parts.append(f"you have {count(pl.florins, 'Florin')}; at most {count(frame[2], 'Florin')} here")
    elif decision == Decision.STYX:
        parts.append(f"at most {count(frame[2], 'Soul')} of one colour")
        rule = STYX
    elif decision == Decision.COURTYARD:
        parts.append(f"{count(frame[2], 'family member')} may still come Home, {count(frame[3], 'swap')} left")
    return Explanation(False, Why.WRONG_STEP, "; ".join(parts), rule)


# --- a clicked piece or place: which action it would be, and why it is not legal ---------------


def _candidates(s: State, player: int, shape: str, value: int) -> list[Action]:
    """The actions a click on ``shape`` ``value`` could mean now (the pending decision's kinds first)."""
    legal = legal_actions(s) if not s.over and s.stack[-1][1] == player else []
    decision = Decision(s.stack[-1][0]) if not s.over else None
    kinds = sorted(KINDS[decision]) if decision is not None else []
    out: list[Action] = []
    for kind in kinds:
        shapes = ARG_SHAPES.get(kind, ())
        for pos, sh in enumerate(shapes):
            if sh != shape:
                continue
            others = sorted({(a.b if pos == 0 else a.a) for a in legal if a.kind == kind}) or [0]
            for o in others[:2]:
                out.append(Action(kind, value, o) if pos == 0 else Action(kind, o, value))
    if not out:  # nothing of the pending decision points there: the first kind that does
        for kind in Act:
            shapes = ARG_SHAPES.get(kind, ())
            if shape in shapes:
                pos = shapes.index(shape)
                out.append(Action(kind, value, 0) if pos == 0 else Action(kind, 0, value))
                break
    return out


# Shapes that belong to no step of their own (a Tower floor, a family member): a click on one when the
# pending decision does not use it just says what the decision asks.
_NO_OWN_STEP = frozenset({"floor", "member", "space", "number", "half"})


def _decision_rule(decision: Decision) -> str:
    return WHEN[min(KINDS[decision])][1]


def explain_place(s: State, player: int, shape: str, value: int) -> list[Explanation]:
    """Why clicking a piece or place (an argument shape of :data:`ARG_SHAPES` and its value, e.g.
    ``("shield", 12)``) does nothing legal now: one explanation per distinct reason (at most two), or
    the legal action it names. Unknown shapes get a plain answer."""
    acts = _candidates(s, player, shape, value)
    if s.over:
        return [Explanation(False, Why.GAME_OVER, "the game is over", FINAL)]
    decision = Decision(s.stack[-1][0])
    if acts and acts[0].kind not in KINDS[decision] and shape in _NO_OWN_STEP and s.stack[-1][1] == player:
        return [Explanation(False, Why.WRONG_STEP, f"not now: you must {DOING[decision]}", _decision_rule(decision))]
    if not acts:
        return [Explanation(False, Why.NO_SUCH, "nothing can be done with that", "")]
    answers = [explain(s, player, a) for a in acts]
    legal = [e for e in answers if e.legal]
    if legal:
        return legal[:1]
    out: list[Explanation] = []
    for e in answers:
        if all(e.text != x.text for x in out):
            out.append(e)
    return out[:2]
