"""The seats of a game as the service makes them: a seat asked for at creation, a new game's secret
links, a bot's decision to make and its seed."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from inferno.bots.base import bot_names
from inferno.rules.actions import Action
from inferno.rules.pack import load_rules
from inferno.rules.state import State
from inferno.rules.variants import side_variant as side_variant_of
from inferno.server.errors import ErrorCode, Refused
from inferno.server.storage import SeatRow
from inferno.server.tables import DEFAULT_BOT, MAX_SECONDS, MIN_SECONDS


class SeatKind(StrEnum):
    HUMAN = "human"
    BOT = "bot"


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat asked for at creation: a human, or a bot by name."""

    kind: SeatKind
    bot: str = ""
    name: str = ""


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A bot decision to make: the state it is for, and the bot's own view as plain data."""

    game_id: str
    state: State
    player: int
    bot: str
    seed: int
    view: dict[str, Any]
    actions: list[Action]


def bot_seed(game_seed: int, player: int, version: int) -> int:
    """A bot's random seed for one decision: repeatable, and telling nothing about the game's seed."""
    digest = hashlib.sha256(f"bot/{game_seed}/{player}/{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True, slots=True)
class Created:
    """A new game with its secret links: one token per human seat, one for spectators."""

    game_id: str
    seat_tokens: list[str | None]
    spectator_token: str


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def checked_table(seats: Sequence[SeatSpec], turn_seconds: float, takeover_bot: str) -> str:
    """The bot that plays a seat taken over (the table's default if none is named); refused, in words, if
    a bot is unknown or the turn clock out of its range."""
    known = set(bot_names())
    takeover_bot = takeover_bot or DEFAULT_BOT
    if takeover_bot not in known:
        raise Refused(ErrorCode.BAD_REQUEST, f"unknown bot {takeover_bot!r}; known: {', '.join(sorted(known))}")
    if turn_seconds and not MIN_SECONDS <= turn_seconds <= MAX_SECONDS:
        raise Refused(
            ErrorCode.BAD_REQUEST,
            f"a turn clock runs from {MIN_SECONDS:g} to {MAX_SECONDS:g} seconds (0: no clock)",
        )
    for spec in seats:
        if spec.kind is SeatKind.BOT and spec.bot not in known:
            raise Refused(ErrorCode.BAD_REQUEST, f"unknown bot {spec.bot!r}; known: {', '.join(sorted(known))}")
    return takeover_bot


def check_side(players: int, side: str | None, side_variant: bool) -> None:
    """Another board side than the player count's is refused, in words, unless the variant is asked for."""
    if side is None or side_variant:
        return
    variant = side_variant_of(load_rules(), players, side)
    if variant is not None:
        raise Refused(
            ErrorCode.BAD_REQUEST,
            f"board side {side} is not the side for {players} player{'' if players == 1 else 's'}"
            f" (the rules use side {variant.rules_side}: {variant.source}); to play it, ask for the"
            f" variant ({variant.label})",
        )


def seat_rows(seats: Sequence[SeatSpec]) -> tuple[list[SeatRow], list[str | None]]:
    """A new game's seats as stored, and the secret token of each human seat (None for a bot's)."""
    tokens: list[str | None] = []
    rows = []
    for i, spec in enumerate(seats):
        name = spec.name or (f"Player {i + 1}" if spec.kind is SeatKind.HUMAN else f"{spec.bot} bot {i + 1}")
        if spec.kind is SeatKind.HUMAN:
            tok = secrets.token_urlsafe(18)
            tokens.append(tok)
            rows.append(SeatRow("human", "", name, hash_token(tok)))
        else:
            tokens.append(None)
            rows.append(SeatRow("bot", spec.bot, name, ""))
    return rows, tokens
