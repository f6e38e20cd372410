"""The stable short text form of actions, and its parser.

Examples: ``enter lust``, ``move 3.2``, ``step 4.1``, ``bribe``, ``send bank noble``,
``accuse wall urchin``, ``council``, ``recall tower noble``, ``done``, ``exchange 2``,
``phlegethon greed``, ``gate 3``, ``barrel grey 1``, ``guest heresy 2``, ``drown lust 2``,
``track sloth``, ``gmove cerberus 4.2``, ``target 4.2 5.3``, ``play F03``, ``buy F07``,
``play-deck``, ``effect 1``, ``draw F11``, ``draw-deck``, ``diploma greed``, ``swap 0.1 2.2``, ``floor 2``;
with the P&P expansion ``desk 4.2`` (place Plutus's Desk) and ``bell 5.3`` (slide the Soul with a Bell).
"""

from __future__ import annotations

from inferno.i18n import EXPLAIN
from inferno.rules.actions import Act, Action, MalformedActionError
from inferno.rules.model import MEMBER_KINDS
from inferno.rules.state import TOWER_LOC, State

_ = EXPLAIN.gettext
ngettext = EXPLAIN.ngettext

_WORD = {
    Act.ENTER: "enter",
    Act.MOVE: "move",
    Act.STEP: "step",
    Act.BRIBE: "bribe",
    Act.SEND: "send",
    Act.ACCUSE: "accuse",
    Act.COUNCIL: "council",
    Act.DONE: "done",
    Act.HOME: "home",
    Act.SWAP: "swap",
    Act.EXCHANGE: "exchange",
    Act.PHLEG: "phlegethon",
    Act.GATE: "gate",
    Act.GUARDIAN: "guardian",
    Act.STYX: "styx",
    Act.FRAUD: "fraud",
    Act.DELIVER: "deliver",
    Act.BARREL: "barrel",
    Act.GUEST: "guest",
    Act.RECALL: "recall",
    Act.DISMISS: "dismiss",
    Act.RETURN: "return",
    Act.DROWN: "drown",
    Act.TRACK: "track",
    Act.GMOVE: "gmove",
    Act.TARGET: "target",
    Act.PLAY: "play",
    Act.BUY: "buy",
    Act.PLAY_DECK: "play-deck",
    Act.EFFECT: "effect",
    Act.DRAW: "draw",
    Act.DRAW_DECK: "draw-deck",
    Act.DIPLOMA: "diploma",
    Act.FLOOR: "floor",
    Act.DESK: "desk",
    Act.BELL: "bell",
}
_KIND = {w: k for k, w in _WORD.items()}
_CIRCLE_SHAPES = frozenset({"colour", "sin", "phleg", "track", "guest"})

# What each of an action's arguments a and b names (also used by front-ends to highlight targets).
ARG_SHAPES: dict[Act, tuple[str, ...]] = {
    Act.ENTER: ("colour",),
    Act.MOVE: ("shield",),
    Act.STEP: ("shield",),
    Act.SEND: ("location", "member"),
    Act.ACCUSE: ("location", "member"),
    Act.HOME: ("member",),
    Act.SWAP: ("space", "space"),
    Act.EXCHANGE: ("number",),
    Act.PHLEG: ("phleg",),
    Act.GATE: ("gate",),
    Act.DELIVER: ("barrel",),
    Act.BARREL: ("barrel", "floor"),
    Act.GUEST: ("guest", "floor"),
    Act.RECALL: ("place", "member"),
    Act.DISMISS: ("guest",),
    Act.RETURN: ("barrel",),
    Act.DROWN: ("colour", "number"),
    Act.TRACK: ("track",),
    Act.GMOVE: ("guardian", "shield"),
    Act.TARGET: ("shield", "shield"),
    Act.PLAY: ("card",),
    Act.BUY: ("card",),
    Act.EFFECT: ("half",),
    Act.DRAW: ("card",),
    Act.DIPLOMA: ("track",),
    Act.FLOOR: ("floor",),
    Act.DESK: ("shield",),
    Act.BELL: ("shield",),
}


def action_word(kind: Act) -> str:
    """The word an action's text form starts with (``play-deck``, ``phlegethon``, ...)."""
    return _WORD[kind]


def _fmt(s: State, shape: str, v: int) -> str:
    r = s.rules
    if shape in _CIRCLE_SHAPES:
        return r.circles[v - 1].id
    if shape == "shield":
        return s.board.labels[v]
    if shape == "location":
        return r.locations[v].id
    if shape == "place":
        return "tower" if v == TOWER_LOC else r.locations[v].id
    if shape == "member":
        return MEMBER_KINDS[v]
    if shape == "space":
        per = r.spaces_per_floor
        return f"{v // per}.{v % per + 1}"
    if shape == "gate":
        return str(v + 1)
    if shape == "barrel":
        return r.barrels[v].id
    if shape == "guardian":
        return r.guardians[s.guardians[v]].id
    if shape == "card":
        return r.fraud_cards[v].id if v >= 0 else "?"
    if shape == "half":
        return str(v + 1)
    return str(v)


