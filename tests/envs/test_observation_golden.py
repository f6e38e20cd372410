"""The observations and action masks of the PettingZoo environment stay exactly what they were.

Digests of every observation vector and action mask (values, dtype and shape) along seeded random
games, recorded with the encoder before its speed-up, again on the calibrated Hell of December 2026 (the
board's size is part of the observation), and the 5-player ones again when their Dante's path lost its
first two stops, the side I/II ones again when that side got a roomier Limbo and its own Phlegethon
starts, and the hard Rival Family's again when its deck was re-tuned (the Rival's deck is observed):
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
    "2p": ("31338c74601f21c29122415d17defb6e0b86d2e679903a92a1aa0e5fba46c1cf", 1542),
    "2p-IIIIV": ("1d9b6e26f97fd133f3901e47159735be62d05d24c2071318d5e1612115ec22ef", 1724),
    "3p-cyclic": ("619b6a0870deae06e1928527811ae478280d6424ddb6a6eaced570b92e607abd", 7194),
    "4p-III": ("111855c65dff7059227aab36f1f7b8fb2186ccfc39f2ad3fbf06a0d8b891f8b9", 2756),
    "3p-plutus": ("e56840c603e4bdc0cd19d729c9c2a6ab7aa4136c160a8082a5b57f89d22c3063", 2451),
    "4p-phlegyas": ("f3651fb1f13ec308f18df75c99d8c2bf82b4b0bee437b14dc722408136c5f8eb", 3108),
    "5p-plutus-phlegyas": ("5a0d18da5d420fbefe82258415bb42d4a5b375e07c4284e1965beb17dc675e39", 4320),
    "5p-plutus-cyclic": ("fcef8be9311ffc03ebe51fa30060615bc5bb7e497f216e4d09d921be68bff0c6", 15305),
    "5p-phlegyas": ("3057deae0561907f33faefb9ce9d35bcb848f540db17a4db181950e025ccb54f", 4095),
    "1p": ("cd3856dcb7f8162b8b1a97f00ab4311597b48fc64956cda127387c69faebb3db", 248),
    "1p-rival-hard": ("91d63341d9be38258cca8f49afb041a95fb3179a19bccaf9daa9c960e14e4781", 192),
    "1p-pilgrimage-easy": ("d49940b0899ac4027f35759fe7124a21e9a25ba17dd844558016cc2289133a22", 310),
    "1p-plague-medium": ("373f65dbf430da053c6421024730d66197de699f68c81ea90154301c7f9a9389", 330),
}


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_observations_and_masks_are_unchanged(config: dict[str, Any]) -> None:
    digest, count = _digest(config)
    assert count > 100
    assert (digest, count) == GOLDEN[_id(config)]
