"""The server's gate: who a request comes from, the seat its token opens (failed attempts counted and
throttled), and the rate limits on reads, new games and actions."""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Header, Request

from inferno.server.errors import ErrorCode, Refused
from inferno.server.limits import FailureLimiter, RateLimiter
from inferno.server.service import GameService
from inferno.server.settings import ServerSettings

GAME_ID = r"^[A-Za-z0-9_-]{1,32}$"
_GAME_ID_RE = re.compile(GAME_ID)
TOKEN_HEADER = "X-Inferno-Token"
Token = Annotated[str | None, Header(alias=TOKEN_HEADER, max_length=64)]


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
            raise Refused(ErrorCode.RATE_LIMITED, "too many failed attempts from your address; wait a little")
        try:
            if not _GAME_ID_RE.fullmatch(game_id):
                raise Refused(ErrorCode.NOT_FOUND, "no such game")
            seat = self.service.authorize(game_id, token)
        except Refused as exc:
            if exc.code is ErrorCode.FORBIDDEN:
                fail_limit.failed(address, game_id)
            elif exc.code is ErrorCode.NOT_FOUND:
                fail_limit.failed(address, None)
            raise
        return seat

    def count_read(self, request: Request) -> None:
        """Spend one read of this client's allowance (checked before the token, so guessing is throttled too)."""
        if not self.read_limit.allow(client_key(request)):
            raise Refused(ErrorCode.RATE_LIMITED, "too many requests; slow down")

    def allow_action(self, key: str) -> bool:
        """Spend one action of ``key``'s allowance (a seat of a game); False when it is spent."""
        return self.action_limit.allow(key)

    def count_action(self, game_id: str, seat: int, message: str = "too many requests; slow down") -> None:
        """Spend one action of the seat's allowance, or refuse with ``message``."""
        if not self.action_limit.allow(f"{game_id}/{seat}"):
            raise Refused(ErrorCode.RATE_LIMITED, message)
