"""The solo game in the browser API (RULES.md §17): the lobby offers the variants and levels from the
solo data, a 1-seat game is played against the Rival, whose pieces and next card every view shows
while its deck order stays hidden, and solo options with several seats are refused."""

from __future__ import annotations

import random
from pathlib import Path

from fastapi.testclient import TestClient

from tests.web.helpers import make_client, state, tok


def test_lobby_lists_the_solo_variants_and_levels(client: TestClient) -> None:
    r = client.get("/api/solo")
    assert r.status_code == 200
    d = r.json()
    assert [v["id"] for v in d["variants"]] == ["rival", "pilgrimage", "plague"]
    assert all(v["levels"] == ["easy", "medium", "hard"] for v in d["variants"])
    assert {x["name"] for x in d["ranks"]} >= {"Lost Soul", "Master of Hell"}


def test_solo_game_shows_the_rival_and_its_next_card_and_ends_with_a_rank(client: TestClient) -> None:
    body = {"seats": [{"kind": "human", "name": "Ann"}], "seed": 5, "solo": {"variant": "pilgrimage", "level": "hard"}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    g = r.json()
    token = g["seats"][0]["token"]
    snap = state(client, g["game"], token)
    solo = snap["solo"]
    assert solo["name"] == "The Rival" and solo["variant"] == "pilgrimage" and solo["level"] == "hard"
    assert solo["target"] > 0 and solo["next_card"]["name"] and solo["next_card"]["text"]
    deck = snap["state"]["solo"]["deck"]
    assert deck[0] >= 0 and set(deck[1:]) == {-1}, "only the Rival's next card is open"
    rng = random.Random(5)
    for _ in range(2000):
        if snap["result"]:
            break
        legal = snap["legal"]
        a = rng.choice(legal)["text"]
        r = client.post(
            f"/api/games/{g['game']}/actions", json={"version": snap["version"], "action": a}, headers=tok(token)
        )
        assert r.status_code == 200, r.text
        snap = state(client, g["game"], token)
    res = snap["result"]
    assert res is not None and res["solo"]["rank"] and res["solo"]["bar"] == solo["target"]
    assert res["winners"] == ([0] if res["solo"]["won"] else [])
    assert any(e["player"] == 1 and e["kind"] == "solo_card" for e in snap["log"])


def test_solo_options_need_one_seat(client: TestClient) -> None:
    body = {"seats": [{"kind": "human"}, {"kind": "human"}], "solo": {"variant": "rival", "level": "easy"}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and "1 player" in r.json()["message"]
    r = client.post("/api/games", json={"seats": [{"kind": "human"}], "solo": {"variant": "nope", "level": "easy"}})
    assert r.status_code == 400 and "unknown solo variant" in r.json()["message"]


def test_solo_game_survives_a_server_restart(db_path: Path) -> None:
    """The solo settings are stored with the game, so a restarted server rebuilds the same solo game."""
    with make_client(db_path) as c:
        body = {"seats": [{"kind": "human"}], "seed": 8, "solo": {"variant": "plague", "level": "easy"}}
        g = c.post("/api/games", json=body).json()
        token = g["seats"][0]["token"]
        snap = state(c, g["game"], token)
        a = snap["legal"][0]["text"]
        assert (
            c.post(f"/api/games/{g['game']}/actions", json={"version": 0, "action": a}, headers=tok(token)).status_code
            == 200
        )
        before = state(c, g["game"], token)
    with make_client(db_path) as c:
        after = state(c, g["game"], token)
    assert after["solo"] == before["solo"] and after["solo"]["variant"] == "plague"
    assert after["state"] == before["state"]
