"""``inferno play`` and ``inferno replay`` driven in-process with scripted input."""

from __future__ import annotations

import io
import random
from pathlib import Path

from click.testing import CliRunner
from rich.console import Console

import inferno
from inferno.cli.main import cli
from inferno.records.record import load_record, replay, save_game
from inferno.records.undo import steps_of
from inferno.tui.replay_viewer import ReplayViewer


def _play(args: list[str], text: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    res = CliRunner().invoke(cli, ["play", *args], input=text, env=env)
    return res.exit_code, res.output


def _human_first(tmp_path: Path) -> list[str]:
    return ["--seat", "1=human", "--seat", "2=bot:random", "--seed", "5", "--save", str(tmp_path / "g.json")]


def test_bad_input_gets_a_clear_message_and_changes_nothing(tmp_path: Path) -> None:
    code, out = _play(_human_first(tmp_path), "99\nfly away\nsend nowhere noble\nmove 9.9\nsend bank noble\nquit\n")
    assert code == 0
    assert "there is no option 99" in out
    assert "unknown action 'fly'" in out
    assert "unknown shield" in out
    assert "is not legal now" in out
    rec = load_record(tmp_path / "g.json")
    assert all(st.player == 1 for st in steps_of(rec))  # only the bot's moves were made
    assert inferno.to_move(replay(rec)) == 0


def test_help_explains_the_decision_and_cites_the_rule(tmp_path: Path) -> None:
    code, out = _play(_human_first(tmp_path), "help\nquit\n")
    assert code == 0
    assert "Help: Hell phase: move one Soul" in out
    assert "Rule: rulebook p.11: Hell phase" in out


def test_undo_command_takes_back_and_marks_the_log(tmp_path: Path) -> None:
    code, out = _play(_human_first(tmp_path), "1\nundo\nundo\nlog\nquit\n")
    assert code == 0
    assert "(undone)" in out
    assert "cannot take back 1 step (at most 0)" in out
    rec = load_record(tmp_path / "g.json")
    assert all(st.player == 1 for st in steps_of(rec))
    assert len(rec.meta["undone"]) == 1


def test_hot_seat_shows_a_pass_screen_and_only_the_deciders_hand(tmp_path: Path) -> None:
    args = ["--seat", "1=human", "--seat", "2=human", "--seed", "8", "--save", str(tmp_path / "h.json")]
    code, out = _play(args, "\n1\n" * 30 + "quit\n")
    assert code == 0
    passes = out.split("Pass the device to")
    assert len(passes) >= 3
    for chunk in passes[1:]:
        who = chunk.split(".", 1)[0].strip()  # "Player N"
        screen = chunk.split("which option?", 1)[0]
        assert f"Your hand ({who})" in screen
        other = "Player 1" if who == "Player 2" else "Player 2"
        assert f"Your hand ({other})" not in screen


def test_interactive_setup_without_options(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path)}
    code, out = _play([], "2\n\n\nbot:nonsense\nbot:random\n42\nquit\n", env)
    assert code == 0, out
    assert "there is no bot called 'nonsense'" in out and "greedy" in out
    rec = load_record(tmp_path / "inferno" / "autosave.json")
    assert rec.seed == 42 and rec.players == 2
    assert rec.meta["seats"] == ["human", "bot:random"]


def test_unknown_bot_is_refused() -> None:
    code, out = _play(["--seat", "2=bot:nosuchbot"], "")
    assert code != 0 and "there is no bot called 'nosuchbot'" in out and "bot:greedy" in out


