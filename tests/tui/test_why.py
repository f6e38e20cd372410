""" "Why can't I?" in the terminal: ``why <action>``, ``why`` alone, and the reason an illegal action
is refused, in the line mode and in the Textual app (the reasons are the engine's, rulebook p.11-15)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from click.testing import CliRunner

import inferno
from inferno.cli.main import cli
from inferno.records.record import load_record
from inferno.records.undo import steps_of
from inferno.tui.session import Seat, Session
from inferno.tui.why import illegal_message, why_answer


def _play(tmp_path: Path, text: str) -> str:
    args = ["--seat", "1=human", "--seat", "2=bot:random", "--seed", "5", "--save", str(tmp_path / "g.json")]
    res = CliRunner().invoke(cli, ["play", *args], input=text)
    assert res.exit_code == 0, res.output
    return " ".join(res.output.split())  # the console wraps long lines at its width


def test_line_mode_why_explains_with_the_rule_and_changes_nothing(tmp_path: Path) -> None:
    out = _play(tmp_path, "why accuse bank noble\nwhy\nquit\n")
    assert "'accuse bank noble' is not possible: not now: you must move one Soul in the Hell phase" in out
    assert "you accuse only in the Florence phase" in out and "(rulebook p.14-15)" in out
    assert "Now: you must move one Soul in the Hell phase" in out
    assert "Traceback" not in out
    rec = load_record(tmp_path / "g.json")
    assert all(st.player == 1 for st in steps_of(rec))  # nothing was played by the human


def test_line_mode_illegal_action_gives_the_engines_reason(tmp_path: Path) -> None:
    out = _play(tmp_path, "send bank noble\nquit\n")
    assert "'send bank noble' is not legal now: not now: you must move one Soul in the Hell phase" in out
    assert "(rulebook, Florence Phase p.12)" in out


def test_why_of_a_legal_action_says_so(tmp_path: Path) -> None:
    sess = Session.start([Seat(), Seat("random")], 5, tmp_path / "g.json")
    p = sess.deciding()
    legal = inferno.action_text(sess.state, inferno.legal_actions(sess.state)[0])
    assert why_answer(sess.view_for(p), p, legal) == f"'{legal}' is legal now: type it to play it."
    assert "is not legal now: it is not your turn" in illegal_message(sess.view_for(1 - p), 1 - p, legal)


pytest.importorskip("textual")


async def _app_why(tmp_path: Path) -> None:
    from inferno.tui.app import InfernoApp
    from inferno.tui.app.widgets import CommandInput

    sess = Session.start([Seat(), Seat("greedy")], 3, tmp_path / "game.json")
    app = InfernoApp(sess, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(2000):
            if app.pend is not None and app.query("#choices") and app.query_one("#choices").region.height:
                break
            await pilot.pause()
        assert app.pend is not None
        cmd = app.query_one(CommandInput)
        message = app.query_one("#message")
        cmd.focus()
        await pilot.pause()
        cmd.value = "why accuse bank noble"
        await pilot.press("enter")
        shown = str(message.render())
        assert "you accuse only in the Florence phase" in shown and "rulebook p.14-15" in shown
        cmd.value = "send bank noble"
        await pilot.press("enter")
        shown = str(message.render())
        assert "is not legal now: not now: you must move one Soul" in shown and "(whole message in the log)" in shown
        whole = sess.log[-1].lines[0]  # a message too long for two lines is kept whole in the log
        assert "is not legal now: not now: you must move one Soul" in whole and "Florence Phase p.12" in whole
        cmd.value = "why"
        await pilot.press("enter")
        assert "Now: you must move one Soul in the Hell phase" in str(message.render())
        assert sess.deciding() == 0 and not [e for e in sess.log if e.player == 0]


def test_textual_app_why_and_illegal_reason(tmp_path: Path) -> None:
    asyncio.run(_app_why(tmp_path))
