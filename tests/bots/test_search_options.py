"""The search's ``settle`` option: leaves played on to the start of a move before they are scored
(a bot parameter; every rule is still the engine's)."""

from __future__ import annotations

import random

import inferno
from inferno.bots.search import MOVE_STARTS, HeuristicEvaluator, SearchBot, SearchConfig
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
