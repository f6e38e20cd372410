""" "Why can't I?" over HTTP: GET /api/games/{id}/why answers for the asking seat's own view, with the
rulebook reference (rulebook p.11-15), and never names another seat's hidden cards."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.helpers import create, humans, state, tok


def _why(client: TestClient, gid: str, token: str, **params: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/why", params=params, headers=tok(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def _game(client: TestClient) -> tuple[str, list[str], int, dict[str, Any]]:
    g = create(client, humans(2))
    gid = g["game"]
    tokens = [s["token"] for s in g["seats"]]
    snap = state(client, gid, tokens[0])
    return gid, tokens, snap["pending"]["player"], snap


def test_why_an_action_is_not_legal_with_its_rule(client: TestClient) -> None:
    gid, tokens, p, _snap = _game(client)
    d = _why(client, gid, tokens[p], action="accuse bank noble")
    [a] = d["answers"]
    assert a["legal"] is False and a["why"] == "wrong_step" and a["rule"] == "rulebook p.14-15"
    assert "you accuse only in the Florence phase" in d["text"]


def test_why_a_clicked_place_and_a_legal_action(client: TestClient) -> None:
    gid, tokens, p, snap = _game(client)
    d = _why(client, gid, tokens[p], target="gate:0")
    assert "at the BONFIRE" in d["text"] and d["answers"][0]["legal"] is False
    legal = snap["legal"][0]["text"]
    assert _why(client, gid, tokens[p], action=legal)["answers"][0]["legal"] is True
    assert "not your turn" in _why(client, gid, tokens[1 - p], action=legal)["text"]
    assert "you must move one Soul" in _why(client, gid, tokens[p])["text"]


def test_why_never_tells_who_holds_a_card(client: TestClient) -> None:
    gid, tokens, p, _snap = _game(client)
    other = state(client, gid, tokens[1 - p])["state"]["players"][1 - p]["hand"][0]
    held = _why(client, gid, tokens[p], target=f"card:{other}")["text"]
    assert "Player" not in held and "hand" not in held.replace("your hand", "")


def test_why_refuses_bad_targets_and_needs_a_token(client: TestClient) -> None:
    gid, tokens, p, _snap = _game(client)
    r = client.get(f"/api/games/{gid}/why", params={"target": "shield:x"}, headers=tok(tokens[p]))
    assert r.status_code == 400 and "board place" in r.json()["message"]
    assert client.get(f"/api/games/{gid}/why", params={"action": "done"}).status_code == 403
