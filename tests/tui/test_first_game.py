"""The first game in the terminal: ``inferno play --first-game`` (the weakest bots, hints on, the save
file marked), the warning before the first family council (once: declined it comes back, confirmed it
never does, also after a resume), in the line mode and in the full-screen game, whose preview explains
the highlighted option's components."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

pytest.importorskip("textual")

import inferno
from inferno import Scenario
from inferno.cli.main import cli
from inferno.outcome import WarningKind
from inferno.records.record import load_record
from inferno.tui.app import InfernoApp
from inferno.tui.app.app import CommandInput
from inferno.tui.app.first_warning import WarningScreen
from inferno.tui.app.widgets import preview_view
from inferno.tui.reader import ReaderGame
from inferno.tui.session import Seat, Session


def _council_session(tmp_path: Path) -> Session:
    """A first game at the Florence phase of seat 1, where a council is one of the options."""
    s = Scenario(2, 1).player(0, infamy=10).florence_phase(0, "bank")
    return Session(s, [Seat(), Seat("random")], tmp_path / "first.json", hints=True, first_game=True)


def test_first_game_from_the_command_line(tmp_path: Path) -> None:
    save = tmp_path / "f.json"
    out = CliRunner().invoke(cli, ["play", "--first-game", "--seed", "4", "--save", str(save)], input="quit\n")
    assert out.exit_code == 0, out.output
    assert "Your first game: you against 2 random bots, the weakest." in out.output
    assert "Type explain N for what option N's components do." in out.output  # the decision's help, open
    meta = load_record(save).meta
    assert meta["seats"] == ["human", "bot:random", "bot:random"]
    assert meta["hints"] is True and meta["first_game"] is True and meta["warned"] == []


def test_first_game_chooses_its_own_seats(tmp_path: Path) -> None:
    out = CliRunner().invoke(cli, ["play", "--first-game", "--players", "4", "--save", str(tmp_path / "x.json")])
    assert out.exit_code == 2 and "--first-game chooses the seats itself: leave out --players" in out.output
    assert "Traceback" not in out.output


def _lines(answers: list[str]) -> Iterator[str]:
    yield from answers
    raise EOFError


def test_the_line_mode_warns_of_the_first_council_once(tmp_path: Path) -> None:
    sess = _council_session(tmp_path)
    buf = io.StringIO()
    answers = _lines(["council", "n", "council", "y"])
    game = ReaderGame(sess, Console(file=buf, width=200), read=lambda _prompt: next(answers))
    game.run()
    out = buf.getvalue()
    assert out.count("Warning — This is a family council:") == 2  # declined, then asked again
    assert "Not played: pick another option." in out
    assert any(e.action == "council" for e in sess.log)
    assert sess.warned.kinds == {WarningKind.COUNCIL}
    assert load_record(sess.save_path).meta["warned"] == ["council"]  # kept with the game
    s2 = Scenario(2, 1).player(0, infamy=10).florence_phase(0, "bank")
    sess.state = s2
    assert sess.warnings_due(inferno.parse_action(s2, "council")) == []  # a later council: no word


async def _full_screen(tmp_path: Path) -> None:
    sess = _council_session(tmp_path)
    app = InfernoApp(sess, pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            if app.pend is not None:
                break
            await pilot.pause()
        cmd = app.query_one(CommandInput)
        before = sess.state.version
        cmd.value = ""
        await pilot.press(*"council", "enter")
        await pilot.pause()
        assert isinstance(app.screen, WarningScreen)
        await pilot.press("n")  # pick another option
        await pilot.pause()
        assert not isinstance(app.screen, WarningScreen) and sess.state.version == before
        cmd.value = ""
        await pilot.press(*"council", "enter")
        await pilot.pause()
        assert isinstance(app.screen, WarningScreen)
        await pilot.press("y")
        await pilot.pause()
        assert sess.state.version > before and sess.warned.kinds == {WarningKind.COUNCIL}


def test_the_full_screen_game_warns_of_the_first_council(tmp_path: Path) -> None:
    asyncio.run(_full_screen(tmp_path))


def test_a_first_games_preview_explains_the_components() -> None:
    from inferno.rules.engine import pending
    from inferno.tui.app.preview import preview

    s = Scenario(2, 1).player(0, infamy=10).florence_phase(0, "bank")
    pend = pending(s)
    assert pend is not None
    i = pend.actions.index(inferno.parse_action(s, "council"))
    pv = preview(s, pend.actions[i])
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(preview_view(s, pend, i, pv, explain=True))
    text = console.export_text()
    assert "Family council: Instead of sending or accusing" in text and "rulebook" in text
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(preview_view(s, pend, i, pv))
    assert "Instead of sending or accusing" not in console.export_text()
