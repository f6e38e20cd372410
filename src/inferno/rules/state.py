"""The mutable game state: plain ints and lists, copied by hand for speed.

Static data (rules, board, Dante's stops, config) is shared by reference between copies; only the
changing parts are copied. Codes used in the lists are defined here.

The players' pieces are copied on write: a copy shares every :class:`PlayerState` with the state it
came from, and the first change to a player on either side copies that player alone. Reading
``s.players[p]`` is always fine; every change to a player goes through ``s.own_player(p)``, which
returns the player's pieces owned by ``s`` alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from inferno.rules.actions import Decision, HiddenInformationError
from inferno.rules.model import Board, Rules, Stop
from inferno.rules.pickling import register_frozen
from inferno.rules.solo_model import SoloConfig, SoloState

if TYPE_CHECKING:
    from inferno.rules.pnp import PnpState

# Hell shield contents.
EMPTY: Final = 0
LYING: Final = 10  # + colour: a Soul meeple lying down
TILE: Final = 20  # + colour: a spare Soul tile lying down (its meeple went back to the supply)
GUARDIAN: Final = 30  # + active Guardian slot
PIT: Final = 40

# Tower space contents.
T_NOBLE: Final = 1
T_URCHIN: Final = 2
T_GUEST: Final = 10  # + circle of the Guest's colour
T_BARREL: Final = 20  # + Barrel index

TOWER_LOC: Final = 8  # "location" index meaning the Tower in a council recall


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Settings fixed for a whole game.

    ``seed`` decides every hidden card (the deal and the deck order), so a player's view carries
    ``None`` instead (see :meth:`public`): only full states know it.
    """

    players: int
    seed: int | None
    side: str
    rules_dir: str | None = None
    modules: tuple[str, ...] = ()  # P&P expansion modules switched on ("plutus", "phlegyas")
    solo: SoloConfig | None = None  # the solo game against the Rival (1 player only)

    @property
    def seed_hidden(self) -> bool:
        """True in a player's or spectator's view, where the seed is withheld."""
        return self.seed is None

    def require_seed(self) -> int:
        """The seed of a full state; a view has none (HiddenInformationError)."""
        if self.seed is None:
            raise HiddenInformationError("a player's view does not carry the game's seed")
        return self.seed

    def public(self) -> GameConfig:
        """The settings without the seed (what a view carries)."""
        if self.seed is None:
            return self
        return GameConfig(self.players, None, self.side, self.rules_dir, self.modules, self.solo)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"players": self.players, "seed": self.seed, "side": self.side, "rules_dir": self.rules_dir}
        if self.modules:
            d["modules"] = list(self.modules)
        if self.solo is not None:
            d["solo"] = self.solo.to_dict()
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameConfig:
        args = {k: v for k, v in d.items() if k not in ("solo", "modules")}
        solo = d.get("solo")
        return cls(**args, modules=tuple(d.get("modules", ())), solo=SoloConfig(**solo) if solo is not None else None)


# The attributes of a PlayerState and of a State (module constants, readable from compiled code too).
PLAYER_FIELDS: Final = (
    "diplomas",
    "drachmas",
    "family",
    "floors",
    "florence",
    "florins",
    "half",
    "hand",
    "home",
    "infamy",
    "loans",
    "panel",
    "passages",
    "played",
    "reserve",
    "tower",
    "tracks",
)


