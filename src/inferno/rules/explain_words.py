"""The words of the "why can't I?" answers: the kinds of reason, the answer itself, the rulebook
references, and how pieces and places are named (used by :mod:`inferno.rules.explain`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from inferno.i18n import EXPLAIN, GAME, N_
from inferno.rules import plutus
from inferno.rules.actions import Act, Action, Decision
from inferno.rules.notation import ARG_SHAPES, action_text, action_word
from inferno.rules.pickling import register_frozen
from inferno.rules.state import EMPTY, GUARDIAN, LYING, PIT, TILE, TOWER_LOC, State

_ = EXPLAIN.gettext
ngettext = EXPLAIN.ngettext
pgettext = EXPLAIN.pgettext

# The rulebook references the explanations cite (the pages the rules data and help texts cite), in English:
# an :class:`Explanation` holds them translated (``_(HELL)``).
HELL = N_("rulebook, Hell Phase p.11")
FLORENCE = N_("rulebook, Florence Phase p.12")
ACCUSE = N_("rulebook p.14-15")
STYX = N_("rulebook p.9")
GUARDIANS = N_("rulebook p.22-23")
GENERAL = N_("rulebook, Boards & General Concepts")
FINAL = N_("rulebook, Game End & Final Scoring")
PLUTUS = N_("rulebook, Hell Phase p.11 (P&P: Plutus)")  # plutus.RULE
PHLEGYAS = N_("rulebook, Hell Phase p.11 (P&P: Phlegyas)")  # phlegyas.RULE


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

# What each decision asks, in a few words (used in "not now" answers and by ``why`` alone), in English: the
# engine's own refusals use them as they are, the explanations translate them (``_(DOING[d])``).
DOING: dict[Decision, str] = {
    Decision.HELL: N_("move one Soul in the Hell phase"),
    Decision.HELL_STEP: N_("choose the line the moving Soul follows down"),
    Decision.BELL: N_("decide whether to ring a Bell before the Soul descends"),
    Decision.DESK: N_("place the Desk of Plutus you have gained"),
    Decision.FLORENCE: N_("act in Florence: send a family member, accuse, or hold a family council"),
    Decision.COUNCIL: N_("choose what the family council does"),
    Decision.COURTYARD: N_("use the COURTYARD: family members Home, then Tower swaps"),
    Decision.BONFIRE_EXCHANGE: N_("change Florins into Drachmas at the BONFIRE"),
    Decision.BONFIRE_SECOND: N_("raise a Phlegethon cube or place a safe passage at the BONFIRE"),
    Decision.BONFIRE_THIRD: N_("move a Guardian or use the River Styx at the BONFIRE"),
    Decision.WALL_EXCHANGE: N_("change Florins into Drachmas at the WALL"),
    Decision.WALL_FRAUD: N_("decide whether to play a Fraud card at the WALL"),
    Decision.WALL_DELIVER: N_("decide whether to deliver a Barrel at the WALL"),
    Decision.MARKET: N_("take a Barrel at the MARKET"),
    Decision.PALACE: N_("invite a Guest at the PALACE"),
    Decision.GATE: N_("choose the gate for a safe passage"),
    Decision.TRACK: N_("choose the Sin Track to advance"),
    Decision.TOWER_HOME: N_("bring a family member from the Tower Home"),
    Decision.PHLEG: N_("choose the Phlegethon cube that goes up"),
    Decision.STYX: N_("choose the Souls the River Styx returns"),
    Decision.GUARDIAN_MOVE: N_("move a Guardian to an empty shield"),
    Decision.GUARDIAN_EFFECT: N_("use the Guardian's effect or skip it"),
    Decision.FRAUD_SOURCE: N_("choose where the Fraud card you play comes from"),
    Decision.FRAUD_EFFECT: N_("choose the Fraud card's instant effect"),
    Decision.FRAUD_DRAW: N_("take a replacement Fraud card"),
    Decision.ENDGAME_FRAUD: N_("choose a played Fraud card's end-game effect"),
    Decision.EXTRA_DIPLOMA: N_("choose the circle of your extra Diploma"),
    Decision.ACCUSER_FLOOR: N_("choose the Tower floor the accuser goes to"),
    Decision.LEAVE_FLOOR: N_("choose the Tower floor the family member leaves"),
}

# When each kind of action is a choice, and the rule that says so (in English; translated where shown).
WHEN: dict[Act, tuple[str, str]] = {
    Act.ENTER: (N_("you ferry a Soul from the Graveyard only as your Hell-phase move"), HELL),
    Act.MOVE: (N_("you move a standing Soul only at the start of your turn, in the Hell phase"), HELL),
    Act.STEP: (N_("you choose a line only while your Soul is moving down"), HELL),
    Act.BRIBE: (N_("you bribe Charon only in the Florence phase, before you act"), FLORENCE),
    Act.SEND: (N_("you send a family member only in the Florence phase, after your Soul has moved"), FLORENCE),
    Act.ACCUSE: (N_("you accuse only in the Florence phase, after your Soul has moved"), ACCUSE),
    Act.COUNCIL: (N_("you hold a family council only in the Florence phase, instead of acting"), FLORENCE),
    Act.DONE: (N_("this step cannot be skipped"), GENERAL),
    Act.HOME: (N_("family members come Home from the Tower at the COURTYARD or by an effect"), GENERAL),
    Act.SWAP: (N_("you rearrange your Tower only at the COURTYARD"), GENERAL),
    Act.EXCHANGE: (N_("you change Florins into Drachmas only at the BONFIRE or the WALL"), GENERAL),
    Act.PHLEG: (N_("a Phlegethon cube goes up only at the BONFIRE or by an effect"), GENERAL),
    Act.GATE: (N_("you place a safe passage only at the BONFIRE or with a silver bonus"), HELL),
    Act.GUARDIAN: (N_("you pay to move a Guardian only at the BONFIRE"), GUARDIANS),
    Act.STYX: (N_("you pay for the River Styx only at the BONFIRE"), STYX),
    Act.FRAUD: (N_("you pay to play a Fraud card only at the WALL"), GENERAL),
    Act.DELIVER: (N_("you deliver a Barrel only at the WALL"), GENERAL),
    Act.BARREL: (N_("you take a Barrel only at the MARKET"), GENERAL),
    Act.GUEST: (N_("you invite a Guest only at the PALACE"), GENERAL),
    Act.RECALL: (N_("you bring a family member Home that way only in a family council"), FLORENCE),
    Act.DISMISS: (N_("you send a Guest back only in a family council"), FLORENCE),
    Act.RETURN: (N_("you send a Barrel back only in a family council"), FLORENCE),
    Act.DROWN: (N_("you return Souls from the Graveyard only when you use the River Styx"), STYX),
    Act.TRACK: (N_("you choose a Sin Track only when an effect lets you advance on one"), GENERAL),
    Act.GMOVE: (N_("you move a Guardian only at the BONFIRE or by an effect"), GUARDIANS),
    Act.TARGET: (N_("a Guardian's effect is used only right after the Guardian moves"), GUARDIANS),
    Act.PLAY: (N_("you play a Fraud card only at the WALL or by an effect"), GENERAL),
    Act.BUY: (N_("you buy a Fraud card only when you play one, at the WALL or by an effect"), GENERAL),
    Act.PLAY_DECK: (N_("you play the deck's top card only when you play a Fraud card"), GENERAL),
    Act.EFFECT: (N_("you choose a Fraud card's effect only when the card is resolved"), GENERAL),
    Act.DRAW: (N_("you take a replacement card only after playing a Fraud card from your hand"), GENERAL),
    Act.DRAW_DECK: (N_("you draw a replacement card only after playing a Fraud card from your hand"), GENERAL),
    Act.DIPLOMA: (N_("you choose an extra Diploma only in final scoring, with two ½ Diplomas"), FINAL),
    Act.FLOOR: (
        N_("you choose a Tower floor only when the accuser goes to the Tower or a family member leaves it"),
        ACCUSE,
    ),
    Act.DESK: (N_("you place a Desk only when you gain one, by laying a Soul down in Plutus's circle"), PLUTUS),
    Act.BELL: (N_("you ring a Bell only when you lift a standing Soul and hold a Bell"), PHLEGYAS),
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


def who_words(s: State, p: int) -> str:
    """A player as the table names them, in the reader's language."""
    if s.solo is not None and p == 1:
        return _("the Rival")
    return _("Player {n}").format(n=p + 1)


