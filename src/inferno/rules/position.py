"""Read a position in the game's words: shields by name, Souls by sin, gates by number.

The engine keeps a compact state of small integers (see :mod:`inferno.rules.state`); this module
reads it without changing it and answers with enums and frozen dataclasses::

    >>> import inferno
    >>> from inferno.rules.position import Position, Sin, Soul
    >>> pos = Position(inferno.new_game(players=2, seed=1))
    >>> pos.shield("4.2")
    Empty()
    >>> pos.player(0).tracks[Sin.GLUTTONY]
    1
    >>> pos.dante.name
    'start'
    >>> pos.decision.kind.name, pos.decision.player
    ('HELL', 1)
    >>> pos.decision.texts[:2]
    ('enter lust', 'enter gluttony')

Names follow the text form of actions (:mod:`inferno.rules.notation`): shields ``"3.1"``, sins
``"greed"``, gates 1 to 4 (or 5), locations ``"bank"``, Fraud cards ``"F03"``. A name that is not
in the game raises :class:`UnknownNameError` (a ``ValueError``) whose message a player can read::

    >>> pos.shield("3.12")
    Traceback (most recent call last):
    ...
    inferno.rules.position.UnknownNameError: no shield 3.12 on board side I/II (circle 3 has shields 3.1 to 3.5)

Players are seats ``0 .. players-1``, as everywhere in the library: the game's player 1 is seat 0.
A :class:`Position` reads its state live; the dataclasses it returns are snapshots.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from inferno.rules.actions import Action, Decision, InfernoError
from inferno.rules.engine import legal_actions
from inferno.rules.model import StopKind
from inferno.rules.notation import action_text
from inferno.rules.pickling import register_frozen
from inferno.rules.pnp import DESK
from inferno.rules.state import EMPTY, GUARDIAN, LYING, PIT, T_BARREL, T_GUEST, T_NOBLE, T_URCHIN, TILE, State


class UnknownNameError(InfernoError):
    """A shield, gate, sin, location, card or stop name that is not in this game."""


class Sin(StrEnum):
    """The nine circles of Hell by sin; the value is the name used in the text form (``"greed"``)."""

    PAGAN = "pagan"
    LUST = "lust"
    GLUTTONY = "gluttony"
    GREED = "greed"
    SLOTH = "sloth"
    HERESY = "heresy"
    VIOLENCE = "violence"
    FRAUD = "fraud"
    TREACHERY = "treachery"

    @property
    def circle(self) -> int:
        """The circle's number, 1 (the pagans) to 9 (treachery).

        >>> Sin.GREED.circle
        4
        """
        return list(Sin).index(self) + 1

    @property
    def label(self) -> str:
        """The sin as the board prints it: ``"Greed"``."""
        return self.value.capitalize()

    @classmethod
    def of_circle(cls, circle: int) -> Sin:
        """The sin of circle ``circle`` (1-9)."""
        return list(cls)[circle - 1]


class Member(StrEnum):
    """A family member: a Noble or an Urchin."""

    NOBLE = "noble"
    URCHIN = "urchin"


# --- what is on a Hell shield -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Empty:
    """Nothing: an empty shield or Tower space."""

    def __str__(self) -> str:
        return "empty"


@dataclass(frozen=True, slots=True)
class Soul:
    """A Soul of a sin's colour. ``lying`` Souls have moved this turn or are stuck; a ``tile`` is a
    spare Soul tile (always lying) standing in for a meeple the supply ran out of."""

    sin: Sin
    lying: bool = False
    tile: bool = False

    def __str__(self) -> str:
        kind = "Soul tile" if self.tile else "Soul"
        return f"{'lying ' if self.lying else ''}{self.sin.label} {kind}"


@dataclass(frozen=True, slots=True)
class Guardian:
    """A Guardian of Hell, by its id (``"cerberus"``)."""

    id: str

    def __str__(self) -> str:
        return f"Guardian {self.id.capitalize()}"


@dataclass(frozen=True, slots=True)
class Pit:
    """A Pit: the shield is blocked."""

    def __str__(self) -> str:
        return "Pit"


@dataclass(frozen=True, slots=True)
class Desk:
    """P&P expansion, Plutus: a family's Desk (``owner`` is a seat)."""

    owner: int

    def __str__(self) -> str:
        return f"Desk of player {self.owner + 1}"


ShieldContent = Empty | Soul | Guardian | Pit | Desk


