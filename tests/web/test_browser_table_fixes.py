"""The browser table's fixes in real Chromium: a hint after an undo, a turn clock that waits for its
player to arrive, Bells asked only on request, the lobby's 5-player modules, every family's Desk
readable, the final totals shown at once, single options played by themselves, "Create game" taking
its creator to their seat, an unknown game without its secret, the whole log, and the table settings
kept in the browser."""

from __future__ import annotations

import json
import re
import time

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.web.browser_helpers import (
    answer_to_tap,
    create_ann_and_bob,
    finished_bot_game,
    open_game,
    open_lobby,
    page_version,
    server_fixture,
    unpaced,
)
from tests.web.helpers import create, state, tok
from tests.web.server_process import ServerProcess
from tests.web.test_browser import _page, browser

__all__ = ["browser"]  # the fixture is shared with test_browser


# Many games with bots from one address: the per-address limit is raised for this module.
server = server_fixture("fixes", extra=["--max-bot-games", "100"])


def _fresh_page(browser: Browser, settings: dict[str, object] | None = None, **context: object) -> Page:
    """A page with the browser's own default settings (``_page`` switches auto-play off), or ``settings``
    stored before the first load only (so a reload shows what the page itself kept)."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, **context)  # type: ignore[arg-type]
    page = unpaced(ctx.new_page())
    if settings is not None:
        page.add_init_script(
            f"if (!sessionStorage.getItem('set')) {{ sessionStorage.setItem('set', '1');"
            f" localStorage.setItem('inferno.settings', {json.dumps(json.dumps(settings))}); }}"
        )
    return page


def _mine(page: Page, timeout: float = 30_000) -> None:
    page.wait_for_function(
        "() => document.querySelectorAll('#actions button.action:not([disabled])').length > 0", timeout=timeout
    )


def _click_first(page: Page) -> str:
    _mine(page)
    before = page_version(page)
    b = page.locator("#actions button.action").first
    text = b.inner_text()
    b.click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=30_000)
    return text


def _first_legal_moves(server: ServerProcess, g: dict[str, object], moves: int) -> None:
    """Play the first legal action ``moves`` times, each by the seat whose decision it is (over HTTP)."""
    seats = g["seats"]  # type: ignore[index]
    tokens = {s["seat"]: s["token"] for s in seats if "token" in s}  # type: ignore[union-attr]
    with httpx.Client(base_url=server.url) as c:
        for _ in range(moves):
            spec = state(c, str(g["game"]), g["spectator"]["token"])  # type: ignore[index]
            seat = spec["pending"]["player"]
            snap = state(c, str(g["game"]), tokens[seat])
            body = {"version": snap["version"], "action": snap["legal"][0]["text"]}
            r = c.post(f"/api/games/{g['game']}/actions", json=body, headers=tok(tokens[seat]))
            assert r.status_code == 200, r.text


# ----- 1. hints after an undo -----


def test_a_hint_after_an_undo_is_given(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=3)
    page = _page(browser)
    open_game(page, server.url + g["seats"][0]["link"])
    _click_first(page)  # seed 3: the Soul is lifted, and the same player decides its step
    _mine(page)
    assert page.locator("#undo").is_enabled()
    before = page_version(page)
    page.click("#undo")
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
    page.click("#refresh")  # "Reload state" changes nothing either
    _mine(page)
    page.wait_for_selector("#hint-btn:not([hidden])")
    start = time.perf_counter()
    page.click("#hint-btn")
    page.wait_for_function(
        "() => !document.querySelector('#hint-panel').textContent.startsWith('Thinking')", timeout=120_000
    )
    print(f"hint after an undo, in the browser: {time.perf_counter() - start:.1f} s")
    assert "moved on" not in page.inner_text("#hint-panel")
    assert page.locator("#hint-panel .hint-option").count() >= 1
    assert page.errors == []  # type: ignore[attr-defined]


# ----- 2. the clock starts when its player arrives -----


def test_the_clock_waits_for_its_player_and_starts_when_they_arrive(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        body = {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], "seed": 4}
        g = c.post("/api/games", json={**body, "turn_seconds": 60}).json()
        mover = state(c, g["game"], g["spectator"]["token"])["pending"]["player"]
    other = 1 - mover
    watcher = _page(browser)
    open_game(watcher, server.url + g["seats"][other]["link"])
    # Shown before it starts: the mover's whole minute, standing still, and why.
    chip = watcher.locator(f'#scorebar .score[data-player="{mover}"] .clock.waiting')
    chip.wait_for()
    assert "1:00" in chip.inner_text()
    assert "not started" in watcher.inner_text("#clock-left")
    with httpx.Client(base_url=server.url) as c:
        table = state(c, g["game"], g["spectator"]["token"])["table"]
    assert table["clock"] is None and table["waiting"]["seat"] == mover
    # The mover opens their link: their clock runs, for every seat, from a whole minute.
    arriving = _page(browser)
    open_game(arriving, server.url + g["seats"][mover]["link"])
    watcher.wait_for_selector(f'#scorebar .score[data-player="{mover}"] .clock:not(.waiting)')
    with httpx.Client(base_url=server.url) as c:
        table = state(c, g["game"], g["spectator"]["token"])["table"]
    assert table["waiting"] is None and table["clock"]["seat"] == mover
    assert table["clock"]["deadline"] - time.time() > 45  # the minute started on arrival, not at creation
    assert watcher.errors == [] and arriving.errors == []  # type: ignore[attr-defined]


# ----- 3. Bells asked only on request -----


def test_bells_are_asked_only_after_clicking_the_bell_button(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        body = {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "seed": 5, "modules": ["phlegyas"]}
        g = c.post("/api/games", json=body).json()
    page = _fresh_page(browser, {"autoplay": False, "bells": "click"})
    open_game(page, server.url + g["seats"][0]["link"])
    page.wait_for_selector("#bell-arm:not([hidden])")  # this family holds a Bell
    # Not armed: every Bell decision passes by itself (the Soul descends from where it is).
    for _ in range(40):
        _mine(page)
        if page.evaluate("() => document.body.dataset.decision") == "bell":
            page.wait_for_function("() => Number(document.body.dataset.bellsPassed || 0) >= 1")  # no click needed
            break
        _click_first(page)
    else:
        raise AssertionError("no Bell decision came")
    assert "rings a Bell" not in page.inner_text("#log")
    # Armed: the next Bell decision is asked, and only with a slide the Bell can make.
    page.click("#bell-arm")
    assert page.get_attribute("#bell-arm", "aria-pressed") == "true"
    for _ in range(40):
        _mine(page)
        if page.evaluate("() => document.body.dataset.decision") == "bell":
            break
        _click_first(page)
    else:
        raise AssertionError("no Bell decision came")
    page.wait_for_timeout(1000)  # longer than a decision that plays by itself waits: this one stays
    assert page.evaluate("() => document.body.dataset.decision") == "bell"
    assert page.evaluate("() => Number(document.body.dataset.bellsPassed)") == 1
    texts = page.locator("#actions button.action").all_inner_texts()
    assert any(t.startswith("bell") for t in texts), texts  # a slide is possible wherever the Bell is offered
    page.locator("#actions button.action", has_text="bell").first.click()
    page.wait_for_function("() => document.querySelector('#log').textContent.includes('rings a Bell')")
    assert page.errors == []  # type: ignore[attr-defined]


# ----- 4. 5 players in the lobby -----


def test_five_players_in_the_lobby_switch_on_the_modules_and_a_refusal_names_no_flag(
    server: ServerProcess, browser: Browser
) -> None:
    page = _page(browser)
    open_lobby(page, server.url)
    assert not page.is_checked("#module-plutus") and not page.is_checked("#module-phlegyas")
    page.select_option("#players", "5")
    assert page.is_checked("#module-plutus") and page.is_checked("#module-phlegyas")
    # Without any module the server refuses, in the game's words.
    page.uncheck("#module-plutus")
    page.uncheck("#module-phlegyas")
    page.click("#create")
    page.wait_for_function("() => document.querySelector('#status').textContent.includes('Could not create')")
    text = page.inner_text("#status")
    assert "5-player game needs the P&P expansion" in text and "--" not in text
    # With the defaults the game is made, and the page is the creator's seat.
    page.select_option("#players", "4")
    page.select_option("#players", "5")
    assert page.is_checked("#module-plutus") and page.is_checked("#module-phlegyas")
    page.click("#create")
    page.wait_for_url("**/game/**")
    page.wait_for_selector("svg#board .shield")
    assert page.locator("#scorebar .score").count() == 5
    assert page.errors == []  # type: ignore[attr-defined]


# ----- 5. the white family's Desk -----


def _luminance(rgb: str) -> float:
    parts = [int(x) / 255 for x in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_every_familys_desk_shows_a_readable_d(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = c.post("/api/games", json={"seats": [{"kind": "human"}] * 2, "seed": 3, "modules": ["plutus"]}).json()
    _first_legal_moves(server, g, 26)  # seed 3: by then the white family (seat 2) has a Desk on the board
    page = _page(browser)
    open_game(page, server.url + g["spectator"]["link"])
    desks = page.locator("svg#board rect.desk")
    assert desks.count() >= 1
    white = page.locator("svg#board rect.desk.p1")
    assert white.count() == 1
    # Read at once: the board may be drawn anew in between (the one-screen layout fits it to the window).
    text, ink, paper = page.evaluate(
        """() => { const desk = document.querySelector('svg#board rect.desk.p1'), mark = desk.nextElementSibling;
              return [mark.textContent, getComputedStyle(mark).fill, getComputedStyle(desk).fill]; }"""
    )
    assert text == "D2"  # "D" and the seat number of its owner, the white family (seat 2)
    hi, lo = sorted((_luminance(ink), _luminance(paper)), reverse=True)
    assert (hi + 0.05) / (lo + 0.05) >= 4.5, (ink, paper)
    # The pawns' seat numbers and the Souls' sin letters too, with the page's security policy in force (this page
    # does not bypass it): in ink that reads on the pawn, at their piece's size. Set as inline styles, which the
    # policy refuses, they were drawn in the default colour and 16 pixels high.
    pawns = page.evaluate(
        """() => [...document.querySelectorAll('svg .member')].map(m => {
              const mark = getComputedStyle(m.querySelector('.seat-mark'));
              return [mark.fill, getComputedStyle(m.querySelector('.pawn')).fill, parseFloat(mark.fontSize)]; })"""
    )
    assert pawns
    for ink, paper, size in pawns:
        hi, lo = sorted((_luminance(ink), _luminance(paper)), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5 and size <= 7, (ink, paper, size)
    letters = page.evaluate(
        "() => [...document.querySelectorAll('svg .sin-letter')].map(t => parseFloat(getComputedStyle(t).fontSize))"
    )
    assert letters and max(letters) <= 10.5, letters
    assert page.errors == []  # type: ignore[attr-defined]


# ----- 6. small frictions -----


@pytest.fixture(scope="module")
def finished(server: ServerProcess) -> dict[str, object]:
    """A finished game of two random bots (seed 12), longer than a view's log."""
    return finished_bot_game(server.url, ("random", "random"), seed=12, timeout=120)


