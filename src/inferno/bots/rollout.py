"""The rollout bot: greedy proposes its best moves, short playouts by greedy players choose among them.

At a decision that starts a move (the family's Florence phase or its Hell phase) the bot ranks the
legal actions as greedy does (:class:`inferno.bots.greedy.GreedyBot`) and keeps the best
``candidates``. Each is then played out on ``samples`` deals of the cards the bot cannot see (the
engine's ``determinize`` of its own view, the same deals for every candidate): the bot finishes its
turn and every opponent plays its own next turn as greedy would, until the decision comes back to the
bot's next move (or the game ends). The position reached is scored by a leaf evaluator (the
hand-written estimate by default; the registered ``rollout`` bot uses the expert's) and the candidate
with the best mean expected final Infamy margin is played. Smaller decisions within a move (a Soul's
next jump, a card's target, ...) are greedy's or, with ``steps``, chosen the same way among greedy's
best ``candidates``.

This is a one-step improvement of the greedy policy by simulation (Bertsekas's rollout algorithm):
it sees what greedy cannot, the opponents' answer to a move — a Soul left where a rival accuses it, a
location taken first, a Diploma stop reached sooner. Its choice depends only on its view and its
seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from inferno.bots.base import register_bot
from inferno.bots.expert import expert_evaluator
from inferno.bots.greedy import GreedyBot
from inferno.bots.search import MOVE_STARTS, HeuristicEvaluator, LeafEvaluator
from inferno.rules.actions import Action
from inferno.rules.engine import apply, apply_in_place, determinize, legal_actions, to_move
from inferno.rules.pickling import register_frozen
from inferno.rules.state import State

MOVES = MOVE_STARTS
"""The decisions that start a move: where the rollout bot plays out its candidates."""


@dataclass(frozen=True, slots=True)
class RolloutConfig:
    """How much the rollout bot simulates per move decision."""

    candidates: int = 4  # greedy's best options that are played out
    samples: int = 6  # deals of the hidden cards per option (shared by all options)
    policy_depth: int = 2  # how many of its own decisions a playout's greedy player looks ahead
    max_decisions: int = 80  # a playout stops after this many decisions even if the bot is not back
    steps: bool = False  # also play out the options of a step within a move (else greedy chooses there)


ROLLOUT = RolloutConfig(candidates=8, samples=3, steps=True)
"""The registered rollout bot's budget, the hints' with 3 or more players (``review.toml`` ``[hint]``). A
few deals suffice: the cards a player cannot see seldom come into play before its next move."""


@dataclass(frozen=True, slots=True)
class PlayoutSamples:
    """One candidate's playouts: the win estimate and the expected final Infamy margin each ended at."""

    action: Action
    rewards: tuple[float, ...]
    margins: tuple[float, ...]

    @property
    def mean_margin(self) -> float:
        return sum(self.margins) / len(self.margins)


class RolloutBot:
    """Greedy with playouts of its best moves; its own seeded generator."""

    def __init__(
        self,
        seed: int = 0,
        config: RolloutConfig = ROLLOUT,
        name: str = "rollout",
        evaluator: LeafEvaluator | None = None,
    ) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.config = config
        self.greedy = GreedyBot(seed)
        self.policy = GreedyBot(seed, depth=config.policy_depth)
        self.evaluator: LeafEvaluator = evaluator if evaluator is not None else HeuristicEvaluator()

    def choose(self, view: State, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        if view.stack[-1].kind not in MOVES and not self.config.steps:
            return self.greedy.choose(view, actions)
        options = self.playouts(view, actions)
        return max(options, key=lambda o: o.mean_margin).action

    def playouts(
        self,
        view: State,
        actions: Sequence[Action],
        candidates: int | None = None,
        samples: int | None = None,
        include: Action | None = None,
        max_seconds: float | None = None,
    ) -> list[PlayoutSamples]:
        """Greedy's best ``candidates`` actions (best first; and ``include`` if it is not among them),
        each played out on ``samples`` deals (every action on the same deals; with ``max_seconds``, fewer
        once that much wall-clock time has passed, but at least two)."""
        cfg = self.config
        det = determinize(view, self.rng)
        det.record_events = False
        ranked = self.greedy.ranked(det, actions)
        chosen = [a for _, a in ranked[: candidates or cfg.candidates]]
        if include is not None and include not in chosen:
            chosen.append(include)
        me = to_move(view)
        rewards: list[list[float]] = [[] for _ in chosen]
        margins: list[list[float]] = [[] for _ in chosen]
        deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        for k in range(samples or cfg.samples):
            if deadline is not None and k >= 2 and time.perf_counter() > deadline:
                break
            deal = determinize(view, self.rng)
            deal.record_events = False
            for j, a in enumerate(chosen):
                end = self._play_out(apply(deal, a), me)
                reward, margin = self.evaluator.evaluate(end)
                rewards[j].append(reward[me])
                margins[j].append(margin[me])
        return [PlayoutSamples(a, tuple(r), tuple(m)) for a, r, m in zip(chosen, rewards, margins, strict=True)]

    def _play_out(self, s: State, me: int) -> State:
        """Greedy for every seat until the bot's next move decision in a later turn, after the others played
        theirs (solo: the next turn), or the end."""
        others_played = False
        turn = s.turn
        for _ in range(self.config.max_decisions):
            if s.over:
                break
            p = to_move(s)
            if p != me:
                others_played = True
            elif s.stack[-1].kind in MOVES and (others_played or s.turn != turn):
                break
            acts = legal_actions(s)
            apply_in_place(s, acts[0] if len(acts) == 1 else self.policy.best(s, acts), rollback=False)
        return s


def make_rollout(seed: int = 0) -> RolloutBot:
    """The registered ``rollout`` bot: :data:`ROLLOUT`, playouts scored by the expert's estimate."""
    return RolloutBot(seed, ROLLOUT, evaluator=expert_evaluator())


register_bot("rollout", make_rollout)
register_frozen(RolloutConfig)
