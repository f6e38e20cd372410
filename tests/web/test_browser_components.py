"""Every component explained where it sits, in real Chromium: hovering a location, a Sin Track, a gate
of the Walls, a Phlegethon cube, the Graveyard, the Plague cards, the River Styx, Dante's path, the Fraud
market or the loans shows that component's text from the server; the lobby names each bot's level."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, Error, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.browser_helpers import open_lobby, server_fixture
from tests.web.helpers import create, state
from tests.web.server_process import ServerProcess
from tests.web.test_browser import _page, browser

__all__ = ["browser"]  # the fixture is shared with test_browser


server = server_fixture("components", "components.db")


def _hover_text(page: Page, selector: str) -> str:
    """Hover the node and return the tip's component explanation.

    The board is redrawn whenever a new view arrives, so a node found just before a redraw may be gone
    by the time the pointer reaches it: look it up again (up to three times) until the hover lands."""
    for attempt in range(3):
        page.mouse.move(0, 0)
        node = page.locator(selector).first
        try:
            node.wait_for(state="visible", timeout=5000)
            node.hover(force=True, timeout=5000)
            break
        except Error:
            if attempt == 2:
                raise
    try:
        page.wait_for_selector("#tip:not([hidden]) .tip-component", timeout=5000)
    except PlaywrightTimeout as exc:
        raise AssertionError(f"no explanation on hovering {selector}") from exc
    return page.inner_text("#tip .tip-component")


def test_hovering_each_component_shows_its_text(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=3)
        board = c.get(f"/api/games/{g['game']}/board", headers={"X-Inferno-Token": g["seats"][0]["token"]}).json()
    texts = board["components"]
    page = _page(browser)
    page.goto(server.url + g["seats"][0]["link"])
    page.wait_for_selector("svg#board .target")
    # Every location, by its own text (not the Florence phase's generic help).
    for loc in board["locations"]:
        got = _hover_text(page, f"#board [data-k~='location:{loc['index']}'] .loc-name")
        want = texts[f"location:{loc['index']}"]
        assert got.startswith(want["title"]) and want["text"] in got and want["rule"] in got, loc["name"]
    for sel, key in [
        ("#board [data-k='gate:0']", "walls"),  # a gate tells the Walls' rule too
        ("#board [data-k='phleg:6']", "phleg:6"),
        ("#board [data-c='graveyard'].area-title", "graveyard"),
        ("#board [data-c='plague'].area-title", "plague"),
        ("#board [data-k='styx'] .area-title", "styx"),
        ("#board [data-c='dante'].area-title", "dante"),
        ("#board [data-k='stop:1']", "stop:1"),
        ("#board [data-c='fraud'].area-title", "fraud"),
        ("#player-boards [data-c='track:2'] .track-name", "track:2"),
        ("#player-boards [data-c='loans']", "loans"),
        ("#board [data-k~='guardian:0']", "guardian:0"),
    ]:
        got = _hover_text(page, sel)
        assert texts[key]["text"] in got, (key, got)
    assert not page.errors  # type: ignore[attr-defined]


def test_the_lobby_names_each_bots_level_weakest_first(server: ServerProcess, browser: Browser) -> None:
    page = _page(browser)
    open_lobby(page, server.url)
    page.locator("#bot-levels summary").click()
    items = page.locator("#bot-levels li")
    assert items.first.get_attribute("data-bot") == "random"
    assert "the weakest" in items.first.inner_text()
    options = page.locator(".seat-kind").nth(1).locator("option").all_inner_texts()
    assert "bot: random — the weakest" in options and any(o.startswith("bot: expert — the strongest") for o in options)
    assert options.index("bot: random — the weakest") < options.index("bot: easy — a beginner")


def test_hovering_a_legal_location_shows_its_own_text_not_the_phases(server: ServerProcess, browser: Browser) -> None:
    """In the Florence phase a highlighted location's tip lists its actions with their previews, then
    that location's explanation (it used to repeat the Florence phase's help)."""
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=3)
        token = g["seats"][0]["token"]
        snap = state(c, g["game"], token)
        mover = snap["pending"]["player"]
        token = g["seats"][mover]["token"]
        snap = state(c, g["game"], token)
        r = c.post(
            f"/api/games/{g['game']}/actions",
            json={"version": snap["version"], "action": snap["legal"][0]["text"]},
            headers={"X-Inferno-Token": token},
        )
        assert r.status_code == 200, r.text
        for _ in range(10):  # the Soul's jumps, if any, until the Florence phase
            snap = state(c, g["game"], token)
            if snap["pending"]["decision"] == "florence":
                break
            c.post(
                f"/api/games/{g['game']}/actions",
                json={"version": snap["version"], "action": snap["legal"][0]["text"]},
                headers={"X-Inferno-Token": token},
            )
        assert snap["pending"]["decision"] == "florence"
        board = c.get(f"/api/games/{g['game']}/board", headers={"X-Inferno-Token": token}).json()
    send = next(a for a in snap["legal"] if a["kind"] == "send")
    key = next(k for k in send["targets"] if k.startswith("location:"))
    page = _page(browser)
    page.goto(server.url + g["seats"][mover]["link"])
    page.wait_for_selector(f"#board .hl[data-k~='{key}']")
    page.locator(f"#board [data-k~='{key}'] .loc-name").first.hover(force=True)
    page.wait_for_selector("#tip:not([hidden]) .tip-component")
    tip = page.inner_text("#tip")
    assert send["text"] in tip and " · ".join(send["preview"]["words"]) in tip
    assert board["components"][key]["text"] in tip
    assert snap["pending"]["explain"] not in tip
