"""The tutorial in real Chromium: started from the lobby's "Learn to play", played to its end by its cues
alone (``[data-tutorial-next]``, ``[data-tutorial-target]``, then ``body[data-tutorial=done]``), a wrong
click held back with the tutorial's word, left and resumed at the same step, "Play your first game", and
axe-core's check of the page."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from inferno.tutorial.session import StepKind, Tutorial
from tests.web.browser_helpers import open_lobby, server_fixture, unpaced
from tests.web.server_process import ServerProcess
from tests.web.test_browser import browser
from tests.web.test_browser_a11y import _serious

__all__ = ["browser"]  # the fixture is shared with test_browser

server = server_fixture("tutorial", extra=["--max-bot-games", "100"])
CUE = "[data-tutorial-next]:not([hidden]), [data-tutorial-target]"


def _page(browser: Browser, width: int = 1440, height: int = 900) -> Page:
    return unpaced(browser.new_page(viewport={"width": width, "height": height}))


def _finished() -> Tutorial:
    """The tutorial played to its end by the core alone."""
    t = Tutorial.start()
    while t.step is not None:
        if t.step.kind is StepKind.EXPLAIN:
            t.next()
        else:
            t.play(t.step.expected[0])
    return t


def _answers(page: Page) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.tutorialAnswers || 0)"))


def _open_tutorial(page: Page, url: str) -> None:
    """From the lobby, "Learn to play" (or "Continue the tutorial"); wait until a step is shown."""
    open_lobby(page, url)
    page.click("#learn-link")
    page.wait_for_url("**/tutorial")
    _shown(page)


def _shown(page: Page) -> None:
    """Wait until the tutorial page shows its step."""
    page.wait_for_function("() => document.body && Number(document.body.dataset.tutorialAnswers || 0) > 0")


def _step(page: Page) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.tutorialStep)"))


def _follow_cue(page: Page) -> None:
    """Click the step's cue (Next, or what the step asks to click) and wait for the answer."""
    before = _answers(page)
    page.locator(CUE).first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.tutorialAnswers) > {before}", timeout=20_000)


def test_the_whole_tutorial_is_played_by_its_cues_from_the_lobby_to_a_first_game(
    server: ServerProcess, browser: Browser
) -> None:
    page = _page(browser)
    boards: list[bool] = []  # whether each answer of the tutorial's routes carried the board
    page.on(
        "response",
        lambda r: boards.append(r.json()["board"] is not None) if "/api/tutorials" in r.url and r.ok else None,
    )
    open_lobby(page, server.url)
    assert page.inner_text("#learn-link") == "Learn to play"
    _open_tutorial(page, server.url)
    total = Tutorial.start().total
    assert page.inner_text("#tutorial-progress") == f"Step 1 of {total}"
    clicks = 0
    while (kind := page.evaluate("() => document.body.dataset.tutorial")) != "done":
        step = _step(page)
        # One cue at a time: Next on an explanation, one thing to click on a step that asks for a move.
        assert page.locator("[data-tutorial-target]").count() == (kind == "act"), step
        assert page.locator("[data-tutorial-next]").count() == (kind == "explain"), step
        _follow_cue(page)
        assert _step(page) == step + 1, page.inner_text("#tutorial-reply")
        clicks += 1
        assert clicks <= total
    assert clicks == total
    assert len(boards) == total + 1 and boards[0] and boards.count(False) >= total // 2  # the board sent once
    assert page.inner_text("#tutorial-progress") == f"All {total} steps done"
    assert page.locator("[data-tutorial-next]").count() == 0 and page.locator("[data-tutorial-target]").count() == 0
    assert page.locator("#actions button").count() == 0  # the tutorial's game stops with its last step
    assert not page.locator("#actions-panel").is_visible()
    # The script ends with the game over: the final scoring is shown as on the game page.
    assert page.locator("#scoring").is_visible() == _finished().state.over
    # Recorded in this browser: the lobby offers to replay it.
    open_lobby(page, server.url)
    assert page.inner_text("#learn-link") == "Tutorial done ✓ — replay it"
    page.click("#learn-link")
    page.wait_for_url("**/tutorial")
    _shown(page)
    assert _step(page) == 0
    assert page.evaluate("() => document.body.dataset.tutorial") != "done"
    assert page.errors == []  # type: ignore[attr-defined]


