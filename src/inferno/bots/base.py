"""The bot interface, the bot registry, and a game runner that gives bots only their own view."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from inferno.rules.actions import Action
from inferno.rules.engine import apply_in_place, legal_actions, to_move, view
from inferno.rules.state import State


@runtime_checkable
class Bot(Protocol):
    """A player. ``choose`` gets the bot's own view (secrets of others hidden) and the legal actions,
    and returns one of those actions. It must not need anything else."""

    name: str

    def choose(self, view: State, actions: Sequence[Action]) -> Action: ...


class BotSpecError(ValueError):
    """An unknown bot name or bad bot options."""


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, view: State, actions: Sequence[Action]) -> Action:
        return actions[self.rng.randrange(len(actions))]


BotFactory = Callable[[int], Bot]
_REGISTRY: dict[str, BotFactory] = {"random": RandomBot}
_UNAVAILABLE: dict[str, str] = {}  # bots not offered here, and why (e.g. a missing optional package)


def register_bot(name: str, factory: BotFactory) -> None:
    """Make a bot available to ``make_bot`` (and so to the CLI, server and simulations)."""
    _REGISTRY[name] = factory


def unavailable_bot(name: str, reason: str) -> None:
    """Say why a known bot is not offered on this installation (``make_bot`` gives the reason)."""
    _UNAVAILABLE[name] = reason


def make_bot(spec: str, seed: int = 0) -> Bot:
    """Build a bot from its name (``random``, ``greedy``, ``easy``, ``medium``, ``hard``, ``expert``, ...)."""
    _load_builtin()
    factory = _REGISTRY.get(spec)
    if factory is None:
        if spec in _UNAVAILABLE:
            raise BotSpecError(f"bot {spec!r} is not available: {_UNAVAILABLE[spec]}")
        raise BotSpecError(f"unknown bot {spec!r}; known: {', '.join(sorted(_REGISTRY))}")
    return factory(seed)


# The bots a table offers, weakest first (measured: docs/research/bots.md, "Measured ladder"); every other
# registered bot (a style or a yardstick) follows them in name order.
LADDER: tuple[str, ...] = ("random", "easy", "medium", "greedy", "hard", "expert")


def bot_names() -> list[str]:
    """Every bot available here: the ladder's, weakest first, then the others by name."""
    _load_builtin()
    rank = {name: i for i, name in enumerate(LADDER)}
    return sorted(_REGISTRY, key=lambda n: (rank.get(n, len(LADDER)), n))


def _load_builtin() -> None:
    """Import the optional built-in bot modules so they register themselves."""
    import importlib

    builtin = [
        "inferno.bots.greedy",
        "inferno.bots.strategy",
        "inferno.bots.search",
        "inferno.bots.expert",
        "inferno.bots.rollout",
    ]
    for mod in builtin:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise


def play_game(s: State, bots: Sequence[Bot], max_decisions: int = 100_000) -> State:
    """Play ``s`` to the end in place, each decision made by the deciding player's bot from its view."""
    n = 0
    while not s.over:
        p = to_move(s)
        acts = legal_actions(s)
        choice = bots[p].choose(view(s, p), acts)
        apply_in_place(s, choice, rollback=False)
        n += 1
        if n > max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions")
    return s
