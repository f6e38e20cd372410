"""Writes that fail at the database: memory follows only what was committed (a failed commit leaves the
seats, the turn clock and the votes in memory as they are stored), and the SQLite writer gets over a
rollback that fails too (the next write is stored and committed)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from inferno.server import clocks
from inferno.server.service import GameService
from inferno.server.storage import Storage
from tests.web.test_clocks import BOB, CAT, FakeClock
from tests.web.test_clocks import HUMAN as ANN
from tests.web.test_storage_hot_path import _stored


class Flaky:
    """The SQLite writer's DBAPI connection, whose next ``commits`` commits (after ``passing`` more that
    work) and next ``rollbacks`` rollbacks fail as a disk error would, leaving the transaction open."""

    def __init__(self, real: sqlite3.Connection) -> None:
        self.real = real
        self.passing = 0
        self.commits = 0
        self.rollbacks = 0

    @classmethod
    def put_in(cls, storage: Storage) -> Flaky:
        w = storage._sqlite
        assert w is not None
        flaky = cls(w.dbapi)
        w.dbapi = flaky  # type: ignore[assignment]
        return flaky

    def commit(self) -> None:
        if self.passing:
            self.passing -= 1
        elif self.commits:
            self.commits -= 1
            raise sqlite3.OperationalError("disk I/O error (commit)")
        self.real.commit()

    def rollback(self) -> None:
        if self.rollbacks:
            self.rollbacks -= 1
            raise sqlite3.OperationalError("disk I/O error (rollback)")
        self.real.rollback()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def _memory(svc: GameService, gid: str) -> tuple[Any, ...]:
    """What memory holds of the game: its seats, table revision, table, moves and takebacks."""
    sess = svc.session(gid)  # loaded from the database if it is not in memory
    return list(sess.row.seats), sess.row.table_rev, sess.table, list(sess.row.moves), sess.row.undos


def _loaded(url: str, gid: str) -> tuple[Any, ...]:
    """The same, as a service that loads the game afresh from the database has it."""
    other = GameService(Storage(url))
    try:
        return _memory(other, gid)
    finally:
        other.storage.close()


def _stored_moves(path: Path, gid: str) -> tuple[list[tuple[int, str]], tuple[int]]:
    """The game's moves (idx, text) and (version,), read on a new plain connection."""
    moves, head = _stored(path, gid)
    return [(idx, text) for idx, _, text in moves], (head[0],)


