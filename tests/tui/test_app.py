"""The full-screen game (Textual) driven by its pilot: whole games by keyboard and by mouse, the
previews, typed commands with history and completion, undo, hot-seat, resume, resize, monochrome."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from rich.console import Console, RenderableType

pytest.importorskip("textual")

from textual.pilot import Pilot
from textual.widgets import OptionList

import inferno
from inferno.records.record import load_record, replay
from inferno.tui.app import InfernoApp
from inferno.tui.app.app import Body, CommandInput, PassScreen, TextScreen
from inferno.tui.app.ending import EndScreen
from inferno.tui.app.preview import preview
from inferno.tui.players import action_hint
from inferno.tui.session import Seat, Session

MAX_DECISIONS = 600


def _session(tmp_path: Path, seats: list[Seat], seed: int) -> Session:
    return Session.start(seats, seed, tmp_path / "game.json")


async def _wait_for_human(app: InfernoApp, pilot: Pilot[int]) -> None:
    """Let the bots move until a human decides or the game is over."""
    for _ in range(2000):
        if app.outcome == "over":
            return
        choices = app.query("#choices")
        if app.pend is not None and choices and choices.first().region.height:
            return
        await pilot.pause()
    raise AssertionError("no human decision came")


def _plain(renderable: RenderableType) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def _last_human_action(sess: Session, player: int) -> str:
    return next(e.action for e in reversed(sess.log) if e.player == player and not e.undone)


async def _test_whole_game_with_the_keyboard_alone_at_80x24(tmp_path: Path) -> None:
    sess = _session(tmp_path, [Seat(), Seat("greedy")], 3)
    app = InfernoApp(sess, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        decisions = 0
        while app.outcome != "over":
            assert decisions < MAX_DECISIONS
            await _wait_for_human(app, pilot)
            if app.outcome == "over":
                break
            pend = app.pend
            assert pend is not None and not app.query_one(Body).wide
            n = len(pend.actions)
            if decisions % 3 == 1 and n > 1:
                want = inferno.action_text(sess.state, pend.actions[1])
                await pilot.press("down", "enter")  # arrow keys on the choices
            elif decisions % 3 == 2:
                k = n  # a number typed on the choices goes to the command line
                want = inferno.action_text(sess.state, pend.actions[k - 1])
                await pilot.press(*str(k), "enter")
            else:
                want = inferno.action_text(sess.state, pend.actions[0])
                await pilot.press("enter")
            await pilot.pause()
            assert _last_human_action(sess, 0) == want
            decisions += 1
        assert isinstance(app.screen, EndScreen)  # the final scoring
        await pilot.press("enter")
    assert decisions > 10
    assert sess.over and replay(load_record(tmp_path / "game.json")).over


async def _test_whole_game_with_the_mouse_alone_at_200x60(tmp_path: Path) -> None:
    sess = _session(tmp_path, [Seat(), Seat("random")], 5)
    app = InfernoApp(sess, pace=0)
    async with app.run_test(size=(200, 60)) as pilot:
        assert app.query_one(Body).wide  # the board, the log, the choices and the preview at once
        assert app.visible_panels() >= {"board", "strip", "log", "preview"}
        decisions = 0
        while app.outcome != "over":
            assert decisions < MAX_DECISIONS
            await _wait_for_human(app, pilot)
            if app.outcome == "over":
                break
            pend = app.pend
            assert pend is not None
            one_line = not any(action_hint(sess.state, pend, a) for a in pend.actions)  # no option wraps
            k = min(len(pend.actions), 1 + decisions % 3) if one_line else 1  # rows 1-3 of the choices
            want = inferno.action_text(sess.state, pend.actions[k - 1])
            assert await pilot.click("#choices", offset=(6, k))  # row 0 is the border
            await pilot.pause()
            assert _last_human_action(sess, 0) == want
            decisions += 1
        assert isinstance(app.screen, EndScreen)
        assert await pilot.click("#close")
    assert decisions > 10
    assert sess.over


def test_preview_comes_from_the_engine_and_hides_the_deck(tmp_path: Path) -> None:
    s = inferno.new_game(2, 5)
    pend = inferno.pending(s)
    assert pend is not None
    enter = pend.actions[0]
    pv = preview(s, enter)
    # Every landing the preview lists is where the engine really puts the Soul.
    assert pv.routes
    for route in pv.routes:
        t = inferno.apply(s, enter)
        step = next(a for a in inferno.legal_actions(t) if t.board.labels[a.a] == route.path[1])
        t = inferno.apply(t, step)
        assert t.board.labels[route.shield] == route.label
        assert t.rules.quartieri[t.quartiere] in route.quartiere
    assert any("Drachmas" in c for c in pv.changes)  # Charon's ferry cost
    assert s.version == 0  # the game itself is untouched


async def _test_highlighted_option_is_previewed_and_its_shields_marked(tmp_path: Path) -> None:
    sess = _session(tmp_path, [Seat(), Seat("greedy")], 3)
    app = InfernoApp(sess, pace=0)
    async with app.run_test(size=(200, 60)) as pilot:
        await _wait_for_human(app, pilot)
        await pilot.press("down")
        await pilot.pause()
        assert app.index == 1
        text = str(app.query_one("#preview-body").render())
        pend = app.pend
        assert pend is not None
        assert inferno.action_text(sess.state, pend.actions[1]) in text
        assert "act in" in text  # the quartiere the Soul's shield would give
        shields, _ = app.marks()
        assert app.previews[1].shields and all(shields[t] for t in app.previews[1].shields)


async def _test_typed_commands_history_completion_and_errors(tmp_path: Path) -> None:
    sess = _session(tmp_path, [Seat(), Seat("greedy")], 3)
    app = InfernoApp(sess, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _wait_for_human(app, pilot)
        cmd = app.query_one(CommandInput)
        message = app.query_one("#message")
        await pilot.press("9", "9", "enter")
        assert "no option 99" in str(message.render())
        await pilot.press(*"frobnicate", "enter")
        shown = str(message.render())
        assert "unknown action" in shown and "Traceback" not in shown and "int()" not in shown
        await pilot.press("up")
        assert cmd.value == "frobnicate"  # history
        cmd.value = ""
        await pilot.press("e", "n", "t", "tab")
        assert cmd.value.startswith("enter ")  # Tab completes from the legal actions
        pend = app.pend
        assert pend is not None
        cmd.value = inferno.action_text(sess.state, pend.actions[-1])
        await pilot.press("enter")
        await pilot.pause()
        assert _last_human_action(sess, 0) == inferno.action_text(
            replay(load_record(sess.save_path), 0), pend.actions[-1]
        )


async def _test_undo_help_glossary_and_quit_saves(tmp_path: Path) -> None:
    sess = _session(tmp_path, [Seat(), Seat("greedy")], 3)
    app = InfernoApp(sess, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _wait_for_human(app, pilot)
        await pilot.press("enter")
        await _wait_for_human(app, pilot)
        assert sess.state.version == 1
        await pilot.press("ctrl+z")
        await _wait_for_human(app, pilot)
        assert sess.state.version == 0 and sess.log[-1].undone
        await pilot.press("f1")
        assert isinstance(app.screen, TextScreen)
        page = _plain(app.screen.body)
        assert "Hell phase" in page and "RULES.md" not in page
        await pilot.press("escape")
        await pilot.press("f2")
        assert isinstance(app.screen, TextScreen)
        glossary = _plain(app.screen.body)
        assert "River Styx" in glossary and "BONFIRE" in glossary and "silver_" not in glossary
        await pilot.press("escape")
        await pilot.press("ctrl+q")
    assert app.outcome == "quit"
    assert load_record(sess.save_path).meta["undone"]


async def _test_hot_seat_hides_the_screen_until_the_next_player_is_ready(tmp_path: Path) -> None:
    sess = _session(tmp_path, [Seat(), Seat()], 4)
    assert sess.labels() == ["(human)", "(human)"]  # nobody is "you" at a shared device
    app = InfernoApp(sess, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        first = sess.deciding()
        for _ in range(6):
            await pilot.pause()
            assert isinstance(app.screen, PassScreen)
            assert app.pend is None  # no choices behind the cover
            await pilot.press("enter")
            await pilot.pause()
            assert app.shown_to == sess.deciding()
            p = sess.deciding()
            while sess.deciding() == p and not sess.over:
                await pilot.press("enter")
                await pilot.pause()
        assert first in (0, 1)


async def _test_resume_and_live_resize(tmp_path: Path) -> None:
    sess = _session(tmp_path, [Seat(), Seat("greedy")], 3)
    for _ in range(6):
        if sess.seats[sess.deciding()].human:
            sess.play(inferno.legal_actions(sess.state)[0])
        else:
            sess.bot_move()
    resumed = Session.resume(sess.save_path)
    app = InfernoApp(resumed, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _wait_for_human(app, pilot)
        assert resumed.state.version >= 6
        assert not app.query_one(Body).wide
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        await pilot.pause()
        assert app.query_one(Body).wide
        assert app.query_one("#choices", OptionList).option_count == len(app.pend.actions if app.pend else ()) + len(
            app.whole_paths()
        )
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert not app.query_one(Body).wide


def test_monochrome_mode_keeps_symbols(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    sess = _session(tmp_path, [Seat(), Seat("greedy")], 3)
    assert InfernoApp(sess, mono=True).no_color
    assert not InfernoApp(sess).no_color


def test_whole_game_with_the_keyboard_alone_at_80x24(tmp_path: Path) -> None:
    asyncio.run(_test_whole_game_with_the_keyboard_alone_at_80x24(tmp_path))


def test_whole_game_with_the_mouse_alone_at_200x60(tmp_path: Path) -> None:
    asyncio.run(_test_whole_game_with_the_mouse_alone_at_200x60(tmp_path))


def test_highlighted_option_is_previewed_and_its_shields_marked(tmp_path: Path) -> None:
    asyncio.run(_test_highlighted_option_is_previewed_and_its_shields_marked(tmp_path))


def test_typed_commands_history_completion_and_errors(tmp_path: Path) -> None:
    asyncio.run(_test_typed_commands_history_completion_and_errors(tmp_path))


def test_undo_help_glossary_and_quit_saves(tmp_path: Path) -> None:
    asyncio.run(_test_undo_help_glossary_and_quit_saves(tmp_path))


def test_hot_seat_hides_the_screen_until_the_next_player_is_ready(tmp_path: Path) -> None:
    asyncio.run(_test_hot_seat_hides_the_screen_until_the_next_player_is_ready(tmp_path))


def test_resume_and_live_resize(tmp_path: Path) -> None:
    asyncio.run(_test_resume_and_live_resize(tmp_path))
