"""The search bot: single-observer information-set MCTS (Cowling, Powley & Whitehouse, 2012).

Each iteration deals the cards the bot cannot see at random with the engine's ``determinize``
(consistent with its view), walks the shared tree of action sequences with UCB restricted to the
actions legal in that deal (counting how often each child was available), adds one node, plays on
at random for a few decisions and scores the position with :func:`inferno.bots.evaluation.utilities`
(or the true result when the game ends). Every node keeps the reward of the player who chose the
action leading to it, so the search works for any number of players.

The budget is a number of iterations (deterministic: the same seed and view give the same decision),
optionally capped by wall-clock time. Difficulty levels (``easy``, ``medium``, ``hard``) differ only
in budget; ``expert`` (:mod:`inferno.bots.expert`) settles its leaves at the next move start
(``settle``) and explores less.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.util import find_spec
from typing import Protocol

from inferno.bots.base import BotFactory, register_bot
from inferno.bots.evaluation import DEFAULT_WEIGHTS, Weights, utilities_and_margins
from inferno.rules.actions import Action, Decision
from inferno.rules.engine import apply_in_place, determinize, legal_actions, to_move
from inferno.rules.pickling import register_frozen
from inferno.rules.state import State


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """How hard the search bot thinks: iterations per move, optional time cap, playout length."""

    iterations: int
    max_seconds: float | None = None
    rollout_depth: int = 0
    exploration: float = 0.3
    settle: int = 0  # after the new node, random decisions until the next move starts (at most this many)
    reuse: bool = False  # keep the tree between the bot's decisions in one game (see SearchBot.choose)
    paranoid: bool = False  # 3+ players: every opponent's node scores the searching player's loss (see _iterate)
    crowd_iterations: int | None = None  # with 3 or more players, iterations per decision instead of ``iterations``

    def budget(self, players: int) -> int:
        """Iterations per decision in a game of ``players`` families (``crowd_iterations`` from 3 up)."""
        if players >= 3 and self.crowd_iterations is not None:
            return self.crowd_iterations
        return self.iterations


LEVELS: dict[str, SearchConfig] = {
    "easy": SearchConfig(iterations=50, max_seconds=2.0),
    "medium": SearchConfig(iterations=400, max_seconds=2.0),
    "hard": SearchConfig(iterations=4000, max_seconds=2.0),
}


MOVE_STARTS = frozenset({Decision.FLORENCE, Decision.HELL})
"""The decisions that start a family's move; a search with ``settle`` plays on to the next of them."""


class LeafEvaluator(Protocol):
    """Scores a position where the search stops: a win estimate in [0, 1] and an expected final Infamy
    margin (own estimated final Infamy minus the best opponent's) for every player."""

    def evaluate(self, s: State) -> tuple[list[float], list[float]]: ...


class HeuristicEvaluator:
    """The hand-written estimate of :mod:`inferno.bots.evaluation` (exact once the game is over)."""

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights

    def evaluate(self, s: State) -> tuple[list[float], list[float]]:
        return utilities_and_margins(s, self.weights)


