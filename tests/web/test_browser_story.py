"""The end of a game and its review in real Chromium: the story's sums against the game's result (2, 4 and
5 players with P&P, solo), the replay's top bar at that moment, a review mistake opening its position
with the better move marked, and the review page's contrast in the light and the dark colour schemes."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.web.browser_helpers import open_game, server_fixture, unpaced
from tests.web.helpers import state, tok, wait_for
from tests.web.server_process import ServerProcess
from tests.web.test_browser import browser
from tests.web.test_browser_a11y import AXE

__all__ = ["browser"]  # the fixture is shared with test_browser

server = server_fixture("story", bot_delay=0.0, extra=["--max-bot-games", "100"])


def _page(browser: Browser, **kw: Any) -> Page:
    return unpaced(browser.new_page(viewport={"width": 1400, "height": 1000}, bypass_csp=True, **kw))


def _finished(url: str, body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    with httpx.Client(base_url=url, timeout=30) as c:
        r = c.post("/api/games", json=body)
        assert r.status_code == 200, r.text
        g = r.json()
        spec = g["spectator"]["token"]
        wait_for(lambda: state(c, g["game"], spec)["result"] is not None, timeout=120)
        return g, state(c, g["game"], spec)


def _bots(n: int) -> list[dict[str, str]]:
    return [{"kind": "bot", "bot": "random"} for _ in range(n)]


def _number(text: str) -> int:
    return int(text.strip().replace("−", "-").replace("+", ""))


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({"seats": _bots(2), "seed": 12}, id="2p"),
        pytest.param({"seats": _bots(4), "seed": 4}, id="4p"),
        pytest.param({"seats": _bots(5), "seed": 6, "modules": ["plutus", "phlegyas"]}, id="5p-pnp"),
        pytest.param({"seats": _bots(1), "seed": 5, "solo": {"variant": "rival", "level": "easy"}}, id="solo"),
    ],
)
def test_the_end_screen_adds_up_to_the_result(server: ServerProcess, browser: Browser, body: dict[str, Any]) -> None:
    g, end = _finished(server.url, body)
    res = end["result"]
    page = _page(browser)
    open_game(page, server.url + g["spectator"]["link"])
    page.wait_for_selector("#story-table")
    want = [pr["infamy"] for pr in res["players"]] + ([res["solo"]["rival_infamy"]] if res["solo"] else [])
    rows = page.locator("#story-table tr[data-player]")
    assert rows.count() == len(want)
    for i, infamy in enumerate(want):
        cells = [_number(t) for t in rows.nth(i).locator("td").all_inner_texts()]
        in_play, *steps, total, _diplomas = cells
        assert in_play + sum(steps) == total == infamy
        if i < len(res["players"]):
            pr = res["players"][i]
            assert in_play == pr["before_final"] and steps == [pr["steps"][k] for k in res["steps"]]
        bars = page.locator(f"#story-bars .story-player >> nth={i}").locator("tr[data-points]")
        assert sum(int(x) for x in bars.evaluate_all("rs => rs.map(r => r.dataset.points)")) == infamy
    assert page.locator("#story-steps > li").count() == 6
    assert "rulebook p.16-17" in page.inner_text("#story-steps")
    assert '"In play" is the Infamy scored during the game' in page.inner_text("#story-in-play")
    if res["solo"]:
        assert page.locator("#story-bars [data-rival]").count() == 1  # the Rival's row
        assert res["solo"]["rank"] in page.inner_text("#story-ladder li.yours")
        assert page.locator("#story-ladder li").count() >= 4
    else:
        assert page.locator("#story-decided").count() == 1 or "share" in page.inner_text("#story-verdict")
    page.click("#story-review")  # one click to the review
    page.wait_for_selector("#review-page:not([hidden])")
    assert page.errors == []  # type: ignore[attr-defined]


def _scorebar(page: Page) -> list[int]:
    texts = page.locator("#scorebar .score").all_inner_texts()
    return [int(re.search(r"(-?\d+) Infamy", t).group(1)) for t in texts]  # type: ignore[union-attr]


def test_the_replay_top_bar_shows_that_moments_scores(server: ServerProcess, browser: Browser) -> None:
    g, end = _finished(server.url, {"seats": _bots(2), "seed": 12})
    final = [pr["infamy"] for pr in end["result"]["players"]]
    page = _page(browser)
    open_game(page, server.url + g["spectator"]["link"])
    page.wait_for_selector("#story-table")
    assert _scorebar(page) == final
    page.click("#replay-btn")
    page.wait_for_function("() => document.querySelector('#replay').dataset.shown === '0'")
    assert _scorebar(page) == [0, 0]
    n = end["moves"] * 2 // 3
    page.evaluate(f"() => {{ const s = document.querySelector('#replay-slider'); s.value = '{n}'; s.oninput(); }}")
    page.wait_for_function(f"() => document.querySelector('#replay').dataset.shown === '{n}'")
    with httpx.Client(base_url=server.url) as c:
        then = c.get(f"/api/games/{g['game']}/replay", params={"upto": n}, headers=tok(g["spectator"]["token"])).json()
    moment = [pl["infamy"] for pl in then["state"]["players"]]
    assert _scorebar(page) == moment and moment != final
    assert "The game is over." not in page.inner_text("#prompt-text")
    assert page.errors == []  # type: ignore[attr-defined]


def _reviewed(page: Page, url: str) -> None:
    open_game(page, url)
    page.wait_for_selector("#story-review")
    page.click("#story-review")
    page.select_option("#review-seat", "0")
    page.select_option("#review-depth", "quick")
    page.click("#review-start")
    page.wait_for_selector("#review-mistakes", timeout=180_000)


def test_a_review_mistake_opens_its_position_with_the_better_move(server: ServerProcess, browser: Browser) -> None:
    g, _end = _finished(
        server.url, {"seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}], "seed": 11}
    )
    page = _page(browser)
    _reviewed(page, server.url + g["spectator"]["link"])
    row = page.locator("#review-mistakes tr[data-index]").first
    index = row.get_attribute("data-index")
    better = row.locator("td").nth(3).inner_text()
    row.locator(".review-show").click()
    page.wait_for_function(f"() => document.querySelector('#replay').dataset.shown === '{index}'")
    note = page.locator("#replay-better")
    assert note.is_visible() and f"better: {better}" in note.inner_text()
    with httpx.Client(base_url=page.url.split("/game/")[0]) as c:
        st = c.get(
            f"/api/games/{g['game']}/review", params={"seat": 0, "depth": "quick"}, headers=tok(g["spectator"]["token"])
        ).json()
    targets = st["moments"][index]["better_targets"]
    drawn = page.evaluate(
        "() => [...document.querySelectorAll('#board .target')].flatMap(n => n.getAttribute('data-k').split(' '))"
    )
    on_board = [k for k in targets if k in drawn]
    marked = page.locator("#board .better").count()
    assert marked >= 1 if on_board else marked == 0  # the better move's places are outlined on the board
    page.click("#replay-next")  # another moment: the mark goes
    page.wait_for_function(f"() => document.querySelector('#replay').dataset.shown === '{int(index) + 1}'")
    assert note.is_hidden() and page.locator("#board .better").count() == 0
    assert page.errors == []  # type: ignore[attr-defined]


CONTRAST = """() => {
  const lum = (c) => { const m = c.match(/[\\d.]+/g).map(Number); const [r, g, b] = m.slice(0, 3).map((v) => {
    v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const bg = (el) => { for (let e = el; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor;
    if (c && !c.endsWith(', 0)') && c !== 'transparent') return c; } return getComputedStyle(document.body).backgroundColor; };
  const out = [];
  for (const el of document.querySelectorAll('#review-page p, #review-page td, #review-page th, #review-page label, #review-page h3, #review-page h4')) {
    if (!el.textContent.trim() || !el.offsetParent) continue;
    const a = lum(getComputedStyle(el).color), b = lum(bg(el));
    out.push((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05));
  }
  for (const t of document.querySelectorAll('#review-page svg text')) {
    const a = lum(getComputedStyle(t).fill), b = lum(getComputedStyle(t.closest('svg')).backgroundColor);
    out.push((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05));
  }
  return out;
}"""


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_review_page_is_readable_in_both_colour_schemes(
    server: ServerProcess, browser: Browser, scheme: str
) -> None:
    g, _end = _finished(
        server.url, {"seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}], "seed": 11}
    )
    page = _page(browser, color_scheme=scheme)
    _reviewed(page, server.url + g["spectator"]["link"])
    ratios = page.evaluate(CONTRAST)
    assert len(ratios) > 20 and min(ratios) >= 4.5, sorted(ratios)[:5]
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => (await axe.run('#review-page', { runOnly: ['color-contrast'] })).violations
            .map(v => v.nodes.slice(0, 3).map(n => n.target.join(' ')))"""
    )
    assert found == [], found
