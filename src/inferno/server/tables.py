"""A game's table: its turn clock, the votes that a player has left, the notes the log shows, and the
seats bots took over; the settings of ``server/table.toml``, and how a table is stored (``game_clocks``).

Plain data and plain functions: ``clocks`` changes a table for the service, in the game's write
transaction."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from inferno.i18n import N_
from inferno.rules.engine import to_move
from inferno.rules.state import State
from inferno.server.defaults import TABLE, VOTE_GONE, VOTE_GRACE, VOTE_IDLE
from inferno.server.storage import SeatRow, Storage, metadata

_DATA = TABLE
CLOCK_CHOICES: list[int] = [int(x) for x in _DATA["clock.choices"]]
MIN_SECONDS = float(_DATA["clock.min_seconds"])
MAX_SECONDS = float(_DATA["clock.max_seconds"])
DEFAULT_BOT = str(_DATA["takeover.bot"])
START_WITHIN = float(_DATA["clock.start_within"])


@dataclass(frozen=True, slots=True)
class AwayRule:
    """When a player counts as away, so that the others may vote them out (seconds)."""

    idle_seconds: float  # the table has waited this long for their decision (no clock) ...
    gone_seconds: float  # ... or no page of their game has been open this long
    grace_seconds: float  # after taking their seat back, no vote against them for this long


AWAY = AwayRule(VOTE_IDLE, VOTE_GONE, VOTE_GRACE)
RULE = N_("this table's turn clock and seats")  # what a takeover's log line names as its rule

clocks_table = sa.Table(
    "game_clocks",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seconds", sa.Float, nullable=False, default=0.0),  # a turn's budget; 0: no clock
    sa.Column("bot", sa.String(32), nullable=False, default=""),  # the bot that plays a seat taken over
    sa.Column("seat", sa.Integer, nullable=False, default=-1),  # whose clock runs (-1: nobody's)
    sa.Column("turn", sa.Integer, nullable=False, default=-1),  # the turn it runs in
    sa.Column("deadline", sa.Float, nullable=False, default=0.0, index=True),  # epoch seconds; 0: none
    sa.Column("votes", sa.Text, nullable=False, default="{}"),  # JSON {seat voted out: [voters]}
    sa.Column("notes", sa.Text, nullable=False, default="[]"),  # JSON [[after event n, seat, kind, text]]
    # JSON {seat: epoch seconds its player last took it back from the bot}
    sa.Column("reclaimed", sa.Text, nullable=False, default="{}", server_default="{}"),
    # JSON [seats whose players have arrived at the table: opened their seat's page]
    sa.Column("arrived", sa.Text, nullable=False, default="[]", server_default="[]"),
    # Epoch seconds when every seat's clock runs, its player arrived or not (0: from the start)
    sa.Column("starts_at", sa.Float, nullable=False, default=0.0, server_default="0"),
)
_c = clocks_table.c


@dataclass(slots=True)
class Table:
    """One game's clock, votes and log notes."""

    seconds: float = 0.0
    bot: str = DEFAULT_BOT
    seat: int = -1
    turn: int = -1
    deadline: float = 0.0
    votes: dict[int, list[int]] = field(default_factory=dict)
    notes: list[tuple[int, int, str, str]] = field(default_factory=list)
    reclaimed: dict[int, float] = field(default_factory=dict)  # seat: when its player last took it back
    arrived: set[int] = field(default_factory=set)  # seats whose players have come to the table
    starts_at: float = 0.0  # the table's start time: every clock runs from then on (0: from the start)

    def copy(self) -> Table:
        """A copy to change without touching this table (its votes and notes are lists of their own)."""
        votes = {k: list(v) for k, v in self.votes.items()}
        return Table(
            self.seconds,
            self.bot,
            self.seat,
            self.turn,
            self.deadline,
            votes,
            list(self.notes),
            dict(self.reclaimed),
            set(self.arrived),
            self.starts_at,
        )

    def waits_for(self, seat: int, now: float) -> bool:
        """Does ``seat``'s clock wait for its player: not arrived yet, and the table's start time not come?"""
        return seat not in self.arrived and now < self.starts_at