def rule_words(rule: str) -> str:
    """A rulebook reference of this module in the reader's language (the page numbers stay)."""
    return _(rule) if rule else ""


# --- names in the game's words -----------------------------------------------------------------

MEMBERS = (N_("Noble"), N_("Urchin"))


def sin_name(s: State, c: int) -> str:
    """The sin of circle ``c`` ("Heresy"), translated (by the ``game`` catalog, with the data's words)."""
    return GAME.gettext(s.rules.circles[c - 1].sin)


def sin_of(s: State, c: int) -> str:
    """The sin of circle ``c`` as a name's complement: "Heresy" in English ("the Heresy Soul"), "de la
    Herejía" in Spanish ("el Alma de la Herejía"): the translation holds the preposition and article."""
    sin = s.rules.circles[c - 1].sin
    forms = {
        "Paganism": pgettext("of sin", "Paganism"),
        "Lust": pgettext("of sin", "Lust"),
        "Gluttony": pgettext("of sin", "Gluttony"),
        "Greed": pgettext("of sin", "Greed"),
        "Sloth": pgettext("of sin", "Sloth"),
        "Heresy": pgettext("of sin", "Heresy"),
        "Violence": pgettext("of sin", "Violence"),
        "Fraud": pgettext("of sin", "Fraud"),
        "Treachery": pgettext("of sin", "Treachery"),
    }
    return forms.get(sin, sin)


