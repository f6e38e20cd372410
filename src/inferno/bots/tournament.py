"""Tournaments between bots: seeded games, rotated seats, per-bot summaries, Elo, JSON/CSV export.

A *lineup* names the bot in each seat. With at least as many bots as seats every combination of
bots plays; with fewer, each bot in turn plays alone against the others filling the remaining seats
(for two bots and four seats: A against three B, and B against three A). Each lineup plays the same
``games`` seeds, and game ``g`` rotates the lineup by ``g`` seats, so every bot sits in every seat.
"""

from __future__ import annotations

import csv
import json
import multiprocessing
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations
from pathlib import Path

from inferno.bots.base import BotSpecError, bot_names, make_bot, play_game
from inferno.bots.elo import GameRanks, Rating, ratings
from inferno.rules.scoring import result
from inferno.rules.setup import new_game
from inferno.rules.solo_model import SoloConfig


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game to play: its seed, board side (None = default for the player count) and seat lineup."""

    seed: int
    players: int
    side: str | None
    lineup: tuple[str, ...]
    modules: tuple[str, ...] = ()  # P&P expansion modules
    solo: SoloConfig | None = None  # the solo game's variant and level (1 player)
    side_variant: bool = False  # ``side`` is not the player count's: a named variant (see inferno.new_game)


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """A finished tournament game: scores, ranks and winners per seat, and each seat's thinking time."""

    seed: int
    side: str
    lineup: tuple[str, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: int
    seconds: tuple[float, ...]
    moves: tuple[int, ...]


@dataclass(slots=True)
class BotSummary:
    """A bot's totals over a tournament. ``wins`` counts a k-way shared win as 1/k."""

    bot: str
    seats: int = 0
    wins: float = 0.0
    score_sum: int = 0
    rank_sum: int = 0
    seconds: float = 0.0
    decisions: int = 0
    elo: Rating | None = field(default=None)

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.seats if self.seats else 0.0

    @property
    def mean_rank(self) -> float:
        return self.rank_sum / self.seats if self.seats else 0.0


def check_bots(names: Iterable[str]) -> None:
    """Raise ``BotSpecError`` naming the unknown bots, if any."""
    known = set(bot_names())
    bad = [n for n in names if n not in known]
    if bad:
        raise BotSpecError(f"unknown bot(s) {', '.join(map(repr, bad))}; known: {', '.join(sorted(known))}")


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seat lineups of a round-robin of ``bots`` in ``players``-player games."""
    if players < 1:
        raise ValueError("a game needs at least one player")
    if not bots:
        raise ValueError("a tournament needs at least one bot")
    if len(bots) >= players:
        return [tuple(c) for c in combinations(bots, players)]
    out = []
    for i, b in enumerate(bots):
        others = [o for j, o in enumerate(bots) if j != i] or [b]
        out.append((b, *(others[k % len(others)] for k in range(players - 1))))
    return out


def schedule(
    bots: Sequence[str],
    players: int,
    games: int,
    seed: int = 0,
    side: str | None = None,
    modules: tuple[str, ...] = (),
    solo: SoloConfig | None = None,
    side_variant: bool = False,
) -> list[GameSpec]:
    """Every game of the tournament: each lineup plays seeds ``seed .. seed+games-1``, seats rotated.
    Another ``side`` than the player count's needs ``side_variant=True`` (a named variant)."""
    specs = []
    for lineup in lineups(bots, players):
        for g in range(games):
            r = g % players
            specs.append(GameSpec(seed + g, players, side, lineup[r:] + lineup[:r], modules, solo, side_variant))
    return specs


class _TimedBot:
    """Wraps a bot to add up its thinking time."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "bot")
        self.seconds = 0.0
        self.moves = 0

    def choose(self, v: object, actions: Sequence[object]) -> object:
        t = time.perf_counter()
        a = self.inner.choose(v, actions)  # type: ignore[attr-defined]
        self.seconds += time.perf_counter() - t
        self.moves += 1
        return a


def play(spec: GameSpec) -> GameOutcome:
    """Play one game; each seat's bot is seeded from the game seed and its seat."""
    s = new_game(
        spec.players,
        spec.seed,
        side=spec.side,
        record_events=False,
        modules=spec.modules,
        solo=spec.solo,
        side_variant=spec.side_variant,
    )
    bots = [_TimedBot(make_bot(name, spec.seed * 16 + seat)) for seat, name in enumerate(spec.lineup)]
    play_game(s, bots)  # type: ignore[arg-type]
    r = result(s)
    return GameOutcome(
        seed=spec.seed,
        side=s.config.side,
        lineup=spec.lineup,
        scores=tuple(p.infamy for p in r.players),
        ranks=tuple(p.rank for p in r.players),
        winners=r.winners,
        decisions=s.version,
        seconds=tuple(b.seconds for b in bots),
        moves=tuple(b.moves for b in bots),
    )


def run(
    specs: Sequence[GameSpec], workers: int = 1, on_game: Callable[[GameOutcome], None] | None = None
) -> list[GameOutcome]:
    """Play every game (in ``workers`` processes if more than one), in schedule order."""
    check_bots({b for spec in specs for b in spec.lineup})
    out: list[GameOutcome] = []
    if workers <= 1:
        for spec in specs:
            o = play(spec)
            out.append(o)
            if on_game:
                on_game(o)
        return out
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for o in pool.imap(play, specs):
            out.append(o)
            if on_game:
                on_game(o)
    return out


def summarize(outcomes: Sequence[GameOutcome], elo_samples: int = 200) -> list[BotSummary]:
    """Per-bot totals and Elo ratings, best Elo first."""
    names: list[str] = []
    for o in outcomes:
        for b in o.lineup:
            if b not in names:
                names.append(b)
    table = {b: BotSummary(b) for b in names}
    for o in outcomes:
        share = 1.0 / len(o.winners) if o.winners else 0.0  # a lost solo game has no winner
        for seat, b in enumerate(o.lineup):
            t = table[b]
            t.seats += 1
            t.wins += share if seat in o.winners else 0.0
            t.score_sum += o.scores[seat]
            t.rank_sum += o.ranks[seat]
            t.seconds += o.seconds[seat]
            t.decisions += o.moves[seat]
    games = [GameRanks(o.lineup, o.ranks) for o in outcomes]
    for r in ratings(games, names, samples=elo_samples):
        table[r.bot].elo = r
    return sorted(table.values(), key=lambda t: -(t.elo.elo if t.elo else 0.0))


def to_json(outcomes: Sequence[GameOutcome], summary: Sequence[BotSummary], meta: dict[str, object]) -> str:
    """The tournament as JSON: settings, per-bot summary with Elo, and every game."""
    bots = []
    for t in summary:
        d = {
            "bot": t.bot,
            "seats": t.seats,
            "wins": t.wins,
            "win_rate": t.win_rate,
            "mean_score": t.mean_score,
            "mean_rank": t.mean_rank,
            "seconds": t.seconds,
            "decisions": t.decisions,
        }
        if t.elo:
            d.update(elo=t.elo.elo, elo_low=t.elo.low, elo_high=t.elo.high)
        bots.append(d)
    return json.dumps({"settings": meta, "bots": bots, "games": [asdict(o) for o in outcomes]}, indent=2)


def write_csv(outcomes: Sequence[GameOutcome], path: Path) -> None:
    """One row per seat of every game."""
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["game", "seed", "side", "seat", "bot", "score", "rank", "winner", "seconds"])
        for i, o in enumerate(outcomes):
            for seat, b in enumerate(o.lineup):
                w.writerow(
                    [
                        i,
                        o.seed,
                        o.side,
                        seat,
                        b,
                        o.scores[seat],
                        o.ranks[seat],
                        int(seat in o.winners),
                        f"{o.seconds[seat]:.3f}",
                    ]
                )
