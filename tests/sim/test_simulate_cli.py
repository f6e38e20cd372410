"""``inferno simulate`` options: bots per seat, rotation, formats, errors."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from inferno.cli.simulate import command
from inferno.sim.writers import read_records


def _run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(command, list(args), env={"COLUMNS": "200"})
    return res.exit_code, res.output


def test_simulate_writes_one_record_per_seed_with_bots_in_their_seats(tmp_path: Path) -> None:
    out = tmp_path / "g.csv"
    code, text = _run("-n", "6", "-p", "2", "--first-seed", "7", "-b", "random,random", "-j", "1", "-o", str(out))
    assert code == 0, text
    assert "6 games played, 0 already there" in text
    records = read_records(out)
    assert [r.seed for r in records] == list(range(7, 13))
    assert all(r.players == 2 and r.bots == ("random", "random") for r in records)


def test_rerunning_the_command_resumes(tmp_path: Path) -> None:
    out = tmp_path / "g.jsonl"
    assert _run("-n", "3", "-p", "2", "-j", "1", "-q", "-o", str(out))[0] == 0
    code, text = _run("-n", "5", "-p", "2", "-j", "1", "-o", str(out))
    assert code == 0, text
    assert "resuming" in text and "2 games played, 3 already there" in text
    code, text = _run("-n", "5", "-p", "3", "-j", "1", "-o", str(out))
    assert code != 0 and "--overwrite" in text


def test_bad_bot_lists_are_refused(tmp_path: Path) -> None:
    out = str(tmp_path / "g.jsonl")
    code, text = _run("-p", "3", "-b", "random,random", "-o", out)
    assert code == 2 and "give one bot or 3 bots" in text
    code, text = _run("-p", "2", "-b", "no-such-bot", "-o", out)
    assert code == 2 and "unknown bot 'no-such-bot'" in text
    code, text = _run("-o", str(tmp_path / "g.txt"), "-n", "1")
    assert code == 1 and "unknown record format" in text