def test_the_final_scoring_shows_the_score_bars_totals_at_once(
    server: ServerProcess, browser: Browser, finished: dict[str, object]
) -> None:
    page = _page(browser)
    open_game(page, server.url + finished["spectator"]["link"])  # type: ignore[index]
    page.wait_for_selector("#story-table")
    _totals_match_the_score_bar(page)  # at once: no step to click through
    assert " wins " in page.inner_text("#story-verdict")


def _totals_match_the_score_bar(page: Page) -> None:
    for p in range(2):
        bar = page.inner_text(f'#scorebar .score[data-player="{p}"]')
        total = page.inner_text(f'#scoring tr[data-player="{p}"] td.total')
        assert re.search(rf"(^|\s){re.escape(total)} Infamy", bar), (bar, total)


def test_the_log_keeps_every_entry(server: ServerProcess, browser: Browser, finished: dict[str, object]) -> None:
    with httpx.Client(base_url=server.url) as c:
        total = state(c, str(finished["game"]), finished["spectator"]["token"])["log_total"]  # type: ignore[index]
    assert total > 500
    page = _page(browser)
    open_game(page, server.url + finished["spectator"]["link"])  # type: ignore[index]
    assert page.locator("#log > li").count() < total  # the newest lines first ...
    for _ in range(20):
        if page.locator("#log-earlier").is_hidden():
            break
        shown = page.locator("#log > li").count()
        page.click("#log-earlier")
        page.wait_for_function(f"() => document.querySelectorAll('#log > li').length > {shown}")
    assert page.locator("#log > li").count() == total  # ... and every one on request
    assert page.locator("#log > li").first.get_attribute("value") == "1"
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_single_option_plays_by_itself(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=4)
    page = _fresh_page(browser)  # the browser's defaults: auto-play is on
    open_game(page, server.url + g["seats"][0]["link"])
    for _ in range(60):
        if page.evaluate("() => Number(document.body.dataset.autoplayed || 0)") >= 1:
            break
        try:
            _mine(page, timeout=5_000)
        except Exception:
            continue  # the single option played itself meanwhile, or the bot is moving
        if page.locator("#actions button.action").count() == 1:
            page.wait_for_function("() => Number(document.body.dataset.autoplayed || 0) >= 1")
            break
        _click_first(page)
    else:
        raise AssertionError("no decision with a single option came")
    assert page.errors == []  # type: ignore[attr-defined]


