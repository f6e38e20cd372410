"""The observations and action masks of the PettingZoo environment stay exactly what they were.

Digests of every observation vector and action mask (values, dtype and shape) along seeded random
games, recorded with the encoder before its speed-up, again on the calibrated Hell of December 2026 (the
board's size is part of the observation), and the 5-player ones again when their Dante's path lost its
first two stops, the side I/II ones again when that side got a roomier Limbo and its own Phlegethon
starts, the hard Rival Family's again when its deck was re-tuned (the Rival's deck is observed), and all
of them again when side III/IV got a roomier Limbo (the larger board sets the observation's size):
1-5 players, both board
sides, each P&P module alone and both, the solo variants, and both turn orders. Every seat observes
at every step (``observe`` of each agent), and every few steps also from its view
(``encode(view(state, p))``). Actions are drawn from the mask's indices (not the engine's list
order), so the games do not depend on the order in which the engine lists legal actions.

If a digest changes, the observation changed: find where with ``test_observation_reference.py``.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import pytest

import inferno
from inferno.envs.pettingzoo_env import raw_env

CONFIGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 2, "side": "III/IV", "side_variant": True},
    {"players": 3, "turn_order": "cyclic"},
    {"players": 4, "side": "I/II", "side_variant": True},
    {"players": 3, "modules": ("plutus",)},
    {"players": 4, "modules": ("phlegyas",)},
    {"players": 5, "modules": ("plutus", "phlegyas")},
    {"players": 5, "modules": ("plutus",), "turn_order": "cyclic"},
    {"players": 5, "modules": ("phlegyas",)},
    {"players": 1},
    {"players": 1, "solo": ("rival", "hard")},
    {"players": 1, "solo": ("pilgrimage", "easy")},
    {"players": 1, "solo": ("plague", "medium")},
]


def _id(c: dict[str, Any]) -> str:
    parts = [f"{c['players']}p", c.get("side", ""), *c.get("modules", ()), *c.get("solo", ()), c.get("turn_order", "")]
    return "-".join(p.replace("/", "") for p in parts if p)


def _digest(config: dict[str, Any], seeds: range = range(2)) -> tuple[str, int]:
    """(sha256 of every observation and mask along the games, observations hashed)."""
    h = hashlib.sha256()
    count = 0
    env = raw_env(**config)
    for seed in seeds:
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        step = 0
        for agent in env.agent_iter():
            s = env.state
            assert s is not None
            for other in env.agents:
                obs = env.observe(other)
                for key in ("observation", "action_mask"):
                    a = obs[key]
                    h.update(f"{key}{a.dtype}{a.shape}".encode())
                    h.update(a.tobytes())
                count += 1
            if step % 7 == 0 and not s.over:
                for p in range(s.num_players):
                    a = env.encoder.encode(inferno.view(s, p))
                    h.update(f"view{a.dtype}{a.shape}".encode())
                    h.update(a.tobytes())
            _, _, term, trunc, _ = env.last()
            mask = env.observe(agent)["action_mask"]
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(mask))))
            step += 1
    return h.hexdigest(), count


GOLDEN: dict[str, tuple[str, int]] = {
    "2p": ("295db3bfbde699a73680e812301214462983ff7f5640d2dfd29f759760b9f9e7", 1542),
    "2p-IIIIV": ("ddfc8afd1cac86917ee25af7d162cf1066cb31c4bc5daf419f2d8b0c8ef502df", 1888),
    "3p-cyclic": ("7291171e2540226455e7cc3d1c417bad2ff49d3770810fa99ff0f5c8cbf9cc26", 7518),
    "4p-III": ("c71a75f99a07962ed4f03f51a870ea3c6142b670c9179006c5c54ac86ceb64b9", 2756),
    "3p-plutus": ("6f907c611d5b2ecc252c2ec956317dc2d226dde092efb7804a1d2396a7ffa541", 2790),
    "4p-phlegyas": ("41e0304074a6087c7f2c9ab406e18e29be3abb652d40b47c35b3107658539062", 3580),
    "5p-plutus-phlegyas": ("cee069232a52007b4ac2eada428f4e1cf195c6d61bc090b96dc6b7e2037908c1", 4115),
    "5p-plutus-cyclic": ("e70d3ebed0040c09569272de5efa6fedcd687a67c88bb4f0f7ea3e5e62cfdaa1", 21005),
    "5p-phlegyas": ("967dec3198cae4797ac39c3cb4ece284293e087e38b037a0470b44c9fb16cede", 4660),
    "1p": ("07c1a10abeed45d10a591035d4588850942d14f615b9bfa8a46f3cc01d9b10f2", 248),
    "1p-rival-hard": ("40fc75dd358ca45b1fa6bc5c5f456127106527a8bf09d315b07cea9a46a1c78f", 192),
    "1p-pilgrimage-easy": ("4c68425b37312b2c69e83982023c00df2f75fd1c15adcd72d982fa3e82314b93", 310),
    "1p-plague-medium": ("9b97c0cc4209b50fde2dc980c8a03a92dd33b028a4d8b5465ff97536a19210ae", 331),
}


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_observations_and_masks_are_unchanged(config: dict[str, Any]) -> None:
    digest, count = _digest(config)
    assert count > 100
    assert (digest, count) == GOLDEN[_id(config)]
