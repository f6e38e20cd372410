"""Strategies a greedy family can be given, to measure what the rulebook says about them.

Seed 003 (the rulebook's final scoring) says: "A Diploma scores nothing by itself and a Sin Track
scores nothing without a full circle … Filling one or two circles well usually beats collecting every
Diploma." Two strategies put that to the test on any rules data (the data-health report's strategy
comparison):

* **filler** concentrates on its highest Sin Track and fills its circle: each occupied shield there is
  worth half its Skull's level (empty shields count against the cube as in the balanced estimate);
* **collector** goes after every Diploma: each one is worth 3 Infamy on top of its score, and it
  expects the Phlegethon cubes to stay higher than the balanced estimate does (half its foresight).

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
    # Tuned with equal effort against plain greedy (never against each other): 12 candidates each, 100
    # 2-player games on seeds 0-99, the most wins chosen (tools/strategy_tuning.py; docs/research/bots.md,
    # "Strategies"). Filler: focus_circles 1/2 x focus_fill 0.5/1/2 x empty_foresight 1/2 (46 of 100);
    # collector: diploma_bonus 1/2/3/5 x empty_foresight 0/0.5/1 (67 of 100).
    Strategy.FILLER: replace(DEFAULT_WEIGHTS, focus_circles=1, focus_fill=0.5, empty_foresight=1.0),
    Strategy.COLLECTOR: replace(DEFAULT_WEIGHTS, diploma_bonus=3.0, empty_foresight=0.5),
}


def strategy_greedy(strategy: Strategy) -> BotFactory:
    """A factory of greedy families playing ``strategy`` (registered as ``greedy-<strategy>``)."""

    def make(seed: int = 0) -> GreedyBot:
        return GreedyBot(seed, weights=STRATEGY_WEIGHTS[strategy], name=f"greedy-{strategy.value}")

    return make


for _strategy in (Strategy.FILLER, Strategy.COLLECTOR):
    register_bot(f"greedy-{_strategy.value}", strategy_greedy(_strategy))
