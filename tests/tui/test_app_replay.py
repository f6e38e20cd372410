"""The full-screen replay (issue: replay inside the terminal UI) driven by Textual's pilot at 80×24
and 200×60: stepping with the keys and the mouse, typed commands, the seat's hand, bad input."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path

import pytest
from rich.console import Console, RenderableType

pytest.importorskip("textual")

from click.testing import CliRunner
from textual.widgets import OptionList

import inferno
from inferno.cli.main import cli
from inferno.records.record import GameRecord, load_record, replay, save_game
from inferno.tui.app.replay import ReplayApp
from inferno.tui.replay_viewer import CHECKPOINT_EVERY, Timeline


def _record(tmp_path: Path, players: int = 3, seed: int = 6) -> GameRecord:
    s = inferno.new_game(players, seed)
    rng = random.Random(seed)
    while not s.over:
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    path = tmp_path / "done.json"
    save_game(s, path)
    return load_record(path)


def _plain(renderable: RenderableType) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def _same(app: ReplayApp, rec: GameRecord) -> None:
    assert inferno.state_to_dict(app.state) == inferno.state_to_dict(replay(rec, app.position))


def test_timeline_positions_equal_a_fresh_replay(tmp_path: Path) -> None:
    rec = _record(tmp_path)
    tl = Timeline(rec)
    assert len(tl) == len(rec.actions) > 2 * CHECKPOINT_EVERY
    for n in (0, 1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 5, len(tl) - 1, len(tl), len(tl) + 9):
        assert inferno.state_to_dict(tl.state(n)) == inferno.state_to_dict(replay(rec, min(n, len(tl))))
    assert tl.entry(0) is None and tl.entry(1) is not None and tl.entry(1).action == rec.actions[0]
    # a position handed out is a copy: changing it leaves the timeline intact
    s = tl.state(3)
    inferno.apply_in_place(s, inferno.legal_actions(s)[0])
    assert inferno.state_to_dict(tl.state(3)) == inferno.state_to_dict(replay(rec, 3))


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
def test_replay_steps_with_the_keys(tmp_path: Path, size: tuple[int, int]) -> None:
    rec = _record(tmp_path)
    n = len(rec.actions)

    async def run() -> None:
        app = ReplayApp(rec)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            assert app.position == 0
            moves = app.query_one("#choices", OptionList)
            assert moves.option_count == n + 1
            for keys, want in (
                (("right",), 1),
                (("right", "right", "right"), 4),
                (("left",), 3),
                (("down",), 4),
                (("pagedown",), 14),
                (("pageup",), 4),
                (("end",), n),
                (("home",), 0),
            ):
                await pilot.press(*keys)
                await pilot.pause()
                assert app.position == want, keys
                _same(app, rec)
                assert moves.highlighted == want
            await pilot.press("end")
            await pilot.pause()
            status = _plain(app.query_one("#status").render())
            assert "Game over" in status and f"action {n} of {n}" in status
            assert "Final scoring" in _plain(app.render_panel("preview", 100))
            await pilot.press("q")
            await pilot.pause()
        assert app.return_code == 0

    asyncio.run(run())


def test_replay_typed_commands_and_bad_input(tmp_path: Path) -> None:
    rec = _record(tmp_path)
    n = len(rec.actions)

    async def run() -> None:
        app = ReplayApp(rec, start=10)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert app.position == 10
            for typed, want in (("g 40", 40), ("p 5", 35), ("n", 36), ("25", 25), ("e", n), ("s", 0)):
                await pilot.press(*typed, "enter")
                await pilot.pause()
                assert app.position == want, typed
                _same(app, rec)
            for bad in ("g ²", "bogus", "n x"):
                await pilot.press(*bad, "enter")
                await pilot.pause()
                message = _plain(app.query_one("#message").render())
                assert message.startswith("✗") and "Traceback" not in message, bad
                assert app.position == 0
            await pilot.press("f1")
            await pilot.pause()
            assert "Home start" in _plain(app.screen.query_one("#page").query("Static").first().render())
            await pilot.press("escape")
            await pilot.pause()

    asyncio.run(run())


def test_replay_as_a_player_shows_only_that_hand(tmp_path: Path) -> None:
    rec = _record(tmp_path)

    async def run() -> None:
        app = ReplayApp(rec, viewer=1, start=30)
        async with app.run_test(size=(200, 60)) as pilot:
            await pilot.pause()
            hand = _plain(app.render_panel("hand", 100))
            full = app.timeline.state(30)
            assert app.shown_state().players[0].hand != full.players[0].hand or not full.players[0].hand
            assert inferno.state_to_dict(app.shown_state()) == inferno.state_to_dict(inferno.view(full, 1))
            assert hand

    asyncio.run(run())


def test_replay_clicking_a_move_shows_it(tmp_path: Path) -> None:
    rec = _record(tmp_path)

    async def run() -> None:
        app = ReplayApp(rec)
        async with app.run_test(size=(200, 60)) as pilot:
            await pilot.pause()
            moves = app.query_one("#choices", OptionList)
            await pilot.click("#choices", offset=(4, 4))  # the border, "Start", then moves 1, 2, 3
            await pilot.pause()
            assert app.position == moves.highlighted and app.position > 0
            _same(app, rec)
            entry = app.timeline.entry(app.position)
            assert entry is not None and entry.action in _plain(app.render_panel("preview", 100))

    asyncio.run(run())


def test_replay_command_uses_the_plain_mode_off_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    _record(tmp_path)
    path.write_text((tmp_path / "done.json").read_text())
    res = CliRunner().invoke(cli, ["replay", str(path), "--plain"], input="n\nq\n")
    assert res.exit_code == 0, res.output
    assert "Replay, action 1 of" in res.output
