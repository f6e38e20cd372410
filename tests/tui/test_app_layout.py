"""The full-screen game at 80×24 and larger: the whole board on screen, keys for every
scrolling region, Space, long messages, hint numbers, resizing, the size notice and Ctrl-C."""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

pytest.importorskip("textual")

from textual.pilot import Pilot
from textual.widgets import OptionList

import inferno
from inferno.records.record import load_record
from inferno.tui.app import InfernoApp
from inferno.tui.app.app import QuitScreen
from inferno.tui.app.widgets import CommandInput, MessageLine, Panel
from inferno.tui.compact import board_layout
from inferno.tui.session import Seat, Session

SIZES = [(80, 24), (120, 40), (160, 44), (200, 60)]


def _run(
    tmp_path: Path,
    size: tuple[int, int],
    body: Callable[[InfernoApp, Pilot[Any]], Awaitable[None]],
    seats: list[Seat] | None = None,
    pace: float = 0,
    modules: tuple[str, ...] = (),
) -> InfernoApp:
    sess = Session.start(seats or [Seat(), Seat("greedy"), Seat("greedy")], 3, tmp_path / "game.json", modules=modules)
    app = InfernoApp(sess, pace=pace)

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await _wait_for_human(app, pilot)
            await body(app, pilot)

    asyncio.run(go())
    return app


async def _wait_for_human(app: InfernoApp, pilot: Pilot[Any]) -> None:
    """Until a human decides and every panel on screen is drawn (panels wait for the layout's widths)."""
    for _ in range(2000):
        choices = app.query("#choices")
        drawn = not (app.dirty & app.visible_panels())
        if app.pend is not None and choices and choices.first().region.height and drawn:
            await pilot.pause()
            return
        await pilot.pause()
    raise AssertionError("no human decision came")


def _screen_text(app: InfernoApp) -> list[str]:
    """The screen as the player sees it, line by line."""
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


def _assert_whole_board(app: InfernoApp) -> None:
    """Every circle of Hell with every shield, and every location of Florence, on screen without scrolling."""
    s = app.session.state
    lines = _screen_text(app)
    for circle in range(1, 10):
        c = s.rules.circles[circle - 1]
        row = next((line for line in lines if f"{circle} {c.glyph}{c.letter} +" in line), None)
        assert row is not None, f"circle {circle} is not on screen"
        cells = row.split(f"{c.glyph}{c.letter} +", 1)[1]
        shown = sum(cells.count(g) for g in ("·", "▭", "♜", "◎", "⌂")) + sum(
            cells.count(x.glyph) for x in s.rules.circles
        )
        assert shown >= len(s.board.circle_shields[circle]), f"circle {circle} is cut"
    for loc in s.rules.locations:
        assert any(loc.name in line for line in lines), f"{loc.name} is not on screen"
    board = app.query_one("#board", Panel)
    assert board.max_scroll_x == 0 and board.max_scroll_y == 0  # nothing of it is hidden


@pytest.mark.parametrize("size", SIZES)
def test_the_whole_board_is_on_screen(tmp_path: Path, size: tuple[int, int]) -> None:
    """Every circle of Hell with every shield, and every location of Florence, without scrolling."""

    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        _assert_whole_board(app)

    _run(tmp_path, size, body)


FAMILIES = [(3, ()), (4, ()), (5, ("plutus", "phlegyas"))]  # players and modules (5 players need P&P)


def _assert_families_unwrapped(app: InfernoApp) -> Panel:
    """The Families panel shows its tables with no cell wrapped and nothing to scroll sideways."""
    from inferno.tui.players import families_parts, table_width

    families = app.query_one("#families", Panel)
    width = families.content_width()
    for table in families_parts(app.shown_state(), app.labels(), width):
        assert table_width(table) <= width, (table.title, table_width(table), width)
    assert families.max_scroll_x == 0
    return families


