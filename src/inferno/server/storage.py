"""Durable storage of games through SQLAlchemy: embedded SQLite by default, any SQLAlchemy URL otherwise.

A game is its settings (players, seed, side, seats) plus its accepted actions in text form, one row
each. Every accepted action is committed in its own transaction before the server acknowledges it,
so a killed server loses no acknowledged move; on restart each game is rebuilt by replaying its rows.

On SQLite every write goes through one connection of the Storage's own, one transaction at a time,
whose transactions it begins and ends itself on the DBAPI connection (``sqlite_writes``).

Several server processes may share one PostgreSQL database: every change of a game is made in a
transaction that first locks the game's row (``SELECT ... FOR UPDATE``), so changes of one game are
serialised by the database whichever process makes them, and the transaction also sends a
``NOTIFY`` (delivered when it commits) so the other processes can push the change to their sockets.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.sql.compiler import SQLCompiler

from inferno.server.sqlite_writes import SQLiteWriter

log = logging.getLogger("inferno.server")
NOTIFY_CHANNEL = "inferno_games"  # PostgreSQL channel of "game changed" notifications
metadata = sa.MetaData()

games_table = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("side", sa.String(16), nullable=False),
    sa.Column("rules_fingerprint", sa.String(64), nullable=False),
    sa.Column("seats", sa.Text, nullable=False),  # JSON list of SeatRow dicts
    sa.Column("spectator_hash", sa.String(64), nullable=False),
    sa.Column("version", sa.Integer, nullable=False, default=0),
    sa.Column("over", sa.Boolean, nullable=False, default=False),
    # Added later (added to older databases on start): whether the creator chose the seed, and whether a
    # bot is to move (so a restarted server resumes those games without replaying every stored game).
    sa.Column("seed_chosen", sa.Boolean, nullable=False, default=False, server_default=sa.false()),
    sa.Column("bot_turn", sa.Boolean, nullable=False, default=False, server_default=sa.false()),
    # P&P expansion modules, comma-separated ("" = none).
    sa.Column("modules", sa.String(64), nullable=False, default="", server_default=""),
    # The solo game's "variant/level" ("" for a game between players).
    sa.Column("solo", sa.String(40), nullable=False, default="", server_default=""),
    # Takebacks so far: a process whose copy of the game has another count replays it from the moves.
    sa.Column("undos", sa.Integer, nullable=False, default=0, server_default="0"),
    # The server process running the game's bots, and until when (epoch seconds) its claim holds.
    sa.Column("bot_owner", sa.String(64), nullable=False, default="", server_default=""),
    sa.Column("bot_lease", sa.Float, nullable=False, default=0.0, server_default="0"),
    # Changes of the table that are not moves (a bot takes over a seat, a player takes it back, a vote):
    # a process whose copy has another count reloads the seats and the table's clock row.
    sa.Column("table_rev", sa.Integer, nullable=False, default=0, server_default="0"),
)
# Games a bot is to move in: read when the server starts (to resume them) and when another process's claim
# to run a game's bots has run out, without reading every stored game.
bot_turn_index = sa.Index("ix_games_bot_turn", games_table.c.bot_turn, games_table.c.over)
_LATER_COLUMNS = {
    "seed_chosen": "BOOLEAN NOT NULL DEFAULT FALSE",
    "bot_turn": "BOOLEAN NOT NULL DEFAULT FALSE",
    "modules": "VARCHAR(64) NOT NULL DEFAULT ''",
    "solo": "VARCHAR(40) NOT NULL DEFAULT ''",
    "undos": "INTEGER NOT NULL DEFAULT 0",
    "bot_owner": "VARCHAR(64) NOT NULL DEFAULT ''",
    "bot_lease": "FLOAT NOT NULL DEFAULT 0",
    "table_rev": "INTEGER NOT NULL DEFAULT 0",
}

moves_table = sa.Table(
    "moves",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("text", sa.String(120), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat as stored: who plays it and the hash of its secret token."""

    kind: str  # "human" or "bot"
    bot: str  # bot name for bot seats, "" for humans
    name: str
    token_hash: str

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "bot": self.bot, "name": self.name, "token_hash": self.token_hash}