class PlayerState:
    """One family's pieces and money."""

    __slots__ = PLAYER_FIELDS

    florins: int
    drachmas: int
    infamy: int
    loans: int
    tracks: list[int]  # Skull level per circle (index 2..9)
    half: int  # ½ Diploma tokens
    diplomas: int  # bit c set = Diploma in circle c's area
    passages: int  # bit g set = own safe passage on gate g
    floors: int  # tower floors built, floor 0 included
    tower: list[int]  # flat: floor f, slot s at f * spaces + s
    home: list[int]  # [Nobles, Urchins] at Home
    reserve: int  # Urchins not yet adopted
    florence: list[int]  # [location * 2 + kind] family members at each location
    hand: list[int]  # Fraud card indices (-1 = hidden in a view)
    played: tuple[int, ...]  # played Fraud cards, in order
    panel: int  # bit b set = Barrel b delivered to the supply panel
    family: int  # Family card index

    def copy(self) -> PlayerState:
        c = PlayerState()
        c.florins = self.florins
        c.drachmas = self.drachmas
        c.infamy = self.infamy
        c.loans = self.loans
        c.tracks = self.tracks.copy()
        c.half = self.half
        c.diplomas = self.diplomas
        c.passages = self.passages
        c.floors = self.floors
        c.tower = self.tower.copy()
        c.home = self.home.copy()
        c.reserve = self.reserve
        c.florence = self.florence.copy()
        c.hand = self.hand.copy()
        c.played = self.played
        c.panel = self.panel
        c.family = self.family
        return c


class Frame(NamedTuple):
    """One entry of the state's stack: a pending decision, or an automatic step, and whose it is.

    ``kind`` is a :class:`Decision` (stored as its number), ``player`` the seat who decides (-1 for the
    final scoring's steps). ``a`` and ``b`` carry the decision's own arguments; what they mean depends
    on the kind, and :data:`FRAME_ARGS` names them for each kind (``a`` of a ``HELL_STEP`` is the
    moving Soul's colour, ``b`` the shield it comes from). A tuple, so copying a stack stays a list
    copy and the compiled engine reads the fields by position.
    """

    kind: int
    player: int
    a: int = 0
    b: int = 0


# What ``a`` and ``b`` mean for each kind of frame (a kind with no entry uses neither). The length of
# each entry is how many of them the frame's saved form writes (snapshots and saves: [kind, player, ...]).
FRAME_ARGS: Final[dict[int, tuple[str, ...]]] = {
    Decision.HELL_STEP: ("colour", "from_shield"),  # the moving Soul, and the shield it is on (-1: Graveyard)
    Decision.FLORENCE: ("bribed",),  # 1 once the family has bribed (any quartiere)
    Decision.COURTYARD: ("home_left", "swaps_left"),
    Decision.BONFIRE_EXCHANGE: ("most",),  # Florins that may be changed
    Decision.WALL_EXCHANGE: ("most",),
    Decision.TRACK: ("group",),  # which tracks may advance (all, upper or lower)
    Decision.TOWER_HOME: ("left",),  # family members still to bring Home
    Decision.PHLEG: ("left",),  # Phlegethon steps still to take
    Decision.STYX: ("most",),  # Souls the River Styx may return
    Decision.GUARDIAN_MOVE: ("optional",),  # 1: the family may decline
    Decision.GUARDIAN_EFFECT: ("slot",),  # the Guardian slot that moved
    Decision.FRAUD_SOURCE: ("cost", "optional"),  # Florins to pay for a card off the hand; 1: may decline
    Decision.FRAUD_EFFECT: ("card",),
    Decision.ENDGAME_FRAUD: ("card",),
    Decision.ACCUSER_FLOOR: ("location", "member"),  # where the accuser came from, and its kind
    Decision.LEAVE_FLOOR: ("member", "why"),  # the kind leaving the Tower, and the reason's code
    Decision.BELL: ("colour", "from_shield"),
    Decision.AUTO_RIVAL: ("left",),  # the Rival's cards still to play this turn
}


_SEATS: Final = 6  # seats 0-5 (five players, or the solo player and the Rival), and -1 as the last slot
_DECISIONS: Final = {int(d): d for d in Decision}
# The frame of each kind and seat that carries no argument, made once (most pushes are one of these).
_PLAIN_FRAMES: Final[list[list[Frame]]] = [
    [Frame(_DECISIONS.get(k, k), p if p < _SEATS else -1) for p in range(_SEATS + 1)] for k in range(max(Decision) + 1)
]
_new_tuple: Final = tuple.__new__


