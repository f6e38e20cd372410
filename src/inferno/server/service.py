"""The authoritative game service: games in memory, every accepted action committed before it counts.

Thread-safe: each game has its own lock, held while an action is checked, stored and applied, so two
requests for one game are served one after the other and the version number orders them.

Memory holds a cache of games, not all of them: a game is rebuilt from the database (replaying its
moves) on its first request, finished games and long-idle ones are evicted by ``sweep``, the least
recently used ones whenever more than ``max_games`` are in memory, and games nobody started or
everybody abandoned are deleted by ``expire``.

Every change of a game (a move, an undo, a vote, a seat taken back, a clock run out) passes through
``GameService.change``: checked and stored under the game's lock, committed, followed by memory, then
published. It is made in a database transaction holding the game's row lock, after bringing the
in-memory copy up to what is stored; so several processes can serve one game from one PostgreSQL
database (``shared``), each read there first checks that the copy is current, and bots are run by
the process that holds the game's bot claim (a lease that another process takes over when it runs out).

What a seat sees is encoded once per version and seat, and sent as is to every reader of that seat.
"""

from __future__ import annotations

import logging
import random
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import orjson

from inferno.bots.base import bot_names, make_bot
from inferno.i18n import SERVER, language
from inferno.records.undo import describe_step, undoable
from inferno.rules.actions import Action, GameOverError, IllegalActionError, InfernoError, MalformedActionError
from inferno.rules.engine import apply, legal_actions, to_move, view
from inferno.rules.notation import action_text, parse_action
from inferno.rules.serialize import state_from_dict, state_to_dict
from inferno.rules.setup import SetupError, new_game
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import State
from inferno.server import clocks, presence
from inferno.server.changes import Outcome, T
from inferno.server.defaults import (
    BOT_LEASE,
    FINISHED_TTL,
    IDLE_TTL,
    MAX_GAMES_IN_MEMORY,
)
from inferno.server.errors import ErrorCode, Refused
from inferno.server.presence import Presence
from inferno.server.seat_views import LogMark, SeatView, common_data, replay_json, seat_data, summary_json
from inferno.server.seat_views import shared as shared_view
from inferno.server.seats import (
    BotTurn,
    Created,
    SeatKind,
    SeatSpec,
    bot_seed,
    check_side,
    checked_table,
    hash_token,
    seat_rows,
)
from inferno.server.sessions import Session, catch_up, replay_to, replayed, seen_current, served_version, solo_text
from inferno.server.storage import Busy, GameRow, StaleWriteError, Storage, Txn
from inferno.server.table_keeping import TableKeeping
from inferno.server.views import SPECTATOR, board_json
from inferno.server.why import why_not

log = logging.getLogger("inferno.server")
_ = SERVER.gettext
__all__ = ["BotTurn", "Created", "GameService", "Outcome", "SeatKind", "SeatSpec", "hash_token"]

SEED_BITS = 62  # server-chosen seeds: too many to try them all against the public setup


