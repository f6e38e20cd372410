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

Memory follows only what is committed: a change is made on copies of the seats and the table
(``TableChange``) inside the write transaction, and put in the session after the commit (a failed write
leaves memory as stored). The functions here are plain: they change a table, or say why not; the
service (``GameService.time_out``, ``vote``, ``reclaim``) holds the lock, writes and publishes, through
``GameService.change`` like every change of a game. The data and its storage live in ``tables``.

Clocks are read against ``GameService.now`` (epoch seconds), which tests replace by a fake clock.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from inferno.i18n import N_, SERVER
from inferno.records.log import events
from inferno.rules.engine import to_move
from inferno.rules.state import State
from inferno.server.errors import ErrorCode, Refused
from inferno.server.seats import shown_name
from inferno.server.sessions import Session, reload_table
from inferno.server.storage import SeatRow, Txn, games_table
from inferno.server.tables import (  # the table's data lives in ``tables``; re-exported here
    AWAY,
    CLOCK_CHOICES,
    DEFAULT_BOT,
    MAX_SECONDS,
    MIN_SECONDS,
    RULE,
    START_WITHIN,
    AwayRule,
    Table,
    clocks_table,
    ensure,
    expired,
    load,
    run_clock,
    save,
    store,
    taken_over,
)

__all__ = [
    "AWAY",
    "CLOCK_CHOICES",
    "DEFAULT_BOT",
    "MAX_SECONDS",
    "MIN_SECONDS",
    "RULE",
    "START_WITHIN",
    "AwayRule",
    "Table",
    "TableChange",
    "TableKeeper",
    "after_move",
    "arrive",
    "cast_vote",
    "change",
    "clocks_table",
    "ensure",
    "expired",
    "install",
    "load",
    "reclaim",
    "reload",
    "run_clock",
    "save",
    "store",
    "table_json",
    "take_back",
    "taken_over",
    "time_out",
    "timed_out",
    "vote",
    "vote_opens",
    "vote_refusal",
    "with_notes",
    "write_change",
]

reload = reload_table  # the seats and the table as stored (another process changed them)
_ = SERVER.gettext
ngettext = SERVER.ngettext

# The table's notes in the log, stored in English (``note_text`` reads them in the reader's words).
TIMED_OUT = N_("ran out of time")
VOTED_OUT = N_("left the table, by the other players' vote")
TAKEOVER = N_("{why}; the {bot} bot plays this seat until its player takes it back")
RECLAIM = N_("is back and takes the seat back from the bot")
_TAKEOVER_RE = re.compile(
    re.escape(TAKEOVER).replace(re.escape("{why}"), "(?P<why>.+)").replace(re.escape("{bot}"), r"(?P<bot>\S+)")
)


@dataclass(slots=True)
class TableChange:
    """New seats, table and table revision of a game, made on copies in its write transaction; the
    session takes them (``install``) once the transaction has committed."""

    seats: list[SeatRow]
    table: Table
    table_rev: int


def change(sess: Session) -> TableChange:
    """Copies of the session's seats and table, to change in a write transaction."""
    return TableChange(list(sess.row.seats), sess.table.copy(), sess.row.table_rev)


def install(sess: Session, ch: TableChange) -> None:
    """Memory follows a committed change of the seats and the table (hold ``sess.lock``)."""
    sess.row.seats, sess.table, sess.row.table_rev = ch.seats, ch.table, ch.table_rev
    sess.views.clear()  # the views show the seats and the table


def after_move(tx: Txn, sess: Session, seat: int, new: State, now: float) -> Table:
    """In a move's write transaction: the table after the move, stored if it changed (the mover is at
    the table, so votes against it lapse; the clock follows the new state). The session's own table is
    not touched: the caller puts this one in its place once the transaction has committed."""
    t = sess.table.copy()
    changed = t.votes.pop(seat, None) is not None
    if run_clock(t, sess.row.seats, new, now) or changed:
        save(tx.conn, sess.row.id, t)
    return t


def _note(ch: TableChange, s: State, seat: int, kind: str, text: str) -> None:
    ch.table.notes.append((len(events(s)), seat, kind, text))


def write_change(tx: Txn, sess: Session, ch: TableChange, lease: float) -> None:
    """Store the changed seats and table (one more table change) and whether a bot is to move now (with
    this process's claim to run it until ``lease``)."""
    ch.table_rev += 1
    bot_turn = not sess.state.over and ch.seats[to_move(sess.state)].kind == "bot"
    tx.conn.execute(
        games_table.update()
        .where(games_table.c.id == sess.row.id)
        .values(
            seats=json.dumps([x.to_dict() for x in ch.seats]),
            table_rev=ch.table_rev,
            bot_turn=bot_turn,
            bot_owner=tx.storage.origin if bot_turn else "",
            bot_lease=lease if bot_turn else 0.0,
        )
    )
    save(tx.conn, sess.row.id, ch.table)
    tx.storage.notify(tx.conn, sess.row.id, len(sess.row.moves))


