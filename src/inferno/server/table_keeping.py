"""The table's changes of a game: a clock run out or started at the table's start time, a player arriving,
a vote that a player has left, a seat taken back; and when a vote may open. ``GameService`` has them
(it is a ``TableKeeping``): each passes through its ``change``, like every change of a game; the rules
of the table are the plain functions of ``clocks``."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from inferno.rules.engine import to_move
from inferno.server import clocks
from inferno.server.changes import Outcome, T, installed
from inferno.server.errors import Refused
from inferno.server.presence import Presence
from inferno.server.sessions import Session
from inferno.server.storage import Txn

__all__ = ["TableKeeping"]


class TableKeeping:
    """The table's side of the game service (``GameService`` provides what is declared here)."""

    shared: bool
    now: Callable[[], float]
    away: clocks.AwayRule
    presence: Presence

    def change(self, game_id: str, edit: Callable[[Session, Txn], Outcome[T]], *, wait: bool = True) -> T:
        raise NotImplementedError  # ``GameService.change``

    def session(self, game_id: str) -> Session:
        raise NotImplementedError  # ``GameService.session``

    def publish(self, game_id: str, *, shown: bool = False) -> None:
        raise NotImplementedError  # ``GameService.publish``

    def _lease(self) -> float:
        raise NotImplementedError  # ``GameService._lease``

    # ----- the table: clocks, votes, seats taken over and back -----

    def time_out(self, game_id: str) -> bool:
        """If the clock of the player to move has run out, a bot takes the seat over; True if it did."""

        def check(sess: Session, tx: Txn) -> Outcome[bool]:
            ch = clocks.change(sess)
            took = clocks.timed_out(ch, sess.state, self.now())
            if took is None:
                return Outcome(lambda: False, publish=False)
            started = sess.table.deadline <= 0 < ch.table.deadline  # the table's start time came
            if took or started:
                clocks.write_change(tx, sess, ch, self._lease())
            else:
                clocks.save(tx.conn, game_id, ch.table)
            return Outcome(partial(installed, sess, ch, took), publish=took or started)

        try:
            return self.change(game_id, check)
        except Refused:
            return False

    def vote(self, game_id: str, voter: int, target: int) -> dict[str, Any]:
        """``voter`` votes that ``target`` has left; with a majority of the other humans a bot takes the seat.
        Refused unless ``target`` is away (``clocks.vote_opens``)."""

        def cast(sess: Session, tx: Txn) -> Outcome[dict[str, Any]]:
            now = self.now()

            def opens() -> float | None:
                conn = tx.conn if self.shared else None
                gone = self.presence.gone_since(game_id, target, sess.loaded_at, conn)
                return clocks.vote_opens(sess, target, gone, self.away)

            refusal = clocks.vote_refusal(sess, voter, target, opens, now)
            if refusal is not None:
                raise refusal
            ch = clocks.change(sess)
            ballot = clocks.cast_vote(ch, sess.state, voter, target, now)
            clocks.write_change(tx, sess, ch, self._lease())
            return Outcome(partial(installed, sess, ch, ballot))

        return self.change(game_id, cast)

    def arrive(self, game_id: str, seat: int) -> bool:
        """The player of ``seat`` opened their seat's page: on a table with a clock, their clock may run from
        now on (and starts if the table waits for them). True if that changed the table."""
        if seat < 0:
            return False
        t = self.session(game_id).table
        if t.seconds <= 0 or seat in t.arrived:
            return False  # nothing to change: no write, no new version

        def come(sess: Session, tx: Txn) -> Outcome[bool]:
            ch = clocks.change(sess)
            if not clocks.arrive(ch, sess.state, seat, self.now()):
                return Outcome(lambda: False, publish=False)
            clocks.write_change(tx, sess, ch, self._lease())
            return Outcome(partial(installed, sess, ch, True))

        return self.change(game_id, come)

    def reclaim(self, game_id: str, seat: int) -> None:
        """The player of a seat a bot plays takes it back (their clock starts afresh if they are to move)."""

        def back(sess: Session, tx: Txn) -> Outcome[None]:
            ch = clocks.change(sess)
            clocks.take_back(ch, sess.state, seat, self.now())
            clocks.write_change(tx, sess, ch, self._lease())
            return Outcome(partial(installed, sess, ch, None))

        self.change(game_id, back)

    # ----- who is at the table -----

    def vote_at(self, game_id: str, sess: Session) -> float | None:
        """When a vote that the player to move has left may open, as every seat's view says it: their absence
        counts only once it has lasted a few seconds, and on a shared database not at all (other processes
        may hold their page), so the views never say it opens earlier than the server allows."""
        if sess.state.over:
            return None
        p = to_move(sess.state)
        gone = None if self.shared else self.presence.shown_since(game_id, p)
        return clocks.vote_opens(sess, p, gone, self.away)

    def presence_changed(self, game_id: str) -> None:
        """The views show a seat's absence, or no longer: they say anew when a vote may open."""
        self.publish(game_id, shown=True)
