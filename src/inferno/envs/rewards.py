"""Final rewards shared by the environments: the Infamy margin or the win, from ``inferno.result``."""

from __future__ import annotations

from enum import StrEnum

from inferno.rules.scoring import result
from inferno.rules.state import State


class RewardMode(StrEnum):
    """How a finished game is scored for each player.

    ``margin``: own final Infamy minus the best other player's (solo: own final Infamy).
    ``win``: +1 for each winner (ties on Infamy and Diplomas share the win), -1 for everyone else;
    not defined for the solo game, which has no opponent.
    """

    MARGIN = "margin"
    WIN = "win"


def reward_mode(mode: str | RewardMode, players: int) -> RewardMode:
    """Validate a reward mode for a player count."""
    try:
        m = RewardMode(mode)
    except ValueError:
        raise ValueError(f"reward must be one of {', '.join(RewardMode)}, got {mode!r}") from None
    if m is RewardMode.WIN and players == 1:
        raise ValueError("reward='win' needs an opponent; use reward='margin' for the solo game")
    return m


def final_rewards(s: State, mode: RewardMode) -> list[float]:
    """Each player's reward for the finished game ``s``."""
    res = result(s)
    if mode is RewardMode.WIN:
        return [1.0 if r.winner else -1.0 for r in res.players]
    infamy = [r.infamy for r in res.players]
    if len(infamy) == 1:
        return [float(infamy[0])]
    return [float(v - max(w for q, w in enumerate(infamy) if q != p)) for p, v in enumerate(infamy)]
