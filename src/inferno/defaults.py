"""The game's defaults that every front end offers (the command line, the terminal game, the lobby and
the API, the gym environments, the docs): one source each, read from the engine and its data.

* ``SOLO_LEVEL``: the solo game's level when none is chosen (the engine's ``SoloConfig`` default);
  ``SOLO_LEVELS`` the levels there are.
* ``solo_variant()``: the solo variant when none is chosen (the first of the solo data, as the engine's
  setup picks); ``default_solo()`` both.
* ``PNP_MODULES``: the P&P expansion's modules, in the order the front ends list them;
  ``default_modules(players)`` the modules a game of that many players starts with when none are chosen
  (all of them where the player count needs the expansion, as for 5 players; none otherwise).
"""

from __future__ import annotations

from inferno.rules.pack import load_rules
from inferno.rules.pnp import MAX_PLAYERS, PHLEGYAS, PLUTUS, load_pnp
from inferno.rules.solo_model import LEVELS, SoloConfig

__all__ = ["PNP_MODULES", "SOLO_LEVEL", "SOLO_LEVELS", "default_modules", "default_solo", "solo_variant"]

SOLO_LEVELS: tuple[str, ...] = LEVELS
SOLO_LEVEL: str = SoloConfig().level
PNP_MODULES: tuple[str, ...] = (PLUTUS, PHLEGYAS)


def solo_variant() -> str:
    """The solo variant a 1-player game gets when none is chosen."""
    return next(iter(load_rules().solo.variants))


def default_solo() -> SoloConfig:
    """The solo settings a 1-player game gets when none are chosen."""
    return SoloConfig(solo_variant(), SOLO_LEVEL)


def default_modules(players: int) -> tuple[str, ...]:
    """The P&P modules a game of ``players`` is offered when none are chosen: every module where that
    many players need the expansion (5 players, as the expansion's data says), none otherwise."""
    if players == MAX_PLAYERS and load_pnp().five_needs_module:
        return PNP_MODULES
    return ()
