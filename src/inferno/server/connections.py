"""Open connections per client address, so that one address cannot use up the server's file descriptors.

Every connection (HTTP or live) holds a descriptor. The server keeps a budget of connections under its
open-file limit (with room for the database, the bot workers and the logs), and refuses a new one when

* its address holds ``per_address`` connections already (unless the address is a trusted proxy, whose
  connections are everyone's: behind a proxy, the proxy caps its clients and the app caps each client's
  live connections), or
* the budget is full, or
* the connections open fill the budget but for the share kept for new visitors, and its address holds
  ``newcomer_below`` or more: addresses holding few connections still get in.

So one address can never lock everyone out. A refused connection is answered
``429 rate_limited`` with a message and closed; a connection that sends nothing is closed after
``first_request_seconds``. The guard sits in uvicorn's protocol classes (``guarded_protocols``); the
process's soft open-file limit is raised at start as far as the hard limit allows (``raise_open_files``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import math
import resource
from dataclasses import dataclass
from typing import Any

from inferno.i18n import N_, SERVER, use_language
from inferno.server.defaults import CONNECTIONS_PER_ADDRESS, LIVE_PER_ADDRESS, MAX_CONNECTIONS
from inferno.server.i18n_routes import request_language
from inferno.server.one_write import OneWrite

log = logging.getLogger("inferno.server")
_ = SERVER.gettext

# Why a connection is refused: an English text (read in the player's language when answered) and its fields.
Why = tuple[str, dict[str, int]]
TOO_MANY_FROM_YOU = N_("too many open connections from your address (at most {most}); close some")
FULL = N_("the server is full; try again in a minute")
BUSY = N_("the server is busy; your address has many connections open already, so try again in a minute")


@dataclass(frozen=True, slots=True)
class ConnectionLimits:
    """Caps on open connections (documented in docs/play/online.md)."""

    per_address: int = CONNECTIONS_PER_ADDRESS  # open connections (HTTP and live) from one client address
    live_per_address: int = LIVE_PER_ADDRESS  # live connections (WebSockets) from one client address
    total: int = MAX_CONNECTIONS  # open connections in all (fewer if the open-file limit is lower)
    newcomer_share: float = 0.25  # share of the budget only addresses holding few connections may use
    newcomer_below: int = 8  # an address holding fewer connections than this counts as a new visitor
    spare_files: int = 128  # descriptors kept for the process itself (database, bot workers, logs)
    first_request_seconds: float = 10.0  # a connection that sends nothing this long is closed


@dataclass(frozen=True, slots=True)
class OpenFiles:
    """The process's open-file limits: the soft one before and after raising it, and the hard one."""

    before: int
    soft: int
    hard: int  # -1: unlimited


@dataclass(frozen=True, slots=True)
class Budget:
    """What the limits come to under an open-file limit."""

    total: int  # connections in all
    per_address: int  # connections from one address (not a trusted proxy)
    reserve: int  # connections only new visitors may open


def raise_open_files(want: int) -> OpenFiles:
    """Raise the soft open-file limit to ``want`` descriptors if the hard limit allows (never lower it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = want if hard == resource.RLIM_INFINITY else min(want, hard)
    new = soft
    if soft != resource.RLIM_INFINITY and target > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            new = target
        except (ValueError, OSError) as exc:  # a container may refuse it
            log.warning("could not raise the open-file limit from %d to %d: %s", soft, target, exc)
    unlimited = resource.RLIM_INFINITY
    return OpenFiles(
        -1 if soft == unlimited else soft, -1 if new == unlimited else new, -1 if hard == unlimited else hard
    )


def budget(limits: ConnectionLimits, soft_files: int) -> Budget:
    """The connection budget under ``soft_files`` open files (-1: unlimited)."""
    room = limits.total if soft_files < 0 else min(limits.total, soft_files - limits.spare_files)
    total = max(8, room)
    reserve = max(2, math.ceil(total * limits.newcomer_share))
    return Budget(total, max(1, min(limits.per_address, total - reserve)), reserve)


class Proxies:
    """The addresses trusted as proxies (uvicorn's ``forwarded_allow_ips``: addresses and networks, or *)."""

    def __init__(self, spec: str | list[str]) -> None:
        items = [x.strip() for x in (spec.split(",") if isinstance(spec, str) else spec) if x.strip()]
        self.everyone = "*" in items
        self.networks = []
        for item in items:
            try:
                self.networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                continue  # a host name or a socket path: uvicorn matches those itself

    def __contains__(self, address: str) -> bool:
        if self.everyone:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in self.networks)


