"""The words of the "why can't I?" answers: the kinds of reason, the answer itself, the rulebook
references, and how pieces and places are named (used by :mod:`inferno.rules.explain`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from inferno.rules import phlegyas, plutus
from inferno.rules.actions import Act, Action, Decision
from inferno.rules.model import MEMBER_KINDS
from inferno.rules.notation import ARG_SHAPES, action_text, action_word
from inferno.rules.pickling import register_frozen
from inferno.rules.state import EMPTY, GUARDIAN, LYING, PIT, TILE, TOWER_LOC, State

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


def _safe_text(s: State, act: Action) -> str:
    try:
        return action_text(s, act)
    except (IndexError, ValueError, KeyError):
        return ""


register_frozen(Explanation)