# --- a family's pieces ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Guest:
    """A Guest in the Tower, of a sin's colour."""

    sin: Sin

    def __str__(self) -> str:
        return f"{self.sin.label} Guest"


@dataclass(frozen=True, slots=True)
class Barrel:
    """A Barrel in the Tower, by its id (``"grey"``)."""

    id: str

    def __str__(self) -> str:
        return f"{self.id} Barrel"


TowerSpace = Empty | Member | Guest | Barrel


@dataclass(frozen=True, slots=True)
class Members:
    """How many Nobles and Urchins (at Home, or at one location)."""

    nobles: int = 0
    urchins: int = 0

    @property
    def total(self) -> int:
        return self.nobles + self.urchins


@dataclass(frozen=True, slots=True)
class Tower:
    """A family's Tower: ``floors[f][k]`` is space ``k`` of floor ``f`` (floor 0 is the ground floor).

    Only built floors are listed, so ``len(floors)`` is the number of floors built.
    """

    floors: tuple[tuple[TowerSpace, ...], ...]

    @property
    def built(self) -> int:
        return len(self.floors)

    def space(self, name: str) -> TowerSpace:
        """A space by its text-form name ``floor.slot`` (``"1.2"``: floor 1, second space)."""
        f, _, k = name.partition(".")
        if not (f.isdigit() and k.isdigit()) or int(f) >= len(self.floors) or not 1 <= int(k) <= len(self.floors[0]):
            raise UnknownNameError(
                f"no Tower space {name!r} (floor.slot, floor 0-{len(self.floors) - 1} and slot 1-{len(self.floors[0])})"
            )
        return self.floors[int(f)][int(k) - 1]


@dataclass(frozen=True, slots=True)
class PlayerPosition:
    """One family's money, tracks, Diplomas, passages, Tower, Home and cards."""

    seat: int
    family: str  # Family card id
    florins: int
    drachmas: int
    infamy: int
    loans: int
    tracks: Mapping[Sin, int]  # Skull level on each Sin Track (lust .. treachery)
    diplomas: frozenset[Sin]  # circles where the family holds a Diploma
    half_diplomas: int
    passages: frozenset[int]  # gates (1-based) with the family's safe passage
    tower: Tower
    home: Members
    reserve_urchins: int  # Urchins not yet adopted
    hand: tuple[str | None, ...]  # Fraud card ids; None for a card hidden from this view
    played: tuple[str, ...]  # Fraud cards played, in order
    panel: frozenset[str]  # Barrels delivered to the supply panel


@dataclass(frozen=True, slots=True)
class LocationPosition:
    """A location tile in Florence and the family members standing there (by seat)."""

    id: str
    name: str
    quartiere: str
    members: Mapping[int, Members]  # only seats with someone there


@dataclass(frozen=True, slots=True)
class DanteStop:
    """Where Dante stands: ``number`` 0 is his first space (no stop yet), 1 .. ``total`` his stops."""

    number: int
    total: int
    kind: StopKind | None  # None on his first space
    sin: Sin | None  # the circle of a Diploma stop or of the final stop

    @property
    def name(self) -> str:
        """``"start"``, or the stop as the board shows it: ``"F"``, ``"P"``, ``"D4"``, ``"END"``."""
        if self.kind is None:
            return "start"
        if self.kind is StopKind.DIPLOMA and self.sin is not None:
            return f"D{self.sin.circle}"
        return self.kind.value


@dataclass(frozen=True, slots=True)
class Option:
    """One legal choice: the action and its text form (``"move 3.2"``)."""

    action: Action
    text: str


@dataclass(frozen=True, slots=True)
class PendingDecision:
    """The decision the game waits for: who decides (a seat), what kind, and the legal options."""

    player: int
    kind: Decision
    options: tuple[Option, ...]

    @property
    def texts(self) -> tuple[str, ...]:
        """The options' text forms, in the engine's order."""
        return tuple(o.text for o in self.options)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(o.action for o in self.options)

    def option(self, text: str) -> Action:
        """The action of the option written ``text`` (``"move 3.2"``); UnknownNameError if none is."""
        want = " ".join(text.lower().split())
        for o in self.options:
            if o.text.lower() == want:
                return o.action
        raise UnknownNameError(f"{text!r} is not one of the choices now ({', '.join(self.texts)})")


# --- names --------------------------------------------------------------------------------------