def _take_over(ch: TableChange, s: State, seat: int, why: str) -> None:
    old = ch.seats[seat]
    bot = ch.table.bot
    ch.seats[seat] = SeatRow("bot", bot, old.name, old.token_hash)
    ch.table.votes.pop(seat, None)
    _note(ch, s, seat, "takeover", TAKEOVER.format(why=why, bot=bot))


def timed_out(ch: TableChange, s: State, now: float) -> bool | None:
    """If the clock of the player to move has run out by ``now``, a bot takes the seat over in ``ch``
    (True); a stale clock is set right, or a waiting one started at the table's start time (False); None
    if nothing changes."""
    t = ch.table
    p = -1 if s.over else to_move(s)
    if t.deadline == 0 and t.seat == p and p >= 0 and not t.waits_for(p, now):
        run_clock(t, ch.seats, s, now)  # the table's start time has come: the clock runs
        return False
    if 0 < t.deadline <= now and t.seat == p and ch.seats[p].kind == "human":
        _take_over(ch, s, p, TIMED_OUT)
        run_clock(t, ch.seats, s, now)
        return True
    if t.deadline and (s.over or t.seat != p):
        run_clock(t, ch.seats, s, now)  # a stale clock: set it right
        return False
    return None


def vote_opens(sess: Session, seat: int, gone_since: float | None, rule: AwayRule = AWAY) -> float | None:
    """When a vote that ``seat`` has left may open (epoch seconds), or None while none may: only while the
    table waits for that human's decision; on a table with a clock, when their time runs out (a clock
    waiting for its player runs from the table's start time at the latest); without
    one, after ``idle_seconds`` of waiting, or ``gone_seconds`` after ``gone_since`` (no page of the game
    open since then; None: a page is open); never within ``grace_seconds`` of their taking the seat back."""
    s, t = sess.state, sess.table
    if s.over or to_move(s) != seat or sess.row.seats[seat].kind != "human":
        return None
    if t.seconds > 0:
        if t.seat != seat:
            return None
        if t.deadline > 0:
            opens = t.deadline
        elif t.starts_at > 0:  # a clock waiting for its player runs out a turn after the table's start time
            opens = t.starts_at + t.seconds
        else:
            return None
    else:
        opens = sess.moved_at + rule.idle_seconds
        if gone_since is not None:
            opens = min(opens, gone_since + rule.gone_seconds)
    back = t.reclaimed.get(seat)
    return opens if back is None else max(opens, back + rule.grace_seconds)


def _wait_words(seconds: float) -> str:
    s = max(1, round(seconds))
    if s < 120:
        return ngettext("{n} second", "{n} seconds", s).format(n=s)
    if s < 7200:
        m = round(s / 60)
        return ngettext("{n} minute", "{n} minutes", m).format(n=m)
    h = round(s / 3600)
    return ngettext("{n} hour", "{n} hours", h).format(n=h)


def _not_away(name: str, opens: float | None, now: float, clock: bool) -> str:
    """Why a vote that ``name`` has left cannot open now, in the table's words."""
    if opens is None:
        return _(
            "{name} is not the player the table is waiting for; a vote that a player has left opens only then"
        ).format(name=name)
    if clock:
        return _("{name} still has time on the clock; the bot plays their seat if it runs out").format(name=name)
    return _("{name} is still at the table; a vote that they have left opens in {wait} if they stay away").format(
        name=name, wait=_wait_words(opens - now)
    )


def vote_refusal(
    sess: Session, voter: int, target: int, opens_at: Callable[[], float | None], now: float
) -> Refused | None:
    """Why ``voter`` may not vote now that ``target`` has left (``opens_at``: when such a vote opens, asked
    last), in the table's words; None if they may."""
    seats = sess.row.seats
    if sess.state.over:
        return Refused(ErrorCode.GAME_OVER, _("the game is over"))
    if not 0 <= target < len(seats) or target == voter:
        return Refused(ErrorCode.BAD_REQUEST, _("choose another player's seat"))
    if seats[voter].kind != "human":
        return Refused(ErrorCode.FORBIDDEN, _("a bot plays your seat now; take it back first"))
    name = shown_name(seats[target].name)
    if seats[target].kind != "human":
        return Refused(ErrorCode.BAD_REQUEST, _("{name} is played by a bot already").format(name=name))
    opens = opens_at()
    if opens is None or opens > now:
        return Refused(ErrorCode.BAD_REQUEST, _not_away(name, opens, now, sess.table.seconds > 0))
    return None


