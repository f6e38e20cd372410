"""The table's layout in real Chromium (issue 29): at 1440x900, 1366x768 and 1920x1080, with 3 players and with
5 (both P&P modules), everything a decision needs is on one screen without scrolling the page: the board with
circle 9, your own player board, the opponents' summaries and the first opponent's board, the prompt with its
options, and the log. On a phone (390x844) a tapped move's confirmation is on screen, the pop-up explanation
stays off a touch screen, and the player boards' texts are legible. Screenshots go to artifacts/web/ (the docs'
copies in docs/images/ come from there)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute

from tests.web.browser_helpers import answer_to_tap, create_game, open_lobby, server_fixture, unpaced
from tests.web.server_process import ServerProcess
from tests.web.test_browser import ARTIFACTS, _page, browser

__all__ = ["browser"]  # the fixture is shared with test_browser

DESKTOPS = [(1440, 900), (1366, 768), (1920, 1080)]


server = server_fixture("layout", extra=["--max-bot-games", "100"])


def _game(server: ServerProcess, players: int, seed: int = 7) -> dict[str, Any]:
    """A game of one human (seat 1) against random bots; 5 players play with both P&P modules."""
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    body: dict[str, Any] = {"seats": seats, "seed": seed}
    if players == 5:
        body["modules"] = ["plutus", "phlegyas"]
    return create_game(server.url, body)


def _open_at_my_decision(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("svg#board .shield")
    page.wait_for_function("() => document.title.startsWith('▶')", timeout=30_000)
    page.wait_for_selector("#actions button.action")


def _box(page: Page, selector: str) -> dict[str, float]:
    """The element's box, once it is shown (a redraw after a bot's move may replace it for a moment)."""
    first = page.locator(selector).first
    box = None
    for _ in range(20):  # the element may be replaced between the wait and the reading: wait again
        first.wait_for(state="visible", timeout=5_000)
        box = first.bounding_box()
        if box is not None:
            break
        page.wait_for_timeout(100)
    assert box is not None, f"{selector} is not shown"
    return box


def _on_screen(page: Page, selector: str, whole: bool = True) -> None:
    """``selector``'s first element lies inside the viewport (``whole``: entirely; else its top edge)."""
    box = _box(page, selector)
    vp = page.viewport_size
    assert vp is not None
    bottom = box["y"] + box["height"] if whole else box["y"] + 1
    assert box["y"] >= -0.5 and bottom <= vp["height"] + 0.5, (selector, box, vp)
    assert box["x"] >= -0.5 and box["x"] + box["width"] <= vp["width"] + 0.5, (selector, box, vp)


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize(("width", "height"), DESKTOPS)
def test_a_decision_fits_one_screen_at_desktop_sizes(
    server: ServerProcess, browser: Browser, width: int, height: int, players: int
) -> None:
    g = _game(server, players)
    page = _page(browser, width, height)
    _open_at_my_decision(page, server.url + g["seats"][0]["link"])
    size = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert size[0] <= width and size[1] <= height, (size, width, height)  # the page itself never scrolls
    # The whole board, down to circle 9 and Dante's path, and not drawn smaller than half its width.
    _on_screen(page, "svg#board")
    nine = page.evaluate(
        "() => [...document.querySelectorAll('svg#board .shield')].map(s => s.dataset.shield)"
        ".filter(l => l.startsWith('9.'))"
    )
    assert nine
    for label in nine:
        _on_screen(page, f"svg#board .shield[data-shield='{label}']")
    assert _box(page, "svg#board")["height"] >= 0.6 * height
    # Your own player board whole, every opponent's summary, and the first opponent's board beginning.
    _on_screen(page, "#player-boards svg.player-board[data-player='0']")
    assert page.locator("#player-boards svg").first.get_attribute("data-player") == "0"
    assert page.locator("#scorebar .score").count() == players
    for p in range(players):
        _on_screen(page, f"#scorebar .score[data-player='{p}']")
    _on_screen(page, "#player-boards svg.player-board[data-player='1']", whole=False)
    # The prompt with its options, and the log's newest line.
    _on_screen(page, "#prompt-text")
    _on_screen(page, "#actions button.action")
    _on_screen(page, "#log li:last-child")
    # The Rule text opens beside the options, never over the board.
    page.click("#rule-btn")
    rule, board = _box(page, "#rule-text"), _box(page, "svg#board")
    assert rule["x"] >= board["x"] + board["width"] or rule["y"] >= board["y"] + board["height"], (rule, board)
    _on_screen(page, "#rule-text")
    page.click("#rule-btn")
    page.screenshot(path=str(ARTIFACTS / f"layout-{width}x{height}-{players}p.png"))
    assert page.errors == []  # type: ignore[attr-defined]


