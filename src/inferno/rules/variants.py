"""Named variants: a game set up otherwise than the rules say, and the words that mark it.

The board side follows the player count (rulebook, Boards & General Concepts: side I/II for 1–2
players, III/IV for 3–4; a fifth player takes the side of the P&P expansion's data). Another side is
allowed only as a named variant: :func:`inferno.new_game` refuses it unless asked with
``side_variant=True``, and the game's log and record then mark it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from inferno.rules.model import Rules
from inferno.rules.pickling import register_frozen
from inferno.rules.pnp import MAX_PLAYERS, default_side
from inferno.rules.state import State

VARIANT = "variant"  # the kind of the set-up event that marks a variant
SIDE_RULE = "S0 Boards & General Concepts"  # the rulebook page that sets the side by player count
FIVE_RULE = "U18"  # a fifth player's side: the P&P expansion's data (a default of this edition)


@dataclass(frozen=True, slots=True)
class SideVariant:
    """A game on another board side than the one for its player count."""

    players: int
    side: str  # the side played
    rules_side: str  # the side the rules give this player count

    @property
    def label(self) -> str:
        """The short mark shown wherever the game is named: ``variant: board side III/IV with 2 players``."""
        return f"variant: board side {self.side} with {_players(self.players)}"

    @property
    def text(self) -> str:
        """The log's line: the label and the side the rules would use."""
        return f"Variant: board side {self.side} with {_players(self.players)} (the rules use side {self.rules_side})"

    @property
    def source(self) -> str:
        """Where the rules' side comes from, in players' words."""
        return "the P&P expansion's data" if self.players == MAX_PLAYERS else "rulebook, Boards & General Concepts"

    @property
    def rule(self) -> str:
        """The rule that sets the side, as an event's rule tag."""
        return FIVE_RULE if self.players == MAX_PLAYERS else SIDE_RULE


def _players(n: int) -> str:
    return f"{n} player{'' if n == 1 else 's'}"


def side_variant(rules: Rules, players: int, side: str, rules_dir: str | Path | None = None) -> SideVariant | None:
    """The variant a game of ``players`` on ``side`` is, or None when it is the rules' side."""
    usual = default_side(rules, players, rules_dir)
    return None if side == usual else SideVariant(players, side, usual)


def game_side_variant(s: State) -> SideVariant | None:
    """The board-side variant of the game ``s`` (a full state or a view), or None."""
    c = s.config
    return side_variant(s.rules, c.players, c.side, c.rules_dir)


register_frozen(SideVariant)
