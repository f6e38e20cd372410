"""Accessibility in real Chromium (issue 29): axe-core, injected into the page, finds no serious or critical
violation on the lobby, a game at a Florence and at a Hell decision, the final scoring and the review page; a
whole game against a bot is played with the keyboard alone, with a visible focus; a live region reads out the
other players' moves; ``prefers-reduced-motion`` turns the animations off; Souls carry their sin's letter and
family pieces their seat number (the terminal's marks, from the rules data the server sends).

axe-core comes from the npm registry: ``make axe`` (part of ``make test``) installs it into build/npm."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from tests.web.browser_helpers import finished_bot_game, open_game, open_lobby, page_version, server_fixture, unpaced
from tests.web.helpers import create
from tests.web.server_process import ServerProcess
from tests.web.test_browser import browser

__all__ = ["browser"]  # the fixture is shared with test_browser

AXE = Path(__file__).resolve().parents[2] / "build" / "npm" / "node_modules" / "axe-core" / "axe.min.js"


server = server_fixture("a11y", extra=["--max-bot-games", "100"])


def _page(browser: Browser, width: int = 1440, height: int = 900, **kw: Any) -> Page:
    # The server's Content-Security-Policy allows no inline script: the test's own axe-core is let in.
    return unpaced(browser.new_page(viewport={"width": width, "height": height}, bypass_csp=True, **kw))


def _serious(page: Page, what: str) -> None:
    """Run axe-core on the page as it stands; fail on any serious or critical violation, naming them."""
    assert AXE.exists(), "axe-core is missing: run `make axe` (make test installs it)"
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ['violations'] })).violations
            .filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')) }))"""
    )
    assert found == [], f"{what}: " + json.dumps(found, indent=1)


def _wait_mine_or_over(page: Page) -> None:
    page.wait_for_function(
        "() => document.title.startsWith('▶') || !document.querySelector('#scoring').hidden", timeout=30_000
    )


def _click_action(page: Page, rng: random.Random) -> None:
    before = page_version(page)
    buttons = page.locator("#actions button.action")
    buttons.nth(rng.randrange(buttons.count())).click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)


def test_axe_finds_no_serious_violation_on_the_lobby_and_a_game_in_each_phase(
    server: ServerProcess, browser: Browser
) -> None:
    page = _page(browser)
    open_lobby(page, server.url)
    _serious(page, "lobby")
    page.select_option("#players", "5")  # the P&P modules' part of the form
    _serious(page, "lobby, 5 players")
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=7)
    open_game(page, server.url + g["seats"][0]["link"])
    rng = random.Random(7)
    seen: set[str] = set()
    for _ in range(60):
        _wait_mine_or_over(page)
        prompt = page.inner_text("#prompt-text")
        phase = "Florence" if page.locator("svg#board .location.hl").count() else "Hell" if "Hell" in prompt else ""
        if phase and phase not in seen:
            seen.add(phase)
            _serious(page, f"a {phase} decision")
            page.click("#rule-btn")  # the rule text open too
            _serious(page, f"a {phase} decision with its rule")
            page.click("#rule-btn")
        if seen == {"Florence", "Hell"}:
            break
        _click_action(page, rng)
    assert seen == {"Florence", "Hell"}
    # Five players with both P&P modules (Desks, Bells), on a computer screen and on a phone.
    with httpx.Client(base_url=server.url) as c:
        r = c.post(
            "/api/games",
            json={
                "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 4,
                "seed": 7,
                "modules": ["plutus", "phlegyas"],
            },
        )
        five = r.json()["seats"][0]["link"]
    for p in (page, _page(browser, 390, 844)):
        open_game(p, server.url + five)
        _wait_mine_or_over(p)
        _serious(p, f"a 5-player decision at {p.viewport_size}")
        assert p.errors == []  # type: ignore[attr-defined]


def test_axe_finds_no_serious_violation_on_the_invite_links_and_the_table_settings(
    server: ServerProcess, browser: Browser
) -> None:
    """web-fixes' boxes in web-layout's columns: a game made in the lobby opens with its Invite links, and the
    Settings panel open beside the decision."""
    page = _page(browser)
    open_lobby(page, server.url)
    page.select_option("#players", "2")
    page.locator(".seat-kind").nth(1).select_option("human")
    page.click("#create")
    page.wait_for_url("**/game/**")
    page.wait_for_selector("#invite-panel[open] a.seat-link")
    _serious(page, "a new game with its invite links")
    page.click("#settings-btn")
    page.wait_for_selector("#settings-panel:not([hidden]) #set-autoplay")
    _serious(page, "the table settings")
    assert page.errors == []  # type: ignore[attr-defined]


def test_axe_finds_no_serious_violation_on_the_final_scoring_and_the_review(
    server: ServerProcess, browser: Browser
) -> None:
    g = finished_bot_game(server.url, ("random", "random"), seed=12, timeout=90)
    page = _page(browser)
    open_game(page, server.url + g["spectator"]["link"])
    page.wait_for_selector("#scoring #story-table")
    _serious(page, "the final scoring")
    page.click("#story-review")  # one click from the end screen to the review
    page.wait_for_selector("#review-page:not([hidden])")
    _serious(page, "the review page")
    page.select_option("#review-depth", "quick")
    page.click("#review-start")
    page.wait_for_selector("#review-summary", timeout=180_000)
    _serious(page, "the review with its result")
    assert page.errors == []  # type: ignore[attr-defined]


