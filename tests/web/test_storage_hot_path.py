"""SQLite's writes on the Storage's own connection (server/sqlite_writes.py): a move's transaction runs
straight on the DBAPI connection, and still commits before ``act`` returns, refuses a move index stored
already, rolls back everything written in the block when it raises (through either connection), and
leaves nothing half-open for the next write; takebacks, clocks and restarts work on top of it."""

from __future__ import annotations

import random
import sqlite3
import threading
from pathlib import Path

import pytest
import sqlalchemy as sa

from inferno.server import clocks
from inferno.server.service import GameService, SeatKind, SeatSpec
from inferno.server.storage import Busy, GameRow, SeatRow, StaleWriteError, Storage, games_table

HUMAN = SeatSpec(SeatKind.HUMAN)


def _row(gid: str) -> GameRow:
    return GameRow(gid, 1.0, 2, 5, "I/II", "f" * 64, [SeatRow("human", "", "Ann", "a" * 64)] * 2, "b" * 64)


def _stored(path: Path, gid: str) -> tuple[list[tuple[int, int, str]], tuple[int, int, int]]:
    """The game's moves (idx, seat, text) and (version, undos, table_rev), read on a new plain connection."""
    with sqlite3.connect(path) as db:
        moves = db.execute("SELECT idx, seat, text FROM moves WHERE game_id = ? ORDER BY idx", (gid,)).fetchall()
        head = db.execute("SELECT version, undos, table_rev FROM games WHERE id = ?", (gid,)).fetchone()
    db.close()
    return moves, head


def _idle(store: Storage) -> None:
    """The writer is between transactions: none open at the database, none in SQLAlchemy's record."""
    w = store._sqlite
    assert w is not None
    assert not w.dbapi.in_transaction and not w.conn.in_transaction()
    assert not w.lock.locked()


def _move(svc: GameService, gid: str, rng: random.Random) -> str:
    spec = svc.snapshot(gid, -1)
    seat = spec["pending"]["player"]
    snap = svc.snapshot(gid, seat)
    text = str(rng.choice(snap["legal"])["text"])
    svc.act(gid, seat, snap["version"], text)
    return text


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "g.db"


def test_a_move_is_committed_before_act_returns(path: Path) -> None:
    svc = GameService(Storage(f"sqlite:///{path}"))
    try:
        gid = svc.create([HUMAN, HUMAN], seed=5).game_id
        rng = random.Random(1)
        for n in range(1, 6):
            text = _move(svc, gid, rng)
            # A connection of its own (not SQLAlchemy's, not the writer's) sees the move at once.
            moves, (version, _, _) = _stored(path, gid)
            assert len(moves) == n and moves[-1][2] == text and version == n
            _idle(svc.storage)
        # The pool's connections keep sqlite3's own transaction handling (the writer's mode stays its own).
        with svc.storage.engine.connect() as conn:
            assert conn.connection.driver_connection.isolation_level == ""  # type: ignore[union-attr]
    finally:
        svc.storage.close()


def test_a_stored_move_index_is_refused_and_the_whole_block_rolled_back(path: Path) -> None:
    store = Storage(f"sqlite:///{path}")
    try:
        store.create_game(_row("g"))
        store.append_move("g", 0, 0, "enter lust", over=False)
        with pytest.raises(StaleWriteError), store.write("g") as tx:
            assert tx.head is not None and tx.head.version == 1
            # A change made through SQLAlchemy in the same transaction goes too.
            tx.conn.execute(games_table.update().where(games_table.c.id == "g").values(table_rev=7))
            tx.append(0, 1, "council", over=False, bot_turn=False)
        assert _stored(path, "g") == ([(0, 0, "enter lust")], (1, 0, 0))
        _idle(store)
        store.append_move("g", 1, 0, "done", over=False)  # the next write goes on as usual
        assert _stored(path, "g")[0] == [(0, 0, "enter lust"), (1, 0, "done")]
    finally:
        store.close()


def test_an_error_after_the_insert_rolls_back_the_move_the_game_row_and_the_clock(path: Path) -> None:
    store = Storage(f"sqlite:///{path}")
    try:
        store.create_game(_row("g"))
        clocks.store(store, "g", clocks.Table(seconds=60))
        with pytest.raises(RuntimeError, match="boom"), store.write("g") as tx:
            tx.append(0, 0, "enter lust", over=True, bot_turn=False)  # the move's own statements only
            raise RuntimeError("boom")
        assert _stored(path, "g") == ([], (0, 0, 0))
        _idle(store)
        with pytest.raises(RuntimeError, match="boom"), store.write("g") as tx:
            tx.append(0, 0, "enter lust", over=True, bot_turn=False)
            clocks.save(tx.conn, "g", clocks.Table(seconds=60, seat=0, turn=1, deadline=123.0))
            raise RuntimeError("boom")
        assert _stored(path, "g") == ([], (0, 0, 0))
        with store.engine.connect() as conn:
            assert clocks.load(conn, "g").deadline == 0.0
            assert conn.execute(sa.select(games_table.c.over)).scalar_one() is False
        _idle(store)
    finally:
        store.close()


