"""Typed, immutable rules data: what the engine reads from the data files."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from inferno.rules.pickling import register_frozen
from inferno.rules.provenance import TaggedValue
from inferno.rules.solo_model import SoloData

NOBLE: Final = 0
URCHIN: Final = 1
MEMBER_KINDS: Final = ("noble", "urchin")


class EffectType(StrEnum):
    """Effects shared by bonus tiles and the instant halves of Fraud cards."""

    ADVANCE = "advance"
    FLORINS = "florins"
    TOWER_HOME = "tower_home"
    SAFE_PASSAGE = "safe_passage"
    STYX = "styx"
    FRAUD = "fraud"
    GUARDIAN = "guardian"
    PHLEGETHON = "phlegethon"


class EndgameType(StrEnum):
    """End-game halves of Fraud cards."""

    PER_GUEST = "per_guest"
    PER_FLOOR = "per_floor"
    PER_DIPLOMA_GROUP = "per_diploma_group"
    PER_FLORINS = "per_florins"
    PER_FULL_CIRCLE = "per_full_circle"
    PER_URCHIN = "per_urchin"


class LocationAction(StrEnum):
    """What a location does when a family member is sent there."""

    HAYSTACK = "haystack"
    BANQUET = "banquet"
    BANK = "bank"
    COURTYARD = "courtyard"
    BONFIRE = "bonfire"
    WALL = "wall"
    MARKET = "market"
    PALACE = "palace"


class GuardianEffect(StrEnum):
    """Guardian effects."""

    STRAIGHT_DROP = "straight_drop"
    DROP_ONE = "drop_one"
    PETRIFY = "petrify"
    JUDGE = "judge"
    PIT = "pit"
    SIDEWAYS = "sideways"


class StopKind(StrEnum):
    """Stops on Dante's path."""

    FRAUD = "F"
    PAGAN = "P"
    DIPLOMA = "D"
    END = "END"


@dataclass(frozen=True, slots=True)
class Circle:
    number: int
    id: str
    sin: str
    colour: str
    hex: str
    glyph: str
    letter: str


@dataclass(frozen=True, slots=True)
class Effect:
    type: EffectType
    amount: int = 0
    track: int = 0
    group: str = ""


@dataclass(frozen=True, slots=True)
class Endgame:
    type: EndgameType
    amount: int = 1
    per: int = 1
    group: str = ""


@dataclass(frozen=True, slots=True)
class FraudCard:
    index: int
    id: str
    instant_barrel: int
    instant: tuple[Effect, Effect]
    endgame_barrel: int
    endgame: tuple[Endgame, Endgame]


@dataclass(frozen=True, slots=True)
class Barrel:
    index: int
    id: str
    score: str
    amount: int


@dataclass(frozen=True, slots=True)
class Location:
    index: int
    id: str
    name: str
    circle: int
    special: bool
    action: LocationAction
    noble_florins: int
    urchin_free: bool
    urchin_only: bool
    params: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class BonusTile:
    index: int
    id: str
    kind: str
    effect: Effect


@dataclass(frozen=True, slots=True)
class Guardian:
    index: int
    id: str
    name: str
    effect: GuardianEffect
    crosses_walls: bool
    max_pits: int
    reach: str = "adjacent"  # SIDEWAYS: "adjacent" or "any" shield of the same circle


@dataclass(frozen=True, slots=True)
class FamilyCard:
    index: int
    id: str
    florins: int
    drachmas: int
    nobles_home: int
    nobles_tower: int
    urchins: int
    tower_floors: int
    skulls: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Stop:
    kind: StopKind
    circle: int = 0

    def __str__(self) -> str:
        if self.kind is StopKind.DIPLOMA:
            return f"D{self.circle}"
        return self.kind.value


@dataclass(frozen=True, slots=True)
class DantePath:
    side: str
    path: tuple[Stop, ...]
    start: Mapping[int, int]
    shortcut: Mapping[int, tuple[int, ...]]

    def stops(self, players: int) -> tuple[Stop, ...]:
        """The stops Dante visits in a game of ``players`` players, first stop first."""
        cut = set(self.shortcut.get(players, ()))
        kept = tuple(s for i, s in enumerate(self.path) if i not in cut)
        return kept[self.start.get(players, 0) :]