def _focus_outline(page: Page) -> float:
    """The width in pixels of the focused element's outline (0 when it has none)."""
    return float(
        page.evaluate(
            """() => { const s = getComputedStyle(document.activeElement);
                 return s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth); }"""
        )
    )


def test_a_whole_game_against_a_bot_with_the_keyboard_alone(server: ServerProcess, browser: Browser) -> None:
    """No click at all: Tab reaches "Go to your decision", Enter focuses the first action; from then on the
    focus stays on the list of actions (drawn anew after every move), Tab and Enter choose and play. The table
    settings are the browser's own: a decision with a single option plays by itself, and the focus stays."""
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}], seed=21)
    page = _page(browser)
    open_game(page, server.url + g["seats"][0]["link"])
    _wait_mine_or_over(page)
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "to-decision"
    assert _focus_outline(page) >= 2 and page.locator("#to-decision").is_visible()
    page.keyboard.press("Enter")
    rng = random.Random(21)
    moves = singles = 0
    for _ in range(600):
        _wait_mine_or_over(page)
        if page.locator("#scoring").is_visible():
            break
        page.wait_for_function(
            "() => document.activeElement && document.activeElement.matches('#actions button.action')"
        )
        assert _focus_outline(page) >= 2  # the focus is visible
        before = page_version(page)
        options = page.locator("#actions button.action").count()
        if options == 1:  # a single option plays by itself (the table settings' default): the focus stays on the list
            page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)
            singles += 1
            continue
        for _ in range(rng.randrange(min(3, options))):
            page.keyboard.press("Tab")  # another option of the list
        assert page.evaluate("() => document.activeElement.matches('#actions button.action')")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)
        moves += 1
    page.wait_for_selector("#story-table")
    assert moves > 20
    assert int(page.evaluate("() => Number(document.body.dataset.autoplayed || 0)")) >= min(singles, 1)
    # The end screen tells the story at once; the review is one key away.
    page.wait_for_selector("#story-review")
    verdict = page.inner_text("#story-verdict")
    assert " wins " in verdict or "share the victory" in verdict
    page.wait_for_function("() => document.activeElement.id === 'story-review'")  # the focus went there
    page.keyboard.press("Enter")
    page.wait_for_selector("#review-page:not([hidden])")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_live_region_reads_out_the_other_players_moves(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random", "name": "Bea"}], seed=5)
    page = _page(browser)
    open_game(page, server.url + g["seats"][0]["link"])
    region = page.locator("#announce")
    assert region.get_attribute("aria-live") == "polite"
    rng = random.Random(5)
    for _ in range(30):
        _wait_mine_or_over(page)
        if "Bea:" in region.inner_text():
            break
        _click_action(page, rng)
    said = region.inner_text()
    assert "Bea:" in said and "Ann:" not in said and "Ann (you):" not in said, said  # the bot's moves, never yours
    title = page.inner_text("#prompt-text").split("Your turn: ", 1)[1]
    assert said.endswith(f"Your turn: {title}."), said  # and then that the decision is yours
    log = page.inner_text("#log")
    moves = said.split(" Your turn: ")[0].split("Bea: ")[1:]
    assert moves and all(f"Bea: {m.strip()}" in log for m in moves), (said, log)  # the log's own words


def test_reduced_motion_turns_the_animations_off(server: ServerProcess, browser: Browser) -> None:
    """The same game, seat and moves with and without the system's reduced motion: Souls glide only without."""
    counts = {}
    for motion in ("no-preference", "reduce"):
        with httpx.Client(base_url=server.url) as c:
            g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=9)
        page = _page(browser, reduced_motion=motion)
        page.add_init_script("localStorage.setItem('inferno.pace', '450')")  # updates shown one by one
        open_game(page, server.url + g["seats"][0]["link"])
        rng = random.Random(9)
        for _ in range(12):
            _wait_mine_or_over(page)
            _click_action(page, rng)
        _wait_mine_or_over(page)
        counts[motion] = int(page.evaluate("() => Number(document.body.dataset.animations || 0)"))
        pulses = page.evaluate(
            "() => [...document.querySelectorAll('svg .target.last')].map(n => getComputedStyle(n).animationName)"
        )
        if motion == "reduce":
            assert all(name == "none" for name in pulses), pulses
        page.close()
    assert counts["no-preference"] > 0 and counts["reduce"] == 0, counts


def test_souls_carry_their_sins_letter_and_pieces_their_seat_number(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=7)
        board = c.get(f"/api/games/{g['game']}/board", headers={"X-Inferno-Token": g["seats"][0]["token"]}).json()
    letters = {c["sin"]: c["letter"] for c in board["circles"]}
    page = _page(browser)
    open_game(page, server.url + g["seats"][0]["link"])
    souls = page.evaluate(
        """() => [...document.querySelectorAll('svg .soul')].map(s => [s.querySelector('title').textContent,
              (s.querySelector('.sin-letter') || {}).textContent])"""
    )
    assert souls
    for title, letter in souls:
        sin = next(s for s in letters if f" {s} " in f" {title} ")
        assert letter == (letters[sin] if title.startswith("standing") else letters[sin].lower()), (title, letter)
    marks = page.evaluate("() => [...document.querySelectorAll('svg .member .seat-mark')].map(t => t.textContent)")
    assert marks and set(marks) <= {"1", "2", "3"}
    # The circles' bands name each sin with the terminal's mark: glyph and letter.
    info = page.locator("svg#board .circle-info").evaluate_all("ts => ts.map(t => t.textContent)")
    assert [t.split(" ")[0] for t in info] == [c["glyph"] + c["letter"] for c in board["circles"]]