@pytest.mark.parametrize("size", [(160, 44), (200, 60)])
@pytest.mark.parametrize(("players", "modules"), FAMILIES)
def test_the_families_fit_in_one_row_beside_the_whole_board(
    tmp_path: Path, size: tuple[int, int], players: int, modules: tuple[str, ...]
) -> None:
    """On a large terminal every family shows side by side, none wrapped or scrolled sideways, while all
    nine circles and all eight locations stay on screen."""
    from inferno.tui.players import families_width

    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        families = _assert_families_unwrapped(app)
        assert families.content_width() >= families_width(app.shown_state(), app.labels())
        text = families.body.render().plain  # type: ignore[union-attr]
        heads = [line for line in text.split("\n") if "Player 1" in line]
        assert all(f"Player {p + 1}" in heads[0] for p in range(players)), heads[:1]  # one row
        _assert_whole_board(app)

    seats = [Seat()] + [Seat("greedy")] * (players - 1)
    _run(tmp_path, size, body, seats=seats, modules=modules)


@pytest.mark.parametrize(("players", "modules"), FAMILIES)
def test_the_families_tab_fits_at_120x40(tmp_path: Path, players: int, modules: tuple[str, ...]) -> None:
    """On the small layout's Families tab the families take as many rows as they need, none wrapped."""

    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        await pilot.press("f3", "f3")
        await _wait_for_human(app, pilot)
        _assert_families_unwrapped(app)

    seats = [Seat()] + [Seat("greedy")] * (players - 1)
    _run(tmp_path, (120, 40), body, seats=seats, modules=modules)


def test_wide_layout_gives_every_panel_its_width(tmp_path: Path) -> None:
    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        for name in ("board", "log", "preview", "families"):
            assert app.query_one(f"#{name}").region.width >= 60, name

    _run(tmp_path, (160, 44), body)


def test_f7_reaches_every_scrolling_region_and_the_keys_scroll_it(tmp_path: Path) -> None:
    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        await pilot.press("f3", "f3", "f3", "f3")  # the Log tab: the longest text
        await pilot.pause()
        reached = set()
        for _ in range(6):
            await pilot.press("f7")
            await pilot.pause()
            focused = app.focused
            assert focused is not None
            reached.add(focused.id)
            if focused.id == "log":
                assert isinstance(focused, Panel) and focused.max_scroll_y > 0
                await pilot.press("home")
                await pilot.pause()
                assert focused.scroll_y == 0
                await pilot.press("pagedown")
                await pilot.pause()
                assert focused.scroll_y > 0
                await pilot.press("escape")
                await pilot.pause()
                assert app.focused is not None and app.focused.id == "choices"
                await pilot.press("f7")
        assert {"log", "preview", "choices"} <= reached

    _run(tmp_path, (80, 24), body)


def test_typed_spaces_reach_the_command_line_from_the_choices(tmp_path: Path) -> None:
    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        assert app.focused is not None and app.focused.id == "choices"
        await pilot.press(*"why send bank noble")
        assert app.query_one(CommandInput).value == "why send bank noble"
        await pilot.press("enter")
        await pilot.pause()
        said = app.session.log[-1].lines[0] if app.session.log[-1].index < 0 else ""
        shown = str(app.query_one(MessageLine).render())
        assert "'send bank noble' is not possible" in shown or "'send bank noble' is not possible" in said

    _run(tmp_path, (80, 24), body)


def test_space_skips_the_bots_moves_and_types_only_in_a_started_command(tmp_path: Path) -> None:
    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        cmd = app.query_one(CommandInput)
        await pilot.press("space")  # on the choices, nothing typed: the skip key, no space typed
        assert app.fast and cmd.value == ""
        app.fast = False
        cmd.focus()
        await pilot.pause()
        await pilot.press("space")  # in the empty command line: the skip key again
        assert app.fast and cmd.value == ""
        await pilot.press(*"why ")
        assert cmd.value == "why "  # once something is typed, Space is a space

    _run(tmp_path, (80, 24), body)


