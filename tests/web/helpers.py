"""Small helpers shared by the web tests: create games and play legal moves through the HTTP API."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from inferno.server.app import create_app
from inferno.server.settings import ServerSettings


def make_client(db: Path | str, **kw: Any) -> TestClient:
    """An in-process client of a fresh app on the SQLite file ``db`` or the database URL ``db`` (bots
    move without delay unless ``bot_delay`` is given)."""
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    return TestClient(create_app(ServerSettings(**{"database_url": url, "bot_delay": 0.0, **kw})))


Http = Any  # fastapi's TestClient or an httpx.Client: both have .get and .post


def create(c: Http, seats: list[dict[str, str]], seed: int | None = 7) -> dict[str, Any]:
    r = c.post("/api/games", json={"seats": seats, "seed": seed})
    assert r.status_code == 200, r.text
    return dict(r.json())


def humans(n: int) -> list[dict[str, str]]:
    return [{"kind": "human"} for _ in range(n)]


def tok(token: str) -> dict[str, str]:
    return {"X-Inferno-Token": token}


def state(c: Http, game: str, token: str) -> dict[str, Any]:
    r = c.get(f"/api/games/{game}/state", headers=tok(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def human_to_move(c: Http, g: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The token and state of the human seat of game ``g`` whose decision it is."""
    for s in g["seats"]:
        if s.get("token"):
            snap = state(c, g["game"], s["token"])
            if snap["pending"] and snap["pending"]["player"] == snap["seat"]:
                return s["token"], snap
    raise AssertionError("no human to move")


def play(c: Http, g: dict[str, Any], moves: int, rng: random.Random) -> list[str]:
    """Play ``moves`` random legal actions, each by the seat whose decision it is; returns their texts."""
    tokens = {s["seat"]: s["token"] for s in g["seats"] if "token" in s}
    done = []
    for _ in range(moves):
        spec = state(c, g["game"], g["spectator"]["token"])
        if spec["pending"] is None:
            break
        seat = spec["pending"]["player"]
        snap = state(c, g["game"], tokens[seat])
        text = rng.choice(snap["legal"])["text"]
        r = c.post(
            f"/api/games/{g['game']}/actions",
            json={"version": snap["version"], "action": text},
            headers=tok(tokens[seat]),
        )
        assert r.status_code == 200, r.text
        done.append(text)
    return done


def wait_for(pred: Any, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        time.sleep(0.05)


def whole_log(prev: dict[str, Any] | None, data: dict[str, Any]) -> dict[str, Any]:
    """A live connection's state message with its log made whole again, as the browser does: a message
    with ``log_from`` carries only the lines from that index on, continuing ``prev`` (the last state)."""
    if "log_from" not in data:
        return data
    assert prev is not None and prev["log_total"] >= data["log_from"], "a gap in the live log"
    first = prev["log_total"] - len(prev["log"])
    out = {k: v for k, v in data.items() if k != "log_from"}
    out["log"] = prev["log"][: max(0, data["log_from"] - first)] + data["log"]
    return out
