"""States survive ``pickle``, ``copy.deepcopy`` and ``copy.copy`` in both builds (OpenSpiel's
``serialize_state`` pickles a state; RL code deep-copies environments).

The compiled build gives frozen dataclasses a ``__setstate__`` that their frozen ``__setattr__``
refuses, so every engine module registers its frozen dataclasses with ``inferno.rules.pickling``.
A state's logs are linked lists of nested pairs, which ``State.__getstate__`` stores flat, so that
games of any length pickle without reaching the recursion limit.
"""

from __future__ import annotations

import copy
import copyreg
import dataclasses
import importlib
import pickle
import random
import sys
from collections.abc import Callable, Iterator

import pytest
from tools import build_compiled

import inferno
from tests.harness.play import play_prefix, play_random

COPIERS: dict[str, Callable[[inferno.State], inferno.State]] = {
    "pickle": lambda s: pickle.loads(pickle.dumps(s)),
    "deepcopy": copy.deepcopy,
    "copy": copy.copy,
}
SETUPS = {
    "p2": {"players": 2},
    "p4-III/IV": {"players": 4, "side": "III/IV"},
    "p3-phlegyas": {"players": 3, "modules": ("phlegyas",)},
    "p5-plutus-phlegyas": {"players": 5, "modules": ("plutus", "phlegyas")},
    "solo-plague-hard": {"players": 1, "solo": inferno.SoloConfig("plague", "hard")},
}


def _frozen_dataclasses() -> list[type]:
    out = []
    for name in build_compiled.compiled_module_names():
        for v in vars(importlib.import_module(name)).values():
            if isinstance(v, type) and v.__module__ == name and dataclasses.is_dataclass(v):
                if v.__dataclass_params__.frozen:  # type: ignore[attr-defined]
                    out.append(v)
    return out


def test_every_frozen_dataclass_of_the_compiled_modules_is_registered() -> None:
    frozen = _frozen_dataclasses()
    assert len(frozen) > 40
    assert [c.__qualname__ for c in frozen if c not in copyreg.dispatch_table] == []


def _check_copy(one: inferno.State, copier: Callable[[inferno.State], inferno.State]) -> None:
    c = copier(one)
    assert type(c) is type(one)
    assert inferno.state_to_dict(c) == inferno.state_to_dict(one)
    assert inferno.legal_actions(c) == inferno.legal_actions(one)


@pytest.mark.parametrize("how", COPIERS)
@pytest.mark.parametrize("setup", SETUPS)
def test_a_copied_state_is_the_same_game(setup: str, how: str) -> None:
    """A copy of a state or a view has the same snapshot and legal actions, plays on like ``State.copy``
    and leaves the original alone (on the first 60 decisions of each game)."""
    copier = COPIERS[how]
    s = inferno.new_game(seed=7, **SETUPS[setup])  # type: ignore[arg-type]
    rng = random.Random(7)
    for i in range(60):
        if i % 20 == 0:
            _check_copy(s, copier)
            _check_copy(inferno.view(s, 0), copier)
            before = inferno.state_to_dict(s)
            c, ref = copier(s), s.copy()
            for _ in range(5):
                a = rng.choice(inferno.legal_actions(ref))
                inferno.apply_in_place(ref, a)
                inferno.apply_in_place(c, a)
            assert inferno.state_to_dict(c) == inferno.state_to_dict(ref)
            assert inferno.state_to_dict(s) == before
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))


def _same_game(c: inferno.State, one: inferno.State) -> None:
    assert type(c) is type(one)
    assert inferno.state_to_dict(c) == inferno.state_to_dict(one)
    assert inferno.events(c) == inferno.events(one)
    assert inferno.legal_actions(c) == inferno.legal_actions(one)


@pytest.fixture
def low_recursion_limit() -> Iterator[int]:
    """A recursion limit of 450 for one test (restored after it): shorter than a whole game's log."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(450)
    try:
        yield 450
    finally:
        sys.setrecursionlimit(limit)


@pytest.mark.parametrize("how", COPIERS)
def test_a_long_game_copies_whole(how: str, low_recursion_limit: int) -> None:
    """A finished 4-player game, and the same game 60 decisions before its end, with every event
    logged: their logs are longer than the recursion limit, yet a copy has the same snapshot, events
    and legal actions, and the unfinished one plays on to the same end as ``State.copy``."""
    copier = COPIERS[how]
    done = play_random(4, 3)
    assert done.over and len(inferno.events(done)) > sys.getrecursionlimit()
    before = inferno.state_to_dict(done)
    _same_game(copier(done), done)
    _same_game(copier(inferno.view(done, 0)), inferno.view(done, 0))
    assert inferno.state_to_dict(done) == before

    s = play_prefix(4, 3, done.version - 60)
    assert not s.over and len(inferno.events(s)) > sys.getrecursionlimit()
    c, ref = copier(s), s.copy()
    _same_game(c, s)
    rng = random.Random(3)
    while not ref.over:
        a = rng.choice(inferno.legal_actions(ref))
        inferno.apply_in_place(ref, a)
        inferno.apply_in_place(c, a)
    _same_game(c, ref)
    assert inferno.result(c) == inferno.result(ref)