def sin_of(s: State, sin: Sin | str) -> Sin:
    """The Sin named ``sin`` (``Sin.GREED``, ``"greed"`` or ``"Greed"``)."""
    if isinstance(sin, Sin):
        return sin
    if isinstance(sin, str):
        try:
            return Sin(sin.strip().lower())
        except ValueError:
            pass
    raise UnknownNameError(f"unknown sin {sin!r} (one of {', '.join(x.value for x in Sin)})")


def circle_of(s: State, sin: Sin | str) -> int:
    """The circle number (1-9) of a sin."""
    return sin_of(s, sin).circle


def shield_index(s: State, name: str) -> int:
    """The engine's index of the shield named ``name`` (``"3.1"``: circle 3, first shield)."""
    b = s.board
    if isinstance(name, str) and name.strip() in b.index:
        return b.index[name.strip()]
    if not isinstance(name, str):
        raise UnknownNameError(f"a shield is named by text such as '3.2', not {type(name).__name__}")
    c, dot, k = name.strip().partition(".")
    if not (dot and c.isascii() and c.isdigit() and k.isascii() and k.isdigit()):
        raise UnknownNameError(f"{name!r} is not a shield name (shields are named circle.position, e.g. 3.2)")
    circle = int(c)
    if not 1 <= circle <= 9:
        raise UnknownNameError(f"no shield {name} (Hell has circles 1 to 9)")
    own = [b.labels[t] for t in b.circle_shields[circle]]
    raise UnknownNameError(
        f"no shield {name} on board side {b.side} (circle {circle} has shields {own[0]} to {own[-1]})"
    )


def gate_index(s: State, gate: int | str) -> int:
    """The engine's index of a gate of the Walls of Dis: ``3``, ``"3"`` or ``"gate 3"`` (1-based)."""
    g = s.board.gates
    n: int | None = None
    if isinstance(gate, int) and not isinstance(gate, bool):
        n = gate
    elif isinstance(gate, str):
        t = gate.strip().lower().removeprefix("gate").strip()
        if t.isascii() and t.isdigit() and len(t) <= 9:
            n = int(t)
    if n is None:
        raise UnknownNameError(f"{gate!r} is not a gate (the Walls of Dis have gates 1 to {g})")
    if not 1 <= n <= g:
        raise UnknownNameError(f"no gate {n} (the Walls of Dis have gates 1 to {g} on board side {s.board.side})")
    return n - 1


def location_index(s: State, location: str) -> int:
    loc = s.rules.location_by_id(location.strip().lower()) if isinstance(location, str) else None
    if loc is None:
        raise UnknownNameError(f"unknown location {location!r} (one of {', '.join(x.id for x in s.rules.locations)})")
    return loc.index


def card_index(s: State, card: str) -> int:
    c = s.rules.card_by_id(card.strip().upper()) if isinstance(card, str) else None
    if c is None:
        n = len(s.rules.fraud_cards)
        raise UnknownNameError(f"unknown Fraud card {card!r} (F01 to F{n:02d})")
    return c.index


def plague_index(s: State, card: str) -> int:
    ids = s.rules.plague_ids
    t = card.strip().upper() if isinstance(card, str) else None
    if t not in ids:
        raise UnknownNameError(f"unknown Plague card {card!r} ({ids[0]} to {ids[-1]})")
    return ids.index(t)


def barrel_index(s: State, barrel: str) -> int:
    b = s.rules.barrel_by_id(barrel.strip().lower()) if isinstance(barrel, str) else None
    if b is None:
        raise UnknownNameError(f"unknown Barrel {barrel!r} (one of {', '.join(x.id for x in s.rules.barrels)})")
    return b.index


def guardian_roster_index(s: State, guardian: str) -> int:
    g = s.rules.guardian_by_id(guardian.strip().lower()) if isinstance(guardian, str) else None
    if g is None:
        raise UnknownNameError(f"unknown Guardian {guardian!r} (one of {', '.join(x.id for x in s.rules.guardians)})")
    return g.index


