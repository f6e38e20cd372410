"""The in-memory game cache: finished and long-idle games are evicted and come back from the database
on their next request, with the same state, final scoring (RULES.md §16) and replay."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from inferno.server.limits import Rate
from inferno.server.service import GameService
from tests.web.helpers import create, humans, make_client, play, state, tok, wait_for

BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def _service(c: TestClient) -> GameService:
    service = c.app.state.service  # type: ignore[attr-defined]
    assert isinstance(service, GameService)
    return service


def _finished_bot_game(c: TestClient, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    g = create(c, BOTS, seed=seed)
    spec = g["spectator"]["token"]
    wait_for(lambda: state(c, g["game"], spec)["result"] is not None, timeout=60)
    return g, state(c, g["game"], spec)


def _replay(c: TestClient, g: dict[str, Any], upto: int) -> dict[str, Any]:
    r = c.get(f"/api/games/{g['game']}/replay", params={"upto": upto}, headers=tok(g["spectator"]["token"]))
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_a_finished_game_is_evicted_and_its_state_scoring_and_replay_reload_RULES_16(client: TestClient) -> None:
    g, end = _finished_bot_game(client, seed=11)
    gid, spec = g["game"], g["spectator"]["token"]
    service = _service(client)
    mid = end["moves"] // 2
    replay_mid, replay_end = _replay(client, g, mid), _replay(client, g, end["moves"])
    board = client.get(f"/api/games/{gid}/board", headers=tok(spec)).json()
    # Recently used: a sweep keeps it. Unused for longer than finished_ttl: the sweep evicts it.
    assert service.sweep() == []
    assert service.sweep(now=time.monotonic() + service.finished_ttl + 1) == [gid]
    assert gid not in service.sessions
    again = state(client, gid, spec)
    assert again == end and again["result"]["winners"] == end["result"]["winners"]
    assert gid in service.sessions  # loaded back from the database
    assert service.evict(gid) and not service.evict(gid)
    assert _replay(client, g, mid) == replay_mid
    assert service.evict(gid)
    assert _replay(client, g, end["moves"]) == replay_end and replay_end["result"] == end["result"]
    assert service.evict(gid)
    assert client.get(f"/api/games/{gid}/board", headers=tok(spec)).json() == board
    # The seat links still open nothing they should not: a wrong token is refused after a reload too.
    assert service.evict(gid)
    assert client.get(f"/api/games/{gid}/state", headers=tok("guess")).status_code == 403


def test_the_background_sweep_evicts_finished_games(db_path: Path) -> None:
    with make_client(db_path, finished_ttl=0.0, sweep_interval=0.05) as c:
        service = _service(c)
        g, end = _finished_bot_game(c, seed=4)
        wait_for(lambda: g["game"] not in service.sessions)
        mine = c.post("/api/mine", json={"games": [{"game": g["game"], "token": g["spectator"]["token"]}]}).json()
        assert mine["games"][0]["over"] is True
        assert state(c, g["game"], g["spectator"]["token"]) == end


def test_an_idle_unfinished_game_is_evicted_and_play_goes_on_after_it_reloads(client: TestClient) -> None:
    g = create(client, humans(2), seed=6)
    gid = g["game"]
    play(client, g, 12, random.Random(3))
    service = _service(client)
    before = {s["seat"]: state(client, gid, s["token"]) for s in g["seats"]}
    assert service.sweep(now=time.monotonic() + service.finished_ttl + 1) == []  # unfinished: idle_ttl applies
    old = service.sessions[gid]
    assert service.sweep(now=time.monotonic() + service.idle_ttl + 1) == [gid]
    assert old.evicted
    after = {s["seat"]: state(client, gid, s["token"]) for s in g["seats"]}
    assert after == before and after[0]["version"] == 12
    # Actions, undo and stale checks work on the reloaded game; the evicted copy is never written again.
    mover = g["seats"][after[0]["pending"]["player"]]["token"]
    snap = state(client, gid, mover)
    service.evict(gid)
    url = f"/api/games/{gid}/actions"
    r = client.post(url, json={"version": 12, "action": snap["legal"][0]["text"]}, headers=tok(mover))
    assert r.status_code == 200 and r.json()["version"] == 13
    assert old.state.version == 12
    service.evict(gid)
    r = client.post(url, json={"version": 12, "action": snap["legal"][0]["text"]}, headers=tok(mover))
    assert r.status_code == 409 and r.json()["error"] == "stale" and r.json()["version"] == 13


def test_a_game_with_a_bot_to_move_is_never_evicted(db_path: Path) -> None:
    with make_client(db_path, bot_delay=30.0, read_rate=Rate(10_000, 10_000)) as c:
        service = _service(c)
        g = create(c, BOTS, seed=2)  # the bots wait 30 s before each move: one of them is to move now
        assert service.bot_to_move(g["game"])
        assert service.sweep(now=time.monotonic() + service.idle_ttl + 1) == []
        assert g["game"] in service.sessions


def test_after_a_restart_no_game_without_a_bot_to_move_is_in_memory_and_each_loads_on_demand(db_path: Path) -> None:
    with make_client(db_path, action_rate=Rate(1000, 1000), read_rate=Rate(10_000, 10_000)) as c:
        done, end = _finished_bot_game(c, seed=11)
        open_game = create(c, humans(2), seed=3)
        open_end = state(c, open_game["game"], open_game["spectator"]["token"])
    with make_client(db_path) as c:
        service = _service(c)
        assert set(service.sessions) == set()  # nothing replayed at start-up
        assert state(c, done["game"], done["spectator"]["token"]) == end
        assert state(c, open_game["game"], open_game["spectator"]["token"]) == open_end
        assert set(service.sessions) == {done["game"], open_game["game"]}
        assert c.get("/api/games/nonesuch/state", headers=tok("x")).status_code == 404


def test_a_request_that_got_a_game_just_before_its_eviction_fetches_it_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race: a request gets the session, the sweep evicts it, then the request takes the lock."""
    g = create(client, humans(2), seed=5)
    gid = g["game"]
    service = _service(client)
    snap = state(client, gid, g["spectator"]["token"])
    seat = snap["pending"]["player"]
    text = state(client, gid, g["seats"][seat]["token"])["legal"][0]["text"]
    old = service.session(gid)
    assert service.evict(gid)
    real_fetch = service._fetch
    calls: list[str] = []

    def evicted_first(game_id: str) -> Any:
        calls.append(game_id)
        return old if len(calls) == 1 else real_fetch(game_id)

    monkeypatch.setattr(service, "_fetch", evicted_first)
    assert service.act(gid, seat, 0, text) == 1
    assert len(calls) == 2 and old.state.version == 0  # the evicted copy was not written
    monkeypatch.undo()
    assert state(client, gid, g["spectator"]["token"])["version"] == 1


