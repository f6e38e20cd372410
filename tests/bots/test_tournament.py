"""Tournaments: lineups and seat rotation, results, exports and the `inferno tournament` command."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from inferno.bots.base import BotSpecError
from inferno.bots.tournament import check_bots, lineups, run, schedule, summarize
from inferno.cli.tournament import command


def test_lineups_round_robin_and_one_against_the_field() -> None:
    assert lineups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert lineups(["a", "b"], 4) == [("a", "b", "b", "b"), ("b", "a", "a", "a")]


def test_schedule_rotates_seats_over_the_same_seeds() -> None:
    specs = schedule(["a", "b"], 4, 4, seed=10)
    first = [s for s in specs if sorted(s.lineup) == ["a", "b", "b", "b"]]
    assert [s.seed for s in first] == [10, 11, 12, 13]
    assert sorted(s.lineup.index("a") for s in first) == [0, 1, 2, 3]


def test_unknown_bot_is_a_clear_error() -> None:
    with pytest.raises(BotSpecError, match="nosuchbot"):
        check_bots(["random", "nosuchbot"])


def test_results_count_every_seat_and_win() -> None:
    outcomes = run(schedule(["random", "greedy"], 2, 4, seed=3))
    assert len(outcomes) == 4
    summary = {t.bot: t for t in summarize(outcomes, elo_samples=20)}
    assert summary["random"].seats == summary["greedy"].seats == 4
    assert summary["random"].wins + summary["greedy"].wins == pytest.approx(4)
    assert summary["greedy"].decisions > 0
    # Same seeds, same bots: the same games.
    again = run(schedule(["random", "greedy"], 2, 4, seed=3))
    assert [o.scores for o in again] == [o.scores for o in outcomes]


def test_cli_prints_table_and_exports(tmp_path: Path) -> None:
    out_json, out_csv = tmp_path / "t.json", tmp_path / "t.csv"
    res = CliRunner().invoke(
        command,
        [
            "random",
            "greedy",
            "-p",
            "3",
            "-n",
            "2",
            "--json",
            str(out_json),
            "--csv",
            str(out_csv),
            "--elo-samples",
            "10",
        ],
    )
    assert res.exit_code == 0, res.output
    assert "Elo" in res.output and "greedy" in res.output
    data = json.loads(out_json.read_text())
    assert data["settings"]["players"] == 3 and len(data["games"]) == 4
    assert {b["bot"] for b in data["bots"]} == {"random", "greedy"}
    rows = list(csv.DictReader(out_csv.open()))
    assert len(rows) == 12 and {r["bot"] for r in rows} == {"random", "greedy"}


def test_cli_rejects_unknown_bot() -> None:
    res = CliRunner().invoke(command, ["random", "nosuchbot"])
    assert res.exit_code != 0 and "unknown bot" in res.output
