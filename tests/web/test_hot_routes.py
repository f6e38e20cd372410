"""The lean path of the state read and the action answers exactly as the FastAPI routes do: each request
is sent twice, once as the lean path takes it and once in a form only the routes take (a content type
with a charset, an extra query parameter does not matter), and the answers are compared."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi import FastAPI
from fastapi.testclient import TestClient

from inferno.server import hot_routes
from inferno.server.limits import Rate
from tests.web.helpers import create, humans, make_client, state, tok

ROUTE_ONLY = {"Content-Type": "application/json; charset=utf-8"}  # the lean path leaves it to the route


def _post(c: TestClient, gid: str, body: Any, token: str, lean: bool) -> tuple[int, Any]:
    headers = tok(token) if lean else {**tok(token), **ROUTE_ONLY}
    content = body if isinstance(body, bytes) else None
    r = c.post(f"/api/games/{gid}/actions", json=None if content else body, content=content, headers=headers)
    return r.status_code, r.json()


def test_the_lean_path_takes_only_well_formed_hot_requests() -> None:
    scope = {"type": "http", "path": "/api/games/abc/state", "method": "GET", "headers": [(b"x-inferno-token", b"t")]}
    assert hot_routes.hot(scope) == ("abc", "state", "t")
    assert hot_routes.hot({**scope, "method": "HEAD"}) is None
    assert hot_routes.hot({**scope, "path": "/api/games/abc/board"}) is None
    assert hot_routes.hot({**scope, "headers": []}) is None
    assert hot_routes.hot({**scope, "headers": [(b"x-inferno-token", b"t" * 65)]}) is None
    post = {**scope, "path": "/api/games/abc/actions", "method": "POST"}
    assert hot_routes.hot(post) is None  # no JSON content type
    assert hot_routes.hot({**post, "headers": [*post["headers"], (b"content-type", b"application/json")]})
    assert hot_routes._move(b'{"version": 3, "action": "done"}') == (3, "done")
    for bad in (
        b"[]",
        b"{",
        b'{"version": "3", "action": "done"}',
        b'{"version": true, "action": "x"}',
        b'{"version": -1, "action": "x"}',
        b'{"version": 1, "action": ""}',
        b'{"version": 1}',
        b'{"version": 1, "action": "x", "more": 1}',
        b'{"version": 1, "action": "' + b"x" * 81 + b'"}',
    ):
        assert hot_routes._move(bad) is None, bad


def test_state_reads_answer_as_the_route_does(client: TestClient) -> None:
    g = create(client, humans(3), seed=4)
    gid = g["game"]
    for token in [g["spectator"]["token"], *(s["token"] for s in g["seats"]), "wrong", ""]:
        lean = client.get(f"/api/games/{gid}/state", headers=tok(token))
        route = client.get(f"/api/games/{gid}/state", headers={**tok(token), "X-Inferno-Token": token + "x" * 65})
        assert route.status_code == 400  # an oversized token is the route's to refuse
        if token:
            again = client.get(f"/api/games/{gid}/state?x=1", headers=tok(token))
            assert (lean.status_code, lean.json()) == (again.status_code, again.json())
        assert lean.headers["content-security-policy"]  # inside the security headers
    missing = client.get("/api/games/nosuch/state", headers=tok("t"))
    assert (missing.status_code, missing.json()["message"]) == (404, "no such game")


def test_actions_answer_as_the_route_does(tmp_path: Path) -> None:
    """The same games played twice, every action once by the lean path and once by the route: the same
    answers, refusals included, and the same states."""
    answers: dict[bool, list[Any]] = {}
    for lean in (True, False):
        with make_client(tmp_path / f"{lean}.db", action_rate=Rate(1000, 1000), read_rate=Rate(1e4, 1e4)) as c:
            g = create(c, humans(3), seed=8)
            gid, tokens = g["game"], [s["token"] for s in g["seats"]]
            rng, got = random.Random(3), []
            for _ in range(25):
                spec = state(c, gid, g["spectator"]["token"])
                p = spec["pending"]["player"]
                snap = state(c, gid, tokens[p])
                other = tokens[(p + 1) % 3]
                text = rng.choice(snap["legal"])["text"]
                got.append(_post(c, gid, {"version": snap["version"], "action": text}, other, lean))  # not your turn
                got.append(_post(c, gid, {"version": snap["version"] + 1, "action": text}, tokens[p], lean))  # stale
                got.append(_post(c, gid, {"version": snap["version"], "action": "fly"}, tokens[p], lean))  # malformed
                got.append(_post(c, gid, {"version": snap["version"], "action": text}, "wrong", lean))
                got.append(_post(c, gid, {"version": snap["version"], "action": text}, g["spectator"]["token"], lean))
                got.append(_post(c, gid, {"version": snap["version"], "action": text}, tokens[p], lean))
                got.append(state(c, gid, tokens[p])["state"])
            answers[lean] = got
    assert answers[True] == answers[False]
    statuses = {a[0] for a in answers[True] if isinstance(a, tuple)}
    assert statuses == {200, 400, 403, 409}, statuses  # 400: "fly" is no action at all


def test_the_action_allowance_is_spent_alike_on_both_paths(db_path: Path) -> None:
    with make_client(db_path, action_rate=Rate(0.001, 2)) as c:
        g = create(c, humans(2))
        gid, token = g["game"], g["seats"][0]["token"]
        answers = [_post(c, gid, {"version": 99, "action": "done"}, token, lean) for lean in (True, False, True)]
        assert [a[0] for a in answers] == [409, 409, 429]
        assert answers[2][1]["message"] == "too many actions; slow down"


def test_the_lean_path_answers_in_front_of_the_framework(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A well-formed state read and action never enter FastAPI's stack (routing, dependencies, middleware
    layers); a malformed action body does, with its body as it came."""
    entered: list[str] = []
    framework = FastAPI.__call__

    async def counted(self: FastAPI, scope: Any, receive: Any, send: Any) -> None:
        entered.append(scope["path"])
        await framework(self, scope, receive, send)

    g = create(client, humans(2), seed=5)
    gid, tokens = g["game"], [s["token"] for s in g["seats"]]
    monkeypatch.setattr(FastAPI, "__call__", counted)
    snap = state(client, gid, tokens[0])
    p = snap["pending"]["player"]
    snap = state(client, gid, tokens[p])
    assert (
        _post(client, gid, {"version": snap["version"], "action": snap["legal"][0]["text"]}, tokens[p], True)[0] == 200
    )
    assert entered == []
    assert _post(client, gid, b"{", tokens[p], True)[0] == 400
    assert entered == [f"/api/games/{gid}/actions"]


