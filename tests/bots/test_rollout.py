"""The rollout bot: greedy's best moves played out by greedy players, from the bot's own view only
(RULES.md §0.2 D5: other players' Fraud hands and the deck order are hidden)."""

from __future__ import annotations

import random

import inferno
from inferno.bots.base import play_game
from inferno.bots.greedy import GreedyBot
from inferno.bots.rollout import MOVES, RolloutBot, RolloutConfig
from inferno.rules.engine import apply, to_move
from inferno.rules.state import State
from tests.bots.conftest import advance_to_choice
from tests.bots.test_fairness import _hide_differently

SMALL = RolloutConfig(candidates=3, samples=2)


def _move_decisions(players: int, seed: int, count: int) -> list[State]:
    """Positions where the deciding family starts a move (Florence or Hell) with several options."""
    rng = random.Random(seed)
    out: list[State] = []
    s = inferno.new_game(players, seed, record_events=False)
    while len(out) < count and not s.over:
        s = advance_to_choice(s, rng, rng.randrange(2, 9))
        if not s.over and s.stack[-1][0] in MOVES and len(s.deck) > 1:
            out.append(s.copy())
    return out


def test_playouts_score_distinct_candidates_on_every_deal() -> None:
    for s in _move_decisions(3, seed=4, count=2):
        p = to_move(s)
        v = inferno.view(s, p)
        acts = inferno.legal_actions(s)
        options = RolloutBot(5, SMALL).playouts(v, acts)
        assert len(options) == min(3, len(acts))
        assert all(len(o.rewards) == len(o.margins) == 2 for o in options)
        assert all(0.0 <= r <= 1.0 for o in options for r in o.rewards)
        assert {o.action for o in options} <= set(acts)
        assert len({o.action for o in options}) == len(options)


def test_a_playout_stops_when_the_bot_starts_its_next_move() -> None:
    bot = RolloutBot(1, SMALL)
    for s in _move_decisions(2, seed=8, count=3):
        me = to_move(s)
        end = bot._play_out(apply(s, inferno.legal_actions(s)[0]), me)
        assert end.over or (to_move(end) == me and end.stack[-1][0] in MOVES)
        # the others have played in between: the round went on
        assert end.over or end.version > s.version + 1


def test_hidden_cards_do_not_change_the_rollout_decision() -> None:
    for s in _move_decisions(3, seed=31, count=2):
        p = to_move(s)
        t = _hide_differently(s, p)
        assert inferno.state_to_dict(inferno.view(t, p)) == inferno.state_to_dict(inferno.view(s, p))
        acts = inferno.legal_actions(s)
        assert RolloutBot(9, SMALL).choose(inferno.view(s, p), acts) == RolloutBot(9, SMALL).choose(
            inferno.view(t, p), acts
        )


def test_small_decisions_are_greedys() -> None:
    rng = random.Random(3)
    s = inferno.new_game(2, 3, record_events=False)
    checked = 0
    while checked < 5 and not s.over:
        s = advance_to_choice(s, rng, 1)
        if s.over:
            break
        if s.stack[-1][0] not in MOVES:
            p = to_move(s)
            acts = inferno.legal_actions(s)
            v = inferno.view(s, p)
            assert RolloutBot(4, SMALL).choose(v, acts) == GreedyBot(4).choose(v, acts)
            checked += 1
    assert checked == 5


def test_the_rollout_bot_finishes_a_game() -> None:
    s = inferno.new_game(2, 12, record_events=False)
    play_game(s, [RolloutBot(1, RolloutConfig(candidates=2, samples=1)), GreedyBot(2)])
    assert s.over


def test_a_solo_playout_stops_at_the_next_turn() -> None:
    """Solo (RULES.md §17: one family against the Rival) has no other seat to wait for: a playout ends when
    the family's next turn starts, not after a fixed number of decisions."""
    s = inferno.new_game(1, 2, record_events=False)
    start = s.turn
    end = RolloutBot(1, SMALL)._play_out(apply(s, inferno.legal_actions(s)[0]), 0)
    assert end.over or (end.turn == start + 1 and end.stack[-1][0] in MOVES)


def test_the_registered_rollout_bot_is_the_hints_search() -> None:
    """``rollout`` is the hints' search with 3 or more players (review.toml ``[hint]``): the same
    candidates and deals, its steps within a move played out too, playouts scored by the expert's
    estimate; so a player who follows those hints plays as the measured bot."""
    from inferno.bots.base import make_bot
    from inferno.bots.expert import expert_evaluator
    from inferno.bots.rollout import ROLLOUT
    from inferno.review.settings import load_settings

    bot = make_bot("rollout", 3)
    assert isinstance(bot, RolloutBot) and bot.config == ROLLOUT and ROLLOUT.steps
    st = load_settings()
    assert (st.hint_candidates, st.hint_samples, st.hint_crowd_search) == (
        ROLLOUT.candidates,
        ROLLOUT.samples,
        "rollout",
    )
    s = _move_decisions(3, 4, 1)[0]
    assert bot.evaluator.evaluate(s) == expert_evaluator().evaluate(s)
