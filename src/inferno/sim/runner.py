"""Run a simulation: seeds to records, on local worker processes or Ray, streamed to a file.

Records are written in the order of the seeds whatever the back end or number of workers, and
games already in the file are skipped, so an interrupted run resumed gives the same file as an
uninterrupted one.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from pathlib import Path

from inferno.rules.pack import load_rules
from inferno.sim.game import SimConfig, play_one
from inferno.sim.record import GameSummary
from inferno.sim.writers import SimFileError, open_sink


class Backend(StrEnum):
    LOCAL = "local"
    RAY = "ray"


@dataclass(frozen=True, slots=True)
class RunReport:
    """What a run did: games asked for, found already done in the file, and played now."""

    requested: int
    already_done: int
    played: int


def local_cores() -> int:
    """CPU cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def batch_size(games: int, workers: int) -> int:
    """Games per task: large enough to keep IPC cheap, small enough for a smooth progress bar."""
    return max(1, min(32, games // (workers * 16)))


def local_results(cfg: SimConfig, seeds: Sequence[int], workers: int) -> Generator[GameSummary, None, None]:
    """Records of ``seeds`` in order, played in this process (1 worker) or a pool of processes."""
    if workers <= 1 or len(seeds) <= 1:
        for seed in seeds:
            yield play_one(cfg, seed)
        return
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(min(workers, len(seeds))) as pool:
        yield from pool.imap(partial(play_one, cfg), seeds, chunksize=batch_size(len(seeds), workers))


def check_compatible(cfg: SimConfig, existing: Sequence[GameSummary], path: Path) -> None:
    """Refuse to add to a file whose games were played with another configuration (one file, one config)."""
    side = cfg.resolved_side()
    fingerprint = load_rules(cfg.rules_dir).fingerprint
    for r in existing:
        want = (cfg.players, side, fingerprint, cfg.lineup(r.seed))
        have = (r.players, r.side, r.rules, r.bots)
        if have != want:
            raise SimFileError(
                f"{path}: game {r.seed} was played as {have}, this run would play it as {want}; "
                "use another file or --overwrite"
            )


def run_simulation(
    cfg: SimConfig,
    seeds: Sequence[int],
    out: Path,
    *,
    workers: int | None = None,
    backend: Backend = Backend.LOCAL,
    address: str | None = None,
    overwrite: bool = False,
    on_start: Callable[[int, int], None] | None = None,
    on_record: Callable[[GameSummary], None] | None = None,
) -> RunReport:
    """Play the games of ``seeds`` not yet in ``out`` and append their records to it.

    ``on_start(already_done, to_play)`` is called once before playing, ``on_record`` after each
    record is written.
    """
    workers = workers or local_cores()
    wanted = list(dict.fromkeys(seeds))
    sink = open_sink(Path(out), overwrite)
    try:
        check_compatible(cfg, sink.existing, Path(out))
        done = {r.seed for r in sink.existing}
        todo = [s for s in wanted if s not in done]
        if on_start is not None:
            on_start(len(wanted) - len(todo), len(todo))
        if backend is Backend.RAY:
            from inferno.sim.ray_backend import ray_results

            results = ray_results(cfg, todo, address, batch_size(len(todo), workers), num_cpus=workers)
        else:
            results = local_results(cfg, todo, workers)
        with contextlib.closing(results):
            for rec in results:
                sink.write(rec)
                if on_record is not None:
                    on_record(rec)
    except BaseException:
        sink.close()
        raise
    sink.finish()
    return RunReport(len(wanted), len(wanted) - len(todo), len(todo))
