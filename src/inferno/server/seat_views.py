"""What a seat receives of a game: its view of one version as JSON data (built once per version and
shared by every reader), and the live connection's log marks, which let a WebSocket send only the log
lines added since its last message."""

from __future__ import annotations

from typing import Any

from inferno.i18n import ENGLISH, SERVER, language
from inferno.records.undo import Step, undoable
from inferno.rules.engine import to_move
from inferno.rules.events import as_event
from inferno.rules.state import State
from inferno.server import clocks, places
from inferno.server.errors import ErrorCode, Refused
from inferno.server.seats import shown_name
from inferno.server.sessions import Session, replay_to, served_version
from inferno.server.view_cache import LogMark, SeatView, Shared, Views
from inferno.server.views import SPECTATOR, line_text, log_line_json, public_json, seat_json, variant_label

_ = SERVER.gettext

__all__ = [
    "LogMark",
    "SeatView",
    "Shared",
    "Views",
    "common_data",
    "log_lines",
    "moves_made",
    "replay_json",
    "seat_data",
    "shared",
    "summary_json",
]


def log_lines(s: State, before: Shared | None) -> list[dict[str, Any]]:
    """The log of ``s`` as JSON lines with their board places: those of ``before`` (an earlier version)
    and only the events added since, or all of them again when ``s`` does not continue it (an undo)."""
    node, added = s.events, []
    stop = before.head if before is not None else None
    while node is not None and node is not stop:
        added.append(as_event(node[0]))
        node = node[1]
    # Stopped at ``before``'s newest event: its lines are kept; else (None reached) every event was taken.
    kept = before.lines if before is not None and node is not None else []
    added.reverse()
    new = [log_line_json(e) for e in added]
    places.annotate(s, new)  # what each line concerns on the board, read from its English text
    if language() != ENGLISH:
        for line, e in zip(new, added, strict=True):
            line["text"] = line_text(e)
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
    """``sess``'s shared part for its state ``s`` in the current language, made from the previous one in
    that language if it is not made yet. Any thread may call it: a session keeps one ``Shared`` at a time
    per language and replaces it whole."""
    lang = language()
    before = sess.shared.get(lang)
    if before is not None and before.state is s:
        return before
    lines, moves = log_lines(s, before), moves_made(s, before)
    earlier = (before.state, before.public) if before is not None else None
    public = public_json(
        s, seed=sess.row.seed, seed_chosen=sess.row.seed_chosen, log=lines, moves=moves, before=earlier
    )
    made = Shared(s, public, s.events, lines, moves)
    sess.shared[lang] = made
    return made


def common_data(game_id: str, sess: Session, s: State, version: int, vote_at: float | None = None) -> dict[str, Any]:
    """What every seat's view of ``s`` (the game's state at ``version``) holds alike: the shared part,
    the seats, the table (``vote_at``: when a vote that the player to move has left may open) and the log
    with the table's notes. ``seat_data`` adds a seat's own part."""
    d = dict(shared(sess, s).public)
    d.update(
        game=game_id,
        seat=SPECTATOR,
        version=version,
        seats=[
            {"seat": i, "kind": x.kind, "bot": x.bot, "name": shown_name(x.name)} for i, x in enumerate(sess.row.seats)
        ],
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


def replay_json(game_id: str, sess: Session, upto: int) -> dict[str, Any]:
    """The public view after ``upto`` moves of the finished game ``sess`` (the replay view)."""
    texts = [t for _seat, t in sess.row.moves]
    if not 0 <= upto <= len(texts):
        raise Refused(ErrorCode.BAD_REQUEST, _("upto must be between 0 and {n}").format(n=len(texts)))
    s = replay_to(sess.row, upto)
    # A replay is of a finished game: its seed is public now (the replay shows it). Its log lines name
    # their board places, as the live views' do.
    d = public_json(s, seed=sess.row.seed, seed_chosen=sess.row.seed_chosen, log=log_lines(s, None))
    d["state"]["config"]["seed"] = sess.row.seed
    d.update(game=game_id, seat=SPECTATOR, version=s.version, replay={"upto": upto, "total": len(texts)})
    return d


def summary_json(game_id: str, sess: Session, seat: int) -> dict[str, Any]:
    """A game in a list of a browser's games, as ``seat`` sees it."""
    s = sess.state
    return {
        "game": game_id,
        "seat": seat,
        "players": sess.row.players,
        "side": sess.row.side,
        "variant": variant_label(s),
        "solo": sess.row.solo,
        "created_at": sess.row.created_at,
        "turn": s.turn,
        "version": served_version(sess),
        "over": s.over,
        "to_move": to_move(s),
        "your_turn": seat >= 0 and to_move(s) == seat,
        "seats": [shown_name(x.name) for x in sess.row.seats],
    }