def test_create_game_takes_you_to_your_seat_with_the_links_to_share(server: ServerProcess, browser: Browser) -> None:
    page = _page(browser)
    create_ann_and_bob(page, server.url)
    page.wait_for_url("**/game/**")
    page.wait_for_selector("svg#board .shield")
    assert "You play Ann" in page.inner_text("#turn-info")
    assert page.locator("#invite-panel").is_visible()
    links = page.locator("#invite-panel a.seat-link")
    assert links.count() == 2
    assert "(you)" in page.locator("#invite-links li").nth(0).inner_text()
    assert page.url.endswith(str(links.nth(0).get_attribute("href")))
    assert page.locator("#invite-panel a.spectator-link").count() == 1
    # The other seat's link opens Bob's seat.
    page.goto(server.url + str(links.nth(1).get_attribute("href")))
    page.wait_for_function("() => document.querySelector('#turn-info').innerText.includes('You play Bob')")
    assert page.errors == []  # type: ignore[attr-defined]


def test_an_unknown_game_without_a_token_says_there_is_no_such_game(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=3)
    page = _page(browser)
    for url, title in (
        ("/game/nosuchgame123", "There is no such game"),
        (f"/game/{g['game']}", "This link is incomplete"),
    ):
        page.goto(server.url + url)
        page.wait_for_selector("#problem:not([hidden])")
        assert page.inner_text("#problem-title") == title


