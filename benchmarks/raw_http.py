"""A lean HTTP/1.1 client for the load test: keep-alive connections over asyncio streams, requests written
and answers read by hand (status line, headers, a body by ``Content-Length`` or chunked).

It exists because the load test's clients share the machine's cores with the server they measure: httpx
spent more CPU a request than the server did, so the clients, not the server, set the pace. It speaks
real HTTP over TCP to the real server; it knows only what the load test sends (GET and POST with a JSON
body) and what uvicorn answers.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import orjson

_Conn = tuple[asyncio.StreamReader, asyncio.StreamWriter]


class HTTPError(Exception):
    """An answer the client cannot read (a malformed head, a connection closed mid-answer)."""


@dataclass(frozen=True, slots=True)
class Reply:
    """An answer: its status and body (and ``json()``, as httpx's response has)."""

    status_code: int
    content: bytes

    def json(self) -> Any:
        return orjson.loads(self.content)


class RawClient:
    """Requests to one server (``base_url``) over at most ``limit`` keep-alive connections. A connection
    idle for ``idle_expiry`` seconds is closed rather than reused (before the server's own keep-alive
    timeout, uvicorn's 5 s, closes it under a request); a request sent on a reused connection that the
    server had closed (nothing came back) is sent once more on a new one."""

    def __init__(self, base_url: str, limit: int = 100, idle_expiry: float = 2.0) -> None:
        parts = urlsplit(base_url)
        if parts.scheme != "http" or parts.hostname is None:
            raise ValueError(f"only http://host:port URLs: {base_url}")
        self.base_url = base_url.rstrip("/")
        self.host = parts.hostname
        self.port = parts.port or 80
        self.idle_expiry = idle_expiry
        self._host_line = f"Host: {parts.netloc}\r\n".encode()
        self._slots = asyncio.Semaphore(limit)
        self._idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter, float]] = []

    async def __aenter__(self) -> RawClient:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        idle, self._idle = self._idle, []
        for _r, w, _t in idle:
            w.close()
        for _r, w, _t in idle:
            try:
                await w.wait_closed()
            except OSError:
                pass

    async def get(self, path: str, headers: dict[str, str] | None = None) -> Reply:
        return await self.request("GET", path, None, headers)

    async def post(self, path: str, json: Any = None, headers: dict[str, str] | None = None) -> Reply:
        return await self.request("POST", path, orjson.dumps(json), headers)

    async def request(self, method: str, path: str, body: bytes | None, headers: dict[str, str] | None) -> Reply:
        head = [f"{method} {path} HTTP/1.1\r\n".encode(), self._host_line]
        for name, value in (headers or {}).items():
            head.append(f"{name}: {value}\r\n".encode("latin-1"))
        if body is not None:
            head.append(b"Content-Type: application/json\r\nContent-Length: %d\r\n" % len(body))
        head.append(b"\r\n")
        data = b"".join(head) + (body or b"")
        async with self._slots:
            conn, reused = await self._connection()
            try:
                try:
                    reply, keep = await _exchange(conn, data)
                except _NothingBack:
                    if not reused:
                        raise HTTPError("the server closed the connection without an answer") from None
                    conn[1].close()
                    conn, reused = await self._open(), False
                    reply, keep = await _exchange(conn, data)
            except BaseException:
                conn[1].close()
                raise
            if keep:
                self._idle.append((conn[0], conn[1], time.monotonic()))
            else:
                conn[1].close()
            return reply

    async def _connection(self) -> tuple[_Conn, bool]:
        """A kept connection not idle too long (True: reused), else a new one."""
        now = time.monotonic()
        while self._idle:
            r, w, since = self._idle.pop()
            if now - since < self.idle_expiry and not r.at_eof():
                return (r, w), True
            w.close()
        return await self._open(), False

    async def _open(self) -> _Conn:
        return await asyncio.open_connection(self.host, self.port)


class _NothingBack(Exception):
    """The connection ended before any byte of an answer came."""


async def _exchange(conn: _Conn, data: bytes) -> tuple[Reply, bool]:
    """Send one request and read its answer; whether the connection may be kept."""
    reader, writer = conn
    try:
        writer.write(data)
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as exc:
        if not exc.partial:
            raise _NothingBack from None
        raise HTTPError("the answer's head was cut off") from None
    except ConnectionError:
        raise _NothingBack from None
    lines = head[:-4].split(b"\r\n")
    status = lines[0].split(b" ", 2)
    if len(status) < 2 or not status[0].startswith(b"HTTP/1."):
        raise HTTPError(f"not an HTTP answer: {lines[0]!r}")
    length, chunked, keep = -1, False, status[0] == b"HTTP/1.1"
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"content-length":
            length = int(value)
        elif name == b"transfer-encoding":
            chunked = b"chunked" in value.lower()
        elif name == b"connection":
            keep = value.strip().lower() == b"keep-alive" or (keep and value.strip().lower() != b"close")
    try:
        if chunked:
            body = await _chunks(reader)
        elif length >= 0:
            body = await reader.readexactly(length)
        else:  # no length: the body runs to the connection's end
            body, keep = await reader.read(), False
    except asyncio.IncompleteReadError:
        raise HTTPError("the answer's body was cut off") from None
    return Reply(int(status[1]), body), keep


async def _chunks(reader: asyncio.StreamReader) -> bytes:
    parts = []
    while True:
        size = int((await reader.readuntil(b"\r\n")).split(b";", 1)[0], 16)
        if size == 0:
            while await reader.readuntil(b"\r\n") != b"\r\n":  # trailers
                pass
            return b"".join(parts)
        parts.append(await reader.readexactly(size))
        await reader.readexactly(2)
