"""Helpers shared by the browser tests (Playwright): a module's server process, a finished game to
look at, a page set up for the tests, the lobby, opening a game's page and reading the version it shows."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from tests.web.helpers import create, state, wait_for
from tests.web.server_process import ServerProcess


def server_fixture(folder: str, db: str = "e2e.db", **kw: Any) -> Any:
    """A module-scoped ``server`` fixture: a server process on the SQLite file ``db`` in a fresh temporary
    ``folder``, started with ``kw`` (``bot_delay``, ``extra``: see ServerProcess). Assign it to ``server``."""

    @pytest.fixture(scope="module")
    def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
        srv = ServerProcess(tmp_path_factory.mktemp(folder) / db, **kw).start()
        yield srv
        srv.stop()

    return server


def create_game(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """Create a game on the server at ``url`` from the request ``body`` (seats, seed, ...)."""
    with httpx.Client(base_url=url) as c:
        r = c.post("/api/games", json=body)
        assert r.status_code == 200, r.text
        return dict(r.json())


def finished_bot_game(url: str, bots: tuple[str, str], seed: int, timeout: float) -> dict[str, Any]:
    """A game of two bots created on the server at ``url``, once it has ended (waiting up to ``timeout``)."""
    with httpx.Client(base_url=url, timeout=30) as c:
        g = create(c, [{"kind": "bot", "bot": b} for b in bots], seed=seed)
        spec = g["spectator"]["token"]
        wait_for(lambda: state(c, g["game"], spec)["result"] is not None, timeout=timeout)
    return g


def open_lobby(page: Page, url: str) -> None:
    """Open the lobby and wait until its form is wired (Create is disabled until the bot and solo lists
    arrive), so a choice made by the test is never made before the page reacts to it."""
    page.goto(url + "/")
    page.wait_for_selector("body[data-lobby=ready]")
    assert page.locator("#create").is_enabled()


def create_ann_and_bob(page: Page, url: str) -> None:
    """Create a game of two human seats, named Ann and Bob, from the lobby at ``url``."""
    open_lobby(page, url)
    page.select_option("#players", "2")
    page.locator(".seat-kind").nth(1).select_option("human")
    page.locator(".seat-name").nth(0).fill("Ann")
    page.locator(".seat-name").nth(1).fill("Bob")
    page.click("#create")


def open_game(page: Page, url: str) -> None:
    """Open a game's page and wait until its board is drawn and it shows a version."""
    page.goto(url)
    page.wait_for_selector("svg#board .shield")
    page.wait_for_function("() => document.body.dataset.version !== undefined")


def page_version(page: Page) -> int:
    """The version of the game state the page shows."""
    return int(page.evaluate("() => document.body.dataset.version"))


def answer_to_tap(page: Page, before: int) -> str:
    """What a tap on a board target did, once it did it: "menu" (several moves there), "confirm" (one move,
    shown for confirmation) or "played" (one move, played at once: the state is newer than ``before``).
    Waits for it: the browser sends the click of a tap after the touch, not with it."""
    return str(
        page.wait_for_function(
            """before => !document.getElementById('menu').hidden ? 'menu'
              : !document.getElementById('confirm').hidden ? 'confirm'
              : Number(document.body.dataset.version) > before ? 'played' : false""",
            arg=before,
        ).json_value()
    )


def unpaced(page: Page) -> Page:
    """``page`` set up as the tests want it: no pacing of updates, and its script errors kept in
    ``page.errors``."""
    page.add_init_script("localStorage.setItem('inferno.pace', '0')")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    return page
