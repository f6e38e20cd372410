"""Durable storage of games through SQLAlchemy: embedded SQLite by default, any SQLAlchemy URL otherwise.

A game is its settings (players, seed, side, seats) plus its accepted actions in text form, one row
each. Every accepted action is committed in its own transaction before the server acknowledges it,
so a killed server loses no acknowledged move; on restart each game is rebuilt by replaying its rows.
"""

from __future__ import annotations

import json
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

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
    # Moves taken back so far: with the moves stored, it makes the game's served version a counter
    # that grows with every change and never repeats (moves + 2 x undos).
    sa.Column("undos", sa.Integer, nullable=False, default=0, server_default="0"),
)
_LATER_COLUMNS = ("seed_chosen", "bot_turn", "modules", "undos")
_LATER_KINDS = {"modules": "VARCHAR(64) NOT NULL DEFAULT ''", "undos": "INTEGER NOT NULL DEFAULT 0"}

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
    undos: int = 0  # moves taken back so far


class StaleWriteError(RuntimeError):
    """Another writer stored a move at this index first (the in-memory game is out of date)."""


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
        # SQLite allows one writer at a time; serialising writes here avoids "database is locked".
        self._write_lock = threading.Lock() if self.is_sqlite else None
        metadata.create_all(self.engine)
        self._add_later_columns()

    def _add_later_columns(self) -> None:
        """Databases made by older versions lack the newer columns: add them (false for old games)."""
        have = {c["name"] for c in sa.inspect(self.engine).get_columns("games")}
        with self._locked(), self.engine.begin() as conn:
            for name in _LATER_COLUMNS:
                if name not in have:
                    kind = _LATER_KINDS.get(name, "BOOLEAN NOT NULL DEFAULT FALSE")
                    conn.execute(sa.text(f"ALTER TABLE games ADD COLUMN {name} {kind}"))
            if "solo" not in have:
                conn.execute(sa.text("ALTER TABLE games ADD COLUMN solo VARCHAR(40) NOT NULL DEFAULT ''"))

    def close(self) -> None:
        self.engine.dispose()

    def _locked(self) -> Any:
        return self._write_lock if self._write_lock is not None else _NullLock()

    def create_game(self, g: GameRow, bot_turn: bool = False) -> None:
        now = time.time()
        with self._locked(), self.engine.begin() as conn:
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
                    solo=g.solo,
                )
            )

    def append_move(self, game_id: str, idx: int, seat: int, text: str, over: bool, bot_turn: bool = False) -> None:
        """Store move ``idx`` (0-based) and commit; raises StaleWriteError if that index exists."""
        now = time.time()
        try:
            with self._locked(), self.engine.begin() as conn:
                conn.execute(moves_table.insert().values(game_id=game_id, idx=idx, seat=seat, text=text, at=now))
                conn.execute(
                    games_table.update()
                    .where(games_table.c.id == game_id)
                    .values(version=idx + 1, over=over, updated_at=now, bot_turn=bot_turn)
                )
        except sa.exc.IntegrityError as exc:
            raise StaleWriteError(f"move {idx} of game {game_id} is already stored") from exc

    def truncate_moves(self, game_id: str, keep: int, bot_turn: bool = False) -> None:
        """Delete every move from index ``keep`` on (undo) and commit."""
        now = time.time()
        with self._locked(), self.engine.begin() as conn:
            conn.execute(moves_table.delete().where(moves_table.c.game_id == game_id, moves_table.c.idx >= keep))
            conn.execute(
                games_table.update()
                .where(games_table.c.id == game_id)
                .values(version=keep, over=False, updated_at=now, bot_turn=bot_turn, undos=games_table.c.undos + 1)
            )

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

    def expire_games(self, unstarted_before: float, abandoned_before: float) -> list[str]:
        """Delete games nobody moved in since they were created before ``unstarted_before``, and unfinished
        games with no move since ``abandoned_before`` (epoch seconds); returns their ids. Finished games stay."""
        g = games_table.c
        cond = sa.and_(
            g.over == sa.false(),
            g.bot_turn == sa.false(),
            sa.or_(sa.and_(g.version == 0, g.updated_at < unstarted_before), g.updated_at < abandoned_before),
        )
        with self._locked(), self.engine.begin() as conn:
            ids = [r.id for r in conn.execute(sa.select(g.id).where(cond).limit(10_000))]
            if ids:
                conn.execute(moves_table.delete().where(moves_table.c.game_id.in_(ids)))
                conn.execute(games_table.delete().where(g.id.in_(ids)))
        return ids

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

    def load_game(self, game_id: str) -> GameRow | None:
        """One stored game with its moves, or None if there is no such game."""
        with self.engine.connect() as conn:
            r = conn.execute(games_table.select().where(games_table.c.id == game_id)).first()
            if r is None:
                return None
            g = _game_row(r)
            q = moves_table.select().where(moves_table.c.game_id == game_id).order_by(moves_table.c.idx)
            g.moves.extend((m.seat, m.text) for m in conn.execute(q))
        return g


def _game_row(r: Any) -> GameRow:
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
    )


class _NullLock:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    # WAL + NORMAL: a commit is in the WAL file (the OS has it) before it returns, so killing the server
    # loses nothing acknowledged; only a power cut may lose the last commits. FULL would fsync each one.
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
