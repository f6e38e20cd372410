"""The browser API with the P&P expansion: 5 seats, Plutus and Phlegyas chosen in the lobby, Desks and
Bells in every seat's view, games kept across a restart, clear refusals for impossible combinations."""

from __future__ import annotations

import random
from pathlib import Path

from fastapi.testclient import TestClient

from tests.web.helpers import humans, make_client, play, state


def _create(c: TestClient, n: int, modules: list[str]) -> dict[str, object]:
    r = c.post("/api/games", json={"seats": humans(n), "seed": 3, "modules": modules})
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_five_seats_with_both_modules_show_desks_and_bells(client: TestClient, db_path: Path) -> None:
    g = _create(client, 5, ["plutus", "phlegyas"])
    gid = str(g["game"])
    seats = g["seats"]
    assert isinstance(seats, list) and len(seats) == 5
    snap = state(client, gid, seats[0]["token"])
    assert snap["state"]["config"]["modules"] == ["plutus", "phlegyas"] and snap["state"]["config"]["players"] == 5
    board = client.get(f"/api/games/{gid}/board", headers={"X-Inferno-Token": seats[0]["token"]}).json()
    assert board["codes"]["hell"]["desk"] == 50
    pnp = snap["state"]["pnp"]
    assert len(pnp["bells"]) == 5 and len(pnp["desks"]) == 5
    done = play(client, g, 120, random.Random(1))  # type: ignore[arg-type]
    assert len(done) == 120
    with make_client(db_path) as again:  # a restarted server rebuilds the game with its modules
        after = state(again, gid, seats[0]["token"])
        assert after["state"]["config"]["modules"] == ["plutus", "phlegyas"] and after["version"] == 120


def test_impossible_combinations_are_refused_in_words(client: TestClient) -> None:
    r = client.post("/api/games", json={"seats": humans(5), "seed": 1})
    assert r.status_code == 400 and "5-player game needs the P&P expansion" in r.text
    r = client.post("/api/games", json={"seats": humans(3), "modules": ["charon"]})
    assert r.status_code in (400, 422)
    r = client.post("/api/games", json={"seats": humans(6), "modules": ["plutus"]})
    assert r.status_code in (400, 422)
