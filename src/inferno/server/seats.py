"""The seats of a game as the service makes them: a seat asked for at creation, a new game's secret
links, a bot's decision to make and its seed."""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from inferno.bots.base import bot_names
from inferno.i18n import SERVER
from inferno.rules.actions import Action
from inferno.rules.pack import load_rules
from inferno.rules.state import State
from inferno.rules.variants import side_variant as side_variant_of
from inferno.server.errors import ErrorCode, Refused
from inferno.server.storage import SeatRow
from inferno.server.tables import DEFAULT_BOT, MAX_SECONDS, MIN_SECONDS

_ = SERVER.gettext
ngettext = SERVER.ngettext


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
        raise Refused(ErrorCode.BAD_REQUEST, _unknown_bot(takeover_bot, known))
    if turn_seconds and not MIN_SECONDS <= turn_seconds <= MAX_SECONDS:
        raise Refused(
            ErrorCode.BAD_REQUEST,
            _("a turn clock runs from {low} to {high} seconds (0: no clock)").format(
                low=f"{MIN_SECONDS:g}", high=f"{MAX_SECONDS:g}"
            ),
        )
    for spec in seats:
        if spec.kind is SeatKind.BOT and spec.bot not in known:
            raise Refused(ErrorCode.BAD_REQUEST, _unknown_bot(spec.bot, known))
    return takeover_bot


def _unknown_bot(name: str, known: set[str]) -> str:
    return _("unknown bot {name}; known: {known}").format(name=repr(name), known=", ".join(sorted(known)))


def check_side(players: int, side: str | None, side_variant: bool) -> None:
    """Another board side than the player count's is refused, in words, unless the variant is asked for."""
    if side is None or side_variant:
        return
    variant = side_variant_of(load_rules(), players, side)
    if variant is not None:
        words = ngettext(
            "board side {side} is not the side for {players} player (the rules use side {rules_side}:"
            " {source}); to play it, ask for the variant ({variant})",
            "board side {side} is not the side for {players} players (the rules use side {rules_side}:"
            " {source}); to play it, ask for the variant ({variant})",
            players,
        )
        raise Refused(
            ErrorCode.BAD_REQUEST,
            words.format(
                side=side, players=players, rules_side=variant.rules_side, source=variant.source, variant=variant.label
            ),
        )


def seat_rows(seats: Sequence[SeatSpec]) -> tuple[list[SeatRow], list[str | None]]:
    """A new game's seats as stored, and the secret token of each human seat (None for a bot's)."""
    tokens: list[str | None] = []
    rows = []
    for i, spec in enumerate(seats):
        # i18n: not for players (the name is stored in English; ``shown_name`` reads it in the reader's words)
        name = spec.name or (f"Player {i + 1}" if spec.kind is SeatKind.HUMAN else f"{spec.bot} bot {i + 1}")
        if spec.kind is SeatKind.HUMAN:
            tok = secrets.token_urlsafe(18)
            tokens.append(tok)
            rows.append(SeatRow("human", "", name, hash_token(tok)))
        else:
            tokens.append(None)
            rows.append(SeatRow("bot", spec.bot, name, ""))
    return rows, tokens


_DEFAULT_HUMAN = re.compile(r"Player (\d+)")
_DEFAULT_BOT = re.compile(r"(\S+) bot (\d+)")


def shown_name(name: str) -> str:
    """A seat's name as its reader reads it: a default name given at the game's creation ("Player 2",
    "greedy bot 3", stored in English) in the current language; a name a player chose as it is."""
    m = _DEFAULT_HUMAN.fullmatch(name)
    if m is not None:
        return _("Player {number}").format(number=m[1])
    m = _DEFAULT_BOT.fullmatch(name)
    if m is not None and m[1] in bot_names():
        return _("{bot} bot {number}").format(bot=m[1], number=m[2])
    return name
