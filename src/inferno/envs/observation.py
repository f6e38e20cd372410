"""The observation vector: a fixed-length float32 encoding of one player's view of the game.

The vector is built from ``inferno.view(state, player)`` only, so it holds nothing that player cannot
see: other players' Fraud hands appear as their sizes, the deck as its size. Seats are relative to
the observer (slot 0 = the observer, then the following seats in turn order; empty slots are zeros),
so one policy can play any seat. Every value lies in [-1, 1]: counts are divided by a fixed scale
and clipped, categories are one-hot. The segments, in order (sizes for the bundled rules data; see
:func:`observation_table` and docs/research/observation.md):

``side`` board side one-hot; ``hell`` per shield one-hot of (empty, standing Soul of colour 1-9,
lying Soul 1-9, spare tile 1-9, Guardian slot, pit); ``graveyard``/``supply``/``tiles`` per colour;
``plague`` the next Plague card's colours and the cards left; ``phlegethon`` cube per circle 2-9;
``guardians`` roster one-hot per slot; ``quartieri`` location -> quartiere one-hot; ``bonus`` tile
per track one-hot; ``palace`` Guests left per circle; ``barrel_market``; ``fraud_market``
multi-hot and deck size; ``dante`` progress and next stop; ``turn`` counters, last round, allowed
quartiere; ``decision`` the pending decision kind and its frame arguments, whose move it is;
then per seat slot: ``player_k`` (money, Infamy, loans, Skull tracks, ½ Diplomas, Diplomas, safe
passages, Tower floors and contents, Home, reserve, family members in Florence, own hand multi-hot
(observer only) and hand size, played cards, delivered Barrels, Family card).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from inferno.rules.actions import AUTO, Decision
from inferno.rules.model import Rules, StopKind
from inferno.rules.pack import load_rules
from inferno.rules.state import GUARDIAN, LYING, PIT, T_BARREL, T_GUEST, T_NOBLE, T_URCHIN, TILE, State

MAX_PLAYERS = 4
DECISIONS = [d for d in Decision if d < AUTO]
STOP_KINDS = list(StopKind)
FRAME_ARGS = 3


@dataclass(frozen=True, slots=True)
class Segment:
    """One named stretch of the observation vector."""

    name: str
    start: int
    size: int
    meaning: str


class ObservationEncoder:
    """Encodes views of games played with one rules data set into fixed-length vectors."""

    def __init__(self, rules: Rules) -> None:
        r = rules
        self.rules = r
        self.sides = list(r.boards)
        self.shields = max(b.size for b in r.boards.values())
        self.gates = max(b.gates for b in r.boards.values())
        self.slots = r.guardians_active
        self.cells = 1 + 9 * 3 + self.slots + 1  # per shield categories
        self.spaces = r.tower_floors * r.spaces_per_floor
        self.space_cats = 3 + len(r.circles) + len(r.barrels)  # empty, noble, urchin, guest c, barrel b
        nc = len(r.circles)
        nf = len(r.fraud_cards)
        player = [
            ("present", 1, "1 if this seat is in the game"),
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
        ]
        self.player_size = sum(n for _, n, _ in player)
        parts = [
            ("side", len(self.sides), "board side one-hot"),
            ("hell", self.shields * self.cells, "per shield: empty, Soul 1-9, lying 1-9, tile 1-9, Guardian slot, pit"),
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
        ]
        parts += [(f"player_{k}", self.player_size, "seat k after the observer (0 = observer)") for k in range(4)]
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
        self._hell_lut = _hell_categories(self.cells)
        self._tower_lut = _tower_categories(len(r.circles), len(r.barrels))

    def encode(self, view: State) -> np.ndarray:
        """The observation vector of a view (``inferno.view(s, p)``); the observer is ``view.viewer``."""
        r = self.rules
        me = view.viewer
        n = view.num_players
        if not 0 <= me < n:
            raise ValueError("encode needs a player's view: inferno.view(state, player)")
        at = self.at
        ones: list[int] = [at["side"] + self.sides.index(view.board.side)]
        idx: list[int] = []  # scalar positions ...
        val: list[float] = []  # ... and their values
        for name, values, scale in (
            ("graveyard", view.graveyard, 9.0),
            ("supply", view.supply, 9.0),
            ("tiles", view.tiles, 1.0),
            ("phlegethon", view.phleg, float(r.phleg_max)),
            ("palace", view.palace, 4.0),
        ):
            o = at[name] - 1
            idx.extend(range(o + 1, o + 10))
            val.extend(values[c] / scale for c in range(1, 10))
        o = at["plague"]
        if view.plague:
            colours = r.plague_cards[view.plague[0]]
            for colour in set(colours):
                idx.append(o + colour - 1)
                val.append(colours.count(colour) / 4)
        idx.append(o + 9)
        val.append(len(view.plague) / 12)
        o = at["guardians"]
        ones.extend(o + slot * len(r.guardians) + g for slot, g in enumerate(view.guardians))
        o = at["quartieri"]
        ones.extend(o + loc * len(r.quartieri) + q for loc, q in enumerate(view.loc_quartiere))
        o = at["bonus"]
        ones.extend(o + (c - 1) * len(r.bonus_tiles) + view.bonus[c] for c in range(1, 10) if view.bonus[c] >= 0)
        o = at["barrel_market"]
        idx.extend(range(o, o + len(r.barrels)))
        val.extend(k / 4 for k in view.barrel_market)
        o = at["fraud_market"]
        ones.extend(o + c for c in view.market if c >= 0)
        idx.append(o + len(r.fraud_cards))
        val.append(len(view.deck) / len(r.fraud_cards))
        o = at["dante"]
        stops = view.stops
        idx.append(o)
        val.append((view.dante + 1) / len(stops))
        if view.dante + 1 < len(stops):
            nxt = stops[view.dante + 1]
            ones.append(o + 1 + STOP_KINDS.index(nxt.kind))
            if nxt.circle:
                ones.append(o + 1 + len(STOP_KINDS) + nxt.circle - 1)
        o = at["turn"]
        idx.extend((o, o + 1, o + 2))
        val.extend((min(view.turn / 100, 1.0), 1.0 if view.ender >= 0 else 0.0, max(view.final_turns, 0) / 4))
        ones.append(o + 3 + (view.quartiere if view.quartiere >= 0 else len(r.quartieri)))
        o = at["decision"]
        if not view.over and view.stack:
            frame = view.stack[-1]
            ones.append(o + self._decision_pos[frame[0]])
            for i, v in enumerate(frame[2 : 2 + FRAME_ARGS]):
                idx.append(o + len(DECISIONS) + i)
                val.append(v / 50)
            ones.append(o + len(DECISIONS) + FRAME_ARGS + (frame[1] - me) % n)
        ones.append(o + len(DECISIONS) + FRAME_ARGS + MAX_PLAYERS + (view.current - me) % n)
        for k in range(n):
            self._player(view, (me + k) % n, at[f"player_{k}"], k == 0, ones, idx, val)
        lut, cells, base = self._hell_lut, self.cells, at["hell"]
        ones.extend(base + t * cells + lut[c] for t, c in enumerate(view.hell))
        out = np.zeros(self.size, dtype=np.float32)
        out[ones] = 1.0
        out[idx] = val
        np.clip(out, -1.0, 1.0, out=out)
        return out

    def _player(
        self, view: State, p: int, o: int, own: bool, ones: list[int], idx: list[int], val: list[float]
    ) -> None:
        r = self.rules
        pl = view.players[p]
        pat = self.pat
        ones.append(o)
        m = o + pat["money"]
        idx.extend(range(m, m + 4))
        val.extend((pl.florins / 20, pl.drachmas / 10, pl.infamy / 100, pl.loans / 4))
        t = o + pat["tracks"] - 1
        idx.extend(range(t + 1, t + 10))
        top = r.track_max
        val.extend(pl.tracks[c] / top for c in range(1, 10))
        h = o + pat["home"]
        f = o + pat["florence"]
        hd = o + pat["hand"]
        idx.extend((o + pat["half"], o + pat["floors"], h, h + 1, h + 2, hd + len(r.fraud_cards)))
        val.extend(
            (pl.half / 4, pl.floors / r.tower_floors, pl.home[0] / 5, pl.home[1] / 5, pl.reserve / 5, len(pl.hand) / 4)
        )
        idx.extend(range(f, f + len(pl.florence)))
        val.extend(k / 4 for k in pl.florence)
        d = o + pat["diplomas"] - 1
        ones.extend(d + c for c in range(1, 10) if pl.diplomas >> c & 1)
        g = o + pat["passages"]
        ones.extend(g + k for k in range(self.gates) if pl.passages >> k & 1)
        tw, cats, lut = o + pat["tower"], self.space_cats, self._tower_lut
        ones.extend(tw + i * cats + lut[code] for i, code in enumerate(pl.tower))
        if own:
            ones.extend(hd + c for c in pl.hand if c >= 0)
        pd = o + pat["played"]
        ones.extend(pd + c for c in pl.played)
        pn = o + pat["panel"]
        ones.extend(pn + b for b in range(len(r.barrels)) if pl.panel >> b & 1)
        ones.append(o + pat["family"] + pl.family)


def _hell_categories(cells: int) -> list[int]:
    """Shield code -> category: 0 empty, 1-9 Soul, 10-18 lying Soul, 19-27 tile, then Guardian slots, pit."""
    lut = [0] * (PIT + 1)
    for c in range(1, 10):
        lut[c] = c
        lut[LYING + c] = 9 + c
        lut[TILE + c] = 18 + c
    for slot in range(cells - 29):
        lut[GUARDIAN + slot] = 28 + slot
    lut[PIT] = cells - 1
    return lut


def _tower_categories(circles: int, barrels: int) -> list[int]:
    """Tower space code -> category: 0 empty, 1 noble, 2 urchin, 3.. Guest by circle, then Barrels."""
    lut = [0] * (T_BARREL + barrels)
    lut[T_NOBLE] = 1
    lut[T_URCHIN] = 2
    for c in range(1, circles + 1):
        lut[T_GUEST + c] = 2 + c
    for b in range(barrels):
        lut[T_BARREL + b] = 3 + circles + b
    return lut


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
    """The segments of the observation vector as a Markdown table (reproduced in docs/research/observation.md)."""
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
