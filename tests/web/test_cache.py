"""The in-memory game cache: finished and long-idle games are evicted and come back from the database
on their next request, with the same state, final scoring (RULES.md §16) and replay; no more games than
the bound stay in memory; start-up reads no stored game."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from inferno.server.app import create_app
from inferno.server.limits import Rate
from inferno.server.service import GameService, SeatKind, SeatSpec
from inferno.server.settings import ServerSettings
from inferno.server.storage import Storage
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


def test_no_more_games_than_the_bound_stay_in_memory_and_the_least_recently_used_go_first(db_path: Path) -> None:
    with make_client(db_path, max_games=10, action_rate=Rate(1000, 1000), read_rate=Rate(10_000, 10_000)) as c:
        service = _service(c)
        games = [create(c, humans(2), seed=i) for i in range(10)]
        first = games[0]
        play(c, first, 3, random.Random(1))
        before = state(c, first["game"], first["spectator"]["token"])  # the first game is the latest used now
        more = [create(c, humans(2), seed=20 + i) for i in range(5)]
        assert len(service.sessions) <= 10
        assert first["game"] in service.sessions and more[-1]["game"] in service.sessions
        assert games[1]["game"] not in service.sessions  # the least recently used went first
        # An evicted game loads again on demand, as it was, and play goes on.
        g = games[1]
        assert state(c, g["game"], g["spectator"]["token"])["version"] == 0
        play(c, g, 2, random.Random(2))
        assert len(service.sessions) <= 10
        service.evict(first["game"])
        assert state(c, first["game"], first["spectator"]["token"]) == before


def _stored_games(url: str, n: int) -> None:
    """``n`` games stored as the lobby stores them, a third of them with a few moves; none in memory."""
    svc = GameService(Storage(url), max_games=10)
    rng = random.Random(5)
    for i in range(n):
        g = svc.create([SeatSpec(SeatKind.HUMAN), SeatSpec(SeatKind.HUMAN)], seed=i)
        for _ in range(3 if i % 3 == 0 else 0):
            s = svc.snapshot(g.game_id, -1)
            p = s["pending"]["player"]
            svc.act(g.game_id, p, s["version"], rng.choice(svc.snapshot(g.game_id, p)["legal"])["text"])
    svc.storage.close()


def _start_up_work(url: str) -> tuple[int, int, list[str]]:
    """The SQLite virtual machine's steps (in tens) and the statements a server's start-up runs, up to
    its first answer: counted, not timed."""
    store = Storage(url)
    steps = [0]
    statements: list[str] = []

    def step() -> int:
        steps[0] += 1
        return 0  # go on

    store.engine.dispose()  # every connection from now on counts its steps
    sa.event.listen(store.engine, "connect", lambda dbapi, _rec: dbapi.set_progress_handler(step, 10))
    sa.event.listen(store.engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    assert store._sqlite is not None
    store._sqlite.dbapi.set_progress_handler(step, 10)
    with TestClient(
        create_app(ServerSettings(database_url=url, sweep_interval=3600, clock_interval=3600), storage=store)
    ) as c:
        assert c.get("/api/bots").status_code == 200
        sessions = len(_service(c).sessions)
    return steps[0], sessions, statements


def test_start_up_work_does_not_grow_with_the_games_stored(tmp_path: Path) -> None:
    """A server starting on 1,500 stored games runs the same statements as on none, and the database does
    no more work for them (no statement scans the games); no game is loaded."""
    empty, full = f"sqlite:///{tmp_path / 'empty.db'}", f"sqlite:///{tmp_path / 'full.db'}"
    _stored_games(full, 1500)
    Storage(empty).close()
    steps_empty, loaded_empty, sql_empty = _start_up_work(empty)
    steps_full, loaded_full, sql_full = _start_up_work(full)
    assert loaded_empty == loaded_full == 0
    assert sql_full == sql_empty
    # Scanning the rows of 1,500 games takes tens of thousands of steps; an index search a few more at most.
    assert steps_full <= steps_empty + 10, (steps_empty, steps_full)
