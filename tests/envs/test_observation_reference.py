"""The fast observation (numpy, from the compact state) equals the plain reference encoding from the
player's view, over random positions of seeded games: 1-5 players, both board sides, each P&P module
alone and both, and every solo variant and level."""

from __future__ import annotations

import random

import numpy as np
import pytest

import inferno
from inferno.envs.observation import default_encoder
from inferno.rules.pnp import DESK
from inferno.rules.solo_model import SoloConfig
from tests.envs.reference_observation import reference_encode

CONFIGS: list[dict[str, object]] = [
    {"players": 2},
    {"players": 2, "side": "III/IV", "side_variant": True},
    {"players": 3},
    {"players": 4, "side": "I/II", "side_variant": True},
    {"players": 4},
    {"players": 3, "modules": ("plutus",)},
    {"players": 4, "modules": ("phlegyas",)},
    {"players": 5, "modules": ("plutus", "phlegyas")},
    {"players": 5, "modules": ("plutus",)},
    {"players": 5, "modules": ("phlegyas",)},
    *[{"players": 1, "solo": SoloConfig(v, lv)} for v in ("rival", "pilgrimage", "plague") for lv in ("easy", "hard")],
]


def _name(c: dict[str, object]) -> str:
    solo = c.get("solo")
    extra = f"-{solo.variant}-{solo.level}" if isinstance(solo, SoloConfig) else ""
    mods = "+".join(c.get("modules", ()))  # type: ignore[arg-type]
    return f"{c['players']}p{'-' + str(c['side']) if 'side' in c else ''}{'-' + mods if mods else ''}{extra}"


@pytest.mark.parametrize("config", CONFIGS, ids=_name)
def test_fast_encoding_equals_the_reference_over_random_positions(config: dict[str, object]) -> None:
    enc = default_encoder()
    checked = 0
    seen_desk = seen_rival_card = False
    for seed in range(2):
        s = inferno.new_game(seed=1000 + seed, record_events=False, **config)  # type: ignore[arg-type]
        rng = random.Random(seed)
        step = 0
        while not s.over:
            if step % 5 == 0:
                seen_desk |= any(c >= DESK for c in s.hell)
                seen_rival_card |= s.solo is not None and bool(s.solo.last)
                for p in range(s.num_players):
                    fast = enc.encode(s, p)
                    ref = reference_encode(enc, s, p)
                    bad = np.flatnonzero(fast != ref)
                    where = [
                        (g.name, int(i) - g.start)
                        for i in bad[:3]
                        for g in enc.segments
                        if g.start <= i < g.start + g.size
                    ]
                    assert not bad.size, f"seed {seed} step {step} player {p}: differs at {where}"
                    checked += 1
            inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
            step += 1
    assert checked >= 20
    # the positions cover the pieces the configuration adds
    assert seen_desk or "plutus" not in config.get("modules", ())  # type: ignore[operator]
    assert seen_rival_card or "solo" not in config


def test_values_beyond_a_byte_equal_the_reference() -> None:
    """Counts past 255 and Infamy far outside -100..155 take the encoder's slow path; same vector."""
    enc = default_encoder()
    s = inferno.new_game(3, seed=7, record_events=False)
    rng = random.Random(7)
    for _ in range(60):
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    for florins, infamy in ((300, -500), (7, 400), (1000, -101), (0, 156)):
        s.own_player(1).florins = florins
        s.own_player(2).infamy = infamy
        for p in range(3):
            assert np.array_equal(enc.encode(s, p), reference_encode(enc, s, p))
