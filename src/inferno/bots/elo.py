"""Elo ratings from multi-player game results, with bootstrap confidence intervals.

A game of n players is split into its pairs of seats held by different bots: the better-ranked seat
scores 1, an equal rank 0.5. Ratings are the maximum-likelihood Bradley–Terry strengths (fitted by
the MM algorithm of Hunter, 2004) on the Elo scale (400 points = odds of 10:1), centred on 1500. One
virtual draw between every pair of bots keeps the fit finite when a bot wins every game.
Confidence intervals come from refitting on games resampled with replacement.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

ELO_MEAN = 1500.0
ELO_SCALE = 400.0 / math.log(10.0)


@dataclass(frozen=True, slots=True)
class GameRanks:
    """One finished game: the bot in each seat and that seat's rank (1 = winner, ties share ranks)."""

    bots: tuple[str, ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rating:
    """A bot's Elo rating and the bounds of its confidence interval."""

    bot: str
    elo: float
    low: float
    high: float


def pair_scores(games: Sequence[GameRanks], names: Sequence[str]) -> tuple[list[list[float]], list[list[float]]]:
    """Wins ``w[i][j]`` of bot i over bot j (draws count ½) and pair counts ``n[i][j]``."""
    index = {b: i for i, b in enumerate(names)}
    k = len(names)
    wins = [[0.0] * k for _ in range(k)]
    count = [[0.0] * k for _ in range(k)]
    for g in games:
        for s, t in combinations(range(len(g.bots)), 2):
            i, j = index[g.bots[s]], index[g.bots[t]]
            if i == j:
                continue
            count[i][j] += 1
            count[j][i] += 1
            if g.ranks[s] < g.ranks[t]:
                wins[i][j] += 1
            elif g.ranks[s] > g.ranks[t]:
                wins[j][i] += 1
            else:
                wins[i][j] += 0.5
                wins[j][i] += 0.5
    return wins, count


def fit(games: Sequence[GameRanks], names: Sequence[str], prior_draws: float = 1.0, rounds: int = 500) -> list[float]:
    """Elo ratings of ``names`` (same order) fitted to ``games``; unconnected bots stay at the mean."""
    k = len(names)
    wins, count = pair_scores(games, names)
    for i in range(k):
        for j in range(k):
            if i != j:
                wins[i][j] += prior_draws / 2
                count[i][j] += prior_draws
    strength = [1.0] * k
    for _ in range(rounds):
        new = []
        for i in range(k):
            w = sum(wins[i])
            d = sum(count[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i and count[i][j])
            new.append(w / d if d > 0 else strength[i])
        g = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / g for x in new]
        change = max(abs(a - b) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-10:
            break
    return [ELO_MEAN + ELO_SCALE * math.log(x) for x in strength]


def ratings(
    games: Sequence[GameRanks], names: Sequence[str], samples: int = 200, level: float = 0.95, seed: int = 0
) -> list[Rating]:
    """Ratings with a percentile bootstrap interval over games (``samples`` resamples)."""
    point = fit(games, names)
    if not games or samples <= 0:
        return [Rating(b, e, e, e) for b, e in zip(names, point, strict=True)]
    rng = random.Random(seed)
    draws: list[list[float]] = [[] for _ in names]
    for _ in range(samples):
        sample = [games[rng.randrange(len(games))] for _ in games]
        for i, e in enumerate(fit(sample, names, rounds=200)):
            draws[i].append(e)
    lo_q, hi_q = (1 - level) / 2, 1 - (1 - level) / 2
    out = []
    for i, b in enumerate(names):
        d = sorted(draws[i])
        out.append(Rating(b, point[i], d[int(lo_q * (len(d) - 1))], d[math.ceil(hi_q * (len(d) - 1))]))
    return out
