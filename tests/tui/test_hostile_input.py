"""The terminal game and replay viewer answer hostile or careless input with a clear message.

Unicode digits, a save to a directory or an unwritable file, ``undo`` with a bad count, a seat given
twice on the command line and very long lines: each gets a message, never a traceback, and changes
nothing it should not.
"""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

import inferno
from inferno.cli.main import cli
from inferno.records.record import load_record, replay, save_game
from inferno.records.undo import steps_of
from inferno.tui.replay_viewer import ReplayViewer

UNICODE_NUMBERS = ["²", "①", "¹", "１", "٣", "2²", "𝟚"]


def _play(args: list[str], text: str) -> tuple[int, str, BaseException | None]:
    res = CliRunner().invoke(cli, ["play", *args], input=text, env={"COLUMNS": "400"})
    return res.exit_code, res.output, res.exception


def _human_first(save: Path) -> list[str]:
    return ["--seat", "1=human", "--seat", "2=bot:random", "--seed", "5", "--save", str(save)]


def _no_human_moves(save: Path) -> None:
    rec = load_record(save)
    assert all(st.player == 1 for st in steps_of(rec)), "a refused line was played"


@pytest.mark.parametrize("digits", UNICODE_NUMBERS)
def test_unicode_digits_get_the_malformed_action_message(tmp_path: Path, digits: str) -> None:
    """``gate ²``, ``①`` as an option number, ``log ¹``, ``undo ²``, ``move １.2``: a message each, no crash."""
    save = tmp_path / "g.json"
    lines = [digits, f"gate {digits}", f"move {digits}.1", f"exchange {digits}", f"log {digits}", f"undo {digits}"]
    code, out, exc = _play(_human_first(save), "\n".join(lines) + "\nquit\n")
    assert code == 0, out
    assert exc is None or isinstance(exc, SystemExit), repr(exc)
    assert "Traceback" not in out and "invalid literal" not in out
    assert "Game saved" in out
    assert out.count("✗") >= len(lines)
    _no_human_moves(save)


def test_undo_with_a_word_refuses_instead_of_undoing(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out, _ = _play(_human_first(save), "1\nundo abc\nundo 0\nquit\n")
    assert code == 0
    assert "undo takes a number of your decisions (e.g. undo 2), not 'abc'; nothing was undone" in out
    assert "(undone)" not in out
    rec = load_record(save)
    assert rec.meta["undone"] == []
    assert any(st.player == 0 for st in steps_of(rec)), "the human's first move stays"


def test_save_to_a_directory_gives_a_message_and_leaves_no_temp_file(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    target = tmp_path / "adir"
    target.mkdir()
    code, out, exc = _play(_human_first(save), f"save {target}\n1\nquit\n")
    assert code == 0, out
    assert exc is None or isinstance(exc, SystemExit)
    assert f"cannot save to '{target}'" in out and "directory" in out
    assert list(target.iterdir()) == []
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert any(st.player == 0 for st in steps_of(load_record(save))), "the game went on after the refusal"


def test_save_that_fails_midway_gives_a_message_and_leaves_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unwritable target (here: the final rename is refused, as on a read-only file) is reported
    and the half-written temporary file is removed."""
    target_dir = tmp_path / "out"
    target_dir.mkdir()
    real_replace = os.replace

    def refuse(src: str, dst: str) -> None:
        if str(dst).startswith(str(target_dir)):
            raise PermissionError(13, "Permission denied", str(dst))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", refuse)
    code, out, exc = _play(_human_first(tmp_path / "g.json"), f"save {target_dir / 'x.json'}\nquit\n")
    assert code == 0, out
    assert exc is None or isinstance(exc, SystemExit)
    assert "cannot save to" in out and "permission denied" in out
    assert list(target_dir.iterdir()) == [], "no temporary file is left behind"


def test_save_below_a_file_gives_a_message(tmp_path: Path) -> None:
    """A path that cannot be created even by root (its parent is a file) is refused with a message."""
    afile = tmp_path / "afile"
    afile.write_text("x")
    code, out, exc = _play(_human_first(tmp_path / "g.json"), f"save {afile / 'x.json'}\nquit\n")
    assert code == 0, out
    assert exc is None or isinstance(exc, SystemExit)
    assert "cannot save to" in out and "Game saved" in out
    assert afile.read_text() == "x"


def test_the_same_seat_twice_is_a_cli_error(tmp_path: Path) -> None:
    args = ["--seat", "1=human", "--seat", "1=bot:random", "--save", str(tmp_path / "g.json")]
    code, out, _ = _play(args, "quit\n")
    assert code == 2 or code == 1
    assert "seat 1 is given twice" in out
    assert not (tmp_path / "g.json").exists()


def test_a_long_line_is_not_echoed_back_whole(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    long_word = "x" * 5000
    long_arg = "gate " + "9" * 5000
    code, out, _ = _play(_human_first(save), f"{long_word}\n{long_arg}\nsend {long_word} noble\nquit\n")
    assert code == 0
    assert "x" * 300 not in out and "9" * 300 not in out
    assert out.count("(5000 characters)") >= 2
    _no_human_moves(save)


def _finished(tmp_path: Path) -> Path:
    s = inferno.new_game(2, 6)
    rng = random.Random(6)
    while not s.over:
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    path = tmp_path / "done.json"
    save_game(s, path)
    return path


def test_replay_viewer_refuses_unicode_counts(tmp_path: Path) -> None:
    rec = load_record(_finished(tmp_path))
    lines = iter(["n ²", "g ①", "p １", "g", "n 2", "x" * 5000, "q"])
    out = io.StringIO()
    viewer = ReplayViewer(rec, Console(file=out, width=140), read=lambda _p: next(lines))
    viewer.run()
    text = out.getvalue()
    assert viewer.position == 2
    assert text.count("is not a number of actions") == 3
    assert "unknown command 'g'" in text
    assert "x" * 300 not in text
    assert inferno.state_to_dict(viewer.state) == inferno.state_to_dict(replay(rec, 2))


def test_the_screen_shows_no_seed_during_play_and_shows_it_at_the_end(tmp_path: Path) -> None:
    """A player's screen is built from their view, which withholds the seed (it would reveal every
    hand); the final screen, built from the full state, names it."""
    save = tmp_path / "g.json"
    args = ["--seat", "1=human", "--seat", "2=bot:random", "--seed", "987654321", "--save", str(save)]
    code, out, _ = _play(args, "quit\n")
    assert code == 0
    assert out.count("987654321") == 1, "only the start-up line that echoes --seed names it"
    bots = ["--seat", "1=bot:random", "--seat", "2=bot:random", "--seed", "987654321", "--save", str(save)]
    code, out, _ = _play(bots, "")
    assert code == 0
    assert "Inferno — 2 players, side I/II, seed 987654321, turn" in out, "the final screen names the seed"
