"""The prepared positions chapters start from, by name: a seeded set-up changed with the scenario setters.

Each is built the same way every time, so the script's moves stay legal (the unit tests walk them).
"""

from __future__ import annotations

from collections.abc import Callable

from inferno.rules.scenario import Scenario
from inferno.rules.setup import new_game
from inferno.rules.state import State
from inferno.tutorial.script import TutorialError

SEED = 7  # the tutorial's game: two players, the learner (seat 0) moves first
PLAYERS = 2


def _start() -> State:
    return new_game(PLAYERS, SEED)


def _scenario() -> Scenario:
    return Scenario(players=PLAYERS, seed=SEED)


OPENINGS: dict[str, Callable[[], State]] = {
    "start": _start,
}


def opening(name: str) -> State:
    """The prepared position ``name`` (a :class:`TutorialError` for a name the script should not use)."""
    build = OPENINGS.get(name)
    if build is None:
        raise TutorialError(f"the tutorial script names an unknown opening {name!r}")
    return build()
