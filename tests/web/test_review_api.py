"""The server's hints (table setting, notes seen by every seat) and the review of a finished game."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from inferno.records.record import record_of, replay
from inferno.review.game import GameReview
from inferno.rules.engine import legal_actions
from inferno.rules.notation import action_text
from inferno.server import review_routes
from inferno.server.views import action_targets
from tests.web.helpers import create, human_to_move, humans, state, tok, wait_for


def test_hints_are_off_by_default_with_two_humans(client: TestClient) -> None:
    g = create(client, humans(2), seed=5)
    assert g["hints"] is False
    token, snap = human_to_move(client, g)
    r = client.post(f"/api/games/{g['game']}/hint", json={"version": snap["version"]}, headers=tok(token))
    assert r.status_code == 403 and "hints are off at this table" in r.json()["message"]
    r = client.get(f"/api/games/{g['game']}/hints", headers=tok(token))
    assert r.json() == {"allowed": False, "notes": []}


def test_a_hint_when_the_table_allows_is_noted_for_everyone(client: TestClient) -> None:
    r = client.post("/api/games", json={"seats": humans(2), "seed": 5, "hints": True})
    g = r.json()
    assert g["hints"] is True
    token, snap = human_to_move(client, g)
    other = next(s["token"] for s in g["seats"] if s["token"] != token)
    r = client.post(f"/api/games/{g['game']}/hint", json={"version": snap["version"]}, headers=tok(other))
    assert r.status_code == 409 and "the player who decides now" in r.json()["message"]
    r = client.post(f"/api/games/{g['game']}/hint", json={"version": snap["version"] + 1}, headers=tok(token))
    assert r.status_code == 409
    r = client.post(f"/api/games/{g['game']}/hint", json={"version": snap["version"]}, headers=tok(token))
    assert r.status_code == 200, r.text
    h = r.json()
    legal = {a["text"] for a in snap["legal"]}
    assert 1 <= len(h["options"]) <= 3 and {o["text"] for o in h["options"]} <= legal
    assert all(0 <= o["value"] <= 100 and o["se"] >= 0 for o in h["options"])
    assert all(isinstance(o["margin"], float) and o["margin_se"] >= 0 for o in h["options"])
    spec = g["spectator"]["token"]
    notes = client.get(f"/api/games/{g['game']}/hints", headers=tok(spec)).json()["notes"]
    name = snap["seats"][snap["seat"]]["name"]
    assert notes == [{"seat": snap["seat"], "version": snap["version"], "text": f"{name} asked for a hint"}]


def test_one_human_against_bots_gets_hints_by_default(client: TestClient) -> None:
    g = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=3)
    assert g["hints"] is True


def test_review_of_a_finished_game(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    client.app.state.review_desk.workers = 1  # type: ignore[attr-defined]
    g = create(client, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}], seed=11)
    gid, spec = g["game"], g["spectator"]["token"]
    wait_for(lambda: state(client, gid, spec)["result"] is not None, timeout=60)
    r = client.post(f"/api/games/{gid}/review", json={"seat": 2, "depth": "10"}, headers=tok(spec))
    assert r.status_code == 400 and "no seat 3" in r.json()["message"]
    r = client.post(f"/api/games/{gid}/review", json={"seat": 0, "depth": "never"}, headers=tok(spec))
    assert r.status_code == 400 and "unknown depth" in r.json()["message"]
    r = client.post(f"/api/games/{gid}/review", json={"seat": 0, "depth": "10"}, headers=tok(spec))
    assert r.status_code == 200 and r.json()["status"] in ("running", "done")

    def done() -> bool:
        return (
            client.get(f"/api/games/{gid}/review", params={"seat": 0, "depth": "10"}, headers=tok(spec)).json()[
                "status"
            ]
            == "done"
        )

    wait_for(done, timeout=120)
    d = client.get(f"/api/games/{gid}/review", params={"seat": 0, "depth": "10"}, headers=tok(spec)).json()
    rv = GameReview.from_dict(d["review"])
    assert rv.seat == 0 and rv.iterations == 10 and rv.decisions
    assert len(d["standing"]) == len(rv.decisions) and d["summary"][0].startswith("Player 1: ")
    assert all(p["margin"] is not None and p["margin_se"] >= 0 for p in d["standing"])
    assert all(x.margin_loss is not None and x.margin_loss >= 0 for x in rv.decisions)
    assert d["biggest"] == [x.index for x in rv.biggest(5)]
    # each biggest mistake opens its position: the board places of the better move (never a card)
    assert set(d["moments"]) == {str(i) for i in d["biggest"]}
    rec = record_of(client.app.state.service.fresh(gid).state)  # type: ignore[attr-defined]
    for i in d["biggest"]:
        x = next(x for x in rv.decisions if x.index == i)
        s = replay(rec, upto=i)
        better = next(a for a in legal_actions(s) if action_text(s, a) == x.best)
        assert d["moments"][str(i)]["better_targets"] == action_targets(better)
    # asking again gives the finished review at once; a busy server refuses new ones clearly
    again = client.post(f"/api/games/{gid}/review", json={"seat": 0, "depth": "10"}, headers=tok(spec)).json()
    assert again["status"] == "done"
    monkeypatch.setattr(review_routes, "MAX_WAITING", 0)
    r = client.post(f"/api/games/{gid}/review", json={"seat": 1, "depth": "10"}, headers=tok(spec))
    assert r.status_code == 429 and "busy with other reviews" in r.json()["message"]


def test_an_unfinished_game_is_not_reviewed(client: TestClient) -> None:
    g = create(client, humans(2), seed=5)
    token, _ = human_to_move(client, g)
    r = client.post(f"/api/games/{g['game']}/review", json={"seat": 0}, headers=tok(token))
    assert r.status_code == 400 and "once it is finished" in r.json()["message"]
