"""The server process under uvicorn: its open-file limit raised, every connection counted per address
(``connections``), and a clean stop on SIGTERM or Ctrl-C.

Stopping: the listening socket closes (no new connection), bots stop and the hints waiting are answered
that the server is stopping, the worker processes end at once (a decision being thought out is cut: its
game resumes at the next start, since every accepted move is committed), live connections are closed
with code 1012 (the server restarts), requests in flight get ``shutdown_seconds`` to finish, the
database is closed, and the process exits with status 0.
"""

from __future__ import annotations

import asyncio
import logging
import math
import signal
import socket
from collections.abc import Callable, Coroutine
from types import FrameType
from typing import Any

import uvicorn
from uvicorn.protocols.http.auto import AutoHTTPProtocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from inferno.server.botpool import end_workers
from inferno.server.connections import ConnectionGuard, Proxies, budget, guarded_protocols, raise_open_files
from inferno.server.settings import ServerSettings

log = logging.getLogger("inferno.server")


class _Server(uvicorn.Server):
    """uvicorn's server, which lets the app stop its own work as soon as the stop begins (so requests
    waiting on bots or hints end at once rather than after the grace time)."""

    def __init__(self, config: uvicorn.Config, stop_work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        super().__init__(config)
        self.stop_work = stop_work

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        work = asyncio.create_task(self.stop_work())  # runs once the listening sockets have closed
        await super().shutdown(sockets)
        await work


def _on_signal(server: uvicorn.Server) -> Callable[[int, FrameType | None], None]:
    def handle(sig: int, _frame: FrameType | None) -> None:
        # While it serves, uvicorn's own handler is in place and stops it. This one runs before that (then
        # there is nothing to stop yet) or after it stopped, when uvicorn passes the signal on again.
        if not server.should_exit:
            raise SystemExit(0)

    return handle


def serve(app: Any, sock: socket.socket, settings: ServerSettings, say: Callable[[str], None]) -> None:
    """Serve ``app`` (from ``create_app``) on the listening ``sock`` until SIGTERM or Ctrl-C."""
    limits = settings.connections
    files = raise_open_files(limits.total + limits.spare_files)
    plan = budget(limits, files.soft)
    # No per-message compression on the live connections: after the first state a message carries only
    # the new log lines (a few KiB), and compressing each one cost a quarter of the server's CPU time.
    config = uvicorn.Config(
        app,
        log_level="warning",
        ws_max_size=65_536,
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=max(1, math.ceil(settings.shutdown_seconds)),
    )
    guard = ConnectionGuard(limits, plan, Proxies(config.forwarded_allow_ips))
    if not isinstance(AutoWebSocketsProtocol, type):  # pragma: no cover (the web extra installs websockets)
        # i18n: not for players (the operator starting the server reads it)
        raise RuntimeError("no WebSocket library is installed; pip install 'inferno-game[web]'")
    config.http, config.ws = guarded_protocols(guard, AutoHTTPProtocol, AutoWebSocketsProtocol)
    # i18n: not for players (the server's operator reads these lines, as the log's)
    raised = f" (raised from {files.before})" if files.soft != files.before else ""
    hard = "no limit" if files.hard < 0 else str(files.hard)  # i18n: not for players
    say(  # i18n: not for players
        f"Open files: {files.soft}{raised}, the system allows {hard}; connections: {plan.total} in all, "
        f"{plan.per_address} per address, {plan.reserve} kept for new visitors"
    )
    log.info("open-file limit %d (hard %s); connection budget %s", files.soft, hard, plan)

    async def stop_work() -> None:
        await app.state.stop_work()
        ended = await asyncio.to_thread(end_workers)
        log.info("stopping: %d worker process(es) ended", ended)

    server = _Server(config, stop_work)
    handler = _on_signal(server)
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, handler)
    server.run(sockets=[sock])
