"""The data-health report's strategy comparison (seed 003, Game End & Final Scoring: "Filling one or two
circles well usually beats collecting every Diploma"): played on the rules data, judged, and reported by
``inferno rules check --strategy-games``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from inferno.bots import base
from inferno.cli.main import cli
from inferno.sim import strategy_comparison
from inferno.sim.record import GameSummary
from inferno.sim.strategy_comparison import play_comparison


@pytest.fixture(autouse=True)
def _second_random(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second name for the random bot: quick stand-ins for the two strategies, told apart by name."""
    base.make_bot("random")  # the built-in bots registered first
    monkeypatch.setitem(base._REGISTRY, "random-second", base.RandomBot)


def test_the_comparison_alternates_seats_and_counts_a_shared_win_as_its_share() -> None:
    seen: list[GameSummary] = []
    played = play_comparison(4, first_seed=10, bots=("random", "random-second"), on_game=seen.append)
    assert (played.games, played.players) == (4, 2) and [r.seed for r in seen] == [10, 11, 12, 13]
    assert [r.bots[0] for r in seen] == ["random", "random-second"] * 2  # seats alternate
    shares = [sum(r.bots[s] == "random" for s in r.winners) / len(r.winners) for r in seen]
    assert played.wins == pytest.approx(sum(shares)) and 0 <= played.wins <= 4


def test_rules_check_plays_the_comparison_and_judges_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strategy_comparison, "STRATEGIES", ("random", "random-second"))  # quick stand-ins
    out = tmp_path / "h.json"
    args = ["rules", "check", "-n", "1", "-p", "2", "-b", "random", "-j", "1", "-q", "--strategy-games", "3"]
    res = CliRunner().invoke(cli, [*args, "--json", str(out)], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    (comparison,) = json.loads(out.read_text())["comparison_checks"]
    assert comparison["status"] in {"met", "missed"} and " of 3 (random against random-second): " in comparison["shown"]
    assert "Target of the strategy comparison" in res.output and "not measured  a circle filler" not in res.output


def test_the_comparison_is_given_or_played_not_both() -> None:
    args = ["rules", "check", "-n", "1", "-p", "2", "--strategy-games", "2", "--circle-filler-wins", "5/10"]
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 2 and "not both" in res.output and "Traceback" not in res.output


def test_any_two_registered_bots_may_stand_in_for_the_strategies(tmp_path: Path) -> None:
    """``--strategy-bots FILLER,COLLECTOR``: the report plays and names them (e.g. a stronger filler, once one
    is registered)."""
    out = tmp_path / "h.json"
    args = ["rules", "check", "-n", "1", "-p", "2", "-b", "random", "-j", "1", "-q", "--strategy-games", "2"]
    res = CliRunner().invoke(
        cli, [*args, "--strategy-bots", "random-second,random", "--json", str(out)], env={"COLUMNS": "200"}
    )
    assert res.exit_code == 0, res.output
    (comparison,) = json.loads(out.read_text())["comparison_checks"]
    assert " of 2 (random-second against random): " in comparison["shown"]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("greedy", "name two different bots"),
        ("greedy,greedy", "name two different bots"),
        ("greedy,,", "name two different bots"),
        ("greedy-filler,nobody", "unknown bot 'nobody'"),
    ],
)
def test_the_strategy_bots_are_refused_in_words(value: str, words: str) -> None:
    res = CliRunner().invoke(cli, ["rules", "check", "-n", "1", "-p", "2", "--strategy-bots", value])
    assert res.exit_code == 2 and words in res.output and "--strategy-bots" in res.output
    assert "Traceback" not in res.output
