"""Boundary protection: a request-body size cap (ASGI middleware) and per-key token-bucket rate limits."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send


@dataclass(frozen=True, slots=True)
class Rate:
    per_second: float
    burst: float


class RateLimiter:
    """Token buckets per key; ``allow(key)`` spends one token or says no."""

    def __init__(self, rate: Rate, max_keys: int = 100_000) -> None:
        self.rate = rate
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get(key, (self.rate.burst, now))
            tokens = min(self.rate.burst, tokens + (now - last) * self.rate.per_second)
            if tokens < 1:
                self._buckets[key] = (tokens, now)
                return False
            if len(self._buckets) >= self.max_keys and key not in self._buckets:
                self._buckets.clear()
            self._buckets[key] = (tokens - 1, now)
            return True


class BodySizeLimit:
    """Refuse HTTP request bodies larger than ``max_bytes`` with 413, whatever Content-Length says."""

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
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.max_bytes:
                    raise _BodyTooLarge
            return msg

        try:
            await self.app(scope, limited, send)
        except _BodyTooLarge:
            await _too_large(send)


class _BodyTooLarge(Exception):
    pass


async def _too_large(send: Any) -> None:
    body = b'{"error":"bad_request","message":"request body too large"}'
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
