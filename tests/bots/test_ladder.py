"""The ladder's match layout and its win-rate interval."""

from __future__ import annotations

import pytest

from inferno.bots.ladder import Match, score, specs, wilson
from inferno.bots.tournament import run


def test_focal_bot_sits_alone_in_every_seat() -> None:
    m = Match("greedy", "random", 4, 0.9)
    games = specs(m, 8, seed=50)
    assert [g.seed for g in games] == list(range(50, 58))
    assert [g.lineup.index("greedy") for g in games] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert all(g.lineup.count("greedy") == 1 for g in games)


def test_wilson_interval() -> None:
    lo, hi = wilson(9, 10)
    assert lo == pytest.approx(0.596, abs=1e-3) and hi == pytest.approx(0.982, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_score_counts_the_focal_seat() -> None:
    m = Match("greedy", "random", 2, 0.9)
    outcomes = run(specs(m, 2, seed=7))
    r = score(m, outcomes)
    assert r.games == 2
    expected = sum(1.0 / len(o.winners) for o in outcomes if o.lineup.index("greedy") in o.winners)
    assert r.wins == pytest.approx(expected)
    assert r.passed == (r.rate >= 0.9)


def test_players_option_runs_only_those_matches() -> None:
    from click.testing import CliRunner

    from inferno.bots.ladder import main

    res = CliRunner().invoke(main, ["-p", "2", "--greedy-games", "1", "--search-games", "1", "--search-bot", "easy"])
    assert res.exit_code == 0, res.output
    assert "(2p)" in res.output and "(4p)" not in res.output


def test_a_match_of_the_command_line() -> None:
    from click.testing import CliRunner

    from inferno.bots.ladder import main, parse_match

    assert parse_match("rollout:hard:2:65") == Match("rollout", "hard", 2, 0.65)
    assert parse_match("rollout:greedy:3") == Match("rollout", "greedy", 3, 1 / 3)
    for bad in ("rollout:hard", "rollout:hard:9", "rollout:hard:2:x", "a:b:2:0"):
        res = CliRunner().invoke(main, ["--match", bad])
        assert res.exit_code == 2 and "FOCAL:OPPONENT:PLAYERS" in res.output and "Traceback" not in res.output
    res = CliRunner().invoke(main, ["--match", "robot:random:2", "--search-games", "1"])
    assert res.exit_code == 2 and "unknown bot" in res.output and "Traceback" not in res.output
    res = CliRunner().invoke(main, ["--match", "greedy:random:2", "--search-games", "2", "--seed", "3"])
    assert res.exit_code == 0 and "greedy vs random" in res.output