def action_text(s: State, action: Action) -> str:
    """The short text form of an action in this game."""
    parts = [_WORD[Act(action[0])]]
    for shape, v in zip(ARG_SHAPES.get(Act(action[0]), ()), (action[1], action[2]), strict=False):
        parts.append(_fmt(s, shape, v))
    return " ".join(parts)


_SHOWN = 40  # characters of a typed word quoted back in an error message


def shown(text: str, limit: int = _SHOWN) -> str:
    """``text`` quoted for an error message, shortened if long (control characters escaped)."""
    if len(text) > limit:
        return repr(text[:limit]) + f"… ({len(text)} characters)"
    return repr(text)


def is_number(text: str) -> bool:
    """A whole number as typed: plain digits 0-9 only (², ① and fullwidth digits are not), at most 9."""
    return 0 < len(text) <= 9 and text.isascii() and text.isdigit()


_digits = is_number


def _parse(s: State, shape: str, tok: str) -> int:
    r = s.rules
    t = tok.lower()
    q = shown(tok)
    if shape in _CIRCLE_SHAPES:
        c = r.circle_by_id(t)
        if c is None:
            raise MalformedActionError(
                _("unknown sin {word} (one of {words})").format(word=q, words=", ".join(x.id for x in r.circles))
            )
        return c
    if shape == "shield":
        if t not in s.board.index:
            raise MalformedActionError(
                _("unknown shield {word} (shields are named circle.position, e.g. 3.2)").format(word=q)
            )
        return s.board.index[t]
    if shape in ("location", "place"):
        if shape == "place" and t == "tower":
            return TOWER_LOC
        loc = r.location_by_id(t)
        if loc is None:
            raise MalformedActionError(
                _("unknown location {word} (one of {words})").format(word=q, words=", ".join(x.id for x in r.locations))
            )
        return loc.index
    if shape == "member":
        if t not in MEMBER_KINDS:
            raise MalformedActionError(_("unknown family member {word} (noble or urchin)").format(word=q))
        return MEMBER_KINDS.index(t)
    if shape == "space":
        f, _dot, k = t.partition(".")
        if not (_digits(f) and _digits(k)) or int(f) >= r.tower_floors or not 1 <= int(k) <= r.spaces_per_floor:
            raise MalformedActionError(
                _("bad tower space {word} (floor.slot with floor 0-{top} and slot 1-{slots})").format(
                    word=q, top=r.tower_floors - 1, slots=r.spaces_per_floor
                )
            )
        return int(f) * r.spaces_per_floor + int(k) - 1
    if shape == "barrel":
        b = r.barrel_by_id(t)
        if b is None:
            raise MalformedActionError(
                _("unknown Barrel {word} (one of {words})").format(word=q, words=", ".join(x.id for x in r.barrels))
            )
        return b.index
    if shape == "guardian":
        for slot, g in enumerate(s.guardians):
            if r.guardians[g].id == t:
                return slot
        raise MalformedActionError(_("{word} is not a Guardian in this game").format(word=q))
    if shape == "card":
        card = r.card_by_id(tok.upper())
        if card is None:
            raise MalformedActionError(_("unknown Fraud card {word}").format(word=q))
        return card.index
    if not (t.isascii() and t.isdigit()):
        raise MalformedActionError(_("expected a number written with the digits 0-9, got {word}").format(word=q))
    if not _digits(t):
        raise MalformedActionError(_("the number {word} is too large").format(word=q))
    v = int(t)
    if shape == "gate" and not 1 <= v <= s.board.gates:
        raise MalformedActionError(_("no gate {word} (gates are 1-{gates})").format(word=q, gates=s.board.gates))
    if shape == "half" and v not in (1, 2):
        raise MalformedActionError(_("no effect {word} (1 or 2)").format(word=q))
    return v - 1 if shape in ("gate", "half") else v


def parse_action(s: State, text: object) -> Action:
    """Parse the text form; raises MalformedActionError on anything that is not an action, text or not.

    ``text`` is typed ``object``: typed ``str``, the compiled build would raise TypeError on a non-text.
    """
    if not isinstance(text, str):
        raise MalformedActionError(_("expected text, got {kind}").format(kind=type(text).__name__))
    toks = text.split()
    if not toks:
        raise MalformedActionError(_("empty action"))
    kind = _KIND.get(toks[0].lower())
    if kind is None:
        raise MalformedActionError(
            _("unknown action {word}; known: {words}").format(word=shown(toks[0]), words=", ".join(sorted(_KIND)))
        )
    shapes = ARG_SHAPES.get(kind, ())
    if len(toks) - 1 != len(shapes):
        want = " ".join(f"<{x}>" for x in shapes)
        word = _WORD[kind]
        n = len(shapes)
        takes = ngettext("{word} takes {n} argument: {word} {want}", "{word} takes {n} arguments: {word} {want}", n)
        raise MalformedActionError(takes.format(word=word, n=n, want=want).rstrip())
    vals = [_parse(s, shape, tok) for shape, tok in zip(shapes, toks[1:], strict=True)]
    vals += [0] * (2 - len(vals))
    return Action(kind, vals[0], vals[1])