def test_a_failing_move_leaves_the_game_as_it_was_in_memory_and_stored(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The clocks' write in a move's transaction fails after the move's rows are written: ``act`` raises,
    nothing is stored, memory did not move, and the same move can be played again."""
    svc = GameService(Storage(f"sqlite:///{path}"))
    try:
        gid = svc.create([HUMAN, HUMAN], seed=5, turn_seconds=60, clock_start=0).game_id
        real = clocks.save

        def failing(conn: sa.Connection, game_id: str, t: clocks.Table) -> None:
            real(conn, game_id, t)
            raise OSError("disk full")

        monkeypatch.setattr(clocks, "save", failing)
        with pytest.raises(OSError, match="disk full"):
            for _ in range(40):  # until a move starts another player's clock, which writes the clock's row
                before, stored = svc.snapshot(gid, -1), _stored(path, gid)
                seat = before["pending"]["player"]
                snap = svc.snapshot(gid, seat)
                text = snap["legal"][0]["text"]
                svc.act(gid, seat, snap["version"], text)
        assert stored[0] and stored[1][0] == before["version"]
        assert _stored(path, gid) == stored and svc.snapshot(gid, -1) == before
        _idle(svc.storage)
        monkeypatch.setattr(clocks, "save", real)
        svc.act(gid, seat, snap["version"], text)
        assert _stored(path, gid)[0][-1][2] == text
    finally:
        svc.storage.close()


def test_a_write_not_waiting_is_refused_while_another_holds_the_writer(path: Path) -> None:
    store = Storage(f"sqlite:///{path}")
    try:
        store.create_game(_row("g"))
        store.create_game(_row("h"))
        with store.write("g") as tx:
            tx.append(0, 0, "enter lust", over=False, bot_turn=False)
            refused: list[BaseException] = []

            def not_waiting() -> None:
                try:
                    with store.write("h", wait=False):
                        pass
                except Busy as exc:
                    refused.append(exc)

            other = threading.Thread(target=not_waiting)
            other.start()
            other.join(5)
            assert not other.is_alive() and len(refused) == 1
            # A write that waits gets the writer once this transaction has committed.
            t = threading.Thread(target=lambda: store.append_move("h", 0, 1, "done", over=False))
            t.start()
            t.join(0.2)
            assert t.is_alive() and _stored(path, "g") == ([], (0, 0, 0))
        t.join(10)
        assert _stored(path, "g")[0] == [(0, 0, "enter lust")] and _stored(path, "h")[0] == [(0, 1, "done")]
        _idle(store)
    finally:
        store.close()


def test_takebacks_bots_and_a_restart_on_the_writer(path: Path) -> None:
    """Moves, a takeback and bot moves (whose claim is written through SQLAlchemy) on the writer; a new
    Storage on the same file (a restarted server) rebuilds the game exactly."""
    url = f"sqlite:///{path}"
    svc = GameService(Storage(url))
    gid = svc.create([HUMAN, HUMAN], seed=5, turn_seconds=600, clock_start=0).game_id
    mover = svc.snapshot(gid, -1)["pending"]["player"]
    snap = svc.snapshot(gid, mover)
    enter = next(a["text"] for a in snap["legal"] if a["kind"] == "enter")
    assert svc.act(gid, mover, 0, enter) == 1
    assert svc.undo(gid, mover, 1) == 2
    assert _stored(path, gid) == ([], (0, 1, 0))
    assert svc.snapshot(gid, mover)["state"] == snap["state"]
    _idle(svc.storage)
    rng = random.Random(3)
    texts = [_move(svc, gid, rng) for _ in range(12)]
    assert [t for _, _, t in _stored(path, gid)[0]] == texts
    views = {seat: svc.snapshot(gid, seat) for seat in (-1, 0, 1)}
    # A bot game: each bot move first claims the game's bots (SQLAlchemy), then stores the move (raw).
    bots = svc.create([HUMAN, SeatSpec(SeatKind.BOT, "random")], seed=8).game_id
    for _ in range(30):
        if svc.bot_to_move(bots):
            assert svc.bot_step(bots)
        else:
            _move(svc, bots, rng)
        _idle(svc.storage)
    bot_view = svc.snapshot(bots, -1)
    svc.storage.close()

    again = GameService(Storage(url))
    try:
        assert {seat: again.snapshot(gid, seat) for seat in (-1, 0, 1)} == views
        assert again.snapshot(bots, -1) == bot_view
        _move(again, gid, rng)  # play goes on from where it was
        assert _stored(path, gid)[1] == (13, 1, 0)
    finally:
        again.storage.close()


def test_closing_waits_for_the_write_under_way_and_a_later_write_reopens(tmp_path: Path) -> None:
    """The server stops (``Storage.close``) while a worker thread is inside a write: the writer's
    connection is closed only after that write has committed (closing it in use crashed the process),
    and a write after the close works on a new connection."""
    path = tmp_path / "g.db"
    store = Storage(f"sqlite:///{path}")
    store.create_game(_row("g1"))
    inside, finish = threading.Event(), threading.Event()

    def slow_move() -> None:
        with store.write("g1") as tx:
            tx.append(0, 0, "done", False, False)
            inside.set()
            finish.wait(10)

    writer = threading.Thread(target=slow_move)
    writer.start()
    assert inside.wait(10)
    closer = threading.Thread(target=store.close)
    closer.start()
    closer.join(0.3)
    assert closer.is_alive()  # waits for the write under way
    finish.set()
    writer.join(10)
    closer.join(10)
    assert not closer.is_alive()
    assert _stored(path, "g1")[0] == [(0, 0, "done")]
    with store.write("g1") as tx:  # after the close: a new connection
        tx.append(1, 1, "done", False, False)
    assert _stored(path, "g1")[0] == [(0, 0, "done"), (1, 1, "done")]
    store.close()
