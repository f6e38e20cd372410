"""Final rewards shared by the environments: the Infamy margin or the win, from ``inferno.result``."""

from __future__ import annotations

from enum import StrEnum

from inferno.rules.scoring import result
from inferno.rules.state import State


class RewardMode(StrEnum):
    """How a finished game is scored for each player.

    ``margin``: own final Infamy minus the best other player's (solo: minus the bar of the score
    table, the Rival's final Infamy or the level's target).
    ``win``: +1 for each winner (ties on Infamy and Diplomas share the win), -1 for everyone else
    (solo: +1 when the game is won against the Rival or the target).
    """

    MARGIN = "margin"
    WIN = "win"


def reward_mode(mode: str | RewardMode, players: int) -> RewardMode:
    """Validate a reward mode for a player count."""
    try:
        m = RewardMode(mode)
    except ValueError:
        raise ValueError(f"reward must be one of {', '.join(RewardMode)}, got {mode!r}") from None
    return m


def final_rewards(s: State, mode: RewardMode) -> list[float]:
    """Each player's reward for the finished game ``s``."""
    res = result(s)
    if res.solo is not None:
        return [(1.0 if res.solo.won else -1.0) if mode is RewardMode.WIN else float(res.solo.margin)]
    if mode is RewardMode.WIN:
        return [1.0 if r.winner else -1.0 for r in res.players]
    infamy = [r.infamy for r in res.players]
    if len(infamy) == 1:
        return [float(infamy[0])]
    return [float(v - max(w for q, w in enumerate(infamy) if q != p)) for p, v in enumerate(infamy)]
