"""Every payload the server sends a seat matches the seat view's JSON schema (shipped in the package): the
HTTP state of every seat and the spectator, the answers to actions and undos, refusals, the replay of a
finished game, and each kind of live-connection message. The schema's names follow the engine's."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("jsonschema")

import jsonschema
from fastapi.testclient import TestClient

import inferno
from inferno.rules.position import Sin
from inferno.server.schema import SCHEMA_VERSION, schema_name, seat_view_schema
from inferno.server.views import SPECTATOR
from tests.web.helpers import create, humans, state, tok, whole_log

SCHEMA = seat_view_schema()


def _check(payload: Any, kind: str = "seat_view") -> None:
    """``payload`` matches ``kind`` of the schema's definitions (the seat view by default)."""
    schema = {**SCHEMA, "$ref": f"#/$defs/{kind}"}
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(payload), key=lambda e: list(e.path))
    assert not errors, f"{kind}: " + "; ".join(f"{list(e.path)}: {e.message[:200]}" for e in errors[:5])


def test_the_schema_is_valid_and_names_what_the_engine_names() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert schema_name() == f"seat_view.v{SCHEMA_VERSION}.json"
    defs = SCHEMA["$defs"]
    assert defs["seat_view"]["properties"]["schema_version"] == {"const": SCHEMA_VERSION}
    # A new decision kind, action kind or circle needs the schema (and its version) brought along.
    assert defs["pending"]["properties"]["decision"]["enum"] == [d.name.lower() for d in inferno.Decision]
    assert defs["legal_action"]["properties"]["kind"]["enum"] == [a.name.lower() for a in inferno.Act]
    assert defs["sin"]["enum"] == [s.value for s in Sin] == [c.id for c in inferno.load_rules().circles]


def _play_http(client: TestClient, g: dict[str, Any], moves: int, rng: random.Random) -> None:
    """Random legal moves over HTTP, every seat's state and every answer checked on the way."""
    tokens = {s["seat"]: s["token"] for s in g["seats"] if "token" in s}
    gid = g["game"]
    for _ in range(moves):
        spec = state(client, gid, g["spectator"]["token"])
        _check(spec)
        assert spec["seat"] == SPECTATOR and spec["legal"] == []
        if spec["pending"] is None:
            return
        for token in tokens.values():
            snap = state(client, gid, token)
            _check(snap)
            assert snap["schema_version"] == SCHEMA_VERSION
        seat = spec["pending"]["player"]
        snap = state(client, gid, tokens[seat])
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"version": snap["version"], "action": rng.choice(snap["legal"])["text"]},
            headers=tok(tokens[seat]),
        )
        assert r.status_code == 200, r.text
        _check(r.json(), "action_answer")


@pytest.mark.parametrize(
    ("players", "modules", "solo"),
    [(3, [], None), (4, ["plutus", "phlegyas"], None), (1, [], {"variant": "rival", "level": "easy"})],
)
def test_http_views_answers_and_refusals_match_the_schema(
    client: TestClient, players: int, modules: list[str], solo: dict[str, str] | None
) -> None:
    body: dict[str, Any] = {"seats": humans(players), "seed": 11 + players, "modules": modules}
    if solo is not None:
        body["solo"] = solo
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    g = r.json()
    _play_http(client, g, 40, random.Random(players))
    gid, first = g["game"], g["seats"][0]["token"]
    snap = state(client, gid, first)
    for answer in (
        client.get(f"/api/games/{gid}/state", headers=tok("wrong")),
        client.post(
            f"/api/games/{gid}/actions", json={"version": snap["version"] + 9, "action": "done"}, headers=tok(first)
        ),
        client.post(f"/api/games/{gid}/undo", json={"version": 0}, headers=tok(first)),
    ):
        assert answer.status_code >= 400
        _check(answer.json(), "error")


def test_an_undo_answer_and_the_replay_of_a_finished_game_match_the_schema(client: TestClient, db_path: Path) -> None:
    g = create(client, humans(2), seed=5)
    gid = g["game"]
    to_move = state(client, gid, g["spectator"]["token"])["pending"]["player"]
    token = g["seats"][to_move]["token"]
    snap = state(client, gid, token)
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"version": snap["version"], "action": snap["legal"][0]["text"]},
        headers=tok(token),
    )
    assert r.status_code == 200, r.text
    after = state(client, gid, token)
    if after["undo"]:
        r = client.post(f"/api/games/{gid}/undo", json={"version": after["version"]}, headers=tok(token))
        assert r.status_code == 200, r.text
        _check(r.json(), "action_answer")
    # A finished game (bots play it out): its end view, its result and its replay.
    bots = client.post("/api/games", json={"seats": [{"kind": "bot", "bot": "random"}] * 2, "seed": 3}).json()
    spectator = bots["spectator"]["token"]
    for _ in range(600):
        end = state(client, bots["game"], spectator)
        if end["result"] is not None:
            break
        time.sleep(0.05)
    assert end["result"] is not None, "the bots did not finish in time"
    _check(end)
    for upto in (0, 7, end["moves"]):
        r = client.get(f"/api/games/{bots['game']}/replay", params={"upto": upto}, headers=tok(spectator))
        assert r.status_code == 200, r.text
        _check(r.json())
        assert r.json()["replay"]["upto"] == upto


def test_every_live_message_kind_matches_the_schema(client: TestClient) -> None:
    g = create(client, humans(3), seed=9)
    gid = g["game"]
    tokens = [s["token"] for s in g["seats"]]
    rng = random.Random(2)
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": tokens[0]})
        first = ws.receive_json()
        _check(first, "live_message")
        _check(first, "live_state")
        last = first["data"]
        for i in range(30):
            if last["pending"] is None:
                break
            seat = last["pending"]["player"]
            if seat != 0:  # another seat moves over HTTP: this connection hears of it
                snap = state(client, gid, tokens[seat])
                text = rng.choice(snap["legal"])["text"]
                client.post(
                    f"/api/games/{gid}/actions",
                    json={"version": snap["version"], "action": text},
                    headers=tok(tokens[seat]),
                )
            else:
                ws.send_json(
                    {"type": "act", "action": rng.choice(last["legal"])["text"], "version": last["version"], "id": i}
                )
            msg = ws.receive_json()
            _check(msg, "live_message")
            assert msg["type"] == "state", msg
            _check(msg["data"])  # a continuation (``log_from``) too
            last = whole_log(last, msg["data"])
            _check(last)
        ws.send_json({"type": "act", "action": "fly to the moon", "version": last["version"], "id": "x"})
        refused = ws.receive_json()
        assert refused["type"] == "refused"
        _check(refused, "live_message")
        _check(refused, "live_refused")
        ws.send_text("not json")
        error = ws.receive_json()
        assert error["type"] == "error"
        _check(error, "live_error")
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:  # a refused connection
        ws.send_json({"token": "wrong"})
        _check(ws.receive_json(), "live_error")


def test_the_server_serves_its_schema(client: TestClient) -> None:
    r = client.get(f"/api/schema/{schema_name()}")
    assert r.status_code == 200 and r.json() == SCHEMA
    r = client.get("/api/schema/seat_view.v999.json")
    assert r.status_code == 404 and "version 1" in r.json()["message"]
    assert json.loads(json.dumps(SCHEMA)) == SCHEMA
