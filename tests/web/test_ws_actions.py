"""Actions over the live connection: a seat plays by WebSocket as by POST, with the same checks
(version, turn, legality, spectators) and an answer to every message, never a dropped socket."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.helpers import create, humans, state


def _until(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(20):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def test_an_action_sent_on_the_socket_is_played_and_acknowledged(client: TestClient) -> None:
    g = create(client, humans(2), seed=3)
    gid, token = g["game"], g["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": token})
        snap = _until(ws, "state")["data"]
        text = snap["legal"][0]["text"]
        ws.send_json({"type": "act", "action": text, "version": snap["version"], "id": 7})
        answer = _until(ws, "state")  # the new state is the answer: it carries the acknowledgement
        ack = answer["ack"]
        assert ack == {"id": 7, "version": snap["version"] + 1}
        assert answer["data"]["version"] == ack["version"]
        ws.send_json({"type": "bogus"})  # the view already sent is not sent again before the next answer
        assert ws.receive_json()["type"] == "error"
    assert state(client, gid, token)["version"] == ack["version"]  # stored, as after a POST


def test_socket_actions_are_refused_like_posted_ones(client: TestClient) -> None:
    g = create(client, humans(2), seed=3)
    gid = g["game"]
    first, second = g["seats"][0]["token"], g["seats"][1]["token"]
    snap = state(client, gid, first)
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": second})
        _until(ws, "state")
        ws.send_json({"type": "act", "action": snap["legal"][0]["text"], "version": snap["version"], "id": "a"})
        refused = _until(ws, "refused")
        assert refused["id"] == "a" and refused["error"] == "not_your_turn"
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": first})
        _until(ws, "state")
        ws.send_json({"type": "act", "action": snap["legal"][0]["text"], "version": snap["version"] + 5, "id": 1})
        assert _until(ws, "refused")["error"] == "stale"
        ws.send_json({"type": "act", "action": "fly to the moon", "version": snap["version"], "id": 2})
        bad = _until(ws, "refused")
        assert bad["id"] == 2 and bad["message"] and "Traceback" not in bad["message"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": g["spectator"]["token"]})
        _until(ws, "state")
        ws.send_json({"type": "act", "action": snap["legal"][0]["text"], "version": snap["version"], "id": 3})
        assert _until(ws, "refused")["error"] == "forbidden"
    assert state(client, gid, first)["version"] == snap["version"]  # nothing was played


@pytest.mark.parametrize(
    "frame",
    [
        "{",
        "null",
        "[]",
        '{"type": "chat"}',
        '{"type": "act"}',
        '{"type": "act", "action": 5, "version": 0}',
        '{"type": "act", "action": "done", "version": "0"}',
        '{"type": "act", "action": "done", "version": true}',
        '{"type": "act", "action": "done", "version": 0, "id": {"a": 1}}',
        json.dumps({"type": "act", "action": "x" * 500, "version": 0}),
    ],
)
def test_every_other_message_gets_an_error_and_the_socket_stays_open(client: TestClient, frame: str) -> None:
    g = create(client, humans(2), seed=3)
    gid, token = g["game"], g["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": token})
        snap = _until(ws, "state")["data"]
        ws.send_text(frame)
        err = _until(ws, "error")
        assert err["error"] == "bad_request" and '"type": "act"' in err["message"]
        ws.send_json({"type": "act", "action": snap["legal"][0]["text"], "version": snap["version"], "id": 1})
        assert _until(ws, "state")["ack"]["id"] == 1  # still live


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=80), st.dictionaries(st.text(max_size=8), st.none() | st.integers() | st.text())))
def test_fuzzed_socket_messages_always_get_an_answer(client: TestClient, junk: Any) -> None:
    g = create(client, humans(2), seed=4)
    with client.websocket_connect(f"/api/games/{g['game']}/ws") as ws:
        ws.send_json({"token": g["seats"][0]["token"]})
        _until(ws, "state")
        ws.send_text(junk if isinstance(junk, str) else json.dumps(junk))
        msg = ws.receive_json()
        while msg["type"] == "state" and "ack" not in msg:
            msg = ws.receive_json()
        assert msg["type"] in ("error", "state", "refused") and "Traceback" not in json.dumps(msg)


def test_a_move_made_on_a_socket_wakes_only_the_other_sockets(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The mover's socket is answered with the new state (the acknowledgement); the change does not wake
    it a second time to look for a view it has sent already. Each seat's view is asked for once a move."""
    from inferno.server.service import GameService

    asked: list[int] = []
    live_view = GameService.live_view

    def counted(self: GameService, game_id: str, seat: int, *, wait: bool = True) -> Any:
        asked.append(seat)
        return live_view(self, game_id, seat, wait=wait)

    monkeypatch.setattr(GameService, "live_view", counted)
    g = create(client, humans(2), seed=3)
    gid = g["game"]
    with (
        client.websocket_connect(f"/api/games/{gid}/ws") as w0,
        client.websocket_connect(f"/api/games/{gid}/ws") as w1,
    ):
        socks = [w0, w1]
        for seat, ws in enumerate(socks):
            ws.send_json({"token": g["seats"][seat]["token"]})
        views = [_until(ws, "state")["data"] for ws in socks]
        for move in range(4):
            mover = views[0]["pending"]["player"]
            asked.clear()
            legal = views[mover]["legal"]
            socks[mover].send_json({"type": "act", "action": legal[0]["text"], "version": views[mover]["version"]})
            answer = _until(socks[mover], "state")
            assert answer["ack"]["version"] == views[mover]["version"] + 1
            views[mover] = answer["data"]
            views[1 - mover] = _until(socks[1 - mover], "state")["data"]
            for ws in socks:  # a round trip on each socket: any wake left pending has been handled by now
                ws.send_json({"type": "bogus"})
                assert _until(ws, "error")["type"] == "error"
            assert sorted(asked) == [0, 1], f"move {move}: views asked for seats {asked}"