def _phone(browser: Browser) -> Page:
    return unpaced(browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True))


def test_on_a_phone_the_confirmation_of_a_tapped_move_is_on_screen(server: ServerProcess, browser: Browser) -> None:
    g = _game(server, 3, seed=11)
    page = _phone(browser)
    _open_at_my_decision(page, server.url + g["seats"][0]["link"])
    rng = random.Random(3)
    tapped = 0
    for _ in range(12):
        page.wait_for_function("() => document.title.startsWith('▶')", timeout=30_000)
        before = int(page.evaluate("() => document.body.dataset.version"))
        targets = page.locator("svg#board .target.hl")
        if not targets.count():  # nothing to tap on the board (e.g. "done"): play from the list
            page.locator("#actions button.action").first.tap()
        else:
            targets.nth(rng.randrange(targets.count())).tap()
            if answer_to_tap(page, before) == "menu":  # several actions at this place: the menu plays one
                page.locator("#menu button").first.tap()
            else:
                _on_screen(page, "#confirm")
                _on_screen(page, "#confirm-play")
                assert page.locator("#tip").is_hidden()  # no pop-up over the board and the actions
                if tapped == 0:
                    page.screenshot(path=str(ARTIFACTS / "layout-390x844-phone.png"))
                page.locator("#confirm-play").tap()
                tapped += 1
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)
        if tapped >= 2:
            break
    assert tapped >= 2
    # The player boards' card and track texts are at least 9 screen pixels high; the board's at least 7 (but the
    # marks on the pieces, a Soul's sin letter and a pawn's seat number, sized to their piece).
    sizes = page.evaluate(
        """() => {
          const px = (sel) => [...document.querySelectorAll(sel)].filter(t => t.getBoundingClientRect().height > 0)
            .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
          return { cards: px('#player-boards .card-text'), tracks: px('#player-boards .track-name, #player-boards .bonus'),
                   board: px('svg#board text:not(.card-text):not(.sin-letter):not(.seat-mark)') };
        }"""
    )
    assert sizes["cards"] and min(sizes["cards"]) >= 9, sizes["cards"]
    assert sizes["tracks"] and min(sizes["tracks"]) >= 9, sizes["tracks"]
    assert min(sizes["board"]) >= 7
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # the page never scrolls sideways
    assert page.errors == []  # type: ignore[attr-defined]


