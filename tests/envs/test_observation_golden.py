"""The observations and action masks of the PettingZoo environment stay exactly what they were.

Digests of every observation vector and action mask (values, dtype and shape) along seeded random
games, recorded with the encoder before its speed-up (commit a1fb23c): 1-5 players, both board
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
    "2p": ("5253750d98ef29015bdaf9d96fcf530cfffde1bda2e3ab59f640ef7f77880cda", 2252),
    "2p-IIIIV": ("e8da5b0fb8972f724f64806ea5097c9f5b214091f04d7496da18c12d52f92771", 2484),
    "3p-cyclic": ("6560d0840d8c7e6757664f99fff020e5d400b1e7e40ad60a447dc271224a1c6d", 9777),
    "4p-III": ("df9503e19ac73484740f011f8bd8949edb8a90da8e4c37eb8132c439443216d5", 4896),
    "3p-plutus": ("3e2e6e0d3bff06f60fd3840451179d79c01fd8b307358aeca08221fb16308493", 3648),
    "4p-phlegyas": ("bfb37f9165c7e02bf28e9b0b789c369f4d55949beab97b6e36b2d7d70304a9ab", 5072),
    "5p-plutus-phlegyas": ("893ef119a79088f1005ffffaaf550ea20339aca8a49a15c82c5caaa6b3ea365d", 6195),
    "5p-plutus-cyclic": ("22801683444f84137f65792727485dfadea911d6dc5f410bde2f3a4a0f47619d", 25130),
    "5p-phlegyas": ("f550a173f5b54841f6442cd5bb47611f4c585c8dd02e108de8ff5de2c776a038", 6940),
    "1p": ("75c54dd89c883b79a64994083c759ea24e93c1eab00a0df11ec5ea9260ff6c09", 241),
    "1p-rival-hard": ("f6e2e3f067b968cb91574c42d8bd7b0fb50ec9b81c7bbeef516858982549a2cd", 190),
    "1p-pilgrimage-easy": ("27ab52dfe3156078f84f0a8eb8821ccf337475ea23f67de738080c704db31acd", 301),
    "1p-plague-medium": ("88173307f093e3b221d0acbb866df3cc108d82ed4631a6c02e1de1a48dc8e9ed", 323),
}


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_observations_and_masks_are_unchanged(config: dict[str, Any]) -> None:
    digest, count = _digest(config)
    assert count > 100
    assert (digest, count) == GOLDEN[_id(config)]
