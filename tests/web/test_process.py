"""Tests against a real server process on loopback: SIGKILL loses no acknowledged move, a restarted
server resumes every game (bots included), and the load test runs many games at once."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import threading
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

from tests.benchmark_modules import load_benchmark
from tests.web.helpers import create, humans, state, tok, wait_for
from tests.web.server_process import ServerProcess

ROOT = Path(__file__).resolve().parents[2]


def _player_loop(c: httpx.Client, g: dict[str, Any], acked: list[int], stop: threading.Event) -> None:
    """Play random legal moves until told to stop or the server goes away; record acknowledged versions."""
    rng = random.Random(4)
    tokens = [s["token"] for s in g["seats"]]
    try:
        while not stop.is_set():
            spec = state(c, g["game"], g["spectator"]["token"])
            if spec["pending"] is None:
                return
            t = tokens[spec["pending"]["player"]]
            snap = state(c, g["game"], t)
            r = c.post(
                f"/api/games/{g['game']}/actions",
                json={"version": snap["version"], "action": rng.choice(snap["legal"])["text"]},
                headers=tok(t),
            )
            if r.status_code == 200:
                acked.append(r.json()["version"])
    except (httpx.HTTPError, AssertionError):
        return


def test_killing_the_server_loses_no_acknowledged_move_and_restart_resumes_games(tmp_path: Path) -> None:
    srv = ServerProcess(tmp_path / "kill.db", bot_delay=0.05, read_rate=100_000).start()
    try:
        with httpx.Client(base_url=srv.url, timeout=10) as c:
            g = create(c, humans(3), seed=8)
            bots = create(c, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=9)
            acked: list[int] = []
            stop = threading.Event()
            th = threading.Thread(target=_player_loop, args=(c, g, acked, stop))
            th.start()
            wait_for(lambda: len(acked) >= 40, timeout=60)
            srv.kill()  # SIGKILL while moves are in flight
            stop.set()
            th.join(20)
        srv.start()
        with httpx.Client(base_url=srv.url, timeout=10) as c:
            snap = state(c, g["game"], g["seats"][0]["token"])
            assert snap["version"] >= max(acked)  # every acknowledged move survived
            assert snap["version"] <= max(acked) + 1  # at most the one in flight when killed
            # The game goes on from where it was.
            spec = state(c, g["game"], g["spectator"]["token"])
            t = g["seats"][spec["pending"]["player"]]["token"]
            mover = state(c, g["game"], t)
            r = c.post(
                f"/api/games/{g['game']}/actions",
                json={"version": mover["version"], "action": mover["legal"][0]["text"]},
                headers=tok(t),
            )
            assert r.status_code == 200 and r.json()["version"] == snap["version"] + 1
            # The all-bot game resumes by itself after the restart and reaches the end.
            bot_version = state(c, bots["game"], bots["spectator"]["token"])["version"]
            wait_for(lambda: state(c, bots["game"], bots["spectator"]["token"])["result"] is not None, timeout=120)
            assert state(c, bots["game"], bots["spectator"]["token"])["version"] > bot_version
    finally:
        srv.stop()


def _load_test_module() -> ModuleType:
    return load_benchmark("load_test")


@pytest.mark.parametrize("client", ["raw", "httpx"])
def test_load_test_plays_many_concurrent_games_without_errors(tmp_path: Path, client: str) -> None:
    """Both of the load test's HTTP clients: its lean one (``raw_http``, fewer connections than games, so
    they are reused) and httpx's."""
    load = _load_test_module()
    srv = ServerProcess(tmp_path / "load.db", read_rate=100_000)
    srv.start()
    try:
        out = load.run_load(srv.url, games=8, moves=12, players=2, concurrency=3, processes=1, client=client)
    finally:
        srv.stop()
    assert out["errors"] == {}
    assert out["client"] == client
    assert out["state_reads"] >= out["moves"]
    assert out["moves"] >= 8 * 5
    assert out["action_latency_ms"]["p50"] > 0