def stop_index(s: State, stop: str | int) -> int:
    """The engine's index of one of Dante's stops (-1 = his first space).

    ``stop`` is ``"start"``, a stop number (``5`` or ``"5"``, as the log counts them from 1), or a
    name the path holds once (``"D4"``, ``"END"``; ``"F"`` and ``"P"`` when only one is left).
    """
    total = len(s.stops)
    if isinstance(stop, int) and not isinstance(stop, bool):
        if not 0 <= stop <= total:
            raise UnknownNameError(f"no stop {stop} (Dante's path has stops 1 to {total}; 0 is his first space)")
        return stop - 1
    if not isinstance(stop, str):
        raise UnknownNameError(f"a stop is named by text such as 'D4' or its number, not {type(stop).__name__}")
    t = stop.strip().upper().removeprefix("STOP").strip()
    if t in ("START", "0"):
        return -1
    if t.isascii() and t.isdigit() and len(t) <= 9:
        return stop_index(s, int(t))
    found = [i for i, st in enumerate(s.stops) if str(st) == t]
    if len(found) == 1:
        return found[0]
    names = ", ".join(dict.fromkeys(str(st) for st in s.stops))
    if not found:
        raise UnknownNameError(f"Dante's path has no stop {stop!r} (its stops: {names})")
    numbers = ", ".join(str(i + 1) for i in found)
    raise UnknownNameError(f"Dante's path has {len(found)} stops {t} (stops {numbers}): name one by its number")


# --- decoding the compact codes ---------------------------------------------------------------------


def shield_content(s: State, code: int) -> ShieldContent:
    """What a shield code of the state means."""
    if code == EMPTY:
        return Empty()
    if code == PIT:
        return Pit()
    if code >= DESK:
        return Desk(code - DESK)
    if code >= GUARDIAN:
        return Guardian(s.rules.guardians[s.guardians[code - GUARDIAN]].id)
    if code >= TILE:
        return Soul(Sin.of_circle(code - TILE), lying=True, tile=True)
    if code >= LYING:
        return Soul(Sin.of_circle(code - LYING), lying=True)
    return Soul(Sin.of_circle(code))


def tower_content(s: State, code: int) -> TowerSpace:
    if code == EMPTY:
        return Empty()
    if code == T_NOBLE:
        return Member.NOBLE
    if code == T_URCHIN:
        return Member.URCHIN
    if code >= T_BARREL:
        return Barrel(s.rules.barrels[code - T_BARREL].id)
    assert code >= T_GUEST, f"unknown Tower code {code}"
    return Guest(Sin.of_circle(code - T_GUEST))


def _per_sin(values: list[int], lo: int = 2) -> Mapping[Sin, int]:
    return MappingProxyType({Sin.of_circle(c): values[c] for c in range(lo, 10)})


