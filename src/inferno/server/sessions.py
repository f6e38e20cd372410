"""A game being served, as the server keeps it in memory: its stored row, its state and undo steps,
its cached views, its table (clock, votes, notes) and what it knows of other processes' changes; and
how a stored game is rebuilt and numbered for clients."""

from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from inferno.i18n import SERVER
from inferno.records.undo import Step, describe_step
from inferno.rules.actions import InfernoError
from inferno.rules.engine import apply, apply_in_place
from inferno.rules.notation import parse_action
from inferno.rules.setup import SetupError, new_game
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import State
from inferno.server.errors import ErrorCode, Refused
from inferno.server.storage import GameRow, SeatRow, Storage, Txn, games_table
from inferno.server.tables import Table, load
from inferno.server.view_cache import Shared, Views

log = logging.getLogger(__name__)
_ = SERVER.gettext


@dataclass(slots=True)
class Session:
    """One game being served."""

    row: GameRow
    state: State
    steps: list[Step]
    lock: threading.Lock = field(default_factory=threading.Lock)
    boards: dict[str, dict[str, Any]] = field(default_factory=dict)  # the board's JSON, by language
    last_used: float = field(default_factory=time.monotonic)
    creator: str = ""  # client address that created the game (this server run only; not stored)
    evicted: bool = False  # set (under ``lock``) when dropped from the cache; holders must fetch it again
    views: Views = field(default_factory=Views)  # the views of this version built so far
    # What every seat sees of the latest version built (with its log), by language.
    shared: dict[str, Shared] = field(default_factory=dict)
    table: Table = field(default_factory=Table)  # turn clock, votes, takeover notes
    # Changes of the game other processes announced to this one, and how many of them this process has
    # read the database after (``fresh``). One at first: a game loaded from the database while another
    # process changed it may have missed that change, and its announcement came before it was loaded.
    announced: int = 1
    checked: int = 0
    # When the game last changed by a move or a takeback, and when this process loaded it (epoch seconds,
    # on the service's clock): since then the table has waited for the player to move, and their absence
    # is counted from no earlier than the load.
    moved_at: float = 0.0
    loaded_at: float = 0.0


def served_version(sess: Session) -> int:
    """The version clients see: one more after every move, every undo and every change of the table (a
    seat taken over or back, a vote), never the same number for two different states of the game (an
    undo does not go back to an earlier number)."""
    return len(sess.row.moves) + 2 * sess.row.undos + sess.row.table_rev


def replayed(row: GameRow) -> Session | None:
    """A stored game rebuilt by replaying its moves (None, logged, if they no longer replay)."""
    try:
        # A stored game's side was accepted at its creation (a variant had to be named then).
        s = new_game(row.players, row.seed, row.side, modules=row.modules, solo=solo_of(row.solo), side_variant=True)
        steps = []
        for i, (_seat, text) in enumerate(row.moves):
            a = parse_action(s, text)
            before = s.copy()
            apply_in_place(s, a)
            steps.append(describe_step(before, a, s, i, text))
    except (InfernoError, SetupError) as exc:
        log.error("game %s cannot be replayed and is not served: %s", row.id, exc)
        return None
    return Session(row, s, steps)


def solo_text(solo: SoloConfig | None) -> str:
    """The solo settings as stored: "variant/level", or "" for a game between players."""
    return f"{solo.variant}/{solo.level}" if solo is not None else ""


def solo_of(text: str) -> SoloConfig | None:
    if not text:
        return None
    variant, _, level = text.partition("/")
    return SoloConfig(variant, level)


def reload_table(sess: Session, conn: Connection) -> None:
    """Bring the seats and the table in memory up to what is stored (another process changed them)."""
    r = conn.execute(
        sa.select(games_table.c.seats, games_table.c.table_rev).where(games_table.c.id == sess.row.id)
    ).first()
    if r is not None:
        sess.row.seats = [SeatRow(**d) for d in json.loads(r.seats)]
        sess.row.table_rev = int(r.table_rev or 0)
    sess.table = load(conn, sess.row.id)


def catch_up(sess: Session, tx: Txn, storage: Storage, now: float) -> None:
    """Bring the copy in memory up to the stored game (other processes may have changed it); ``now``: the
    service's time, when waiting for the player to move starts anew after moves or takebacks."""
    head = tx.head
    if head is None:
        raise Refused(ErrorCode.NOT_FOUND, _("no such game"))
    s = sess.state
    if head.version == s.version and head.undos == sess.row.undos and head.table_rev == sess.row.table_rev:
        return
    if head.version != s.version or head.undos != sess.row.undos:  # moves or takebacks: waiting starts anew
        sess.moved_at = min(head.updated_at, now)
    if head.undos == sess.row.undos and head.version > s.version:
        for seat, text in tx.moves_from(s.version):
            a = parse_action(s, text)
            new = apply(s, a)
            sess.row.moves.append((seat, text))
            sess.steps.append(describe_step(s, a, new, s.version, text))
            s = new
        sess.state = s
    else:  # moves were taken back: replay the stored ones
        row = storage.load_game(sess.row.id, tx.conn)
        again = replayed(row) if row is not None else None
        if again is None:
            raise Refused(ErrorCode.NOT_FOUND, _("no such game"))
        sess.row.moves, sess.row.undos = again.row.moves, again.row.undos
        sess.steps, sess.state = again.steps, again.state
    reload_table(sess, tx.conn)  # seats, clock and votes as stored
    sess.views.clear()


def replay_to(row: GameRow, upto: int) -> State:
    """The stored game's state after its first ``upto`` moves."""
    # A stored game's side was accepted at its creation (a variant had to be named then).
    s = new_game(row.players, row.seed, row.side, modules=row.modules, solo=solo_of(row.solo), side_variant=True)
    for _, text in row.moves[:upto]:
        apply_in_place(s, parse_action(s, text))
    return s


def seen_current(sess: Session, version: int) -> int:
    """The version clients see, if ``version`` is it and the game goes on; else Refused, in words."""
    served = served_version(sess)
    if sess.state.over:
        raise Refused(ErrorCode.GAME_OVER, _("the game is over"), served)
    if version != served:
        raise Refused(ErrorCode.STALE, _("the game changed meanwhile; here is where it stands now"), served)
    return served
