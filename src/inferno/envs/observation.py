"""The observation vector: a fixed-length float32 encoding of what one player may see of the game.

:meth:`ObservationEncoder.encode` reads the engine's compact state directly (plain lists of ints, no
view copy) and fills the vector with a few numpy operations, but it reads only what the observer may
see: other players' Fraud hands as their sizes, the deck as its size, the solo Rival's deck as its
next card (face up) and the cards it has played; never the seed. Given a player's view
(``inferno.view(state, player)``) it encodes the same vector.

Seats are relative to the observer (slot 0 = the observer, then the following seats in turn order;
empty slots are zeros), so one policy can play any seat; there are five slots (the P&P expansion's
fifth player). In the solo game slot 1 holds the Rival (its Infamy, Skulls, ½ Diplomas, Diplomas
and safe passages; it has no Tower, Home, hand or Family card) and the ``solo`` segment its variant,
level, next card, last turn's cards and what is left of its deck. Every value lies in [-1, 1]: counts
are divided by a fixed scale and clipped, categories are one-hot. The segments are listed by
:func:`observation_table`; the project's documentation (research environments, observation layout)
reproduces the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Any

import numpy as np

from inferno.envs.observation_codes import hell_categories, tower_categories
from inferno.rules.actions import AUTO, Decision
from inferno.rules.model import Rules, StopKind
from inferno.rules.pack import load_rules
from inferno.rules.pnp import DESK
from inferno.rules.pnp import MAX_PLAYERS as PNP_MAX_PLAYERS
from inferno.rules.solo_model import LEVELS
from inferno.rules.state import PIT, State

MAX_PLAYERS = PNP_MAX_PLAYERS  # seat slots: the most players a game can have
DECISIONS = [d for d in Decision if d < AUTO]
STOP_KINDS = list(StopKind)
FRAME_ARGS = 3
INFAMY_BIAS = 100  # Infamy is listed as Infamy + 100 (a small non-negative int)
FRAME_ARGS_BIAS = 50  # a frame argument as argument + 50
GAMES_KEPT = 1024  # per-game parts (templates, ~16 kB each) kept per encoder: games x observers in play


@dataclass(frozen=True, slots=True)
class Segment:
    """One named stretch of the observation vector."""

    name: str
    start: int
    size: int
    meaning: str


class _Layout:
    """Where each small int of the compact state goes, for one kind of game and one observer."""

    __slots__ = ("barrels", "base", "count", "ext", "gates", "neg", "off", "order", "slot_at")

    order: list[int]  # players in slot order (slot k = order[k])
    ext: list[bool]  # per slot: does that player have P&P pieces
    count: int  # small ints listed (a bit byte once per bit, padded lists at full length)
    gates: int  # safe-passage bits listed per player
    barrels: int  # Barrel bits listed per player
    base: np.ndarray  # per small int: its base position in the vector
    off: np.ndarray  # per small int: its value type (offset in the shared tables)
    neg: np.ndarray  # per small int: the value that stands for a negative one (uint8)
    slot_at: list[int]  # start of each seat slot's segment


class _Game:
    """What stays fixed for one game and observer: the template vector and Dante's stops."""

    __slots__ = (
        "bonus",
        "config",
        "dante",
        "guardians",
        "layout",
        "loc_quartiere",
        "side",
        "solo_deck",
        "solo_deck_size",
        "stops",
        "template",
        "used",
    )

    layout: _Layout
    template: np.ndarray
    dante: list[tuple[list[int], float]]  # per Dante position + 1: next-stop positions, progress
    config: Any
    guardians: tuple[int, ...]
    bonus: tuple[int, ...]
    loc_quartiere: tuple[int, ...]
    stops: tuple[Any, ...]
    side: str
    solo_deck: list[int]  # the solo level's deck: cards per card kind
    solo_deck_size: int
    used: bool  # encoded again since it was built or the cache last made room