def test_play_your_first_game_opens_the_lobbys_first_game(server: ServerProcess, browser: Browser) -> None:
    page = _page(browser)
    _open_tutorial(page, server.url)
    while page.evaluate("() => document.body.dataset.tutorial") != "done":
        _follow_cue(page)
    page.click("#tutorial-first-game")
    page.wait_for_url("**/game/**")
    page.wait_for_selector("svg#board .shield")
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    names = page.locator("#scorebar .score b").all_inner_texts()
    assert len(names) == 3
    # The lobby's first game: the help open, the warnings on (first_game.js).
    page.wait_for_selector("body[data-first-game=yes]")
    open_lobby(page, server.url)
    page.wait_for_selector("#my-games a")  # "Your games" is filled after the lobby is ready (its own request)
    assert page.locator("#my-games a").count() == 1  # the new game is listed under "Your games"
    assert page.locator("#my-games .first-game-mark").count() == 1
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_wrong_click_is_held_back_with_the_tutorials_word(server: ServerProcess, browser: Browser) -> None:
    page = _page(browser)
    _open_tutorial(page, server.url)
    held = Tutorial.start()  # the same tutorial, kept in step with the page's
    while held.step is not None and held.step.kind is not StepKind.ACT:
        held.next()
        _follow_cue(page)
    step = held.step
    assert step is not None and _step(page) == held.index
    other = [t for t in page.locator("#actions button.action").evaluate_all("bs => bs.map(b => b.dataset.action)")]
    other = [t for t in other if t not in step.expected]
    assert other, "the first step asking for a move offers other options too"
    before = _answers(page)
    page.click(f"#actions button.action[data-action='{other[0]}']")
    page.wait_for_function(f"() => Number(document.body.dataset.tutorialAnswers) > {before}")
    assert page.inner_text("#tutorial-reply") == step.held_back
    assert "held-back" in (page.get_attribute("#tutorial-reply", "class") or "")
    assert (_step(page), page.inner_text("#tutorial-title")) == (held.index, step.title)
    # So is a click on the board at another option's place (unmarked, but it takes the click).
    page.evaluate("() => { document.querySelector('#tutorial-reply').textContent = ''; }")
    before = _answers(page)
    page.locator("#board .target.option").first.dispatch_event("click")
    page.wait_for_function(f"() => Number(document.body.dataset.tutorialAnswers) > {before}")
    assert page.inner_text("#tutorial-reply") == step.held_back
    assert _step(page) == held.index
    # The step's own cue still plays it.
    _follow_cue(page)
    assert _step(page) == held.index + 1
    assert "held-back" not in (page.get_attribute("#tutorial-reply", "class") or "")


def test_leaving_and_reopening_resumes_at_the_same_step(server: ServerProcess, browser: Browser) -> None:
    page = _page(browser)
    _open_tutorial(page, server.url)
    for _ in range(5):
        _follow_cue(page)
    step, title, text = _step(page), page.inner_text("#tutorial-title"), page.inner_text("#tutorial-text")
    total = Tutorial.start().total
    open_lobby(page, server.url)
    assert page.inner_text("#learn-link") == f"Continue the tutorial (step {step + 1} of {total})"
    page.click("#learn-link")
    page.wait_for_url("**/tutorial")
    _shown(page)
    assert (_step(page), page.inner_text("#tutorial-title"), page.inner_text("#tutorial-text")) == (step, title, text)
    # A reload resumes too; "Start again" starts from the first step.
    page.reload()
    _shown(page)
    assert _step(page) == step
    before = _answers(page)
    page.click("#tutorial-restart")
    page.wait_for_function(f"() => Number(document.body.dataset.tutorialAnswers) > {before}")
    assert _step(page) == 0
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_tutorial_gone_from_the_server_starts_again_with_a_word(server: ServerProcess, browser: Browser) -> None:
    page = _page(browser)
    page.goto(server.url + "/")
    page.evaluate("() => localStorage.setItem('inferno.tutorial', JSON.stringify({ id: 'gone', index: 3, total: 9 }))")
    page.goto(server.url + "/tutorial")
    _shown(page)
    assert _step(page) == 0
    assert "could no longer be found" in page.inner_text("#tutorial-reply")


def test_axe_finds_no_serious_violation_on_the_tutorial_page(server: ServerProcess, browser: Browser) -> None:
    for width, height in ((1440, 900), (390, 844)):
        page = unpaced(browser.new_page(viewport={"width": width, "height": height}, bypass_csp=True))
        _open_tutorial(page, server.url)
        _serious(page, f"a tutorial step that explains at {width}x{height}")
        kinds = {"explain"}
        while page.evaluate("() => document.body.dataset.tutorial") != "done":
            kind = page.evaluate("() => document.body.dataset.tutorial")
            if kind not in kinds:
                kinds.add(kind)
                _serious(page, f"a tutorial step of kind {kind} at {width}x{height}")
            _follow_cue(page)
        _serious(page, f"the finished tutorial at {width}x{height}")
        assert page.errors == []  # type: ignore[attr-defined]


def test_the_tutorial_is_played_with_the_keyboard_alone(server: ServerProcess, browser: Browser) -> None:
    """Each new step takes the focus to its title; Tab reaches Next, or the asked option (first in the
    list), and Enter plays it."""
    page = _page(browser)
    page.goto(server.url + "/tutorial")
    _shown(page)
    for _ in range(12):
        step, kind = _step(page), page.evaluate("() => document.body.dataset.tutorial")
        want = "#tutorial-next" if kind == "explain" else "#actions button.tutorial-target"
        if step > 0:
            assert page.evaluate("() => document.activeElement.id") == "tutorial-title"
        for _tab in range(8):
            page.keyboard.press("Tab")
            if page.evaluate(f"() => document.activeElement === document.querySelector('{want}')"):
                break
        else:
            raise AssertionError(f"Tab never reached {want} at step {step}")
        before = _answers(page)
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => Number(document.body.dataset.tutorialAnswers) > {before}")
        assert _step(page) == step + 1, page.inner_text("#tutorial-reply")
    assert page.errors == []  # type: ignore[attr-defined]
