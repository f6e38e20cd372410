"""One socket write an answer: uvicorn writes an HTTP answer's head and its body to the transport apart,
two system calls (and on loopback two deliveries to the reader) where one does. ``OneWrite`` stands in
for an HTTP connection's transport and holds a head back until the body's first part comes, then writes
both together. A head with no body after it in the same turn of the event loop is written at the end of
that turn; nothing is ever reordered, and everything else passes through."""

from __future__ import annotations

import asyncio
from typing import Any


class OneWrite:
    """A transport whose writes of an answer's head wait for the next write (or the end of the loop's turn)."""

    __slots__ = ("_held", "_loop", "inner")

    def __init__(self, inner: asyncio.Transport) -> None:
        self.inner = inner
        self._held: bytes | None = None
        self._loop = asyncio.get_running_loop()

    def write(self, data: bytes | bytearray | memoryview) -> None:
        held = self._held
        if held is not None:
            self._held = None
            self.inner.writelines((held, data))  # one system call; uvloop does not join them first
        elif isinstance(data, bytes) and data.startswith(b"HTTP/1.") and data.endswith(b"\r\n\r\n"):
            self._held = data
            self._loop.call_soon(self.flush)
        else:
            self.inner.write(data)

    def flush(self) -> None:
        """Write the head held back, if any."""
        held = self._held
        if held is not None:
            self._held = None
            if not self.inner.is_closing():
                self.inner.write(held)

    def close(self) -> None:
        self.flush()
        self.inner.close()

    def write_eof(self) -> None:
        self.flush()
        self.inner.write_eof()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)
