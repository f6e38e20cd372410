"""The table in real Chromium: a turn clock chosen in the lobby and shown to everyone, a clock running
out (a bot takes the seat, the log says so, the player takes it back from the same link), the other
players' vote, a Soul's move animated along its path (none with reduced motion; Skip ends it), the
log and the board linked both ways, and the optional your-turn sound and notification."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, Page

from tests.web.browser_helpers import create_game, open_game, open_lobby, page_version, server_fixture
from tests.web.server_process import ServerProcess
from tests.web.test_browser import _page, browser

__all__ = ["browser"]  # the fixture is shared with test_browser


# Bots wait a little between moves, so a seat a bot took over is still in play when its player returns.
# A vote opens once a player's page has been closed for 2 seconds (not a minute), and an hour after a return.
server = server_fixture(
    "table", bot_delay=0.25, extra=["--max-bot-games", "100", "--vote-gone", "2", "--vote-grace", "3600"]
)


def _link(g: dict[str, object], seat: int) -> str:
    return str(g["seats"][seat]["link"])  # type: ignore[index]


def _wait_mine(page: Page) -> None:
    page.wait_for_function("() => document.querySelectorAll('#actions button.action').length > 0", timeout=30_000)


def _click(page: Page, prefer: tuple[str, ...] = ()) -> str:
    """Click the first legal action (or the first whose text starts with one of ``prefer``)."""
    _wait_mine(page)
    before = page_version(page)
    buttons = page.locator("#actions button.action")
    texts = buttons.all_inner_texts()
    k = next((i for i, t in enumerate(texts) if t.startswith(prefer)), 0) if prefer else 0
    buttons.nth(k).click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=30_000)
    return texts[k]


def test_lobby_clock_timeout_takeover_and_reclaim(server: ServerProcess, browser: Browser) -> None:
    page = _page(browser)
    # The lobby offers the clocks and the takeover bot; the game shows its clock to every seat.
    open_lobby(page, server.url)
    page.select_option("#players", "2")
    page.select_option("#turn-clock", "120")
    page.select_option("#takeover-bot", "random")
    page.click("#create")
    page.locator("a.seat-link").first.wait_for()
    open_game(page, server.url + str(page.locator("a.seat-link").first.get_attribute("href")))
    assert "Turn clock: 2 minutes a turn" in page.inner_text("#clock-info")
    page.wait_for_selector("#scorebar .clock")
    assert re.search(r"◷ [12]:\d\d", page.inner_text("#scorebar"))
    page.close()
    # A 3-second clock runs out: the table's bot plays the seat, and everyone reads it in the log.
    g = create_game(
        server.url,
        {
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
            "seed": 11,
            "turn_seconds": 3,
            "takeover_bot": "random",
        },
    )
    ann = _page(browser)
    open_game(ann, server.url + _link(g, 0))
    ann.wait_for_selector("#reclaim", timeout=30_000)
    assert "the random bot has been playing your seat" in ann.inner_text("#table-panel")
    assert "ran out of time; the random bot plays this seat" in ann.inner_text("#log")
    assert ann.locator("#actions button.action").count() == 0
    # Ann takes the seat back with the same link: her clock starts afresh when her turn comes.
    ann.click("#reclaim")
    ann.wait_for_selector("#reclaim", state="detached", timeout=10_000)
    assert "takes the seat back from the bot" in ann.inner_text("#log")
    _wait_mine(ann)
    assert "Ann:" in ann.inner_text("#clock-left")
    assert ann.errors == []  # type: ignore[attr-defined]


def test_the_other_players_vote_a_player_out_and_the_player_comes_back(server: ServerProcess, browser: Browser) -> None:
    """The vote that a player has left is shown only once they are away (here: their page closed for 2
    seconds, as this server is set), and not again right after they take their seat back."""
    g = create_game(
        server.url, {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], "seed": 3}
    )
    with httpx.Client(base_url=server.url) as c:
        spec = c.get(f"/api/games/{g['game']}/state", headers={"X-Inferno-Token": str(g["spectator"]["token"])})  # type: ignore[index]
        p = spec.json()["pending"]["player"]
    name = ["Ann", "Bob"][p]
    away, other = _page(browser), _page(browser, 390, 844)
    open_game(away, server.url + _link(g, p))
    open_game(other, server.url + _link(g, 1 - p))
    vote = other.locator(f"#table-panel button.vote[data-seat='{p}']")
    other.wait_for_timeout(3000)  # longer than the absence this server counts: but the player is here
    assert vote.count() == 0
    away.close()
    vote.wait_for(timeout=15_000)  # the page closed: shown once the player has been away 2 seconds
    assert f"{name} has left: let the greedy bot play (0 of 1 vote)" in vote.inner_text()
    vote.click()
    other.wait_for_function(f"() => document.querySelector('#table-panel').innerText.includes(\"plays {name}'s seat\")")
    back = _page(browser)
    open_game(back, server.url + _link(g, p))
    back.wait_for_selector("#reclaim", timeout=10_000)
    assert "by the other players' vote" in back.inner_text("#log")
    back.click("#reclaim")
    other.wait_for_function(
        f"() => !document.querySelector('#table-panel').innerText.includes(\"plays {name}'s seat\")"
    )
    back.close()
    other.wait_for_timeout(3000)  # away again, but the seat was just taken back: no vote for a while
    assert vote.count() == 0
    for pg in (away, back, other):
        assert pg.errors == []  # type: ignore[attr-defined]


def _soul_move(page: Page) -> None:
    """Play until one of this seat's Souls has moved a step (lift it, then step)."""
    for _ in range(80):
        text = _click(page, ("step", "move", "enter", "bell"))
        if text.startswith("step"):
            return
    raise AssertionError("no Soul moved")