def make_frame(kind: int, player: int, a: int = 0, b: int = 0) -> Frame:
    """``Frame(kind, player, a, b)``, cheaper: a frame without arguments is shared (frames are immutable),
    and one with arguments is made as a tuple of the class, past the named tuple's Python-level
    ``__new__`` (building ``Frame(...)`` at each push cost the compiled engine a fifth of its time)."""
    if a or b or not -1 <= player < _SEATS:
        return _new_tuple(Frame, (kind, player, a, b))
    return _PLAIN_FRAMES[kind][player]


def frame_to_list(f: Frame) -> list[int]:
    """A frame's saved form: kind, player and the arguments its kind uses (the form saves have always had)."""
    return [f.kind, f.player, f.a, f.b][: 2 + len(FRAME_ARGS.get(f.kind, ()))]


def frame_from_list(items: Sequence[Any]) -> Frame:
    """The frame of a saved form ``[kind, player, a, b]`` (the arguments may be left off; ValueError if
    it is not 2 to 4 whole numbers)."""
    if not 2 <= len(items) <= 4 or not all(isinstance(x, int) and not isinstance(x, bool) for x in items):
        raise ValueError(f"a stack frame is 2 to 4 whole numbers, not {list(items)!r}")
    return Frame(*items)


STATE_FIELDS: Final = (
    "actions",
    "barrel_market",
    "board",
    "bonus",
    "breakdown",
    "config",
    "current",
    "dante",
    "deck",
    "ender",
    "events",
    "ext",
    "final_turns",
    "first_player",
    "graveyard",
    "guardian_pos",
    "guardians",
    "hell",
    "legal_cache",
    "loc_quartiere",
    "market",
    "over",
    "owned",
    "palace",
    "phleg",
    "plague",
    "players",
    "quartiere",
    "record_events",
    "rules",
    "solo",
    "stack",
    "stops",
    "sudden_death",
    "supply",
    "tiles",
    "turn",
    "version",
    "viewer",
)

LOG_FIELDS: Final = ("actions", "events")  # the State fields kept as linked lists (item, previous)


