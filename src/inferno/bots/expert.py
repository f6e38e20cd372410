"""The ``expert`` level: the search bot with the learned value model at its leaves.

Same single-observer ISMCTS as ``easy``/``medium``/``hard`` (:mod:`inferno.bots.search`): each
iteration deals the cards the bot cannot see at random from its own view, so the positions the
model scores are determinized copies of that view and the model reads, for each seat, only what that
seat may see. Leaves are scored by :class:`~inferno.bots.value_model.ValueModelEvaluator` instead of
the hand-written estimate. Needs numpy (the ``bots`` extra); without it the level is not offered.
"""

from __future__ import annotations

from inferno.bots.base import register_bot
from inferno.bots.search import SearchBot, SearchConfig
from inferno.bots.value_model import ValueModelEvaluator

EXPERT = SearchConfig(iterations=3500, max_seconds=2.0, exploration=0.3)
"""The expert's budget: about the CPU time of ``hard`` per move (measured: see docs/research/bots.md)."""


def make_expert(seed: int, config: SearchConfig = EXPERT) -> SearchBot:
    """An expert search bot with its own seeded generator and evaluator."""
    return SearchBot(seed, config, "expert", evaluator=ValueModelEvaluator())


register_bot("expert", make_expert)