def test_load_test_names_the_engine_its_server_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The load test reports whether the server it starts runs the compiled engine or pure Python."""
    load = _load_test_module()
    monkeypatch.delenv("PYTHONPATH", raising=False)
    assert load.server_engine() == "pure Python"  # this suite's own run
    assert load.engine_kind("/x/build/compiled/inferno/rules/engine.cpython-311-x86_64-linux-gnu.so") == "compiled"
    assert load.engine_kind("/x/src/inferno/rules/engine.py") == "pure Python"


def test_load_test_paces_moves_over_live_connections(tmp_path: Path) -> None:
    """``--ws --rate``: every move over its seat's live connection, at the offered rate in all (6 games
    at 30 moves a second: each game moves every 0.2 s), so 48 moves take at least 1.4 s."""
    load = _load_test_module()
    srv = ServerProcess(tmp_path / "load.db", read_rate=100_000)
    srv.start()
    try:
        out = load.run_load(srv.url, games=6, moves=8, players=3, concurrency=6, processes=1, ws=True, rate=30)
    finally:
        srv.stop()
    assert out["errors"] == {}
    assert out["moves"] == 6 * 8
    assert out["offered_moves_per_second"] == 30
    assert out["seconds"] >= 7 * 0.2
    assert out["action_latency_ms"]["p50"] > 0


def _children(pid: int) -> set[int]:
    """The live processes whose parent is ``pid`` (Linux /proc)."""
    out = set()
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.add(int(d.name))
    return out


def _alive(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("how", ["kill", "interrupt"])
def test_bot_workers_end_with_their_server_killed_or_interrupted(tmp_path: Path, how: str) -> None:
    """A server killed with SIGKILL leaves no bot worker behind (each watches its server), and Ctrl-C
    (SIGINT to the server and its workers, as a terminal sends it to the whole group) stops the server
    and its workers with no traceback in its output."""
    import signal

    srv = ServerProcess(tmp_path / f"{how}.db", bot_delay=0.0).start()
    assert srv.proc is not None
    pid = srv.proc.pid
    with httpx.Client(base_url=srv.url, timeout=30) as c:
        g = create(c, [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}], seed=3)
        # Bots have moved, so a worker is running (past its start-up) beside the resource tracker.
        wait_for(lambda: state(c, g["game"], g["spectator"]["token"])["version"] >= 3, timeout=30)
        assert len(_children(pid)) >= 2
    workers = _children(pid)
    if how == "kill":
        srv.kill()
    else:
        srv.proc.send_signal(signal.SIGINT)
        for w in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(w, signal.SIGINT)
        srv.proc.wait(30)
    wait_for(lambda: not any(_alive(w) for w in workers), timeout=20)
    if how == "interrupt":
        assert "Traceback" not in srv.log.read_text()


@pytest.mark.parametrize("by_game", [False, True])
def test_load_test_routes_each_game_to_one_server_or_spreads_it(monkeypatch: pytest.MonkeyPatch, by_game: bool) -> None:
    """``--route game``: every request and socket of a game goes to one server (as a proxy hashing the game
    id sends them); by default each game gets every server, to take its requests in turn."""
    load = _load_test_module()
    given: dict[int, list[str]] = {}

    async def record(cs: list[Any], players: int, moves: int, seed: int, *_: Any) -> None:
        given[seed] = [str(c.base_url) for c in cs]

    monkeypatch.setattr(load, "play_game", record)
    urls = ["http://127.0.0.1:1", "http://127.0.0.1:2"]
    asyncio.run(load._client(",".join(urls), 0, 4, 1, 2, 4, by_game=by_game))
    assert sorted(given) == [1000, 1001, 1002, 1003]
    for seed, servers in given.items():
        assert servers == ([urls[seed % 2]] if by_game else urls)


def test_a_socket_that_played_a_move_receives_the_bots_moves_after_it(tmp_path: Path) -> None:
    """A move made on a live connection is answered on it (the acknowledgement carries the new state), and
    the bots' moves that follow it still reach that connection: they are other changes, not its answer."""
    import json

    from websockets.sync.client import connect

    srv = ServerProcess(tmp_path / "bots.db", bot_delay=0.01, read_rate=100_000, extra=["--action-rate", "10000"])
    srv.start()
    try:
        with httpx.Client(base_url=srv.url, timeout=10) as c:
            g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=5)
        rng = random.Random(3)
        with connect(srv.url.replace("http", "ws") + f"/api/games/{g['game']}/ws", open_timeout=10) as ws:
            ws.send(json.dumps({"token": g["seats"][0]["token"]}))
            data = json.loads(ws.recv(timeout=10))["data"]
            bot_moves_seen = 0
            for _ in range(300):
                if data["pending"] is None:
                    break
                if data["pending"]["player"] == 0:
                    text = rng.choice(data["legal"])["text"]
                    ws.send(json.dumps({"type": "act", "action": text, "version": data["version"]}))
                msg = json.loads(ws.recv(timeout=10))  # the answer, or a bot's move pushed: never silence
                assert msg["type"] == "state", msg
                if msg["data"]["version"] > data["version"] and "ack" not in msg:
                    bot_moves_seen += 1
                data = msg["data"]
            assert bot_moves_seen >= 5
    finally:
        srv.stop()


def test_a_test_server_whose_picked_port_was_taken_starts_on_another(tmp_path: Path) -> None:
    """The test helper: when another process takes the port picked for a server before it binds it, the
    server starts on a fresh port instead of failing the test (a port the caller names is kept)."""
    import socket

    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        srv = ServerProcess(tmp_path / "moved.db")
        srv.port = taken  # as if another process had bound it first
        try:
            srv.start()
            assert srv.port != taken
            assert httpx.get(f"{srv.url}/api/bots", timeout=5).status_code == 200
        finally:
            srv.kill()
        named = ServerProcess(tmp_path / "named.db", port=taken)
        with pytest.raises(RuntimeError, match="taken"):
            named.start()
