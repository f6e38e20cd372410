"""One simulated game as a record: config, outcome, score breakdown, Infamy by source, length, visits.

Everything is read from the engine: ``result()`` for the outcome and the S3 steps, the event log
(``Event.source``/``points``) for Infamy by source, and the actions the bots chose for visits,
accusations and councils. A record converts to a nested dict (JSON Lines) and to a flat row
(CSV, Parquet) and back without loss.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from inferno.rules.actions import Act, Action
from inferno.rules.events import Event
from inferno.rules.scoring import STEPS, result
from inferno.rules.state import EMPTY, State

# The engine's Infamy sources (Event.source of "score" events). Anything else is counted as "other",
# which a test keeps at zero so a new engine source cannot go unnoticed.
PLAY_SOURCES = ("souls", "tracks", "barrels", "dante", "council", "loans")
FINAL_SOURCES = ("final_fraud", "diplomas", "loan_end", "reputation")
SOURCES = (*PLAY_SOURCES, *FINAL_SOURCES, "other")

_SEAT_INTS = (
    "infamy",
    "before_final",
    "rank",
    "diplomas",
    "loans",
    "accusations",
    "councils",
    "bonuses",
    "passages",
    "passage_offers",
)
CIRCLES = tuple(range(1, 10))


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat's game: final standing, S3 steps, Infamy by source and where its family went."""

    seat: int
    bot: str
    infamy: int
    before_final: int
    rank: int
    winner: bool
    diplomas: int
    loans: int
    accusations: int
    councils: int
    bonuses: int
    passages: int  # safe passages placed by choice
    passage_offers: int  # decisions at which a safe passage could be placed
    steps: dict[str, int]
    sources: dict[str, int]
    visits: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        d = {name: getattr(self, name) for name in self.__slots__}
        for key in ("steps", "sources", "visits"):
            d[key] = dict(d[key])
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SeatRecord:
        return cls(
            seat=int(d["seat"]),
            bot=str(d["bot"]),
            winner=bool(d["winner"]),
            steps={str(k): int(v) for k, v in d["steps"].items()},
            sources={str(k): int(v) for k, v in d["sources"].items()},
            visits={str(k): int(v) for k, v in d["visits"].items()},
            **{name: int(d.get(name, 0)) for name in _SEAT_INTS},
        )


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One finished game. ``turns`` counts turns started; ``decisions`` counts actions applied.

    ``empty_shields`` gives the empty shields of circles 1..9 at the end (after Pits are removed),
    ``dante_moves`` how often an accusation moved Dante, out of ``dante_stops`` stops on his path.
    """

    seed: int
    players: int
    side: str
    rules: str  # fingerprint of the rules data the game used
    sudden_death: bool
    ended_by: int
    turns: int
    decisions: int
    seats: tuple[SeatRecord, ...]
    empty_shields: tuple[int, ...] = ()
    dante_moves: int = 0
    dante_stops: int = 0

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(r.seat for r in self.seats if r.winner)

    @property
    def bots(self) -> tuple[str, ...]:
        return tuple(r.bot for r in self.seats)

    @property
    def accusations(self) -> int:
        return sum(r.accusations for r in self.seats)

    def to_dict(self) -> dict[str, Any]:
        """Nested, JSON-ready form (one JSON Lines record)."""
        return {
            "seed": self.seed,
            "players": self.players,
            "side": self.side,
            "rules": self.rules,
            "bots": list(self.bots),
            "winners": list(self.winners),
            "sudden_death": self.sudden_death,
            "ended_by": self.ended_by,
            "turns": self.turns,
            "decisions": self.decisions,
            "accusations": self.accusations,
            "empty_shields": list(self.empty_shields),
            "dante_moves": self.dante_moves,
            "dante_stops": self.dante_stops,
            "seats": [r.to_dict() for r in self.seats],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameSummary:
        return cls(
            seed=int(d["seed"]),
            players=int(d["players"]),
            side=str(d["side"]),
            rules=str(d["rules"]),
            sudden_death=bool(d["sudden_death"]),
            ended_by=int(d["ended_by"]),
            turns=int(d["turns"]),
            decisions=int(d["decisions"]),
            seats=tuple(SeatRecord.from_dict(r) for r in d["seats"]),
            empty_shields=tuple(int(v) for v in d.get("empty_shields", ())),
            dante_moves=int(d.get("dante_moves", 0)),
            dante_stops=int(d.get("dante_stops", 0)),
        )

    def to_row(self) -> dict[str, Any]:
        """Flat form (one CSV/Parquet row): game columns, then ``s<seat>_<field>`` per seat."""
        row: dict[str, Any] = {
            "seed": self.seed,
            "players": self.players,
            "side": self.side,
            "rules": self.rules,
            "sudden_death": self.sudden_death,
            "ended_by": self.ended_by,
            "turns": self.turns,
            "decisions": self.decisions,
            "dante_moves": self.dante_moves,
            "dante_stops": self.dante_stops,
        }
        for k, v in zip(CIRCLES, self.empty_shields, strict=False):
            row[f"empty_c{k}"] = v
        for r in self.seats:
            pre = f"s{r.seat}_"
            row[pre + "bot"] = r.bot
            row[pre + "winner"] = r.winner
            for name in _SEAT_INTS:
                row[pre + name] = getattr(r, name)
            for group, values in (("step", r.steps), ("src", r.sources), ("visit", r.visits)):
                for key, v in values.items():
                    row[f"{pre}{group}_{key}"] = v
        return row

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> GameSummary:
        """Inverse of :meth:`to_row`; accepts CSV strings as well as typed Parquet values."""
        players = int(row["players"])
        seats = []
        for seat in range(players):
            pre = f"s{seat}_"
            groups: dict[str, dict[str, int]] = {"step": {}, "src": {}, "visit": {}}
            for key, v in row.items():
                if key.startswith(pre):
                    group, _, name = key[len(pre) :].partition("_")
                    if group in groups and name:
                        groups[group][name] = int(v)
            seats.append(
                SeatRecord(
                    seat=seat,
                    bot=str(row[pre + "bot"]),
                    winner=_as_bool(row[pre + "winner"]),
                    steps=groups["step"],
                    sources=groups["src"],
                    visits=groups["visit"],
                    **{name: int(row[pre + name]) for name in _SEAT_INTS},
                )
            )
        return cls(
            seed=int(row["seed"]),
            players=players,
            side=str(row["side"]),
            rules=str(row["rules"]),
            sudden_death=_as_bool(row["sudden_death"]),
            ended_by=int(row["ended_by"]),
            turns=int(row["turns"]),
            decisions=int(row["decisions"]),
            seats=tuple(seats),
            empty_shields=tuple(int(row[f"empty_c{k}"]) for k in CIRCLES if f"empty_c{k}" in row),
            dante_moves=int(row.get("dante_moves", 0)),
            dante_stops=int(row.get("dante_stops", 0)),
        )


def _as_bool(v: Any) -> bool:
    if isinstance(v, str):
        if v not in ("True", "False"):
            raise ValueError(f"not a boolean: {v!r}")
        return v == "True"
    return bool(v)


def infamy_by_source(events: Iterable[Event], players: int) -> list[dict[str, int]]:
    """Sum each player's Infamy changes by the engine's source tag (unknown tags go to "other")."""
    out = [dict.fromkeys(SOURCES, 0) for _ in range(players)]
    for e in events:
        if e.points and 0 <= e.player < players:  # a solo game's Rival (index 1) takes no seat
            key = e.source if e.source in out[e.player] else "other"
            out[e.player][key] += e.points
    return out


def empty_shields(s: State) -> tuple[int, ...]:
    """Empty shields of circles 1..9 in ``s``."""
    return tuple(sum(1 for i in s.board.circle_shields[k] if s.hell[i] == EMPTY) for k in CIRCLES)


def summarise(
    s: State,
    bots: Iterable[str],
    moves: Iterable[tuple[int, Action]],
    events: list[Event],
    passage_offers: Sequence[int] | None = None,
) -> GameSummary:
    """Build the record of the finished game ``s``; ``moves`` are (player, action) pairs in order.

    ``passage_offers`` counts, per player, the decisions at which placing a safe passage was legal.
    """
    res = result(s)
    n = s.num_players
    loc_ids = [loc.id for loc in s.rules.locations]
    visits = [dict.fromkeys(loc_ids, 0) for _ in range(n)]
    accusations = [0] * n
    councils = [0] * n
    passages = [0] * n
    for p, a in moves:
        if a.kind == Act.SEND:
            visits[p][loc_ids[a.a]] += 1
        elif a.kind == Act.ACCUSE:
            accusations[p] += 1
        elif a.kind == Act.COUNCIL:
            councils[p] += 1
        elif a.kind == Act.GATE:
            passages[p] += 1
    bonuses = [0] * n
    dante_moves = 0
    for e in events:
        if e.kind == "bonus" and e.player >= 0:
            bonuses[e.player] += 1
        elif e.kind == "dante":
            dante_moves += 1
    offers = list(passage_offers) if passage_offers is not None else [0] * n
    sources = infamy_by_source(events, n)
    seats = tuple(
        SeatRecord(
            seat=pr.player,
            bot=bot,
            infamy=pr.infamy,
            before_final=pr.before_final,
            rank=pr.rank,
            winner=pr.winner,
            diplomas=pr.diplomas,
            loans=s.players[pr.player].loans,
            accusations=accusations[pr.player],
            councils=councils[pr.player],
            bonuses=bonuses[pr.player],
            passages=passages[pr.player],
            passage_offers=offers[pr.player],
            steps={step: pr.steps[step] for step in STEPS},
            sources=sources[pr.player],
            visits=visits[pr.player],
        )
        for pr, bot in zip(res.players, bots, strict=True)
    )
    return GameSummary(
        seed=s.config.require_seed(),
        players=n,
        side=s.config.side,
        rules=s.rules.fingerprint,
        sudden_death=res.sudden_death,
        ended_by=res.ended_by,
        turns=s.turn,
        decisions=s.version,
        seats=seats,
        empty_shields=empty_shields(s),
        dante_moves=dante_moves,
        dante_stops=len(s.stops),
    )
