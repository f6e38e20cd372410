"""Several ``inferno serve`` processes on one PostgreSQL database (a throw-away cluster the test starts):
any process serves any game, changes reach sockets connected to the others, conflicting moves sent to
two processes at once are serialised by the database, and a killed process loses nothing acknowledged
(its games, bots included, go on through the others)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.web.helpers import create, humans, state, tok, wait_for, whole_log
from tests.web.server_process import ServerProcess, free_port
from tests.web.test_postgres import Postgres, postgres  # noqa: F401  (the cluster fixture)

FAST = ["--action-rate", "10000", "--create-rate", "10000", "--read-rate", "10000", "--auth-failures", "10000"]


@pytest.fixture
def servers(postgres: Postgres, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[list[ServerProcess]]:  # noqa: F811
    """``request.param`` server processes (with their extra options) sharing one new database."""
    count, extra = request.param
    url = postgres.new_database(f"cluster_{request.node.name.split('[')[0][-40:]}_{random.randrange(10**6)}")
    procs = [
        ServerProcess(tmp_path / f"server{i}.db", bot_delay=0.05, db_url=url, extra=FAST + list(extra))
        for i in range(count)
    ]
    try:
        for p in procs:
            p.start()
        yield procs
    finally:
        for p in procs:
            p.kill()


def _move(c: httpx.Client, gid: str, token: str, version: int, text: str) -> httpx.Response:
    return c.post(f"/api/games/{gid}/actions", json={"version": version, "action": text}, headers=tok(token))


def _send_at(
    go: threading.Barrier,
    answers: dict[str, httpx.Response],
    name: str,
    c: httpx.Client,
    gid: str,
    token: str,
    version: int,
    text: str,
) -> None:
    """Send a move when every sender is ready (so they reach their processes at the same moment)."""
    go.wait()
    answers[name] = _move(c, gid, token, version, text)


def _play_one(c: httpx.Client, g: dict[str, Any], rng: random.Random) -> int:
    """One random legal move by the seat to move, through ``c``; the acknowledged version."""
    spec = state(c, g["game"], g["spectator"]["token"])
    t = g["seats"][spec["pending"]["player"]]["token"]
    snap = state(c, g["game"], t)
    r = _move(c, g["game"], t, snap["version"], rng.choice(snap["legal"])["text"])
    assert r.status_code == 200, r.text
    return int(r.json()["version"])


@pytest.mark.parametrize("servers", [(2, ())], indirect=True)
def test_a_move_through_one_process_reaches_a_socket_on_the_other(servers: list[ServerProcess]) -> None:
    a, b = servers
    with httpx.Client(base_url=a.url, timeout=10) as ca:
        g = create(ca, humans(2), seed=5)
        gid, t0 = g["game"], g["seats"][0]["token"]
        ws_url = b.url.replace("http", "ws") + f"/api/games/{gid}/ws"
        with connect(ws_url, open_timeout=10) as ws:
            ws.send(json.dumps({"token": t0}))
            first = json.loads(ws.recv(timeout=10))
            assert first["type"] == "state" and first["data"]["version"] == 0
            last = first["data"]
            rng = random.Random(1)
            for expected in (1, 2, 3):
                assert _play_one(ca, g, rng) == expected
                made = time.monotonic()  # the move is made (committed and acknowledged by process a)
                msg = json.loads(ws.recv(timeout=1.0))  # pushed by process b within a second
                assert msg["data"]["version"] == expected and time.monotonic() - made < 1.0
                # and what b serves on request agrees with what a acknowledged (the pushed log continues
                # the last one: only the new lines come)
                assert msg["data"]["log_from"] == last["log_total"]
                last = whole_log(last, msg["data"])
                with httpx.Client(base_url=b.url, timeout=10) as cb:
                    assert state(cb, gid, t0) == last


@pytest.mark.parametrize("servers", [(2, ())], indirect=True)
def test_conflicting_moves_sent_to_two_processes_at_once_accept_exactly_one(servers: list[ServerProcess]) -> None:
    a, b = servers
    with httpx.Client(base_url=a.url, timeout=10) as ca, httpx.Client(base_url=b.url, timeout=10) as cb:
        g = create(ca, humans(3), seed=9)
        gid = g["game"]
        rng = random.Random(3)
        for _ in range(12):
            spec = state(cb, gid, g["spectator"]["token"])
            t = g["seats"][spec["pending"]["player"]]["token"]
            snap = state(ca, gid, t)
            texts = [x["text"] for x in snap["legal"]]
            first, second = rng.choice(texts), rng.choice(texts)
            answers: dict[str, httpx.Response] = {}
            go = threading.Barrier(2)
            threads = [
                threading.Thread(target=_send_at, args=(go, answers, "a", ca, gid, t, snap["version"], first)),
                threading.Thread(target=_send_at, args=(go, answers, "b", cb, gid, t, snap["version"], second)),
            ]
            for th in threads:
                th.start()
            for th in threads:
                th.join(20)
            codes = sorted(r.status_code for r in answers.values())
            assert codes == [200, 409], {k: r.text for k, r in answers.items()}
            winner = next(k for k, r in answers.items() if r.status_code == 200)
            assert answers[winner].json()["version"] == snap["version"] + 1
            loser = answers["b" if winner == "a" else "a"].json()
            assert loser["error"] == "stale"
            # Both processes now serve the same game, with the winning move in it.
            after_a, after_b = state(ca, gid, t), state(cb, gid, t)
            assert after_a == after_b and after_a["version"] == snap["version"] + 1


@pytest.mark.parametrize("servers", [(3, ())], indirect=True)
def test_killing_one_of_three_processes_loses_no_acknowledged_move(servers: list[ServerProcess]) -> None:
    clients = [httpx.Client(base_url=p.url, timeout=10) for p in servers]
    try:
        games = [create(clients[i % 3], humans(2), seed=30 + i) for i in range(4)]
        acked: dict[str, int] = {g["game"]: 0 for g in games}
        rng = random.Random(7)
        for step in range(10):  # every game moved through every process in turn
            for i, g in enumerate(games):
                acked[g["game"]] = _play_one(clients[(i + step) % 3], g, rng)
        servers[0].kill()  # mid-game, no clean shutdown
        for step in range(10):
            for i, g in enumerate(games):
                acked[g["game"]] = _play_one(clients[1 + (i + step) % 2], g, rng)
        for g in games:
            for c in clients[1:]:
                snap = state(c, g["game"], g["spectator"]["token"])
                assert snap["version"] == acked[g["game"]] == 20
    finally:
        for c in clients:
            c.close()


@pytest.mark.parametrize("servers", [(2, ("--bot-lease", "1"))], indirect=True)
def test_bots_keep_playing_when_the_process_running_them_dies(servers: list[ServerProcess]) -> None:
    a, b = servers
    with httpx.Client(base_url=a.url, timeout=10) as ca, httpx.Client(base_url=b.url, timeout=10) as cb:
        g = create(ca, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=12)
        spec = g["spectator"]["token"]
        wait_for(lambda: state(cb, g["game"], spec)["version"] >= 5, timeout=30)
        a.kill()
        at_kill = state(cb, g["game"], spec)["version"]
        assert state(cb, g["game"], spec)["result"] is None  # a game of random bots lasts far longer
        wait_for(lambda: state(cb, g["game"], spec)["version"] >= at_kill + 5, timeout=30)


@pytest.mark.parametrize("servers", [(2, ())], indirect=True)
def test_games_played_over_live_connections_spread_over_two_processes(servers: list[ServerProcess]) -> None:
    """The load test's live-connection games across processes: each game's seats connect to different
    processes, so every move's answer and every other seat's new state cross from one to the other."""
    from tests.web.test_process import _load_test_module

    load = _load_test_module()
    url = ",".join(s.url for s in servers)
    out = load.run_load(url, games=4, moves=10, players=3, concurrency=4, processes=1, ws=True)
    assert out["errors"] == {}
    assert out["moves"] == 4 * 10


def _documented_proxy(servers: list[ServerProcess], port: int, folder: Path) -> Path:
    """docs/play/online.md's nginx configuration, as written, with the fixture's processes in place of
    its four, listening on ``port``, and a log naming the process that served each request."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "play" / "online.md").read_text(encoding="utf-8")
    block = re.search(r"```nginx\n(.*?)```", doc, re.S)
    assert block is not None, "the deployment recipe has no nginx configuration"
    conf, listed = re.subn(r"(server 127\.0\.0\.1:\d+; )+server 127\.0\.0\.1:\d+;", "", block.group(1))
    assert listed == 1, "the recipe's upstream lists its processes on one line"
    ours = " ".join(f"server 127.0.0.1:{s.port};" for s in servers)
    conf = conf.replace("keepalive 64;", f"{ours}\n    keepalive 64;")
    assert "listen 80;" in conf
    conf = conf.replace("listen 80;", f"listen 127.0.0.1:{port};\n    access_log {folder / 'access.log'} served;")
    path = folder / "nginx.conf"
    path.write_text(
        f"pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\nevents {{ worker_connections 1024; }}\n"
        f"http {{\nlog_format served '$uri $upstream_addr';\nclient_body_temp_path {folder};\n{conf}}}\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize("servers", [(2, ())], indirect=True)
def test_the_documented_proxy_sends_each_game_to_one_process(servers: list[ServerProcess], tmp_path: Path) -> None:
    """The deployment recipe's nginx in front of two processes: every request and live connection of a
    game reaches the one process its id hashes to, games spread over both, and play goes on through it."""
    from tests.web.test_process import _load_test_module

    port = free_port()
    conf = _documented_proxy(servers, port, tmp_path)
    proxy = subprocess.Popen(["/usr/sbin/nginx", "-c", str(conf), "-g", "daemon off;"], stderr=subprocess.PIPE)
    try:
        wait_for(lambda: _answers(f"http://127.0.0.1:{port}/api/bots"), timeout=10)
        load = _load_test_module()
        url = f"http://127.0.0.1:{port}"
        # 10 games of 3 live seats: even if every game hashed to one process, its 30 connections from the
        # proxy's one address stay under the per-address cap of 32 (the games' ids are random).
        live = load.run_load(url, games=10, moves=6, players=3, concurrency=10, processes=1, ws=True)
        posted = load.run_load(url, games=4, moves=4, players=2, concurrency=4, processes=1)
    finally:
        proxy.terminate()
        proxy.wait(10)
    assert live["errors"] == {} and live["moves"] >= 10 * 6
    assert posted["errors"] == {} and posted["moves"] >= 4 * 2
    served: dict[str, set[str]] = {}
    for line in (tmp_path / "access.log").read_text().splitlines():
        uri, upstream = line.split()
        if uri.startswith("/api/games/") and uri.count("/") >= 4:
            served.setdefault(uri.split("/")[3], set()).add(upstream)
    assert len(served) == 14  # every game: created, its states read, its moves and live connections
    assert all(len(ups) == 1 for ups in served.values()), served
    assert {next(iter(ups)) for ups in served.values()} == {f"127.0.0.1:{s.port}" for s in servers}


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=1).status_code == 200
    except httpx.HTTPError:
        return False