@dataclass(frozen=True, slots=True)
class Board:
    """One side of the Hell board, compiled into index tables for speed.

    Shields are numbered 0..n-1 in file order; ``circle_shields[k]`` lists circle k's shields.
    """

    side: str
    labels: tuple[str, ...]
    circle: tuple[int, ...]
    symbol: tuple[int, ...]
    down: tuple[tuple[int, ...], ...]
    up: tuple[tuple[int, ...], ...]
    straight: tuple[int, ...]
    gate: tuple[int, ...]
    circle_shields: tuple[tuple[int, ...], ...]
    gates: int
    index: Mapping[str, int]
    phleg_start: tuple[int, ...]  # by circle (0 for circles 0 and 1): this side's printed cube starts

    @property
    def size(self) -> int:
        return len(self.labels)

    def linked(self, shield: int) -> tuple[int, ...]:
        """Shields joined to ``shield`` by a line, up or down."""
        return self.up[shield] + self.down[shield]


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rules value the engine uses, loaded and validated from the data files."""

    circles: tuple[Circle, ...]
    circle_infamy: tuple[int, ...]
    final_stop_infamy: int
    council_cost: int
    soul_supply: tuple[int, ...]
    spare_tiles: tuple[int, ...]
    graveyard_refill: int
    walls_above_circle: int
    track_max: int
    half_diploma_level: int
    overflow_infamy: tuple[int, ...]
    upper_tracks: tuple[int, ...]
    lower_tracks: tuple[int, ...]
    styx_table: Mapping[int, tuple[str, ...]]
    phleg_start: tuple[int, ...]  # by circle (0 for circles 0 and 1): the cubes' start on a board giving none
    phleg_min: int
    phleg_max: int
    ferry_cost: int
    bribe_cost: int
    florins_per_drachma: int
    drachmas_per_loan: int
    loan_positions: tuple[tuple[int, int], ...]
    loan_beyond_immediate: int
    tower_floors: int
    prebuilt_floors: int
    spaces_per_floor: int
    max_guests_per_floor: int
    accuser_floor_rule: bool
    accuse_needs_tower_room: bool
    accuser_fallback: str
    urchins_per_player: int
    solo_nobles: int  # Nobles a solo family starts with, whatever its Family card shows
    max_nobles: int
    hand_size: int
    market_size: int
    off_hand_extra: int
    reputation: tuple[tuple[str, str, int], ...]
    reputation_in_solo: bool
    reputation_zero_wins: bool
    guardians_active: int
    guardian_start_circles: tuple[int, ...]
    plague_setup_to_bottom: bool
    quartieri: tuple[str, ...]
    quartiere_symbols: tuple[str, ...]
    side_by_players: tuple[str, ...]
    guest_circles: tuple[int, ...]
    barrels: tuple[Barrel, ...]
    locations: tuple[Location, ...]
    bonus_tiles: tuple[BonusTile, ...]
    silver_tracks: tuple[int, ...]
    gold_tracks: tuple[int, ...]
    guardians: tuple[Guardian, ...]
    boards: Mapping[str, Board]
    dante: Mapping[str, DantePath]
    diploma_ties_all: bool
    family_cards: tuple[FamilyCard, ...]
    fraud_cards: tuple[FraudCard, ...]
    plague_cards: tuple[tuple[int, ...], ...]
    plague_ids: tuple[str, ...]
    provenance: tuple[TaggedValue, ...]
    source: str
    fingerprint: str
    solo: SoloData

    def circle_id(self, circle: int) -> str:
        return self.circles[circle - 1].id

    def circle_by_id(self, ident: str) -> int | None:
        for c in self.circles:
            if c.id == ident:
                return c.number
        return None

    def location_by_id(self, ident: str) -> Location | None:
        for loc in self.locations:
            if loc.id == ident:
                return loc
        return None

    def barrel_by_id(self, ident: str) -> Barrel | None:
        for b in self.barrels:
            if b.id == ident:
                return b
        return None

    def guardian_by_id(self, ident: str) -> Guardian | None:
        for g in self.guardians:
            if g.id == ident:
                return g
        return None

    def card_by_id(self, ident: str) -> FraudCard | None:
        for c in self.fraud_cards:
            if c.id == ident:
                return c
        return None

    def starting_nobles(self, card: FamilyCard, solo: bool) -> tuple[int, int]:
        """(at Home, in the Tower): the Nobles a family starts with. A solo family has all
        ``solo_nobles`` (the 4th Noble is only used in the solo game), the card's Tower Nobles in the
        Tower and the rest at Home; otherwise the card decides (rulebook, Boards & General Concepts)."""
        if solo:
            return self.solo_nobles - card.nobles_tower, card.nobles_tower
        return card.nobles_home, card.nobles_tower

    def family_nobles(self, solo: bool) -> int:
        """The most Nobles a family has: ``solo_nobles`` in the solo game, else ``max_nobles``."""
        return self.solo_nobles if solo else self.max_nobles


register_frozen(
    Circle, Effect, Endgame, FraudCard, Barrel, Location, BonusTile, Guardian, FamilyCard, Stop, DantePath, Board, Rules
)