def test_a_game_in_memory_is_answered_without_waiting_and_a_busy_one_waits_for_its_move(client: TestClient) -> None:
    """The event loop's answer (``snapshot_now``) is the thread's answer byte for byte; it gives up (None)
    while a move holds the game's lock, for a game not in memory, and when other processes share the
    database; then the request is answered from a thread, which waits for the move to be stored."""
    g = create(client, humans(2), seed=5)
    gid, t0 = g["game"], g["seats"][0]["token"]
    service = _service(client)
    assert service.in_memory(gid)
    now = service.snapshot_now(gid, 0)
    assert now is not None and now == service.snapshot_bytes(gid, 0)
    play(client, g, 1, random.Random(1))  # a move clears the cached views; the next answer is encoded anew
    assert service.snapshot_now(gid, 0) == service.snapshot_bytes(gid, 0)
    sess = service.sessions[gid]
    with sess.lock:  # as while a move is being stored
        assert service.snapshot_now(gid, 0) is None
    assert state(client, gid, t0)["game"] == gid
    service.evict(gid)
    assert not service.in_memory(gid) and service.snapshot_now(gid, 0) is None
    assert state(client, gid, t0)["game"] == gid and service.in_memory(gid)  # loaded back from a thread
    service.shared = True
    try:
        assert not service.in_memory(gid) and service.snapshot_now(gid, 0) is None
    finally:
        service.shared = False