class Position:
    """Read-only accessors over a :class:`~inferno.rules.state.State` in the game's words."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    # Hell
    def shield(self, name: str) -> ShieldContent:
        """What is on the shield ``name`` (``"3.1"``)."""
        return shield_content(self.state, self.state.hell[shield_index(self.state, name)])

    def shields(self) -> Mapping[str, ShieldContent]:
        """Every shield by name, in board order."""
        s = self.state
        return MappingProxyType({s.board.labels[t]: shield_content(s, c) for t, c in enumerate(s.hell)})

    def souls(self) -> Mapping[str, Soul]:
        """The shields holding a Soul, by name."""
        return MappingProxyType({k: v for k, v in self.shields().items() if isinstance(v, Soul)})

    @property
    def graveyard(self) -> Mapping[Sin, int]:
        """Souls waiting in the Graveyard, per sin (the pagans included)."""
        return _per_sin(self.state.graveyard, lo=1)

    @property
    def supply(self) -> Mapping[Sin, int]:
        """Soul meeples left in the supply, per sin."""
        return _per_sin(self.state.supply, lo=1)

    @property
    def phlegethon(self) -> Mapping[Sin, int]:
        """The level of the Phlegethon cube on each circle, lust to treachery."""
        return _per_sin(self.state.phleg)

    @property
    def plague_deck(self) -> tuple[str, ...]:
        """The Plague deck, top card first (it is face up: open information)."""
        ids = self.state.rules.plague_ids
        return tuple(ids[i] for i in self.state.plague)

    @property
    def plague_deck_size(self) -> int:
        return len(self.state.plague)

    @property
    def bonus_tiles(self) -> Mapping[Sin, str]:
        """The bonus tile beside each track that has one, by id (``"silver_florins"``)."""
        s = self.state
        return MappingProxyType({Sin.of_circle(c): s.rules.bonus_tiles[b].id for c, b in enumerate(s.bonus) if b >= 0})

    @property
    def palace(self) -> Mapping[Sin, int]:
        """Guests left at the PALACE, per colour."""
        s = self.state
        return MappingProxyType({Sin.of_circle(c): s.palace[c] for c in s.rules.guest_circles})

    @property
    def barrel_market(self) -> Mapping[str, int]:
        """Barrels left at the MARKET, per kind."""
        s = self.state
        return MappingProxyType({b.id: s.barrel_market[b.index] for b in s.rules.barrels})

    @property
    def fraud_market(self) -> tuple[str, ...]:
        """The face-up Fraud cards of the market."""
        return tuple(self.state.rules.fraud_cards[c].id for c in self.state.market)

    @property
    def fraud_deck_size(self) -> int:
        return len(self.state.deck)

    @property
    def turn(self) -> int:
        """Turns started so far."""
        return self.state.turn

    @property
    def first_player(self) -> int:
        """The seat that plays first in each round."""
        return self.state.first_player

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def guardians(self) -> Mapping[str, str]:
        """The active Guardians (by id) and the shield each stands on."""
        s = self.state
        return MappingProxyType(
            {s.rules.guardians[g].id: s.board.labels[s.guardian_pos[slot]] for slot, g in enumerate(s.guardians)}
        )

    @property
    def dante(self) -> DanteStop:
        """Dante's stop on his path."""
        s = self.state
        if s.dante < 0:
            return DanteStop(0, len(s.stops), None, None)
        st = s.stops[s.dante]
        sin = Sin.of_circle(st.circle) if st.circle else None
        return DanteStop(s.dante + 1, len(s.stops), st.kind, sin)

    # Families
    def player(self, seat: int) -> PlayerPosition:
        """Seat ``seat``'s family (``0`` is the game's player 1)."""
        s = self.state
        if not isinstance(seat, int) or not 0 <= seat < len(s.players):
            raise UnknownNameError(f"no player seat {seat!r} (seats 0 to {len(s.players) - 1})")
        pl = s.players[seat]
        r = s.rules
        per = r.spaces_per_floor
        floors = tuple(tuple(tower_content(s, c) for c in pl.tower[f * per : (f + 1) * per]) for f in range(pl.floors))
        return PlayerPosition(
            seat=seat,
            family=r.family_cards[pl.family].id,
            florins=pl.florins,
            drachmas=pl.drachmas,
            infamy=pl.infamy,
            loans=pl.loans,
            tracks=_per_sin(pl.tracks),
            diplomas=frozenset(Sin.of_circle(c) for c in range(1, 10) if pl.diplomas >> c & 1),
            half_diplomas=pl.half,
            passages=frozenset(g + 1 for g in range(s.board.gates) if pl.passages >> g & 1),
            tower=Tower(floors),
            home=Members(pl.home[0], pl.home[1]),
            reserve_urchins=pl.reserve,
            hand=tuple(r.fraud_cards[c].id if c >= 0 else None for c in pl.hand),
            played=tuple(r.fraud_cards[c].id for c in pl.played),
            panel=frozenset(b.id for b in r.barrels if pl.panel >> b.index & 1),
        )

    def location(self, location: str) -> LocationPosition:
        """A location in Florence (``"bank"``) and who is there."""
        s = self.state
        i = location_index(s, location)
        loc = s.rules.locations[i]
        members = {
            p: Members(pl.florence[2 * i], pl.florence[2 * i + 1])
            for p, pl in enumerate(s.players)
            if pl.florence[2 * i] or pl.florence[2 * i + 1]
        }
        return LocationPosition(loc.id, loc.name, s.rules.quartieri[s.loc_quartiere[i]], MappingProxyType(members))

    def locations(self) -> tuple[LocationPosition, ...]:
        """Every location in Florence, in the rules' order."""
        return tuple(self.location(loc.id) for loc in self.state.rules.locations)

    # The turn
    @property
    def decision(self) -> PendingDecision | None:
        """The pending decision, or None when the game is over (or a scenario has opened none yet)."""
        s = self.state
        if s.over or not s.stack:
            return None
        frame = s.stack[-1]
        opts = tuple(Option(a, action_text(s, a)) for a in legal_actions(s))
        return PendingDecision(frame.player, Decision(frame.kind), opts)


register_frozen(
    Empty,
    Soul,
    Guardian,
    Pit,
    Desk,
    Guest,
    Barrel,
    Members,
    Tower,
    PlayerPosition,
    LocationPosition,
    DanteStop,
    Option,
    PendingDecision,
)
