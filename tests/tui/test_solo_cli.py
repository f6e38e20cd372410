"""The solo game in the terminal and the tools: `inferno play --solo-variant/--solo-level`, the
interactive set-up's solo questions, the clear error for solo options with several players, and
`inferno simulate` with the solo options (RULES.md §17)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from inferno.cli.main import cli
from inferno.records.record import load_record, replay
from inferno.rules.solo_model import SoloConfig
from inferno.sim.writers import read_records


def _run(args: list[str], text: str = "", env: dict[str, str] | None = None) -> tuple[int, str]:
    res = CliRunner().invoke(cli, args, input=text, env=env)
    return res.exit_code, res.output


VARIANTS = {"rival": "The Rival Family", "pilgrimage": "The Pilgrimage", "plague": "The Plague Year"}


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_play_a_solo_game_to_the_end_with_a_bot_seat(tmp_path: Path, variant: str, level: str) -> None:
    """Every solo variant at every level starts from the command line, ends with a result and a rank, and
    saves a record that replays to the same end (RULES.md §17)."""
    save = tmp_path / "solo.json"
    args = ["play", "--seat", "1=bot:random", "--solo-variant", variant, "--solo-level", level, "--seed", "4"]
    code, out = _run([*args, "--save", str(save)])
    assert code == 0, out
    assert f"against the Rival ({VARIANTS[variant]}, {level})" in out
    assert "Your rank:" in out and ("You win" in out or "You lose" in out)
    assert "your place" in out  # the rank ladder, the player's place on it
    rec = load_record(save)
    assert rec.solo == SoloConfig(variant, level)
    s = replay(rec)
    assert s.over and s.config.solo == SoloConfig(variant, level)


def test_solo_options_with_several_players_are_refused() -> None:
    code, out = _run(["play", "--players", "2", "--solo-level", "easy"])
    assert code != 0 and "for a 1-player game, not 2 players" in out
    code, out = _run(["play", "--solo-level", "impossible"])
    assert code != 0 and "impossible" in out


def test_interactive_setup_asks_for_the_solo_variant_and_level(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path)}
    code, out = _run(["play", "--plain"], "1\n\n\nnonsense\npilgrimage\neasy\n9\nquit\n", env)
    assert code == 0, out
    assert "The Pilgrimage" in out and "choose one of" in out
    rec = load_record(tmp_path / "inferno" / "autosave.json")
    assert rec.players == 1 and rec.solo == SoloConfig("pilgrimage", "easy") and rec.seed == 9


def test_simulate_plays_solo_games(tmp_path: Path) -> None:
    out = tmp_path / "solo.jsonl"
    code, text = _run(
        ["simulate", "-n", "3", "-p", "1", "-b", "random", "-j", "1", "-q", "--solo-variant", "rival", "-o", str(out)]
    )
    assert code == 0, text
    games = read_records(out)
    assert len(games) == 3 and all(g.players == 1 and len(g.seats) == 1 for g in games)
    code, text = _run(["simulate", "-n", "1", "-p", "2", "--solo-level", "hard", "-o", str(tmp_path / "x.jsonl")])
    assert code != 0 and "1-player game" in text


def test_tournament_plays_solo_games_at_a_level() -> None:
    code, text = _run(
        ["tournament", "random", "-p", "1", "-n", "2", "--solo-variant", "plague", "--solo-level", "easy"]
    )
    assert code == 0, text
    assert "2 games, 1 players" in text
    code, text = _run(["tournament", "random", "-p", "2", "-n", "1", "--solo-level", "easy"])
    assert code != 0 and "1-player game" in text
