"""End-to-end tests in a real headless Chromium (Debian's /usr/bin/chromium, driven by Playwright):
create a game in the lobby, play turns by clicking the board, reload, check the board, watch a
finished game's scoring step by step and its replay. Screenshots go to artifacts/web/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from inferno.rules.state import GUARDIAN
from tests.web.browser_helpers import open_lobby, page_version, server_fixture, unpaced
from tests.web.helpers import create, state, wait_for
from tests.web.server_process import ServerProcess

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"


server = server_fixture("web", bot_delay=0.0)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), "Debian's chromium is needed: apt-get install -y chromium (make test does it)"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _page(browser: Browser, width: int = 1400, height: int = 1000) -> Page:
    # Tests need no pacing of updates ...
    page = unpaced(browser.new_page(viewport={"width": width, "height": height}))
    # ... and play every decision themselves (a single option would play by itself after a moment).
    page.add_init_script("localStorage.setItem('inferno.settings', JSON.stringify({ autoplay: false }))")
    return page


def _wait_my_decision(page: Page) -> None:
    page.wait_for_function(
        "() => document.querySelectorAll('#actions button.action').length > 0"
        " || (document.querySelector('#scoring') && !document.querySelector('#scoring').hidden)",
        timeout=20_000,
    )


def _click_a_legal_target(page: Page) -> str:
    """Click a highlighted piece or place (choosing in the pop-up menu if several actions share it)."""
    before = page_version(page)
    targets = page.locator("svg .target.hl")
    if targets.count():
        targets.first.click()
        if page.locator("#menu").is_visible():
            page.locator("#menu button").first.click()
        how = "board"
    else:  # decisions with nothing on the board (e.g. "done"): the plain list
        page.locator("#actions button.action").first.click()
        how = "list"
    page.wait_for_function(f"() => document.body.dataset.version !== '{before}'", timeout=20_000)
    return how


def _wait_settled(page: Page) -> None:
    """Until no Soul is still moving along its path (the board is drawn as it stands)."""
    moving = page.locator(".soul-arriving, .soul-ghost")
    for _ in range(200):
        if moving.count() == 0:
            return
        page.wait_for_timeout(50)
    raise AssertionError("a Soul animation never ended")


def test_create_a_game_play_turns_by_clicking_and_reload(server: ServerProcess, browser: Browser) -> None:
    page = _page(browser)
    open_lobby(page, server.url)
    page.select_option("#players", "2")
    page.locator(".seat-kind").nth(1).select_option("bot:random")
    page.fill("#seed", "3")
    page.click("#create")
    link = page.locator("a.seat-link").first
    link.wait_for()
    link.click()
    page.wait_for_selector("svg#board .shield")
    with httpx.Client(base_url=server.url) as c:
        gid = page.url.split("/game/")[1].split("#")[0]
        token = page.url.split("#")[1]
        board = c.get(f"/api/games/{gid}/board", headers={"X-Inferno-Token": token}).json()
    # The board is drawn from the rules data: one shield per label, one location tile per location.
    assert page.locator("svg#board .shield").count() == len(board["shields"]["labels"])
    assert page.locator("svg#board .location").count() == len(board["locations"])
    assert page.locator("svg#board .gate").count() == board["gates"]
    assert page.locator("#player-boards svg").count() == 2
    # The seed was typed in the lobby: every seat is told that the creator chose it (and so may know every card).
    _wait_my_decision(page)
    assert page.locator("#seed-note").is_visible()
    assert "chose its seed" in page.inner_text("#seed-note")
    assert page.locator("#seed-shown").count() == 0  # the seed itself only after the game
    # Hovering a highlighted place explains its actions with the rule; undo takes a decision back.
    page.locator("svg .target.hl").first.hover()
    tip = page.inner_text("#tip")
    assert page.locator("#tip").is_visible() and "p.11" in tip and "RULES.md" not in tip  # rulebook p.11: Hell
    start = page_version(page)
    _click_a_legal_target(page)
    assert page.locator("#undo").is_enabled()
    page.click("#undo")
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {start + 1}")
    clicks = {"board": 0, "list": 0}
    for _ in range(60):
        _wait_my_decision(page)
        if int(page.inner_text("#turn-info").split("Turn ")[1].split(".")[0]) >= 6:
            break
        clicks[_click_a_legal_target(page)] += 1
    assert clicks["board"] >= 4, clicks
    _wait_my_decision(page)
    assert page.locator("svg .target.hl").count() + page.locator("#actions button.action").count() > 0
    page.screenshot(path=str(ARTIFACTS / "board-midgame.png"), full_page=True)
    _wait_settled(page)
    before_board = page.inner_html("svg#board")
    before_info = page.inner_text("#turn-info")
    with httpx.Client(base_url=server.url) as c:
        snap = state(c, gid, token)
    page.reload()
    page.wait_for_selector("svg#board .shield")
    _wait_my_decision(page)
    _wait_settled(page)
    assert page.inner_text("#turn-info") == before_info
    assert page.inner_html("svg#board") == before_board
    assert page_version(page) == snap["version"] and "version" not in before_info
    # Every Soul (standing, lying or a spare tile) in Hell on the server is drawn on its shield.
    souls = sum(1 for v in snap["state"]["hell"] if 0 < v < GUARDIAN)
    assert page.locator("svg#board .shield .soul").count() == souls
    # The lobby lists the game among "your games" (kept in this browser).
    open_lobby(page, server.url)
    page.wait_for_selector(f"#my-games a[href^='/game/{gid}']")
    assert page.errors == []  # type: ignore[attr-defined]


def test_another_board_side_is_a_variant_named_in_the_lobby_and_the_game(
    server: ServerProcess, browser: Browser
) -> None:
    """Rulebook, Boards & General Concepts: side I/II for 1-2 players. Choosing III/IV for 2 players, the
    lobby names the variant before the game is created, and the game's page names it to every seat."""
    page = _page(browser)
    open_lobby(page, server.url)
    page.select_option("#players", "2")
    assert not page.locator("#side-variant").is_visible()
    page.select_option("#board-side", "III/IV")
    assert page.inner_text("#side-variant") == "Variant: board side III/IV with 2 players (the rules use side I/II)."
    page.select_option("#players", "3")  # III/IV is the side for 3 players: no variant
    assert not page.locator("#side-variant").is_visible()
    page.select_option("#players", "2")
    page.locator(".seat-kind").nth(1).select_option(
        "human"
    )  # no bot: the module's other tests use this address's bot games
    page.click("#create")
    link = page.locator("a.seat-link").first
    link.wait_for()
    link.click()
    page.wait_for_selector("svg#board .shield")
    page.wait_for_selector("#variant-note")
    assert "Variant: board side III/IV with 2 players" in page.inner_text("#variant-note")
    assert page.errors == []  # type: ignore[attr-defined]


