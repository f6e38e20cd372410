"""Who is at the table: the live connections each seat has open in this server process and when each
seat's last one closed; with other processes on the same database, when any of them last saw the seat
connected (each writes it down now and then). A vote that a player has left asks whether they are away.

A player is present while a page of their game is open (its live connection); a player who plays over
HTTP alone counts as present only through their moves (see the idle rule in ``clocks``). The views show
an absence (so that the browser offers the vote when it opens) only once the page has stayed closed for
a few seconds, and only for a page that was open here: a reload changes nothing, and a player who never
opened the game here is shown present (the vote is offered after the idle time; the server itself counts
their absence from the game's load).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from inferno.server.storage import Storage, games_table, metadata

presence_table = sa.Table(
    "seat_presence",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("seen", sa.Float, nullable=False),  # epoch seconds a process last saw the seat connected
)
_p = presence_table.c


class Presence:
    """The seats with a live connection open in this process, when each seat's last one closed, and which
    absences the views show (only those that lasted a few seconds: a reload shows none)."""

    def __init__(self) -> None:
        self._open: dict[tuple[str, int], int] = {}
        self._left: dict[tuple[str, int], float] = {}
        self._shown: set[tuple[str, int]] = set()  # absences the views show
        self._lock = threading.Lock()

    def opened(self, game_id: str, seat: int) -> bool:
        """A live connection of the seat opened; True if the views showed the seat's absence (they change)."""
        key = (game_id, seat)
        with self._lock:
            self._open[key] = self._open.get(key, 0) + 1
            if key not in self._shown:
                return False
            self._shown.discard(key)
            return True

    def closed(self, game_id: str, seat: int, now: float) -> bool:
        """A live connection of the seat closed at ``now``; True if it was the seat's last here."""
        key = (game_id, seat)
        with self._lock:
            n = self._open.get(key, 0) - 1
            if n > 0:
                self._open[key] = n
                return False
            self._open.pop(key, None)
            self._left[key] = now
            return True

    def settle(self, game_id: str, seat: int, left: float) -> bool:
        """A few seconds after the seat's last page closed at ``left``: if none has opened since, the views
        show the absence from now on; True if they change."""
        key = (game_id, seat)
        with self._lock:
            if key in self._open or self._left.get(key) != left or key in self._shown:
                return False
            self._shown.add(key)
            return True

    def connected(self, game_id: str, seat: int) -> bool:
        return (game_id, seat) in self._open

    def left_at(self, game_id: str, seat: int) -> float | None:
        """When the seat's last live connection here closed (None: none closed since this process began)."""
        return self._left.get((game_id, seat))

    def shown_since(self, game_id: str, seat: int) -> float | None:
        """Since when the views show the seat as away (None: they show it present)."""
        key = (game_id, seat)
        return self._left.get(key) if key in self._shown else None

    def gone_since(self, game_id: str, seat: int, loaded_at: float, conn: Connection | None = None) -> float | None:
        """Since when no page of the seat's game has been open (None: one is open here). Counted from no
        earlier than the game's load here (``loaded_at``); on a shared database (``conn``: a connection to
        read it on), from no earlier than any process last noted the seat connected."""
        if self.connected(game_id, seat):
            return None
        since = max(self.left_at(game_id, seat) or 0.0, loaded_at)
        if conn is not None:
            seen = stored_seen(conn, game_id, seat)
            if seen is not None:
                since = max(since, seen)
        return since

    def open_seats(self) -> list[tuple[str, int]]:
        with self._lock:
            return list(self._open)

    def forget_before(self, when: float) -> None:
        """Drop the closing times before ``when`` (the absence rule no longer tells them apart)."""
        with self._lock:
            for key in [k for k, t in self._left.items() if t < when]:
                del self._left[key]
                self._shown.discard(key)


def ensure(storage: Storage) -> None:
    """Create the presence table if the database has none (older databases)."""
    presence_table.create(storage.engine, checkfirst=True)


def write_seen(storage: Storage, seats: Iterable[tuple[str, int]], now: float) -> None:
    """Note that this process saw these seats connected at ``now`` (for the other processes)."""
    rows = list(seats)
    if not rows:
        return
    with storage.transaction() as conn:
        for game_id, seat in rows:
            done = conn.execute(presence_table.update().where(_p.game_id == game_id, _p.seat == seat).values(seen=now))
            if done.rowcount == 0 and _game_exists(conn, game_id):
                conn.execute(_upsert(conn).values(game_id=game_id, seat=seat, seen=now))


def _game_exists(conn: Connection, game_id: str) -> bool:
    return conn.execute(sa.select(games_table.c.id).where(games_table.c.id == game_id)).first() is not None


def _upsert(conn: Connection) -> sa.Insert:
    """An insert that updates the row another process inserted meanwhile (SQLite, PostgreSQL)."""
    name = conn.dialect.name
    if name in ("sqlite", "postgresql"):
        dialect = sqlite if name == "sqlite" else postgresql
        ins = dialect.insert(presence_table)
        out: sa.Insert = ins.on_conflict_do_update(
            index_elements=[_p.game_id, _p.seat], set_={"seen": ins.excluded.seen}
        )
        return out
    return presence_table.insert()


def stored_seen(conn: Connection, game_id: str, seat: int) -> float | None:
    """When any process last noted the seat connected, or None."""
    r = conn.execute(sa.select(_p.seen).where(_p.game_id == game_id, _p.seat == seat)).first()
    return float(r.seen) if r is not None else None
