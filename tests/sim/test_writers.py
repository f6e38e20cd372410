"""Record files: every format round-trips; an interrupted file is repaired and resumed."""

from __future__ import annotations

from pathlib import Path

import pytest

from inferno.sim.game import SimConfig, play_one
from inferno.sim.record import GameSummary
from inferno.sim.writers import (
    SimFileError,
    drop_partial_tail,
    journal_path,
    open_sink,
    read_records,
    write_records,
)


@pytest.mark.parametrize("suffix", [".jsonl", ".csv", ".parquet"])
def test_each_format_round_trips(tmp_path: Path, some_games: list[GameSummary], suffix: str) -> None:
    """One player count per file (a file holds one configuration)."""
    four = [g for g in some_games if g.players == 4]
    path = tmp_path / f"games{suffix}"
    write_records(path, four)
    assert read_records(path) == four
    assert not journal_path(path).exists()


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_partial_last_line_is_dropped_on_resume(tmp_path: Path, some_games: list[GameSummary], suffix: str) -> None:
    three = [g for g in some_games if g.players == 3]
    path = tmp_path / f"games{suffix}"
    write_records(path, three[:2])
    whole = path.read_bytes()
    with path.open("a", encoding="utf-8") as f:
        f.write('{"seed": 9, "play' if suffix == ".jsonl" else "9,3,III/IV,5a71")
    assert read_records(path) == three[:2]  # a reader ignores the torn line
    sink = open_sink(path)
    assert sink.existing == three[:2]
    assert path.read_bytes() == whole  # ... and reopening for append cuts it off
    sink.write(three[2])
    sink.finish()
    assert read_records(path) == three


def test_drop_partial_tail_keeps_whole_lines(tmp_path: Path) -> None:
    p = tmp_path / "x.jsonl"
    p.write_bytes(b"a\nb\nccc")
    assert drop_partial_tail(p) == 3
    assert p.read_bytes() == b"a\nb\n"
    assert drop_partial_tail(p) == 0
    p.write_bytes(b"only partial")
    drop_partial_tail(p)
    assert p.read_bytes() == b""


def test_interrupted_parquet_run_resumes_from_its_journal(tmp_path: Path, some_games: list[GameSummary]) -> None:
    two = [g for g in some_games if g.players == 2]
    path = tmp_path / "games.parquet"
    sink = open_sink(path)
    sink.write(two[0])
    sink.close()  # interrupted: no finish()
    assert not path.exists() and journal_path(path).exists()
    with pytest.raises(SimFileError, match="has not finished"):
        read_records(path)
    assert read_records(journal_path(path)) == two[:1]
    sink = open_sink(path)
    assert sink.existing == two[:1]
    sink.write(two[1])
    sink.finish()
    assert read_records(path) == two[:2]
    sink = open_sink(path)  # extending a finished Parquet file starts from its records
    assert sink.existing == two[:2]
    sink.write(two[2])
    sink.finish()
    assert read_records(path) == two


def test_csv_refuses_games_with_other_columns(tmp_path: Path, some_games: list[GameSummary]) -> None:
    path = tmp_path / "games.csv"
    write_records(path, [g for g in some_games if g.players == 2])
    sink = open_sink(path)
    with pytest.raises(SimFileError, match="columns do not match"):
        sink.write(next(g for g in some_games if g.players == 3))
    sink.close()


def test_unknown_suffix_and_bad_lines_are_reported(tmp_path: Path) -> None:
    txt = tmp_path / "x.txt"
    txt.write_text("")
    with pytest.raises(SimFileError, match="unknown record format"):
        read_records(txt)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"seed": 1}\n')
    with pytest.raises(SimFileError, match=r"bad\.jsonl:1: not a game record"):
        read_records(bad)


@pytest.mark.parametrize("suffix", [".jsonl", ".csv", ".parquet"])
def test_a_board_side_variant_is_marked_in_every_format(tmp_path: Path, suffix: str) -> None:
    """Rulebook, Boards & General Concepts: side I/II for 1–2 players. A 2-player game on III/IV is a
    named variant: its summary says so (``side_variant``) and keeps saying so after a round trip; games
    on the player count's side carry no such field or column."""
    cfg = SimConfig(2, ("random", "random"), side="III/IV", side_variant=True)
    games = [play_one(cfg, seed) for seed in range(2)]
    assert all(g.side == "III/IV" and g.side_variant for g in games)
    assert games[0].to_dict()["side_variant"] is True and games[0].to_row()["side_variant"] is True
    path = tmp_path / f"variant{suffix}"
    write_records(path, games)
    assert read_records(path) == games
    usual = play_one(SimConfig(2, ("random", "random")), 0)
    assert not usual.side_variant and "side_variant" not in usual.to_dict() and "side_variant" not in usual.to_row()
