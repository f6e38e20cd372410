"""The greedy bot: try each legal action on a determinized copy of its view and keep the best one.

A turn is a chain of decisions (a Soul's jumps, a location's optional steps, card effects), so an
action is judged by the best position the bot can reach before the decision passes to someone else,
looking up to ``depth`` of its own decisions ahead. Positions are scored by
:func:`inferno.bots.evaluation.player_values`: the bot's estimated final Infamy minus the best
opponent's. Hidden cards are dealt at random by the engine's ``determinize`` from the bot's own seeded
generator, so the bot's choice depends only on its view and its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from inferno.bots.base import register_bot
from inferno.bots.evaluation import CLASSIC_WEIGHTS, DEFAULT_WEIGHTS, Weights, player_values, solo_bar
from inferno.rules.actions import Action, Decision
from inferno.rules.engine import apply, determinize, legal_actions, to_move
from inferno.rules.state import State


def margin(s: State, player: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The player's estimated final Infamy minus the best opponent's (solo: minus the Rival's or the target)."""
    values = player_values(s, w)
    if s.solo is not None:
        return values[player] - solo_bar(s, values)
    return values[player] - max(v for q, v in enumerate(values) if q != player)


FOLLOW_THROUGH = 6  # small decisions that finish a move, looked through without counting against the depth
FOLLOW_BRANCHING = 4  # ... when they offer at most this many options
_MOVES = frozenset({Decision.FLORENCE, Decision.HELL})  # the decisions that start a move


class GreedyBot:
    """Picks the action whose resulting position evaluates best (ties: the first such action)."""

    def __init__(
        self,
        seed: int = 0,
        depth: int = 2,
        weights: Weights = DEFAULT_WEIGHTS,
        name: str = "greedy",
        follow_through: int = FOLLOW_THROUGH,
    ) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.depth = depth
        self.weights = weights
        self.follow_through = follow_through

    def choose(self, view: State, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        det = determinize(view, self.rng)
        det.record_events = False
        return self.best(det, actions)

    def best(self, s: State, actions: Sequence[Action]) -> Action:
        """Greedy's choice in position ``s`` itself (a determinized copy: the playouts of
        :mod:`inferno.bots.rollout` hand it theirs)."""
        return self.ranked(s, actions)[0][1]

    def ranked(self, s: State, actions: Sequence[Action]) -> list[tuple[float, Action]]:
        """Every action with the best margin reachable after it, best first (ties: in the given order)."""
        me = to_move(s)
        scored = [(self._value(apply(s, a), me, self.depth - 1, self.follow_through), i) for i, a in enumerate(actions)]
        scored.sort(key=lambda vi: (-vi[0], vi[1]))
        return [(v, actions[i]) for v, i in scored]

    def _value(self, s: State, me: int, depth: int, follow: int) -> float:
        """Best margin reachable while the decisions stay with ``me`` (at most ``depth`` more).

        The small steps that finish a move (at most ``FOLLOW_BRANCHING`` options each) do not use up
        ``depth``, up to ``follow`` of them: where an accuser goes, the track it climbs, Dante's reward,
        a Soul's way down, so the bot judges an accusation once it has scored, and sees the quartiere
        it will act in next.
        """
        if s.over or to_move(s) != me:
            return margin(s, me, self.weights)
        acts = legal_actions(s)
        if follow > 0 and len(acts) <= FOLLOW_BRANCHING and s.stack[-1].kind not in _MOVES:
            return max(self._value(apply(s, a), me, depth, follow - 1) for a in acts)
        if depth <= 0:
            return margin(s, me, self.weights)
        return max(self._value(apply(s, a), me, depth - 1, follow) for a in acts)


register_bot("greedy", GreedyBot)


def classic_greedy(seed: int = 0) -> GreedyBot:
    """Greedy as it played before December 2026: the old estimate, no look through a move's last steps."""
    return GreedyBot(seed, weights=CLASSIC_WEIGHTS, name="greedy-classic", follow_through=0)


register_bot("greedy-classic", classic_greedy)
