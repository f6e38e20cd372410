"""The board at a reviewed mistake: where the move played and the better move act, for the review page to
open the replay at that position with the better move marked on the board."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from inferno.records.record import GameRecord, replay
from inferno.review.game import GameReview
from inferno.rules.engine import legal_actions
from inferno.rules.notation import action_text
from inferno.server.views import action_targets


def mistake_moments(rec: GameRecord, rv: GameReview, indices: Iterable[int]) -> dict[str, dict[str, Any]]:
    """For each reviewed decision in ``indices`` (its action number): the board places the better move
    and the move played touch (``better_targets``, ``played_targets``), keyed by the action number as
    text (JSON keys). The game is over, so nothing of it is secret any more."""
    by_index = {d.index: d for d in rv.decisions}
    out: dict[str, dict[str, Any]] = {}
    for i in indices:
        d = by_index.get(i)
        if d is None or not 0 <= i < len(rec.actions):
            continue
        s = replay(rec, upto=i, record_events=False)
        texts = {action_text(s, a): a for a in legal_actions(s)}
        better, played = texts.get(d.best), texts.get(d.played)
        out[str(i)] = {
            "better_targets": action_targets(better) if better is not None else [],
            "played_targets": action_targets(played) if played is not None else [],
        }
    return out
