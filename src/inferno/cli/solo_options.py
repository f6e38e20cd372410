"""The ``--solo-variant`` and ``--solo-level`` options shared by the commands that start games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from inferno.cli.language import help_text
from inferno.defaults import SOLO_LEVEL, SOLO_LEVELS, default_solo
from inferno.i18n import GAME, N_, TERMINAL
from inferno.rules.pack import load_rules
from inferno.rules.solo_model import SoloConfig

F = TypeVar("F", bound=Callable[..., Any])
_ = TERMINAL.gettext


def solo_options(f: F) -> F:
    """Add the solo game's options to a click command."""
    variants = tuple(load_rules().solo.variants)
    f = click.option(
        "--solo-level",
        type=click.Choice(SOLO_LEVELS),
        default=None,
        help=help_text(N_("Solo game (1 player): the Rival's level (default: {level})."), level=SOLO_LEVEL),
    )(f)
    f = click.option(
        "--solo-variant",
        type=click.Choice(variants),
        default=None,
        help=help_text(N_("Solo game (1 player): the variant (default: {variant})."), variant=variants[0]),
    )(f)
    return f


def solo_config(players: int, variant: str | None, level: str | None) -> SoloConfig | None:
    """The solo settings for ``players`` players, or a clear usage error when they do not fit."""
    if variant is None and level is None:
        return default_solo() if players == 1 else None
    if players != 1:
        raise click.UsageError(
            _("--solo-variant and --solo-level are for a 1-player game, not {n} players").format(n=players)
        )
    default = default_solo()
    return SoloConfig(variant or default.variant, level or default.level)


def describe(solo: SoloConfig | None) -> str:
    """The solo settings in words, e.g. "The Rival Family, hard"."""
    if solo is None:
        return ""
    v = load_rules().solo.variants[solo.variant]
    from inferno.tui.text import level_word

    return f"{GAME.gettext(v.name)}, {level_word(solo.level)}"
