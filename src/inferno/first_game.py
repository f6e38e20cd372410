"""A first game for newcomers, shared by the front ends: its bots, and its warnings shown once each.

A first game is played against the weakest bots of the ladder with hints on and each component's help
open. Before the player's first loan, first family council and first Fraud card played without its
Barrel, the front end shows the engine's warning (:func:`inferno.outcome.option_warnings`) and asks to
confirm; later ones pass without a word. The kinds already shown are kept with the game (the terminal's
save file, the server's database), so a resumed or reloaded game does not warn again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from inferno.bots.base import LADDER
from inferno.outcome import OptionWarning, WarningKind, option_warnings
from inferno.rules.actions import Action
from inferno.rules.state import State

FIRST_GAME_PLAYERS = 3  # the newcomer and two bots


def first_game_bot() -> str:
    """The bot a first game is played against: the weakest of the ladder."""
    return LADDER[0]


@dataclass
class WarningsShown:
    """The kinds of warning a first game has shown (each is shown once)."""

    kinds: set[WarningKind] = field(default_factory=set)

    def due(self, s: State, action: Action) -> list[OptionWarning]:
        """The warnings ``action`` (legal now) still deserves in this game."""
        return [w for w in option_warnings(s, action) if w.kind not in self.kinds]

    def shown(self, warnings: Iterable[OptionWarning]) -> None:
        self.kinds.update(w.kind for w in warnings)

    def to_list(self) -> list[str]:
        return sorted(k.value for k in self.kinds)

    @classmethod
    def from_list(cls, values: object) -> WarningsShown:
        """From a save file's list (unknown or malformed entries are left out)."""
        known = {k.value: k for k in WarningKind}
        items = values if isinstance(values, list) else []
        return cls({known[v] for v in items if isinstance(v, str) and v in known})