def cast_vote(ch: TableChange, s: State, voter: int, target: int, now: float) -> dict[str, Any]:
    """``voter``'s vote that ``target`` has left, in ``ch``: with a majority of the other humans a bot
    takes the seat. The ballot's count, the votes needed and whether the seat was taken over."""
    others = [i for i, x in enumerate(ch.seats) if x.kind == "human" and i != target]
    ballot = ch.table.votes.setdefault(target, [])
    if voter not in ballot:
        ballot.append(voter)
    need = len(others) // 2 + 1
    done = len(ballot) >= need
    if done:
        _take_over(ch, s, target, VOTED_OUT)
        run_clock(ch.table, ch.seats, s, now)
    return {"votes": len(ballot), "needed": need, "taken_over": done}


def arrive(ch: TableChange, s: State, seat: int, now: float) -> bool:
    """The player of ``seat`` has come to the table (opened their seat's page), in ``ch``: their clock may
    run from now on, and starts at once if the table waits for their decision. False if that changes
    nothing (no clock, or they had arrived already)."""
    t = ch.table
    if t.seconds <= 0 or seat in t.arrived or not 0 <= seat < len(ch.seats):
        return False
    t.arrived.add(seat)
    run_clock(t, ch.seats, s, now)
    return True


def take_back(ch: TableChange, s: State, seat: int, now: float) -> None:
    """The player of a seat a bot plays takes it back, in ``ch`` (their clock starts afresh if they are to
    move); refused if no bot plays it."""
    old = ch.seats[seat] if 0 <= seat < len(ch.seats) else None
    if old is None or not taken_over(old):
        raise Refused(ErrorCode.BAD_REQUEST, _("you play this seat already"))
    ch.seats[seat] = SeatRow("human", "", old.name, old.token_hash)
    ch.table.reclaimed[seat] = now  # no vote against this player for a while
    ch.table.arrived.add(seat)
    _note(ch, s, seat, "reclaim", RECLAIM)
    if to_move(s) == seat and not s.over:
        ch.table.seat = -1  # a fresh budget if it is this player's turn; another's turn keeps its own
    run_clock(ch.table, ch.seats, s, now)


class TableKeeper(Protocol):
    """What makes a table's changes: the game service (``GameService``)."""

    def time_out(self, game_id: str) -> bool: ...
    def vote(self, game_id: str, voter: int, target: int) -> dict[str, Any]: ...
    def reclaim(self, game_id: str, seat: int) -> None: ...


def time_out(service: TableKeeper, game_id: str) -> bool:
    """If the clock of the player to move has run out, a bot takes the seat over; True if it did
    (``GameService.time_out``)."""
    return service.time_out(game_id)


def vote(service: TableKeeper, game_id: str, voter: int, target: int) -> dict[str, Any]:
    """``voter`` votes that ``target`` has left (``GameService.vote``)."""
    return service.vote(game_id, voter, target)


def reclaim(service: TableKeeper, game_id: str, seat: int) -> None:
    """The player of a seat a bot plays takes it back (``GameService.reclaim``)."""
    service.reclaim(game_id, seat)


def table_json(sess: Session, vote_at: float | None = None) -> dict[str, Any]:
    """What every seat sees of the table: the clock (running, or waiting for the player to move to arrive,
    with the table's start time), the seats bots play for their players, the votes, and when a vote that
    the player to move has left may open (``vote_at``, epoch seconds; None: it may not)."""
    t = sess.table
    s = sess.state
    waiting = t.seconds > 0 and t.deadline <= 0 and t.seat >= 0 and not s.over
    return {
        "seconds": t.seconds,
        "bot": t.bot,
        "clock": {"seat": t.seat, "deadline": t.deadline} if t.deadline > 0 else None,
        "waiting": {"seat": t.seat, "starts_at": round(t.starts_at, 3)} if waiting else None,
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
    return {
        "kind": n[2],
        "player": n[1],
        "text": note_text(n[3]),
        "rule": _(RULE),
        "points": 0,
        "source": "table",
        "places": [],
    }


def note_text(text: str) -> str:
    """A table's note (stored in English) in the current language; a note of no known form as it is."""
    if text == RECLAIM:
        return _(RECLAIM)
    m = _TAKEOVER_RE.fullmatch(text)
    if m is None:
        return text
    why = m["why"]
    return _(TAKEOVER).format(why=_(why) if why in (TIMED_OUT, VOTED_OUT) else why, bot=m["bot"])