@dataclass(slots=True)
class GameRow:
    """A stored game: settings, seats and its moves (seat, action text) in order."""

    id: str
    created_at: float
    players: int
    seed: int
    side: str
    rules_fingerprint: str
    seats: list[SeatRow]
    spectator_hash: str
    moves: list[tuple[int, str]] = field(default_factory=list)
    over: bool = False
    seed_chosen: bool = False  # the creator chose the seed (so the creator can know every hidden card)
    modules: tuple[str, ...] = ()  # P&P expansion modules
    solo: str = ""  # the solo game's "variant/level", "" for a game between players
    undos: int = 0  # takebacks made so far
    table_rev: int = 0  # changes of the table that are not moves (seat takeovers, votes)
    updated_at: float = 0.0  # epoch seconds of the last move or takeback (or of the creation)


class Busy(RuntimeError):
    """A write asked not to wait found the database's writer lock taken (nothing was done)."""


class StaleWriteError(RuntimeError):
    """Another writer stored a move at this index first (the in-memory game is out of date)."""


@dataclass(frozen=True, slots=True)
class Head:
    """Where a stored game stands: moves stored, takebacks made, who runs its bots and until when."""

    version: int
    undos: int
    over: bool
    bot_owner: str
    bot_lease: float
    table_rev: int = 0
    updated_at: float = 0.0  # the last move or takeback (epoch seconds)


_g = games_table.c
_m = moves_table.c
_HEAD_COLUMNS = (_g.version, _g.undos, _g.over, _g.bot_owner, _g.bot_lease, _g.table_rev, _g.updated_at)
_HEAD = sa.select(*_HEAD_COLUMNS).where(_g.id == sa.bindparam("gid"))
_HEAD_FOR_UPDATE = _HEAD.with_for_update()
_INSERT_MOVE = moves_table.insert()
_MOVE_COLUMNS = ("game_id", "idx", "seat", "text", "at")
_MOVES_FROM = (
    sa.select(_m.seat, _m.text)
    .where(_m.game_id == sa.bindparam("gid"), _m.idx >= sa.bindparam("start"))
    .order_by(_m.idx)
)
_UPDATE_GAME = games_table.update().where(_g.id == sa.bindparam("gid"))
_MOVED = (
    games_table.update()
    .where(_g.id == sa.bindparam("gid"))
    .values({c: sa.bindparam(c) for c in ("version", "over", "updated_at", "bot_turn", "bot_owner", "bot_lease")})
)


class _Raw:
    """A statement of a move's hot path compiled once for the database, run on a DBAPI connection (in its
    transaction): it skips SQLAlchemy's work per call, a third of a move's time."""

    def __init__(self, stmt: sa.ClauseElement, dialect: sa.Dialect) -> None:
        compiled = stmt.compile(dialect=dialect)
        assert isinstance(compiled, SQLCompiler)
        self.sql = str(compiled)
        self.order = tuple(compiled.positiontup or ()) if compiled.positional else None

    def run(self, dbapi: Any, params: dict[str, Any]) -> Any:
        cur = dbapi.cursor()
        cur.execute(self.sql, [params[k] for k in self.order] if self.order is not None else params)
        return cur


