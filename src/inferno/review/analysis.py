"""Estimating the options of one decision with the search bot, from the deciding player's view only.

The search bot's information-set search (:mod:`inferno.bots.search`) is run on the view: each
iteration deals the hidden cards at random consistently with that view, so the estimates never
depend on cards the player could not see. Every iteration's reward (the search's win estimate for
the deciding player, in [0, 1]) and its expected final Infamy margin (the deciding player's
estimated final Infamy minus the best opponent's; solo: minus the Rival's or the target) are kept
per first move, which gives each option two means, each with a standard error. The moves compared
(the move played and the best alternatives) are topped up with extra iterations that force that
move first, so each has at least ``min_samples`` samples.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from inferno.bots.rollout import ROLLOUT, RolloutBot, RolloutConfig
from inferno.bots.search import LeafEvaluator, SearchBot, SearchConfig, _Node, strongest_evaluator
from inferno.review.settings import ReviewSettings
from inferno.rules.actions import Action
from inferno.rules.engine import legal_actions, to_move
from inferno.rules.notation import action_text
from inferno.rules.state import State

MARGIN_UNKNOWN_SE = 50.0  # the margin's standard error with under two samples: unknown, never graded


@dataclass(frozen=True, slots=True)
class OptionEstimate:
    """One option of a decision: its estimated win chance (%) and expected final Infamy margin, each ± its
    standard error (the margin is ``None`` in reviews saved before it was estimated)."""

    text: str
    value: float  # estimated win chance in percent
    se: float  # its standard error in percentage points
    samples: int
    visits: int  # how often the search chose it on its own (the search's preference)
    margin: float | None = None  # expected final Infamy margin over the best opponent (Infamy points)
    margin_se: float | None = None  # its standard error (Infamy points)


def decision_seed(seed: int, index: int) -> int:
    """A stable seed for the estimate of decision ``index`` of the game with seed ``seed``."""
    digest = hashlib.blake2b(f"inferno-review/{seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _stats(xs: Sequence[float], scale: float = 100.0, unknown: float = 50.0) -> tuple[float, float]:
    """Mean and standard error of the samples times ``scale`` (``unknown`` is the error with under two)."""
    n = len(xs)
    if n == 0:
        return 0.0, unknown
    mean = sum(xs) / n
    if n == 1:
        return scale * mean, unknown
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return scale * mean, scale * math.sqrt(var / n)


def estimate_options(
    v: State,
    iterations: int,
    seed: int,
    *,
    played: Action | None = None,
    alternatives: int = 3,
    min_samples: int = 24,
    evaluator: LeafEvaluator | None = None,
    config: SearchConfig | None = None,
) -> list[OptionEstimate]:
    """The best ``alternatives`` options of the decision pending in view ``v`` (and ``played``, if given).

    ``v`` must be a view (``inferno.rules.engine.view``) of the deciding player; the search reads
    nothing else. Options come best first: by the search's preference (visits), as the bot would
    choose, each with its estimated win chance and expected final Infamy margin. The search scores its
    leaves with ``evaluator``, by default the strongest one installed (the expert level's learned
    value model; the hand-written estimate without numpy). ``config`` gives the search's other settings
    (for example the expert level's settled leaves); its iterations and time cap are replaced.
    """
    acts = legal_actions(v)
    leaves = evaluator if evaluator is not None else strongest_evaluator()
    base = config if config is not None else SearchConfig(iterations=iterations)
    bot = SearchBot(seed, replace(base, iterations=iterations, max_seconds=None, reuse=False), evaluator=leaves)
    root = _Node(-1)
    samples: dict[Action, list[float]] = {}
    margins: dict[Action, list[float]] = {}
    for _ in range(iterations):
        first, reward, margin = bot._iterate(v, root)
        if first is not None:
            samples.setdefault(first, []).append(reward)
            margins.setdefault(first, []).append(margin)
    visits = {a: (root.children[a].visits if a in root.children else 0) for a in acts}
    order = sorted(acts, key=lambda a: (-visits[a], acts.index(a)))
    chosen = order[: max(1, alternatives)]
    if played is not None and played not in chosen:
        chosen.append(played)
    for a in chosen:
        have = samples.setdefault(a, [])
        have_margins = margins.setdefault(a, [])
        while len(have) < min_samples:
            _first, reward, margin = bot._iterate(v, root, forced=a)
            have.append(reward)
            have_margins.append(margin)
    out = []
    for a in chosen:
        mean, se = _stats(samples[a])
        m, m_se = _stats(margins[a], scale=1.0, unknown=MARGIN_UNKNOWN_SE)
        out.append(OptionEstimate(action_text(v, a), mean, se, len(samples[a]), visits[a], m, m_se))
    return out


def playout_options(
    v: State,
    seed: int,
    *,
    samples: int,
    candidates: int = ROLLOUT.candidates,
    evaluator: LeafEvaluator | None = None,
    max_seconds: float | None = None,
) -> list[OptionEstimate]:
    """The best ``candidates`` options of the decision pending in view ``v``, as the rollout bot sees them.

    Greedy proposes its best options; each is played out on ``samples`` deals of the hidden cards
    (:class:`inferno.bots.rollout.RolloutBot`: the player finishes the turn and every opponent plays
    its next turn as greedy would). Options come best first by expected final Infamy margin (ties in
    greedy's order), the rollout bot's choice first. Each carries its win chance and margin with their
    standard errors, and in ``visits`` the number of deals on which it ended best. Playouts end on
    ``evaluator`` (by default the hand-written estimate). With ``max_seconds`` no new deal starts once
    that much wall-clock time has passed (at least two are played).
    """
    acts = legal_actions(v)
    bot = RolloutBot(seed, RolloutConfig(candidates=candidates, samples=samples), evaluator=evaluator)
    played = bot.playouts(v, acts, max_seconds=max_seconds)
    deals = len(played[0].margins)
    best_per_deal = [max(range(len(played)), key=lambda j: played[j].margins[d]) for d in range(deals)]
    out = []
    for j, o in enumerate(played):
        mean, se = _stats(o.rewards)
        m, m_se = _stats(o.margins, scale=1.0, unknown=MARGIN_UNKNOWN_SE)
        out.append(OptionEstimate(action_text(v, o.action), mean, se, deals, best_per_deal.count(j), m, m_se))
    return sorted(out, key=lambda o: -(o.margin or 0.0))


def _margin_key(o: OptionEstimate) -> tuple[bool, float]:
    return (o.margin is not None, o.margin if o.margin is not None else 0.0)


def best_option(options: Sequence[OptionEstimate], settings: ReviewSettings, *, solo: bool = False) -> OptionEstimate:
    """The option judged best among those compared.

    The one with the highest win chance, unless others come close to it: an option whose win chance
    is below the highest by less than the win-chance grading would flag (under the inaccuracy
    threshold, or within ``min_z`` standard errors) is a near-tie, and among near-ties the highest
    expected margin wins. So in a decided game, where every option's win chance is near 0 or 100%,
    the margin picks the best move. Solo: the highest expected margin.
    """
    if solo:
        return max(options, key=lambda o: (*_margin_key(o), o.value, o.visits))
    top = max(options, key=lambda o: (o.value, o.visits))
    near = [o for o in options if settings.grade(top.value - o.value, math.hypot(top.se, o.se)) == "good"]
    return max(near, key=lambda o: (*_margin_key(o), o.value, o.visits))


def ranked(options: Sequence[OptionEstimate], settings: ReviewSettings, *, solo: bool = False) -> list[OptionEstimate]:
    """The options best first: the best of all, then the best of the rest, and so on."""
    rest, out = list(options), []
    while rest:
        b = best_option(rest, settings, solo=solo)
        out.append(b)
        rest.remove(b)
    return out


def best_and_played(
    options: Sequence[OptionEstimate], played_text: str, settings: ReviewSettings, *, solo: bool = False
) -> tuple[OptionEstimate, OptionEstimate]:
    """The option judged best (:func:`best_option`) and the one played."""
    played = next(o for o in options if o.text == played_text)
    return best_option(options, settings, solo=solo), played


def is_forced(s: State) -> bool:
    """True when the pending decision has a single legal option (nothing to review)."""
    return not s.over and len(legal_actions(s)) == 1


def deciding(s: State) -> int:
    return to_move(s)
