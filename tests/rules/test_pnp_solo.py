"""The P&P expansion's modules in the solo game (the Rival sits at index 1)."""

from __future__ import annotations

import random

import pytest

import inferno
from inferno.rules.setup import SetupError


def test_phlegyas_in_the_solo_game_gives_bells_to_the_player_only() -> None:
    """Phlegyas with the solo game: the family holds its starting Bells, the Rival none, and whole
    random games end without error."""
    for seed in range(4):
        s = inferno.new_game(1, seed, modules=("phlegyas",))
        assert s.ext is not None and len(s.ext.bells) == 2 and s.ext.bells[1] == 0
        assert s.ext.bells[0] == s.ext.data.bells_at_start
        rng = random.Random(seed)
        while not s.over:
            inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
        assert inferno.result(s).solo is not None


def test_plutus_needs_other_families_to_pay() -> None:
    """Plutus's Desks make other players pay, so a solo game with Plutus is refused in words."""
    with pytest.raises(SetupError, match="nobody to pay"):
        inferno.new_game(1, 0, modules=("plutus",))
