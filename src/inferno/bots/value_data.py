"""Training positions for the value model: seeded self-play games, sampled, encoded and labelled.

A game depends only on its (configuration, seed), as in ``inferno simulate``: the same
:class:`~inferno.sim.game.SimConfig` and each bot seeded by :func:`~inferno.sim.game.bot_seed`. With
``explore = 0`` the games are exactly those ``inferno simulate`` plays; a small ``explore`` makes the
deciding seat pick a random legal action now and then (from a generator seeded by the game seed), so
the positions also cover the side lines a search visits.

Every ``every``-th decision (from an offset set by the seed) the position is encoded once per seat
with the observation encoder (seat-relative, only what that seat may see) and labelled with that
seat's final Infamy margin (its final Infamy minus the best opponent's; solo: minus the Rival's or
the target) and whether it won. The hand-written estimate of the same position
(:mod:`inferno.bots.evaluation`) is kept beside it: a few of its terms can be fed to the model, and
its margin is the baseline the model is measured against.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np

from inferno.bots.base import make_bot
from inferno.bots.evaluation import DEFAULT_WEIGHTS
from inferno.bots.value_model import EXTRA_FEATURES, extra_terms
from inferno.envs.observation import ObservationEncoder, encoder_for
from inferno.rules.engine import apply_in_place, legal_actions, to_move, view
from inferno.rules.setup import new_game
from inferno.rules.solo import outcome as solo_outcome
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import State
from inferno.sim.game import MAX_DECISIONS, SimConfig, bot_seed


@dataclass(frozen=True, slots=True)
class DataConfig:
    """Which games to play and how to sample them."""

    players: tuple[int, ...] = (2, 3, 4)  # player counts (1: the solo game, default variant and level)
    games: int = 600  # games per player count
    first_seed: int = 0
    bot: str = "greedy"
    every: int = 6  # sample one decision in this many
    explore: float = 0.05  # chance that a decision is a random legal action instead of the bot's


@dataclass(slots=True)
class Samples:
    """Encoded positions, one row per (position, seat), observations kept sparse (CSR)."""

    indptr: np.ndarray  # int64, rows + 1
    indices: np.ndarray  # int16, the non-zero observation entries' positions
    values: np.ndarray  # float32
    extras: np.ndarray  # float32 (rows, len(EXTRA_FEATURES))
    margin: np.ndarray  # float32: the seat's final Infamy margin
    win: np.ndarray  # float32: 1 for a win (1/k for a k-way shared win), else 0
    game: np.ndarray  # int32: the game's index in the data set (to split by game)
    players: np.ndarray  # int8: players in the game
    width: int  # observation size
    source: str = ""  # how the samples were made (:func:`describe`), to reuse them only for the same

    @property
    def rows(self) -> int:
        return len(self.margin)

    def seats(self) -> np.ndarray:
        """Each row's seat: a game's rows list its positions in turn, each with its seats in order."""
        first = np.searchsorted(self.game, self.game, side="left")
        n = np.maximum(self.players.astype(np.int64), 1)
        return (np.arange(self.rows) - first) % n

    def dense(self, rows: np.ndarray | None = None) -> np.ndarray:
        """The observations of ``rows`` (default: all) as a dense float32 array."""
        idx = np.arange(self.rows) if rows is None else rows
        out = np.zeros((len(idx), self.width), dtype=np.float32)
        for i, r in enumerate(idx):
            a, b = self.indptr[r], self.indptr[r + 1]
            out[i, self.indices[a:b]] = self.values[a:b]
        return out

    def save(self, path: Path) -> None:
        np.savez_compressed(
            path,
            indptr=self.indptr,
            indices=self.indices,
            values=self.values,
            extras=self.extras,
            margin=self.margin,
            win=self.win,
            game=self.game,
            players=self.players,
            width=np.array(self.width),
            source=np.array(self.source),
        )

    @classmethod
    def load(cls, path: Path) -> Samples:
        with np.load(path) as z:
            return cls(
                z["indptr"],
                z["indices"],
                z["values"],
                z["extras"],
                z["margin"],
                z["win"],
                z["game"],
                z["players"],
                int(z["width"]),
                str(z["source"]) if "source" in z else "",
            )


@dataclass(slots=True)
class _GameRows:
    """One game's samples before they are joined."""

    obs: list[np.ndarray]
    extras: list[list[float]]
    seats: list[int]
    players: int


def sim_config(players: int, bot: str) -> SimConfig:
    """The ``inferno simulate`` configuration of a self-play game (default side; solo: default variant)."""
    solo = SoloConfig() if players == 1 else None
    return SimConfig(players, (bot,) * players, solo=solo)


