"""A snapshot of the full-screen tutorial at a key step (SVG beside this test; ``make snapshots``)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytest_textual_snapshot")

from inferno.tui.tutorial_app import TutorialApp
from inferno.tutorial.session import StepKind, Tutorial


def _at(step_id: str) -> Tutorial:
    t = Tutorial.start()
    while t.step is not None and t.step.id != step_id:
        step = t.step
        t.next() if step.kind is StepKind.EXPLAIN else t.play(step.expected[0])
    return t


async def _settle(pilot: Any) -> None:
    """Let the screen finish its first layout and animations (a loaded machine may take a few frames)."""
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


def test_tutorial_jump_step_at_120x40(snap_compare: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.setenv("INFERNO_DATA_DIR", str(tmp_path))
    assert snap_compare(TutorialApp(_at("jump")), terminal_size=(120, 40), run_before=_settle)
