"""The search's options: ``settle`` (leaves played on to the start of a move before they are scored),
``reuse`` (the tree kept between decisions) and ``paranoid`` (3+ players: the opponents as one side)
(bot parameters; every rule is still the engine's)."""

from __future__ import annotations

import random

import inferno
from inferno.bots.search import MOVE_STARTS, HeuristicEvaluator, SearchBot, SearchConfig, _Node
from inferno.rules.engine import apply, legal_actions, to_move
from inferno.rules.state import State
from tests.bots.conftest import advance_to_choice


class _Recorder(HeuristicEvaluator):
    """The hand-written estimate, remembering the decision each scored position waits for."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[object] = []

    def evaluate(self, s: State) -> tuple[list[float], list[float]]:
        self.seen.append(None if s.over else s.stack[-1][0])
        return super().evaluate(s)


def _positions(players: int, seed: int, count: int) -> list[State]:
    rng = random.Random(seed)
    out: list[State] = []
    s = inferno.new_game(players, seed, record_events=False)
    while len(out) < count and not s.over:
        s = advance_to_choice(s, rng, rng.randrange(2, 9))
        if not s.over and len(legal_actions(s)) > 1:
            out.append(s.copy())
    return out


def test_settled_leaves_wait_for_a_move_start() -> None:
    """With ``settle`` the search scores positions where a family starts a move (or the game is over),
    not halfway through a Soul's jumps; without it, it scores wherever its tree ends."""
    settled, raw = _Recorder(), _Recorder()
    for s in _positions(2, seed=3, count=4):
        v = inferno.view(s, to_move(s))
        acts = legal_actions(s)
        SearchBot(1, SearchConfig(iterations=60, settle=200), evaluator=settled).choose(v, acts)
        SearchBot(1, SearchConfig(iterations=60), evaluator=raw).choose(v, acts)
    assert settled.seen and all(k is None or k in MOVE_STARTS for k in settled.seen)
    assert any(k is not None and k not in MOVE_STARTS for k in raw.seen)


def test_settled_search_is_deterministic() -> None:
    """The same seed and the same sequence of views give the same decisions with settled leaves."""
    for seed in (0, 1):
        logs = []
        for _ in range(2):
            s = inferno.new_game(2, seed, record_events=False)
            bots = [SearchBot(7 + p, SearchConfig(iterations=20, settle=20)) for p in range(2)]
            picks = []
            for _ in range(60):
                if s.over:
                    break
                p = to_move(s)
                a = bots[p].choose(inferno.view(s, p), legal_actions(s))
                picks.append(a)
                s = apply(s, a)
            logs.append(picks)
        assert logs[0] == logs[1]


def _play_with(bots: list[SearchBot], seed: int, decisions: int) -> tuple[list[object], list[tuple[int, int]]]:
    """Decisions of ``bots`` from the start of game ``seed``, and each searched decision's (new, inherited)
    iterations."""
    s = inferno.new_game(len(bots), seed, record_events=False)
    picks: list[object] = []
    spent: list[tuple[int, int]] = []
    for _ in range(decisions):
        if s.over:
            break
        p = to_move(s)
        acts = legal_actions(s)
        a = bots[p].choose(inferno.view(s, p), acts)
        if len(acts) > 1:
            spent.append((bots[p].last.iterations, bots[p].last.reused))
        picks.append(a)
        s = apply(s, a)
    return picks, spent


def test_reused_tree_runs_only_the_missing_iterations() -> None:
    """With ``reuse`` a bot's later decisions in a game start from its kept tree and top it up to the
    budget; without it every search starts afresh."""
    reusing = [SearchBot(7 + p, SearchConfig(iterations=40, settle=10, reuse=True)) for p in range(2)]
    _picks, spent = _play_with(reusing, seed=2, decisions=80)
    assert any(old > 0 for _new, old in spent)
    assert all(new + old == 40 for new, old in spent)
    fresh = [SearchBot(7 + p, SearchConfig(iterations=40, settle=10)) for p in range(2)]
    _picks, spent = _play_with(fresh, seed=2, decisions=80)
    assert all(old == 0 and new == 40 for new, old in spent)


