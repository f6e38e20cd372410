"""What a seat receives of a game: its view of one version as JSON data (built once per version and
shared by every reader), and the live connection's log marks, which let a WebSocket send only the log
lines added since its last message."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from inferno.records.undo import Step, undoable
from inferno.rules.engine import to_move
from inferno.rules.state import State
from inferno.server import clocks, places
from inferno.server.views import SPECTATOR, log_line_json, public_json, seat_json

if TYPE_CHECKING:
    from inferno.server.sessions import Session


@dataclass(frozen=True, slots=True)
class LogMark:
    """Where the log a live connection was last sent stands: after an undo or a table note (which may
    change earlier lines) the next message carries the whole log again, otherwise only the new lines."""

    undos: int
    notes: int
    total: int  # log lines in all, notes included
    # A note placed after events that were taken back stands at the log's end until the game reaches it
    # again: the lines added before it then come before it, so a log with one cannot be continued.
    floating: bool = False


@dataclass(slots=True)
class SeatView:
    """A seat's view of one version as JSON data, its log mark, and its encoding (made when first asked)."""

    data: dict[str, Any]
    mark: LogMark
    encoded: bytes | None = None

    def full(self) -> bytes:
        if self.encoded is None:
            self.encoded = orjson.dumps(self.data)
        return self.encoded

    def since(self, mark: LogMark | None) -> bytes:
        """The message for a connection whose log stands at ``mark``: only the lines added since (with
        ``log_from``, the index of the first), or the whole view when its log cannot be continued."""
        d, now = self.data, self.mark
        new = now.total - mark.total if mark is not None else -1
        if (
            mark is None
            or mark.floating
            or (mark.undos, mark.notes) != (now.undos, now.notes)
            or not 0 <= new <= len(d["log"])
        ):
            return self.full()
        return orjson.dumps({**d, "log": d["log"][len(d["log"]) - new :], "log_from": mark.total})


@dataclass(frozen=True, slots=True)
class Shared:
    """What every seat sees of one state (``public_json``), and the log lines as JSON up to its newest
    event (``head``, the node of the state's event log that ends them): built once per version."""

    state: State
    public: dict[str, Any]
    head: tuple[Any, ...] | None
    lines: list[dict[str, Any]]
    moves: int  # the moves that led to ``state``


def log_lines(s: State, before: Shared | None) -> list[dict[str, Any]]:
    """The log of ``s`` as JSON lines with their board places: those of ``before`` (an earlier version)
    and only the events added since, or all of them again when ``s`` does not continue it (an undo)."""
    node, added = s.events, []
    stop = before.head if before is not None else None
    while node is not None and node is not stop:
        added.append(node[0])
        node = node[1]
    # Stopped at ``before``'s newest event: its lines are kept; else (None reached) every event was taken.
    kept = before.lines if before is not None and node is not None else []
    new = [log_line_json(e) for e in reversed(added)]
    places.annotate(s, new)  # what each line concerns on the board
    return kept + new


def moves_made(s: State, before: Shared | None) -> int:
    """The moves that led to ``s``: ``before``'s count and those added since, or all of them counted
    again when ``s`` does not continue ``before`` (an undo)."""
    node, added = s.actions, 0
    stop = before.state.actions if before is not None else None
    while node is not None and node is not stop:
        added += 1
        node = node[1]
    return added + before.moves if before is not None and node is not None else added


def shared(sess: Session, s: State) -> Shared:
    """``sess``'s shared part for its state ``s``, made from the previous one if it is not made yet. Any
    thread may call it: a session keeps one ``Shared`` at a time and replaces it whole."""
    before = sess.shared
    if before is not None and before.state is s:
        return before
    lines, moves = log_lines(s, before), moves_made(s, before)
    earlier = (before.state, before.public) if before is not None else None
    public = public_json(
        s, seed=sess.row.seed, seed_chosen=sess.row.seed_chosen, log=lines, moves=moves, before=earlier
    )
    made = Shared(s, public, s.events, lines, moves)
    sess.shared = made
    return made


@dataclass(slots=True)
class Views:
    """The views of the game's current version built so far: each seat's (``seats``) and the data they
    share (``common``: every key but the seat's own). Cleared by every change of the game or its table."""

    seats: dict[int, SeatView] = field(default_factory=dict)
    common: dict[str, Any] | None = None
    cleared: int = 0  # times cleared: a view built from what was read before a clear is not kept

    def get(self, seat: int) -> SeatView | None:
        return self.seats.get(seat)

    def clear(self) -> None:
        self.seats.clear()
        self.common = None
        self.cleared += 1


def common_data(game_id: str, sess: Session, s: State, version: int, vote_at: float | None = None) -> dict[str, Any]:
    """What every seat's view of ``s`` (the game's state at ``version``) holds alike: the shared part,
    the seats, the table (``vote_at``: when a vote that the player to move has left may open) and the log
    with the table's notes. ``seat_data`` adds a seat's own part."""
    d = dict(shared(sess, s).public)
    d.update(
        game=game_id,
        seat=SPECTATOR,
        version=version,
        seats=[{"seat": i, "kind": x.kind, "bot": x.bot, "name": x.name} for i, x in enumerate(sess.row.seats)],
        undo=False,
        table=clocks.table_json(sess, vote_at),
    )
    notes = sess.table.notes
    d["log"] = clocks.with_notes(d["log"], d["log_total"], notes)
    d["log_total"] += len(notes)
    return d


def seat_data(common: dict[str, Any], s: State, last: list[Step], seat: int, *, bot_plays: bool) -> dict[str, Any]:
    """``seat``'s view of ``s``: ``common`` (``common_data`` of ``s``, not changed) with the seat's own
    hand, whether it may take back its last step (``last``: the game's last step, if any) and its legal
    actions when it is to decide; ``bot_plays``: a bot plays this seat now, so its player has nothing to do
    but take it back (no legal actions)."""
    if seat < 0:
        return common  # a spectator's view is what every seat's holds alike
    d = seat_json(common, s, seat, legal=not bot_plays)  # common's "legal" is empty
    d["seat"] = seat
    d["undo"] = undoable(last, seat, s.turn, to_move(s)) > 0 if not s.over else False
    return d
