"""The player's language on the server: chosen per request and per live connection (the cookie, then the
``lang`` query parameter, then ``Accept-Language``, then English), every text rendered for it in that
language (two seats of one game each in their own), and the browser's catalogs at ``/i18n/{lang}.json``."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from inferno.i18n import LANGUAGES, PSEUDO, WEB, pseudo, use_language
from inferno.server import clocks
from inferno.server.connections import FULL, TOO_MANY_FROM_YOU, words
from inferno.server.i18n_routes import catalog_json, language_of, request_language
from inferno.server.seats import shown_name
from tests.web.helpers import create, humans, tok


def _until(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(20):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def _headers(cookie: str = "", accept: str = "") -> list[tuple[bytes, bytes]]:
    out = []
    if cookie:
        out.append((b"cookie", cookie.encode()))
    if accept:
        out.append((b"accept-language", accept.encode()))
    return out


@pytest.mark.parametrize(
    ("cookie", "query", "accept", "expected"),
    [
        ("inferno_lang=ca", "lang=it", "es-ES,es;q=0.9", "ca"),  # the cookie first
        ("theme=dark; inferno_lang=it", "", "es", "it"),  # among other cookies
        ("inferno_lang=xx", "lang=it", "es", "it"),  # an unknown cookie: the query
        ("", "lang=es&x=1", "it", "es"),
        ("", "lang=fr", "it-IT,it;q=0.9,en;q=0.5", "it"),  # an unknown query: Accept-Language
        ("", "", "fr-FR, ca;q=0.7, es;q=0.8", "es"),  # by weight
        ("", "", "fr, de", "en"),  # nothing known: English
        ("", "", "", "en"),
        ("inferno_lang=qps", "", "", PSEUDO),  # the pseudo language, for layout tests
        ("inferno_lang=\x7f;;=", "", "ca", "ca"),  # a broken cookie header counts for nothing
    ],
)
def test_a_requests_language_is_its_cookie_then_its_query_then_accept_language(
    cookie: str, query: str, accept: str, expected: str
) -> None:
    assert language_of(_headers(cookie, accept), query.encode()) == expected
    head = f"GET /x?{query} HTTP/1.1\r\nHost: a\r\nCookie: {cookie}\r\nAccept-Language: {accept}\r\n\r\n"
    assert request_language(head.encode("latin-1")) == expected


def test_each_request_reads_the_game_in_its_language(client: TestClient) -> None:
    g = create(client, humans(2), seed=3)
    gid, token = g["game"], g["seats"][0]["token"]
    url = f"/api/games/{gid}/state"

    def names(**kw: Any) -> list[str]:
        r = client.get(url, headers={**tok(token), **kw.pop("headers", {})}, **kw)
        assert r.status_code == 200, r.text
        return [s["name"] for s in r.json()["seats"]]

    assert names() == ["Player 1", "Player 2"]
    assert names(headers={"Accept-Language": "es-ES,es;q=0.9"}) == ["Jugador 1", "Jugador 2"]
    assert names(params={"lang": "it"}, headers={"Accept-Language": "es"}) == ["Giocatore 1", "Giocatore 2"]
    assert names(headers={"Cookie": "inferno_lang=ca", "Accept-Language": "es"}) == ["Jugador 1", "Jugador 2"]
    assert names(headers={"Cookie": "inferno_lang=qps"}) == [pseudo("Player {number}").format(number=n) for n in (1, 2)]
    assert names() == ["Player 1", "Player 2"]  # each language's view is kept apart: English is English again


def test_two_live_connections_to_one_game_each_receive_their_own_language(client: TestClient) -> None:
    g = create(client, [{"kind": "human"}, {"kind": "human"}], seed=3)
    gid = g["game"]
    with (
        client.websocket_connect(f"/api/games/{gid}/ws", headers={"Accept-Language": "es"}) as es,
        client.websocket_connect(f"/api/games/{gid}/ws?lang=en") as en,
    ):
        es.send_json({"token": g["seats"][0]["token"]})
        en.send_json({"token": g["seats"][1]["token"]})
        mine, theirs = _until(es, "state")["data"], _until(en, "state")["data"]
        assert [s["name"] for s in mine["seats"]] == ["Jugador 1", "Jugador 2"]
        assert [s["name"] for s in theirs["seats"]] == ["Player 1", "Player 2"]
        # A move: each connection is sent the new version in its own words.
        es.send_json({"type": "act", "action": mine["legal"][0]["text"], "version": mine["version"], "id": 1})
        mine = _until(es, "state")["data"]
        theirs = _until(en, "state")["data"]
        assert mine["version"] == theirs["version"]
        assert [s["name"] for s in mine["seats"]] == ["Jugador 1", "Jugador 2"]
        assert [s["name"] for s in theirs["seats"]] == ["Player 1", "Player 2"]
        assert mine["log"] and theirs["log"]
        # Refusals come in each connection's language too.
        es.send_json({"type": "bogus"})
        en.send_json({"type": "bogus"})
        said_es, said_en = _until(es, "error")["message"], _until(en, "error")["message"]
        assert said_es.startswith("mensaje desconocido; envía") and '"type": "act"' in said_es
        assert said_en.startswith("unknown message; send")


def test_a_live_refusal_before_the_seat_is_known_is_in_the_connections_language(client: TestClient) -> None:
    g = create(client, humans(2), seed=3)
    with client.websocket_connect(f"/api/games/{g['game']}/ws", headers={"Cookie": "inferno_lang=it"}) as ws:
        ws.send_json({"token": "not-a-token"})
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["message"] == "questo codice non apre nessun posto di questa partita"


def test_refusals_are_answered_in_the_players_language(client: TestClient) -> None:
    g = create(client, humans(2), seed=3)
    gid = g["game"]
    second = g["seats"][1]["token"]
    snap = client.get(f"/api/games/{gid}/state", headers=tok(g["seats"][0]["token"])).json()
    move = {"version": snap["version"], "action": snap["legal"][0]["text"]}
    # The hot route (lean path) and the app's routes alike.
    r = client.post(f"/api/games/{gid}/actions", json=move, headers={**tok(second), "Accept-Language": "es"})
    assert r.status_code == 409 and r.json()["message"] == "Ahora decide el Jugador 1"
    r = client.post(f"/api/games/{gid}/actions", json=move, headers=tok(second))
    assert r.status_code == 409 and r.json()["message"] == "Player 1 decides now"
    r = client.get("/api/games/nosuchgame/state", headers={**tok(second), "Cookie": "inferno_lang=ca"})
    assert r.status_code == 404 and r.json()["message"] == "aquesta partida no existeix"
    r = client.post(
        f"/api/games/{gid}/undo", json={"version": snap["version"]}, headers={**tok(second), "Accept-Language": "it"}
    )
    assert r.status_code == 409 and "si possono annullare solo" in r.json()["message"]
    r = client.post(f"/api/games/{gid}/vote", json={"seat": 0}, headers={**tok(second), "Accept-Language": "es"})
    assert r.status_code == 400 and r.json()["message"].startswith("Jugador 1 sigue en la mesa; la votación")
    spectator = g["spectator"]["token"]
    r = client.post(f"/api/games/{gid}/reclaim", headers={**tok(spectator), "Accept-Language": "es"})
    assert r.status_code == 403 and r.json()["message"] == "los espectadores no tienen puesto que recuperar"


def test_the_catalog_route_gives_the_browsers_texts(client: TestClient) -> None:
    r = client.get("/i18n/es.json")
    assert r.status_code == 200 and "max-age" in r.headers["cache-control"]
    body = r.json()
    assert body["lang"] == "es" and body["name"] == "Español" and body["languages"] == LANGUAGES
    assert body["messages"] == WEB.catalog("es")
    assert client.get("/i18n/en.json").json()["messages"] == {}
    qps = client.get("/i18n/qps.json").json()
    assert qps["lang"] == PSEUDO and set(qps["messages"]) == set(WEB.catalog("es"))
    for msgid, value in qps["messages"].items():
        assert value == pseudo(msgid) or (isinstance(value, list) and value[0] == pseudo(msgid))
    r = client.get("/i18n/xx.json", headers={"Accept-Language": "es"})
    assert r.status_code == 404 and r.json()["error"] == "not_found"
    assert r.json()["message"].startswith("no existe el idioma xx")
    assert client.get("/i18n/xx.json").json()["message"].startswith("no such language: xx")


def test_the_pseudo_catalog_names_every_plural_form(monkeypatch: pytest.MonkeyPatch) -> None:
    from inferno.server import i18n_routes

    monkeypatch.setattr(WEB, "catalog", lambda lang: {"{n} Soul": ["{n} Alma", "{n} Almas"], "Undo": "Deshacer"})
    monkeypatch.setattr(i18n_routes, "_plural_ids", lambda domain, lang: {"{n} Soul": "{n} Souls"})
    catalog_json.cache_clear()
    try:
        import orjson

        got = orjson.loads(catalog_json(PSEUDO))["messages"]
    finally:
        catalog_json.cache_clear()
    assert got == {"{n} Soul": [pseudo("{n} Soul"), pseudo("{n} Souls")], "Undo": pseudo("Undo")}


def test_default_seat_names_and_table_notes_are_read_in_the_readers_words() -> None:
    stored = clocks.TAKEOVER.format(why=clocks.TIMED_OUT, bot="greedy")
    assert clocks.note_text(stored) == stored
    with use_language("es"):
        assert (
            clocks.note_text(stored)
            == "se quedó sin tiempo; el bot greedy juega este puesto hasta que su jugador lo recupere"
        )
        assert clocks.note_text(clocks.RECLAIM) == "ha vuelto y recupera su puesto del bot"
        assert clocks.note_text("a note of no known form") == "a note of no known form"
        assert shown_name("Player 3") == "Jugador 3"
        assert shown_name("greedy bot 2") == "bot greedy 2"
        assert shown_name("Beatrice") == "Beatrice"
    with use_language("it"):
        assert clocks.note_text(clocks.TAKEOVER.format(why=clocks.VOTED_OUT, bot="hard")).startswith(
            "ha lasciato il tavolo, per voto degli altri giocatori; il bot hard gioca"
        )


def test_a_refused_connection_is_told_why_in_the_language_of_its_request() -> None:
    head = b"GET / HTTP/1.1\r\nHost: x\r\nAccept-Language: ca\r\n\r\n"
    assert words((FULL, {}), head) == "el servidor està ple; torna-ho a provar d'aquí a un minut"
    assert words((FULL, {})) == "the server is full; try again in a minute"
    assert words((TOO_MANY_FROM_YOU, {"most": 6}), b"GET /?lang=it HTTP/1.1\r\n\r\n").endswith(
        "(al massimo 6); chiudine alcune"
    )


def test_a_hint_worker_reads_its_words_in_the_askers_language() -> None:
    from inferno.i18n import language
    from inferno.server.botpool import in_language

    assert in_language("it", lambda: (language(), 0.0)) == ("it", 0.0)
    assert language() == "en"


def test_a_review_is_sent_in_each_readers_words() -> None:
    """A review is worked out once (in English) and read in each reader's language."""
    from pathlib import Path

    from inferno.review.game import GameReview
    from inferno.server.review_routes import _review_words

    rv = GameReview.load(Path(__file__).resolve().parent.parent / "review" / "data" / "review_v1.json")
    english = _review_words(rv)["decisions"]
    with use_language("es"):
        spanish = _review_words(rv)["decisions"]
    assert [d["grade"] for d in spanish] == [d["grade"] for d in english]  # the grades' ids stay
    assert {d["grade_words"] for d in spanish} >= {"buena", "error grave"}
    reasons = [d["reason"] for d in spanish if d["reason"]]
    assert reasons and all(r.startswith("mejor ") for r in reasons)
    cards = [h for d in spanish for h in d["hidden_cards"]]
    assert cards and all(h.startswith("El Jugador 1 tiene") for h in cards)
    assert [d["reason"] for d in english] == [d.reason for d in rv.decisions]


def test_log_lines_name_their_board_places_in_every_language(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line's board places are read from the engine's English text, whatever language it is shown in."""
    import random

    from inferno.server import views
    from tests.web.helpers import play

    monkeypatch.setattr(views, "_event_words", lambda: pseudo)  # stands for the log's translation
    views._event_json.cache_clear()
    g = create(client, humans(3), seed=5)
    play(client, g, 12, random.Random(1))
    url, spectator = f"/api/games/{g['game']}/state", tok(g["spectator"]["token"])
    english = client.get(url, headers=spectator).json()["log"]
    spanish = client.get(url, headers={**spectator, "Accept-Language": "es"}).json()["log"]
    views._event_json.cache_clear()
    assert [x["places"] for x in spanish] == [x["places"] for x in english]
    assert any(x["places"] for x in english)
    events = [(x, y) for x, y in zip(english, spanish, strict=True) if x.get("source") != "table"]
    assert all(y["text"] == pseudo(x["text"]) for x, y in events)