class ObservationEncoder:
    """Encodes what a player sees of games played with one rules data set into fixed-length vectors."""

    def __init__(self, rules: Rules) -> None:
        r = rules
        self.rules = r
        self.sides = list(r.boards)
        self.shields = max(b.size for b in r.boards.values())
        self.gates = max(b.gates for b in r.boards.values())
        self.slots = r.guardians_active
        # per shield: empty, Soul 1-9, lying 1-9, tile 1-9, Guardian slots, pit, Desk of seat slot k
        self.cells = 1 + 9 * 3 + self.slots + 1 + MAX_PLAYERS
        self.spaces = r.tower_floors * r.spaces_per_floor
        self.space_cats = 3 + len(r.circles) + len(r.barrels)  # empty, noble, urchin, guest c, barrel b
        self.solo_cards = len(r.solo.cards)
        self.solo_variants = list(r.solo.variants)
        nc = len(r.circles)
        nf = len(r.fraud_cards)
        player = [
            ("present", 1, "1 if this seat is in the game (solo: slot 1 is the Rival)"),
            ("money", 4, "Florins/20, Drachmas/10, Infamy/100, loans/4"),
            ("tracks", nc, "Skull level per circle / track maximum"),
            ("half", 1, "½ Diploma tokens / 4"),
            ("diplomas", nc, "1 per circle with a Diploma"),
            ("passages", self.gates, "1 per gate with an own safe passage"),
            ("floors", 1, "Tower floors built / Tower height"),
            ("tower", self.spaces * self.space_cats, "per Tower space: empty, noble, urchin, Guest circle, Barrel"),
            ("home", 3, "nobles, urchins at Home, urchins in reserve (/5)"),
            ("florence", 2 * len(r.locations), "family members per location and kind (/4)"),
            ("hand", nf + 1, "own hand multi-hot (observer only; zeros for others), hand size / 4"),
            ("played", nf, "played Fraud cards multi-hot"),
            ("panel", len(r.barrels), "Barrels delivered to the supply panel"),
            ("family", len(r.family_cards), "Family card one-hot"),
            ("pnp", 4, "P&P: Desks held / 2, Bells held / 4, Desk tolls paid / 20, received / 20"),
        ]
        self.player_size = sum(n for _, n, _ in player)
        nsolo = self.solo_cards
        parts = [
            ("side", len(self.sides), "board side one-hot"),
            ("modules", 3, "P&P: Plutus on, Phlegyas on, Bells left with Phlegyas / all Bells"),
            (
                "hell",
                self.shields * self.cells,
                "per shield: empty, Soul 1-9, lying 1-9, tile 1-9, Guardian slot, pit, Desk of seat slot 0-4",
            ),
            ("graveyard", nc, "Souls per colour in the Graveyard / 9"),
            ("supply", nc, "meeples per colour in the supply / 9"),
            ("tiles", nc, "spare Soul tiles per colour not used"),
            ("plague", nc + 1, "colours on the next Plague card, Plague cards left / 12"),
            ("phlegethon", nc, "Phlegethon cube per circle / maximum"),
            ("guardians", self.slots * len(r.guardians), "roster one-hot per active Guardian slot"),
            ("quartieri", len(r.locations) * len(r.quartieri), "each location's quartiere one-hot"),
            ("bonus", nc * len(r.bonus_tiles), "bonus tile beside each track one-hot"),
            ("palace", nc, "Guests left at the PALACE per circle / 4"),
            ("barrel_market", len(r.barrels), "Barrels left at the MARKET / 4"),
            ("fraud_market", nf + 1, "Fraud market multi-hot, deck size / cards"),
            ("dante", 1 + len(STOP_KINDS) + nc, "progress, next stop kind one-hot, next Diploma stop circle"),
            ("turn", 3 + len(r.quartieri) + 1, "turn/100, last round, final turns/4, allowed quartiere (any last)"),
            (
                "decision",
                len(DECISIONS) + FRAME_ARGS + 2 * MAX_PLAYERS,
                "pending decision one-hot, frame args/50, deciding seat and current-turn seat (relative)",
            ),
            (
                "solo",
                1 + len(self.solo_variants) + len(LEVELS) + 2 + 3 * nsolo + 1,
                "solo game; variant, level one-hot; target/100, Rival cards per turn/3; the Rival's next card "
                "one-hot, its last turn's cards (/3), cards left in its deck per card (/4), deck size / deck",
            ),
        ]
        parts += [
            (f"player_{k}", self.player_size, "seat k after the observer (0 = observer)") for k in range(MAX_PLAYERS)
        ]
        self.segments: list[Segment] = []
        start = 0
        for name, size, meaning in parts:
            self.segments.append(Segment(name, start, size, meaning))
            start += size
        self.size = start
        self.at = {seg.name: seg.start for seg in self.segments}
        self.player_parts: list[Segment] = []
        ps = 0
        for name, size, meaning in player:
            self.player_parts.append(Segment(name, ps, size, meaning))
            ps += size
        self.pat = {seg.name: seg.start for seg in self.player_parts}
        self._decision_pos = {int(d): i for i, d in enumerate(DECISIONS)}
        self._at_dante = self.at["dante"]
        # Where the scatter sends what has no place (a card list's padding, a colour code's unused
        # first count): Dante's progress cell, which ``encode`` always writes after the scatter. So a
        # vector needs no slot past its end, and many can be written side by side in one array.
        self._trash = self._at_dante
        self._at_plague = self.at["plague"]
        self._at_market = self.at["fraud_market"]
        self._at_turn = self.at["turn"]
        self._at_decision = self.at["decision"]
        self._at_modules = self.at["modules"]
        self._pat_played = self.pat["played"]
        self._pat_hand = self.pat["hand"]
        self._nf = nf
        self._nq = len(r.quartieri)
        self._nd = len(DECISIONS)
        self._no_cards = [0] * self.solo_cards
        self._at_solo_deck = self.at["solo"] + 1 + len(self.solo_variants) + len(LEVELS) + 2 + 3 * self.solo_cards
        self._tower_lut = tower_categories(len(r.circles), len(r.barrels))
        self._layouts: dict[tuple[Any, ...], _Layout] = {}
        self._games: dict[tuple[int, int], _Game] = {}
        self._types: dict[tuple[Any, ...], int] = {}
        self._rel = np.zeros(0, dtype=np.intp)
        self._val = np.zeros(0, dtype=np.float32)
        # Plague cards: the distinct colours of each, and how many times each colour is on it
        self._plague = [
            (tuple(sorted(set(cols))), tuple(cols.count(c) / 4 for c in sorted(set(cols)))) for cols in r.plague_cards
        ]
        self._plague_colours = max((len(c) for c, _ in self._plague), default=0)
        self._no_card = (255,) * nf  # pads a list of Fraud cards to its full length (255: no card)
        self._no_args = (FRAME_ARGS_BIAS,) * FRAME_ARGS  # pads a frame's arguments (the bias: 0)

    # --- the plan: where each int of the compact state goes ---------------------------------------
    #
    # ``encode`` lists the state's small ints (counts, codes, a few biased signed values) in a fixed
    # order and turns them into bytes in one step. Each has a *type*: a 256-entry stretch of two
    # shared tables, giving for each value its offset from the int's base position (a category; for
    # "nothing" in a list of cards, the offset of the trash slot past the end) and the value written
    # there (1 for a category, value / scale clipped for a count). So one add, two lookups and one
    # scatter place them all; a bit field's byte is read once per bit, through one type per bit.
    # Variable-length lists (the market, hands, played cards, a frame's arguments) are listed padded
    # to a fixed length. What is fixed for a whole game (board side, modules, the Guardians,
    # quartieri, bonus tiles, solo settings) is a template copied at the start; Dante's progress and
    # next stop (per game) and two module values are written one by one. The shared tables stay
    # small (a few dozen types), so the lookups stay in the cache.

    def _type(self, key: tuple[Any, ...], rel: list[int], val: list[float]) -> int:
        """The offset of a 256-entry value type in the shared tables (added once per key)."""
        off = self._types.get(key)
        if off is None:
            off = self._types[key] = len(self._rel)
            pad = 256 - len(rel)
            self._rel = np.concatenate((self._rel, np.array(rel + [0] * pad, dtype=np.intp)))
            self._val = np.concatenate((self._val, np.array(val + [0.0] * pad, dtype=np.float32)))
        return off

    def _count_type(self, scale: float) -> int:
        return self._type(("count", scale), [0] * 256, [min(x / scale, 1.0) for x in range(256)])

    def _category_type(self, name: str, cats: list[int]) -> int:
        """Code -> category (-1: no category: writes 0 at the base, so the slot stays empty)."""
        rel = [max(c, 0) for c in cats]
        return self._type(("cat", name, *cats), rel, [1.0 if c >= 0 else 0.0 for c in cats])

    def _signed_type(self, bias: int, scale: float) -> int:
        """A signed value listed as value + bias: (code - bias) / scale, clipped to [-1, 1]."""
        vals = [max(-1.0, min((x - bias) / scale, 1.0)) for x in range(256)]
        return self._type(("signed", bias, scale), [0] * 256, vals)

    def _card_type(self, base: int) -> int:
        """A Fraud card index listed at ``base``: 1 at that card's position (255 and any other value
        past the cards: the trash slot)."""
        nf = self._nf
        none = self._trash - base
        return self._type(("card", base), [*range(nf)] + [none] * (256 - nf), [1.0] * nf + [0.0] * (256 - nf))

    def _plague_type(self, j: int) -> int:
        """The top Plague card + 1 (0: none): its j-th colour's position and amount (trash slot past
        its colours)."""
        none = self._trash - self._at_plague
        rel = [none]
        val = [0.0]
        for colours, amounts in self._plague:
            rel.append(colours[j] - 1 if j < len(colours) else none)
            val.append(amounts[j] if j < len(colours) else 0.0)
        return self._type(("plague", j), rel, val)

    def _layout(self, s: State, me: int) -> _Layout:
        key = (s.board.side, len(s.players), s.num_players, me, len(s.ext.desks) if s.ext is not None else -1)
        lay = self._layouts.get(key)
        if lay is None:
            lay = self._layouts[key] = self._build_layout(s, me)
        return lay

    def _build_layout(self, s: State, me: int) -> _Layout:
        r = self.rules
        at, pat = self.at, self.pat
        trash = self._trash
        n = len(s.players)
        order = [(me + k) % n for k in range(n)]
        seats = s.num_players
        ext_order = [q for q in order if s.ext is not None and q < len(s.ext.desks)]
        nf = self._nf
        # One entry per small int listed by :meth:`encode`, in its order: its base position, its
        # value type and the value that stands for a negative one.
        if self.gates > 8 or len(r.barrels) > 8:
            raise ValueError("the observation lists safe passages and Barrels as one byte each (8 at most)")
        base: list[int] = []
        off: list[int] = []
        neg: list[int] = []

        def entry(pos: int, typ: int, negative: int = 0) -> None:
            base.append(pos)
            off.append(typ)
            neg.append(negative)

        def counts(pos: int, count: int, scale: float, skip_first: bool = False) -> None:
            t = self._count_type(scale)
            for i in range(count):
                entry(trash if skip_first and i == 0 else pos + i - (1 if skip_first else 0), t)

        def cards(pos: int) -> None:  # a list of Fraud cards padded to nf entries (negative: none)
            card = self._card_type(pos)
            for _ in range(nf):
                entry(pos, card, 255)

        for name, scale in (
            ("graveyard", 9.0),
            ("supply", 9.0),
            ("tiles", 1.0),
            ("phlegethon", float(r.phleg_max)),
            ("palace", 4.0),
        ):
            counts(at[name], 10, scale, True)
        counts(at["barrel_market"], len(r.barrels), 4.0)
        hell_cat = hell_categories(self.slots) + [-1] * (DESK + MAX_PLAYERS - PIT)
        for q in range(n):
            hell_cat[DESK + q] = 1 + 27 + self.slots + 1 + (q - me) % n
        ht = self._category_type(f"hell{n}/{me}", hell_cat)
        for t in range(s.board.size):
            entry(at["hell"] + t * self.cells, ht)
        cards(at["fraud_market"])
        tt = self._category_type("tower", self._tower_lut)
        ft = self._category_type("family", [-1, *range(len(r.family_cards))])
        it = self._signed_type(INFAMY_BIAS, 100.0)
        bit_types = [self._type(("bit", b), [0] * 256, [float(x >> b & 1) for x in range(256)]) for b in range(8)]
        nfl = 2 * len(r.locations)
        for k, q in enumerate(order):
            o = at[f"player_{k}"]
            m = o + pat["money"]
            counts(m, 1, 20.0)  # Florins
            counts(m + 1, 1, 10.0)  # Drachmas
            counts(m + 3, 1, 4.0)  # loans
            counts(o + pat["half"], 1, 4.0)
            counts(o + pat["floors"], 1, float(r.tower_floors))
            counts(o + pat["home"] + 2, 1, 5.0)  # reserve
            counts(o + pat["hand"] + nf, 1, 4.0)  # hand size
            entry(o + pat["family"], ft)  # Family card + 1
            entry(m + 2, it)  # Infamy + bias (negative: -1)
            # Bit bytes, listed once per bit: the Diplomas of circles 1-8, of circle 9, safe passages,
            # Barrels delivered.
            for pos, nbits in (
                (o + pat["diplomas"], 8),
                (o + pat["diplomas"] + 8, 1),
                (o + pat["passages"], self.gates),
                (o + pat["panel"], len(r.barrels)),
            ):
                for b in range(nbits):
                    entry(pos + b, bit_types[b])
            counts(o + pat["tracks"], 10, float(r.track_max), True)
            counts(o + pat["home"], 2, 5.0)
            counts(o + pat["florence"], nfl, 4.0)
            if q < seats:  # the solo Rival has no Tower
                for i in range(self.spaces):
                    entry(o + pat["tower"] + i * self.space_cats, tt)
            if q in ext_order:
                p = o + pat["pnp"]
                for i, scale in enumerate((2.0, 4.0, 20.0, 20.0)):
                    counts(p + i, 1, scale)
            cards(o + pat["played"])
        cards(at["player_0"] + pat["hand"])  # the observer's own hand
        # Game counters and the pending decision (codes + 1, so 0 means none).
        counts(at["plague"] + 9, 1, 12.0)  # Plague cards left
        counts(at["fraud_market"] + nf, 1, float(nf))  # deck size
        o = at["turn"]
        counts(o, 1, 100.0)  # turn
        entry(o + 1, self._type(("flag",), [0] * 256, [0.0] + [1.0] * 255))  # ender + 1: last round
        entry(o + 2, self._type(("final",), [0] * 256, [min(max(c - 1, 0) / 4, 1.0) for c in range(256)]))
        nq = len(r.quartieri)
        entry(o + 3, self._category_type("quartiere", [nq, *range(nq)]))  # -1 = any (last)
        o = at["decision"]
        nd = len(DECISIONS)
        kinds = [-1] * (max(int(d) for d in DECISIONS) + 1)
        for i, d in enumerate(DECISIONS):
            kinds[int(d)] = i
        entry(o, self._category_type("decision", kinds))  # 0 = no pending decision
        seat_cat = self._category_type("seat", [-1, *range(MAX_PLAYERS)])
        entry(o + nd + FRAME_ARGS, seat_cat)  # deciding seat (relative) + 1
        entry(o + nd + FRAME_ARGS + MAX_PLAYERS, seat_cat)  # current-turn seat (relative) + 1
        at_ = self._signed_type(FRAME_ARGS_BIAS, 50.0)
        for i in range(FRAME_ARGS):
            entry(o + nd + i, at_)  # the frame's arguments + bias (negative: -1)
        for j in range(self._plague_colours):  # the top Plague card + 1, once per colour it can have
            entry(at["plague"], self._plague_type(j))
        if s.solo is not None:  # the Rival's next card + 1, its last turn's cards, its deck's cards
            nsolo = self.solo_cards
            o = at["solo"] + 1 + len(self.solo_variants) + len(LEVELS) + 2
            entry(o, self._category_type("solo card", [-1, *range(nsolo)]))
            counts(o + nsolo, nsolo, 3.0)
            counts(o + 2 * nsolo, nsolo, 4.0)
        lay = _Layout()
        lay.order = order
        lay.ext = [q in ext_order for q in order]
        lay.count = len(base)
        lay.gates = self.gates
        lay.barrels = len(r.barrels)
        lay.base = np.array(base, dtype=np.intp)
        lay.off = np.array(off, dtype=np.intp)
        lay.neg = np.array(neg, dtype=np.uint8)
        lay.slot_at = [at[f"player_{k}"] for k in range(n)]
        return lay

    def _game(self, s: State, me: int) -> _Game:
        """The per-game part (template and Dante's stops), rebuilt when the game's fixed parts change."""
        key = (id(s.config), me)
        g = self._games.get(key)
        if g is None or not _fits(g, s):
            if len(self._games) >= GAMES_KEPT:
                self._forget()
            g = self._games[key] = self._build_game(s, me)
        else:
            g.used = True
        return g

    def _forget(self) -> None:
        """Make room among the per-game parts: drop those not encoded again since they were built or
        the cache last made room (games that ended), or the older half if nearly all were. Clearing them all would rebuild every game
        in play at once, and with as many games in play as entries (many environments sharing this
        encoder) that happened at every new game."""
        games = self._games
        idle = [key for key, g in games.items() if not g.used]
        if len(idle) < len(games) // 8:
            idle = list(islice(games, len(games) // 2))
        for key in idle:
            del games[key]
        for g in games.values():
            g.used = False

    def _build_game(self, s: State, me: int) -> _Game:
        r = self.rules
        at = self.at
        lay = self._layout(s, me)
        t = np.zeros(self.size, dtype=np.float32)
        t[at["side"] + self.sides.index(s.board.side)] = 1.0
        for o in lay.slot_at:
            t[o] = 1.0  # present
        ng = len(r.guardians)
        for slot, gd in enumerate(s.guardians):
            t[at["guardians"] + slot * ng + gd] = 1.0
        nq = len(r.quartieri)
        for loc, q in enumerate(s.loc_quartiere):
            t[at["quartieri"] + loc * nq + q] = 1.0
        nb = len(r.bonus_tiles)
        for c in range(1, 10):
            if s.bonus[c] >= 0:
                t[at["bonus"] + (c - 1) * nb + s.bonus[c]] = 1.0
        ext = s.ext
        if ext is not None:
            t[at["modules"]] = 1.0 if ext.plutus else 0.0
            t[at["modules"] + 1] = 1.0 if ext.phlegyas else 0.0
        cfg = s.config.solo
        if s.solo is not None and cfg is not None:
            o = at["solo"]
            nv = len(self.solo_variants)
            var = r.solo.variants[cfg.variant]
            lv = var.levels[cfg.level]
            t[o] = 1.0
            t[o + 1 + self.solo_variants.index(cfg.variant)] = 1.0
            t[o + 1 + nv + LEVELS.index(cfg.level)] = 1.0
            b = o + 1 + nv + len(LEVELS)
            t[b] = min(lv.target / 100, 1.0) if var.win == "target" else 0.0
            t[b + 1] = lv.cards_per_turn / 3
        o = at["dante"]
        stops = s.stops
        dante: list[tuple[list[int], float]] = []
        for d in range(-1, len(stops)):
            ones: list[int] = []
            if d + 1 < len(stops):
                nxt = stops[d + 1]
                ones.append(o + 1 + STOP_KINDS.index(nxt.kind))
                if nxt.circle:
                    ones.append(o + 1 + len(STOP_KINDS) + nxt.circle - 1)
            dante.append((ones, (d + 1) / len(stops)))
        g = _Game()
        g.layout = lay
        g.template = t
        g.dante = dante
        g.config = s.config
        g.guardians = s.guardians
        g.bonus = s.bonus
        g.loc_quartiere = s.loc_quartiere
        g.stops = s.stops
        g.side = s.board.side
        g.solo_deck = [0] * self.solo_cards
        g.solo_deck_size = 1
        g.used = False
        if cfg is not None:
            deck = r.solo.variants[cfg.variant].levels[cfg.level].deck
            for c in deck:
                g.solo_deck[c] += 1
            g.solo_deck_size = len(deck)
        return g

    # --- encoding ---------------------------------------------------------------------------------

    def encode(self, s: State, player: int | None = None) -> np.ndarray:
        """The observation vector of ``player`` in game ``s`` (a full state or that player's view).

        With ``player`` omitted, ``s`` must be a player's view (``inferno.view(state, player)``).
        Only what ``player`` may see is read.
        """
        me = self._observer(s, player)
        g = self._game(s, me)
        lay = g.layout
        k = lay.off + _codes(self._small(s, me, g), lay.neg)
        out = g.template.copy()
        out[lay.base + self._rel[k]] = self._val[k]
        self._extras(out, 0, s, g)
        return out

    def _observer(self, s: State, player: int | None) -> int:
        me = s.viewer if player is None else player
        if not 0 <= me < s.num_players or (s.viewer >= 0 and s.viewer != me):
            raise ValueError(
                "encode needs a seated player: encode(state, player) or encode(inferno.view(state, player))"
            )
        return me

    def _small(self, s: State, me: int, g: _Game) -> list[int]:
        """The state's small ints in the layout's order (the codes before clamping to a byte)."""
        lay = g.layout
        players = s.players
        ps = [players[q] for q in lay.order]
        seats = s.num_players
        ext = s.ext
        no_card = self._no_card
        market = s.market
        small = [
            *s.graveyard,
            *s.supply,
            *s.tiles,
            *s.phleg,
            *s.palace,
            *s.barrel_market,
            *s.hell,
            *market,
            *no_card[len(market) :],
        ]
        gates, barrels = lay.gates, lay.barrels
        for q, pl, has_ext in zip(lay.order, ps, lay.ext, strict=True):
            d = pl.diplomas
            lo = (d >> 1) & 255
            infamy = pl.infamy + INFAMY_BIAS  # clamped here: below -100 is common (the clamp saturates)
            if not 0 <= infamy <= 255:
                infamy = 0 if infamy < 0 else 255
            small += (
                pl.florins,
                pl.drachmas,
                pl.loans,
                pl.half,
                pl.floors,
                pl.reserve,
                len(pl.hand),
                pl.family + 1,
                infamy,
                lo,
                lo,
                lo,
                lo,
                lo,
                lo,
                lo,
                lo,
                (d >> 9) & 1,
            )
            small += (pl.passages & 255,) * gates
            small += (pl.panel & 255,) * barrels
            small += pl.tracks
            small += pl.home
            small += pl.florence
            if q < seats:
                small += pl.tower
            if has_ext:
                assert ext is not None
                small += (ext.desks[q], ext.bells[q], ext.desk_paid[q], ext.desk_received[q])
            played = pl.played
            small += played
            small += no_card[len(played) :]
        mine = ps[0].hand  # the observer's own hand: the only hand read
        small += mine
        small += no_card[len(mine) :]
        n = len(players)
        plague = s.plague
        frame = s.stack[-1] if not s.over and s.stack else None
        small += (
            len(plague),
            len(s.deck),
            s.turn,
            s.ender + 1,
            s.final_turns + 1,
            s.quartiere + 1,
        )
        if frame is not None:
            # int(): a Decision (IntEnum) would send bytearray() down its slow path (~3x the time)
            small += (int(frame.kind), (frame.player - me) % n + 1, (s.current - me) % n + 1)
            args = frame[2 : 2 + FRAME_ARGS]
            small += [x + FRAME_ARGS_BIAS for x in args]
            small += self._no_args[len(args) :]
        else:
            small += (0, 0, (s.current - me) % n + 1)
            small += self._no_args
        small += (plague[0] + 1 if plague else 0,) * self._plague_colours
        st = s.solo
        if st is not None:
            small.append(st.deck[0] + 1 if st.deck else 0)  # the next card, face up (0: none)
            last = self._no_cards[:]
            for c in st.last:
                last[c] += 1
            small += last
            left = g.solo_deck[:]  # the level's cards, less those drawn since the last shuffle
            for c in st.discard:
                left[c] -= 1
            small += left
        if len(small) != lay.count:
            raise AssertionError("the state's lists do not have the sizes the rules data gives")
        return small

    def _extras(self, out: np.ndarray, offset: int, s: State, g: _Game) -> None:
        """Write what the scatter does not place into ``out`` from ``offset`` on, after the scatter:
        Dante's progress and next stop (his stops are the game's), two module values."""
        ones, progress = g.dante[s.dante + 1]
        out[offset + self._at_dante] = progress  # over the scatter's trash slot
        for i in ones:
            out[offset + i] = 1.0
        ext = s.ext
        if ext is not None and ext.phlegyas:
            total = ext.data.bells_total
            out[offset + self._at_modules + 2] = ext.bell_supply / total if total else 0.0
        st = s.solo
        if st is not None:
            out[offset + self._at_solo_deck] = len(st.deck) / g.solo_deck_size


def _fits(g: _Game, s: State) -> bool:
    """Whether ``g`` (built for an earlier state) still describes the fixed parts of ``s``'s game."""
    return (
        g.config is s.config
        and g.guardians is s.guardians
        and g.bonus is s.bonus
        and g.loc_quartiere is s.loc_quartiere
        and g.stops is s.stops
        and g.side is s.board.side
    )


def _codes(small: list[int], neg: np.ndarray) -> np.ndarray:
    """The small ints as bytes: beyond a byte clamped to 255, below 0 the entry's stand-in for negatives."""
    try:
        return np.frombuffer(bytearray(small), dtype=np.uint8)
    except ValueError:
        wide = np.array(small, dtype=np.int64)
        return np.where(wide < 0, neg, np.minimum(wide, 255)).astype(np.uint8)


_CACHE: dict[str, ObservationEncoder] = {}


def encoder_for(rules: Rules) -> ObservationEncoder:
    """The (cached) observation encoder of a rules data set."""
    enc = _CACHE.get(rules.fingerprint)
    if enc is None:
        enc = _CACHE[rules.fingerprint] = ObservationEncoder(rules)
    return enc


def default_encoder() -> ObservationEncoder:
    """The observation encoder of the bundled rules data."""
    return encoder_for(load_rules())


def observation_table(enc: ObservationEncoder | None = None) -> str:
    """The segments of the observation vector as a Markdown table (reproduced in the documentation)."""
    enc = enc or default_encoder()
    lines = ["| segment | first index | size | contents |", "|---|---:|---:|---|"]
    lines += [f"| {s.name} | {s.start} | {s.size} | {s.meaning} |" for s in enc.segments]
    lines.append(f"| (total) | | {enc.size} | |")
    lines.append("")
    lines.append("Each `player_k` segment, offsets within it:")
    lines.append("")
    lines.append("| part | offset | size | contents |")
    lines.append("|---|---:|---:|---|")
    lines += [f"| {s.name} | {s.start} | {s.size} | {s.meaning} |" for s in enc.player_parts]
    return "\n".join(lines)
