"""Same seed, same view, same decision; and what a bot cannot see never changes its decision
(RULES.md §0.2 D5: other players' Fraud hands and the deck order are hidden)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import inferno
from inferno.bots.base import Bot, play_game
from inferno.bots.expert import EXPERT, make_expert
from inferno.bots.greedy import GreedyBot
from inferno.bots.search import SearchBot
from inferno.rules.state import State
from tests.bots.conftest import TINY, advance_to_choice


def _make(kind: str, seed: int) -> Bot:
    if kind == "greedy":
        return GreedyBot(seed)
    if kind == "expert":  # the search with settled leaves
        # the tiny budget at every table size (the expert's own searches longer from 3 players)
        tiny = replace(EXPERT, iterations=TINY.iterations, crowd_iterations=None, max_seconds=None)
        return make_expert(seed, tiny)
    return SearchBot(seed, TINY, "tiny")


def _hide_differently(s: State, player: int) -> State:
    """A full state differing from ``s`` only in what ``player`` cannot see."""
    t = s.copy()
    q = next(q for q, pl in enumerate(t.players) if q != player and pl.hand)
    hand = t.own_player(q).hand
    hand[0], t.deck[0] = t.deck[0], hand[0]
    t.deck.reverse()
    t.legal_cache = None
    return t


def _decision_points(players: int, seed: int, count: int) -> list[State]:
    rng = random.Random(seed)
    out: list[State] = []
    s = inferno.new_game(players, seed, record_events=False)
    while len(out) < count and not s.over:
        s = advance_to_choice(s, rng, rng.randrange(3, 15))
        if not s.over and len(s.deck) > 1:
            out.append(s.copy())
    return out


@pytest.mark.parametrize("kind", ["greedy", "search", "expert"])
@pytest.mark.parametrize("players", [2, 4])
def test_hidden_cards_do_not_change_the_decision(kind: str, players: int) -> None:
    for s in _decision_points(players, seed=21 + players, count=6):
        p = inferno.to_move(s)
        t = _hide_differently(s, p)
        assert inferno.state_to_dict(t) != inferno.state_to_dict(s)  # the secrets really differ
        assert inferno.state_to_dict(inferno.view(t, p)) == inferno.state_to_dict(inferno.view(s, p))
        acts = inferno.legal_actions(s)
        assert inferno.legal_actions(t) == acts
        a = _make(kind, 99).choose(inferno.view(s, p), acts)
        b = _make(kind, 99).choose(inferno.view(t, p), acts)
        assert a == b


@pytest.mark.parametrize("kind", ["greedy", "search", "expert"])
def test_same_seed_same_game(kind: str) -> None:
    bot = _make(kind, 0)
    if isinstance(bot, SearchBot):  # a whole 3-player game, twice: the tiny budget, not a level's
        assert bot.config.budget(3) == TINY.iterations

    def actions(seed: int) -> list[str]:
        s = inferno.new_game(3, seed=4, record_events=False)
        play_game(s, [_make(kind, seed + i) for i in range(3)])
        return list(inferno.record_of(s).actions)

    assert actions(10) == actions(10)


def test_search_decision_depends_on_its_seed() -> None:
    """The search really uses its generator: across positions, some seeds pick differently."""
    points = _decision_points(2, seed=5, count=8)
    differs = 0
    for s in points:
        p = inferno.to_move(s)
        v = inferno.view(s, p)
        acts = inferno.legal_actions(s)
        picks = {SearchBot(seed, TINY).choose(v, acts) for seed in range(4)}
        differs += len(picks) > 1
    assert differs > 0
