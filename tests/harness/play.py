"""Seeded random-bot games shared by the harness tests, the golden files and the perft data."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import inferno
from inferno import Act
from inferno.bots.base import Bot, RandomBot

SIDES = ("I/II", "III/IV")
MAX_DECISIONS = 5_000  # far above any real game (random games take ~250-450 decisions)


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of a game: the state before it, its legal actions and the bot's choice."""

    index: int
    state: inferno.State
    actions: list[inferno.Action]
    choice: inferno.Action


class AccuserBot:
    """A seeded bot that accuses whenever it can, prefers sending family members to councils and moving
    a standing Soul in Hell to ferrying a new one (so Hell fills more slowly).

    Uniformly random bots almost never take Dante to the end (their games end in sudden death), so
    the harness also plays this one to reach the normal end of the game and its final-scoring
    decisions. It only ranks the legal actions the engine lists, by kind.
    """

    def __init__(self, seed: int = 0) -> None:
        self.name = "accuser"
        self.rng = random.Random(seed)

    def choose(self, view: inferno.State, actions: Sequence[inferno.Action]) -> inferno.Action:
        rng = self.rng
        accuse = [a for a in actions if a.kind == Act.ACCUSE]
        if accuse:
            return rng.choice(accuse)
        send = [a for a in actions if a.kind == Act.SEND]
        if send and rng.random() < 0.8:
            return rng.choice(send)
        move = [a for a in actions if a.kind == Act.MOVE]
        if move and rng.random() < 0.8:
            return rng.choice(move)
        calm = [a for a in actions if a.kind not in (Act.COUNCIL, Act.BRIBE)]
        return rng.choice(calm or list(actions))


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "accuser": AccuserBot}


def random_steps(s: inferno.State, seed: int, limit: int = MAX_DECISIONS, bot: str = "random") -> Iterator[Step]:
    """Drive ``s`` in place with a seeded bot (``random`` or ``accuser``), yielding each decision before
    it is applied.

    The caller may inspect the step; the action is applied when the iterator resumes. Raises if the
    game has not ended after ``limit`` decisions.
    """
    player: Bot = BOTS[bot](seed)
    i = 0
    while not s.over:
        if i >= limit:
            raise AssertionError(f"game did not end within {limit} decisions")
        acts = inferno.legal_actions(s)
        choice = player.choose(inferno.view(s, inferno.to_move(s)), acts)
        yield Step(i, s, acts, choice)
        inferno.apply_in_place(s, choice)
        i += 1


def play_random(
    players: int,
    seed: int,
    side: str | None = None,
    record_events: bool = True,
    bot: str = "random",
    modules: tuple[str, ...] = (),
) -> inferno.State:
    """A full game between seeded bots (all of one kind, one generator seeded with ``seed``)."""
    s = inferno.new_game(players, seed, side=side, record_events=record_events, modules=modules, side_variant=True)
    for _ in random_steps(s, seed, bot=bot):
        pass
    return s


def play_prefix(players: int, seed: int, decisions: int, side: str | None = None) -> inferno.State:
    """The position after ``decisions`` random-bot decisions (or the end, if sooner)."""
    s = inferno.new_game(players, seed, side=side, side_variant=True)
    for step in random_steps(s, seed):
        if step.index >= decisions:
            break
    return s
