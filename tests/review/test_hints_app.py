"""The full-screen game's hint key (F4) and typed ``hint`` command: the options, and the log note."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("textual")

from textual.widgets import Static

from inferno.records.record import load_record
from inferno.tui.app import InfernoApp
from inferno.tui.app.app import PassScreen, TextScreen
from inferno.tui.session import Seat, Session
from tests.tui.test_app import _plain, _wait_for_human


async def _run(tmp_path: Path) -> None:
    sess = Session.start([Seat(), Seat("greedy")], 3, tmp_path / "game.json")
    app = InfernoApp(sess, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await _wait_for_human(app, pilot)
        await pilot.press("f4")
        for _ in range(200):
            if isinstance(app.screen, TextScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        page = _plain(app.screen.body)
        assert page.startswith("Hint for Player 1") and "  option " in page and "%" in page  # by option number
        await pilot.press("escape")
        assert any("asked for a hint" in line for e in sess.log for line in e.lines)
        await pilot.press("ctrl+q")
    assert load_record(sess.save_path).meta["hints_used"][0]["player"] == 0


async def _refused(tmp_path: Path) -> None:
    sess = Session.start([Seat(), Seat()], 4, tmp_path / "game.json")
    app = InfernoApp(sess, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(400):  # the pass-the-device screen comes up once the app has laid itself out
            if isinstance(app.screen, PassScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await _wait_for_human(app, pilot)
        app.command("hint")
        await pilot.pause()
        message = app.query_one("#message", Static).render()
        assert "hints are off at this table" in str(message)
        await pilot.press("ctrl+q")
    assert "hints_used" not in load_record(sess.save_path).meta


def test_f4_gives_a_hint_and_the_log_notes_it(tmp_path: Path) -> None:
    asyncio.run(_run(tmp_path))


def test_hint_command_refused_with_two_humans(tmp_path: Path) -> None:
    asyncio.run(_refused(tmp_path))
