"""Open connections per address: one address cannot use up the server's file descriptors (a real server
with its open-file limit lowered to 300), a trusted proxy's flood still leaves room for new visitors, and
live connections from one address are capped with a close code and a message."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from inferno.server.connections import Budget, ConnectionGuard, ConnectionLimits, Proxies, budget
from tests.web.helpers import create, humans, make_client
from tests.web.server_process import ServerProcess

FILES = 300  # the server's open-file limit in these tests (a quarter of the usual 1,024)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    srv = ServerProcess(tmp_path_factory.mktemp("fds") / "fds.db", read_rate=100_000, open_files=FILES)
    srv.start()
    yield srv
    srv.stop()


def _flood(server: ServerProcess, address: str, n: int) -> list[socket.socket]:
    """``n`` connections from ``address`` that send nothing."""
    out = []
    for _ in range(n):
        s = socket.socket()
        s.bind((address, 0))
        s.connect(("127.0.0.1", server.port))
        out.append(s)
    return out


def _files(server: ServerProcess) -> int:
    assert server.proc is not None
    return len(os.listdir(f"/proc/{server.proc.pid}/fd"))


def _get(server: ServerProcess, address: str, path: str = "/api/bots") -> httpx.Response:
    with httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=10) as c:
        return c.get(server.url + path)


def _live(server: ServerProcess, address: str, game: dict[str, object]) -> dict[str, object]:
    url = server.url.replace("http", "ws") + f"/api/games/{game['game']}/ws"
    with connect(url, open_timeout=10, source_address=(address, 0)) as ws:
        ws.send(json.dumps({"token": game["spectator"]["token"]}))  # type: ignore[index]
        return dict(json.loads(ws.recv(timeout=10)))


@pytest.mark.parametrize("flooder", ["127.0.0.5", "127.0.0.1"], ids=["an address", "a trusted proxy"])
def test_one_address_cannot_use_up_the_descriptors_and_others_still_get_in(server: ServerProcess, flooder: str) -> None:
    """600 connections from one address (twice the open-file limit): the server keeps under its limit, a
    new address is served over HTTP and live connections, and the flooder is told why it is refused.
    127.0.0.1 is a trusted proxy by default: not capped per address, but it cannot take the share kept
    for new visitors either."""
    with httpx.Client(base_url=server.url) as c:
        game = create(c, humans(2), seed=None)
    flood = _flood(server, flooder, 2 * FILES)
    try:
        assert _files(server) < FILES
        assert _get(server, "127.0.0.6").status_code == 200
        assert _live(server, "127.0.0.6", game)["type"] == "state"
        time.sleep(1.5)  # the refused connections waiting for a request have been answered and closed
        r = _get(server, flooder)
        assert r.status_code == 429 and r.json()["error"] == "rate_limited"
        assert "your address" in r.json()["message"]
        held = 0
        for s in flood:
            s.setblocking(False)
            try:
                data = s.recv(1000)
                assert data == b"" or data.startswith(b"HTTP/1.1 429 Too Many Requests")
            except BlockingIOError:
                held += 1  # admitted: closed after 10 s without a request
            except OSError:
                pass  # closed at once
        plan = budget(ConnectionLimits(), FILES)
        assert held <= (plan.total - plan.reserve if flooder == "127.0.0.1" else plan.per_address)
    finally:
        for s in flood:
            s.close()
    assert "Traceback" not in server.log.read_text()


def test_live_connections_from_one_address_are_capped_with_a_close_code_and_a_message(
    server: ServerProcess,
) -> None:
    with httpx.Client(base_url=server.url) as c:
        game = create(c, humans(2), seed=None)
    url = server.url.replace("http", "ws") + f"/api/games/{game['game']}/ws"
    with contextlib.ExitStack() as socks:
        for _ in range(32):
            ws = socks.enter_context(connect(url, open_timeout=10, source_address=("127.0.0.7", 0)))
            ws.send(json.dumps({"token": game["spectator"]["token"]}))
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
        with connect(url, open_timeout=10, source_address=("127.0.0.7", 0)) as extra:
            msg = json.loads(extra.recv(timeout=10))
            assert msg["type"] == "error" and "too many game pages open from your address" in msg["message"]
            with pytest.raises(ConnectionClosed) as closed:
                extra.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        assert _live(server, "127.0.0.8", game)["type"] == "state"  # another address is not held up


def test_the_budget_keeps_room_for_the_process_and_for_new_visitors() -> None:
    limits = ConnectionLimits()
    assert budget(limits, 1024) == Budget(total=896, per_address=128, reserve=224)
    assert budget(limits, 300) == Budget(total=172, per_address=128, reserve=43)
    assert budget(limits, 65536).total == limits.total
    guard = ConnectionGuard(limits, Budget(total=20, per_address=6, reserve=5), Proxies("127.0.0.1,::1"))
    held = [object() for _ in range(20)]
    admitted = [guard.admit(t, "10.0.0.1") is None for t in held[:8]]
    assert admitted == [True] * 6 + [False] * 2  # six per address
    proxy = [guard.admit(t, "127.0.0.1") is None for t in held[8:20]]
    assert proxy == [True] * 9 + [False] * 3  # a proxy fills the budget but for the newcomers' share
    assert guard.admit(object(), "10.0.0.2") is None  # a new visitor still gets in
    guard.release(held[0])
    guard.release(held[0])  # twice: counted once
    assert guard.holding("10.0.0.1") == 5 and guard.open == 15
    assert "::1" in Proxies("127.0.0.1,::1") and "10.0.0.1" not in Proxies("127.0.0.1") and "x" in Proxies("*")


def test_an_in_process_app_caps_live_connections_per_address(db_path: Path) -> None:
    from inferno.server.settings import ServerSettings

    limits = ConnectionLimits(live_per_address=2)
    with make_client(db_path, connections=limits) as c:
        g = create(c, humans(2), seed=3)
        path = f"/api/games/{g['game']}/ws"
        with c.websocket_connect(path) as a, c.websocket_connect(path) as b:
            for ws in (a, b):
                ws.send_json({"token": g["spectator"]["token"]})
                assert ws.receive_json()["type"] == "state"
            with c.websocket_connect(path) as third:
                assert "too many game pages" in third.receive_json()["message"]
        with c.websocket_connect(path) as again:  # the others closed: room again
            again.send_json({"token": g["spectator"]["token"]})
            assert again.receive_json()["type"] == "state"
    assert ServerSettings().connections.live_per_address == 32
