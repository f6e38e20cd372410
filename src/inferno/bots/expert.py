"""The ``expert`` level: ``hard``'s search with settled leaves, at about ``hard``'s CPU time per move.

The same single-observer ISMCTS as ``easy``/``medium``/``hard`` (:mod:`inferno.bots.search`), seeing
only its own view, with one change measured against ``hard`` at equal CPU time (docs/research/bots.md,
"The expert level"): its leaves are **settled**. After the node it adds, the iteration plays on at
random until a family starts its next move (at most ``settle`` decisions), so the estimate never
judges a position halfway through a Soul's jumps or an accusation's steps, where it is least right.

Its estimate's weights are learned from games (:mod:`inferno.bots.weight_tuning`; the package ships
them in ``data/expert_weights.json``, :mod:`inferno.bots.learned_weights`) where the other levels use the
hand-written ones, and with 3 or more families it shares the win out over all of them rather than
judging each family by its margin over its best rival alone (:func:`expert_estimate`). Each iteration costs more than ``hard``'s, so it runs 3,600 instead of 4,000 (7,200
with 3 or more players: :attr:`~inferno.bots.search.SearchConfig.crowd_iterations`). The learned value model
(:mod:`inferno.bots.value_model`) scored leaves worse than the hand-written estimate at equal CPU time
and is not used here; :func:`make_learned_expert` keeps that search for comparison.
"""

from __future__ import annotations

from dataclasses import replace

from inferno.bots.base import register_bot
from inferno.bots.evaluation import Weights
from inferno.bots.learned_weights import expert_weights
from inferno.bots.search import LEVELS, HeuristicEvaluator, SearchBot, SearchConfig

EXPERT = replace(LEVELS["hard"], iterations=3600, settle=10, crowd_iterations=7200)
"""The expert's budget and settings: about the CPU time of ``hard`` per move with 1 or 2 players, twice
its iterations with 3 or more, where one search's budget is spread over more opponents' replies and
3,600 gained nothing over greedy (measured: see docs/research/bots.md)."""


def expert_estimate() -> Weights:
    """The expert's estimate: the weights learned from games, and with 3 or more families the win shared
    out over all of them (``Weights.all_rivals``; the same numbers with 2, measured: docs/research/bots.md,
    "A share of the win over all rivals")."""
    return replace(expert_weights(), all_rivals=True)


def expert_evaluator() -> HeuristicEvaluator:
    """The expert's leaf estimate: the evaluation with :func:`expert_estimate`'s weights."""
    return HeuristicEvaluator(expert_estimate())


def make_expert(seed: int, config: SearchConfig = EXPERT, weights: Weights | None = None) -> SearchBot:
    """An expert search bot with its own seeded generator: the estimate at its leaves has
    :func:`expert_estimate`'s weights, or ``weights`` (to measure other weights in the same search)."""
    return SearchBot(seed, config, "expert", weights=expert_estimate() if weights is None else weights)


LEARNED_EXPERT = replace(EXPERT, iterations=3100, crowd_iterations=6200)
"""The same search with the value model's dearer leaf: about the same CPU time per move at every table."""


def make_learned_expert(seed: int, config: SearchConfig = LEARNED_EXPERT) -> SearchBot:
    """The same search with the learned value model at its leaves (needs numpy, the ``bots`` extra)."""
    from inferno.bots.value_model import ValueModelEvaluator

    return SearchBot(seed, config, "expert-learned", evaluator=ValueModelEvaluator())


register_bot("expert", make_expert)
