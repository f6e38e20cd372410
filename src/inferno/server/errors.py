"""Why the server refuses a request: the error codes, their HTTP statuses and the exception that carries
them. A refused request changed nothing."""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class ErrorCode(StrEnum):
    """Why a request was refused; each maps to one HTTP status."""

    NOT_FOUND = "not_found"
    FORBIDDEN = "forbidden"
    STALE = "stale"
    MALFORMED = "malformed"
    ILLEGAL = "illegal"
    NOT_YOUR_TURN = "not_your_turn"
    GAME_OVER = "game_over"
    UNDO_REFUSED = "undo_refused"
    BAD_REQUEST = "bad_request"
    RATE_LIMITED = "rate_limited"


STATUS = {
    ErrorCode.NOT_FOUND: 404,
    ErrorCode.FORBIDDEN: 403,
    ErrorCode.STALE: 409,
    ErrorCode.MALFORMED: 400,
    ErrorCode.ILLEGAL: 422,
    ErrorCode.NOT_YOUR_TURN: 409,
    ErrorCode.GAME_OVER: 409,
    ErrorCode.UNDO_REFUSED: 409,
    ErrorCode.BAD_REQUEST: 400,
    ErrorCode.RATE_LIMITED: 429,
}


class Refused(Exception):
    """A request the service refuses; nothing changed."""

    def __init__(self, code: ErrorCode, message: str, version: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.version = version

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"error": self.code.value, "message": self.message}
        if self.version is not None:
            d["version"] = self.version
        return d
