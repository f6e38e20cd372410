"""Every default limit and interval of the server, once: ``ServerSettings`` takes its defaults from here,
and so do ``inferno serve``'s options and their help, and the docs' tables. Plain data with no web
dependency, so the command line reads it without loading the server. The table's defaults (clocks,
the takeover bot, when a player counts as away) are data of their own, in ``server/table.toml``, read
here too."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any


@dataclass(frozen=True, slots=True)
class Rate:
    """A token bucket's refill (``per_second``) and size (``burst``)."""

    per_second: float
    burst: float


# Requests.
ACTION_RATE = Rate(per_second=20, burst=60)  # actions per seat token
CREATE_RATE = Rate(per_second=2, burst=60)  # new games per client address
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
MAX_BODY_BYTES = 16_384
MAX_WS_MESSAGE = 4_096

# Bots.
BOT_DELAY = 0.4  # seconds between bot decisions, so people can follow them
BOT_WORKERS = 0  # worker processes in which bots think (0: one fewer than the machine's cores, at least one)
BOT_GAME_CPU = 0.5  # CPU seconds per second the bots of one game may use on average
MAX_BOT_GAMES = 3  # unfinished games with bots one address may have running at once
BOT_LEASE = 15.0  # seconds a process's claim to run a game's bots holds unless renewed (each bot move renews it)

# Games in memory and in the database.
FINISHED_TTL = 300.0  # seconds a finished game stays in memory after its last request
IDLE_TTL = 3600.0  # seconds an unfinished game with no bot to move stays in memory unused
MAX_GAMES_IN_MEMORY = 1000  # games kept in memory at most; beyond, the least recently used are evicted
EXPIRE_UNSTARTED = 7 * 86400.0  # seconds a game nobody has moved in is kept
EXPIRE_ABANDONED = 90 * 86400.0  # seconds an unfinished game with no move is kept
SWEEP_INTERVAL = 60.0  # seconds between sweeps of the in-memory game cache
CLOCK_INTERVAL = 0.5  # seconds between checks of the turn clocks
SHUTDOWN_SECONDS = 3.0  # on SIGTERM or Ctrl-C, requests in flight get this long to finish

# Connections.
MAX_SOCKETS_PER_GAME = 64
MAX_CONNECTIONS = 8192  # open connections in all (fewer if the open-file limit is lower)
CONNECTIONS_PER_ADDRESS = 128  # open connections (HTTP and live) from one client address
LIVE_PER_ADDRESS = 32  # live connections (WebSockets) from one client address


def table_data() -> dict[str, Any]:
    """The table settings of ``server/table.toml`` as plain values (their provenance stays in the file)."""
    raw = tomllib.loads(resources.files("inferno").joinpath("server/table.toml").read_text(encoding="utf-8"))
    return {f"{sec}.{k}": v["value"] for sec, d in raw.items() for k, v in d.items()}


TABLE = table_data()
VOTE_IDLE = float(TABLE["vote.idle_seconds"])
VOTE_GONE = float(TABLE["vote.gone_seconds"])
VOTE_GRACE = float(TABLE["vote.grace_seconds"])
