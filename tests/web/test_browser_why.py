""" "Why can't I?" in real Chromium: clicking a piece or place that is not a legal target shows the
engine's reason with its rulebook page (rulebook p.11 for the Hell phase); a legal click still plays."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser

from tests.web.browser_helpers import server_fixture
from tests.web.helpers import create, state
from tests.web.server_process import ServerProcess
from tests.web.test_browser import _page, browser

__all__ = ["browser"]  # the fixture is shared with test_browser


server = server_fixture("why", "why.db")


def test_clicking_an_illegal_target_shows_the_engines_reason(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as c:
        g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=3)
        snap = state(c, g["game"], g["seats"][0]["token"])
        mover = snap["pending"]["player"]
        legal = {k for a in snap["legal"] for k in a["targets"]}
    page = _page(browser)
    page.goto(server.url + g["seats"][mover]["link"])
    page.wait_for_selector("svg#board .hl")
    assert page.locator("#why").is_hidden()
    # An empty shield of the ninth circle: no Soul to move there.
    empty = [i for i, v in enumerate(snap["state"]["hell"]) if v == 0 and f"shield:{i}" not in legal]
    assert empty
    page.locator(f"#board [data-k~='shield:{empty[0]}']").first.click()
    page.wait_for_selector("#why:not([hidden])")
    text = page.inner_text("#why")
    assert text.startswith("Why not: there is no Soul on") and "(rulebook, Hell Phase p.11)" in text
    # A gate of the Walls of Dis is a place of another step.
    page.locator("#board [data-k='gate:0']").first.click()
    page.wait_for_function("() => document.querySelector('#why').innerText.includes('BONFIRE')")
    assert "you must move one Soul in the Hell phase" in page.inner_text("#why")
    # A legal click still plays, and the answer goes away with the new state.
    before = int(page.evaluate("() => document.body.dataset.version"))
    page.locator("#actions button.action").first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
    assert page.locator("#why").is_hidden()
