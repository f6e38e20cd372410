"""What an operator may set for ``inferno serve``: every limit and interval of the server, with its
default (documented in docs/play/online.md and docs/contributing/server.md)."""

from __future__ import annotations

from dataclasses import dataclass

from inferno.server.botpool import BotBudget
from inferno.server.clocks import AWAY, AwayRule
from inferno.server.connections import ConnectionLimits
from inferno.server.limits import Rate
from inferno.server.service import (
    BOT_LEASE,
    EXPIRE_ABANDONED,
    EXPIRE_UNSTARTED,
    FINISHED_TTL,
    IDLE_TTL,
    MAX_GAMES_IN_MEMORY,
)

MAX_SOCKETS_PER_GAME = 64
ACTION_RATE = Rate(per_second=20, burst=60)
CREATE_RATE = Rate(per_second=2, burst=60)
# Reads (state, board, replay, "your games", opening a live connection) per client address. The client
# reads twice on a (re)load and then waits on its WebSocket; stepping through a replay is one read a step.
READ_RATE = Rate(per_second=50, burst=500)
# Failed authentications (a wrong or missing token, an unknown game): 30 from one address, then one every
# 2 seconds; beyond that the address gets 429 and its tokens are not checked. 100 against one game from all
# addresses, then one a second; beyond that each failure against the game costs the failing address 4 of
# its own allowance. Only an address's own failures ever refuse it: a correct token is always let in.
AUTH_FAIL_ADDRESS = Rate(per_second=0.5, burst=30)
AUTH_FAIL_GAME = Rate(per_second=1.0, burst=100)
AUTH_FLOOD_COST = 4.0
BOT_BUDGET = BotBudget()
MAX_BOT_GAMES = 3  # unfinished games with bots one address may have running at once
SWEEP_INTERVAL = 60.0  # seconds between sweeps of the in-memory game cache
CONNECTIONS = ConnectionLimits()


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """Everything ``inferno serve`` can set."""

    database_url: str | None = None
    bot_delay: float = 0.4  # seconds between bot decisions, so people can follow them
    action_rate: Rate = ACTION_RATE  # per seat token
    create_rate: Rate = CREATE_RATE  # per client address
    read_rate: Rate = READ_RATE  # per client address
    finished_ttl: float = FINISHED_TTL  # seconds a finished game stays in memory after its last request
    idle_ttl: float = IDLE_TTL  # seconds an unfinished game (no bot to move) stays in memory unused
    max_games: int = MAX_GAMES_IN_MEMORY  # games in memory at most; the least recently used go first
    sweep_interval: float = SWEEP_INTERVAL
    max_body_bytes: int = 16_384
    max_ws_message: int = 4_096
    auth_fail_address: Rate = AUTH_FAIL_ADDRESS  # failed authentications per client address
    auth_fail_game: Rate = AUTH_FAIL_GAME  # failed authentications per game
    auth_flood_cost: float = AUTH_FLOOD_COST  # what a failure against a game past its allowance costs its address
    bot_budget: BotBudget = BOT_BUDGET
    max_bot_games: int = MAX_BOT_GAMES  # per client address
    expire_unstarted: float = EXPIRE_UNSTARTED  # seconds a game nobody moved in is kept
    expire_abandoned: float = EXPIRE_ABANDONED  # seconds an unfinished game without a move is kept
    bot_lease: float = BOT_LEASE  # seconds a process's claim to run a game's bots holds unless renewed
    shared: bool | None = None  # other server processes share the database (None: yes on PostgreSQL)
    clock_interval: float = 0.5  # seconds between checks of the turn clocks
    away: AwayRule = AWAY  # when a player counts as away, so that the others may vote them out (table.toml)
    connections: ConnectionLimits = CONNECTIONS  # open connections per address and in all
    shutdown_seconds: float = 3.0  # on SIGTERM or Ctrl-C, requests in flight get this long to finish
