"""Turn clocks and seats that are never lost: a bot plays for a player who ran out of time or left.

A table may set a turn clock when the game is made (off by default): each player's turn has a budget
of seconds, which starts when that player is to move in a new turn. When a human's time runs out, or
when most of the other human players vote that the player has left, the table's bot plays that seat
(it sees only that seat's view, like any bot) until the player opens their seat link again and takes
the seat back. Every takeover and every return is written in the game log.

A vote means "away" (``AwayRule``, defaults in ``server/table.toml``): it opens only while the table
waits for that player's decision, and only once they are away: on a table with a clock, when their
time has run out; without one, when the table has waited ``idle_seconds`` for their decision or no
page of their game has been open for ``gone_seconds`` (``presence``). A seat taken back cannot be voted
out again for ``grace_seconds``. Every seat's view says when a vote against the player to move may
open (``vote_opens``), so the browser shows it only then.

Everything lives in the database, so several server processes share it: the clock, the votes and
the log notes in the ``game_clocks`` row, the seats in the game row. A takeover changes the seat's
kind to "bot" (keeping its token, so its player can still open it and take it back), so the bot
machinery runs it as any bot seat, with the same claim (lease) on who runs the game's bots; and
every change counts in the game's ``table_rev``, which tells the other processes to reload the table.
Each change is made in the game's write transaction (its row locked) and checked again there, so two
processes noticing the same timeout take over the seat once.

Memory follows only what is committed: a change is made on copies of the seats and the table inside
the write transaction, and put in the session after the commit (a failed write leaves memory as stored).

Clocks are read against ``GameService.now`` (epoch seconds), which tests replace by a fake clock.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from inferno.records.log import events
from inferno.rules.engine import to_move
from inferno.rules.state import State
from inferno.server.errors import ErrorCode, Refused
from inferno.server.storage import SeatRow, Storage, Txn, games_table, metadata

if TYPE_CHECKING:
    from inferno.server.service import GameService
    from inferno.server.sessions import Session


def _table_data() -> dict[str, Any]:
    """The table settings of ``server/table.toml`` as plain values (their provenance stays in the file)."""
    raw = tomllib.loads(resources.files("inferno").joinpath("server/table.toml").read_text(encoding="utf-8"))
    return {f"{sec}.{k}": v["value"] for sec, d in raw.items() for k, v in d.items()}


_DATA = _table_data()
CLOCK_CHOICES: list[int] = [int(x) for x in _DATA["clock.choices"]]
MIN_SECONDS = float(_DATA["clock.min_seconds"])
MAX_SECONDS = float(_DATA["clock.max_seconds"])
DEFAULT_BOT = str(_DATA["takeover.bot"])


@dataclass(frozen=True, slots=True)
class AwayRule:
    """When a player counts as away, so that the others may vote them out (seconds)."""

    idle_seconds: float  # the table has waited this long for their decision (no clock) ...
    gone_seconds: float  # ... or no page of their game has been open this long
    grace_seconds: float  # after taking their seat back, no vote against them for this long


AWAY = AwayRule(
    float(_DATA["vote.idle_seconds"]), float(_DATA["vote.gone_seconds"]), float(_DATA["vote.grace_seconds"])
)
RULE = "this table's turn clock and seats"  # what a takeover's log line names as its rule

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

    def copy(self) -> Table:
        """A copy to change without touching this table (its votes and notes are lists of their own)."""
        votes = {k: list(v) for k, v in self.votes.items()}
        return Table(
            self.seconds, self.bot, self.seat, self.turn, self.deadline, votes, list(self.notes), dict(self.reclaimed)
        )


@dataclass(slots=True)
class _Change:
    """New seats, table and table revision of a game, made on copies in its write transaction; the
    session takes them (``_install``) once the transaction has committed."""

    seats: list[SeatRow]
    table: Table
    table_rev: int


def _change(sess: Session) -> _Change:
    """Copies of the session's seats and table, to change in a write transaction."""
    return _Change(list(sess.row.seats), sess.table.copy(), sess.row.table_rev)


def _install(sess: Session, ch: _Change) -> None:
    """Memory follows a committed change of the seats and the table (hold ``sess.lock``)."""
    sess.row.seats, sess.table, sess.row.table_rev = ch.seats, ch.table, ch.table_rev
    sess.views.clear()  # the views show the seats and the table


