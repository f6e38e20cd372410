"""Shared helpers for the bot tests: small search budgets keep the suite fast."""

from __future__ import annotations

import random

import pytest

import inferno
from inferno.bots.search import SearchConfig
from inferno.rules.state import State

TINY = SearchConfig(iterations=12, max_seconds=None, rollout_depth=4)


def advance_to_choice(s: State, rng: random.Random, steps: int) -> State:
    """Play ``steps`` random decisions, then on until a decision with at least two options."""
    for _ in range(steps):
        if s.over:
            break
        acts = inferno.legal_actions(s)
        inferno.apply_in_place(s, acts[rng.randrange(len(acts))])
    while not s.over and len(inferno.legal_actions(s)) < 2:
        inferno.apply_in_place(s, inferno.legal_actions(s)[0])
    return s


@pytest.fixture
def tiny() -> SearchConfig:
    return TINY
