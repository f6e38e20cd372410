"""Stopping the server: SIGTERM (a service manager) and Ctrl-C (SIGINT to the whole process group, as a
terminal sends it) while bots think, a hint waits and live connections are open: the server exits with
status 0 and prints no traceback or warning, live connections are closed with 1012, no worker process
is left, and after a restart the bot game goes on from its last committed move."""

from __future__ import annotations

import http.client
import json
import os
import signal
import threading
import time
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.helpers import create, state, tok, wait_for
from tests.web.server_process import ServerProcess
from tests.web.test_hint_load import _children


def _alive(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl-C"])
def test_stopping_while_bots_think_exits_cleanly_and_the_game_resumes(tmp_path: Path, how: str) -> None:
    srv = ServerProcess(tmp_path / "stop.db", bot_delay=0.0, read_rate=100_000, own_group=True)
    srv.start()
    assert srv.proc is not None
    pid = srv.proc.pid
    closes: list[int | None] = []
    with httpx.Client(base_url=srv.url, timeout=30) as c:
        g = create(c, [{"kind": "bot", "bot": "hard"}] * 3, seed=3)
        solo = create(c, [{"kind": "human"}], seed=4)
        spec = g["spectator"]["token"]
        opened = threading.Event()

        def watch() -> None:
            with connect(srv.url.replace("http", "ws") + f"/api/games/{g['game']}/ws", open_timeout=10) as ws:
                ws.send(json.dumps({"token": spec}))
                ws.recv(timeout=10)
                opened.set()
                try:
                    while True:
                        ws.recv(timeout=30)
                except ConnectionClosed as exc:
                    closes.append(exc.rcvd.code if exc.rcvd else None)

        watcher = threading.Thread(target=watch)
        watcher.start()
        assert opened.wait(20)
        wait_for(lambda: state(c, g["game"], spec)["version"] >= 2, timeout=60)  # bots are thinking now
        # A hint asked for now waits behind the bots' decisions in the pool: it is in flight at the stop.
        t = solo["seats"][0]["token"]
        body = json.dumps({"version": state(c, solo["game"], t)["version"]})
        hint = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30)
        hint.request("POST", f"/api/games/{solo['game']}/hint", body, {**tok(t), "content-type": "application/json"})
        before = state(c, g["game"], spec)["version"]
        time.sleep(0.3)  # the server has read the request by now
    workers = _children(pid)
    if how == "SIGTERM":
        os.kill(pid, signal.SIGTERM)
    else:
        os.killpg(pid, signal.SIGINT)
    assert srv.proc.wait(15) == 0  # a bound, not a measurement: the soak measures the time
    srv.proc = None
    watcher.join(15)
    answer = hint.getresponse()  # answered in time, or told that the server is stopping
    assert answer.status in (200, 429), answer.read()
    if answer.status == 429:
        assert json.loads(answer.read())["message"] == "the server is stopping; ask again when it is back"
    log = srv.log.read_text()
    for bad in ("Traceback", "Aborted", "leaked", "Error", "WARNING"):
        assert bad not in log, log
    assert "Inferno server stopped." in log
    assert closes == [1012]  # the live connection was closed with "the server restarts"
    wait_for(lambda: not any(_alive(w) for w in workers), timeout=10)
    srv.start()  # the bot game goes on from its last committed move
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as c:
            assert state(c, g["game"], spec)["version"] >= before
            wait_for(lambda: state(c, g["game"], spec)["version"] > before + 1, timeout=60)
    finally:
        srv.stop()
