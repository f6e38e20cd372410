"""The browser client in the player's language, in real Chromium: a game played in Spanish and one in Italian
(the page's own texts, its prompts and log frame read in that language, no English left of them), the
language switch kept across reloads (and told to the server as the cookie), and the pseudo language
(``?lang=qps``: accented and 40% longer) laid out at the desktop sizes without overflow or clipping."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.web.browser_helpers import create_game, open_lobby, page_version, server_fixture
from tests.web.server_process import ServerProcess
from tests.web.test_browser import _page, browser
from tests.web.test_browser_layout import DESKTOPS

__all__ = ["browser"]  # the fixture is shared with test_browser

server = server_fixture("languages", bot_delay=0.0, extra=["--max-bot-games", "100"])

# Texts of the page's own frame (the web catalog), as English shows them.
ENGLISH_CHROME = ("Undo", "Reload state", "Zoom board", "Legal actions", "Game log", "Player boards", "Settings")

# Per language: the words the frame must show.
EXPECTED: dict[str, dict[str, str]] = {
    "es": {
        "undo": "Deshacer",
        "log": "Registro de la partida",
        "actions": "Acciones posibles",
        "boards": "Tableros de jugador",
        "turn": "Turno",
        "yours": "Tu turno",
        "title": "Tu turno — Inferno",
        "infamy": "Infamia",
        "hell": "Infierno",
        "lobby": "Nueva partida",
    },
    "it": {
        "undo": "Annulla mossa",
        "log": "Registro della partita",
        "actions": "Azioni possibili",
        "boards": "Plance dei giocatori",
        "turn": "Turno",
        "yours": "Tocca a te",
        "title": "Tocca a te — Inferno",
        "infamy": "Infamia",
        "hell": "Inferno",
        "lobby": "Nuova partita",
    },
}


def _in_language(browser: Browser, lang: str, width: int = 1400, height: int = 1000) -> Page:
    page = _page(browser, width, height)
    page.add_init_script(f"localStorage.setItem('inferno.lang', '{lang}')")
    return page


def _game(server: ServerProcess, seed: int = 5) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    return create_game(server.url, {"seats": seats, "seed": seed})


def _wait_my_decision(page: Page) -> None:
    page.wait_for_function("() => document.title.startsWith('▶')", timeout=30_000)
    page.wait_for_selector("#actions button.action")


def _play_first_option(page: Page) -> None:
    before = page_version(page)
    page.locator("#actions button.action").first.click()
    page.wait_for_function(f"() => document.body.dataset.version !== '{before}'", timeout=20_000)


@pytest.mark.parametrize("lang", ["es", "it"])
def test_a_game_played_in_spanish_and_in_italian(server: ServerProcess, browser: Browser, lang: str) -> None:
    words = EXPECTED[lang]
    g = _game(server)
    page = _in_language(browser, lang)
    page.goto(server.url + g["seats"][0]["link"])
    page.wait_for_selector("svg#board .shield")
    assert page.evaluate("() => document.documentElement.lang") == lang
    for _ in range(4):  # several moves through the page, each redrawing prompt, log and boards
        _wait_my_decision(page)
        _play_first_option(page)
    _wait_my_decision(page)
    assert page.inner_text("#undo") == words["undo"]
    assert page.inner_text("#log-panel summary") == words["log"]
    assert page.inner_text("#actions-panel summary") == words["actions"]
    assert page.inner_text("#boards-panel summary") == words["boards"]
    assert page.inner_text("#prompt-text").startswith(words["turn"] + " ")
    assert words["yours"] in page.inner_text("#prompt-text")
    assert page.title() == "▶ " + words["title"]
    assert words["infamy"] in page.inner_text("#scorebar")
    assert words["hell"] == page.text_content("svg#board .hell .area-title")
    assert page.locator("#log li").count() > 0
    assert page.get_attribute("#board", "aria-label") != "Game board"
    side = page.inner_text(".side-col") + page.inner_text("#top")
    for english in ENGLISH_CHROME:
        assert english not in side, english
    assert "Turn " not in page.inner_text("#prompt-text") and "Your turn" not in side
    # The switch names the page's language in itself, and the server was told through the cookie.
    assert page.locator("#lang-select").input_value() == lang
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies.get("inferno_lang") == lang
    assert not page.errors  # type: ignore[attr-defined]
    page.close()


def test_the_language_switch_is_kept_across_reloads(server: ServerProcess, browser: Browser) -> None:
    page = _page(browser)
    open_lobby(page, server.url)
    assert page.inner_text("#lobby h1") == "New game"
    assert page.evaluate("() => document.documentElement.lang") == "en"
    names = page.locator("#lang-select option").all_inner_texts()
    assert names == ["English", "Español", "Italiano", "Català"]  # each language named in itself
    with page.expect_navigation():
        page.select_option("#lang-select", "ca")
    page.wait_for_selector("body[data-lobby=ready]")
    assert page.inner_text("#lobby h1") == "Partida nova"
    assert page.inner_text("#create") == "Crea la partida"
    assert page.evaluate("() => localStorage.getItem('inferno.lang')") == "ca"
    page.reload()
    page.wait_for_selector("body[data-lobby=ready]")
    assert page.inner_text("#lobby h1") == "Partida nova"
    assert page.evaluate("() => document.documentElement.lang") == "ca"
    assert page.locator("#lang-select").input_value() == "ca"
    cookie = page.evaluate("() => document.cookie")
    assert "inferno_lang=ca" in cookie
    # At the table the choice holds too, and switching there reloads the game in the new language.
    g = _game(server, seed=11)
    page.goto(server.url + g["seats"][0]["link"])
    page.wait_for_selector("#actions button.action", timeout=30_000)
    assert page.inner_text("#undo") == "Desfés"
    with page.expect_navigation():
        page.select_option("#lang-select", "es")
    page.wait_for_selector("#actions button.action", timeout=30_000)
    assert page.inner_text("#undo") == "Deshacer"
    assert "/game/" in page.url and "#" in page.url  # the same seat's page
    with page.expect_navigation():
        page.select_option("#lang-select", "en")
    page.wait_for_selector("#actions button.action", timeout=30_000)
    assert page.inner_text("#undo") == "Undo"
    assert not page.errors  # type: ignore[attr-defined]
    page.close()


def test_the_browser_catalog_route(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url) as c:
        es = c.get("/i18n/es.json").json()
        assert es["lang"] == "es" and es["languages"]["it"] == "Italiano"
        assert es["messages"]["Undo"] == "Deshacer"
        assert es["messages"]["{n} Florin"] == ["{n} florín", "{n} florines"]
        qps = c.get("/i18n/qps.json").json()
        assert all("~" in (v if isinstance(v, str) else v[0]) for v in qps["messages"].values())
        assert c.get("/i18n/xx.json").status_code == 404


# Elements whose text must show whole: buttons, headings, summaries, labels, the prompt.
CLIPPED = """() => {
  const out = [];
  const sel = "button:not([hidden]), summary, h1, h2, h3, label, #prompt-text, #turn-info, #status, .score";
  for (const n of document.querySelectorAll(sel)) {
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const cs = getComputedStyle(n);
    if (cs.overflow === "visible" && cs.textOverflow !== "ellipsis") {
      if (r.right > innerWidth + 0.5) out.push(["off-screen", n.id || n.tagName, n.textContent.slice(0, 40)]);
      continue;
    }
    if (n.scrollWidth > n.clientWidth + 1) out.push(["clipped", n.id || n.tagName, n.textContent.slice(0, 40)]);
  }
  return out;
}"""


@pytest.mark.parametrize(("width", "height"), DESKTOPS)
def test_the_pseudo_language_fits_at_desktop_sizes(
    server: ServerProcess, browser: Browser, width: int, height: int
) -> None:
    g = _game(server, seed=7)
    page = _page(browser, width, height)
    path, token = g["seats"][0]["link"].split("#")
    page.goto(f"{server.url}{path}?lang=qps#{token}")
    page.wait_for_selector("svg#board .shield")
    _wait_my_decision(page)
    assert "~" in page.inner_text("#undo") and "~" in page.inner_text("#log-panel summary")
    # The server's texts too (the options in words, the game log): the pseudo language is told to it.
    assert "~" in page.locator("#actions button.action").first.inner_text()
    assert "~" in (page.locator("#log li").first.text_content() or "")
    size = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert size[0] <= width, (size, width)  # nothing pushes the page sideways
    assert page.evaluate(CLIPPED) == []
    # The lobby too.
    page.goto(server.url + "/?lang=qps")
    page.wait_for_selector("body[data-lobby=ready]")
    assert "~" in page.inner_text("#lobby h1")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert page.evaluate(CLIPPED) == []
    assert not page.errors  # type: ignore[attr-defined]
    page.close()


def test_the_tutorial_page_in_catalan(server: ServerProcess, browser: Browser) -> None:
    page = _in_language(browser, "ca")
    page.goto(server.url + "/tutorial")
    page.wait_for_selector("#tutorial-title:not(:empty)", timeout=30_000)
    assert page.evaluate("() => document.documentElement.lang") == "ca"
    assert page.title() == "Aprèn a jugar — Inferno"
    assert page.inner_text(".tutorial-badge") == "Aprèn a jugar"
    assert page.inner_text("#tutorial-progress").startswith("Pas 1 de ")
    assert page.inner_text("#tutorial-restart") == "Torna a començar"
    assert page.inner_text("#actions-panel summary") == "Les teves opcions"
    assert page.locator("#lang-select").input_value() == "ca"
    assert not page.errors  # type: ignore[attr-defined]
    page.close()
