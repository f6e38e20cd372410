"""The strategy tuning tool (tools/strategy_tuning.py): candidate weights played without editing code."""

from __future__ import annotations

import argparse

import pytest
from tools.strategy_tuning import Candidate, grid, measure, parse_axis

from inferno.bots.ladder import Match, score, specs
from inferno.bots.strategy import STRATEGY_WEIGHTS, Strategy
from inferno.bots.tournament import run


def test_a_candidate_changes_only_the_named_weights() -> None:
    c = Candidate(Strategy.FILLER, (("focus_circles", 1.0), ("focus_fill", 2.0)))
    base = STRATEGY_WEIGHTS[Strategy.FILLER]
    w = c.weights
    assert w.focus_circles == 1 and isinstance(w.focus_circles, int) and w.focus_fill == 2.0
    assert w.empty_foresight == base.empty_foresight and w.diploma_bonus == base.diploma_bonus
    assert c.name == "greedy-filler[focus_circles=1,focus_fill=2]"


def test_the_grid_is_every_combination_of_the_axes() -> None:
    axes = [parse_axis("diploma_bonus=1,3"), parse_axis("empty_foresight=0,0.5,1")]
    cands = grid(Strategy.COLLECTOR, axes)
    assert len(cands) == 6 and len({c.name for c in cands}) == 6
    assert cands[0].changes == (("diploma_bonus", 1.0), ("empty_foresight", 0.0))
    assert cands[-1].changes == (("diploma_bonus", 3.0), ("empty_foresight", 1.0))


def test_an_unknown_weight_is_refused() -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="Weights' fields"):
        parse_axis("focus=1,2")
    with pytest.raises(argparse.ArgumentTypeError, match="must be numbers"):
        parse_axis("focus_fill=half")


def test_an_unchanged_candidate_plays_the_registered_strategy_games() -> None:
    """Same weights, same seeds and seats: the same games as the ladder's ``greedy-collector`` match."""
    got = measure(Candidate(Strategy.COLLECTOR), "greedy-filler", 2, 2, 7)
    m = Match("greedy-collector", "greedy-filler", 2, 0.5)
    ref = score(m, run(specs(m, 2, 7)))
    assert (got.games, got.wins, got.mean_margin) == (ref.games, ref.wins, ref.mean_margin)


def test_a_search_plays_the_strategies_weights_against_the_other_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    """``--search``: the candidate is a search bot judging its leaves by its weights, without a time cap (the
    same games twice); ``--opponent-strategy`` seats the other strategy, searched the same way."""
    from tools.strategy_tuning import main, register

    from inferno.bots.base import make_bot
    from inferno.bots.search import SearchBot

    c = Candidate(Strategy.FILLER, (("focus_fill", 0.25),), "easy")
    assert c.name == "easy-filler[focus_fill=0.25]"
    bot = make_bot(register(c), 3)
    assert isinstance(bot, SearchBot) and bot.config.max_seconds is None and bot.weights == c.weights
    argv = ["--strategy", "filler", "--search", "easy", "--opponent-strategy", "collector", "--games", "2"]
    main(argv)
    first = capsys.readouterr().out
    main(argv)
    assert first == capsys.readouterr().out
    assert first.startswith("easy-filler[]: ") and "/2 (" in first
