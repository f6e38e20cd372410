"""The data-health report's strategy comparison: a circle filler against a Diploma collector.

Seed 003 (the rulebook's final scoring): "Filling one or two circles well usually beats collecting every
Diploma." ``greedy-filler`` plays ``greedy-collector`` (:mod:`inferno.bots.strategy`) in 2-player games on
the rules data, seats alternating; a shared win counts its share. Any two registered bots may stand in
for them (``inferno rules check --strategy-bots``).
"""

from __future__ import annotations

from collections.abc import Callable

from inferno.sim.game import SimConfig
from inferno.sim.record import GameSummary
from inferno.sim.runner import local_results
from inferno.sim.targets import StrategyComparison

STRATEGIES = ("greedy-filler", "greedy-collector")  # the circle filler first
PLAYERS = 2


def play_comparison(
    games: int,
    first_seed: int = 0,
    rules_dir: str | None = None,
    workers: int = 1,
    on_game: Callable[[GameSummary], None] | None = None,
    bots: tuple[str, str] | None = None,
) -> StrategyComparison:
    """Play ``games`` games (seeds from ``first_seed``) of ``bots[0]`` against ``bots[1]`` (by default the circle
    filler against the Diploma collector): the first one's wins."""
    bots = bots or STRATEGIES
    cfg = SimConfig(PLAYERS, bots, rules_dir=rules_dir, rotate=True)
    wins = 0.0
    for rec in local_results(cfg, range(first_seed, first_seed + games), workers):
        wins += sum(rec.bots[seat] == bots[0] for seat in rec.winners) / len(rec.winners)
        if on_game is not None:
            on_game(rec)
    return StrategyComparison(wins, games, PLAYERS, bots)
