"""The ``expert`` level: ``hard``'s search with settled leaves and a kept tree, at ``hard``'s CPU time per move.

The same single-observer ISMCTS as ``easy``/``medium``/``hard`` (:mod:`inferno.bots.search`), seeing
only its own view, with two changes measured against ``hard`` at equal CPU time (docs/research/bots.md,
"The expert level"):

- its leaves are **settled**: after the node it adds, the iteration plays on at random until a family
  starts its next move (at most ``settle`` decisions), so the estimate never judges a position halfway
  through a Soul's jumps or an accusation's steps, where it is least right;
- it **keeps its tree** (``reuse``) from one of its decisions to the next in a game: a Soul's next jump,
  an accusation's next step or its next turn starts from the node the game reached, and the search
  runs only the iterations that node lacks of its 6,800.

Its CPU time per searched move stays below ``hard``'s 4,000 fresh iterations. Hints and reviews search
arbitrary positions afresh with :data:`SETTLED` (the earlier expert: settled leaves, 3,600 iterations).
The learned value model (:mod:`inferno.bots.value_model`) scored leaves worse than the hand-written
estimate at equal CPU time and is not used here; :func:`make_learned_expert` keeps that search for
comparison.
"""

from __future__ import annotations

from dataclasses import replace

from inferno.bots.base import register_bot
from inferno.bots.search import LEVELS, SearchBot, SearchConfig

SETTLED = replace(LEVELS["hard"], iterations=3600, settle=10)
"""Settled leaves with a fresh tree for every decision, at about ``hard``'s CPU time per move: the
expert before it kept its tree, and the search of hints and reviews."""

EXPERT = replace(SETTLED, iterations=6800, reuse=True)
"""The expert's budget and settings: at most ``hard``'s CPU time per searched move, counting the iterations
its kept tree saves (measured: see docs/research/bots.md)."""


def make_expert(seed: int, config: SearchConfig = EXPERT) -> SearchBot:
    """An expert search bot with its own seeded generator (the hand-written estimate at its leaves)."""
    return SearchBot(seed, config, "expert")


def make_settled_expert(seed: int) -> SearchBot:
    """The expert before it kept its tree (for comparison: ``bench_expert.py --no-reuse --expert 3600``)."""
    return SearchBot(seed, SETTLED, "expert-settled")


LEARNED_EXPERT = replace(SETTLED, iterations=3100)
"""The same search with the value model's dearer leaf: about the same CPU time per move."""


def make_learned_expert(seed: int, config: SearchConfig = LEARNED_EXPERT) -> SearchBot:
    """The same search with the learned value model at its leaves (needs numpy, the ``bots`` extra)."""
    from inferno.bots.value_model import ValueModelEvaluator

    return SearchBot(seed, config, "expert-learned", evaluator=ValueModelEvaluator())


register_bot("expert", make_expert)
