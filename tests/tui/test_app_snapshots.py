"""Snapshots of the full-screen game's main screens (pytest-textual-snapshot; SVG files beside this test).

After an intended change of the screens, regenerate them with ``make snapshots``
(``pytest tests/tui/test_app_snapshots.py --snapshot-update``) and look at the new SVG files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytest_textual_snapshot")

from textual.pilot import Pilot

from inferno.tui.app import InfernoApp
from inferno.tui.session import Seat, Session

SAVE = Path("snapshot-game.json")  # never shown on these screens


def _app(tmp_path: Path, seats: list[Seat], seed: int = 3) -> InfernoApp:
    return InfernoApp(Session.start(seats, seed, tmp_path / SAVE), pace=0)


async def _settle(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, InfernoApp)
    for _ in range(400):
        await pilot.pause()
        if app.pend is not None and app.query("#choices") and app.query_one("#choices").region.height:
            break
    await pilot.pause()


async def _after_three_moves(pilot: Pilot[Any]) -> None:
    await _settle(pilot)
    for _ in range(3):
        await pilot.press("down", "enter")
        await _settle(pilot)


def test_first_decision_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path, [Seat(), Seat("greedy")]), terminal_size=(80, 24), run_before=_settle)


def test_mid_game_at_120x40(snap_compare: Any, tmp_path: Path) -> None:
    app = _app(tmp_path, [Seat(), Seat("greedy"), Seat("random")])
    assert snap_compare(app, terminal_size=(120, 40), run_before=_after_three_moves)


def test_mid_game_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    app = _app(tmp_path, [Seat(), Seat("greedy"), Seat("random")])
    assert snap_compare(app, terminal_size=(80, 24), run_before=_after_three_moves)


def test_mid_game_at_200x60(snap_compare: Any, tmp_path: Path) -> None:
    app = _app(tmp_path, [Seat(), Seat("greedy"), Seat("random")])
    assert snap_compare(app, terminal_size=(200, 60), run_before=_after_three_moves)


def test_families_tab_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    async def families(pilot: Pilot[Any]) -> None:
        await _after_three_moves(pilot)
        await pilot.press("f3", "f3")
        # Let every layout pass settle: a snapshot taken one pass early had the tables one cell wider
        # (before the scrollbar came), which made this test fail now and then.
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.2)
        await pilot.pause()

    app = _app(tmp_path, [Seat(), Seat("greedy")])
    assert snap_compare(app, terminal_size=(80, 24), run_before=families)


def test_glossary_at_120x40(snap_compare: Any, tmp_path: Path) -> None:
    async def glossary(pilot: Pilot[Any]) -> None:
        await _settle(pilot)
        await pilot.press("f2")
        await pilot.pause()

    assert snap_compare(_app(tmp_path, [Seat(), Seat("greedy")]), terminal_size=(120, 40), run_before=glossary)


def test_pass_the_device_screen(snap_compare: Any, tmp_path: Path) -> None:
    async def covered(pilot: Pilot[Any]) -> None:
        for _ in range(5):
            await pilot.pause()

    assert snap_compare(_app(tmp_path, [Seat(), Seat()], 4), terminal_size=(80, 24), run_before=covered)


def _replay_app(tmp_path: Path, start: int) -> Any:
    import random

    import inferno
    from inferno.records.record import load_record, save_game
    from inferno.tui.app.replay import ReplayApp

    s = inferno.new_game(3, 6)
    rng = random.Random(6)
    while not s.over:
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    save_game(s, tmp_path / "done.json")
    return ReplayApp(load_record(tmp_path / "done.json"), start=start)


def test_replay_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(_replay_app(tmp_path, 25), terminal_size=(80, 24))


def test_replay_at_200x60(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(_replay_app(tmp_path, 25), terminal_size=(200, 60))
