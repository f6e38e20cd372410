"""Strategies a greedy family can be given, to measure what the rulebook says about them.

Seed 003 (the rulebook's final scoring) says: "A Diploma scores nothing by itself and a Sin Track
scores nothing without a full circle … Filling one or two circles well usually beats collecting every
Diploma." Two strategies put that to the test on any rules data (the data-health report's strategy
comparison):

* **filler** concentrates on its two highest Sin Tracks and fills their circles: each occupied shield
  there is worth a share of its Skull's level, and it counts every empty shield against the cube now;
* **collector** goes after every Diploma: each one is worth 3 Infamy on top of its score, and it
  expects the Phlegethon cubes to stay where they are (it ignores the empty shields).

``balanced`` is the bots' own estimate. A strategy only changes the evaluation's weights
(:class:`inferno.bots.evaluation.Weights`); every rule is still the engine's.
"""

from __future__ import annotations

from dataclasses import replace
from enum import Enum

from inferno.bots.base import BotFactory, register_bot
from inferno.bots.evaluation import DEFAULT_WEIGHTS, Weights
from inferno.bots.greedy import GreedyBot


class Strategy(Enum):
    """What a family plays toward at final scoring."""

    BALANCED = "balanced"
    FILLER = "filler"
    COLLECTOR = "collector"


STRATEGY_WEIGHTS: dict[Strategy, Weights] = {
    Strategy.BALANCED: DEFAULT_WEIGHTS,
    Strategy.FILLER: replace(DEFAULT_WEIGHTS, focus_circles=2, focus_fill=0.5, empty_foresight=2.0),
    Strategy.COLLECTOR: replace(DEFAULT_WEIGHTS, diploma_bonus=3.0, empty_foresight=0.0),
}


def strategy_greedy(strategy: Strategy) -> BotFactory:
    """A factory of greedy families playing ``strategy`` (registered as ``greedy-<strategy>``)."""

    def make(seed: int = 0) -> GreedyBot:
        return GreedyBot(seed, weights=STRATEGY_WEIGHTS[strategy], name=f"greedy-{strategy.value}")

    return make


for _strategy in (Strategy.FILLER, Strategy.COLLECTOR):
    register_bot(f"greedy-{_strategy.value}", strategy_greedy(_strategy))
