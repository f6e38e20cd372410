"""Whole plays in another language, in real Chromium: the tutorial played to its end by its cues in Catalan
(every step's title and text the Catalan script's, every reply in Catalan), and a Spanish game whose
server-rendered texts (the prompt, the options in words, the game log) read Spanish."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page

from inferno.i18n import use_language
from inferno.tutorial.session import StepKind, Tutorial
from tests.web.browser_helpers import open_lobby, server_fixture
from tests.web.server_process import ServerProcess
from tests.web.test_browser import browser
from tests.web.test_browser_languages import _game, _in_language, _play_first_option, _wait_my_decision
from tests.web.test_browser_tutorial import CUE, _answers, _step

__all__ = ["browser"]  # the fixture is shared with test_browser

server = server_fixture("played-in-language", bot_delay=0.0, extra=["--max-bot-games", "100"])
# English words that no Catalan or Spanish sentence of the game holds.
ENGLISH = re.compile(r"\b(the|your|you|and|with|Player|Soul|Souls|Graveyard|must|turn)\b")


def _script_in(lang: str) -> list[tuple[str, str]]:
    """Each step's (title, first words of its text), as the core shows them in ``lang``."""
    out: list[tuple[str, str]] = []
    with use_language(lang):
        t = Tutorial.start()
        while t.step is not None:
            out.append((t.step.title, " ".join(t.step.text.split())[:40]))
            if t.step.kind is StepKind.EXPLAIN:
                t.next()
            else:
                t.play(t.step.expected[0])
    return out


def _follow(page: Page) -> None:
    before = _answers(page)
    page.locator(CUE).first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.tutorialAnswers) > {before}", timeout=20_000)


def test_the_whole_tutorial_is_played_in_catalan(server: ServerProcess, browser: Browser) -> None:
    script = _script_in("ca")
    english = _script_in("en")
    page = _in_language(browser, "ca", 1440, 900)
    open_lobby(page, server.url)
    assert page.inner_text("#learn-link") == "Aprèn a jugar"
    page.click("#learn-link")
    page.wait_for_url("**/tutorial")
    page.wait_for_function("() => Number(document.body.dataset.tutorialAnswers || 0) > 0")
    replies: list[str] = []
    while page.evaluate("() => document.body.dataset.tutorial") != "done":
        step = _step(page)
        title, start = script[step]
        assert page.inner_text("#tutorial-title") == title, step
        assert " ".join(page.inner_text("#tutorial-text").split()).startswith(start), step
        assert title != english[step][0] or len(title.split()) == 1, step
        _follow(page)
        replies.append(page.inner_text("#tutorial-reply"))
    assert len(replies) == len(script)
    assert page.inner_text("#tutorial-progress") == f"Tots els {len(script)} passos fets"
    said = [r for r in replies if r.strip()]
    assert said, "the tutorial answered nothing"
    for reply in said:
        assert not ENGLISH.search(reply), reply
    assert not page.errors  # type: ignore[attr-defined]
    page.close()


def test_a_spanish_game_reads_spanish_from_the_server(server: ServerProcess, browser: Browser) -> None:
    game = _game(server, seed=11)
    page = _in_language(browser, "es")
    page.goto(server.url + game["seats"][0]["link"])
    page.wait_for_selector("svg#board .shield")
    for _ in range(4):
        _wait_my_decision(page)
        prompt = page.inner_text("#prompt-text")
        assert prompt and not ENGLISH.search(prompt), prompt
        options = page.locator("#actions button.action").all_inner_texts()
        assert options and not any(ENGLISH.search(o) for o in options), options
        _play_first_option(page)
    log = [" ".join((x or "").split()) for x in page.locator("#log li").all_text_contents()]
    assert log, "no log lines"
    assert any(line.startswith("Partida: partida de 3 jugadores") for line in log), log[:5]
    assert not [line for line in log if ENGLISH.search(line)], log[:10]
    assert not page.errors  # type: ignore[attr-defined]
    page.close()
