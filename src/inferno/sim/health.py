"""The data-health report: how a set of rules data plays, measured by simulated games.

For each player count on its legal board side, a line-up of bots plays a sample of seeded games and
the report gives, with 95% intervals: the share of sudden-death endings, rounds and decisions per
game, accusations against the stops on Dante's path, points by source, win rate by seat, empty
shields per circle at the end, and how often each location and safe passage is used. ``targets``
says which of the calibration targets the data meets, each with its source and the way to fix the data
(see :mod:`inferno.sim.targets`).

Each player count also carries the competence profile of every bot in the line-up
(:func:`competence_profile`): how often it holds a council while it could act, takes loans, adopts
Urchins, where its Diplomas score and where its points come from. The same profile is what
``python -m inferno.bots.habits`` prints; it tells a bot's habit from a property of the game.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from inferno.rules.pack import load_rules
from inferno.rules.pnp import data_provenance, default_side
from inferno.rules.provenance import SeedConflict, contradicted_seeds
from inferno.sim.analysis import Z95, WinRate, seat_fairness, wilson
from inferno.sim.game import SimConfig
from inferno.sim.record import CIRCLES, SOURCES, GameSummary, SeatRecord
from inferno.sim.runner import local_results
from inferno.sim.strategy_comparison import PLAYERS, play_comparison
from inferno.sim.targets import (
    TARGETS,
    Estimate,
    Measures,
    StrategyComparison,
    Target,
    TargetKey,
    Verdict,
    check_comparison,
    check_count,
    check_rules,
    decisive_digits,
    number,
    percent,
    target,
)

# Points are grouped by what earned them; a seat's share of a group is taken over its gains only.
POINT_GROUPS: dict[str, tuple[str, ...]] = {
    "souls": ("souls",),
    "diplomas": ("diplomas",),
    "fraud": ("final_fraud",),
    "reputation": ("reputation",),
    "tracks": ("tracks",),
    "dante": ("dante",),
    "barrels": ("barrels",),
}
# How the point groups read in the report.
GROUP_WORDS = {
    "souls": "Souls",
    "diplomas": "Diplomas",
    "fraud": "Fraud cards",
    "reputation": "Reputation",
    "tracks": "track overflow",
    "dante": "Dante",
    "barrels": "Barrels",
}
LOSS_SOURCES = ("loans", "loan_end", "council")
LOAN_SOURCES = ("loans", "loan_end")


@dataclass(frozen=True, slots=True)
class Mean:
    """A sample mean with a 95% normal-approximation interval (cut at zero when no value crosses it)."""

    mean: float
    low: float
    high: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Mean:
        if not values:
            return cls(0.0, 0.0, 0.0, 0)
        m = statistics.fmean(values)
        if len(values) < 2:
            return cls(m, m, m, len(values))
        half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
        low, high = m - half, m + half
        if min(values) >= 0:  # a figure that is never negative (a count, a gain, a share) …
            low = max(0.0, low)
        if max(values) <= 0:  # … or never positive (a loss) keeps its interval on its side of zero
            high = min(0.0, high)
        return cls(m, low, high, len(values))

    def text(self, digits: int = 1, percent: bool = False, edges: Sequence[float] = ()) -> str:
        """The mean and its interval; ``edges`` (a target's bounds, as fractions when ``percent``) add
        decimals until the mean no longer prints on an edge it is not on (4.96% against 5%)."""
        k = 100.0 if percent else 1.0
        unit = "%" if percent else ""
        digits = decisive_digits(self.mean * k, [e * k for e in edges], digits)
        return f"{number(self.mean * k, digits)}{unit} ({number(self.low * k, digits)}–{number(self.high * k, digits)})"

    def estimate(self) -> Estimate:
        return Estimate(self.mean, self.low, self.high)


@dataclass(frozen=True, slots=True)
class Share:
    """A count out of a total, with a 95% Wilson interval."""

    count: int
    total: int
    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, count: int, total: int) -> Share:
        low, high = wilson(count, total)
        return cls(count, total, count / total if total else 0.0, low, high)

    def text(self, edges: Sequence[float] = ()) -> str:
        """``3 of 60: 5% (2%–14%)``, with the decimals that decide the rate against ``edges``."""
        d = decisive_digits(self.rate * 100, [e * 100 for e in edges], 0)
        return f"{self.count} of {self.total}: {percent(self.rate, d)} ({percent(self.low, d)}–{percent(self.high, d)})"


@dataclass(frozen=True, slots=True)
class Profile:
    """One bot's competence profile over the games of one player count.

    Per-seat figures are per seat and game: each game's mean over the bot's seats, then the mean over
    games with a normal 95% interval (seats of one game are not independent). Shares pool the counts
    and take a Wilson 95% interval. The Diploma figures are over every Diploma held at the end; the
    multiplier is its Phlegethon value.
    """

    bot: str
    players: int
    side: str
    games: int
    seats: int  # seat-games the bot played
    sudden_death: Share  # games ended by sudden death
    councils: Mean
    councils_with_alternative: Mean  # a send or an accusation was legal at the same decision
    councils_bribe_only: Mean  # the only other legal action was a bribe to Charon
    councils_forced: Mean  # the council was the only legal action
    councils_while_able: Share  # councils with an alternative, of all councils
    loans: Mean
    urchins: Mean  # Urchins adopted at the HAYSTACK
    bonfire_passages: Share  # safe passages placed at the BONFIRE, of the chances there
    full_circles: Mean  # per game: circles 2–9 with no empty shield at the end
    limbo_full: Share  # games ending with no empty shield in Limbo
    diplomas: Mean  # Diplomas held at the end
    multiplier: Mean  # per Diploma: the Phlegethon value it scored at
    skull_level: Mean  # per Diploma: the Skull level it scored at
    diploma_points: Mean  # per Diploma
    at_one: Share  # Diplomas scored at ×1, of all Diplomas
    points: dict[str, Mean]  # Infamy per seat and game by source

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _count(values: Sequence[float]) -> Mean:
    """The mean of a quantity that is never negative (its interval cut at zero)."""
    m = Mean.of(values)
    return Mean(m.mean, max(0.0, m.low), m.high, m.n)


def _points_from(source: str, x: SeatRecord) -> float:
    return x.sources.get(source, 0)


def _per_game(records: Sequence[GameSummary], bot: str, value: Callable[[SeatRecord], float]) -> list[float]:
    """Per game, the mean of ``value`` over the bot's seats."""
    return [statistics.fmean(value(x) for x in r.seats if x.bot == bot) for r in records]


def competence_profile(records: Sequence[GameSummary], bot: str) -> Profile:
    """The profile of ``bot`` over games of one player count (every seat it played)."""
    games = [r for r in records if any(x.bot == bot for x in r.seats)]
    if not games:
        raise ValueError(f"no games with {bot}")
    seats = [x for r in games for x in r.seats if x.bot == bot]
    scores = [d for x in seats for d in x.diploma_scores]
    councils = sum(x.councils for x in seats)
    return Profile(
        bot=bot,
        players=games[0].players,
        side=games[0].side,
        games=len(games),
        seats=len(seats),
        sudden_death=Share.of(sum(r.sudden_death for r in games), len(games)),
        councils=_count(_per_game(games, bot, lambda x: x.councils)),
        councils_with_alternative=_count(_per_game(games, bot, lambda x: x.councils_with_alternative)),
        councils_bribe_only=_count(_per_game(games, bot, lambda x: x.councils_bribe_only)),
        councils_forced=_count(_per_game(games, bot, lambda x: x.councils_forced)),
        councils_while_able=Share.of(sum(x.councils_with_alternative for x in seats), councils),
        loans=_count(_per_game(games, bot, lambda x: x.loans)),
        urchins=_count(_per_game(games, bot, lambda x: x.urchins)),
        bonfire_passages=Share.of(sum(x.bonfire_passages for x in seats), sum(x.bonfire_offers for x in seats)),
        full_circles=_count([r.full_circles for r in games]),
        limbo_full=Share.of(sum(r.limbo_full for r in games), len(games)),
        diplomas=_count(_per_game(games, bot, lambda x: x.diplomas)),
        multiplier=_count([d.phlegethon for d in scores]),
        skull_level=_count([d.level for d in scores]),
        diploma_points=_count([d.points for d in scores]),
        at_one=Share.of(sum(d.phlegethon == 1 for d in scores), len(scores)),
        points={src: Mean.of(_per_game(games, bot, partial(_points_from, src))) for src in SOURCES if src != "other"},
    )


def line_up_profiles(records: Sequence[GameSummary]) -> tuple[Profile, ...]:
    """The profile of each bot in the games, in the order they first sit."""
    bots = dict.fromkeys(x.bot for r in records for x in r.seats)
    return tuple(competence_profile(records, b) for b in bots)


# How the profile's point sources read in the report.
SOURCE_WORDS = {
    "souls": "Souls",
    "tracks": "track overflow",
    "barrels": "Barrels",
    "dante": "Dante",
    "council": "councils",
    "loans": "loans",
    "final_fraud": "Fraud cards at the end",
    "diplomas": "Diplomas",
    "loan_end": "the Loan track at the end",
    "reputation": "Reputation",
}


def profile_rows(p: Profile) -> list[tuple[str, str]]:
    """The profile's lines, as (figure, value with its 95% interval)."""
    rows = [
        ("games (seats)", f"{p.games} ({p.seats})"),
        ("sudden death", p.sudden_death.text(target(TargetKey.SUDDEN_DEATH).bounds.edges)),
        ("councils per seat", p.councils.text(2)),
        ("… while a send or accusation was legal", p.councils_with_alternative.text(2)),
        ("… while only a bribe was legal besides", p.councils_bribe_only.text(2)),
        ("… when nothing else was legal", p.councils_forced.text(2)),
        ("share of councils held while able to send or accuse", p.councils_while_able.text()),
        ("loans per seat", p.loans.text(2)),
        ("Urchins adopted per seat", p.urchins.text(2)),
        ("safe passages placed at the BONFIRE", p.bonfire_passages.text()),
        ("full circles 2–9 per game", p.full_circles.text(2)),
        ("games ending with Limbo full", p.limbo_full.text()),
        ("Diplomas held per seat", p.diplomas.text(2)),
        ("Diploma multiplier (Phlegethon)", p.multiplier.text(2)),
        ("Diploma Skull level", p.skull_level.text(2)),
        ("points per Diploma", p.diploma_points.text(1)),
        ("Diplomas scored at ×1", p.at_one.text()),
    ]
    rows += [(f"points from {SOURCE_WORDS.get(src, src)}", m.text(1)) for src, m in p.points.items()]
    return rows


@dataclass(frozen=True, slots=True)
class CountHealth:
    """How one player count plays on its side."""

    players: int
    side: str
    bots: tuple[str, ...]
    games: int
    sudden_death: WinRate
    rounds: Mean
    decisions: Mean
    accusations: Mean
    dante_moves: Mean
    dante_stops: int
    shares_winners: dict[str, Mean]  # share of a winning seat's gains by group
    shares_all: dict[str, Mean]  # the same over every seat
    losses: Mean  # points lost per seat to loans and councils
    loan_losses: Mean  # ... to loans (while playing and at the end)
    council_losses: Mean  # ... to councils
    infamy: Mean  # final Infamy per seat
    loans: Mean  # loans per seat
    seat_wins: tuple[WinRate, ...]
    seat_p: float
    empty_shields: tuple[Mean, ...]  # per circle 1..9, at the end of every game
    empty_shields_normal: tuple[Mean, ...]  # the same over games that ended normally
    shields: tuple[int, ...]  # shields per circle on this side
    visits: dict[str, Mean]  # per game, all seats together
    passages: Mean  # safe passages placed per seat
    passage_offers: Mean  # decisions per seat at which one could be placed
    full_circles: Mean  # per game: sin circles (2–9) with no empty shield at the end
    phlegethon_at_minimum: Mean  # per game: the share of Phlegethon cubes at their minimum at the end
    profiles: tuple[Profile, ...] = ()  # one per bot in the line-up
    checks: tuple[Verdict, ...] = field(default=())  # the game targets' verdicts
    rival: str = ""  # a solo game's opponent, by name ("" with 2 or more players)
    rival_accusations: Mean = Mean(0.0, 0.0, 0.0, 0)  # the solo opponent's accusations per game

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def judged_shares(self) -> dict[str, Mean]:
        """The point shares the targets judge: the winners', or in a solo game the player's (who wins
        only when beating the Rival)."""
        return self.shares_all if self.players == 1 else self.shares_winners

    def measures(self) -> Measures:
        """The figures the targets judge (see :func:`inferno.sim.targets.check_count`)."""
        sd = self.sudden_death
        return Measures(
            players=self.players,
            games=self.games,
            sudden_death=Estimate(sd.rate, sd.low, sd.high),
            full_circles=self.full_circles.estimate(),
            phlegethon_at_minimum=_estimate(self.phlegethon_at_minimum),
            souls_share=_estimate(self.judged_shares["souls"]),
            diplomas_share=_estimate(self.judged_shares["diplomas"]),
            rounds=self.rounds.estimate(),
            seat_p=self.seat_p,
        )

    def to_dict(self) -> dict[str, Any]:
        d = asdict(replace(self, checks=(), profiles=()))
        d["profiles"] = [p.to_dict() for p in self.profiles]
        d["checks"] = [v.to_dict() for v in self.checks]
        d["ok"] = self.ok
        return d


def seat_shares(r: SeatRecord) -> dict[str, float]:
    """The share of a seat's gains from each point group (0 everywhere when it gained nothing)."""
    gains = {g: sum(max(0, r.sources.get(src, 0)) for src in srcs) for g, srcs in POINT_GROUPS.items()}
    total = sum(gains.values())
    return {g: (v / total if total else 0.0) for g, v in gains.items()}


def _estimate(m: Mean) -> Estimate | None:
    """The mean as a target's figure (None when no game gave one)."""
    return m.estimate() if m.n else None


def _cut(m: Mean, top: float | None = None) -> Mean:
    """``m`` with its interval cut at zero (and at ``top``)."""
    high = m.high if top is None else min(top, m.high)
    return Mean(m.mean, max(0.0, m.low), high, m.n)


def summarise_count(
    records: Sequence[GameSummary], shields: Sequence[int], targets: Sequence[Target] = TARGETS, rival: str = ""
) -> CountHealth:
    """The health figures of games that share a player count and side, judged by ``targets`` (``rival``:
    the solo game's opponent, whose accusations are counted beside the player's)."""
    if not records:
        raise ValueError("no games")
    first = records[0]
    n = first.players
    seats = [x for r in records for x in r.seats]
    winners = [x for r in records for x in r.seats if x.winner]
    shares = [seat_shares(x) for x in seats]
    win_shares = [seat_shares(x) for x in winners]
    p_value = seat_fairness(records, n)[1]
    normal = [r for r in records if not r.sudden_death]
    locations = list(first.seats[0].visits)
    h = CountHealth(
        players=n,
        side=first.side,
        bots=first.bots,
        games=len(records),
        sudden_death=WinRate.of("sudden death", sum(r.sudden_death for r in records), len(records)),
        rounds=Mean.of([r.turns / n for r in records]),
        decisions=Mean.of([r.decisions for r in records]),
        accusations=Mean.of([r.accusations for r in records]),
        dante_moves=Mean.of([r.dante_moves for r in records]),
        dante_stops=first.dante_stops,
        shares_winners={g: _cut(Mean.of([s[g] for s in win_shares]), 1.0) for g in POINT_GROUPS},
        shares_all={g: _cut(Mean.of([s[g] for s in shares]), 1.0) for g in POINT_GROUPS},
        losses=Mean.of([sum(x.sources.get(src, 0) for src in LOSS_SOURCES) for x in seats]),
        loan_losses=Mean.of([sum(x.sources.get(src, 0) for src in LOAN_SOURCES) for x in seats]),
        council_losses=Mean.of([x.sources.get("council", 0) for x in seats]),
        infamy=Mean.of([x.infamy for x in seats]),
        loans=Mean.of([x.loans for x in seats]),
        seat_wins=tuple(
            WinRate.of(f"seat {k + 1}", sum(r.seats[k].winner for r in records), len(records)) for k in range(n)
        ),
        seat_p=p_value,
        empty_shields=tuple(Mean.of([r.empty_shields[k - 1] for r in records]) for k in CIRCLES),
        empty_shields_normal=tuple(Mean.of([r.empty_shields[k - 1] for r in normal]) for k in CIRCLES),
        shields=tuple(shields),
        visits={loc: Mean.of([sum(x.visits[loc] for x in r.seats) for r in records]) for loc in locations},
        passages=Mean.of([x.passages for x in seats]),
        passage_offers=Mean.of([x.passage_offers for x in seats]),
        full_circles=_cut(Mean.of([r.full_circles for r in records])),
        phlegethon_at_minimum=_cut(
            Mean.of([r.phlegethon_at_minimum / len(r.phlegethon) for r in records if r.phlegethon]), 1.0
        ),
        profiles=line_up_profiles(records),
        rival=rival if n == 1 else "",
        rival_accusations=Mean.of([r.rival_accusations for r in records]) if n == 1 else Mean(0.0, 0.0, 0.0, 0),
    )
    return replace(h, checks=check_count(h, targets))


@dataclass(frozen=True, slots=True)
class HealthConfig:
    """What to simulate: player counts, the bot for every seat, games per count, first seed."""

    players: tuple[int, ...] = (2, 3, 4)
    bots: str = "greedy"
    games: int = 200
    first_seed: int = 0
    rules_dir: str | None = None
    workers: int = 1
    targets: tuple[Target, ...] = TARGETS
    modules: tuple[str, ...] = ()  # P&P expansion modules for every game
    comparison: StrategyComparison | None = None  # a circle filler against a Diploma collector, played elsewhere
    strategy_games: int = 0  # without a ``comparison``: play this many games of it (2 players) on the rules data
    strategy_bots: tuple[str, str] | None = None  # the filler's bot, then the collector's (None: the strategies')


@dataclass(frozen=True, slots=True)
class HealthReport:
    """The report over every player count, with the rules data's fingerprint and the verdicts of the
    targets that judge the rules data itself and the strategy comparison."""

    rules: str
    source: str
    counts: tuple[CountHealth, ...]
    modules: tuple[str, ...] = ()
    targets: tuple[Target, ...] = TARGETS
    seed_conflicts: tuple[SeedConflict, ...] = ()  # values of a rules directory the rulebook contradicts
    data_checks: tuple[Verdict, ...] = ()  # the rules data's targets (the board sides)
    comparison_checks: tuple[Verdict, ...] = ()  # the strategy comparison's (not measured when not given)

    @property
    def verdicts(self) -> tuple[Verdict, ...]:
        """Every verdict: the rules data's, each player count's, then the comparison's."""
        return (*self.data_checks, *(v for c in self.counts for v in c.checks), *self.comparison_checks)

    @property
    def ok(self) -> bool:
        return all(v.ok for v in self.verdicts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "source": self.source,
            "ok": self.ok,
            "counts": [c.to_dict() for c in self.counts],
            "modules": list(self.modules),
            "targets": [target_dict(t) for t in self.targets],
            "data_checks": [v.to_dict() for v in self.data_checks],
            "comparison_checks": [v.to_dict() for v in self.comparison_checks],
            "seed_conflicts": [asdict(c) | {"text": c.text()} for c in self.seed_conflicts],
        }


def target_dict(t: Target) -> dict[str, Any]:
    """A target as plain values (for the JSON report)."""
    d = asdict(t)
    d["source"] = t.source.text()
    d["source_kind"] = t.source.kind.value
    d["by_players"] = {str(n): asdict(b) for n, b in t.by_players}
    return d


def seed_conflicts(rules_dir: str | Path) -> tuple[SeedConflict, ...]:
    """The values of the rules directory that contradict a value the rulebook states (tagged SEED in
    the embedded data), the P&P expansion's file included."""
    return contradicted_seeds(data_provenance(), data_provenance(rules_dir))


def lineup(bots: str, players: int) -> tuple[str, ...]:
    """One bot for every seat, or one comma-separated bot per seat."""
    names = tuple(b.strip() for b in bots.split(","))
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise ValueError(f"{players} players need 1 or {players} bots, got {len(names)}")
    return names


def run_health(
    cfg: HealthConfig,
    on_game: Callable[[int, GameSummary], None] | None = None,
    records_out: list[GameSummary] | None = None,
) -> HealthReport:
    """Simulate ``cfg.games`` games per player count and summarise them.

    ``on_game(players, record)`` is called after each game (for a progress bar); the records are
    appended to ``records_out`` when it is given.
    """
    rules = load_rules(cfg.rules_dir)
    counts = []
    for n in cfg.players:
        side = default_side(rules, n, cfg.rules_dir)
        sim = SimConfig(n, lineup(cfg.bots, n), side, cfg.rules_dir, len(set(lineup(cfg.bots, n))) > 1, cfg.modules)
        seeds = range(cfg.first_seed, cfg.first_seed + cfg.games)
        records: list[GameSummary] = []
        for rec in local_results(sim, seeds, cfg.workers):
            records.append(rec)
            if on_game is not None:
                on_game(n, rec)
        if records_out is not None:
            records_out.extend(records)
        board = rules.boards[side]
        shields = tuple(len(board.circle_shields[k]) for k in CIRCLES)
        counts.append(summarise_count(records, shields, cfg.targets, rules.solo.opponent_name))
    comparison = cfg.comparison
    if comparison is None and cfg.strategy_games > 0:
        comparison = play_comparison(
            cfg.strategy_games,
            cfg.first_seed,
            cfg.rules_dir,
            cfg.workers,
            on_game=None if on_game is None else partial(on_game, PLAYERS),
            bots=cfg.strategy_bots,
        )
    conflicts = seed_conflicts(cfg.rules_dir) if cfg.rules_dir is not None else ()
    return HealthReport(
        rules.fingerprint,
        rules.source,
        tuple(counts),
        cfg.modules,
        cfg.targets,
        conflicts,
        check_rules(rules, cfg.targets),
        check_comparison(comparison, cfg.targets),
    )


def _edges(targets: Sequence[Target], key: TargetKey, players: int) -> tuple[float, ...]:
    """The bounds of the target ``key`` for ``players`` (none when ``targets`` lacks it)."""
    for t in targets:
        if t.key is key:
            return t.bounds_for(players).edges
    return ()


def report_rows(h: CountHealth, targets: Sequence[Target] = TARGETS) -> Iterable[tuple[str, str]]:
    """The report's lines for one player count, as (figure, value with its 95% interval). A figure that
    one of ``targets`` judges shows the decimals that decide it (4.96%, not 5%)."""
    n = h.players

    def edges(key: TargetKey) -> tuple[float, ...]:
        return _edges(targets, key, n)

    sd = h.sudden_death
    d = decisive_digits(sd.rate * 100, [e * 100 for e in edges(TargetKey.SUDDEN_DEATH)], 1)
    shares = {"souls": edges(TargetKey.SOULS_SHARE), "diplomas": edges(TargetKey.DIPLOMAS_SHARE)}
    yield "games", f"{h.games} ({', '.join(sorted(set(h.bots)))})"
    yield "sudden death", f"{percent(sd.rate, d)} ({percent(sd.low, d)}–{percent(sd.high, d)})"
    yield "rounds per game", h.rounds.text(1, edges=edges(TargetKey.GAME_LENGTH))
    yield "decisions per game", h.decisions.text(0)
    if h.rival:
        yield "your accusations per game", h.accusations.text()
        yield f"{h.rival}'s accusations per game", h.rival_accusations.text()
    else:
        yield "accusations per game", h.accusations.text()
    whose = f" (yours and {h.rival}'s)" if h.rival else ""
    yield f"Dante's stops reached by accusation{whose}", f"{h.dante_moves.text()} of {h.dante_stops}"
    yield "final Infamy per seat", h.infamy.text()
    whom = "your" if n == 1 else "winners'"
    for g in POINT_GROUPS:
        yield f"{whom} points from {GROUP_WORDS[g]}", h.judged_shares[g].text(0, True, shares.get(g, ()))
    yield "points lost to loans", h.loan_losses.text()
    yield "points lost to councils", h.council_losses.text()
    yield "loans per seat", h.loans.text()
    yield "full sin circles per game at the end", h.full_circles.text(2, edges=edges(TargetKey.FULL_CIRCLES))
    if h.phlegethon_at_minimum.n:
        yield (
            "Phlegethon cubes at their minimum at the end",
            h.phlegethon_at_minimum.text(0, True, edges(TargetKey.PHLEGETHON_AT_MINIMUM)),
        )
    if n > 1:
        p_digits = decisive_digits(h.seat_p, edges(TargetKey.SEAT_FAIRNESS), 2)
        yield (
            "win rate by seat",
            ", ".join(percent(w.rate) for w in h.seat_wins) + f" (p = {number(h.seat_p, p_digits)})",
        )
    yield (
        "empty shields at the end, circles 1–9",
        " ".join(f"{m.mean:.1f}/{k}" for m, k in zip(h.empty_shields, h.shields, strict=True)),
    )
    yield "safe passages placed per seat", f"{h.passages.text(2)} of {h.passage_offers.mean:.1f} chances"
    yield "visits per game", ", ".join(f"{loc} {m.mean:.1f}" for loc, m in h.visits.items())
