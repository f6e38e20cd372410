"""The server's gate: who a request comes from, the seat its token opens (failed attempts counted and
throttled), and the rate limits on reads, new games and actions.

The routes take these checks as FastAPI dependencies, so a handler starts with its seat known and its
allowance spent: ``Depends(gate.reader)`` (one read counted per address, then the seat the token opens),
``Depends(gate.reads)`` (a read without a seat), ``Depends(gate.creator)`` (a new game's allowance). A
route with a body takes its seat in a dependency of its own that declares the body, so that a malformed
body is answered (400) before the token is checked, as ever; it calls ``gate.acting``."""

from __future__ import annotations

import re
from typing import Annotated

import anyio
from fastapi import Header, Request

from inferno.i18n import N_, SERVER
from inferno.server.errors import ErrorCode, Refused
from inferno.server.limits import FailureLimiter, RateLimiter
from inferno.server.service import GameService
from inferno.server.settings import ServerSettings

GAME_ID = r"^[A-Za-z0-9_-]{1,32}$"
_GAME_ID_RE = re.compile(GAME_ID)
TOKEN_HEADER = "X-Inferno-Token"
Token = Annotated[str | None, Header(alias=TOKEN_HEADER, max_length=64)]
_ = SERVER.gettext
SLOW_DOWN = N_("too many requests; slow down")


def client_key(request: Request) -> str:
    """The address a request comes from (what its rate limits count)."""
    return request.client.host if request.client else "?"


class Gate:
    """Seat checks and rate limits, shared by every room of the server."""

    def __init__(self, service: GameService, settings: ServerSettings) -> None:
        self.service = service
        self.action_limit = RateLimiter(settings.action_rate)
        self.create_limit = RateLimiter(settings.create_rate)
        self.read_limit = RateLimiter(settings.read_rate)
        self.fail_limit = FailureLimiter(settings.auth_fail_address, settings.auth_fail_game, settings.auth_flood_cost)

    def seat_of(self, address: str, game_id: str, token: str | None) -> int:
        """The seat ``token`` opens, with failed attempts counted and throttled per address and per game."""
        fail_limit = self.fail_limit
        if fail_limit.blocked(address):  # this address's own failures only: others' never lock it out
            raise Refused(ErrorCode.RATE_LIMITED, _("too many failed attempts from your address; wait a little"))
        try:
            if not _GAME_ID_RE.fullmatch(game_id):
                raise Refused(ErrorCode.NOT_FOUND, _("no such game"))
            seat = self.service.authorize(game_id, token)
        except Refused as exc:
            if exc.code is ErrorCode.FORBIDDEN:
                fail_limit.failed(address, game_id)
            elif exc.code is ErrorCode.NOT_FOUND:
                fail_limit.failed(address, None)
            raise
        return seat

    async def seat_now(self, address: str, game_id: str, token: str | None) -> int:
        """``seat_of`` on the event loop for a game in memory (CPU only, nothing to wait for), else from a
        thread (the game is loaded from the database)."""
        if self.service.in_memory(game_id):
            return self.seat_of(address, game_id, token)
        return await anyio.to_thread.run_sync(self.seat_of, address, game_id, token)

    async def reader(self, game_id: str, request: Request, token: Token = None) -> int:
        """Dependency of a route that reads a game: one read of the address's allowance (spent before the
        token is checked, so guessing is throttled too), then the seat the token opens."""
        self.count_read(request)
        return await self.seat_now(client_key(request), game_id, token)

    def reads(self, request: Request) -> str:
        """Dependency of a route that reads without a seat: one read of the address's allowance; the address."""
        self.count_read(request)
        return client_key(request)

    def creator(self, request: Request) -> str:
        """Dependency of the route that creates a game: one of the address's new games; the address."""
        address = client_key(request)
        if not self.create_limit.allow(address):
            raise Refused(ErrorCode.RATE_LIMITED, _("too many new games; wait a little"))
        return address

    async def acting(
        self,
        game_id: str,
        request: Request,
        token: str | None,
        *,
        spectators: str | None = None,
        limit: str | None = SLOW_DOWN,
        key: str = "",
    ) -> int:
        """The seat of a route that changes a game: the seat the token opens, refused to a spectator with
        ``spectators`` (if given), then one action of the seat's allowance (``limit``: the refusal's words;
        None: nothing spent here; ``key``: a separate allowance of the seat, e.g. "/review"). The words are
        English texts marked with ``N_``, read here in the player's language."""
        seat = await self.seat_now(client_key(request), game_id, token)
        if spectators is not None and seat < 0:
            raise Refused(ErrorCode.FORBIDDEN, _(spectators))
        if limit is not None:
            self.count_action(game_id, seat, limit, key)
        return seat

    def count_read(self, request: Request) -> None:
        """Spend one read of this client's allowance (checked before the token, so guessing is throttled too)."""
        if not self.read_limit.allow(client_key(request)):
            raise Refused(ErrorCode.RATE_LIMITED, _(SLOW_DOWN))

    def count_action(self, game_id: str, seat: int, message: str = SLOW_DOWN, key: str = "") -> None:
        """Spend one action of the seat's allowance (``key``: a separate one of the seat's), or refuse with
        ``message`` (an English text marked with ``N_``, read in the player's language)."""
        if not self.action_limit.allow(f"{game_id}/{seat}{key}"):
            raise Refused(ErrorCode.RATE_LIMITED, _(message))
