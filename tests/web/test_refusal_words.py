"""A refused action over the API is answered in the game's words: the action in its notation and why,
from the "why can't I?" explainer on the seat's own view; never the engine's internal codes."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.helpers import create, humans, state, tok


def test_an_illegal_action_says_why_in_the_game_s_words(client: TestClient) -> None:
    g = create(client, humans(3))
    spec = state(client, g["game"], g["spectator"]["token"])
    token = g["seats"][spec["pending"]["player"]]["token"]
    r = client.post(f"/api/games/{g['game']}/actions", json={"version": 0, "action": "council"}, headers=tok(token))
    assert r.status_code == 422 and r.json()["error"] == "illegal"
    assert r.json()["message"] == (
        "'council' is not legal now: not now: you must move one Soul in the Hell phase; you hold a family"
        " council only in the Florence phase, instead of acting (rulebook, Florence Phase p.12)"
    )