def test_spectators_see_no_hand_and_no_action_and_names_stay_text(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        xss = "<img src=x onerror=p=1>"  # a name is text, never markup
        g = create(c, [{"kind": "human", "name": xss}, {"kind": "human", "name": xss}], seed=2)
    page = _page(browser)
    page.goto(server.url + g["spectator"]["link"])
    page.wait_for_selector("#player-boards svg")
    assert xss in page.inner_text("#scorebar") and xss in page.inner_text("#prompt")
    assert page.evaluate("() => typeof window.p") == "undefined"
    assert page.locator("body img").count() == 0
    assert "Spectating" in page.inner_text("#turn-info")
    assert page.locator("#actions button.action").count() == 0
    assert page.locator("#player-boards .card-id", has_text="?").count() >= 2
    assert page.locator("svg .target.hl").count() == 0
    # A game whose seed the server drew says nothing about a chosen seed and shows no seed.
    with httpx.Client(base_url=server.url) as c:
        drawn = create(c, [{"kind": "human"}, {"kind": "human"}], seed=None)
    page.goto(server.url + drawn["spectator"]["link"])
    page.wait_for_selector("#player-boards svg")
    assert page.locator("#seed-note").count() == 0 and page.locator("#seed-shown").count() == 0


def test_phone_sized_screen_shows_the_whole_board_without_sideways_scrolling(
    server: ServerProcess, browser: Browser
) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=4)
    page = _page(browser, 390, 844)
    page.goto(server.url + g["seats"][0]["link"])
    page.wait_for_selector("svg#board .shield")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390
    assert page.locator("svg#board").bounding_box()["width"] <= 390  # type: ignore[index]
    page.screenshot(path=str(ARTIFACTS / "board-phone.png"), full_page=False)


def test_finished_game_shows_its_story_at_once_and_a_replay(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=12)
        wait_for(lambda: state(c, g["game"], g["spectator"]["token"])["result"] is not None, timeout=90)
        res = state(c, g["game"], g["spectator"]["token"])["result"]
    page = _page(browser)
    page.goto(server.url + g["spectator"]["link"])
    page.wait_for_selector("#scoring #story-table")
    shown = page.locator("#story-table th[data-step]").evaluate_all("ths => ths.map(t => t.dataset.step)")
    assert shown == res["steps"]  # the six steps at once, no click
    assert "Seed of this game: 12" in page.inner_text("#seed-shown")  # revealed once the game is over
    assert " wins " in page.inner_text("#story-verdict") or "share the victory" in page.inner_text("#story-verdict")
    page.screenshot(path=str(ARTIFACTS / "final-scoring.png"), full_page=True)
    page.click("#replay-btn")
    page.wait_for_function("() => document.querySelector('#replay').dataset.shown === '0'")
    assert page.locator("svg#board .shield .soul").count() == 0  # nothing in Hell before the first move
    for n in range(1, 5):  # the first Soul appears in Hell within the first Hell phase's steps
        page.click("#replay-next")
        page.wait_for_function(f"() => document.querySelector('#replay').dataset.shown === '{n}'")
        if page.locator("svg#board .shield .soul").count():
            break
    assert page.locator("svg#board .shield .soul").count() == 1
    assert page.errors == []  # type: ignore[attr-defined]