def test_a_failed_commit_leaves_memory_as_stored(tmp_path: Path) -> None:
    """Each writer of the seats and the table (a vote, a move and a takeback on whose player a vote is
    out, moves that start the next player's clock, a timeout, a bot's moves, a reclaim, a stale clock set
    right) has its commit fail once: memory is then what a fresh load of the database gives, and the same
    change goes through after."""
    url = f"sqlite:///{tmp_path / 'g.db'}"
    clock = FakeClock()
    svc = GameService(Storage(url))
    svc.now = clock
    gid = svc.create([ANN, BOB, CAT], seed=2, turn_seconds=60, takeover_bot="random", clock_start=0).game_id
    flaky = Flaky.put_in(svc.storage)
    apart: list[str] = []  # the changes after whose failed commit memory was not as stored

    def fails_once(name: str, step: Callable[[], object], passing: int = 0) -> None:
        """``step``'s commit fails (after ``passing`` commits of its own that work), then ``step`` works."""
        stored = _loaded(url, gid)
        assert _memory(svc, gid) == stored
        flaky.passing, flaky.commits = passing, 1
        with pytest.raises(sqlite3.OperationalError, match=r"disk I/O error \(commit\)"):
            step()
        assert flaky.commits == 0  # the change reached its commit
        if _memory(svc, gid) != stored or _loaded(url, gid) != stored:
            apart.append(name)
            svc.evict(gid)  # load it again, so the rest of the test runs on what is stored
        assert step() is not False
        assert _memory(svc, gid) == _loaded(url, gid) != stored

    def move(seat: int, kind: str = "") -> None:
        snap = svc.snapshot(gid, seat)
        text = next(a["text"] for a in snap["legal"] if a["kind"] == kind or not kind)
        svc.act(gid, seat, snap["version"], text)

    p = svc.snapshot(gid, -1)["pending"]["player"]
    assert p == 2 and svc.snapshot(gid, p)["table"]["clock"]["seat"] == p
    clock.t += 61  # p's time has run out (nobody has noticed yet): a vote that p has left may open
    fails_once("vote", lambda: clocks.vote(svc, gid, 0, p))
    fails_once("move with a vote out", lambda: move(p, "enter"))  # the vote lapses
    clocks.vote(svc, gid, 0, p)
    fails_once("takeback with a vote out", lambda: svc.undo(gid, p, svc.snapshot(gid, p)["version"]))
    while svc.snapshot(gid, -1)["pending"]["player"] == p:
        fails_once("move", lambda: move(p))
    q = svc.snapshot(gid, -1)["pending"]["player"]
    assert svc.snapshot(gid, q)["table"]["clock"]["seat"] == q  # the last move started the next clock
    clock.t += 61
    fails_once("timeout", lambda: clocks.time_out(svc, gid))
    assert svc.bot_to_move(gid)
    while svc.bot_to_move(gid):  # the bot's claim to run the game's bots is committed, then its move fails
        fails_once("bot move", partial(svc.bot_step, gid), passing=1)
    r = svc.snapshot(gid, -1)["pending"]["player"]
    assert r != q and svc.snapshot(gid, r)["table"]["clock"]["seat"] == r
    fails_once("reclaim", lambda: clocks.reclaim(svc, gid, q))
    assert svc.snapshot(gid, q)["table"]["taken_over"] == []
    # A stale clock (another process's, say: it runs for a player who is not to move) is set right.
    with svc.storage.transaction() as conn:
        clocks.save(conn, gid, replace(svc.sessions[gid].table, seat=q, deadline=clock.t - 1))
    svc.evict(gid)
    fails_once("stale clock", lambda: not clocks.time_out(svc, gid))  # set right, with no takeover
    assert svc.snapshot(gid, r)["table"]["clock"]["seat"] == r
    assert not apart, f"memory was not as stored after a failed commit of: {apart}"
    svc.storage.close()


@pytest.mark.parametrize("rollbacks", [1, 2], ids=["rolled-back-again", "connection-replaced"])
def test_the_writer_gets_over_a_failed_rollback(tmp_path: Path, rollbacks: int) -> None:
    """A move's commit fails, and so does its rollback (once: the writer rolls back again; twice: it puts
    a new connection in place of the one stuck in the transaction). The move raises its own error,
    nothing of it is stored, and the next move is stored and committed."""
    path = tmp_path / "g.db"
    svc = GameService(Storage(f"sqlite:///{path}"))
    try:
        gid = svc.create([ANN, BOB], seed=5, turn_seconds=60, clock_start=0).game_id
        w = svc.storage._sqlite
        assert w is not None
        flaky = Flaky.put_in(svc.storage)
        p = svc.snapshot(gid, -1)["pending"]["player"]
        snap = svc.snapshot(gid, p)
        text = snap["legal"][0]["text"]
        flaky.commits, flaky.rollbacks = 1, rollbacks
        with pytest.raises(sqlite3.OperationalError, match="disk I/O error") as failed:
            svc.act(gid, p, snap["version"], text)
        assert _stored_moves(path, gid) == ([], (0,))
        assert svc.act(gid, p, snap["version"], text) == 1  # the next write begins, and is committed
        assert _stored_moves(path, gid) == ([(0, text)], (1,))
        assert "(commit)" in str(failed.value)  # the move raised its own error, not the rollback's
        assert flaky.commits == 0 and flaky.rollbacks == 0
        assert (w.dbapi is flaky) is (rollbacks == 1)  # replaced only when rolling back again failed too
        if rollbacks == 2:
            with pytest.raises(sqlite3.ProgrammingError, match="closed"):
                flaky.real.execute("SELECT 1")  # the old connection is closed
        assert not w.dbapi.in_transaction and not w.conn.in_transaction() and not w.lock.locked()
    finally:
        svc.storage.close()
