"""Bot thinking away from the request path: a bounded pool of worker processes with CPU budgets.

A bot decision is sent to a worker process as the bot's own view (plain JSON types, never the full
state) and the legal actions; the worker answers with the index of the chosen action and the CPU time
it spent. The pool has a fixed number of workers (the server-wide budget: bots never use more cores
than that, and requests are served by the main process meanwhile); each game also has a CPU budget,
a bucket of thinking seconds that refills with time, and its bots wait when it is empty; a decision
that takes longer than its time limit is replaced by a random legal action.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import signal
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from inferno.rules.actions import Act, Action

log = logging.getLogger("inferno.server")


@dataclass(frozen=True, slots=True)
class BotBudget:
    """How much thinking bots may do."""

    workers: int = 0  # worker processes (0: one fewer than the machine's cores, at least one)
    decision_seconds: float = 10.0  # wall-clock limit of one decision; then a random legal action is played
    game_cpu_per_second: float = 0.5  # a game's bots earn this many CPU seconds per second ...
    game_cpu_burst: float = 30.0  # ... and may save up at most this many

    def worker_count(self) -> int:
        return self.workers if self.workers > 0 else max(1, (os.cpu_count() or 2) - 1)


def think(bot: str, seed: int, view: dict[str, Any], actions: list[tuple[int, int, int]]) -> tuple[int, float]:
    """Run in a worker: the index of the action ``bot`` chooses from ``view``, and the CPU seconds spent."""
    from inferno.bots.base import make_bot
    from inferno.rules.pack import load_rules
    from inferno.rules.serialize import state_from_dict

    start = time.process_time()
    cfg = view.get("config") or {}
    state = state_from_dict(view, load_rules(cfg.get("rules_dir")))
    acts = [Action(Act(k), a, b) for k, a, b in actions]
    choice = make_bot(bot, seed).choose(state, acts)
    return acts.index(choice), time.process_time() - start


class GameBudget:
    """One game's bucket of CPU seconds for its bots."""

    def __init__(self, budget: BotBudget) -> None:
        self.budget = budget
        self.seconds = budget.game_cpu_burst
        self.at = time.monotonic()

    def refill(self) -> float:
        now = time.monotonic()
        b = self.budget
        self.seconds = min(b.game_cpu_burst, self.seconds + (now - self.at) * b.game_cpu_per_second)
        self.at = now
        return self.seconds

    def wait_needed(self) -> float:
        """Seconds to wait before the next decision may start (0 if there is budget left)."""
        left = self.refill()
        return 0.0 if left > 0 else (-left + 0.01) / self.budget.game_cpu_per_second

    def spend(self, cpu_seconds: float) -> None:
        self.refill()
        self.seconds -= cpu_seconds


def _worker_start(server_pid: int) -> None:
    """A bot worker leaves Ctrl-C to the server, which stops it (so pressing it in the terminal prints no
    traceback from a worker that was thinking), and ends itself if the server dies without stopping it
    (kill -9): no worker outlives its server."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == server_pid:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()


class BotPool:
    """The worker processes (started on first use) and every game's budget."""

    def __init__(self, budget: BotBudget) -> None:
        self.budget = budget
        self._pool: ProcessPoolExecutor | None = None
        self._games: dict[str, GameBudget] = {}
        self._slots: asyncio.Semaphore | None = None  # one per worker: a decision's time limit starts when it runs

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # "spawn": the server process has threads and open database connections; fork would copy them.
            ctx = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                max_workers=self.budget.worker_count(),
                mp_context=ctx,
                initializer=_worker_start,
                initargs=(os.getpid(),),
            )
        return self._pool

    def game_budget(self, game_id: str) -> GameBudget:
        gb = self._games.get(game_id)
        if gb is None:
            gb = self._games[game_id] = GameBudget(self.budget)
        return gb

    def forget(self, game_id: str) -> None:
        self._games.pop(game_id, None)

    async def choose(
        self, game_id: str, bot: str, seed: int, view: dict[str, Any], actions: Sequence[Action]
    ) -> Action:
        """The bot's choice, thought out in a worker within the game's budget and the decision's time limit."""
        gb = self.game_budget(game_id)
        wait = gb.wait_needed()
        if wait > 0:
            await asyncio.sleep(wait)
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.budget.worker_count())
        slots = self._slots
        plain = [(int(a.kind), a.a, a.b) for a in actions]
        await slots.acquire()  # waiters are served first come, first served: games take turns
        started = time.monotonic()
        try:
            fut = asyncio.wrap_future(self._executor().submit(think, bot, seed, view, plain))
        except Exception:
            slots.release()
            raise
        fut.add_done_callback(lambda _f: slots.release())  # the worker is free only when it has finished
        try:
            idx, cpu = await asyncio.wait_for(asyncio.shield(fut), timeout=self.budget.decision_seconds)
        except TimeoutError:
            # The worker finishes that decision in the background; the game goes on without it.
            log.warning("a %s bot in game %s took too long; it plays a random legal action", bot, game_id)
            gb.spend(time.monotonic() - started)
            return actions[random.Random(seed).randrange(len(actions))]
        except Exception as exc:  # a broken bot or worker must not stall the game
            log.error("a %s bot in game %s failed (%s); it plays a random legal action", bot, game_id, exc)
            if isinstance(exc, BrokenProcessPool):
                self.close()
            return actions[random.Random(seed).randrange(len(actions))]
        gb.spend(cpu)
        return actions[idx]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
