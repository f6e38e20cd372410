"""The ``--side`` option shared by the commands that start games.

The board side follows the player count (rulebook, Boards & General Concepts). ``--side`` may pick
the other side, but only as a named variant: the command says so on standard error before the game
starts, and the game's record and log mark it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from inferno.i18n import N_, TERMINAL
from inferno.rules.pack import BOARD_FILES, load_rules
from inferno.rules.variants import SideVariant, side_variant

F = TypeVar("F", bound=Callable[..., Any])

_ = TERMINAL.gettext
SIDE_HELP = N_("Board side (default: the one for the player count; another side is played as a variant).")


def side_option(f: F) -> F:
    """Add ``--side`` to a click command."""
    return click.option("--side", type=click.Choice(tuple(BOARD_FILES)), default=None, help=SIDE_HELP)(f)


def variant_warning(v: SideVariant) -> str:
    """What the command prints for a board-side variant."""
    return _("Warning: {label} (the rules use side {side}: {source}); the game's record and log mark it.").format(
        label=v.label, side=v.rules_side, source=v.source
    )


def announce_side(side: str | None, players: int, rules_dir: str | Path | None = None) -> bool:
    """Whether ``side`` makes a game of ``players`` a board-side variant; when it does, say so on
    standard error (the flag is what :func:`inferno.new_game` takes as ``side_variant``)."""
    if side is None:
        return False
    v = side_variant(load_rules(rules_dir), players, side, rules_dir)
    if v is None:
        return False
    click.echo(variant_warning(v), err=True)
    return True
