"""What an operator may set for ``inferno serve``: every limit and interval of the server, with its
default (the values are in ``server/defaults.py``, documented in docs/play/online.md and
docs/contributing/server.md)."""

from __future__ import annotations

from dataclasses import dataclass

from inferno.server import defaults as d
from inferno.server.botpool import BotBudget
from inferno.server.clocks import AWAY, AwayRule
from inferno.server.connections import ConnectionLimits
from inferno.server.defaults import (
    ACTION_RATE,
    AUTH_FAIL_ADDRESS,
    AUTH_FAIL_GAME,
    AUTH_FLOOD_COST,
    CREATE_RATE,
    MAX_BOT_GAMES,
    MAX_SOCKETS_PER_GAME,
    READ_RATE,
    SWEEP_INTERVAL,
    Rate,
)

__all__ = [
    "ACTION_RATE",
    "AUTH_FAIL_ADDRESS",
    "AUTH_FAIL_GAME",
    "AUTH_FLOOD_COST",
    "BOT_BUDGET",
    "CONNECTIONS",
    "CREATE_RATE",
    "MAX_BOT_GAMES",
    "MAX_SOCKETS_PER_GAME",
    "READ_RATE",
    "SWEEP_INTERVAL",
    "ServerSettings",
]

BOT_BUDGET = BotBudget()
CONNECTIONS = ConnectionLimits()


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """Everything ``inferno serve`` can set."""

    database_url: str | None = None
    bot_delay: float = d.BOT_DELAY  # seconds between bot decisions, so people can follow them
    action_rate: Rate = ACTION_RATE  # per seat token
    create_rate: Rate = CREATE_RATE  # per client address
    read_rate: Rate = READ_RATE  # per client address
    finished_ttl: float = d.FINISHED_TTL  # seconds a finished game stays in memory after its last request
    idle_ttl: float = d.IDLE_TTL  # seconds an unfinished game (no bot to move) stays in memory unused
    max_games: int = d.MAX_GAMES_IN_MEMORY  # games in memory at most; the least recently used go first
    sweep_interval: float = SWEEP_INTERVAL
    max_body_bytes: int = d.MAX_BODY_BYTES
    max_ws_message: int = d.MAX_WS_MESSAGE
    auth_fail_address: Rate = AUTH_FAIL_ADDRESS  # failed authentications per client address
    auth_fail_game: Rate = AUTH_FAIL_GAME  # failed authentications per game
    auth_flood_cost: float = AUTH_FLOOD_COST  # what a failure against a game past its allowance costs its address
    bot_budget: BotBudget = BOT_BUDGET
    max_bot_games: int = MAX_BOT_GAMES  # per client address
    expire_unstarted: float = d.EXPIRE_UNSTARTED  # seconds a game nobody moved in is kept
    expire_abandoned: float = d.EXPIRE_ABANDONED  # seconds an unfinished game without a move is kept
    bot_lease: float = d.BOT_LEASE  # seconds a process's claim to run a game's bots holds unless renewed
    shared: bool | None = None  # other server processes share the database (None: yes on PostgreSQL)
    clock_interval: float = d.CLOCK_INTERVAL  # seconds between checks of the turn clocks
    away: AwayRule = AWAY  # when a player counts as away, so that the others may vote them out (table.toml)
    connections: ConnectionLimits = CONNECTIONS  # open connections per address and in all
    shutdown_seconds: float = d.SHUTDOWN_SECONDS  # on SIGTERM or Ctrl-C, requests in flight get this long to finish
