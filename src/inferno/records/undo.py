"""Taking back decisions: which trailing actions of a game record a player may undo.

Shared by the terminal and the web server. A player may take back only their own decisions in the
current turn, never another player's decision, and never an action after which a hidden or
face-down card came into view (the deck order is secret): playing or
drawing from the Fraud deck (``play-deck``, ``draw-deck``), a market refill from the deck, or a
Plague card turning over when the Graveyard refills. All randomness happens at setup, so nothing
else is random. Undo is done by replaying the record without its last ``k`` actions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from inferno.i18n import LOG
from inferno.records.record import GameRecord, replay
from inferno.rules.actions import Act, Action, InfernoError
from inferno.rules.engine import apply_in_place, to_move
from inferno.rules.notation import parse_action
from inferno.rules.setup import new_game
from inferno.rules.state import State

_ = LOG.gettext
ngettext = LOG.ngettext

REVEALING_KINDS = frozenset({Act.PLAY_DECK, Act.DRAW_DECK})


class UndoError(InfernoError):
    """The requested undo is not allowed; the message says why."""


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action, as undo needs to know it."""

    index: int  # position in the record, 0-based
    player: int  # who decided it
    turn: int  # the turn it was taken in (State.turn before it)
    text: str  # its text notation
    reveals: bool  # a hidden card came into view because of it


def _deck_mark(s: State) -> tuple[int, ...]:
    rival = (s.solo.shuffles, len(s.solo.discard)) if s.solo is not None else (0, 0)
    return len(s.deck), s.plague[0] if s.plague else -1, *rival


def describe_step(before: State, action: Action, after: State, index: int, text: str) -> Step:
    """The :class:`Step` for ``action`` applied to ``before`` giving ``after``."""
    reveals = Act(action[0]) in REVEALING_KINDS or _deck_mark(before) != _deck_mark(after)
    return Step(index, to_move(before), before.turn, text, reveals)


def steps_of(rec: GameRecord) -> list[Step]:
    """Replay a record and describe every action in it."""
    s = new_game(
        rec.players,
        rec.seed,
        rec.side,
        rules_dir=rec.rules_dir,
        record_events=False,
        modules=rec.modules,
        solo=rec.solo,
        side_variant=True,  # the record names its side (see replay)
    )
    out = []
    for i, text in enumerate(rec.actions):
        a = parse_action(s, text)
        player, turn, mark = to_move(s), s.turn, _deck_mark(s)
        apply_in_place(s, a, rollback=False)
        reveals = a.kind in REVEALING_KINDS or mark != _deck_mark(s)
        out.append(Step(i, player, turn, text, reveals))
    return out


def undoable(steps: list[Step], player: int, current_turn: int, deciding: int) -> int:
    """How many of the last actions ``player`` may take back now (0 if none).

    ``current_turn`` is the game's turn counter now and ``deciding`` the player who must decide now:
    only the deciding player may undo, and only a run of their own decisions at the end of the
    record, all in the current turn, none of which revealed a card.
    """
    if player < 0 or deciding != player:
        return 0
    k = 0
    for st in reversed(steps):
        if st.player != player or st.turn != current_turn or st.reveals:
            break
        k += 1
    return k


def undo(rec: GameRecord, player: int, k: int = 1) -> tuple[GameRecord, State]:
    """The record without its last ``k`` actions, and the state it replays to.

    Raises :class:`UndoError` unless ``player`` may take back all ``k`` of them.
    """
    if k < 1:
        raise UndoError(_("nothing to undo: the number of steps must be at least 1"))
    full = replay(rec)
    if full.over:
        raise UndoError(_("the game is over; nothing can be taken back"))
    allowed = undoable(steps_of(rec), player, full.turn, to_move(full))
    if allowed < k:
        why = (
            _("it is not your decision now")
            if to_move(full) != player
            else _("only your own decisions in this turn, after the last revealed card, can be taken back")
        )
        raise UndoError(
            ngettext(
                "cannot take back {n} step (at most {allowed}): {why}",
                "cannot take back {n} steps (at most {allowed}): {why}",
                k,
            ).format(n=k, allowed=allowed, why=why)
        )
    # Every setting is kept (P&P modules, solo settings, a board-side variant), only the actions shorten.
    shorter = replace(rec, actions=rec.actions[: len(rec.actions) - k], meta=dict(rec.meta))
    return shorter, replay(shorter)