def test_a_long_message_is_cut_with_a_pointer_and_kept_whole_in_the_log(tmp_path: Path) -> None:
    long = "word " * 60 + "the end of the message."

    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        app.say(long.strip())
        await pilot.pause()
        line = app.query_one(MessageLine)
        assert line.region.height <= 2
        shown = str(line.render())
        assert shown.endswith("(whole message in the log)") and "the end of the message" not in shown
        assert app.session.log[-1].lines == [long.strip()]
        app.say("A short answer.")
        await pilot.pause()
        assert str(line.render()) == "A short answer."

    _run(tmp_path, (80, 24), body)


def test_no_text_is_hidden_under_a_scrollbar(tmp_path: Path) -> None:
    """The log and the preview wrap at the width left beside their scrollbar, never under it."""

    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        await pilot.press("f3", "f3", "f3", "f3")
        await pilot.pause()
        for name in ("log", "preview"):
            p = app.query_one(f"#{name}", Panel)
            assert p.max_scroll_x == 0, name  # no line wider than the room beside the scrollbar
        log = app.query_one("#log", Panel)
        assert log.max_scroll_y > 0  # it does scroll, so its scrollbar is there

    _run(tmp_path, (80, 24), body)


def test_hints_name_options_by_their_numbers(tmp_path: Path) -> None:
    sess = Session.start([Seat(), Seat("greedy")], 3, tmp_path / "g.json")
    pend = inferno.pending(sess.state)
    assert pend is not None
    lines = sess.hint(0)
    texts = [inferno.action_text(sess.state, a) for a in pend.actions]
    named = [line for line in lines if line.strip().startswith("option ")]
    assert named
    for line in named:
        number, _, rest = line.strip()[len("option ") :].partition(", ")
        text = rest.rsplit(": ", 1)[0]
        assert texts[int(number) - 1] == text  # option N is the Nth option on the screen