def test_on_a_phone_a_tapped_move_stays_picked_when_the_live_connection_repeats_the_state(
    server: ServerProcess, browser: Browser
) -> None:
    """The page draws the state it fetched, then the live connection's first message repeats it. A move tapped
    in between stays waiting for its confirmation (it was cleared, and on a slow machine the player's tap was
    lost); the repeated state is held back here until the move is tapped, then let through."""
    g = _game(server, 3, seed=11)
    page = _phone(browser)
    held: list[str | bytes] = []  # the server's messages held back, while ``holding`` holds True
    holding = [True]
    routes: list[WebSocketRoute] = []

    def hold_the_servers_messages(ws: WebSocketRoute) -> None:
        routes.append(ws)

        def from_server(message: str | bytes) -> None:
            if not holding[0]:
                ws.send(message)
            else:
                held.append(message)

        ws.connect_to_server().on_message(from_server)  # the page's messages go through as they are

    page.route_web_socket(re.compile(r"/api/games/[^/]+/ws$"), hold_the_servers_messages)
    _open_at_my_decision(page, server.url + g["seats"][0]["link"])
    page.wait_for_function("() => document.title.startsWith('▶')")
    targets = page.locator("svg#board .target.hl")
    before = int(page.evaluate("() => document.body.dataset.version"))
    for i in range(targets.count()):
        targets.nth(i).tap()
        if answer_to_tap(page, before) == "confirm":
            break
        page.keyboard.press("Escape")  # a menu: several moves there; try the next place
    else:
        pytest.fail("no place on the board holds a single move")
    picked = page.locator("#confirm-text").text_content()
    page.evaluate("() => { document.querySelector('#player-boards svg').dataset.before = '1'; }")
    for _ in range(300):  # the repeated state comes (the route's handlers run while the page is waited on)
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the live connection sent nothing"
    holding[0] = False  # from now on the server's messages go through
    for message in held:  # the held one too: the page draws the same state again
        routes[0].send(message)
    page.wait_for_function("() => !document.querySelector('#player-boards svg[data-before]')")
    assert page.locator("#confirm").is_visible()
    assert page.locator("#confirm-text").text_content() == picked
    page.locator("#confirm-play").tap()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_move_played_from_the_list_closes_the_menu_of_a_place_on_the_board(
    server: ServerProcess, browser: Browser
) -> None:
    """A place's menu (several moves there) left open while the player plays from the list closes with the new
    state: its moves were the old state's."""
    g = _game(server, 3, seed=11)
    page = _page(browser, 1440, 900)
    _open_at_my_decision(page, server.url + g["seats"][0]["link"])
    for _ in range(40):  # the player's decisions, until a place with several moves comes first
        page.wait_for_function("() => document.title.startsWith('▶')", timeout=30_000)
        before = int(page.evaluate("() => document.body.dataset.version"))
        targets = page.locator("svg#board .target.hl")
        opened = False
        if targets.count():  # a click on a place plays its move, or opens its menu of several
            targets.nth(0).click()
            opened = answer_to_tap(page, before) == "menu"
        if opened or not targets.count():
            page.locator("#actions button.action").first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)
        if opened:
            assert page.locator("#menu").is_hidden()
            break
    else:
        pytest.fail("no place with several moves in the player's first 40 decisions")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1440, 900)])
def test_the_invite_links_and_the_settings_keep_the_table_on_one_screen(
    server: ServerProcess, browser: Browser, width: int, height: int
) -> None:
    """A 5-player game of three friends made in the lobby: its creator's seat opens with the Invite links box above
    the player boards, and the table settings open under the buttons of the right-hand column; the page still never
    scrolls, and the board, your player board, the prompt, the options and the log stay in view."""
    page = _page(browser, width, height)
    open_lobby(page, server.url)
    page.select_option("#players", "5")  # the P&P modules are ticked for five
    page.locator(".seat-kind").nth(1).select_option("human")
    page.locator(".seat-kind").nth(2).select_option("human")
    page.click("#create")
    page.wait_for_url("**/game/**")
    page.wait_for_selector("svg#board .shield")
    page.wait_for_selector("#invite-panel[open] a.seat-link")

    def one_screen() -> None:
        size = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        assert size[0] <= width and size[1] <= height, (size, width, height)
        _on_screen(page, "svg#board")
        _on_screen(page, "#player-boards svg.player-board[data-player='0']")
        _on_screen(page, "#prompt-text")

    one_screen()
    assert page.locator("#invite-panel a.seat-link").count() == 3
    _on_screen(page, "#invite-panel")
    _on_screen(page, "#log li:last-child")
    page.click("#settings-btn")
    one_screen()
    _on_screen(page, "#settings-panel")
    _on_screen(page, "#set-autoplay")
    _on_screen(page, "#actions-panel summary")
    _on_screen(page, "#log-panel summary")
    page.screenshot(path=str(ARTIFACTS / f"layout-{width}x{height}-invites-settings.png"))
    assert page.errors == []  # type: ignore[attr-defined]