def explore_seed(seed: int) -> int:
    """The seed of a game's exploration generator (independent of the bots' seeds)."""
    digest = hashlib.blake2b(f"inferno-value/{seed}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def final_labels(s: State) -> tuple[list[float], list[float]]:
    """Each seat's final Infamy margin and win share in a finished game."""
    if s.solo is not None:
        won, margin, _bar, _rank = solo_outcome(s)
        return [float(margin)], [1.0 if won else 0.0]
    infamy = [pl.infamy for pl in s.players]
    keys = [(pl.infamy, bin(pl.diplomas).count("1")) for pl in s.players]
    best = max(keys)
    k = keys.count(best)
    out_m = [float(v - max(u for q, u in enumerate(infamy) if q != p)) for p, v in enumerate(infamy)]
    return out_m, [1.0 / k if key == best else 0.0 for key in keys]


def play_sampled(cfg: DataConfig, players: int, seed: int) -> tuple[_GameRows, list[float], list[float]]:
    """Play one self-play game, sampling and encoding positions; return them and the final labels."""
    sim = sim_config(players, cfg.bot)
    s = new_game(players, seed, sim.side, record_events=False, solo=sim.solo)
    enc = encoder_for(s.rules)
    bots = [make_bot(name, bot_seed(seed, seat)) for seat, name in enumerate(sim.lineup(seed))]
    rng = random.Random(explore_seed(seed))
    rows = _GameRows([], [], [], players)
    n = 0
    offset = seed % cfg.every
    seats = s.num_players
    while not s.over:
        if n % cfg.every == offset:
            ex = extra_terms(s)
            for q in range(seats):
                rows.obs.append(enc.encode(s, q))
                rows.extras.append(ex[q])
                rows.seats.append(q)
        p = to_move(s)
        legal = legal_actions(s)
        if len(legal) > 1 and rng.random() < cfg.explore:
            choice = legal[rng.randrange(len(legal))]
        else:
            choice = bots[p].choose(view(s, p), legal)
        apply_in_place(s, choice, rollback=False)
        n += 1
        if n > MAX_DECISIONS:
            raise RuntimeError(f"game {seed} did not end within {MAX_DECISIONS} decisions")
    m, w = final_labels(s)
    return rows, m, w


def _task(cfg: DataConfig, job: tuple[int, int]) -> tuple[_GameRows, list[float], list[float]]:
    return play_sampled(cfg, job[0], job[1])


def jobs(cfg: DataConfig) -> list[tuple[int, int]]:
    """(players, seed) of every game, player counts interleaved so a partial run covers them all."""
    return [(p, cfg.first_seed + g) for g in range(cfg.games) for p in cfg.players]


def generate(
    cfg: DataConfig,
    workers: int = 1,
    on_game: Callable[[int, int], None] | None = None,
) -> Samples:
    """Play every game of ``cfg`` (in ``workers`` processes) and join their samples in game order."""
    todo = jobs(cfg)
    width = _encoder().size
    results: Iterator[tuple[_GameRows, list[float], list[float]]]
    if workers <= 1:
        results = (play_sampled(cfg, p, seed) for p, seed in todo)
        out = _join(results, width, on_game, len(todo))
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            results = pool.imap(partial(_task, cfg), todo, chunksize=1)
            out = _join(results, width, on_game, len(todo))
    out.source = describe(cfg)
    return out


def _encoder() -> ObservationEncoder:
    from inferno.envs.observation import default_encoder

    return default_encoder()


def _join(
    results: Iterator[tuple[_GameRows, list[float], list[float]]],
    width: int,
    on_game: Callable[[int, int], None] | None,
    total: int,
) -> Samples:
    indptr = [0]
    indices: list[np.ndarray] = []
    values: list[np.ndarray] = []
    extras: list[list[float]] = []
    margin: list[float] = []
    win: list[float] = []
    game: list[int] = []
    players: list[int] = []
    for g, (rows, m, w) in enumerate(results):
        for obs, ex, q in zip(rows.obs, rows.extras, rows.seats, strict=True):
            nz = np.flatnonzero(obs)
            indices.append(nz.astype(np.int16))
            values.append(obs[nz])
            indptr.append(indptr[-1] + len(nz))
            extras.append(ex)
            margin.append(m[q])
            win.append(w[q])
            game.append(g)
            players.append(rows.players)
        if on_game is not None:
            on_game(g + 1, total)
    return Samples(
        np.array(indptr, dtype=np.int64),
        np.concatenate(indices) if indices else np.zeros(0, dtype=np.int16),
        np.concatenate(values) if values else np.zeros(0, dtype=np.float32),
        np.array(extras, dtype=np.float32).reshape(-1, len(EXTRA_FEATURES)),
        np.array(margin, dtype=np.float32),
        np.array(win, dtype=np.float32),
        np.array(game, dtype=np.int32),
        np.array(players, dtype=np.int8),
        width,
    )


def split_by_game(samples: Samples, holdout: float, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Row indices of the training and held-out sets: whole games are held out, never part of one."""
    games = np.unique(samples.game)
    rng = np.random.default_rng(seed)
    held = set(rng.choice(games, size=max(1, round(holdout * len(games))), replace=False).tolist())
    mask = np.array([g in held for g in samples.game.tolist()], dtype=bool)
    return np.flatnonzero(~mask), np.flatnonzero(mask)


def describe(cfg: DataConfig) -> str:
    """The configuration in a line, for the model's note (and to tell kept samples from stale ones: it
    names the hand-written estimate's weights the samples' extras and the greedy bots were made with)."""
    weights = hashlib.blake2b(repr(DEFAULT_WEIGHTS).encode(), digest_size=4).hexdigest()
    return (
        f"{cfg.games} games per player count {list(cfg.players)}, seeds {cfg.first_seed}..{cfg.first_seed + cfg.games - 1}, "
        f"bot {cfg.bot}, one decision in {cfg.every}, explore {cfg.explore}, estimate weights {weights}"
    )


def player_counts(values: Sequence[int]) -> tuple[int, ...]:
    """Validated player counts (1-4; the model is not trained on 5-player P&P games)."""
    out = tuple(sorted(set(values)))
    if not out or any(not 1 <= p <= 4 for p in out):
        raise ValueError(f"player counts must be 1-4, got {list(values)}")
    return out
