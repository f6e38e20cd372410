"""SQLite's writes: one connection of the Storage's own, whose transactions it begins and ends itself.

SQLite allows one writer at a time, so every write of a Storage on SQLite goes through one kept
connection, one transaction at a time (``lock``). That connection is taken out of SQLAlchemy's pool
and set to the driver's autocommit mode, so neither the ``sqlite3`` module (which otherwise begins a
transaction before a DML statement by itself) nor SQLAlchemy begins or ends a transaction on it:
``transaction`` does, with ``BEGIN IMMEDIATE`` (the database's write lock taken before the first
read, so what the transaction reads stays current until it commits), ``COMMIT`` and ``ROLLBACK`` on
the DBAPI connection (``dbapi``). A move's statements run there directly, precompiled, so a move
pays none of SQLAlchemy's bookkeeping of a transaction (most of what storing a move cost).

The SQLAlchemy connection over the same DBAPI connection (``conn``) runs the other statements of a
transaction (takebacks, clocks, catching up): in autocommit mode its statements run inside the
transaction begun here. It still keeps a record of a transaction of its own once it has run one
(its "autobegin"), which does nothing at the database; that record is closed after the database's
transaction ends. Nothing may commit or roll back ``conn`` itself inside ``transaction``: with the
driver in autocommit mode, ``sqlite3``'s commit and rollback would end the real transaction early.

A rollback that fails (a disk error) could leave the connection inside its transaction, and every later
``BEGIN`` would fail. So the writer ends such a transaction another way: it rolls back once more, and if
the connection is still in the transaction, puts a new connection in its place and closes the old one
(SQLite rolls back what a closed connection left open). The write that failed still raises its own error.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.engine import Connection, Engine

log = logging.getLogger(__name__)


def _connect(engine: Engine) -> tuple[Connection, sqlite3.Connection]:
    """A connection of the writer's own, in the driver's autocommit mode, and the DBAPI connection under it."""
    conn = engine.connect()
    # The driver's autocommit mode: sqlite3 begins nothing by itself, SQLAlchemy begins nothing at the database.
    conn.execution_options(isolation_level="AUTOCOMMIT")
    dbapi = conn.connection.driver_connection
    assert isinstance(dbapi, sqlite3.Connection) and dbapi.isolation_level is None
    conn.detach()  # the writer's own until it closes (never handed back to the pool in this mode)
    return conn, dbapi


class SQLiteWriter:
    """The one connection a Storage writes to SQLite through, and the lock its transactions take turns by."""

    def __init__(self, engine: Engine) -> None:
        self.lock = threading.Lock()
        self.engine = engine
        self.conn: Connection
        self.dbapi: sqlite3.Connection
        self.conn, self.dbapi = _connect(engine)
        self.closed = False

    def begin(self) -> None:
        """Begin a transaction holding the database's write lock (hold ``lock``); after ``close``, on a new
        connection."""
        if self.closed:
            self.conn, self.dbapi = _connect(self.engine)
            self.closed = False
        if self.dbapi.in_transaction:  # left open by a failed rollback whose connection could not be replaced
            self._end()
        self.dbapi.execute("BEGIN IMMEDIATE")

    def commit(self) -> None:
        """Commit the transaction (rolled back instead if the commit fails)."""
        try:
            self.dbapi.commit()
        except BaseException:
            self.rollback()
            raise
        if self.conn.in_transaction():
            self.conn.commit()  # SQLAlchemy's record only: the database's transaction is committed

    def rollback(self) -> None:
        """Roll the transaction back, whatever it wrote through ``dbapi`` or ``conn``. It runs when a write
        fails, and the write's own error is what the caller gets: a rollback that fails too is logged, and
        the transaction is ended another way (``_end``)."""
        try:
            self.dbapi.rollback()  # nothing if no transaction is open (a failed BEGIN or COMMIT)
        except Exception:
            log.exception("rolling back a write to SQLite failed")
        try:
            self._end()
        except Exception:
            log.exception("the SQLite writer's transaction stays open; the next write tries again to end it")

    def _end(self) -> None:
        """End what is left of a transaction: if the connection is still in it (its rollback failed), roll
        back once more, and if it is in it still, replace the connection (raises if that fails); then
        SQLAlchemy's record of it."""
        if self.dbapi.in_transaction:
            try:
                self.dbapi.rollback()
            except Exception:
                log.warning("rolling back a write to SQLite failed again; replacing the connection", exc_info=True)
            if self.dbapi.in_transaction:
                self._replace()
        if self.conn.in_transaction():
            self.conn.rollback()  # SQLAlchemy's record only: nothing is open at the database now

    def _replace(self) -> None:
        """Put a new connection in place of this one, then close the old one: SQLite rolls back what it left open."""
        old, old_dbapi = self.conn, self.dbapi
        self.conn, self.dbapi = _connect(self.engine)
        try:
            old_dbapi.close()
            old.invalidate()  # SQLAlchemy forgets it, without rolling back on the closed connection
            old.close()
        except Exception:
            log.warning("closing the SQLite writer's old connection failed", exc_info=True)

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """A write transaction that commits when the block ends, or rolls back if it raises (hold ``lock``)."""
        self.begin()
        try:
            yield self.conn
        except BaseException:
            self.rollback()
            raise
        self.commit()

    def close(self) -> None:
        """Close the connection once no transaction runs on it. A worker thread may be in one (a bot's
        turn while the server stops), and closing a connection in use crashes the process. A write after
        this opens a new connection."""
        with self.lock:
            self.conn.close()
            self.closed = True
