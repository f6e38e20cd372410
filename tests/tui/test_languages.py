"""The terminal in the player's language: the full-screen game in Spanish, Italian and Catalan (driven by its
pilot), the line mode, the command line's ``--lang`` (its help, its error), and the pseudo language ``qps``
(accented and 40% longer) laid out at 80×24 with nothing cut."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

pytest.importorskip("textual")

from textual.pilot import Pilot
from textual.widgets import Tab

from inferno.cli.language import startup_language
from inferno.cli.main import cli
from inferno.i18n import language, pseudo, use_language
from inferno.tui.app import InfernoApp
from inferno.tui.app.app import CommandInput, TextScreen
from inferno.tui.app.widgets import MessageLine, Panel
from inferno.tui.session import Seat, Session

# What the full-screen game's own words read like in each language (its tabs, panels, status line, command line).
CHROME: dict[str, tuple[str, ...]] = {
    "es": ("Tablero", "Familias", "Mano", "Registro", "Vista previa", "Jugador 1", "decide", "Infamia", "escribe un"),
    "it": ("Tabellone", "Famiglie", "Mano", "Registro", "Anteprima", "Giocatore 1", "decide", "Infamia", "scrivi un"),
    "ca": ("Tauler", "Famílies", "Mà", "Registre", "Previsualització", "Jugador 1", "decideix", "Infàmia", "escriu un"),
}
ENGLISH_CHROME = ("Board", "Families", "Hand", "Log", "Preview", "Player 1", "decides", "Infamy", "Drachmas", "type a")
HELP_TITLE = {"es": "Ayuda", "it": "Aiuto", "ca": "Ajuda"}
GLOSSARY_TITLE = {"es": "Glosario", "it": "Glossario", "ca": "Glossari"}
CLOSE = {"es": "Cerrar", "it": "Chiudi", "ca": "Tanca"}
F1 = {"es": "ayuda sobre esta decisión", "it": "aiuto su questa decisione", "ca": "ajuda sobre aquesta decisió"}


def _screen_text(app: InfernoApp) -> list[str]:
    """The screen as the player sees it, line by line."""
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


def _chrome(app: InfernoApp) -> list[str]:
    """The game's own words on screen: tab labels, panel titles, the status line and the command line's hint."""
    tabs = [str(t.label) for t in app.query(Tab)]
    titles = [str(p.border_title) for p in app.query(Panel)]
    status = _screen_text(app)[-1]
    return [*tabs, *titles, status, str(app.query_one(CommandInput).placeholder)]


async def _wait_for_human(app: InfernoApp, pilot: Pilot[Any]) -> None:
    for _ in range(2000):
        choices = app.query("#choices")
        drawn = not (app.dirty & app.visible_panels())
        if app.outcome == "over" or (app.pend is not None and choices and choices.first().region.height and drawn):
            await pilot.pause()
            return
        await pilot.pause()
    raise AssertionError("no human decision came")


def _run(
    tmp_path: Path, lang: str, size: tuple[int, int], body: Callable[[InfernoApp, Pilot[Any]], Awaitable[None]]
) -> None:
    """A game (you against a greedy bot) in ``lang``, chosen as ``inferno play --lang LANG`` chooses it."""
    chosen = startup_language(["play", "--lang", lang], {})
    assert chosen == lang
    with use_language(chosen):
        sess = Session.start([Seat(), Seat("greedy")], 3, tmp_path / "game.json")
        app = InfernoApp(sess, pace=0)

        async def go() -> None:
            async with app.run_test(size=size) as pilot:
                await _wait_for_human(app, pilot)
                await body(app, pilot)

        asyncio.run(go())
    assert language() == "en"


@pytest.mark.parametrize("lang", ["es", "it", "ca"])
def test_a_game_in_the_players_language(tmp_path: Path, lang: str) -> None:
    """A few moves by keyboard at 80×24: the tabs, panels, status and command line read in ``lang``, the help
    and the glossary too, and none of the game's English words is left."""

    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        for _ in range(4):
            await pilot.press("enter")
            await _wait_for_human(app, pilot)
        words = " | ".join(_chrome(app))
        for text in CHROME[lang]:
            assert text in words, f"{text!r} missing in {words!r}"
        for text in ENGLISH_CHROME:
            assert text not in words, f"English {text!r} left in {words!r}"
        assert app.active_bindings["f1"].binding.description == F1[lang]  # as the keys' panel lists them

        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen) and app.screen.title_text == HELP_TITLE[lang]
        assert any(CLOSE[lang] in line for line in _screen_text(app))
        await pilot.press("escape", "f2")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen) and app.screen.title_text == GLOSSARY_TITLE[lang]
        await pilot.press("escape")
        await pilot.press(*"undo", "enter")
        await pilot.pause()
        message = str(app.query_one("#message", MessageLine).render())
        assert "Took back" not in message and message.strip()

    _run(tmp_path, lang, (80, 24), body)