def test_resizing_redraws_at_once_and_a_small_terminal_gets_a_notice(tmp_path: Path) -> None:
    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        notice = app.query_one("#size-notice")
        assert not notice.display or notice.region.height == 0
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert notice.region.height > 0
        assert "at least 80×24" in str(notice.render())
        assert app.query_one("#body").region.height == 0
        for size in ((200, 60), (80, 24), (200, 60)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert notice.region.height == 0
            board = app.query_one("#board", Panel)
            widest = max(len(line) for line in board.body.render().plain.split("\n"))  # type: ignore[union-attr]
            assert widest <= board.content_width()
            # At 200 columns the board uses its room: each shield's quartiere, and the entry costs where they
            # fit beside (side III/IV's Limbo of 14 shields leaves them out); at 80 neither.
            quartieri, entry, _beside = board_layout(app.shown_state(), board.content_width())
            assert quartieri == (size[0] == 200) and not (entry and size[0] == 80)
            assert ("Noble 1F" in board.body.render().plain) == entry  # type: ignore[union-attr]
            assert app.query_one("#choices", OptionList).option_count == len(
                app.pend.actions if app.pend else ()
            ) + len(app.whole_paths())

    _run(tmp_path, (80, 24), body)


def test_ctrl_c_asks_to_save_and_quit(tmp_path: Path) -> None:
    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        await pilot.press("enter")
        await _wait_for_human(app, pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, QuitScreen) and app.outcome == ""
        await pilot.press("ctrl+c")
        await pilot.pause()
        await pilot.press("ctrl+c")  # a second Ctrl+C: yes
        await pilot.pause()

    app = _run(tmp_path, (80, 24), body)
    assert app.outcome == "quit"
    assert load_record(app.session.save_path).actions  # the move made is saved


def test_the_status_line_fits_and_says_a_bot_moved_while_its_move_is_shown(tmp_path: Path) -> None:
    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        for _ in range(2000):
            if app.showing is not None:
                break
            if app.pend is not None:
                await pilot.press("enter")  # play on until a bot moves
            await pilot.pause()
        assert app.showing is not None
        status = str(app.query_one("#status").render())
        assert " moved" in status and "(you) decides" not in status
        assert len(status.rstrip("\n")) <= 80

    _run(tmp_path, (80, 24), body, pace=3)


def test_the_solo_final_scoring_preview_names_no_player_0() -> None:
    """Previews in a solo game name the game and the Rival, never "Player 0"; the end shows the Rival's row."""
    from inferno.rules.setup import new_game
    from inferno.rules.solo_model import SoloConfig
    from inferno.tui.app.preview import preview
    from inferno.tui.story_text import story_renderable, terminal_story

    s = new_game(1, 4, solo=SoloConfig(*_solo_default()))
    rng = random.Random(4)
    texts: list[str] = []
    while not s.over:
        pend = inferno.pending(s)
        assert pend is not None
        if len(inferno.legal_actions(s)) and inferno.to_move(s) == 0:
            for a in pend.actions[:2]:
                pv = preview(s, a)
                texts += [*pv.events, pv.next_step]
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    assert texts and not [t for t in texts if "Player 0" in t]
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(story_renderable(terminal_story(s, ["(you)"])))
    out = console.export_text()
    assert "The Rival" in out and "your place" in out and "Player 0" not in out


def _solo_default() -> tuple[str, str]:
    from inferno.rules.pack import load_rules

    return next(iter(load_rules().solo.variants)), "medium"


def test_a_click_on_a_highlighted_shield_chooses_it(tmp_path: Path) -> None:
    from inferno.rules.actions import Act
    from inferno.tui.compact import HEAD, board_layout, spot_at

    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        for _ in range(2000):
            pend = app.pend
            if pend is not None and [a for a in pend.actions if a.kind == Act.MOVE]:
                break
            if pend is not None:
                await pilot.press("enter")
            await pilot.pause()
        pend = app.pend
        assert pend is not None
        s = app.session.state
        move = next(a for a in pend.actions if a.kind == Act.MOVE)
        board = app.query_one("#board", Panel)
        quartieri, _, _ = board_layout(s, board.content_width())
        circle = s.board.circle[move.a]
        row = circle - 1 + (1 if circle >= s.rules.walls_above_circle else 0)
        col = HEAD + s.board.circle_shields[circle].index(move.a) * (4 if quartieri else 3) + 1
        assert spot_at(s, board.content_width(), row, col) == ("shield", move.a)
        played = len(app.session.log)
        assert await pilot.click("#board-body", offset=(col, row))
        await pilot.pause()
        assert any(e.action == inferno.action_text(s, move) for e in app.session.log[played:])

    _run(tmp_path, (80, 24), body)


def test_shield_and_to_commands_answer_every_input(tmp_path: Path) -> None:
    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        message = app.query_one(MessageLine)
        for line, want in (
            ("shield", "Name the shield, e.g. shield 1.1"),
            ("shield 9.99", "There is no shield '9.99'"),
            ("shield 1.1", "1.1 ("),
            ("to 9.99", "No path of the Soul ends on '9.99'"),
        ):
            app.command(line)
            await pilot.pause()
            shown = str(message.render())
            assert want in shown, (line, shown)
            assert "Traceback" not in shown

    _run(tmp_path, (80, 24), body)


def test_resizing_under_a_dialog_and_closing_it(tmp_path: Path) -> None:
    """A resize while help is open redraws the game under it; the game goes on after."""
    from inferno.tui.app.dialogs import TextScreen

    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        for size in ((200, 60), (60, 20), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TextScreen)
        assert "1 " in str(app.query_one("#board-body").render())
        await pilot.press("enter")
        await _wait_for_human(app, pilot)

    _run(tmp_path, (80, 24), body)
