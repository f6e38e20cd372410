"""The solo balance tool (tools/solo_balance.py): the same games as ``inferno simulate``, its table and file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tools.solo_balance import SoloGame, play_solo, read_jsonl, table, wilson

from inferno.rules.solo_model import SoloConfig
from inferno.sim.game import SimConfig, play_one


def test_a_solo_game_is_the_one_simulate_plays() -> None:
    solo = SoloConfig("plague", "hard")
    g = play_solo("greedy", solo, 3)
    ref = play_one(SimConfig(1, ("greedy",), solo=solo), 3)
    assert (g.won, g.infamy, g.turns, g.sudden_death) == (
        ref.seats[0].winner,
        ref.seats[0].infamy,
        ref.turns,
        ref.sudden_death,
    )
    assert g.margin == g.infamy - g.bar and g.bar == g.rival_infamy
    # The Plague Year's Rival plays two cards a turn, one turn after each of yours (fewer if the game ends).
    assert g.turns <= g.rival_cards / 2 + 1 and g.rival_cards >= 2 * (g.turns - 1)


def test_the_table_reads_back_what_the_file_holds(tmp_path: Path) -> None:
    games = [
        SoloGame("pilgrimage", "hard", 1, True, 3, 33, 30, 41, 15, 15, False),
        SoloGame("pilgrimage", "hard", 2, False, -8, 22, 30, 35, 14, 14, False),
        SoloGame("rival", "hard", 1, False, -1, 30, 31, 31, 16, 16, True),
    ]
    path = tmp_path / "games.jsonl"
    path.write_text(
        "".join(json.dumps({"bot": "expert", **{k: getattr(g, k) for k in g.__slots__}}) + "\n" for g in games)
    )
    assert read_jsonl(str(path)) == games
    lines = table("expert", games, {})
    lo, hi = wilson(1, 2)
    assert lines[1].startswith(f"| pilgrimage | hard | 2 | 1 | 50% | {lo:.0%}-{hi:.0%} | 0% | 27.5 | -2.5 | 14.5 |")
    assert lines[2].startswith("| rival | hard | 1 | 0 | 0% | 0%-79% | 100% | 30.0 | -1.0 | 16.0 |")


def test_an_unknown_variant_or_level_is_refused_in_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tools import solo_balance

    for flag, value, words in (
        ("--variants", "plague_year", "unknown solo variant plague_year (choose rival, pilgrimage, plague)"),
        ("--levels", "hard,brutal", "unknown solo level brutal (choose easy, medium, hard)"),
    ):
        monkeypatch.setattr("sys.argv", ["solo_balance.py", flag, value, "--games", "1"])
        with pytest.raises(SystemExit) as stop:
            solo_balance.main()
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err


def test_an_interval_never_reads_minus_zero() -> None:
    """No win or every win: the interval is clamped to 0%-100%, so it never prints "-0%"."""
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] <= 1.0
    assert f"{wilson(0, 20)[0]:.0%}" == "0%"


def test_a_summary_names_the_bot_that_played_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--summarise`` labels its rows with the file's bot, not ``--bot``'s default (greedy)."""
    from tools import solo_balance

    g = SoloGame("rival", "hard", 1, False, -1, 30, 31, 31, 16, 16, False)
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps({"bot": "expert", **{k: getattr(g, k) for k in g.__slots__}}) + "\n")
    monkeypatch.setattr("sys.argv", ["solo_balance.py", "--summarise", str(path)])
    solo_balance.main()
    out = capsys.readouterr().out.splitlines()
    assert out[2].startswith("| rival | hard | 1 | 0 |") and out[2].endswith("|  expert")
