"""Shared fixtures for the simulation tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from inferno.sim.game import SimConfig, play_one
from inferno.sim.record import GameSummary


@pytest.fixture(scope="session")
def some_games() -> list[GameSummary]:
    """A few real games of every player count (random bots)."""
    out: list[GameSummary] = []
    for players in (1, 2, 3, 4):
        cfg = SimConfig(players, ("random",) * players)
        out.extend(play_one(cfg, seed) for seed in range(3))
    return out


@pytest.fixture
def ray_local() -> Iterator[object]:
    """A local Ray instance for one test, always shut down afterwards."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()
