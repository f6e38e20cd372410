"""``inferno play --first-game``: a newcomer's first game in the terminal.

You against two of the weakest bots (the first of the ladder), hints on, each option's components
explained beside it, and a warning before the first loan, the first family council and the first Fraud
card played without its Barrel (each once; the save file keeps which were shown).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from inferno.first_game import FIRST_GAME_PLAYERS, first_game_bot
from inferno.i18n import N_, TERMINAL
from inferno.tui.session import Seat

F = TypeVar("F", bound=Callable[..., Any])
_ = TERMINAL.gettext

FIRST_GAME_HELP = N_(
    "Your first game: you against two of the weakest bots, hints on, the components explained, and a warning "
    "before your first loan, family council and Fraud card without its Barrel."
)


def first_game_option(f: F) -> F:
    """Add ``--first-game`` to a click command."""
    return click.option("--first-game", "first_game", is_flag=True, help=FIRST_GAME_HELP)(f)


def first_game_seats(chosen: dict[str, object]) -> list[Seat]:
    """The first game's seats: you in seat 1, the weakest bot in the others. ``chosen``: the options that
    pick seats, players or a solo game, by name (any of them given is refused: the first game picks them)."""
    given = [name for name, value in chosen.items() if value]
    if given:
        raise click.UsageError(
            _("--first-game chooses the seats itself: leave out {options}").format(options=", ".join(given))
        )
    return [Seat(), *(Seat(first_game_bot()) for _i in range(FIRST_GAME_PLAYERS - 1))]


def first_game_words() -> str:
    """What the terminal says as a first game starts."""
    return _(
        "Your first game: you against {n} {bot} bots, the weakest. Type 'hint' for the best options, 'help' for "
        "the decision's rule; each option says what it is and the components it involves. You are warned once "
        "before your first loan, family council and Fraud card without its Barrel."
    ).format(n=FIRST_GAME_PLAYERS - 1, bot=first_game_bot())
