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
    "2p": ("d7104d4f18aa1ddb1243a4aaa6646f4a7d029ae0d886e4b5384f852272755504", 1542),
    "2p-IIIIV": ("a93b7f134b8d62952af85b185588cdae30c720a31fe9e8733700655ce1c628a5", 1738),
    "3p-cyclic": ("8570fc573d9e07fcef2e1ce4e9b701c7b10f6639ec58cae8e0afd5e1a6a695ed", 7410),
    "4p-III": ("b65105bc7c73fd94075c764cd716b2055c50206898ab0c608aa60ae1b195e79d", 2756),
    "3p-plutus": ("dde9dd732ed59589a79d3395185a1477209189a5f94bd25d6c836ba0f4a97c08", 2850),
    "4p-phlegyas": ("ea4746260e7ba66a5f0924499257278cb11e3d9ef99b9e701f5e0aec9b79c09d", 3664),
    "5p-plutus-phlegyas": ("a569e92f5bcbba5b1dd075bc288c63349795138ea01130225e7199ccdb10636e", 4425),
    "5p-plutus-cyclic": ("59edb1b451395147149db901b4d16299ef356f46a189754b45afdb4cd429c26e", 17830),
    "5p-phlegyas": ("47856c35f8e1f0bc8146258a43a345f4e8e6110872e2aa92f389235f42f1ea38", 4200),
    "1p": ("41dde991b79ebe6cd5fa7ec0f6d28d97c3a581789d02ab0ef570493e093fbdda", 248),
    "1p-rival-hard": ("f24d183b406906d10f229b9359488c2789943d190a9410b2ede82af8ce21204b", 192),
    "1p-pilgrimage-easy": ("ab7f5162ed49fcb68fd016e85dc33f71542e432ffac6835d919a7601880e658c", 310),
    "1p-plague-medium": ("139d7a28bd5816acc09bde289bcd9de4fe51f1cc8150283c6ceec5b0fd021701", 330),
}


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_observations_and_masks_are_unchanged(config: dict[str, Any]) -> None:
    digest, count = _digest(config)
    assert count > 100
    assert (digest, count) == GOLDEN[_id(config)]