def ensure(storage: Storage) -> None:
    """Create the clocks table if the database has none, and add the columns older versions lacked."""
    clocks_table.create(storage.engine, checkfirst=True)
    have = {c["name"] for c in sa.inspect(storage.engine).get_columns("game_clocks")}
    added = {  # i18n: not for players (SQL)
        "reclaimed": "reclaimed TEXT NOT NULL DEFAULT '{}'",  # i18n: not for players
        "arrived": "arrived TEXT NOT NULL DEFAULT '[]'",  # i18n: not for players
        "starts_at": "starts_at FLOAT NOT NULL DEFAULT 0",
    }
    for name, column in added.items():
        if name not in have:
            with storage.transaction() as conn:
                conn.execute(sa.text(f"ALTER TABLE game_clocks ADD COLUMN {column}"))


def load(conn: Connection, game_id: str) -> Table:
    r = conn.execute(sa.select(clocks_table).where(_c.game_id == game_id)).first()
    if r is None:
        return Table()
    votes = {int(k): [int(x) for x in v] for k, v in json.loads(r.votes or "{}").items()}
    notes = [(int(a), int(b), str(c), str(d)) for a, b, c, d in json.loads(r.notes or "[]")]
    reclaimed = {int(k): float(v) for k, v in json.loads(r.reclaimed or "{}").items()}
    arrived = {int(x) for x in json.loads(r.arrived or "[]")}
    return Table(
        float(r.seconds),
        r.bot or DEFAULT_BOT,
        int(r.seat),
        int(r.turn),
        float(r.deadline),
        votes,
        notes,
        reclaimed,
        arrived,
        float(r.starts_at or 0.0),
    )


def save(conn: Connection, game_id: str, t: Table) -> None:
    values = {
        "seconds": t.seconds,
        "bot": t.bot,
        "seat": t.seat,
        "turn": t.turn,
        "deadline": t.deadline,
        "votes": json.dumps({str(k): v for k, v in t.votes.items()}),
        "notes": json.dumps(t.notes),
        "reclaimed": json.dumps({str(k): v for k, v in t.reclaimed.items()}),
        "arrived": json.dumps(sorted(t.arrived)),
        "starts_at": t.starts_at,
    }
    done = conn.execute(clocks_table.update().where(_c.game_id == game_id).values(**values))
    if done.rowcount == 0:
        conn.execute(clocks_table.insert().values(game_id=game_id, **values))


def store(storage: Storage, game_id: str, t: Table) -> None:
    """Store a new game's table in its own transaction."""
    with storage.transaction() as conn:
        save(conn, game_id, t)


def expired(storage: Storage, now: float) -> list[str]:
    """Games whose running clock has run out by ``now``, and those whose waiting clock is to start (the
    table's start time has come though the player to move has not arrived)."""
    run_out = sa.and_(_c.deadline > 0, _c.deadline <= now)
    to_start = sa.and_(_c.deadline == 0, _c.seat >= 0, _c.starts_at > 0, _c.starts_at <= now)
    q = sa.select(_c.game_id).where(sa.or_(run_out, to_start)).order_by(_c.deadline).limit(1000)
    with storage.engine.connect() as conn:
        return [r.game_id for r in conn.execute(q)]


def taken_over(seat: SeatRow) -> bool:
    """A human's seat that a bot plays now (it keeps its token, so its player can take it back)."""
    return seat.kind == "bot" and bool(seat.token_hash)


def run_clock(t: Table, seats: Sequence[SeatRow], s: State, now: float) -> bool:
    """Start the clock of ``t`` for the human to move in a new turn, or stop it; True if it changed. The
    clock of a player who has not arrived waits (it is that player's, with no deadline) until they arrive
    or the table's start time comes."""
    p = -1 if s.over else to_move(s)
    human = p >= 0 and seats[p].kind == "human"
    if t.seconds <= 0 or not human:
        changed = t.deadline != 0 or t.seat != -1
        t.seat, t.turn, t.deadline = -1, -1, 0.0
        return changed
    if t.waits_for(p, now):
        changed = t.seat != p or t.turn != s.turn or t.deadline != 0
        t.seat, t.turn, t.deadline = p, s.turn, 0.0
        return changed
    if t.seat == p and t.turn == s.turn and t.deadline > 0:
        return False  # the same player's turn goes on: the same budget
    t.seat, t.turn, t.deadline = p, s.turn, now + t.seconds
    return True