def test_reusing_search_is_deterministic() -> None:
    """The same seed and the same sequence of views give the same decisions with a kept tree."""
    for seed in (0, 1):
        logs = [
            _play_with(
                [SearchBot(7 + p, SearchConfig(iterations=20, settle=10, reuse=True)) for p in range(2)], seed, 60
            )
            for _ in range(2)
        ]
        assert logs[0] == logs[1]


def test_kept_tree_is_dropped_for_another_position() -> None:
    """A view that does not follow the kept search's (the same position again, another game) is
    searched afresh, exactly like a new bot would."""
    s = _positions(2, seed=3, count=1)[0]
    v, acts = inferno.view(s, to_move(s)), legal_actions(s)
    bot = SearchBot(1, SearchConfig(iterations=30, reuse=True))
    bot.choose(v, acts)
    bot.choose(v, acts)
    assert bot.last.reused == 0
    other = _positions(2, seed=4, count=1)[0]
    bot.choose(inferno.view(other, to_move(other)), legal_actions(other))
    assert bot.last.reused == 0
    again = SearchBot(1, SearchConfig(iterations=30, reuse=True))
    assert again.choose(v, acts) == SearchBot(1, SearchConfig(iterations=30)).choose(v, acts)


class _Fixed:
    """A leaf estimate that gives every position the same rewards (and no margin)."""

    def __init__(self, rewards: list[float]) -> None:
        self.rewards = rewards

    def evaluate(self, s: State) -> tuple[list[float], list[float]]:
        return list(self.rewards), [0.0] * len(self.rewards)


def _means(node: _Node) -> list[tuple[int, float]]:
    """(player, mean reward) of every visited node below ``node``."""
    out: list[tuple[int, float]] = []
    for child in node.children.values():
        if child.visits:
            out.append((child.player, child.total / child.visits))
            out.extend(_means(child))
    return out


def test_paranoid_search_scores_every_opponent_node_with_the_searchers_loss() -> None:
    """``paranoid`` (3+ players): the opponents' nodes hold one minus the searching player's reward,
    the searching player's nodes its own; without it each node holds its own player's reward."""
    rewards = [0.9, 0.2, 0.35]
    s = _positions(3, seed=5, count=1)[0]
    me = to_move(s)
    v = inferno.view(s, me)
    for paranoid in (True, False):
        bot = SearchBot(2, SearchConfig(iterations=300, paranoid=paranoid), evaluator=_Fixed(rewards))
        root = _Node(-1)
        for _ in range(300):
            bot._iterate(v, root)
        means = _means(root)
        assert {p for p, _m in means} > {me}  # the tree reached the opponents' decisions
        for p, mean in means:
            want = rewards[me] if p == me else (1.0 - rewards[me] if paranoid else rewards[p])
            assert abs(mean - want) < 1e-9, (paranoid, p, mean)


def test_paranoid_search_plays_the_same_with_two_players() -> None:
    """With 2 players the opponent's reward already is the searching player's loss: ``paranoid``
    changes no decision."""
    for seed in (0, 1):
        plain = [SearchBot(7 + p, SearchConfig(iterations=30, settle=10)) for p in range(2)]
        paranoid = [SearchBot(7 + p, SearchConfig(iterations=30, settle=10, paranoid=True)) for p in range(2)]
        assert _play_with(plain, seed, 60)[0] == _play_with(paranoid, seed, 60)[0]


def test_crowd_budget_searches_longer_from_three_players() -> None:
    """``crowd_iterations``: with 3 or more families the search runs that budget a decision, with 1 or 2
    its ``iterations`` (the expert searches longer where its budget is spread over more opponents)."""
    cfg = SearchConfig(iterations=30, crowd_iterations=70)
    assert [cfg.budget(n) for n in (1, 2, 3, 4, 5)] == [30, 30, 70, 70, 70]
    assert SearchConfig(iterations=30).budget(4) == 30
    for players, expected in ((2, 30), (3, 70), (4, 70)):
        s = _positions(players, seed=5, count=1)[0]
        bot = SearchBot(2, cfg)
        bot.choose(inferno.view(s, to_move(s)), legal_actions(s))
        assert bot.last.iterations == expected
