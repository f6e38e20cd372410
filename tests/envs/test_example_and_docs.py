"""The training example runs, and the docs (docs/research/observation.md) show the encodings the code uses."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np

from inferno.envs.encoding import action_table
from inferno.envs.gymnasium_env import InfernoGymEnv
from inferno.envs.observation import observation_table

ROOT = Path(__file__).resolve().parents[2]


def _example():  # type: ignore[no-untyped-def]
    path = ROOT / "examples" / "train_masked_policy.py"
    spec = importlib.util.spec_from_file_location("train_masked_policy", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_training_example_learns_only_legal_actions() -> None:
    ex = _example()
    env = InfernoGymEnv(players=2, dense=True)
    policy, episodes = ex.train(env, 400, seed=0, lr=0.001, gamma=0.9)
    assert episodes >= 1
    assert np.abs(policy.W).sum() > 0 and np.abs(policy.b).sum() > 0
    mean, win_rate = ex.evaluate(InfernoGymEnv(players=2), policy, games=2, seed=1)
    assert np.isfinite(mean) and 0.0 <= win_rate <= 1.0


def test_docs_tables_match_the_code() -> None:
    doc = (ROOT / "docs" / "research" / "observation.md").read_text(encoding="utf-8")
    assert action_table() in doc
    assert observation_table() in doc
