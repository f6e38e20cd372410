"""The browser game in real Chromium: the lobby's seat links, escaped server texts, error pages, hot-seat
links in one tab, double clicks, an unreachable server, wording, the layout at 1440x900 and 390x844
(screenshots in artifacts/web/), the last move, previews, the your-turn title, and whole games played
to the end (against bots, every move sent over the live connection; two humans with a spectator)."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.web.browser_helpers import create_ann_and_bob, open_game, open_lobby, page_version, server_fixture
from tests.web.helpers import create, state
from tests.web.server_process import ServerProcess
from tests.web.test_browser import ARTIFACTS, _page, browser

__all__ = ["browser"]  # the fixture is shared with test_browser


# Many games with bots from one address: the per-address limit is raised for this module.
server = server_fixture("game", extra=["--max-bot-games", "100"])


def _mine(page: Page) -> bool:
    return bool(page.evaluate("() => document.title.startsWith('▶')"))


def _act(page: Page, rng: random.Random) -> None:
    """Play one legal action of the pending decision by clicking its button, and wait for the change."""
    before = page_version(page)
    for _ in range(3):  # a click that lands while the list is being redrawn hits a replaced button: click again
        buttons = page.locator("#actions button.action")
        buttons.nth(rng.randrange(buttons.count())).click()
        try:
            page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=10_000)
            return
        except PlaywrightTimeoutError:
            if page_version(page) > before:
                return
    raise AssertionError("three clicks on legal actions changed nothing")


def _inside(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    vp = page.viewport_size
    assert box is not None and vp is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= vp["height"], (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= vp["width"] + 1, (selector, box)


def test_your_games_opens_each_seat_and_keeps_its_label(server: ServerProcess, browser: Browser) -> None:
    page = _page(browser)
    create_ann_and_bob(page, server.url)
    page.locator("a.seat-link").nth(1).wait_for()
    tokens = [page.locator("a.seat-link").nth(i).get_attribute("href").split("#")[1] for i in range(2)]  # type: ignore[union-attr]
    open_game(page, server.url + page.locator("a.seat-link").nth(1).get_attribute("href"))  # type: ignore[operator]
    open_lobby(page, server.url)
    page.wait_for_selector("#my-games a[href*='#']")
    rows = page.locator("#my-games li")
    texts = [rows.nth(i).inner_text() for i in range(rows.count())]
    hrefs = [rows.nth(i).locator("a").get_attribute("href") for i in range(rows.count())]
    for i, who in enumerate(("Ann, seat 1", "Bob, seat 2")):
        row = next(k for k, t in enumerate(texts) if who in t)
        assert hrefs[row].endswith("#" + tokens[i]), (texts, hrefs)  # type: ignore[union-attr]


def test_server_texts_are_text_and_the_rule_is_on_demand(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=3)
        snap = state(c, g["game"], g["seats"][0]["token"])
        mover = snap["pending"]["player"]
        # Play to the first Florence decision, whose help text has "<location> <noble|urchin>".
        tok = g["seats"][mover]["token"]
        while "<location>" not in state(c, g["game"], tok)["pending"]["explain"]:
            s = state(c, g["game"], tok)
            r = c.post(
                f"/api/games/{g['game']}/actions",
                json={"version": s["version"], "action": s["legal"][0]["text"]},
                headers={"X-Inferno-Token": tok},
            )
            assert r.status_code == 200
            tok = g["seats"][state(c, g["game"], tok)["pending"]["player"]]["token"]
    page = _page(browser)
    open_game(page, server.url + f"/game/{g['game']}#{tok}")
    assert page.locator("#rule-text").is_hidden()  # a short prompt first
    page.click("#rule-btn")
    assert "'send <location> <noble|urchin>'" in page.inner_text("#rule-text")


def test_error_pages_say_what_happened(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=3)
    page = _page(browser)
    for url, title in (
        (f"/game/{g['game']}#wrongtoken", "This link opens no seat of this game"),
        ("/game/nosuchgame123#abc", "There is no such game"),
        (f"/game/{g['game']}", "This link is incomplete"),
    ):
        page.goto(server.url + url)
        page.wait_for_selector("#problem:not([hidden])")
        assert page.inner_text("#problem-title") == title
        assert page.locator("#game").is_hidden() and page.locator("#lobby").is_hidden()
        assert page.locator("#problem-lobby").get_attribute("href") == "/"


def test_following_another_seats_link_in_the_same_tab_shows_that_seat(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], seed=3)
    page = _page(browser)
    open_game(page, server.url + g["seats"][0]["link"])
    assert "You play Ann" in page.inner_text("#turn-info")
    page.evaluate(f"() => {{ location.hash = '{g['seats'][1]['token']}'; }}")
    page.wait_for_function("() => document.querySelector('#turn-info').innerText.includes('You play Bob')")


def _open_as_mover(server: ServerProcess, browser: Browser) -> Page:
    """A new 2-player game of humans (seed 3) opened in the browser by the seat that decides first."""
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=3)
        mover = state(c, g["game"], g["seats"][0]["token"])["pending"]["player"]
    page = _page(browser)
    open_game(page, server.url + g["seats"][mover]["link"])
    return page


def test_a_double_click_plays_once_and_shows_no_error(server: ServerProcess, browser: Browser) -> None:
    page = _open_as_mover(server, browser)
    page.locator("#actions button.action").first.dblclick()
    page.wait_for_function("() => Number(document.body.dataset.version) >= 1")
    page.wait_for_timeout(500)
    assert page_version(page) == 1
    assert page.inner_text("#error") == ""
    assert "version" not in page.inner_text("#status") + page.inner_text("#turn-info") + page.inner_text("#prompt")


def test_the_second_click_of_a_double_click_never_plays_even_after_the_answer(
    server: ServerProcess, browser: Browser
) -> None:
    """The first click's answer may come back before the second click of a double click and draw the next
    decision's buttons under the pointer: that second click (``detail`` 2) must not play them."""
    page = _open_as_mover(server, browser)
    page.locator("#actions button.action").first.click()
    page.wait_for_function("() => Number(document.body.dataset.version) >= 1")
    page.wait_for_function("() => document.querySelector('#actions button.action:not([disabled])') !== null")
    page.eval_on_selector(
        "#actions button.action", "b => b.dispatchEvent(new MouseEvent('click', {bubbles: true, detail: 2}))"
    )
    page.wait_for_timeout(500)
    assert page_version(page) == 1