class State:
    """A game in progress. Use :mod:`inferno.rules.engine` to read and change it."""

    __slots__ = STATE_FIELDS

    rules: Rules
    config: GameConfig
    board: Board
    stops: tuple[Stop, ...]
    players: list[PlayerState]  # shared with copies until changed: change them through own_player(p)
    owned: int  # bit p set = players[p] belongs to this state alone (-1: all of them)
    hell: list[int]
    graveyard: list[int]  # Souls per colour (index 1..9)
    supply: list[int]  # meeples per colour in the supply
    tiles: list[int]  # spare Soul tiles per colour not yet used
    plague: list[int]  # Plague deck, top card first (face up, open information)
    phleg: list[int]  # Phlegethon cube per circle (index 2..9)
    guardians: tuple[int, ...]  # roster index of each active Guardian slot
    guardian_pos: list[int]  # shield of each active Guardian slot
    loc_quartiere: tuple[int, ...]  # quartiere of each location
    bonus: tuple[int, ...]  # bonus tile beside each track (index 2..9, -1 elsewhere)
    palace: list[int]  # Guests left at the PALACE per circle
    barrel_market: list[int]  # Barrels left at the MARKET per Barrel index
    deck: list[int]  # Fraud deck, top card last (-1 = hidden in a view)
    market: list[int]  # Fraud market, face up
    dante: int  # index of Dante's current stop (-1 = on his first space)
    current: int  # player whose turn it is
    first_player: int
    turn: int  # turns started so far
    ender: int  # player who took Dante to the end (or could not move), -1 before
    final_turns: int  # last-round turns still to play, -1 before the last round
    stack: list[Frame]  # pending decisions and automatic steps, top last
    quartiere: int  # quartiere allowed this Florence phase, -1 = any (bribed)
    over: bool
    sudden_death: bool
    breakdown: list[list[int]]  # final-scoring points per player per step (6 steps)
    actions: tuple[Any, ...] | None  # append-only action log as a linked list (action, previous)
    # append-only event log as a linked list (Event's fields as a plain tuple, previous): events.events_since reads it
    events: tuple[Any, ...] | None
    record_events: bool
    viewer: int  # -1 = full state; otherwise a view for that player with secrets hidden
    version: int  # actions applied so far
    legal_cache: list[Any] | None
    solo: SoloState | None  # the Rival's deck in a solo game (the Rival itself is players[1])
    ext: PnpState | None  # the P&P expansion's pieces, None when no module is on

    def copy(self) -> State:
        """An independent copy sharing immutable data, the logs' linked lists and (until either side
        changes one) the players' pieces."""
        c = State()
        c.rules = self.rules
        c.config = self.config
        c.board = self.board
        c.stops = self.stops
        c.players = self.players.copy()
        self.owned = 0  # both states share every player now: the first change on either side copies it
        c.owned = 0
        c.hell = self.hell.copy()
        c.graveyard = self.graveyard.copy()
        c.supply = self.supply.copy()
        c.tiles = self.tiles.copy()
        c.plague = self.plague.copy()
        c.phleg = self.phleg.copy()
        c.guardians = self.guardians
        c.guardian_pos = self.guardian_pos.copy()
        c.loc_quartiere = self.loc_quartiere
        c.bonus = self.bonus
        c.palace = self.palace.copy()
        c.barrel_market = self.barrel_market.copy()
        c.deck = self.deck.copy()
        c.market = self.market.copy()
        c.dante = self.dante
        c.current = self.current
        c.first_player = self.first_player
        c.turn = self.turn
        c.ender = self.ender
        c.final_turns = self.final_turns
        c.stack = self.stack.copy()
        c.quartiere = self.quartiere
        c.over = self.over
        c.sudden_death = self.sudden_death
        c.breakdown = [b.copy() for b in self.breakdown] if self.breakdown else []  # empty until the final scoring
        c.actions = self.actions
        c.events = self.events
        c.record_events = self.record_events
        c.viewer = self.viewer
        c.version = self.version
        c.legal_cache = self.legal_cache
        c.solo = self.solo.copy() if self.solo is not None else None
        c.ext = self.ext.copy() if self.ext is not None else None
        return c

    def __copy__(self) -> State:
        return self.copy()

    def __getstate__(self) -> dict[str, Any]:
        """What ``pickle`` and ``copy.deepcopy`` store: every field, with the two logs as flat lists.

        Stored as they are, the logs' nested pairs would make pickling recurse once per entry and fail
        on a long game (RecursionError).
        """
        return {
            name: linked_to_list(getattr(self, name)) if name in LOG_FIELDS else getattr(self, name)
            for name in STATE_FIELDS
        }

    def __setstate__(self, d: dict[str, Any]) -> None:
        """Rebuild a state from :meth:`__getstate__`'s fields, the logs as linked lists again."""
        for name in STATE_FIELDS:
            setattr(self, name, list_to_linked(d[name]) if name in LOG_FIELDS else d[name])
        # A state pickled before frames had names holds plain tuples: give them their names.
        self.stack = [f if type(f) is Frame else Frame(*f) for f in self.stack]

    def own_player(self, p: int) -> PlayerState:
        """Player ``p``'s pieces, ready to change: copied first if another state still shares them."""
        if self.owned >> p & 1:
            return self.players[p]
        pl = self.players[p].copy()
        self.players[p] = pl
        self.owned |= 1 << p
        return pl

    @property
    def num_players(self) -> int:
        """Players in seats (a solo game's Rival, ``players[1]``, takes no seat)."""
        return self.config.players

    def __repr__(self) -> str:
        return (
            f"<State players={self.num_players} side={self.board.side} turn={self.turn} "
            f"version={self.version} over={self.over}>"
        )


def linked_to_list(node: tuple[Any, ...] | None) -> list[Any]:
    """Items of an append-only linked log, oldest first."""
    out = []
    while node is not None:
        out.append(node[0])
        node = node[1]
    out.reverse()
    return out


def list_to_linked(items: list[Any]) -> tuple[Any, ...] | None:
    """An append-only linked log of ``items``, oldest first (the inverse of :func:`linked_to_list`)."""
    node: tuple[Any, ...] | None = None
    for item in items:
        node = (item, node)
    return node


register_frozen(GameConfig)
