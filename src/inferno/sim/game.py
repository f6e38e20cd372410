"""Play one seeded game between bots and record it.

A game depends only on (config, seed): the engine takes all its randomness from the seed at setup,
and each bot's seed is derived from the game seed and its seat. So results are the same whichever
worker, process or machine plays the game, and in whatever order.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from inferno.bots.base import make_bot
from inferno.records.log import events
from inferno.rules.actions import Action
from inferno.rules.engine import apply_in_place, pending, view
from inferno.rules.pack import load_rules
from inferno.rules.pnp import default_side
from inferno.rules.setup import new_game
from inferno.rules.solo_model import SoloConfig
from inferno.sim.record import DecisionTally, GameSummary, summarise

MAX_DECISIONS = 200_000


@dataclass(frozen=True, slots=True)
class SimConfig:
    """What every game of a simulation shares. ``bots`` has one bot spec per seat.

    With ``rotate`` the line-up is rotated by ``seed % players``, so each bot plays every seat equally
    often over consecutive seeds (separating "which strategy wins" from "which seat wins").
    """

    players: int
    bots: tuple[str, ...]
    side: str | None = None
    rules_dir: str | None = None
    rotate: bool = False
    modules: tuple[str, ...] = ()  # P&P expansion modules
    solo: SoloConfig | None = None  # the solo game's variant and level (1 player)
    side_variant: bool = False  # ``side`` is not the player count's: a named variant (see inferno.new_game)

    def __post_init__(self) -> None:
        if len(self.bots) != self.players:
            raise ValueError(f"{self.players} players need {self.players} bots, got {len(self.bots)}")

    def lineup(self, seed: int) -> tuple[str, ...]:
        """The bot in each seat for the game with this seed."""
        if not self.rotate:
            return self.bots
        k = seed % self.players
        return self.bots[k:] + self.bots[:k]

    def resolved_side(self) -> str:
        """The board side the games use (the default for the player count if none was given)."""
        return self.side or default_side(load_rules(self.rules_dir), self.players, self.rules_dir)


def bot_seed(seed: int, seat: int) -> int:
    """A bot's seed from the game seed and its seat: stable across runs, platforms and workers."""
    digest = hashlib.blake2b(f"inferno-sim/{seed}/{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def play_one(cfg: SimConfig, seed: int) -> GameSummary:
    """Play the game ``seed`` to its end, each bot seeing only its own view, and record it.

    Each decision's kind, legal actions and choice are tallied per seat (:class:`DecisionTally`).
    """
    s = new_game(
        cfg.players,
        seed,
        cfg.side,
        rules_dir=cfg.rules_dir,
        modules=cfg.modules,
        solo=cfg.solo,
        side_variant=cfg.side_variant,
    )
    lineup = cfg.lineup(seed)
    bots = [make_bot(spec, bot_seed(seed, seat)) for seat, spec in enumerate(lineup)]
    moves: list[tuple[int, Action]] = []
    tallies = [DecisionTally() for _ in range(cfg.players)]
    while (now := pending(s)) is not None:
        p = now.player
        legal = list(now.actions)
        choice = bots[p].choose(view(s, p), legal)
        tallies[p].count(now.decision, legal, choice)
        apply_in_place(s, choice, rollback=False)
        moves.append((p, choice))
        if len(moves) > MAX_DECISIONS:
            raise RuntimeError(f"game {seed} did not end within {MAX_DECISIONS} decisions")
    return summarise(s, lineup, moves, events(s), tallies)


def play_batch(cfg: SimConfig, seeds: Sequence[int]) -> list[GameSummary]:
    """Play several games (one task for a worker process or a Ray task)."""
    return [play_one(cfg, seed) for seed in seeds]