def test_lean_answers_carry_the_headers_and_the_players_language(client: TestClient) -> None:
    """The layers the lean path skips still shape its answers: the security headers, the player's language."""
    g = create(client, humans(2), seed=5)
    gid, token = g["game"], g["seats"][0]["token"]
    got = {}
    for lean, lang in ((True, "es"), (False, "es"), (True, "en")):
        headers = {**tok(token), "Accept-Language": lang, **({} if lean else ROUTE_ONLY)}
        r = client.post(f"/api/games/{gid}/actions", json={"version": 99, "action": "done"}, headers=headers)
        assert r.status_code == 409
        assert r.headers["content-security-policy"].startswith("default-src 'self'")
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["content-type"] == "application/json"
        got[lean, lang] = r.json()
    assert got[True, "es"] == got[False, "es"]
    assert got[True, "es"]["message"] != got[True, "en"]["message"]
    wrong = client.get(f"/api/games/{gid}/state", headers={**tok("wrong"), "Accept-Language": "es"})
    assert wrong.status_code == 403
    assert wrong.json()["message"] == "esta clave no abre ningún puesto de esta partida"


def test_the_lean_path_refuses_an_oversized_body_as_the_limit_does(db_path: Path) -> None:
    with make_client(db_path, max_body_bytes=64) as c:
        g = create(c, humans(2))
        gid, token = g["game"], g["seats"][0]["token"]
        big = {"version": 0, "action": "x" * 70}
        for lean in (True, False):
            assert _post(c, gid, big, token, lean) == (
                413,
                {"error": "bad_request", "message": "request body too large"},
            )
            headers = {**tok(token), **({} if lean else ROUTE_ONLY)}
            r = c.post(f"/api/games/{gid}/actions", json=big, headers=headers)
            assert r.headers["content-security-policy"].startswith("default-src 'self'")


def test_an_unexpected_error_on_the_lean_path_changes_nothing_and_says_so(
    db_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    with make_client(db_path) as c:
        g = create(c, humans(2), seed=5)
        gid, token = g["game"], g["seats"][0]["token"]
        snap = state(c, gid, token)
        service = c.app.state.service  # type: ignore[attr-defined]

        def broken(*_: Any) -> None:
            raise RuntimeError("boom")

        monkeypatch.setattr(service, "act_now", broken)
        p = snap["pending"]["player"]
        token = g["seats"][p]["token"]
        snap = state(c, gid, token)
        answer = _post(c, gid, {"version": snap["version"], "action": snap["legal"][0]["text"]}, token, True)
        assert answer == (500, {"error": "internal", "message": "internal error; nothing was changed"})
        assert "unexpected error" in caplog.text
        assert state(c, gid, token)["version"] == snap["version"]
