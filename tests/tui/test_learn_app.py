"""The full-screen tutorial, completed with a Textual pilot from the panel's cues only."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from textual.widgets import Static

from inferno.tui.tutorial_app import TutorialApp
from inferno.tutorial.session import Tutorial

PLAY = re.compile(r"Play: (.+?)(?: or |$)", re.MULTILINE)


def panel_text(app: TutorialApp) -> str:
    return str(app.query_one("#step-body", Static).render())


async def _complete(tmp_path: Path) -> TutorialApp:
    app = TutorialApp(Tutorial.start())
    async with app.run_test(size=(200, 50)) as pilot:
        for _ in range(300):
            text = panel_text(app)
            if "play your first game" in text.lower() and "Play:" not in text and "next" not in text.lower():
                break
            cue = PLAY.search(text)
            await pilot.press(*(cue.group(1) if cue else "next"), "enter")
            await pilot.pause()
        assert "Play your first game" in panel_text(app)
    return app


def _at_the_first_move() -> Tutorial:
    """The tutorial past its four opening explanations, at the first step that asks for a move."""
    t = Tutorial.start()
    for _ in range(4):
        t.next()
    return t


def test_the_full_screen_tutorial_from_its_cues(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INFERNO_DATA_DIR", str(tmp_path))
    app = asyncio.run(_complete(tmp_path))
    assert app.t.done
    assert json.loads((tmp_path / "tutorial.json").read_text(encoding="utf-8"))["done"] is True


def test_a_held_back_move_shows_the_friendly_word(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INFERNO_DATA_DIR", str(tmp_path))

    async def run() -> str:
        app = TutorialApp(_at_the_first_move())
        async with app.run_test(size=(200, 50)) as pilot:
            await pilot.press(*"enter violence", "enter")
            await pilot.pause()
            return str(app.query_one("#reply", Static).render())

    assert "Lust Soul" in asyncio.run(run())


def test_f6_shows_the_board_in_full_and_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INFERNO_DATA_DIR", str(tmp_path))

    async def run() -> tuple[str, str, str]:
        app = TutorialApp(Tutorial.start())
        async with app.run_test(size=(160, 50)) as pilot:
            board = app.query_one("#board-body", Static)
            compact = str(board.render())
            await pilot.press("f6")
            await pilot.pause()
            full = str(board.render())
            await pilot.press("f6")
            await pilot.pause()
            return compact, full, str(board.render())

    compact, full, again = asyncio.run(run())
    assert "Circle 4, " in full
    assert "Circle 4, " not in compact
    assert again.splitlines()[0] == compact.splitlines()[0]  # (the width may differ: a scrollbar came and went)


def test_the_side_panel_tells_about_the_part_of_the_board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INFERNO_DATA_DIR", str(tmp_path))

    async def run() -> str:
        app = TutorialApp(_at_the_first_move())
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            return str(app.query_one("#preview-body", Static).render())

    shown = asyncio.run(run())
    assert "1. enter lust" in shown and "On the board: Graveyard" in shown
