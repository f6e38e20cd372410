"""The gate's checks as FastAPI dependencies: every route of a game takes its seat and its allowance from
the gate, in the order the answers always had (a malformed body before the token, a read's allowance
before the token, a spectator's refusal before the action's allowance), with the same words."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

import inferno
from inferno.server.limits import Rate
from tests.web.helpers import create, humans, make_client, tok

ROUTES = Path(inferno.__file__).parent / "server"


def _dependencies(route: APIRoute) -> set[str]:
    names, todo = set(), list(route.dependant.dependencies)
    while todo:
        dep = todo.pop()
        names.add(getattr(dep.call, "__name__", ""))
        todo.extend(dep.dependencies)
    return names


def test_every_route_of_a_game_takes_its_seat_from_a_dependency(client: TestClient) -> None:
    routes = [r for r in client.app.routes if isinstance(r, APIRoute) and r.path.startswith("/api/games/{game_id}")]  # type: ignore[attr-defined]
    assert len(routes) >= 12
    for route in routes:
        assert _dependencies(route), f"{route.path} checks its seat in its handler"
    for module in ("table_routes.py", "lobby_routes.py", "review_routes.py"):
        text = (ROUTES / module).read_text(encoding="utf-8")
        assert "count_read(" not in text and "create_limit" not in text and "allow_action(" not in text, module
        # "Your games" checks each listed game's token in its handler: one request names many games.
        assert text.count("seat_of(") == (module == "lobby_routes.py"), module


def test_a_malformed_body_is_answered_before_the_token_is_checked(client: TestClient) -> None:
    g = create(client, humans(2))
    gid = g["game"]
    for path, body in (("actions", {"version": -1, "action": "done"}), ("undo", {}), ("vote", {"seat": 9})):
        r = client.post(f"/api/games/{gid}/{path}", json=body, headers=tok("wrong"))
        assert r.status_code == 400 and r.json()["error"] == "bad_request", (path, r.text)
    r = client.post("/api/games", json={"seats": []})
    assert r.status_code == 400


def test_the_refusals_keep_their_words(client: TestClient) -> None:
    g = create(client, humans(3))
    gid, spectator = g["game"], g["spectator"]["token"]
    r = client.post(f"/api/games/{gid}/vote", json={"seat": 0}, headers=tok(spectator))
    assert (r.status_code, r.json()["message"]) == (403, "spectators cannot vote")
    r = client.post(f"/api/games/{gid}/reclaim", headers=tok(spectator))
    assert (r.status_code, r.json()["message"]) == (403, "spectators have no seat to take back")
    r = client.get(f"/api/games/{gid}/state", headers=tok("wrong"))
    assert (r.status_code, r.json()["message"]) == (403, "this token opens no seat of this game")
    r = client.get("/api/games/nosuchgame/state", headers=tok("x"))
    assert (r.status_code, r.json()["message"]) == (404, "no such game")


def test_reads_new_games_and_actions_are_limited_with_their_words(db_path: Path) -> None:
    with make_client(db_path, read_rate=Rate(0.001, 3), create_rate=Rate(0.001, 2), action_rate=Rate(0.001, 1)) as c:
        g = create(c, humans(2))
        create(c, humans(2))
        r = c.post("/api/games", json={"seats": humans(2)})
        assert (r.status_code, r.json()["message"]) == (429, "too many new games; wait a little")
        gid, token = g["game"], g["seats"][0]["token"]
        answers = [c.get(f"/api/games/{gid}/board", headers=tok("wrong")) for _ in range(4)]
        assert [a.status_code for a in answers] == [403, 403, 403, 429]  # counted before the token
        assert answers[-1].json()["message"] == "too many requests; slow down"
        c.post(f"/api/games/{gid}/undo", json={"version": 0}, headers=tok(token))  # spends the allowance
        r = c.post(f"/api/games/{gid}/actions", json={"version": 0, "action": "done"}, headers=tok(token))
        assert (r.status_code, r.json()["message"]) == (429, "too many actions; slow down")


def test_every_publication_to_the_seats_passes_through_the_service() -> None:
    """Changes are published by ``GameService.change`` once committed; what changes no stored game (a
    seat's presence, a game loaded with a bot to move, a new game) by ``GameService.publish`` alone."""
    calls = []
    for path in ROUTES.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        calls += [f"{path.name}: {m}" for m in ("on_change(", "hub.changed(", "._changed(") if m in text]
    # storage.py's is the listener of other processes' changes (PostgreSQL's NOTIFY), the way in, not out.
    assert sorted(calls) == ["service.py: on_change(", "storage.py: on_change("], calls