class GameService(TableKeeping):
    """Creates, loads, serves and advances games; the only writer of game state."""

    def __init__(
        self,
        storage: Storage,
        on_change: Callable[[str], None] | None = None,
        finished_ttl: float = FINISHED_TTL,
        idle_ttl: float = IDLE_TTL,
        shared: bool | None = None,
        bot_lease: float = BOT_LEASE,
        max_games: int = MAX_GAMES_IN_MEMORY,
        away: clocks.AwayRule = clocks.AWAY,
    ) -> None:
        self.storage = storage
        # Other processes may change the games too (on PostgreSQL unless told otherwise).
        self.shared = storage.is_postgresql if shared is None else shared
        self.bot_lease = bot_lease
        self.sessions: dict[str, Session] = {}
        self.on_change = on_change
        self.finished_ttl = finished_ttl
        self.idle_ttl = idle_ttl
        self.max_games = max(1, max_games)
        self._create_lock = threading.Lock()
        self._cache_lock = threading.Lock()  # guards loading into and evicting from ``sessions``
        self.now: Callable[[], float] = time.time  # the turn clocks' time (tests use a fake clock)
        self.away = away  # when a player counts as away (a vote that they have left may open)
        self.presence = Presence()  # the seats with a page of their game open here
        clocks.ensure(storage)
        presence.ensure(storage)

    # ----- loading, creating and evicting -----

    def resumable(self) -> list[str]:
        """Stored unfinished games in which a bot is to move (the server resumes them); nothing is loaded.

        Every other game is loaded from the database when first asked for.
        """
        return self.storage.bot_turn_games()

    def load(self) -> int:
        """Load every game a bot is to move in (a library convenience); returns how many are in memory."""
        for gid in self.resumable():
            try:
                self._fetch(gid)
            except Refused:
                continue
        return len(self.sessions)

    def expire(self, unstarted_ttl: float, abandoned_ttl: float, now: float | None = None) -> list[str]:
        """Delete (from the database and memory) games nobody moved in for ``unstarted_ttl`` seconds since
        they were made and unfinished games with no move for ``abandoned_ttl``; games a bot is to move in
        and finished games stay. Returns the deleted ids."""
        now = time.time() if now is None else now
        gone = self.storage.expire_games(now - unstarted_ttl, now - abandoned_ttl)
        for gid in gone:
            self.evict(gid)
        return gone

    def bot_games_of(self, creator: str) -> int:
        """Unfinished games with a bot seat in memory that ``creator`` made."""
        return sum(
            1
            for sess in list(self.sessions.values())
            if sess.creator == creator and not sess.state.over and any(x.kind == "bot" for x in sess.row.seats)
        )

    def _fetch(self, game_id: str) -> Session:
        """The game's session, rebuilt from the database if it is not in memory."""
        sess = self.sessions.get(game_id)
        if sess is not None:
            return sess
        with self._cache_lock:
            sess = self.sessions.get(game_id)
            if sess is not None:
                return sess
            row = self.storage.load_game(game_id)
            sess = replayed(row) if row is not None else None
            if sess is None:
                raise Refused(ErrorCode.NOT_FOUND, _("no such game"))
            with self.storage.engine.connect() as conn:
                sess.table = clocks.load(conn, game_id)
            sess.loaded_at = now = self.now()
            sess.moved_at = min(sess.row.updated_at, now)
            self.sessions[game_id] = sess
        log.debug("game %s loaded from the database", game_id)
        self._bound()
        if self.bot_to_move(game_id):
            self.publish(game_id)  # let the bot runner pick it up again
        return sess

    def evict(self, game_id: str) -> bool:
        """Drop a game from memory (it stays in the database); False if it was not in memory."""
        with self._cache_lock:
            sess = self.sessions.get(game_id)
            if sess is None:
                return False
            with sess.lock:
                sess.evicted = True
                del self.sessions[game_id]
        return True

    def _bound(self) -> list[str]:
        """While more than ``max_games`` games are in memory, evict the least recently used (those a bot
        is to move in last); a tenth of the bound more at once, so the sort is paid now and then.
        Returns the evicted game ids."""
        over = len(self.sessions) - self.max_games
        if over <= 0:
            return []
        by_use = sorted(self.sessions.items(), key=lambda kv: (self.bot_to_move(kv[0]), kv[1].last_used))
        out = [gid for gid, _ in by_use[: over + self.max_games // 10] if self.evict(gid)]
        log.info("%d game(s) in memory: evicted the %d least recently used", len(self.sessions) + len(out), len(out))
        return out

    def sweep(self, now: float | None = None) -> list[str]:
        """Evict finished games unused for ``finished_ttl`` seconds and unfinished ones unused for
        ``idle_ttl`` (never a game a bot is about to move in); returns the evicted game ids."""
        now = time.monotonic() if now is None else now
        out = []
        for gid, sess in list(self.sessions.items()):
            ttl = self.finished_ttl if sess.state.over else self.idle_ttl
            if now - sess.last_used >= ttl and not self.bot_to_move(gid) and self.evict(gid):
                out.append(gid)
        return out

    def create(
        self,
        seats: Sequence[SeatSpec],
        seed: int | None = None,
        side: str | None = None,
        creator: str = "",
        modules: Sequence[str] = (),
        solo: SoloConfig | None = None,
        turn_seconds: float = 0.0,
        takeover_bot: str = "",
        side_variant: bool = False,
        clock_start: float | None = None,
    ) -> Created:
        """A new game; ``seed`` None lets the server draw a secret one (a chosen seed is shown to every seat).
        ``turn_seconds``: each player's turn clock (0: none); ``takeover_bot``: the bot that plays a seat
        whose player ran out of time or left; ``clock_start``: seconds after which every seat's clock runs,
        its player arrived or not (None: the table's default; before, a seat's clock waits for its player
        to arrive). Another ``side`` than the player count's is refused unless
        ``side_variant`` names the variant; every seat then sees it marked."""
        players = len(seats)
        takeover_bot = checked_table(seats, turn_seconds, takeover_bot)
        chosen = seed is not None
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        check_side(players, side, side_variant)
        try:
            s = new_game(players, seed, side, modules=tuple(modules), solo=solo, side_variant=side_variant)
        except (SetupError, InfernoError) as exc:
            raise Refused(ErrorCode.BAD_REQUEST, str(exc)) from None
        rows, tokens = seat_rows(seats)
        spectator = secrets.token_urlsafe(12)
        with self._create_lock:
            gid = secrets.token_urlsafe(8)
            while gid in self.sessions:
                gid = secrets.token_urlsafe(8)
            row = GameRow(
                gid, time.time(), players, seed, s.config.side, s.rules.fingerprint, rows, hash_token(spectator)
            )
            row.seed_chosen = chosen
            row.modules = s.config.modules
            row.solo = solo_text(s.config.solo)
            at = self.now()
            self.storage.create_game(row, bot_turn=rows[to_move(s)].kind == "bot", bot_lease=self._lease(), at=at)
            within = clocks.START_WITHIN if clock_start is None else clock_start
            table = clocks.Table(seconds=turn_seconds, bot=takeover_bot, starts_at=at + within if turn_seconds else 0.0)
            sess = Session(row, s, [], creator=creator, table=table)
            sess.loaded_at = sess.moved_at = at
            clocks.run_clock(sess.table, rows, s, self.now())
            clocks.store(self.storage, gid, sess.table)
            self.sessions[gid] = sess
        self._bound()
        return Created(gid, tokens, spectator)

    # ----- access -----

    def session(self, game_id: str) -> Session:
        """The game (loaded from the database if needed), marked as just used; NOT_FOUND if there is none."""
        sess = self._fetch(game_id)
        sess.last_used = time.monotonic()
        return sess

    @contextmanager
    def _locked(self, game_id: str, *, wait: bool = True) -> Iterator[Session]:
        """The game's live session with its lock held (fetched again if it was evicted meanwhile). Without
        ``wait``: raises Busy at once if the game is not in memory or its lock is taken."""
        while True:
            found = self.session(game_id) if wait else self.sessions.get(game_id)
            if found is None or not found.lock.acquire(blocking=wait):
                raise Busy(game_id)
            sess = found
            try:
                if not sess.evicted:
                    yield sess
                    return
                if not wait:
                    raise Busy(game_id)
            finally:
                sess.lock.release()

    def change(self, game_id: str, edit: Callable[[Session, Txn], Outcome[T]], *, wait: bool = True) -> T:
        """Every change to a game passes here (a move, an undo, a vote, a seat taken back, a clock run out):
        with the game's lock held, ``edit`` checks it and stores it in the game's write transaction (the
        copy in memory brought up to date first); once committed, memory follows it (``Outcome.follow``),
        then the change is published to every seat (``on_change``). Without ``wait``: raises Busy at once
        if the game's lock or the database's writer lock is taken."""
        with self._locked(game_id, wait=wait) as sess:
            with self._write(sess, wait=wait) as tx:
                done = edit(sess, tx)
            value = done.follow()
        if done.publish:
            self.publish(game_id)
        return value

    def publish(self, game_id: str, *, shown: bool = False) -> None:
        """Tell the game's seats that they may have something new to see, and its bots that they may have a
        move: the one way out of the service to the live connections and the bot runner (``on_change``).
        ``change`` calls it once each change is committed. It is called alone for what changes no stored
        game and so has nothing to commit: a seat's presence, which the views show (``shown``: the views
        built so far are dropped first), a game loaded from the database with a bot to move, a new game."""
        if shown:
            sess = self.sessions.get(game_id)
            if sess is None:
                return
            with sess.lock:
                sess.views.clear()
        if self.on_change is not None:
            self.on_change(game_id)

    def authorize(self, game_id: str, token: str | None) -> int:
        """The seat a token opens (SPECTATOR for the spectator token); refuses anything else."""
        sess = self.session(game_id)
        if not token:
            raise Refused(ErrorCode.FORBIDDEN, _("a seat or spectator token is needed"))
        h = hash_token(token)
        for i, seat in enumerate(sess.row.seats):
            # A human's seat keeps its token while a bot plays it (its player comes back to take it).
            if seat.token_hash and secrets.compare_digest(seat.token_hash, h):
                return i
        if secrets.compare_digest(sess.row.spectator_hash, h):
            return SPECTATOR
        raise Refused(ErrorCode.FORBIDDEN, _("this token opens no seat of this game"))

    def fresh(self, game_id: str) -> Session:
        """The game as ``session`` gives it, brought up to date first if other processes changed it."""
        sess = self.session(game_id)
        if not self.shared:
            return sess
        seen = sess.announced  # before reading: a change announced from now on is read next time
        head = self.storage.head(game_id)
        if head is None:
            self.evict(game_id)
            raise Refused(ErrorCode.NOT_FOUND, _("no such game"))
        if head.version != sess.state.version or head.undos != sess.row.undos or head.table_rev != sess.row.table_rev:
            with sess.lock, self.storage.read(game_id) as tx:
                catch_up(sess, tx, self.storage, self.now())
        sess.checked = max(sess.checked, seen)  # only now is memory as new as those announcements
        return sess

    def changed_elsewhere(self, game_id: str) -> None:
        """Another process announced a change of the game: read it from the database before the next
        live message."""
        sess = self.sessions.get(game_id)
        if sess is not None:
            sess.announced += 1  # only the listener thread counts them

    def in_memory(self, game_id: str) -> bool:
        """Whether answering for this game needs no database: it is loaded, and no other process shares it."""
        return not self.shared and game_id in self.sessions

    def snapshot_now(self, game_id: str, seat: int) -> bytes | None:
        """``snapshot_bytes`` for a game in memory whose lock is free, without waiting for anything (the
        event loop calls it); None when it would have to wait (a move being stored, a database read)."""
        v = self._seat_view(game_id, seat, wait=False)
        return v.full() if v is not None else None

    def snapshot_bytes(self, game_id: str, seat: int) -> bytes:
        """What ``seat`` sees now as JSON (SPECTATOR: public information only), encoded once per version."""
        v = self._seat_view(game_id, seat, wait=True)
        assert v is not None
        return v.full()

    def live_view(self, game_id: str, seat: int, *, wait: bool = True) -> SeatView | None:
        """The view a live connection of ``seat`` sends next (the same object until the game changes, so
        a connection can tell that it has sent it already). None: it would have to wait (only with
        ``wait=False``). A live connection is woken by every change: one made here is in memory already,
        one made by another process is announced (``changed_elsewhere``), so the database is read only
        after an announcement."""
        found = self.sessions.get(game_id)
        current = found is not None and found.checked == found.announced
        return self._seat_view(game_id, seat, wait=wait, check=not current)

    def _seat_view(self, game_id: str, seat: int, *, wait: bool, check: bool = True) -> SeatView | None:
        """``seat``'s view of the current version in the current language, built once per version and language.
        Without ``wait``, None for a game not in memory or whose lock is held, and (with ``check``) for one
        shared with other processes. ``check``: on a shared database, read the game's head first (another
        process may have changed it)."""
        if wait:
            sess = self.fresh(game_id) if check else self.session(game_id)
            sess.lock.acquire()
        else:
            found = self.sessions.get(game_id) if self.in_memory(game_id) or not check else None
            if found is None or not found.lock.acquire(blocking=False):
                return None
            sess = found
        try:
            if not wait and sess.evicted:
                return None
            sess.last_used = time.monotonic()
            views, lang = sess.views, language()
            cached = views.get(seat, lang)
            if cached is not None:
                return cached
            s, last, version, common = sess.state, sess.steps[-1:], served_version(sess), views.common.get(lang)
            cleared = views.cleared
            undos, notes = sess.row.undos, len(sess.table.notes)
            vote_at = self.vote_at(game_id, sess) if common is None else None
        finally:
            sess.lock.release()
        bot_plays = seat >= 0 and sess.row.seats[seat].kind != SeatKind.HUMAN
        made = common is None
        if common is None:
            common = common_data(game_id, sess, s, version, vote_at)
        d = seat_data(common, s, last, seat, bot_plays=bot_plays)
        events = d["log_total"] - notes
        floating = notes > 0 and any(n[0] > events for n in sess.table.notes[:notes])
        out = SeatView(d, LogMark(undos, notes, d["log_total"], floating))
        if sess.lock.acquire(blocking=wait):
            try:
                if sess.state is s and views.cleared == cleared:  # nothing changed meanwhile
                    views.seats[seat, lang] = out
                    if made:
                        views.common[lang] = common
            finally:
                sess.lock.release()
        return out

    def snapshot(self, game_id: str, seat: int) -> dict[str, Any]:
        """What ``seat`` sees now (SPECTATOR: public information only)."""
        parsed: dict[str, Any] = orjson.loads(self.snapshot_bytes(game_id, seat))
        return parsed

    def board(self, game_id: str) -> dict[str, Any]:
        """The board's layout and components, in the current language (made once per language)."""
        sess, lang = self.session(game_id), language()
        board = sess.boards.get(lang)
        if board is None:
            board = sess.boards[lang] = board_json(sess.state)
        return board

    def replay_view(self, game_id: str, upto: int) -> dict[str, Any]:
        """The public view after ``upto`` moves of a finished game (the replay view)."""
        sess = self.fresh(game_id)
        if not sess.state.over:
            raise Refused(ErrorCode.BAD_REQUEST, _("replays are for finished games"))
        return replay_json(game_id, sess, upto)

    def log_part(self, game_id: str, upto: int, count: int) -> dict[str, Any]:
        """The game log's lines ``upto - count`` to ``upto`` (indices as the views count them: the table's
        notes included), for a page that shows earlier lines than its view carries; ``from``: the index of
        the first line given, ``total``: the lines the log has now."""
        sess = self.fresh(game_id)
        with sess.lock:
            lines = shared_view(sess, sess.state).lines
            notes = list(sess.table.notes)
        whole = clocks.with_notes(lines, len(lines), notes)
        end = max(0, min(upto, len(whole)))
        start = max(0, end - count)
        return {"from": start, "log": whole[start:end], "total": len(whole)}

    def summary(self, game_id: str, seat: int) -> dict[str, Any]:
        sess = self.fresh(game_id)
        return summary_json(game_id, sess, seat)

    # ----- changing games -----

    def act(self, game_id: str, seat: int, version: int, text: str) -> int:
        """Apply ``seat``'s action seen at ``version``; stored and committed before returning the new version."""
        return self._act(game_id, seat, version, text, wait=True)

    def act_now(self, game_id: str, seat: int, version: int, text: str) -> int | None:
        """``act`` for a game in memory that no other process shares, when nothing else holds its lock or
        the database's writer lock (the event loop calls it: the move is CPU work and a local commit);
        None, with nothing done, when it would have to wait."""
        if not self.in_memory(game_id):
            return None
        try:
            return self._act(game_id, seat, version, text, wait=False)
        except Busy:
            return None

    def _act(self, game_id: str, seat: int, version: int, text: str, *, wait: bool) -> int:
        if seat < 0:
            raise Refused(ErrorCode.FORBIDDEN, _("spectators cannot act"))

        def move(sess: Session, tx: Txn) -> Outcome[int]:
            s = sess.state
            new, a, said = self._checked(sess, seat, version, text)
            return self._move(sess, tx, s, a, new, seat, said)

        return self.change(game_id, move, wait=wait)

    def _move(self, sess: Session, tx: Txn, s: State, a: Action, new: State, seat: int, text: str) -> Outcome[int]:
        """Store ``seat``'s action ``a`` (``text``) that takes ``s`` to ``new``, and how memory follows it."""
        at = self.now()
        tx.append(s.version, seat, text, new.over, self._bot_turn(sess, new), self._lease(), at)
        table = clocks.after_move(tx, sess, seat, new, at)

        def follow() -> int:
            self._applied(sess, s, a, new, seat, text, table, at)
            return served_version(sess)

        return Outcome(follow)

    def _checked(self, sess: Session, seat: int, version: int, text: str) -> tuple[State, Action, str]:
        """The state after ``seat``'s action ``text`` seen at ``version``, the action and its text; or Refused."""
        s = sess.state
        served = seen_current(sess, version)
        if to_move(s) != seat:
            raise Refused(
                ErrorCode.NOT_YOUR_TURN, _("Player {number} decides now").format(number=to_move(s) + 1), served
            )
        if sess.row.seats[seat].kind != SeatKind.HUMAN:
            raise Refused(ErrorCode.NOT_YOUR_TURN, _("a bot plays your seat now; take it back first"), served)
        try:
            a = parse_action(s, text)
            new = apply(s, a)
        except MalformedActionError as exc:
            raise Refused(ErrorCode.MALFORMED, str(exc), served) from None
        except IllegalActionError as exc:
            raise Refused(ErrorCode.ILLEGAL, why_not(s, seat, a, str(exc)), served) from None
        except GameOverError as exc:
            raise Refused(ErrorCode.ILLEGAL, str(exc), served) from None
        return new, a, action_text(s, a)

    @contextmanager
    def _write(self, sess: Session, *, wait: bool = True) -> Iterator[Txn]:
        """The game's write transaction (its row locked in the database), the copy in memory brought up to
        date first; commits when the block ends. Hold ``sess.lock``; apply the change to memory after it.
        Without ``wait``: raises Busy at once if another write holds SQLite's writer lock."""
        try:
            with self.storage.write(sess.row.id, wait=wait) as tx:
                catch_up(sess, tx, self.storage, self.now())
                yield tx
        except StaleWriteError:
            raise Refused(ErrorCode.STALE, _("another request changed the game first"), served_version(sess)) from None

    @staticmethod
    def _applied(
        sess: Session, s: State, a: Action, new: State, seat: int, text: str, table: clocks.Table, at: float
    ) -> None:
        """Memory follows a committed move (``table``: the table after it; ``at``: its time)."""
        sess.row.moves.append((seat, text))
        sess.steps.append(describe_step(s, a, new, s.version, text))
        sess.state = new
        sess.table = table
        sess.moved_at = at
        sess.views.clear()

    def _lease(self) -> float:
        """Until when a claim to run a game's bots made now holds."""
        return time.time() + self.bot_lease

    def undo(self, game_id: str, seat: int, version: int) -> int:
        """Take back ``seat``'s last decision if the shared undo limits allow it."""
        if seat < 0:
            raise Refused(ErrorCode.FORBIDDEN, _("spectators cannot undo"))

        def take_back(sess: Session, tx: Txn) -> Outcome[int]:
            s = sess.state
            served = seen_current(sess, version)
            if sess.row.seats[seat].kind != SeatKind.HUMAN or undoable(sess.steps, seat, s.turn, to_move(s)) < 1:
                raise Refused(
                    ErrorCode.UNDO_REFUSED,
                    _("only your own decisions in this turn, after the last revealed card, can be taken back"),
                    served,
                )
            keep = s.version - 1
            t = replay_to(sess.row, keep)
            at = self.now()
            tx.truncate(keep, self._bot_turn(sess, t), self._lease(), at)
            table = clocks.after_move(tx, sess, seat, t, at)

            def follow() -> int:
                self._taken_back(sess, keep, t, table)
                sess.moved_at = at
                return served_version(sess)

            return Outcome(follow)

        return self.change(game_id, take_back)

    @staticmethod
    def _taken_back(sess: Session, keep: int, t: State, table: clocks.Table) -> None:
        """Memory follows a committed takeback (``table``: the table after it)."""
        del sess.row.moves[keep:]
        del sess.steps[keep:]
        sess.state = t
        sess.table = table
        sess.row.undos += 1
        sess.views.clear()

    # ----- bots -----

    def bot_to_move(self, game_id: str) -> bool:
        sess = self.sessions.get(game_id)
        if sess is None or sess.state.over:
            return False
        return sess.row.seats[to_move(sess.state)].kind == SeatKind.BOT

    @staticmethod
    def _bot_turn(sess: Session, s: State) -> bool:
        return not s.over and sess.row.seats[to_move(s)].kind == SeatKind.BOT

    def bot_request(self, game_id: str) -> BotTurn | None:
        """What the bot to move needs to decide (its own view only), or None if no bot is to move."""
        with self._locked(game_id) as sess, self._write(sess) as tx:
            s = sess.state
            if s.over:
                return None
            p = to_move(s)
            seat = sess.row.seats[p]
            if seat.kind != SeatKind.BOT:
                return None
            now = time.time()
            head = tx.head
            if self.shared and head is not None and head.bot_owner not in ("", self.storage.origin):
                if head.bot_lease > now:
                    return None  # another process runs this game's bots
            tx.claim_bots(now + self.bot_lease)
            name = seat.bot if seat.bot in bot_names() else "random"
            acts = legal_actions(s)
        v = state_to_dict(view(s, p))
        # The bot's view keeps the rules but not the seed (a bot must not know the deck either).
        v["config"] = {**v["config"], "seed": 0}
        return BotTurn(game_id, s, p, name, bot_seed(sess.row.seed, p, s.version), v, acts)

    def bot_answer(self, turn: BotTurn, a: Action) -> bool:
        """Apply the bot's choice if the game has not changed meanwhile; True if it was applied."""

        def play(sess: Session, tx: Txn) -> Outcome[bool]:
            if sess.state is not turn.state:  # changed meanwhile (here or by another process)
                return Outcome(lambda: False, publish=False)
            if sess.row.seats[turn.player].kind != SeatKind.BOT:  # its player took the seat back
                return Outcome(lambda: False, publish=False)
            s = turn.state
            new = apply(s, a)
            moved = self._move(sess, tx, s, a, new, turn.player, action_text(s, a))
            return Outcome(lambda: moved.follow() >= 0)

        try:
            return self.change(turn.game_id, play)
        except Refused:
            return False

    def bot_step(self, game_id: str) -> bool:
        """One bot decision thought out in this thread (library and test use; the server uses its pool)."""
        turn = self.bot_request(game_id)
        if turn is None:
            return False
        try:
            a = make_bot(turn.bot, turn.seed).choose(state_from_dict(turn.view, turn.state.rules), turn.actions)
        except Exception:  # a broken bot must not stall the game: fall back to a random legal choice
            log.exception("bot %s failed in game %s; playing a random legal action", turn.bot, game_id)
            a = random.Random(turn.seed).choice(turn.actions)
        self.bot_answer(turn, a)
        return True

    def games_with_bot_to_move(self) -> list[str]:
        return [gid for gid in list(self.sessions) if self.bot_to_move(gid)]
