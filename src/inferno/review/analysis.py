"""Estimating the options of one decision with the search bot, from the deciding player's view only.

The search bot's information-set search (:mod:`inferno.bots.search`) is run on the view: each
iteration deals the hidden cards at random consistently with that view, so the estimates never
depend on cards the player could not see. Every iteration's reward (the search's win estimate for
the deciding player, in [0, 1]) is kept per first move, which gives each option a mean and a
standard error. The moves compared (the move played and the best alternatives) are topped up with
extra iterations that force that move first, so each has at least ``min_samples`` samples.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass

from inferno.bots.search import SearchBot, SearchConfig, _Node
from inferno.rules.actions import Action
from inferno.rules.engine import legal_actions, to_move
from inferno.rules.notation import action_text
from inferno.rules.state import State


@dataclass(frozen=True, slots=True)
class OptionEstimate:
    """One option of a decision: its text, estimated win chance (%) and that estimate's standard error."""

    text: str
    value: float  # estimated win chance in percent
    se: float  # its standard error in percentage points
    samples: int
    visits: int  # how often the search chose it on its own (the search's preference)


def decision_seed(seed: int, index: int) -> int:
    """A stable seed for the estimate of decision ``index`` of the game with seed ``seed``."""
    digest = hashlib.blake2b(f"inferno-review/{seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _stats(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return 0.0, 50.0
    mean = sum(xs) / n
    if n == 1:
        return 100.0 * mean, 50.0
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return 100.0 * mean, 100.0 * math.sqrt(var / n)


def estimate_options(
    v: State,
    iterations: int,
    seed: int,
    *,
    played: Action | None = None,
    alternatives: int = 3,
    min_samples: int = 24,
) -> list[OptionEstimate]:
    """The best ``alternatives`` options of the decision pending in view ``v`` (and ``played``, if given).

    ``v`` must be a view (``inferno.rules.engine.view``) of the deciding player; the search reads
    nothing else. Options come best first: by the search's preference (visits), as the bot would
    choose, each with its estimated win chance.
    """
    acts = legal_actions(v)
    bot = SearchBot(seed, SearchConfig(iterations=iterations, max_seconds=None))
    root = _Node(-1)
    samples: dict[Action, list[float]] = {}
    for _ in range(iterations):
        first, reward, _margin = bot._iterate(v, root)
        if first is not None:
            samples.setdefault(first, []).append(reward)
    visits = {a: (root.children[a].visits if a in root.children else 0) for a in acts}
    order = sorted(acts, key=lambda a: (-visits[a], acts.index(a)))
    chosen = order[: max(1, alternatives)]
    if played is not None and played not in chosen:
        chosen.append(played)
    for a in chosen:
        have = samples.setdefault(a, [])
        while len(have) < min_samples:
            _first, reward, _margin = bot._iterate(v, root, forced=a)
            have.append(reward)
    out = []
    for a in chosen:
        mean, se = _stats(samples[a])
        out.append(OptionEstimate(action_text(v, a), mean, se, len(samples[a]), visits[a]))
    return out


def best_and_played(options: Sequence[OptionEstimate], played_text: str) -> tuple[OptionEstimate, OptionEstimate]:
    """The option judged best (highest estimate among those compared) and the one played."""
    played = next(o for o in options if o.text == played_text)
    best = max(options, key=lambda o: (o.value, o.visits))
    return best, played


def is_forced(s: State) -> bool:
    """True when the pending decision has a single legal option (nothing to review)."""
    return not s.over and len(legal_actions(s)) == 1


def deciding(s: State) -> int:
    return to_move(s)