# ----- 7. table settings -----


def test_table_settings_are_kept_in_the_browser(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=3)
    page = _fresh_page(browser)
    open_game(page, server.url + g["seats"][0]["link"])
    page.click("#settings-btn")
    assert page.is_checked("#set-autoplay")  # on by default
    assert not page.is_checked("#set-confirm")  # not a touch screen
    assert not page.is_checked("#set-sound") and not page.is_checked("#set-bells")
    assert page.input_value("#set-speed") == "normal"
    page.uncheck("#set-autoplay")
    page.select_option("#set-speed", "fast")
    page.check("#set-sound")
    page.check("#set-bells")
    page.reload()
    page.wait_for_selector("svg#board .shield")
    page.click("#settings-btn")
    assert not page.is_checked("#set-autoplay") and page.is_checked("#set-sound") and page.is_checked("#set-bells")
    assert page.input_value("#set-speed") == "fast"
    assert page.inner_text("#alerts") == "Turn alerts: on"  # the sound is the turn alert's
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_touch_screen_asks_before_a_tap_plays_unless_switched_off(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=3)
        mover = state(c, g["game"], g["spectator"]["token"])["pending"]["player"]
    page = _fresh_page(browser, None, has_touch=True, is_mobile=True)
    open_game(page, server.url + g["seats"][mover]["link"])
    page.click("#settings-btn")
    assert page.is_checked("#set-confirm")  # on by default on a touch screen
    page.click("#settings-btn")
    before = page_version(page)
    page.locator("svg .target.hl").first.tap()
    page.wait_for_selector("#confirm:not([hidden])")  # the first tap shows what the move does
    assert page_version(page) == before
    page.click("#confirm-cancel")
    page.click("#settings-btn")
    page.uncheck("#set-confirm")
    page.click("#settings-btn")
    target = page.locator("svg .target.hl").first
    n = len(str(target.get_attribute("data-k")).split())
    target.tap()
    if answer_to_tap(page, before) == "menu":  # several actions at that place: the menu asks which
        assert n >= 1
        page.locator("#menu button").first.tap()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
    assert page.errors == []  # type: ignore[attr-defined]