def ensure(storage: Storage) -> None:
    """Create the clocks table if the database has none, and add the columns older versions lacked."""
    clocks_table.create(storage.engine, checkfirst=True)
    have = {c["name"] for c in sa.inspect(storage.engine).get_columns("game_clocks")}
    if "reclaimed" not in have:
        with storage.transaction() as conn:
            conn.execute(sa.text("ALTER TABLE game_clocks ADD COLUMN reclaimed TEXT NOT NULL DEFAULT '{}'"))


def load(conn: Connection, game_id: str) -> Table:
    r = conn.execute(sa.select(clocks_table).where(_c.game_id == game_id)).first()
    if r is None:
        return Table()
    votes = {int(k): [int(x) for x in v] for k, v in json.loads(r.votes or "{}").items()}
    notes = [(int(a), int(b), str(c), str(d)) for a, b, c, d in json.loads(r.notes or "[]")]
    reclaimed = {int(k): float(v) for k, v in json.loads(r.reclaimed or "{}").items()}
    return Table(
        float(r.seconds), r.bot or DEFAULT_BOT, int(r.seat), int(r.turn), float(r.deadline), votes, notes, reclaimed
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
    }
    done = conn.execute(clocks_table.update().where(_c.game_id == game_id).values(**values))
    if done.rowcount == 0:
        conn.execute(clocks_table.insert().values(game_id=game_id, **values))


def store(storage: Storage, game_id: str, t: Table) -> None:
    """Store a new game's table in its own transaction."""
    with storage.transaction() as conn:
        save(conn, game_id, t)


def expired(storage: Storage, now: float) -> list[str]:
    """Games whose running clock has run out by ``now``."""
    q = sa.select(_c.game_id).where(_c.deadline > 0, _c.deadline <= now).order_by(_c.deadline).limit(1000)
    with storage.engine.connect() as conn:
        return [r.game_id for r in conn.execute(q)]


def reload(sess: Session, conn: Connection) -> None:
    """Bring the seats and the table in memory up to what is stored (another process changed them)."""
    r = conn.execute(
        sa.select(games_table.c.seats, games_table.c.table_rev).where(games_table.c.id == sess.row.id)
    ).first()
    if r is not None:
        sess.row.seats = [SeatRow(**d) for d in json.loads(r.seats)]
        sess.row.table_rev = int(r.table_rev or 0)
    sess.table = load(conn, sess.row.id)


def taken_over(seat: SeatRow) -> bool:
    """A human's seat that a bot plays now (it keeps its token, so its player can take it back)."""
    return seat.kind == "bot" and bool(seat.token_hash)


def run_clock(t: Table, seats: Sequence[SeatRow], s: State, now: float) -> bool:
    """Start the clock of ``t`` for the human to move in a new turn, or stop it; True if it changed."""
    p = -1 if s.over else to_move(s)
    human = p >= 0 and seats[p].kind == "human"
    if t.seconds <= 0 or not human:
        changed = t.deadline != 0 or t.seat != -1
        t.seat, t.turn, t.deadline = -1, -1, 0.0
        return changed
    if t.seat == p and t.turn == s.turn and t.deadline > 0:
        return False  # the same player's turn goes on: the same budget
    t.seat, t.turn, t.deadline = p, s.turn, now + t.seconds
    return True


def after_move(service: GameService, sess: Session, tx: Txn, seat: int, new: State) -> Table:
    """In a move's write transaction: the table after the move, stored if it changed (the mover is at
    the table, so votes against it lapse; the clock follows the new state). The session's own table is
    not touched: the caller puts this one in its place once the transaction has committed."""
    t = sess.table.copy()
    changed = t.votes.pop(seat, None) is not None
    if run_clock(t, sess.row.seats, new, service.now()) or changed:
        save(tx.conn, sess.row.id, t)
    return t


def _note(ch: _Change, s: State, seat: int, kind: str, text: str) -> None:
    ch.table.notes.append((len(events(s)), seat, kind, text))


