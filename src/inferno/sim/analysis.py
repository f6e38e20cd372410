"""Statistics over simulated games: win rate by seat and by bot (Wilson intervals), score
distributions, Infamy by source, game length, location visits, Hell's circles at the end, and a test
of seat fairness."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from inferno.rules.scoring import STEPS
from inferno.sim.record import CIRCLES, SOURCES, GameSummary
from inferno.sim.writers import SimFileError

Z95 = 1.959963984540054


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default); (0, 1) when there are no games."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    low = 0.0 if wins == 0 else max(0.0, min(p, centre - half))
    high = 1.0 if wins == games else min(1.0, max(p, centre + half))
    return low, high


def chi2_sf(x: float, df: int) -> float:
    """Survival function of the chi-square distribution for a whole number of degrees of freedom."""
    if df < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if x <= 0:
        return 1.0
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= (x / 2) / i
            total += term
        return math.exp(-x / 2) * total
    total = math.erfc(math.sqrt(x / 2))
    term = math.sqrt(2 * x / math.pi) * math.exp(-x / 2)  # i = 1: x^(1/2) / 1!!
    for i in range(1, (df + 1) // 2):
        total += term
        term *= x / (2 * i + 1)
    return min(1.0, total)


@dataclass(frozen=True, slots=True)
class Distribution:
    """Summary of a list of numbers."""

    mean: float
    sd: float
    min: float
    q1: float
    median: float
    q3: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Distribution:
        if not values:
            raise ValueError("no values")
        if len(values) == 1:
            v = float(values[0])
            return cls(v, 0.0, v, v, v, v, v)
        q1, med, q3 = statistics.quantiles(values, n=4, method="inclusive")
        return cls(statistics.fmean(values), statistics.stdev(values), min(values), q1, med, q3, max(values))


@dataclass(frozen=True, slots=True)
class WinRate:
    """Wins (shared wins included) out of games, with a 95% Wilson interval."""

    label: str
    games: int
    wins: int
    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, label: str, wins: int, games: int) -> WinRate:
        low, high = wilson(wins, games)
        return cls(label, games, wins, wins / games if games else 0.0, low, high)


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One seat over all games: win rate, final Infamy, and per-game means of everything else."""

    seat: int
    win: WinRate
    infamy: Distribution
    before_final: float
    steps: dict[str, float]
    sources: dict[str, float]
    visits: dict[str, float]
    loans: float
    accusations: float
    councils: float


@dataclass(frozen=True, slots=True)
class CircleEnd:
    """One circle of Hell at the end of the games: its mean empty shields and how often it was full."""

    circle: int  # 1 (Limbo) to 9
    empty: float  # mean empty shields at the end (after Geryon's Pits are removed)
    full: WinRate  # games that ended with no empty shield in the circle


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything ``inferno analyse`` reports about one file."""

    games: int
    players: int
    sides: tuple[str, ...]  # "III/IV", or "III/IV (variant)" for games on another side than the player count's
    shared_wins: int  # games with more than one winner
    seats: tuple[SeatStats, ...]
    bots: tuple[WinRate, ...]  # per bot spec, over every seat it played
    turns: Distribution
    decisions: Distribution
    accusations: Distribution
    sudden_death: WinRate  # share of games ended by sudden death
    visits_winners: dict[str, float]  # mean visits per location of a winning seat in a game
    visits_others: dict[str, float]  # ... and of a seat that did not win
    seat_chi2: float  # sole wins by seat against equal shares
    seat_p: float
    circles: tuple[CircleEnd, ...] = ()  # circles 1-9 at the end (empty in records without empty shields)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def seat_fairness(records: Sequence[GameSummary], n: int) -> tuple[float, float]:
    """Chi-square statistic and p-value of the sole wins by seat against equal shares ((0, 1) if none)."""
    sole = [0] * n
    for r in records:
        if len(r.winners) == 1:
            sole[r.winners[0]] += 1
    total = sum(sole)
    if n < 2 or not total:
        return 0.0, 1.0
    expected = total / n
    chi2 = sum((k - expected) ** 2 / expected for k in sole)
    return chi2, chi2_sf(chi2, n - 1)


def analyse(records: Sequence[GameSummary]) -> Analysis:
    """Summarise games that share a player count."""
    if not records:
        raise SimFileError("no games to analyse")
    counts = {r.players for r in records}
    if len(counts) > 1:
        raise SimFileError(f"games with different player counts ({sorted(counts)}): analyse each separately")
    n = counts.pop()
    games = len(records)
    seats = []
    for seat in range(n):
        rows = [r.seats[seat] for r in records]
        seats.append(
            SeatStats(
                seat=seat,
                win=WinRate.of(f"seat {seat + 1}", sum(1 for x in rows if x.winner), games),
                infamy=Distribution.of([x.infamy for x in rows]),
                before_final=_mean([x.before_final for x in rows]),
                steps={k: _mean([x.steps.get(k, 0) for x in rows]) for k in STEPS},
                sources={k: _mean([x.sources.get(k, 0) for x in rows]) for k in SOURCES},
                visits={k: _mean([x.visits[k] for x in rows]) for k in rows[0].visits},
                loans=_mean([x.loans for x in rows]),
                accusations=_mean([x.accusations for x in rows]),
                councils=_mean([x.councils for x in rows]),
            )
        )
    bot_games: dict[str, int] = {}
    bot_wins: dict[str, int] = {}
    for r in records:
        for x in r.seats:
            bot_games[x.bot] = bot_games.get(x.bot, 0) + 1
            bot_wins[x.bot] = bot_wins.get(x.bot, 0) + x.winner
    chi2, p = seat_fairness(records, n)
    locations = list(records[0].seats[0].visits)
    won = [x for r in records for x in r.seats if x.winner]
    lost = [x for r in records for x in r.seats if not x.winner]
    return Analysis(
        games=games,
        players=n,
        sides=tuple(sorted({f"{r.side} (variant)" if r.side_variant else r.side for r in records})),
        shared_wins=sum(1 for r in records if len(r.winners) > 1),
        seats=tuple(seats),
        bots=tuple(WinRate.of(b, bot_wins[b], bot_games[b]) for b in sorted(bot_games)),
        turns=Distribution.of([r.turns for r in records]),
        decisions=Distribution.of([r.decisions for r in records]),
        accusations=Distribution.of([r.accusations for r in records]),
        sudden_death=WinRate.of("sudden death", sum(1 for r in records if r.sudden_death), games),
        seat_chi2=chi2,
        seat_p=p,
        visits_winners={k: _mean([x.visits[k] for x in won]) for k in locations},
        visits_others={k: _mean([x.visits[k] for x in lost]) for k in locations},
        circles=circles_at_end(records),
    )


def circles_at_end(records: Sequence[GameSummary]) -> tuple[CircleEnd, ...]:
    """Each circle's empty shields at the end and its share of full endings (games whose records keep
    their empty shields; none when no record does)."""
    kept = [r.empty_shields for r in records if len(r.empty_shields) == len(CIRCLES)]
    if not kept:
        return ()
    return tuple(
        CircleEnd(
            c, _mean([e[i] for e in kept]), WinRate.of(f"circle {c}", sum(1 for e in kept if e[i] == 0), len(kept))
        )
        for i, c in enumerate(CIRCLES)
    )