class ConnectionGuard:
    """Counts the open connections per address and admits or refuses new ones (event-loop thread only)."""

    def __init__(self, limits: ConnectionLimits, plan: Budget, proxies: Proxies | None = None) -> None:
        self.limits = limits
        self.plan = plan
        self.proxies = proxies or Proxies("")
        self.open = 0
        self.refused = 0
        self._by_address: dict[str, int] = {}
        self._address_of: dict[object, str] = {}  # transport: its address

    def holding(self, address: str) -> int:
        return self._by_address.get(address, 0)

    def admit(self, transport: object, address: str) -> str | None:
        """Count the connection in and return None, or return why it is refused (counted out), in words."""
        why = self.admit_why(transport, address)
        return None if why is None else words(why)

    def admit_why(self, transport: object, address: str) -> Why | None:
        """Count the connection in and return None, or return why it is refused (counted out)."""
        held = self._by_address.get(address, 0)
        plan = self.plan
        why: Why | None = None
        if held >= plan.per_address and address not in self.proxies:
            why = TOO_MANY_FROM_YOU, {"most": plan.per_address}
        elif self.open >= plan.total:
            why = FULL, {}
        elif self.open >= plan.total - plan.reserve and held >= self.limits.newcomer_below:
            why = BUSY, {}
        if why is not None:
            self.refused += 1
            return why
        self._by_address[address] = held + 1
        self._address_of[transport] = address
        self.open += 1
        return None

    def release(self, transport: object) -> None:
        """The connection closed (whatever protocol it ended with); a second call does nothing."""
        address = self._address_of.pop(transport, None)
        if address is None:
            return
        self.open -= 1
        n = self._by_address[address] - 1
        if n:
            self._by_address[address] = n
        else:
            del self._by_address[address]


def words(why: Why, request: bytes = b"") -> str:
    """Why a connection is refused, in the language of its ``request`` (its head, if it came)."""
    with use_language(request_language(request)):
        return _(why[0]).format(**why[1])


def _refusal(message: str) -> bytes:
    body = ('{"error":"rate_limited","message":"' + message.replace('"', "'") + '"}').encode()
    head = (
        b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n"
        b"content-length: %d\r\nconnection: close\r\nretry-after: 60\r\n\r\n" % len(body)
    )
    return head + body


LINGER_SECONDS = 1.0  # a refused connection waits this long at most for its request before it is closed


def guarded_protocols(guard: ConnectionGuard, http: type[Any], ws: type[Any]) -> tuple[type[Any], type[Any]]:
    """Subclasses of uvicorn's HTTP and WebSocket protocol classes that count every connection in
    ``guard``, answer a refused one with 429 and close it, and close one that sends nothing at first."""
    lingering: set[object] = set()

    class GuardedHttp(http):  # type: ignore[misc]
        def connection_made(self, transport: asyncio.Transport) -> None:
            peer = transport.get_extra_info("peername")
            address = peer[0] if isinstance(peer, tuple) else str(peer or "?")
            self._guard_transport = transport
            why = guard.admit_why(transport, address)
            self._refused = why is not None
            if why is not None:
                self._refuse(transport, why)
                return
            super().connection_made(OneWrite(transport))  # an answer's head and body in one write
            loop = asyncio.get_running_loop()
            self._silent: asyncio.TimerHandle | None = loop.call_later(
                guard.limits.first_request_seconds, self._close_silent
            )

        def _refuse(self, transport: asyncio.Transport, why: Why) -> None:
            # Answered after its request has arrived (or a moment later), so the client reads the answer
            # rather than a reset; refused connections waiting so are few, or closed at once.
            self._why = why
            # Refused connections waiting so hold descriptors too: a quarter of the new visitors' share at
            # most, within the budget; beyond, they are closed at once.
            if len(lingering) >= guard.plan.reserve // 4 or guard.open + len(lingering) >= guard.plan.total:
                transport.abort()
                return
            lingering.add(transport)
            asyncio.get_running_loop().call_later(LINGER_SECONDS, self._answer)

        def _answer(self, request: bytes = b"") -> None:
            t = self._guard_transport
            if t in lingering:
                lingering.discard(t)
                if not t.is_closing():
                    t.write(_refusal(words(self._why, request)))
                    t.close()

        def _close_silent(self) -> None:
            if not self._guard_transport.is_closing():
                self._guard_transport.close()

        def data_received(self, data: bytes) -> None:
            if self._refused:
                self._answer(data)
                return
            silent = getattr(self, "_silent", None)
            if silent is not None:
                silent.cancel()
                self._silent = None
            super().data_received(data)

        def connection_lost(self, exc: Exception | None) -> None:
            guard.release(self._guard_transport)
            lingering.discard(self._guard_transport)
            if self._refused:
                return
            silent = getattr(self, "_silent", None)
            if silent is not None:
                silent.cancel()
            super().connection_lost(exc)

    class GuardedWs(ws):  # type: ignore[misc]
        def connection_made(self, transport: asyncio.Transport) -> None:
            if isinstance(transport, OneWrite):  # the upgraded HTTP connection's: its frames go straight out
                transport.flush()
                transport = transport.inner
            self._guard_transport = transport  # counted in by the HTTP connection it upgrades
            super().connection_made(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            guard.release(self._guard_transport)
            super().connection_lost(exc)

    return GuardedHttp, GuardedWs