def test_an_unreachable_server_is_said_plainly_and_play_resumes(tmp_path: Path, browser: Browser) -> None:
    srv = ServerProcess(tmp_path / "down.db").start()
    try:
        with httpx.Client(base_url=srv.url) as c:
            g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=3)
            mover = state(c, g["game"], g["seats"][0]["token"])["pending"]["player"]
        page = _page(browser)
        open_game(page, srv.url + g["seats"][mover]["link"])
        srv.kill()
        page.wait_for_function("() => document.querySelector('#status').innerText.includes('cannot be reached')")
        page.locator("#actions button.action").first.click()
        page.wait_for_timeout(300)
        msg = page.inner_text("#error") + page.inner_text("#status")
        assert "Failed to fetch" not in msg and "resumes by itself" in msg
        srv.start()
        page.wait_for_function("() => document.querySelector('#status').innerText === ''", timeout=20_000)
        _act(page, random.Random(1))
    finally:
        srv.stop()


def test_new_game_refuses_a_taken_port_before_printing_a_link_and_any_port_picks_a_free_one(tmp_path: Path) -> None:
    busy = ServerProcess(tmp_path / "busy.db").start()
    try:
        cmd = [sys.executable, "-c", "from inferno.cli.main import cli; cli()", "serve", "--new-game", "2"]
        cmd += ["--db", f"sqlite:///{tmp_path / 'x.db'}", "--port", str(busy.port)]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        assert r.returncode != 0
        assert "http://" not in r.stdout and f"port {busy.port}" in r.stderr and "--any-port" in r.stderr
        p = subprocess.Popen([*cmd, "--any-port"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            assert p.stdout is not None
            first = p.stdout.readline()
            m = re.search(r"Port (\d+) is taken; using port (\d+) instead", first)
            assert m and int(m.group(1)) == busy.port, first
            link = p.stdout.readline()
            assert f":{m.group(2)}/game/" in link, link
            assert (
                "serve --new-game 3 --any-port" in Path(__file__).resolve().parents[2].joinpath("Makefile").read_text()
            )
        finally:
            p.terminate()
            p.wait(10)
    finally:
        busy.stop()


def test_wording_in_the_view(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human", "name": "You"}, {"kind": "bot", "bot": "random"}], seed=5)
    page = _page(browser)
    open_game(page, server.url + g["seats"][0]["link"])
    rng = random.Random(2)
    for _ in range(40):
        page.wait_for_function("() => document.title.startsWith('▶') || !document.querySelector('#scoring').hidden")
        if (
            page.locator("#scoring").is_visible()
            or int(page.inner_text("#turn-info").split("Turn ")[1].split(".")[0]) >= 3
        ):
            break
        _act(page, rng)
    text = page.inner_text("body")
    assert "(you) (you)" not in text and "You (you)" not in text and "You decides" not in text
    assert not re.search(r"\b1 (Florins|Drachmas)\b", text)
    assert not re.search(r"\ba [aeiouAEIOU]\w*", page.inner_text("#log"))
    assert not re.search(r"\w+_\w+", page.inner_text("#log"))  # no raw ids
    assert not re.search(r"Infamy\)\s*\[", page.inner_text("#log"))  # no doubled amounts


@pytest.mark.parametrize("width,height,name", [(1440, 900, "desktop"), (390, 844, "phone")])
def test_layout_keeps_prompt_scores_and_decision_on_one_screen(
    server: ServerProcess, browser: Browser, width: int, height: int, name: str
) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=7)
    page = _page(browser, width, height)
    open_game(page, server.url + g["seats"][0]["link"])
    rng = random.Random(4)
    seen_florence = False
    for _ in range(12):
        page.wait_for_function("() => document.title.startsWith('▶')", timeout=20_000)
        # The prompt, every player's score and money, and a place of the pending decision, all on screen.
        _inside(page, "#prompt-text")
        _inside(page, "#scorebar")
        assert page.locator("#scorebar .score").count() == 3
        assert page.locator("#scorebar .score.to-move").count() == 1
        targets = page.locator("svg .target.hl")
        if targets.count():
            boxes = [targets.nth(i).bounding_box() for i in range(targets.count())]
            top = page.locator("#top").bounding_box()["height"]  # type: ignore[index]
            assert any(b and b["y"] >= top - 1 and b["y"] + b["height"] <= height for b in boxes), boxes
        if "Florence" in page.inner_text("#prompt-text") or page.locator("svg .location.hl").count():
            seen_florence = True
        page.screenshot(path=str(ARTIFACTS / f"layout-{name}.png"))
        if seen_florence:
            break
        _act(page, rng)
    # Legible: on a phone the board zooms (and pans in its frame); no board text under 7 CSS pixels.
    if name == "phone":
        page.click("#zoom")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width  # the frame pans, not the page
        page.screenshot(path=str(ARTIFACTS / f"layout-{name}-zoomed.png"))
    # No board text under 7 pixels, but the marks on the pieces (a Soul's sin letter, a pawn's seat number), sized
    # to their piece. Card texts stay inside their card.
    small = page.evaluate(
        """() => [...document.querySelectorAll('svg#board text:not(.sin-letter):not(.seat-mark)')]
              .filter(t => t.getBoundingClientRect().height > 0)
              .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a).filter(px => px < 7).length"""
    )
    assert small == 0
    outside = page.evaluate(
        """() => [...document.querySelectorAll('.card-text')].filter(t => {
              const c = t.parentNode.querySelector('rect').getBoundingClientRect(), r = t.getBoundingClientRect();
              return r.width > 0 && (r.right > c.right + 0.5 || r.left < c.left - 0.5); }).length"""
    )
    assert outside == 0
    bonus = page.evaluate("() => [...document.querySelectorAll('#player-boards .bonus')].map(t => t.textContent)")
    with httpx.Client(base_url=server.url) as c:
        tiles = {
            t["text"]
            for t in c.get(f"/api/games/{g['game']}/board", headers={"X-Inferno-Token": g["seats"][0]["token"]}).json()[
                "bonus_tiles"
            ]
        }
    assert bonus and all(b in tiles for b in bonus)  # whole names, never cut


def test_last_move_is_marked_preview_shows_consequences_and_title_says_your_turn(
    server: ServerProcess, browser: Browser
) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=9)
    page = _page(browser)
    open_game(page, server.url + g["seats"][0]["link"])
    rng = random.Random(5)
    previewed = marked = False
    for _ in range(30):
        page.wait_for_function("() => document.title.startsWith('▶')", timeout=20_000)
        assert page.title().startswith("▶ Your turn")
        if page.locator("#board .last").count():
            marked = True
            assert page.locator("#log li.last-line").count() == 1
        hl = page.locator("svg#board .shield.target.hl")
        if not previewed and hl.count():
            hl.first.hover()
            if page.locator("#tip .pv").count():
                previewed = True
                assert re.search(r"stops on|Infamy|Florin|Drachma", page.inner_text("#tip .pv"))
        if previewed and marked:
            break
        _act(page, rng)
    assert previewed and marked
    # Hovering the last move's log line marks its places; the title changes back when it is not your turn.
    page.locator("#log li.last-line").hover()
    assert page.locator("#board .last").count() >= 1


def test_a_whole_game_against_bots_in_the_browser(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=21)
    page = _page(browser)
    posted: list[str] = []  # moves sent by HTTP instead of the live connection
    page.on("request", lambda r: posted.append(r.url) if r.method == "POST" and r.url.endswith("/actions") else None)
    open_game(page, server.url + g["seats"][0]["link"])
    rng = random.Random(21)
    for _ in range(400):
        page.wait_for_function("() => document.title !== 'Inferno'", timeout=20_000)
        if page.locator("#scoring").is_visible():
            break
        _act(page, rng)
    page.wait_for_selector("#story-table")
    assert page.title().startswith("Game over")
    page.screenshot(path=str(ARTIFACTS / "game-over-vs-bots.png"), full_page=False)
    _inside(page, "#scoring")
    assert page.errors == []  # type: ignore[attr-defined]
    assert posted == []  # every move went over the open live connection


def test_two_humans_and_a_spectator_play_to_the_end(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], seed=8)
    pages = [_page(browser, 1440, 900), _page(browser, 390, 844)]
    for p, s in zip(pages, g["seats"], strict=True):
        open_game(p, server.url + s["link"])
    spec = _page(browser)
    open_game(spec, server.url + g["spectator"]["link"])
    rng = random.Random(8)
    for _ in range(600):
        for p in pages:
            p.wait_for_function("() => document.body.dataset.version !== undefined")
        v = max(page_version(p) for p in pages)
        for p in pages:
            p.wait_for_function(f"() => Number(document.body.dataset.version) >= {v}", timeout=20_000)
        if pages[0].locator("#scoring").is_visible():
            break
        mover = next(p for p in pages if _mine(p))
        _act(mover, rng)
    spec.wait_for_selector("#story-table", timeout=20_000)
    for p in pages:
        p.wait_for_selector("#story-table")
    assert spec.locator("#actions button.action").count() == 0
    assert page_version(spec) == page_version(pages[0])
    for p in [*pages, spec]:
        assert p.errors == []  # type: ignore[attr-defined]