def test_the_pseudo_language_fits_80x24(tmp_path: Path) -> None:
    """In ``qps`` (every text 40% longer) the tabs, the panels' titles and the status line's opening are whole
    on an 80×24 screen, and a long message wraps to two lines with its pointer to the log."""

    async def body(app: InfernoApp, pilot: Pilot[Any]) -> None:
        await pilot.press("enter")
        await _wait_for_human(app, pilot)
        screen = "\n".join(_screen_text(app))
        for tab in app.query(Tab):
            assert str(tab.label) in screen, f"tab {tab.label!r} is cut"
            assert str(tab.label).startswith("[")  # pseudo-localised: the words went through the catalog
        status = _screen_text(app)[-1]
        assert pseudo("Player {n}").format(n=1) in status
        command = app.query_one(CommandInput)
        assert len(str(command.placeholder)) <= command.content_region.width  # the hint fits its line
        await pilot.press(*"bogus", "enter")
        await pilot.pause()
        message = app.query_one("#message", MessageLine)
        assert message.region.height <= MessageLine.ROWS and message.region.width <= 80

    _run(tmp_path, "qps", (80, 24), body)


def _play(args: list[str], text: str, tmp_path: Path, env: dict[str, str] | None = None) -> str:
    save = tmp_path / "game.json"
    res = CliRunner().invoke(cli, ["play", "--plain", "--save", str(save), *args], input=text, env=env)
    assert language() == "en"  # the command's language does not outlive it
    return res.output


def test_the_line_mode_in_catalan(tmp_path: Path) -> None:
    out = _play(
        ["--lang", "ca", "--seat", "1=human", "--seat", "2=bot:random", "--seed", "3"], "1\nboard\nquit\n", tmp_path
    )
    for text in ("Partida nova", "Jugador 1, quina opció?", "Infern, cercle a cercle:", "Florència, lloc per lloc:"):
        assert text in out, text
    for text in ("New game", "which option?", "Your decision", "Hell, circle by circle", "Game saved"):
        assert text not in out, text
    assert "Partida desada a" in out


def test_the_language_comes_from_inferno_lang_and_the_locale(tmp_path: Path) -> None:
    args = ["--seat", "1=human", "--seat", "2=bot:random", "--seed", "3"]
    assert "Nuova partita" in _play(args, "quit\n", tmp_path, env={"INFERNO_LANG": "it"})
    assert "Nueva partida" in _play(args, "quit\n", tmp_path, env={"INFERNO_LANG": "", "LANG": "es_ES.UTF-8"})
    assert "New game" in _play(["--lang", "en", *args], "quit\n", tmp_path, env={"INFERNO_LANG": "it"})


def test_an_unknown_language_is_a_clear_error() -> None:
    res = CliRunner().invoke(cli, ["play", "--lang", "fr"])
    assert res.exit_code == 2
    assert "unknown language 'fr': choose one of en, es, it, ca, qps" in res.output
    assert language() == "en"


@pytest.mark.parametrize(
    "args",
    [["play", "--lang", "it", "--help"], ["--lang", "it", "play", "--help"], ["play", "--help", "--lang", "it"]],
)
def test_the_help_reads_in_the_chosen_language(args: list[str]) -> None:
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 0
    for text in ("Uso:", "Opzioni", "Gioca a Inferno nel terminale", "Numero di giocatori", "Mostra questo messaggio"):
        assert text in res.output, text
    assert "Play Inferno in the terminal" not in res.output and "Number of players" not in res.output
    assert language() == "en"


def test_the_commands_list_and_the_english_help_are_unchanged() -> None:
    res = CliRunner().invoke(cli, ["--help"], env={"INFERNO_LANG": "ca", "LANG": "C"})
    assert "Ordres" in res.output and "Juga a Inferno al terminal" in res.output
    res = CliRunner().invoke(cli, ["play", "--help"], env={"INFERNO_LANG": "", "LANG": "C"})
    assert "Usage: cli play [OPTIONS]" in res.output and "Play Inferno in the terminal" in res.output
    assert "Show this message and exit." in res.output


def _finished_record(tmp_path: Path) -> Path:
    import random

    import inferno

    s = inferno.new_game(2, 6)
    rng = random.Random(6)
    while not s.over:
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    path = tmp_path / "done.json"
    inferno.save_game(s, path)
    return path


def test_the_replay_in_spanish(tmp_path: Path) -> None:
    path = _finished_record(tmp_path)
    res = CliRunner().invoke(cli, ["replay", str(path), "--lang", "es"], input="n\nbogus\ne\nq\n")
    assert res.exit_code == 0, res.output
    for text in ("Repetición, acción 0 de", "Repetición, acción 1 de", "comando desconocido", "Puntuación final"):
        assert text in res.output, text
    for text in ("Replay, action", "unknown command", "Final scoring (rulebook"):
        assert text not in res.output, text
    assert language() == "en"


def test_the_tutorial_in_italian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INFERNO_DATA_DIR", str(tmp_path))
    res = CliRunner().invoke(cli, ["learn", "--plain", "--lang", "it"], input="help\nquit\n")
    assert res.exit_code == 0, res.output
    for text in ("passo 1 di", "Scrivi la mossa indicata dopo Gioca:", "Hai lasciato il tutorial"):
        assert text in res.output, text
    for text in ("step 1 of", "Type the move shown", "You left the tutorial"):
        assert text not in res.output, text