class Txn:
    """One game's write transaction, its row locked: what is stored now (``head``), and the changes.

    ``conn`` is the transaction's SQLAlchemy connection; ``dbapi`` the DBAPI connection under it, which
    a move's statements run on directly (the same transaction)."""

    def __init__(self, storage: Storage, conn: Connection, game_id: str, head: Head | None, dbapi: Any = None) -> None:
        self.storage = storage
        self.conn = conn
        self.dbapi = conn.connection if dbapi is None else dbapi
        self.game_id = game_id
        self.head = head

    def moves_from(self, start: int) -> list[tuple[int, str]]:
        return [(r.seat, r.text) for r in self.conn.execute(_MOVES_FROM, {"gid": self.game_id, "start": start})]

    def append(
        self, idx: int, seat: int, text: str, over: bool, bot_turn: bool, bot_lease: float = 0.0, at: float = 0.0
    ) -> None:
        """Store move ``idx`` (``at``: the game's time of it, epoch seconds; 0: now); raises StaleWriteError
        if that index is stored already."""
        now = at or time.time()
        raw = self.storage.raw
        try:
            raw.insert_move.run(
                self.dbapi, {"game_id": self.game_id, "idx": idx, "seat": seat, "text": text, "at": now}
            )
        except raw.integrity_error as exc:
            # i18n: not for players (the service answers a stale write in the player's words)
            raise StaleWriteError(f"move {idx} of game {self.game_id} is already stored") from exc
        owner = self.storage.origin if bot_turn and bot_lease else ""
        raw.moved.run(
            self.dbapi,
            {
                "gid": self.game_id,
                "version": idx + 1,
                "over": over,
                "updated_at": now,
                "bot_turn": bot_turn,
                "bot_owner": owner,
                "bot_lease": bot_lease if owner else 0.0,
            },
        )
        self.storage.notify(self.conn, self.game_id, idx + 1)

    def truncate(self, keep: int, bot_turn: bool, bot_lease: float = 0.0, at: float = 0.0) -> None:
        """Delete every move from index ``keep`` on (a takeback; ``at`` as for ``append``)."""
        now = at or time.time()
        self.conn.execute(moves_table.delete().where(_m.game_id == self.game_id, _m.idx >= keep))
        undos = (self.head.undos if self.head is not None else 0) + 1
        owner = self.storage.origin if bot_turn and bot_lease else ""
        self.conn.execute(
            _UPDATE_GAME,
            {
                "gid": self.game_id,
                "version": keep,
                "over": False,
                "updated_at": now,
                "bot_turn": bot_turn,
                "undos": undos,
                "bot_owner": owner,
                "bot_lease": bot_lease if owner else 0.0,
            },
        )
        self.storage.notify(self.conn, self.game_id, keep)

    def claim_bots(self, until: float) -> None:
        """This process runs the game's bots until ``until`` (epoch seconds) unless it renews the claim."""
        self.conn.execute(_UPDATE_GAME, {"gid": self.game_id, "bot_owner": self.storage.origin, "bot_lease": until})


class _HotPath:
    """The statements of a move, compiled for one database: the game's row read and locked, the move
    inserted, the game's row updated."""

    def __init__(self, dialect: sa.Dialect) -> None:
        self.head_for_update = _Raw(_HEAD_FOR_UPDATE, dialect)
        self.insert_move = _Raw(_INSERT_MOVE.values({c: sa.bindparam(c) for c in _MOVE_COLUMNS}), dialect)
        self.moved = _Raw(_MOVED, dialect)
        self.integrity_error: type[Exception] = dialect.loaded_dbapi.IntegrityError


