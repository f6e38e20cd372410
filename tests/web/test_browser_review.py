"""Hints and the game review in real Chromium: the Hint button and its note in the log, the lobby's
hint setting, and the review page opened from the final screen and from a replay."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser

from tests.web.browser_helpers import finished_bot_game, open_game, open_lobby, server_fixture
from tests.web.helpers import create
from tests.web.server_process import ServerProcess
from tests.web.test_browser import _page, browser

__all__ = ["browser"]  # the fixture is shared with test_browser


server = server_fixture("review", bot_delay=0.0)


def test_hint_button_shows_three_options_and_the_log_notes_it(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=4)
    assert g["hints"] is True
    page = _page(browser)
    open_game(page, server.url + g["seats"][0]["link"])
    page.wait_for_selector("#hint-btn:not([hidden])", timeout=20_000)
    legal = set(page.locator("#actions button.action").evaluate_all("bs => bs.map(b => b.firstChild.textContent)"))
    page.click("#hint-btn")
    page.wait_for_selector("#hint-panel .hint-option")
    options = page.locator("#hint-panel .hint-option").all_inner_texts()
    assert 1 <= len(options) <= 3 and len(options) == min(3, len(legal))
    for text in options:
        assert text.rsplit(":", 1)[0] in legal and "%" in text and ", Infamy margin " in text
    page.wait_for_selector("#hint-notes li")
    assert "asked for a hint" in page.locator("#hint-notes").inner_text()
    assert not page.errors  # type: ignore[attr-defined]


def test_lobby_hint_setting_off_hides_the_button(server: ServerProcess, browser: Browser) -> None:
    page = _page(browser)
    open_lobby(page, server.url)
    page.select_option("#players", "2")
    page.select_option("#hints-setting", "off")
    page.click("#create")
    page.locator("a.seat-link").first.wait_for()
    open_game(page, server.url + page.locator("a.seat-link").first.get_attribute("href"))  # type: ignore[operator]
    page.wait_for_selector("#actions button.action", timeout=20_000)
    page.wait_for_timeout(500)
    assert page.locator("#hint-btn").is_hidden()


def test_review_page_from_the_final_screen_and_from_a_replay(server: ServerProcess, browser: Browser) -> None:
    g = finished_bot_game(server.url, ("random", "greedy"), seed=11, timeout=60)
    page = _page(browser)
    open_game(page, server.url + g["spectator"]["link"])
    page.wait_for_selector("#review-btn:not([hidden])")
    page.click("#review-btn")
    page.wait_for_selector("#review-page:not([hidden])")
    page.select_option("#review-seat", "0")
    page.select_option("#review-depth", "quick")
    page.click("#review-start")
    page.wait_for_selector("#review-summary", timeout=180_000)
    assert page.locator("#review-summary").inner_text().startswith("Player 1: ")
    assert page.locator("#review-chart polyline.standing").count() == 1
    assert page.locator("#review-margin-chart polyline.margin").count() == 1
    assert page.locator("#review-json").get_attribute("download") == "review-seat-1.json"
    assert page.locator("#review-mistakes tr").count() >= 2  # the random player's mistakes are listed
    assert "Infamy margin lost" in page.locator("#review-mistakes tr").first.inner_text()
    page.click("#review-close")
    assert page.locator("#review-page").is_hidden()
    page.click("#replay-btn")
    page.wait_for_selector("#replay:not([hidden])")
    page.click("#replay-review")
    page.wait_for_selector("#review-page:not([hidden])")
    page.click("#review-start")  # the same review again: already done on the server
    page.wait_for_selector("#review-summary", timeout=60_000)
    assert not page.errors  # type: ignore[attr-defined]