def colour_name(s: State, c: int) -> str:
    """The colour of circle ``c`` as it qualifies a Guest ("purple"), translated."""
    colour = s.rules.circles[c - 1].colour
    forms = {
        "cream": pgettext("Guest colour", "cream"),
        "purple": pgettext("Guest colour", "purple"),
        "green": pgettext("Guest colour", "green"),
        "yellow": pgettext("Guest colour", "yellow"),
        "blue": pgettext("Guest colour", "blue"),
        "orange": pgettext("Guest colour", "orange"),
        "red": pgettext("Guest colour", "red"),
        "grey": pgettext("Guest colour", "grey"),
        "ice blue": pgettext("Guest colour", "ice blue"),  # i18n: not for players (the key: a data identifier)
    }
    return forms.get(colour, colour)


def member_name(kind: int) -> str:
    """A family member's kind ("Noble", "Urchin"), translated."""
    return _(MEMBERS[kind])


def barrel_name(s: State, b: int) -> str:
    """A Barrel's colour ("grey"), translated by the ``game`` catalog."""
    return GAME.gettext(s.rules.barrels[b].id)


def location_forms(name: str) -> tuple[str, str, str, str]:
    """How a location is named: "the BANQUET", "at the BANQUET", "to the BANQUET", "from the BANQUET"
    (each language's article and its contraction with the preposition, for each location)."""
    table = {
        "HAYSTACK": (
            pgettext("HAYSTACK", "the {location}"),
            pgettext("HAYSTACK", "at the {location}"),
            pgettext("HAYSTACK", "to the {location}"),
            pgettext("HAYSTACK", "from the {location}"),
        ),
        "BANQUET": (
            pgettext("BANQUET", "the {location}"),
            pgettext("BANQUET", "at the {location}"),
            pgettext("BANQUET", "to the {location}"),
            pgettext("BANQUET", "from the {location}"),
        ),
        "BANK": (
            pgettext("BANK", "the {location}"),
            pgettext("BANK", "at the {location}"),
            pgettext("BANK", "to the {location}"),
            pgettext("BANK", "from the {location}"),
        ),
        "COURTYARD": (
            pgettext("COURTYARD", "the {location}"),
            pgettext("COURTYARD", "at the {location}"),
            pgettext("COURTYARD", "to the {location}"),
            pgettext("COURTYARD", "from the {location}"),
        ),
        "BONFIRE": (
            pgettext("BONFIRE", "the {location}"),
            pgettext("BONFIRE", "at the {location}"),
            pgettext("BONFIRE", "to the {location}"),
            pgettext("BONFIRE", "from the {location}"),
        ),
        "WALL": (
            pgettext("WALL", "the {location}"),
            pgettext("WALL", "at the {location}"),
            pgettext("WALL", "to the {location}"),
            pgettext("WALL", "from the {location}"),
        ),
        "MARKET": (
            pgettext("MARKET", "the {location}"),
            pgettext("MARKET", "at the {location}"),
            pgettext("MARKET", "to the {location}"),
            pgettext("MARKET", "from the {location}"),
        ),
        "PALACE": (
            pgettext("PALACE", "the {location}"),
            pgettext("PALACE", "at the {location}"),
            pgettext("PALACE", "to the {location}"),
            pgettext("PALACE", "from the {location}"),
        ),
    }
    found = table.get(name)
    if found is None:
        found = (_("the {location}"), _("at the {location}"), _("to the {location}"), _("from the {location}"))
    shown = GAME.gettext(name)
    a, b, c, d = found
    return a.format(location=shown), b.format(location=shown), c.format(location=shown), d.format(location=shown)


