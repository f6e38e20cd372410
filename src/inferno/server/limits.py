"""Boundary protection: a request-body size cap (ASGI middleware), per-key token-bucket rate limits and
the throttle of failed authentications."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from inferno.server.defaults import Rate

__all__ = ["TOO_LARGE", "BodySizeLimit", "FailureLimiter", "Rate", "RateLimiter", "SecurityHeaders"]


class RateLimiter:
    """Token buckets per key; ``allow(key)`` spends one token or says no. ``clock``: seconds, for tests."""

    def __init__(self, rate: Rate, max_keys: int = 100_000, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.max_keys = max_keys
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def has(self, key: str) -> bool:
        """Whether ``key`` has a token left (without spending it)."""
        now = self.clock()
        with self._lock:
            tokens, last = self._buckets.get(key, (self.rate.burst, now))
            return min(self.rate.burst, tokens + (now - last) * self.rate.per_second) >= 1

    def allow(self, key: str, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens of ``key`` if it has one left at least (the bucket may go below zero)."""
        now = self.clock()
        with self._lock:
            tokens, last = self._buckets.get(key, (self.rate.burst, now))
            tokens = min(self.rate.burst, tokens + (now - last) * self.rate.per_second)
            if tokens < 1:
                self._buckets[key] = (tokens, now)
                return False
            if len(self._buckets) >= self.max_keys and key not in self._buckets:
                self._buckets.clear()
            self._buckets[key] = (tokens - cost, now)
            return True


class FailureLimiter:
    """Failed authentications, counted per client address and per game together.

    ``blocked(address)`` is asked before a token is checked, and only the address's own failures block
    it: a correct token from an address that has not used up its allowance is always checked and let
    in, whatever other addresses sent. Each failure spends one of the address's allowance and one of the
    game's; once the game's is spent (many addresses guessing at one game), each further failure against
    that game costs the failing address ``flood_cost`` of its own allowance, so a flood wears out the
    flooders' allowances sooner and nobody else's.
    """

    def __init__(
        self,
        per_address: Rate,
        per_game: Rate,
        flood_cost: float = 4.0,
        max_keys: int = 100_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.addresses = RateLimiter(per_address, max_keys, clock)
        self.games = RateLimiter(per_game, max_keys, clock)
        self.flood_cost = flood_cost

    def blocked(self, address: str) -> bool:
        return not self.addresses.has(address)

    def failed(self, address: str, game: str | None) -> None:
        flooded = game is not None and not self.games.allow(game)
        self.addresses.allow(address, self.flood_cost if flooded else 1.0)


class BodySizeLimit:
    """Refuse HTTP request bodies larger than ``max_bytes`` with 413, whatever Content-Length says.

    The body is read (up to the limit) before the app sees it, so a chunked body that grows too large
    gets 413 too rather than whatever the app makes of a failed read.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.max_bytes):
                await _too_large(send)
                return
        chunks: list[bytes] = []
        seen = 0
        while True:
            msg = await receive()
            if msg["type"] != "http.request":  # the client went away
                return
            chunk = msg.get("body", b"")
            seen += len(chunk)
            if seen > self.max_bytes:
                await _too_large(send)
                return
            chunks.append(chunk)
            if not msg.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: wait for the disconnect as the app expects

        await self.app(scope, replay, send)


TOO_LARGE = b'{"error":"bad_request","message":"request body too large"}'  # the 413's body


async def _too_large(send: Any) -> None:
    body = TOO_LARGE
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
        b"object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """Add a strict Content-Security-Policy (every asset is local; no inline script) and friends."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(msg: Message) -> None:
            if msg["type"] == "http.response.start":
                msg["headers"] = list(msg.get("headers", [])) + SECURITY_HEADERS
            await send(msg)

        await self.app(scope, receive, with_headers)
