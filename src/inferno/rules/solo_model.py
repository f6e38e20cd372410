"""The solo game's data: the Rival's cards, the variants and levels, and the score table."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from inferno.rules.pickling import register_frozen
from inferno.rules.reader import Reader, table_list

PICKS = ("deepest", "graveyard", "shallowest")
ROUTES = ("left", "right")
ACCUSE = ("none", "landed", "contest", "diploma", "weakest")
WINS = ("rival", "target")
LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class SoloCard:
    """One card of the Rival's deck: what it does on its turn."""

    index: int
    id: str
    name: str
    moves: int
    pick: str
    route: str
    accuse: str
    infamy: int
    passage: bool

    def describe(self) -> str:
        """The card in the game's words, for the board and the help."""
        souls = f"moves {self.moves} Soul{'s' if self.moves != 1 else ''} ({self.pick}, {self.route} lines)"
        parts = [souls] if self.moves else []
        if self.passage:
            parts.append("takes a safe passage")
        if self.accuse != "none":
            parts.append(
                {
                    "landed": "accuses in the colour of its Soul",
                    "contest": "accuses on your best track",
                    "diploma": "accuses for Dante's next Diploma",
                    "weakest": "accuses on its weakest track",
                }[self.accuse]
            )
        if self.infamy:
            parts.append(f"+{self.infamy} Infamy")
        return ", ".join(parts) if parts else "does nothing"


@dataclass(frozen=True, slots=True)
class SoloLevel:
    """One difficulty level of a variant."""

    id: str
    deck: tuple[int, ...]  # card indices
    cards_per_turn: int
    infamy_per_turn: int
    start_tracks: tuple[int, ...]  # circles
    target: int


@dataclass(frozen=True, slots=True)
class SoloVariant:
    id: str
    name: str
    description: str
    win: str
    levels: Mapping[str, SoloLevel]


@dataclass(frozen=True, slots=True)
class SoloRank:
    name: str
    won: bool
    min_margin: int


@dataclass(frozen=True, slots=True)
class SoloData:
    """Everything the solo game reads from ``solo.toml``."""

    opponent_name: str
    trade_halves_at_once: bool
    cards: tuple[SoloCard, ...]
    variants: Mapping[str, SoloVariant]
    ranks: tuple[SoloRank, ...]
    fingerprint: str  # of the solo data alone

    def rank(self, won: bool, margin: int) -> str:
        """The best rank of this kind of result whose minimum margin is reached."""
        best = ""
        best_min = -(10**9)
        for r in self.ranks:
            if r.won == won and margin >= r.min_margin and r.min_margin >= best_min:
                best, best_min = r.name, r.min_margin
        return best


def parse_solo(r: Reader, circle_of: Callable[[Reader, Any, str, int], int]) -> SoloData:
    """Read and check ``solo.toml``; ``circle_of(reader, id, path, lo)`` turns a sin id into a circle."""
    cards = []
    for i, e in enumerate(table_list(r, "card")):
        cards.append(
            SoloCard(
                i,
                e.text("id"),
                e.text("name"),
                e.num("moves", 0, 3),
                e.text("pick", PICKS),
                e.text("route", ROUTES),
                e.text("accuse", ACCUSE),
                e.num("infamy", 0),
                e.flag("passage"),
            )
        )
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids) or not cards:
        raise r.fail("card", "at least one card, and card ids must be unique")
    variants: dict[str, SoloVariant] = {}
    for i, v in enumerate(table_list(r, "variant")):
        levels: dict[str, SoloLevel] = {}
        for lv in table_list(v, "level"):
            deck = tuple(ids.index(lv.check_str(x, f"deck[{k}]", tuple(ids))) for k, x in enumerate(lv.seq("deck")))
            if not deck:
                raise lv.fail("deck", "the Rival's deck needs at least one card")
            tracks = tuple(circle_of(lv, x, "start_tracks", 2) for x in lv.seq("start_tracks"))
            lid = lv.text("id", LEVELS)
            levels[lid] = SoloLevel(
                lid, deck, lv.num("cards_per_turn", 1, 3), lv.num("infamy_per_turn", 0), tracks, lv.num("target", 0)
            )
        if set(levels) != set(LEVELS):
            raise v.fail("level", f"each variant needs the levels {', '.join(LEVELS)}")
        vid = v.text("id")
        if vid in variants:
            raise r.fail(f"variant[{i}].id", f"duplicate variant {vid!r}")
        variants[vid] = SoloVariant(vid, v.text("name"), v.text("description"), v.text("win", WINS), levels)
    if not variants:
        raise r.fail("variant", "at least one variant is needed")
    ranks = []
    for i, row in enumerate(r.seq("ranks.table")):
        if not isinstance(row, Mapping):
            raise r.fail(f"ranks.table[{i}]", "expected a table")
        er = Reader(r.file, row, f"ranks.table[{i}].")
        ranks.append(SoloRank(er.text("name"), er.flag("won"), er.num("min_margin")))
    for won in (True, False):
        if not any(x.won == won for x in ranks):
            raise r.fail("ranks.table", "the table needs ranks for both a won and a lost game")
    digest = hashlib.sha256(json.dumps(r.tree, sort_keys=True).encode()).hexdigest()[:16]
    return SoloData(
        r.text("opponent.name"),
        r.flag("opponent.trade_half_diplomas_at_once"),
        tuple(cards),
        variants,
        tuple(ranks),
        digest,
    )


@dataclass(frozen=True, slots=True)
class SoloConfig:
    """The solo game's settings: a variant of ``solo.toml`` and a level (easy, medium or hard)."""

    variant: str = "rival"
    level: str = "medium"

    def to_dict(self) -> dict[str, str]:
        return {"variant": self.variant, "level": self.level}


class SoloState:
    """The Rival's deck: ``deck`` top first (-1 = hidden in a view beyond the next card)."""

    __slots__ = ("deck", "discard", "last", "shuffles")

    deck: list[int]
    discard: list[int]
    last: list[int]  # the cards it played on its last turn
    shuffles: int  # times its discard pile was reshuffled into a new deck

    def copy(self) -> SoloState:
        c = SoloState()
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.last = self.last[:]
        c.shuffles = self.shuffles
        return c

    def to_dict(self) -> dict[str, Any]:
        return {"deck": self.deck[:], "discard": self.discard[:], "last": self.last[:], "shuffles": self.shuffles}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SoloState:
        c = cls()
        c.deck = [int(x) for x in d["deck"]]
        c.discard = [int(x) for x in d["discard"]]
        c.last = [int(x) for x in d.get("last", [])]
        c.shuffles = int(d.get("shuffles", 0))
        return c


register_frozen(SoloCard, SoloLevel, SoloVariant, SoloRank, SoloData, SoloConfig)
