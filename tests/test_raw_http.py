"""The load test's lean HTTP client (``benchmarks/raw_http.py``) against a scripted server: answers by
length and chunked, keep-alive connections reused, a connection the server closed while idle replaced,
and ``Connection: close`` honoured."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.benchmark_modules import load_benchmark

raw_http = load_benchmark("raw_http")


async def _serve(answers: list[bytes], close_after: set[int]) -> tuple[asyncio.Server, dict[str, Any]]:
    """A server that answers its n-th request with ``answers[n]`` and then closes that connection if n is
    in ``close_after``; it records each request (and the connection it came on)."""
    seen: dict[str, Any] = {"requests": [], "connections": 0}

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        seen["connections"] += 1
        conn = seen["connections"]
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":")[1])
                body = await reader.readexactly(length)
                n = len(seen["requests"])
                seen["requests"].append((conn, head.split(b"\r\n")[0], body))
                writer.write(answers[n])
                await writer.drain()
                if n in close_after:
                    break
        except asyncio.IncompleteReadError:
            pass
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    return server, seen


def _ok(body: bytes, extra: bytes = b"") -> bytes:
    return b"HTTP/1.1 200 OK\r\ncontent-length: %d\r\n%s\r\n%s" % (len(body), extra, body)


def test_answers_by_length_and_chunked_on_one_kept_connection() -> None:
    chunked = b"HTTP/1.1 201 Created\r\ntransfer-encoding: chunked\r\n\r\n3\r\n[1,\r\n2\r\n2]\r\n0\r\n\r\n"

    async def go() -> tuple[list[Any], dict[str, Any]]:
        server, seen = await _serve([_ok(b'{"a":1}'), chunked], set())
        port = server.sockets[0].getsockname()[1]
        async with raw_http.RawClient(f"http://127.0.0.1:{port}", limit=1) as c:
            first = await c.post("/x", json={"v": 1}, headers={"X-Inferno-Token": "t"})
            second = await c.get("/y")
        server.close()
        return [(first.status_code, first.json()), (second.status_code, second.json())], seen

    got, seen = asyncio.run(go())
    assert got == [(200, {"a": 1}), (201, [1, 2])]
    assert [(conn, line) for conn, line, _ in seen["requests"]] == [(1, b"POST /x HTTP/1.1"), (1, b"GET /y HTTP/1.1")]
    assert seen["requests"][0][2] == b'{"v":1}'


def test_a_connection_closed_by_the_server_is_replaced() -> None:
    """Closed while idle (after answering, as a keep-alive timeout does): the next request is sent again on
    a new connection. ``Connection: close``: the client opens a new one itself."""

    async def go() -> tuple[list[int], dict[str, Any]]:
        answers = [_ok(b"1"), _ok(b"2", b"connection: close\r\n"), _ok(b"3")]
        server, seen = await _serve(answers, {0, 1})
        port = server.sockets[0].getsockname()[1]
        async with raw_http.RawClient(f"http://127.0.0.1:{port}", limit=1) as c:
            got = [(await c.get(f"/{i}")).json() for i in range(3)]
        server.close()
        return got, seen

    got, seen = asyncio.run(go())
    assert got == [1, 2, 3]
    assert [conn for conn, _, _ in seen["requests"]] == [1, 2, 3]
