"""The first game in real Chromium: the lobby's one click gives a game against the weakest bots with hints
on and the help open; the options read in words beside their notation; the first family council is
warned of once (Pick another option keeps the decision; the next council passes without a word)."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, Page

from tests.web.browser_helpers import open_lobby, page_version, server_fixture
from tests.web.server_process import ServerProcess
from tests.web.test_browser import _page, browser

__all__ = ["browser"]  # the fixture is shared with test_browser

server = server_fixture("first_game", bot_delay=0.0)


def _my_decision(page: Page) -> str:
    page.wait_for_function(
        "() => document.querySelectorAll('#actions button.action:not([disabled])').length > 0", timeout=30_000
    )
    return str(page.evaluate("() => document.body.dataset.decision"))


def _option(page: Page, notation: str) -> object:
    return page.locator("#actions button.action").filter(
        has=page.locator("code.notation", has_text=re.compile(f"^{re.escape(notation)}$"))
    )


def _play_first_option(page: Page) -> None:
    """Click the first option; a first warning (a loan, say) is confirmed."""
    before = page_version(page)
    page.locator("#actions button.action").first.click()
    if page.locator("#first-warning[open]").count():
        page.click("#first-warning-play")
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=30_000)


def _until_florence(page: Page) -> None:
    for _ in range(40):
        if _my_decision(page) == "florence":
            return
        _play_first_option(page)
    raise AssertionError("no Florence phase came")


def _warned(server: ServerProcess, page: Page) -> list[str]:
    game, token = page.url.split("/game/")[1].split("#")
    with httpx.Client(base_url=server.url) as c:
        r = c.get(f"/api/games/{game}/first-game", headers={"X-Inferno-Token": token})
        return list(r.json()["warned"])


def test_your_first_game_from_the_lobby(server: ServerProcess, browser: Browser) -> None:
    page = _page(browser)
    open_lobby(page, server.url)
    page.click("#first-game")
    page.wait_for_selector("body[data-first-game=yes]", timeout=20_000)
    game, token = page.url.split("/game/")[1].split("#")
    with httpx.Client(base_url=server.url) as c:
        snap = c.get(f"/api/games/{game}/state", headers={"X-Inferno-Token": token}).json()
        hints = c.get(f"/api/games/{game}/hints", headers={"X-Inferno-Token": token}).json()
    assert [(s["kind"], s["bot"]) for s in snap["seats"][1:]] == [("bot", "random"), ("bot", "random")]
    assert hints["allowed"] is True
    assert page.locator("#first-game-note").is_visible() and page.locator("#rule-text").is_visible()
    _my_decision(page)
    button = page.locator("#actions button.action").first
    notation = button.locator("code.notation").inner_text()
    words = button.locator(".words").inner_text().strip()
    assert words and words != notation and "_" not in words

    # The first council asks first: picking another option leaves the decision as it was.
    _until_florence(page)
    before = page_version(page)
    _option(page, "council").click()  # type: ignore[attr-defined]
    page.wait_for_selector("#first-warning[open]")
    assert "family council" in page.inner_text("#first-warning").lower()
    page.click("#first-warning-back")
    assert page.locator("#first-warning[open]").count() == 0 and page_version(page) == before
    _option(page, "council").click()  # type: ignore[attr-defined]
    page.wait_for_selector("#first-warning[open]")
    page.click("#first-warning-play")
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=30_000)
    assert "council" in _warned(server, page)

    # After a reload the next council passes without a word.
    page.reload()
    page.wait_for_selector("body[data-first-game=yes]")
    # The first-game mark comes with its own request: wait for the state too before reading its version.
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    _play_first_option(page)  # the council's own choice
    _until_florence(page)
    before = page_version(page)
    _option(page, "council").click()  # type: ignore[attr-defined]
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=30_000)
    assert page.locator("#first-warning[open]").count() == 0
    assert page.errors == []  # type: ignore[attr-defined]

    # The lobby marks the game as your first game.
    open_lobby(page, server.url)
    page.wait_for_selector("#my-games .first-game-mark")