def _commit(service: GameService, sess: Session, tx: Txn, ch: _Change) -> None:
    """Store the changed seats and table (one more table change) and whether a bot is to move now."""
    ch.table_rev += 1
    bot_turn = not sess.state.over and ch.seats[to_move(sess.state)].kind == "bot"
    lease = service._lease() if bot_turn else 0.0
    tx.conn.execute(
        games_table.update()
        .where(games_table.c.id == sess.row.id)
        .values(
            seats=json.dumps([x.to_dict() for x in ch.seats]),
            table_rev=ch.table_rev,
            bot_turn=bot_turn,
            bot_owner=service.storage.origin if bot_turn else "",
            bot_lease=lease,
        )
    )
    save(tx.conn, sess.row.id, ch.table)
    tx.storage.notify(tx.conn, sess.row.id, len(sess.row.moves))


def _take_over(ch: _Change, s: State, seat: int, why: str) -> None:
    old = ch.seats[seat]
    bot = ch.table.bot
    ch.seats[seat] = SeatRow("bot", bot, old.name, old.token_hash)
    ch.table.votes.pop(seat, None)
    _note(ch, s, seat, "takeover", f"{why}; the {bot} bot plays this seat until its player takes it back")


def time_out(service: GameService, game_id: str) -> bool:
    """If the clock of the player to move has run out, a bot takes the seat over; True if it did."""

    now = service.now()
    try:
        with service._locked(game_id) as sess:
            with service._write(sess) as tx:
                ch = _change(sess)
                t, s = ch.table, sess.state
                p = -1 if s.over else to_move(s)
                took = 0 < t.deadline <= now and t.seat == p and ch.seats[p].kind == "human"
                if took:
                    _take_over(ch, s, p, "ran out of time")
                    run_clock(t, ch.seats, s, now)
                    _commit(service, sess, tx, ch)
                elif t.deadline and (s.over or t.seat != p):
                    run_clock(t, ch.seats, s, now)  # a stale clock: set it right
                    save(tx.conn, game_id, t)
                else:
                    return False
            _install(sess, ch)
    except Refused:
        return False
    if took:
        service._changed(game_id)
    return took


def vote_opens(sess: Session, seat: int, gone_since: float | None, rule: AwayRule = AWAY) -> float | None:
    """When a vote that ``seat`` has left may open (epoch seconds), or None while none may: only while the
    table waits for that human's decision; on a table with a clock, when their time runs out; without
    one, after ``idle_seconds`` of waiting, or ``gone_seconds`` after ``gone_since`` (no page of the game
    open since then; None: a page is open); never within ``grace_seconds`` of their taking the seat back."""
    s, t = sess.state, sess.table
    if s.over or to_move(s) != seat or sess.row.seats[seat].kind != "human":
        return None
    if t.seconds > 0:
        if t.seat != seat or t.deadline <= 0:
            return None
        opens = t.deadline
    else:
        opens = sess.moved_at + rule.idle_seconds
        if gone_since is not None:
            opens = min(opens, gone_since + rule.gone_seconds)
    back = t.reclaimed.get(seat)
    return opens if back is None else max(opens, back + rule.grace_seconds)


def _wait_words(seconds: float) -> str:
    s = max(1, round(seconds))
    if s < 120:
        return f"{s} seconds"
    if s < 7200:
        return f"{round(s / 60)} minutes"
    return f"{round(s / 3600)} hours"


def _not_away(name: str, opens: float | None, now: float, clock: bool) -> str:
    """Why a vote that ``name`` has left cannot open now, in the table's words."""
    if opens is None:
        return f"{name} is not the player the table is waiting for; a vote that a player has left opens only then"
    if clock:
        return f"{name} still has time on the clock; the bot plays their seat if it runs out"
    return (
        f"{name} is still at the table; a vote that they have left opens in {_wait_words(opens - now)} "
        "if they stay away"
    )