class _Node:
    """Statistics of one action sequence from the root, seen from the player who chose the last action."""

    __slots__ = ("avail", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What the last decision cost: iterations run and seconds spent, and the iterations it inherited
    from the tree of the bot's earlier decision (``reuse``)."""

    iterations: int
    seconds: float
    reused: int = 0


class SearchBot:
    """An ISMCTS player with its own seeded generator."""

    def __init__(
        self,
        seed: int = 0,
        config: SearchConfig = LEVELS["medium"],
        name: str = "ismcts",
        weights: Weights = DEFAULT_WEIGHTS,
        evaluator: LeafEvaluator | None = None,
    ) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.config = config
        self.weights = weights
        self.evaluator: LeafEvaluator = evaluator if evaluator is not None else HeuristicEvaluator(weights)
        self.last = SearchStats(0, 0.0)
        self._kept: tuple[object, _Node] | None = None  # (action log, tree) of the last search, with reuse

    def choose(self, view: State, actions: Sequence[Action]) -> Action:
        """The action to take in ``view`` (a view of the deciding player), one of ``actions``.

        With ``config.reuse`` the bot keeps its tree: when the new view's action log extends the log of
        its last search (the same game, a few decisions later), the search starts from the node those
        decisions lead to and runs only the iterations that node lacks of the budget. Anything else (a
        new game, a position out of order, an action the tree never tried) starts a fresh tree, so a
        decision depends only on the seed and the sequence of calls.
        """
        if len(actions) == 1:
            self.last = SearchStats(0, 0.0)
            return actions[0]
        cfg = self.config
        budget = cfg.budget(view.num_players)
        start = time.perf_counter()
        deadline = None if cfg.max_seconds is None else start + cfg.max_seconds
        root = self._reused(view) if cfg.reuse else None
        reused = 0 if root is None else min(root.visits, budget)
        if root is None:
            root = _Node(-1)
        done = reused
        while done < budget:
            self._iterate(view, root)
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last = SearchStats(done - reused, time.perf_counter() - start, reused)
        best, best_visits = actions[0], -1
        for a in actions:
            child = root.children.get(a)
            visits = child.visits if child is not None else 0
            if visits > best_visits:
                best, best_visits = a, visits
        self._kept = (view.actions, root) if cfg.reuse else None
        return best

    def _reused(self, view: State, longest: int = 64) -> _Node | None:
        """The node of the kept tree that ``view`` is at, if its log extends the kept search's log by at
        most ``longest`` actions the tree holds; None otherwise (the tree is dropped)."""
        kept, self._kept = self._kept, None
        if kept is None:
            return None
        log, node = kept
        since: list[Action] = []
        at = view.actions
        while at is not log:
            if at is None or len(since) >= longest:
                return None
            since.append(at[0])
            at = at[1]
        if not since:
            return None  # the same position asked again: search it afresh
        for a in reversed(since):
            child = node.children.get(a)
            if child is None:
                return None
            node = child
        return node

    def _play_on(self, s: State, limit: int, to_next_move: bool) -> None:
        """Random decisions in ``s``, at most ``limit``, stopping at the end of the game (and, with
        ``to_next_move``, where a family starts its next move)."""
        rng = self.rng
        for _ in range(limit):
            if s.over or (to_next_move and s.stack[-1][0] in MOVE_STARTS):
                return
            acts = legal_actions(s)
            apply_in_place(s, acts[rng.randrange(len(acts))], rollback=False)

    def _iterate(self, view: State, root: _Node, forced: Action | None = None) -> tuple[Action | None, float, float]:
        """One iteration; ``forced`` (if given) is taken at the root instead of the UCB choice.

        Returns the root action taken, the reward it earned for the player who chose it, and that
        player's expected final Infamy margin at the end of the iteration.

        With ``config.paranoid`` (games of 3 or more players) the opponents are searched as one side
        against the searching player (Sturtevant & Korf, 2000): each opponent's node scores one minus
        the searching player's reward instead of its own. With 2 players the two are the same.
        """
        rng = self.rng
        s = determinize(view, rng)
        s.record_events = False
        node = root
        path = [root]
        first: Action | None = None
        c = self.config.exploration
        while not s.over:
            acts = legal_actions(s)
            p = to_move(s)
            children = node.children
            if forced is not None and node is root:
                first = forced
                for b in acts:
                    ch = children.get(b)
                    if ch is not None:
                        ch.avail += 1
                child = children.get(forced)
                fresh = child is None
                if child is None:
                    child = _Node(p)
                    child.avail = 1
                    children[forced] = child
                apply_in_place(s, forced, rollback=False)
                path.append(child)
                node = child
                if fresh:
                    break
                continue
            untried = [a for a in acts if a not in children]
            if untried:
                a = untried[rng.randrange(len(untried))]
                child = _Node(p)
                children[a] = child
                for b in acts:
                    ch = children.get(b)
                    if ch is not None:
                        ch.avail += 1
                apply_in_place(s, a, rollback=False)
                path.append(child)
                if first is None:
                    first = a
                break
            best_a, best_score = acts[0], float("-inf")
            for b in acts:
                ch = children[b]
                ch.avail += 1
                score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best_a, best_score = b, score
            apply_in_place(s, best_a, rollback=False)
            node = children[best_a]
            path.append(node)
            if first is None:
                first = best_a
        self._play_on(s, self.config.rollout_depth, to_next_move=False)
        self._play_on(s, self.config.settle, to_next_move=True)
        reward, margin = self.evaluator.evaluate(s)
        if self.config.paranoid and len(reward) > 2:
            me = to_move(view)
            mine = reward[me]
            reward = [mine if q == me else 1.0 - mine for q in range(len(reward))]
        for n in path[1:]:
            n.visits += 1
            n.total += reward[n.player]
        if len(path) < 2:
            return first, 0.0, 0.0
        p = path[1].player
        return first, reward[p], margin[p]


def _factory(level: str, name: str) -> BotFactory:
    cfg = LEVELS[level]

    def make(seed: int) -> SearchBot:
        return SearchBot(seed, cfg, name)

    return make


for _level in LEVELS:
    register_bot(_level, _factory(_level, _level))
register_bot("ismcts", _factory("medium", "ismcts"))


def strongest_evaluator() -> LeafEvaluator:
    """The strongest leaf evaluator this installation runs: the expert's learned value model (it needs
    numpy, the ``bots`` extra), else the hand-written estimate. Hints and reviews search with it."""
    if find_spec("numpy") is None:
        return HeuristicEvaluator()
    from inferno.bots.value_model import ValueModelEvaluator

    return ValueModelEvaluator()


register_frozen(SearchConfig, SearchStats)