def test_a_soul_move_is_animated_along_its_path_and_skip_ends_it(server: ServerProcess, browser: Browser) -> None:
    g = create_game(server.url, {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "seed": 5})
    page = _page(browser)
    open_game(page, server.url + _link(g, 0))
    page.evaluate(
        "() => { window.__ghosts = []; new MutationObserver(() => { const g = document.querySelector('.soul-ghost'); if (g && !window.__ghosts.includes(g.dataset.path)) window.__ghosts.push(g.dataset.path); }).observe(document.getElementById('board'), { childList: true }); }"
    )
    _soul_move(page)
    page.wait_for_function("() => window.__ghosts.length > 0", timeout=10_000)
    path = page.evaluate("() => window.__ghosts[window.__ghosts.length - 1]").split(" ")
    assert len(path) >= 2 and all(re.fullmatch(r"(shield|colour):\d+", k) for k in path)
    # Skip ends a running animation at once (the next move's, if it is still running).
    page.evaluate(
        "() => { document.body.dataset.skipSeen = '0'; new MutationObserver(() => { if (document.querySelector('.soul-ghost') && !document.getElementById('skip-btn').hidden) { document.body.dataset.skipSeen = '1'; document.getElementById('skip-btn').click(); } }).observe(document.getElementById('board'), { childList: true }); }"
    )
    _soul_move(page)
    page.wait_for_function("() => document.body.dataset.skipSeen === '1'", timeout=10_000)
    assert page.locator(".soul-ghost").count() == 0
    assert page.errors == []  # type: ignore[attr-defined]
    # With reduced motion there is no animation, but the move is known all the same.
    still = browser.new_page(viewport={"width": 1400, "height": 1000}, reduced_motion="reduce")
    still.add_init_script("localStorage.setItem('inferno.pace', '0')")
    open_game(still, server.url + _link(g, 0))
    before = still.evaluate("() => document.body.dataset.soulPath || ''")
    _soul_move(still)
    still.wait_for_function(f"() => (document.body.dataset.soulPath || '') !== {before!r}", timeout=10_000)
    assert still.evaluate("() => document.body.dataset.animations") is None
    still.close()


def test_log_lines_and_board_places_are_linked_both_ways(server: ServerProcess, browser: Browser) -> None:
    g = create_game(server.url, {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "seed": 7})
    page = _page(browser)
    open_game(page, server.url + _link(g, 0))
    _soul_move(page)
    # A line about a shield marks that shield; a second click clears it.
    about = re.compile(r"^Player 1: (moves the standing|the Soul jumps|the [A-Za-z ]+ Soul stops on|lays)")
    line = page.locator("#log li", has_text=about).last
    line.click()
    assert page.locator("#log li.chosen").count() == 1
    marked = page.locator("#board .shield.linked")
    assert marked.count() == 1
    label = re.search(r"(\d+\.\d+)", line.inner_text())
    assert label and marked.first.get_attribute("data-shield") == label.group(1)
    assert page.locator("svg.player-board.linked[data-player='0']").count() == 1  # and whose move it was
    line.click()
    assert page.locator("#board .linked").count() == 0
    # A line about money marks the family's board and score; the quartiere line marks the quartiere.
    paid = page.locator("#log li", has_text=re.compile(r"pays \d+ Drachma")).last
    if paid.count():
        paid.click()
        assert page.locator("#scorebar .score.linked").count() == 1
    # Hovering a shield marks every log line about it.
    page.locator(f"#board .shield[data-shield='{label.group(1)}']").hover()
    assert page.locator("#log li.concerns").count() >= 1
    assert all(label.group(1) in t for t in page.locator("#log li.concerns").all_inner_texts())
    assert page.errors == []  # type: ignore[attr-defined]


ALERT_STUBS = """
window.__beeps = 0; window.__notes = [];
window.AudioContext = class { constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() { return { type: '', frequency: {}, connect: (g) => g, start: () => { window.__beeps++; }, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d }; } };
window.Notification = class { constructor(title, opts) { window.__notes.push([title, opts && opts.body]); } };
window.Notification.permission = 'granted';
window.Notification.requestPermission = async () => 'granted';
Object.defineProperty(document, 'hidden', { get: () => !!window.__hidden });
"""


def _until_my_turn_comes_back(page: Page) -> None:
    """Play until the turn goes to the other player and comes back."""
    for _ in range(60):
        _click(page)
        if page.locator("#actions button.action").count() == 0:
            _wait_mine(page)
            return
    raise AssertionError("the turn never passed")


def test_your_turn_sound_and_notification_are_off_by_default(server: ServerProcess, browser: Browser) -> None:
    g = create_game(server.url, {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "seed": 13})
    page = _page(browser)
    page.add_init_script(ALERT_STUBS)
    open_game(page, server.url + _link(g, 0))
    assert page.inner_text("#alerts") == "Turn alerts: off"
    _until_my_turn_comes_back(page)
    assert page.evaluate("() => window.__beeps") == 0
    page.click("#alerts")
    assert page.inner_text("#alerts") == "Turn alerts: on"
    page.evaluate("() => { window.__hidden = true; }")
    _until_my_turn_comes_back(page)
    assert page.evaluate("() => window.__beeps") >= 1
    assert page.evaluate("() => window.__notes")[0][0] == "Inferno: your turn"
    # A visible tab gets the sound only.
    notes = page.evaluate("() => window.__notes.length")
    page.evaluate("() => { window.__hidden = false; }")
    _until_my_turn_comes_back(page)
    assert page.evaluate("() => window.__notes.length") == notes
    assert page.errors == []  # type: ignore[attr-defined]
