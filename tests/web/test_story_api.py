"""``GET /api/games/{id}/story``: the end screen's story from the engine, its sums against the game's
result for bot games of 2, 4 and 5 players (P&P) and solo, with the seats' names; refused before the end."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.helpers import create, humans, state, tok, wait_for


def _finished(client: TestClient, body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    g = r.json()
    spec = g["spectator"]["token"]
    wait_for(lambda: state(client, g["game"], spec)["result"] is not None, timeout=120)
    return g, state(client, g["game"], spec)


def _bots(n: int) -> list[dict[str, str]]:
    return [{"kind": "bot", "bot": "random", "name": f"Bot {i + 1}"} for i in range(n)]


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({"seats": _bots(2), "seed": 11}, id="2p"),
        pytest.param({"seats": _bots(4), "seed": 4}, id="4p"),
        pytest.param({"seats": _bots(5), "seed": 6, "modules": ["plutus", "phlegyas"]}, id="5p-pnp"),
        pytest.param({"seats": _bots(1), "seed": 5, "solo": {"variant": "rival", "level": "easy"}}, id="solo"),
    ],
)
def test_the_story_of_a_finished_game_adds_up_to_its_result(client: TestClient, body: dict[str, Any]) -> None:
    g, end = _finished(client, body)
    r = client.get(f"/api/games/{g['game']}/story", headers=tok(g["spectator"]["token"]))
    assert r.status_code == 200, r.text
    story = r.json()
    res = end["result"]
    rows = [*res["players"], *([{"infamy": res["solo"]["rival_infamy"]}] if res["solo"] else [])]
    assert [p["infamy"] for p in story["players"]] == [pr["infamy"] for pr in rows]
    for p in story["players"]:
        assert sum(x["points"] for x in p["sources"]) == p["infamy"]
    for p, pr in zip(story["players"], res["players"], strict=False):
        assert p["name"] == f"Bot {pr['player'] + 1}"  # the seats' names
        assert p["in_play"] == pr["before_final"]
        assert [st["points"][pr["player"]] for st in story["steps"]] == [pr["steps"][k] for k in res["steps"]]
    assert len(story["steps"]) == 6 and all("rulebook p.16-17" in st["rule"] for st in story["steps"])
    if res["solo"]:
        assert story["players"][-1]["rival"] and story["solo"]["rank"] == res["solo"]["rank"]
    else:
        assert story["verdict"].startswith(next(p["name"] for p in story["players"] if p["winner"]))


def test_no_story_before_the_end(client: TestClient) -> None:
    g = create(client, humans(2), seed=3)
    r = client.get(f"/api/games/{g['game']}/story", headers=tok(g["spectator"]["token"]))
    assert r.status_code == 400 and "not over" in r.json()["message"]
