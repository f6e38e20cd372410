"""Every bot finishes games of every player count on both board sides, only ever choosing legal
actions from its own view (RULES.md §0.2 D5: hands and deck order are hidden information)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import inferno
from inferno.bots.base import Bot, make_bot, play_game
from inferno.bots.greedy import GreedyBot
from inferno.bots.search import LEVELS, SearchBot
from inferno.rules.actions import Action
from inferno.rules.state import State
from tests.bots.conftest import TINY

SIDES = ["I/II", "III/IV"]


class Referee:
    """Wraps a bot and checks each call: its own view only, and a legal answer."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot = bot
        self.name = bot.name
        self.seat = seat
        self.calls = 0

    def choose(self, view: State, actions: Sequence[Action]) -> Action:
        assert view.viewer == self.seat
        for q, pl in enumerate(view.players):
            if q != self.seat:
                assert all(c == -1 for c in pl.hand)
        assert all(c == -1 for c in view.deck)
        choice = self.bot.choose(view, actions)
        assert choice in actions, f"{self.name} chose {choice} not among {actions}"
        self.calls += 1
        return choice


def _make(kind: str, seed: int) -> Bot:
    if kind == "greedy":
        return GreedyBot(seed)
    if kind == "search":
        return SearchBot(seed, TINY, "tiny")
    return make_bot(kind, seed)


KINDS = ["random", "greedy", "search"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bots_finish_games_with_legal_actions(kind: str, players: int, side: str) -> None:
    """Each kind of bot sits in seat 0; the other seats cycle through the other kinds."""
    others = [k for k in KINDS if k != kind]
    lineup = [kind] + [others[i % 2] for i in range(players - 1)]
    s = inferno.new_game(players, seed=7 + players, side=side, record_events=False, side_variant=True)
    refs = [Referee(_make(k, players * 10 + i), i) for i, k in enumerate(lineup)]
    play_game(s, refs)
    r = inferno.result(s)
    assert s.over and len(r.players) == players
    assert all(ref.calls > 0 for ref in refs)


@pytest.mark.parametrize("name", ["random", "greedy", "easy", "medium", "hard", "ismcts"])
def test_registered_bots_choose_legal_actions(name: str) -> None:
    """Each registered bot, at its real budget, answers a few real decisions legally."""
    s = inferno.new_game(2, seed=3, record_events=False)
    bot = make_bot(name, seed=1)
    if isinstance(bot, SearchBot):
        bot.config = TINY if name in ("medium", "hard") else bot.config
    for _ in range(6):
        p = inferno.to_move(s)
        acts = inferno.legal_actions(s)
        a = bot.choose(inferno.view(s, p), acts)
        assert a in acts
        inferno.apply_in_place(s, a)


def test_levels_grow_in_budget() -> None:
    budgets = [LEVELS[level].iterations for level in ("easy", "medium", "hard")]
    assert budgets == sorted(budgets) and len(set(budgets)) == 3
    for level in ("easy", "medium", "hard"):
        bot = make_bot(level, 0)
        assert isinstance(bot, SearchBot) and bot.config == LEVELS[level] and bot.name == level
    hard = LEVELS["hard"]
    assert hard.max_seconds is not None and hard.max_seconds <= 2.0


def test_search_bot_reports_its_budget() -> None:
    s = inferno.new_game(2, seed=5, record_events=False)
    bot = SearchBot(0, TINY)
    while len(inferno.legal_actions(s)) < 2:
        inferno.apply_in_place(s, inferno.legal_actions(s)[0])
    bot.choose(inferno.view(s, inferno.to_move(s)), inferno.legal_actions(s))
    assert bot.last.iterations == TINY.iterations
