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


def _jumps() -> State:
    """A Greed Soul standing in the second circle, with full shields below it to jump over."""
    sc = _scenario().soul("2.1", "greed").soul("3.1", "gluttony", lying=True).soul("3.2", "gluttony", lying=True)
    return sc.hell_phase(0)


def _walls() -> State:
    """A Heresy Soul standing just above the Walls of Dis, and the learner's safe passage on gate 2."""
    return _scenario().soul("5.2", "heresy").passage(0, gate=2).hell_phase(0)


def _florence() -> State:
    """The learner in the Florence phase, free to act in any quartiere, with a Tower of two floors and
    an Urchin already adopted."""
    sc = _scenario().floors(0, 2).money(0, florins=4, drachmas=2).home(0, urchins=1).player(0, reserve=3)
    return sc.florence_phase(0, bribed=True)


def _accusation() -> State:
    """A Noble at the WALL with the Violence Guest at home in the Tower, one step from a ½ Diploma,
    and Dante one stop above the Violence Diploma."""
    sc = _scenario().floors(0, 3).tower(0, 1, "guest:violence").at(0, "wall", "noble").home(0, nobles=1)
    sc.track(0, "violence", 3).dante(9).soul("3.2", "greed")
    return sc.florence_phase(0, location="wall")


def _loans() -> State:
    """The learner without a coin, about to pay Charon's fare."""
    return _scenario().money(0, florins=0, drachmas=0).hell_phase(0)


def _fraud() -> State:
    """The learner with a grey Barrel in the Tower and two Fraud cards, free to act in any quartiere."""
    sc = _scenario().floors(0, 2).tower(0, 1, "barrel:grey").money(0, florins=4, drachmas=0).hand(0, "F05", "F18")
    return sc.florence_phase(0, bribed=True)


def _council() -> State:
    """The learner's whole family away: a Noble in the Tower and two at the BANK."""
    sc = _scenario().floors(0, 2).tower(0, 1, "noble").home(0, nobles=0).at(0, "bank", "noble", 2)
    return sc.florence_phase(0, location="bank")


def _last_round() -> State:
    """Dante one stop above his final stop, and the learner's Noble at the BANK."""
    sc = _scenario().at(0, "bank", "noble").home(0, nobles=1).floors(0, 2).dante(11).half_diplomas(0, 2)
    sc.track(0, "greed", 2).track(0, "lust", 3).diplomas(0, "lust").soul("2.2", "lust", lying=True)
    return sc.florence_phase(0, location="bank")


OPENINGS: dict[str, Callable[[], State]] = {
    "start": _start,
    "jumps": _jumps,
    "walls": _walls,
    "florence": _florence,
    "accusation": _accusation,
    "loans": _loans,
    "fraud": _fraud,
    "council": _council,
    "last_round": _last_round,
}


def opening(name: str) -> State:
    """The prepared position ``name`` (a :class:`TutorialError` for a name the script should not use)."""
    build = OPENINGS.get(name)
    if build is None:
        raise TutorialError(f"the tutorial script names an unknown opening {name!r}")  # i18n: not for players
    return build()
