"""The views a game being served keeps of its current version: each seat's as JSON data with its log
mark (built once per version and language, shared by every reader in that language), and what every seat
sees alike. Plain data: ``seat_views`` builds them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import orjson

from inferno.rules.state import State


@dataclass(frozen=True, slots=True)
class LogMark:
    """Where the log a live connection was last sent stands: after an undo or a table note (which may
    change earlier lines) the next message carries the whole log again, otherwise only the new lines."""

    undos: int
    notes: int
    total: int  # log lines in all, notes included
    # A note placed after events that were taken back stands at the log's end until the game reaches it
    # again: the lines added before it then come before it, so a log with one cannot be continued.
    floating: bool = False


@dataclass(slots=True)
class SeatView:
    """A seat's view of one version as JSON data, its log mark, and its encoding (made when first asked)."""

    data: dict[str, Any]
    mark: LogMark
    encoded: bytes | None = None

    def full(self) -> bytes:
        if self.encoded is None:
            self.encoded = orjson.dumps(self.data)
        return self.encoded

    def since(self, mark: LogMark | None) -> bytes:
        """The message for a connection whose log stands at ``mark``: only the lines added since (with
        ``log_from``, the index of the first), or the whole view when its log cannot be continued."""
        d, now = self.data, self.mark
        new = now.total - mark.total if mark is not None else -1
        if (
            mark is None
            or mark.floating
            or (mark.undos, mark.notes) != (now.undos, now.notes)
            or not 0 <= new <= len(d["log"])
        ):
            return self.full()
        return orjson.dumps({**d, "log": d["log"][len(d["log"]) - new :], "log_from": mark.total})


@dataclass(frozen=True, slots=True)
class Shared:
    """What every seat sees of one state (``public_json``), and the log lines as JSON up to its newest
    event (``head``, the node of the state's event log that ends them): built once per version."""

    state: State
    public: dict[str, Any]
    head: tuple[Any, ...] | None
    lines: list[dict[str, Any]]
    moves: int  # the moves that led to ``state``


@dataclass(slots=True)
class Views:
    """The views of the game's current version built so far, in each language read: each seat's
    (``seats``, by seat and language) and the data they share (``common``, by language: every key but the
    seat's own). Cleared by every change of the game or its table."""

    seats: dict[tuple[int, str], SeatView] = field(default_factory=dict)
    common: dict[str, dict[str, Any]] = field(default_factory=dict)
    cleared: int = 0  # times cleared: a view built from what was read before a clear is not kept

    def get(self, seat: int, lang: str) -> SeatView | None:
        return self.seats.get((seat, lang))

    def clear(self) -> None:
        self.seats.clear()
        self.common.clear()
        self.cleared += 1
