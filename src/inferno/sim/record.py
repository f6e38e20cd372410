"""One simulated game as a record: config, outcome, score breakdown, Infamy by source, length, visits.

Everything is read from the engine: ``result()`` for the outcome and the S3 steps, the event log
(``Event.source``/``points``) for Infamy by source and Urchins adopted, the actions the bots chose
for visits, accusations and councils, the pending decision and its legal actions (tallied while the
game is played, :class:`DecisionTally`) for the options a council or a safe passage had, and the
final state for the Diplomas held and what each scored. A record converts to a nested dict (JSON
Lines) and to a flat row (CSV, Parquet) and back without loss; records written before a field
existed load with that field at zero (or empty).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from inferno.rules.actions import Act, Action, Decision
from inferno.rules.events import Event
from inferno.rules.scoring import STEPS, result
from inferno.rules.solo import RIVAL
from inferno.rules.state import EMPTY, State
from inferno.rules.variants import game_side_variant

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
    "councils_with_alternative",
    "councils_bribe_only",
    "councils_forced",
    "bonfire_offers",
    "bonfire_passages",
    "urchins",
)
CIRCLES = tuple(range(1, 10))
SIN_CIRCLES = tuple(range(2, 10))  # the circles with a Sin Track, a Diploma and a Phlegethon cube


@dataclass(slots=True)
class DecisionTally:
    """What one seat's decisions offered and what it chose, counted while the game is played (a
    record cannot see the legal options afterwards).

    A council is "with an alternative" when sending a family member or accusing was legal at the
    same decision, "bribe only" when the only other legal action was to bribe Charon (whether a
    bribe would have opened a send or an accusation is not looked into), and "forced" when it was
    the only legal action.
    """

    passage_offers: int = 0  # decisions at which a safe passage could be placed (any decision)
    bonfire_offers: int = 0  # BONFIRE choices (second action) at which a safe passage could be placed
    bonfire_passages: int = 0  # ... and one was placed
    councils_with_alternative: int = 0
    councils_bribe_only: int = 0
    councils_forced: int = 0

    def count(self, decision: Decision, legal: Sequence[Action], choice: Action) -> None:
        """Tally one decision: its kind, its legal actions and the action chosen."""
        gate = any(a.kind == Act.GATE for a in legal)
        if gate:
            self.passage_offers += 1
            if decision == Decision.BONFIRE_SECOND:
                self.bonfire_offers += 1
                self.bonfire_passages += choice.kind == Act.GATE
        if choice.kind == Act.COUNCIL:
            kinds = {a.kind for a in legal}
            if Act.SEND in kinds or Act.ACCUSE in kinds:
                self.councils_with_alternative += 1
            elif Act.BRIBE in kinds:
                self.councils_bribe_only += 1
            else:
                self.councils_forced += 1


@dataclass(frozen=True, slots=True)
class DiplomaScore:
    """A Diploma held at the end: its circle, the Phlegethon value (the multiplier) and Skull level
    it scored at, and the points it scored (rulebook p.16–17, final scoring)."""

    circle: int
    phlegethon: int
    level: int
    points: int

    def text(self) -> str:
        """Compact form for a flat row: ``circle:phlegethonxlevel=points``."""
        return f"{self.circle}:{self.phlegethon}x{self.level}={self.points}"

    @classmethod
    def parse(cls, text: str) -> DiplomaScore:
        m = _DIPLOMA_TEXT.fullmatch(text)
        if m is None:
            raise ValueError(f"not a Diploma score: {text!r}")
        return cls(*(int(g) for g in m.groups()))


_DIPLOMA_TEXT = re.compile(r"(\d+):(\d+)x(\d+)=(-?\d+)")


def _diplomas_text(scores: Sequence[DiplomaScore]) -> str:
    return " ".join(d.text() for d in scores)


def _diplomas_parse(text: Any) -> tuple[DiplomaScore, ...]:
    if text is None or (isinstance(text, float) and text != text):  # a missing Parquet/pandas value
        return ()
    return tuple(DiplomaScore.parse(x) for x in str(text).split())


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
    # The competence profile (see DecisionTally); zero in records written before they existed.
    councils_with_alternative: int = 0
    councils_bribe_only: int = 0
    councils_forced: int = 0
    bonfire_offers: int = 0
    bonfire_passages: int = 0
    urchins: int = 0  # Urchins adopted at the HAYSTACK
    diploma_scores: tuple[DiplomaScore, ...] = ()  # the Diplomas held at the end, by circle

    def to_dict(self) -> dict[str, Any]:
        d = {name: getattr(self, name) for name in self.__slots__}
        for key in ("steps", "sources", "visits"):
            d[key] = dict(d[key])
        d["diploma_scores"] = [
            {"circle": x.circle, "phlegethon": x.phlegethon, "level": x.level, "points": x.points}
            for x in self.diploma_scores
        ]
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
            diploma_scores=tuple(
                DiplomaScore(int(x["circle"]), int(x["phlegethon"]), int(x["level"]), int(x["points"]))
                for x in d.get("diploma_scores", ())
            ),
            **{name: int(d.get(name, 0)) for name in _SEAT_INTS},
        )


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One finished game. ``turns`` counts turns started; ``decisions`` counts actions applied.

    ``empty_shields`` gives the empty shields of circles 1..9 at the end (after Pits are removed),
    ``dante_moves`` how often an accusation moved Dante, out of ``dante_stops`` stops on his path.
    ``rival_accusations`` counts the solo game's Rival's accusations (which move Dante too; 0 in a game
    with more players). ``full_circles`` and ``limbo_full`` are read from ``empty_shields``.
    ``phlegethon`` gives the Phlegethon cubes of circles 2..9 at the end (after final scoring moved
    them) and ``phlegethon_min`` the rules data's lowest value for a cube (rulebook p.16–17).
    ``side_variant`` marks a game played on another board side than its player count's (a named
    variant); files write it only for such games.
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
    rival_accusations: int = 0
    phlegethon: tuple[int, ...] = ()
    phlegethon_min: int = 0
    side_variant: bool = False

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(r.seat for r in self.seats if r.winner)

    @property
    def bots(self) -> tuple[str, ...]:
        return tuple(r.bot for r in self.seats)

    @property
    def accusations(self) -> int:
        return sum(r.accusations for r in self.seats)

    @property
    def full_circles(self) -> int:
        """Sin circles (2–9) with no empty shield at the end (0 in records without empty shields)."""
        return sum(1 for k, e in zip(CIRCLES, self.empty_shields, strict=False) if k in SIN_CIRCLES and e == 0)

    @property
    def limbo_full(self) -> bool:
        """Whether Limbo (circle 1) has no empty shield at the end."""
        return bool(self.empty_shields) and self.empty_shields[0] == 0

    @property
    def phlegethon_at_minimum(self) -> int:
        """Phlegethon cubes at their minimum at the end (0 in records without the cubes)."""
        return sum(1 for v in self.phlegethon if v <= self.phlegethon_min)

    def to_dict(self) -> dict[str, Any]:
        """Nested, JSON-ready form (one JSON Lines record)."""
        variant = {"side_variant": True} if self.side_variant else {}
        return {
            "seed": self.seed,
            "players": self.players,
            "side": self.side,
            **variant,
            "rules": self.rules,
            "bots": list(self.bots),
            "winners": list(self.winners),
            "sudden_death": self.sudden_death,
            "ended_by": self.ended_by,
            "turns": self.turns,
            "decisions": self.decisions,
            "accusations": self.accusations,
            "empty_shields": list(self.empty_shields),
            "full_circles": self.full_circles,
            "limbo_full": self.limbo_full,
            "dante_moves": self.dante_moves,
            "dante_stops": self.dante_stops,
            "rival_accusations": self.rival_accusations,
            "phlegethon": list(self.phlegethon),
            "phlegethon_min": self.phlegethon_min,
            "phlegethon_at_minimum": self.phlegethon_at_minimum,
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
            rival_accusations=int(d.get("rival_accusations", 0)),
            phlegethon=tuple(int(v) for v in d.get("phlegethon", ())),
            phlegethon_min=int(d.get("phlegethon_min", 0)),
            side_variant=d.get("side_variant") is True,
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
        if self.players == 1:  # the solo game only, so files of other games keep their columns
            row["rival_accusations"] = self.rival_accusations
        if self.side_variant:  # likewise only a game on another board side than its player count's
            row["side_variant"] = True
        for k, v in zip(CIRCLES, self.empty_shields, strict=False):
            row[f"empty_c{k}"] = v
        row["full_circles"] = self.full_circles
        row["limbo_full"] = self.limbo_full
        if self.phlegethon:  # records written before the cubes existed keep their columns
            for k, v in zip(SIN_CIRCLES, self.phlegethon, strict=False):
                row[f"phleg_c{k}"] = v
            row["phleg_min"] = self.phlegethon_min
        for r in self.seats:
            pre = f"s{r.seat}_"
            row[pre + "bot"] = r.bot
            row[pre + "winner"] = r.winner
            for name in _SEAT_INTS:
                row[pre + name] = getattr(r, name)
            row[pre + "diploma_scores"] = _diplomas_text(r.diploma_scores)
            for group, values in (("step", r.steps), ("src", r.sources), ("visit", r.visits)):
                for key, v in values.items():
                    row[f"{pre}{group}_{key}"] = v
        return row

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> GameSummary:
        """Inverse of :meth:`to_row`; accepts CSV strings as well as typed Parquet values (the derived
        ``full_circles`` and ``limbo_full`` columns are not read back)."""
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
                    diploma_scores=_diplomas_parse(row.get(pre + "diploma_scores")),
                    **{name: int(row.get(pre + name, 0)) for name in _SEAT_INTS},
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
            rival_accusations=int(row.get("rival_accusations", 0)),
            phlegethon=tuple(int(row[f"phleg_c{k}"]) for k in SIN_CIRCLES if f"phleg_c{k}" in row),
            phlegethon_min=int(row.get("phleg_min", 0)),
            side_variant=_as_bool(row.get("side_variant") or False),
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


def diploma_scores(s: State, events: Iterable[Event]) -> list[tuple[DiplomaScore, ...]]:
    """Per player of the finished game ``s``, the Diplomas held with the Phlegethon value and Skull
    level they scored at (read from the final state) and the points the engine's "diplomas" Infamy
    events gave them (one per Diploma, scored from circle 2 down; rulebook p.16–17)."""
    n = len(s.players)
    points: list[list[int]] = [[] for _ in range(n)]
    for e in events:
        if e.kind == "score" and e.source == "diplomas" and 0 <= e.player < n:
            points[e.player].append(e.points)
    out = []
    for p, pl in enumerate(s.players):
        held = [c for c in SIN_CIRCLES if pl.diplomas >> c & 1]
        if len(held) != len(points[p]):
            raise ValueError(f"player {p} holds {len(held)} Diplomas but {len(points[p])} were scored")
        out.append(
            tuple(DiplomaScore(c, s.phleg[c], pl.tracks[c], pts) for c, pts in zip(held, points[p], strict=True))
        )
    return out


def summarise(
    s: State,
    bots: Iterable[str],
    moves: Iterable[tuple[int, Action]],
    events: list[Event],
    tallies: Sequence[DecisionTally] | None = None,
) -> GameSummary:
    """Build the record of the finished game ``s``; ``moves`` are (player, action) pairs in order.

    ``tallies`` gives, per player, what the decisions offered (see :class:`DecisionTally`); without
    it those counts are zero.
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
    urchins = [0] * n
    dante_moves = 0
    rival_accusations = 0
    for e in events:
        if e.kind == "accuse" and s.solo is not None and e.player == RIVAL:
            rival_accusations += 1
        elif e.kind == "bonus" and 0 <= e.player < n:
            bonuses[e.player] += 1
        elif e.kind == "haystack" and 0 <= e.player < n:
            urchins[e.player] += 1
        elif e.kind == "dante":
            dante_moves += 1
    tally = list(tallies) if tallies is not None else [DecisionTally() for _ in range(n)]
    sources = infamy_by_source(events, n)
    diplomas = diploma_scores(s, events)
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
            passage_offers=tally[pr.player].passage_offers,
            steps={step: pr.steps[step] for step in STEPS},
            sources=sources[pr.player],
            visits=visits[pr.player],
            councils_with_alternative=tally[pr.player].councils_with_alternative,
            councils_bribe_only=tally[pr.player].councils_bribe_only,
            councils_forced=tally[pr.player].councils_forced,
            bonfire_offers=tally[pr.player].bonfire_offers,
            bonfire_passages=tally[pr.player].bonfire_passages,
            urchins=urchins[pr.player],
            diploma_scores=diplomas[pr.player],
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
        rival_accusations=rival_accusations,
        phlegethon=tuple(s.phleg[k] for k in SIN_CIRCLES),
        phlegethon_min=s.rules.phleg_min,
        side_variant=game_side_variant(s) is not None,
    )