def default_database_url() -> str:
    """SQLite file under $XDG_DATA_HOME/inferno (or ~/.local/share/inferno)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "inferno"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'server.db'}"


class Storage:
    """Games and moves in a SQL database; every method is one committed transaction."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        self.is_sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.engine: Engine = sa.create_engine(self.url, **kwargs)
        if self.is_sqlite:
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self.is_postgresql = self.engine.dialect.name == "postgresql"
        # This process's name in the database (who runs a game's bots; whose notification it was).
        self.origin = f"{os.getpid()}-{secrets.token_hex(4)}"
        metadata.create_all(self.engine)
        # SQLite allows one writer at a time: its writes take turns on one connection, kept open (a
        # connection checked out of the pool and back per move cost a fifth of a move's time), whose
        # transactions the writer begins and ends on the DBAPI connection, without SQLAlchemy's
        # bookkeeping of each (see sqlite_writes).
        self._sqlite: SQLiteWriter | None = SQLiteWriter(self.engine) if self.is_sqlite else None
        self._add_later_columns()
        with self.transaction() as conn:  # older databases lack it
            conn.execute(sa.schema.CreateIndex(bot_turn_index, if_not_exists=True))
        self.raw = _HotPath(self.engine.dialect)

    def _add_later_columns(self) -> None:
        """Databases made by older versions lack the newer columns: add them (false for old games)."""
        have = {c["name"] for c in sa.inspect(self.engine).get_columns("games")}
        with self.transaction() as conn:
            for name, kind in _LATER_COLUMNS.items():
                if name not in have:
                    conn.execute(sa.text(f"ALTER TABLE games ADD COLUMN {name} {kind}"))  # i18n: not for players

    def close(self) -> None:
        if self._sqlite is not None:
            self._sqlite.close()
        self.engine.dispose()

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """A write transaction (not on one game's row) that commits when the block ends, or rolls back if it
        raises: on SQLite on the writer connection, its lock held; elsewhere on a connection from the pool."""
        if self._sqlite is None:
            with self.engine.begin() as conn:
                yield conn
        else:
            with self._sqlite.lock, self._sqlite.transaction() as conn:
                yield conn

    def create_game(self, g: GameRow, bot_turn: bool = False, bot_lease: float = 0.0, at: float = 0.0) -> None:
        """Store a new game; ``bot_lease``: this process runs its bots until then (if a bot moves first);
        ``at``: the game's time of its creation (epoch seconds; 0: now)."""
        now = at or time.time()
        owner = self.origin if bot_turn and bot_lease else ""
        with self.transaction() as conn:
            conn.execute(
                games_table.insert().values(
                    id=g.id,
                    created_at=g.created_at,
                    updated_at=now,
                    players=g.players,
                    seed=g.seed,
                    side=g.side,
                    rules_fingerprint=g.rules_fingerprint,
                    seats=json.dumps([s.to_dict() for s in g.seats]),
                    spectator_hash=g.spectator_hash,
                    version=0,
                    over=False,
                    seed_chosen=g.seed_chosen,
                    bot_turn=bot_turn,
                    modules=",".join(g.modules),
                    bot_owner=owner,
                    bot_lease=bot_lease if owner else 0.0,
                    solo=g.solo,
                )
            )

    @contextmanager
    def write(self, game_id: str, *, wait: bool = True) -> Iterator[Txn]:
        """A transaction on one game with its row locked until it commits (when the block ends) or rolls back
        (if it raises). Other processes changing the game wait meanwhile; ``head`` is None if it is gone.
        Without ``wait``, raises Busy at once if another write holds SQLite's writer lock."""
        w = self._sqlite
        if w is None:
            with self.engine.begin() as conn:
                dbapi = conn.connection
                r = self.raw.head_for_update.run(dbapi, {"gid": game_id}).fetchone()
                yield Txn(self, conn, game_id, _head(r), dbapi)
            return
        # SQLite: the writer's own transaction, straight on its DBAPI connection (see sqlite_writes).
        if not w.lock.acquire(blocking=wait):
            raise Busy(game_id)
        try:
            with w.transaction() as conn:
                r = self.raw.head_for_update.run(w.dbapi, {"gid": game_id}).fetchone()
                yield Txn(self, conn, game_id, _head(r), w.dbapi)
        finally:
            w.lock.release()

    @contextmanager
    def read(self, game_id: str) -> Iterator[Txn]:
        """A read-only look at one game (no lock): its ``head`` and its moves."""
        with self.engine.connect() as conn:
            r = conn.execute(_HEAD, {"gid": game_id}).first()
            yield Txn(self, conn, game_id, Head(*r) if r is not None else None)

    def head(self, game_id: str) -> Head | None:
        """Where the stored game stands (no lock), or None if there is no such game."""
        with self.engine.connect() as conn:
            r = conn.execute(_HEAD, {"gid": game_id}).first()
        return Head(*r) if r is not None else None

    def notify(self, conn: Connection, game_id: str, version: int) -> None:
        """Tell the other server processes (on PostgreSQL) that the game changed, when ``conn`` commits."""
        if self.is_postgresql:
            conn.execute(
                sa.text("SELECT pg_notify(:channel, :payload)"),
                {"channel": NOTIFY_CHANNEL, "payload": f"{game_id} {version} {self.origin}"},
            )

    def append_move(self, game_id: str, idx: int, seat: int, text: str, over: bool, bot_turn: bool = False) -> None:
        """Store move ``idx`` (0-based) and commit; raises StaleWriteError if that index exists."""
        with self.write(game_id) as tx:
            tx.append(idx, seat, text, over, bot_turn)

    def truncate_moves(self, game_id: str, keep: int, bot_turn: bool = False) -> None:
        """Delete every move from index ``keep`` on (undo) and commit."""
        with self.write(game_id) as tx:
            tx.truncate(keep, bot_turn)

    def orphaned_bot_games(self, now: float) -> list[str]:
        """Unfinished games in which a bot is to move and no process's claim holds (its process died)."""
        q = (
            sa.select(_g.id)
            .where(_g.over == sa.false(), _g.bot_turn == sa.true(), _g.bot_lease < now)
            .order_by(_g.updated_at)
            .limit(1000)
        )
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(q)]

    def listen(self, on_change: Callable[[str, int], None], stop: threading.Event) -> None:
        """Call ``on_change(game_id, version)`` for every change other processes make (PostgreSQL's
        LISTEN/NOTIFY on a connection of its own), until ``stop`` is set; reconnects after errors."""
        import psycopg

        conninfo = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not stop.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    while not stop.is_set():
                        for n in conn.notifies(timeout=0.5):
                            gid, version, origin = n.payload.split(" ")
                            if origin != self.origin:
                                on_change(gid, int(version))
            except Exception as exc:  # the database restarts or the network drops: listen again
                if stop.is_set():
                    return
                log.warning("listening for changes from other server processes failed (%s); retrying", exc)
                stop.wait(1.0)

    def bot_turn_games(self) -> list[str]:
        """Ids of unfinished games in which a bot is to move (resumed on start), oldest first."""
        q = (
            sa.select(games_table.c.id)
            .where(games_table.c.over == sa.false(), games_table.c.bot_turn == sa.true())
            .order_by(games_table.c.created_at)
        )
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(q)]

    def count_games(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(sa.select(sa.func.count()).select_from(games_table)).scalar_one())

    def expire_games(
        self, unstarted_before: float, abandoned_before: float, batch: int = 500, most: int = 10_000
    ) -> list[str]:
        """Delete games nobody moved in since they were created before ``unstarted_before``, and unfinished
        games with no move since ``abandoned_before`` (epoch seconds); returns their ids. Finished games stay.
        ``batch`` games a transaction (the writer's lock is never held long), ``most`` in one call."""
        g = games_table.c
        cond = sa.and_(
            g.over == sa.false(),
            g.bot_turn == sa.false(),
            sa.or_(sa.and_(g.version == 0, g.updated_at < unstarted_before), g.updated_at < abandoned_before),
        )
        out: list[str] = []
        while len(out) < most:
            with self.transaction() as conn:
                ids = [r.id for r in conn.execute(sa.select(g.id).where(cond).limit(min(batch, most - len(out))))]
                if ids:
                    conn.execute(moves_table.delete().where(moves_table.c.game_id.in_(ids)))
                    conn.execute(games_table.delete().where(g.id.in_(ids)))
            out += ids
            if len(ids) < batch:
                break
        return out

    def load_games(self, unfinished_only: bool = False) -> list[GameRow]:
        """Every stored game (or every unfinished one) with its moves, oldest game first."""
        games = games_table.select().order_by(games_table.c.created_at)
        moves = moves_table.select().order_by(moves_table.c.game_id, moves_table.c.idx)
        if unfinished_only:
            games = games.where(games_table.c.over == sa.false())
            moves = moves.where(
                moves_table.c.game_id.in_(sa.select(games_table.c.id).where(games_table.c.over == sa.false()))
            )
        out: dict[str, GameRow] = {}
        with self.engine.connect() as conn:
            for r in conn.execute(games):
                out[r.id] = _game_row(r)
            for m in conn.execute(moves):
                g = out.get(m.game_id)
                if g is not None:
                    g.moves.append((m.seat, m.text))
        return list(out.values())

    def load_game(self, game_id: str, conn: Connection | None = None) -> GameRow | None:
        """One stored game with its moves, or None if there is no such game (read through ``conn`` if given)."""
        if conn is None:
            with self.engine.connect() as own:
                return self.load_game(game_id, own)
        r = conn.execute(games_table.select().where(games_table.c.id == game_id)).first()
        if r is None:
            return None
        g = _game_row(r)
        g.moves.extend((m.seat, m.text) for m in conn.execute(_MOVES_FROM, {"gid": game_id, "start": 0}))
        return g


def _head(r: Any) -> Head | None:
    """A Head from a row of ``_HEAD``'s columns (None: no such game)."""
    return Head(r[0], r[1], bool(r[2]), r[3], r[4], r[5], r[6]) if r is not None else None


def _game_row(r: Any) -> GameRow:
    """A GameRow from a games row (its moves are added by the caller)."""
    seats = [SeatRow(**d) for d in json.loads(r.seats)]
    return GameRow(
        r.id,
        r.created_at,
        r.players,
        r.seed,
        r.side,
        r.rules_fingerprint,
        seats,
        r.spectator_hash,
        over=bool(r.over),
        seed_chosen=bool(r.seed_chosen),
        modules=tuple(m for m in (r.modules or "").split(",") if m),
        solo=str(r.solo or ""),
        undos=int(r.undos or 0),
        table_rev=int(r.table_rev or 0),
        updated_at=float(r.updated_at or 0.0),
    )


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    # WAL + NORMAL: a commit is in the WAL file (the OS has it) before it returns, so killing the server
    # loses nothing acknowledged; only a power cut may lose the last commits. FULL would fsync each one.
    cur.execute("PRAGMA synchronous=NORMAL")  # i18n: not for players
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
