"""Every component explained in the terminal: F8 (and the ``explain`` command) in the full-screen game,
``explain`` in the line mode, with the same texts as the browser's (inferno.components)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console, RenderableType

import inferno
from inferno.cli.main import cli
from inferno.components import action_components, component_list

pytest.importorskip("textual")

from inferno.tui.app import InfernoApp
from inferno.tui.app.app import TextScreen
from inferno.tui.session import Seat, Session


def _plain(renderable: RenderableType) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(renderable)
    return " ".join(console.export_text().split())


def _flat(text: str) -> str:
    return " ".join(text.split())


async def _test_f8_and_explain_show_every_component(tmp_path: Path) -> None:
    sess = Session.start([Seat(), Seat("greedy")], 3, tmp_path / "game.json")
    app = InfernoApp(sess, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):
            if app.pend is not None:
                break
            await pilot.pause()
        assert app.pend is not None
        s = sess.state
        await pilot.press("f8")
        assert isinstance(app.screen, TextScreen)
        page = _plain(app.screen.body)
        highlighted = action_components(s, app.pend.actions[app.index]) or component_list(s)
        for c in highlighted:
            assert c.title in page and _flat(c.text) in page and c.rule in page
        await pilot.press("escape")
        await pilot.press(*"explain", "enter")
        assert isinstance(app.screen, TextScreen)
        page = _plain(app.screen.body)
        for c in component_list(s):  # every location, track, gate, cube, stop, Guardian and area
            assert c.title in page and _flat(c.text) in page, c.key
        await pilot.press("escape")
        await pilot.press(*"explain styx", "enter")
        assert _plain(app.screen.body).startswith("River Styx Return Souls of one colour")
        await pilot.press("escape")
        await pilot.press("ctrl+q")


def test_f8_and_explain_show_every_component(tmp_path: Path) -> None:
    asyncio.run(_test_f8_and_explain_show_every_component(tmp_path))


def test_explain_in_the_line_mode(tmp_path: Path) -> None:
    args = ["--seat", "1=human", "--seat", "2=bot:random", "--seed", "5", "--save", str(tmp_path / "g.json")]
    res = CliRunner().invoke(
        cli, ["play", *args], input="explain\nexplain banquet\nexplain loan\nexplain nowhere\nquit\n"
    )
    assert res.exit_code == 0, res.output
    out = _flat(res.output)
    s = inferno.new_game(players=2, seed=5)
    for c in component_list(s):
        assert c.title in out, c.key
    banquet = next(c for c in component_list(s) if c.title.startswith("BANQUET"))
    assert _flat(banquet.words()) in out
    assert "Charon's loan track: When you must pay Drachmas and have none" in out
    assert "no component is called 'nowhere'" in out
