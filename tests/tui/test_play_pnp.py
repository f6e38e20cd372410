"""``inferno play`` with the P&P expansion: 5 players, --module, the interactive question, clear errors."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from inferno.cli.main import cli
from inferno.records.record import load_record, replay


def _play(args: list[str], text: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    res = CliRunner().invoke(cli, ["play", *args], input=text, env=env)
    return res.exit_code, res.output


def test_five_bots_with_both_modules_play_to_the_end(tmp_path: Path) -> None:
    """A 5-player game with Plutus and Phlegyas runs to the end in the terminal and saves its modules."""
    seats = [x for i in range(1, 6) for x in ("--seat", f"{i}=bot:random")]
    save = tmp_path / "g.json"
    code, out = _play(
        ["--players", "5", "--module", "plutus", "--module", "phlegyas", *seats, "--seed", "2", "--save", str(save)], ""
    )
    assert code == 0, out
    assert "Final scoring (rulebook p.16-17)" in out and "Bells:" in out
    rec = load_record(save)
    assert rec.players == 5 and rec.modules == ("plutus", "phlegyas")
    assert replay(rec).over


def test_impossible_combinations_get_clear_errors(tmp_path: Path) -> None:
    """5 players without the expansion, and an unknown module, are refused in the game's words."""
    code, out = _play(["--players", "5", "--save", str(tmp_path / "a.json")], "")
    assert code != 0 and "5-player game needs the P&P expansion" in out and "Traceback" not in out
    code, out = _play(["--players", "3", "--module", "charon", "--save", str(tmp_path / "b.json")], "")
    assert code != 0 and "unknown expansion module 'charon'" in out


def test_interactive_setup_asks_for_the_expansion(tmp_path: Path) -> None:
    """Without options the set-up asks for P&P modules after the players (default both for 5 players)."""
    env = {"XDG_DATA_HOME": str(tmp_path)}
    text = "5\nnone\nwhatever\nphlegyas\n" + "bot:random\n" * 5 + "7\n"
    code, out = _play([], text, env)
    assert code == 0, out
    assert "5-player game needs the P&P expansion" in out and "answer none, plutus, phlegyas or both" in out
    rec = load_record(tmp_path / "inferno" / "autosave.json")
    assert rec.players == 5 and rec.modules == ("phlegyas",)
