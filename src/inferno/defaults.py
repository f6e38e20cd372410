"""The game's defaults that every front end offers (the command line, the terminal game, the lobby and
the API, the gym environments, the docs): one source each, read from the engine and its data.

* ``SOLO_LEVEL``: the solo game's level when none is chosen (the engine's ``SoloConfig`` default);
  ``SOLO_LEVELS`` the levels there are.
* ``solo_variant()``: the solo variant when none is chosen (the first of the solo data, as the engine's
  setup picks); ``default_solo()`` both.
* ``PNP_MODULES``: the P&P expansion's modules, in the order the front ends list them.
"""

from __future__ import annotations

from inferno.rules.pack import load_rules
from inferno.rules.pnp import PHLEGYAS, PLUTUS
from inferno.rules.solo_model import LEVELS, SoloConfig

__all__ = ["PNP_MODULES", "SOLO_LEVEL", "SOLO_LEVELS", "default_solo", "solo_variant"]

SOLO_LEVELS: tuple[str, ...] = LEVELS
SOLO_LEVEL: str = SoloConfig().level
PNP_MODULES: tuple[str, ...] = (PLUTUS, PHLEGYAS)


def solo_variant() -> str:
    """The solo variant a 1-player game gets when none is chosen."""
    return next(iter(load_rules().solo.variants))


def default_solo() -> SoloConfig:
    """The solo settings a 1-player game gets when none are chosen."""
    return SoloConfig(solo_variant(), SOLO_LEVEL)
