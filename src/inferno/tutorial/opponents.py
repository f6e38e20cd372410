"""The tutorial's opponents: a plain, predictable policy so every tutorial plays the same way."""

from __future__ import annotations

from inferno.rules.actions import Act, Action
from inferno.rules.engine import apply_in_place, legal_actions, to_move
from inferno.rules.notation import action_text
from inferno.rules.state import State

# Moves a beginner's opponent avoids while anything else is open (they cost Infamy or coins for little).
_AVOIDED = frozenset({Act.COUNCIL, Act.BRIBE})


def opponent_choice(actions: list[Action]) -> Action:
    """The first legal action that is neither a family council nor a bribe (else the first one)."""
    return next((a for a in actions if a.kind not in _AVOIDED), actions[0])


def play_opponents(s: State, seat: int, limit: int = 200) -> list[str]:
    """Play the other seats' decisions in place until ``seat`` decides or the game is over; their moves."""
    played: list[str] = []
    for _ in range(limit):
        if s.over or to_move(s) == seat:
            return played
        act = opponent_choice(legal_actions(s))
        played.append(action_text(s, act))
        apply_in_place(s, act)
    raise RuntimeError("the tutorial's opponents did not hand the turn back")  # i18n: not for players
