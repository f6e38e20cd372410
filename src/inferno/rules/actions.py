"""Actions, pending-decision kinds and the two kinds of action error."""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple


class Act(IntEnum):
    """What an action does; ``a`` and ``b`` carry its arguments (see notation for the text form)."""

    ENTER = 1  # a = colour of a Graveyard Soul to ferry across the Acheron
    MOVE = 2  # a = shield of a standing Soul to move
    STEP = 3  # a = shield the moving Soul goes to along a line
    BRIBE = 4
    SEND = 5  # a = location, b = member kind
    ACCUSE = 6  # a = location, b = member kind of the accuser
    COUNCIL = 7
    DONE = 8  # skip / finish an optional step
    HOME = 9  # a = member kind moved Tower -> Home
    SWAP = 10  # a, b = tower spaces to swap
    EXCHANGE = 11  # a = Florins changed into Drachmas
    PHLEG = 12  # a = circle whose Phlegethon cube goes up
    GATE = 13  # a = gate for a safe passage
    GUARDIAN = 14  # BONFIRE: pay to move a Guardian
    STYX = 15  # BONFIRE: pay to use the River Styx
    FRAUD = 16  # WALL: pay to play a Fraud card
    DELIVER = 17  # a = Barrel moved to the supply panel
    BARREL = 18  # a = Barrel, b = tower floor
    GUEST = 19  # a = Guest circle, b = tower floor
    RECALL = 20  # a = location (8 = Tower), b = member kind brought Home by a council
    DISMISS = 21  # a = Guest circle sent back to the PALACE
    RETURN = 22  # a = Barrel sent back to the MARKET
    DROWN = 23  # a = colour, b = number of Souls returned by the River Styx
    TRACK = 24  # a = Sin Track (circle) to advance
    GMOVE = 25  # a = Guardian slot, b = shield
    TARGET = 26  # a = shield targeted by the Guardian's effect, b = destination shield
    PLAY = 27  # a = Fraud card from hand
    BUY = 28  # a = Fraud card from the market
    PLAY_DECK = 29
    EFFECT = 30  # a = 0 or 1, the card half's first or second effect
    DRAW = 31  # a = Fraud card taken from the market as a replacement
    DRAW_DECK = 32
    DIPLOMA = 33  # a = circle where an extra Diploma goes
    FLOOR = 34  # a = Tower floor (where the accuser goes, or which family member leaves the Tower)
    DESK = 35  # P&P, Plutus: a = shield where the family places its Desk
    BELL = 36  # P&P, Phlegyas: a = shield the moving Soul slides to before it descends

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:  # formatted as before, as its number
        return format(int(self), spec)


class Action(NamedTuple):
    """A player's choice. Cheap to build and compare; its text form is in :mod:`notation`."""

    kind: Act
    a: int = 0
    b: int = 0


_SMALL: Final = 64  # arguments below this have one shared Action per (kind, a, b)
_SHARED: Final[list[Action | None]] = [None] * ((max(Act) + 1) * _SMALL * _SMALL)


def act(kind: Act, a: int = 0, b: int = 0) -> Action:
    """``Action(kind, a, b)``, shared between calls for small arguments (no new tuple in listings)."""
    if 0 <= a < _SMALL and 0 <= b < _SMALL:
        i = (int(kind) * _SMALL + a) * _SMALL + b
        got = _SHARED[i]
        if got is None:
            got = _SHARED[i] = Action(kind, a, b)
        return got
    return Action(kind, a, b)


class Decision(IntEnum):
    """Kinds of pending decision (frames on the state's stack) and automatic steps (>= 100)."""

    HELL = 1  # choose the Soul to move
    HELL_STEP = 2  # choose the line at each jump
    FLORENCE = 3  # send, accuse, council (or bribe first)
    COURTYARD = 4
    BONFIRE_EXCHANGE = 5
    BONFIRE_SECOND = 6
    BONFIRE_THIRD = 7
    WALL_EXCHANGE = 8
    WALL_FRAUD = 9
    WALL_DELIVER = 10
    MARKET = 11
    PALACE = 12
    COUNCIL = 13
    GATE = 14
    TRACK = 15
    TOWER_HOME = 16
    PHLEG = 17
    STYX = 18
    GUARDIAN_MOVE = 19
    GUARDIAN_EFFECT = 20
    FRAUD_SOURCE = 21
    FRAUD_EFFECT = 22
    FRAUD_DRAW = 23
    ENDGAME_FRAUD = 24
    EXTRA_DIPLOMA = 25
    ACCUSER_FLOOR = 26  # the Tower floor the accuser goes to, when several have room
    LEAVE_FLOOR = 27  # the floor whose family member leaves the Tower, when several hold one
    DESK = 28  # P&P, Plutus: where the family places the Desk it has gained
    BELL = 29  # P&P, Phlegyas: ring a Bell to slide the lifted Soul sideways, or not
    AUTO_DANTE = 100
    AUTO_REFILL_MARKET = 101
    AUTO_FINAL_FRAUD = 102
    AUTO_PHLEGETHON = 103
    AUTO_EXTRA_DIPLOMAS = 104
    AUTO_FINISH = 105
    AUTO_RIVAL = 106  # the solo game's Rival plays a card

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:  # formatted as before, as its number
        return format(int(self), spec)


AUTO: Final = 100


class InfernoError(ValueError):
    """Base class of the engine's errors."""


class MalformedActionError(InfernoError):
    """The action is not a well-formed action at all (bad text, unknown names, wrong types)."""


class IllegalActionError(InfernoError):
    """The action is well formed but not legal in this state."""


class GameOverError(InfernoError):
    """The game has ended; no action can be applied."""


class HiddenInformationError(InfernoError):
    """A view hides what this step needs (another player's hand or the deck order)."""


class GameNotOverError(InfernoError):
    """The game has not ended yet: it has no final result."""