def test_resume_continues_the_saved_game(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    _play(_human_first(tmp_path), "1\n1\nquit\n")
    before = load_record(save).actions
    code, out = _play(["--resume", str(save)], "quit\n")
    assert code == 0 and f"at action {len(before)}" in out
    assert load_record(save).actions == before


def test_bots_only_game_runs_to_the_end(tmp_path: Path) -> None:
    args = ["--seat", "1=bot:random", "--seat", "2=bot:random", "--seed", "3", "--save", str(tmp_path / "b.json")]
    code, out = _play(args, "")
    assert code == 0
    assert "Final scoring (rulebook p.16-17)" in out and "Step 4, Diplomas" in out
    assert replay(load_record(tmp_path / "b.json")).over


def _finished_record(tmp_path: Path) -> Path:
    s = inferno.new_game(2, 6)
    rng = random.Random(6)
    while not s.over:
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    path = tmp_path / "done.json"
    save_game(s, path)
    return path


def test_replay_viewer_steps_both_directions(tmp_path: Path) -> None:
    rec = load_record(_finished_record(tmp_path))
    lines = iter(["n", "n 4", "p", "p 2", "g 40", "e", "s", "q"])
    seen: list[int] = []
    viewer = ReplayViewer(rec, Console(file=io.StringIO(), width=140), read=lambda _p: next(lines))
    real_show = viewer.show

    def show() -> None:
        seen.append(viewer.position)
        assert inferno.state_to_dict(viewer.state) == inferno.state_to_dict(replay(rec, viewer.position))
        real_show()

    viewer.show = show  # type: ignore[method-assign]
    viewer.run()
    assert seen == [0, 1, 5, 4, 2, 40, len(rec.actions), 0]


def test_replay_command(tmp_path: Path) -> None:
    path = _finished_record(tmp_path)
    n = len(load_record(path).actions)
    res = CliRunner().invoke(cli, ["replay", str(path)], input="n\nn\np\ng 10\ne\np\nbogus\nq\n")
    assert res.exit_code == 0, res.output
    for k in (0, 1, 2, 10, n, n - 1):
        assert f"Replay, action {k} of {n}." in res.output
    assert "Final scoring (rulebook p.16-17)" in res.output and "Step 4, Diplomas" in res.output
    assert "unknown command 'bogus'" in res.output


def test_resume_without_a_file_uses_the_default_autosave(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path)}
    code, out = _play(["--resume"], "", env)
    assert code != 0 and "there is no autosaved game to resume" in out
    _play(["--seat", "1=human", "--seat", "2=bot:random", "--seed", "5"], "1\nquit\n", env)
    saved = tmp_path / "inferno" / "autosave.json"
    before = load_record(saved).actions
    code, out = _play(["--resume"], "quit\n", env)
    assert code == 0 and f"Resumed {saved} at action {len(before)}" in out


def test_a_seat_that_is_no_bot_gets_the_list_of_bots() -> None:
    code, out = _play(["--seat", "1=human", "--seat", "2=robot"], "")
    assert code != 0 and "there is no bot called 'robot'" in out
    assert "2=human" in out and "greedy" in out and "Traceback" not in out


def test_review_seat_help_names_up_to_five_players() -> None:
    res = CliRunner().invoke(cli, ["review", "--help"])
    assert "at most 5" in res.output and "1-4" not in res.output


def test_replay_line_mode_reads_plain_lines_and_the_board(tmp_path: Path) -> None:
    """The line-mode replay is for screen readers too: no box drawing, the board in words on request."""
    path = _finished_record(tmp_path)
    res = CliRunner().invoke(cli, ["replay", str(path)], input="n\nboard\ne\nq\n")
    assert res.exit_code == 0, res.output
    assert "Circle 9, Treachery" in res.output and "HAYSTACK, in " in res.output
    assert not [c for c in res.output if "\u2500" <= c <= "\u257f"]


def test_the_line_mode_needs_no_textual() -> None:
    """The screen-reader mode is for any terminal: it imports without the full-screen extra."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'textual':\n"
        "            raise ImportError('textual is not installed')\n"
        "sys.meta_path.insert(0, Block())\n"
        "import inferno.cli.play, inferno.tui.reader\n"
        "print('ok', 'textual' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.stdout.strip() == "ok False", out.stderr
