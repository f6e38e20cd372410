"""An HTTP answer's head and body leave in one write (``server.one_write``), in order, and nothing waits
past the event loop's turn."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("fastapi")

from inferno.server.one_write import OneWrite

HEAD = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n"


class Recorded:
    """A transport that records what is written to it."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.writes.append(bytes(data))

    def writelines(self, parts: Any) -> None:
        self.writes.append(b"".join(parts))

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str) -> Any:
        return ("127.0.0.1", 1) if name == "peername" else None


def test_a_head_and_its_body_go_in_one_write() -> None:
    async def go() -> list[bytes]:
        inner = Recorded()
        t = OneWrite(inner)  # type: ignore[arg-type]
        t.write(HEAD)
        assert inner.writes == []
        t.write(b"{}")
        t.write(b"more")  # not a head: straight out
        await asyncio.sleep(0)
        assert t.get_extra_info("peername") == ("127.0.0.1", 1)  # everything else passes through
        return inner.writes

    assert asyncio.run(go()) == [HEAD + b"{}", b"more"]


def test_a_head_alone_leaves_at_the_end_of_the_turn_or_on_close() -> None:
    async def go() -> tuple[list[bytes], list[bytes]]:
        inner = Recorded()
        t = OneWrite(inner)  # type: ignore[arg-type]
        t.write(HEAD)
        await asyncio.sleep(0)
        alone = list(inner.writes)
        other = Recorded()
        u = OneWrite(other)  # type: ignore[arg-type]
        u.write(HEAD)
        u.close()
        assert other.closed
        await asyncio.sleep(0)  # the turn's flush finds nothing left to write
        return alone, other.writes

    assert asyncio.run(go()) == ([HEAD], [HEAD])