def vote(service: GameService, game_id: str, voter: int, target: int) -> dict[str, Any]:
    """``voter`` votes that ``target`` has left; with a majority of the other humans a bot takes the seat.
    Refused unless ``target`` is away (``vote_opens``)."""

    with service._locked(game_id) as sess:
        with service._write(sess) as tx:
            seats = sess.row.seats
            if sess.state.over:
                raise Refused(ErrorCode.GAME_OVER, "the game is over")
            if not 0 <= target < len(seats) or target == voter:
                raise Refused(ErrorCode.BAD_REQUEST, "choose another player's seat")
            if seats[voter].kind != "human":
                raise Refused(ErrorCode.FORBIDDEN, "a bot plays your seat now; take it back first")
            if seats[target].kind != "human":
                raise Refused(ErrorCode.BAD_REQUEST, f"{seats[target].name} is played by a bot already")
            now = service.now()
            gone = service.gone_since(game_id, sess, target, tx.conn)
            opens = vote_opens(sess, target, gone, service.away)
            if opens is None or opens > now:
                raise Refused(ErrorCode.BAD_REQUEST, _not_away(seats[target].name, opens, now, sess.table.seconds > 0))
            others = [i for i, x in enumerate(seats) if x.kind == "human" and i != target]
            ch = _change(sess)
            ballot = ch.table.votes.setdefault(target, [])
            if voter not in ballot:
                ballot.append(voter)
            need = len(others) // 2 + 1
            done = len(ballot) >= need
            if done:
                _take_over(ch, sess.state, target, "left the table, by the other players' vote")
                run_clock(ch.table, ch.seats, sess.state, now)
            _commit(service, sess, tx, ch)
        _install(sess, ch)
    service._changed(game_id)
    return {"votes": len(ballot), "needed": need, "taken_over": done}


def reclaim(service: GameService, game_id: str, seat: int) -> None:
    """The player of a seat a bot plays takes it back (their clock starts afresh if they are to move)."""

    with service._locked(game_id) as sess:
        with service._write(sess) as tx:
            old = sess.row.seats[seat] if 0 <= seat < len(sess.row.seats) else None
            if old is None or not taken_over(old):
                raise Refused(ErrorCode.BAD_REQUEST, "you play this seat already")
            ch = _change(sess)
            ch.seats[seat] = SeatRow("human", "", old.name, old.token_hash)
            ch.table.reclaimed[seat] = service.now()  # no vote against this player for a while
            _note(ch, sess.state, seat, "reclaim", "is back and takes the seat back from the bot")
            if to_move(sess.state) == seat and not sess.state.over:
                ch.table.seat = -1  # a fresh budget if it is this player's turn; another's turn keeps its own
            run_clock(ch.table, ch.seats, sess.state, service.now())
            _commit(service, sess, tx, ch)
        _install(sess, ch)
    service._changed(game_id)


def table_json(sess: Session, vote_at: float | None = None) -> dict[str, Any]:
    """What every seat sees of the table: the clock, the seats bots play for their players, the votes, and
    when a vote that the player to move has left may open (``vote_at``, epoch seconds; None: it may not)."""
    t = sess.table
    s = sess.state
    return {
        "seconds": t.seconds,
        "bot": t.bot,
        "clock": {"seat": t.seat, "deadline": t.deadline} if t.deadline > 0 else None,
        "taken_over": [i for i, x in enumerate(sess.row.seats) if taken_over(x)],
        "votes": {str(k): v for k, v in t.votes.items() if v},
        "humans": [i for i, x in enumerate(sess.row.seats) if x.token_hash],
        "vote": None if vote_at is None or s.over else {"seat": to_move(s), "opens_at": round(vote_at, 3)},
    }


def with_notes(log: list[dict[str, Any]], total: int, notes: list[tuple[int, int, str, str]]) -> list[dict[str, Any]]:
    """The log lines with the table's notes (takeovers, returns) put after the event they followed."""
    if not notes:
        return log
    first = total - len(log)
    out: list[dict[str, Any]] = []
    pending = sorted((n for n in notes if n[0] >= first), key=lambda n: n[0])
    k = 0
    for i, e in enumerate(log):
        while k < len(pending) and pending[k][0] <= first + i:
            out.append(_note_json(pending[k]))
            k += 1
        out.append(e)
    out.extend(_note_json(n) for n in pending[k:])
    return out


def _note_json(n: tuple[int, int, str, str]) -> dict[str, Any]:
    return {"kind": n[2], "player": n[1], "text": n[3], "rule": RULE, "points": 0, "source": "table", "places": []}