def _soul(s: State, colour: int) -> str:
    return _("{sin} Soul").format(sin=sin_of(s, colour))


def _guest(s: State, c: int) -> str:
    return _("{colour} Guest").format(colour=colour_name(s, c))


def _circle(s: State, c: int) -> str:
    return _("circle {n} ({sin})").format(n=c, sin=sin_name(s, c))


def _label(s: State, t: int) -> str:
    return s.board.labels[t]


def _loc(s: State, li: int) -> str:
    """ "the BANQUET"."""
    return location_forms(s.rules.locations[li].name)[0]


def _at(s: State, li: int) -> str:
    """ "at the BANQUET"."""
    return location_forms(s.rules.locations[li].name)[1]


def _member(kind: int) -> str:
    return member_name(kind)


def _gates(gates: list[int]) -> str:
    names = [str(g + 1) for g in gates]
    if len(names) == 1:
        return names[0]
    return _("{gates} or {last}").format(gates=", ".join(names[:-1]), last=names[-1])


def _on(s: State, t: int) -> str:
    """What stands on Hell shield ``t``, in words."""
    c = s.hell[t]
    if c == EMPTY:
        return _("nothing")
    if c < LYING:
        return _("a standing {soul}").format(soul=_soul(s, c))
    if c < TILE:
        return _("a {soul} lying down").format(soul=_soul(s, c - LYING))
    if c < GUARDIAN:
        return _("a {soul} lying down").format(soul=_soul(s, c - TILE))
    if c < PIT:
        return GAME.gettext(s.rules.guardians[s.guardians[c - GUARDIAN]].name)
    if c == PIT:
        return _("a Pit")
    owner = plutus.desk_owner(c)
    if owner >= 0:
        return _("{player}'s Desk of Plutus").format(player=who_words(s, owner))
    return _("a piece")


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
    "colour": N_("there is no such sin in this game"),
    "sin": N_("there is no such sin in this game"),
    "phleg": N_("there is no such circle in this game"),
    "track": N_("there is no such Sin Track in this game"),
    "guest": N_("there is no such Guest in this game"),
    "shield": N_("there is no such shield in this game"),
    "location": N_("there is no such location in this game"),
    "place": N_("there is no such place in this game"),
    "member": N_("there is no such family member in this game"),
    "space": N_("there is no such Tower space in this game"),
    "gate": N_("there is no such gate in this game"),
    "barrel": N_("there is no such Barrel in this game"),
    "guardian": N_("there is no such Guardian in this game"),
    "card": N_("there is no such Fraud card in this game"),
    "half": N_("there is no such effect in this game"),
    "floor": N_("there is no such Tower floor in this game"),
    "number": N_("there is no such number in this game"),
}


def _bad_argument(s: State, act: Action) -> _Result | None:
    shapes = ARG_SHAPES.get(act.kind, ())
    args = (act.a, act.b)
    for i in range(2):
        if i >= len(shapes):
            if args[i] != 0:
                return (
                    Why.NO_SUCH,
                    _("'{word}' takes fewer choices than that").format(word=action_word(act.kind)),
                    "",
                )
            continue
        if not _arg_ok(s, shapes[i], args[i]):
            if shapes[i] == "guardian" and not s.guardians:
                return Why.NO_SUCH, _("no Guardian is in play in this game"), GUARDIANS
            if shapes[i] == "number":
                return Why.NO_SUCH, _("that number cannot be negative"), ""
            return Why.NO_SUCH, _(_SHAPE_WORDS[shapes[i]]), ""
    return None


def _safe_text(s: State, act: Action) -> str:
    try:
        return action_text(s, act)
    except (IndexError, ValueError, KeyError):
        return ""


register_frozen(Explanation)
