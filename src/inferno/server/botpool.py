"""Bot thinking and hints away from the request path: a bounded pool of worker processes with CPU budgets.

A bot decision is sent to a worker process as the bot's own view (plain JSON types, never the full
state) and the legal actions; the worker answers with the index of the chosen action and the CPU time
it spent. A hint goes the same way: the deciding seat's own view, and the worker answers with the
hint. The pool has a fixed number of workers (the server-wide budget: bots and hints never use more
cores than that, and requests are served by the main process meanwhile); each game also has a CPU
budget, a bucket of thinking seconds that refills with time, which its bots and its hints wait on when
it is empty; a decision that takes longer than its time limit is replaced by a random legal action.

Workers are handed out in order (``Slots``): every bot decision waiting goes before any hint, so hints
come later when the pool is busy and never hold up another table's bots; with two workers or more,
hints hold one fewer than all of them at once. A seat has one hint in flight at most, and the pool a
bounded number waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import multiprocessing
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from inferno.i18n import SERVER, language, use_language
from inferno.review.hints import HintError
from inferno.rules.actions import Act, Action
from inferno.server.defaults import BOT_GAME_CPU, BOT_WORKERS
from inferno.server.errors import ErrorCode, Refused

log = logging.getLogger("inferno.server")
_ = SERVER.gettext


@dataclass(frozen=True, slots=True)
class BotBudget:
    """How much thinking bots may do."""

    workers: int = BOT_WORKERS  # worker processes (0: one fewer than the machine's cores, at least one)
    decision_seconds: float = 10.0  # wall-clock limit of one decision; then a random legal action is played
    hint_seconds: float = 30.0  # wall-clock limit of one hint's work (a player waits for it; no game does)
    game_cpu_per_second: float = BOT_GAME_CPU  # a game's bots earn this many CPU seconds per second ...
    game_cpu_burst: float = 30.0  # ... and may save up at most this many
    max_hints: int = 64  # hints waiting or being worked out at once, in all (one per seat at most)

    def worker_count(self) -> int:
        return self.workers if self.workers > 0 else max(1, (os.cpu_count() or 2) - 1)

    def hint_workers(self) -> int:
        """Workers hints may hold at once: all but one, so bots always have one (all of one)."""
        return max(1, self.worker_count() - 1)


class Job(IntEnum):
    """What a worker is asked to do; a smaller number goes first."""

    BOT = 0
    HINT = 1


class PoolStopped(Exception):
    """The pool was closed (the server is stopping) before the work was done."""


def in_language(lang: str, fn: Callable[..., tuple[Any, float]], *args: Any) -> tuple[Any, float]:
    """Run in a worker: ``fn(*args)`` with its words in ``lang`` (a worker process does not share the
    request's context, and so not its player's language)."""
    with use_language(lang):
        return fn(*args)


def advise(view: dict[str, Any], seed: int) -> tuple[dict[str, Any], float]:
    """Run in a worker: the hint for the deciding seat of ``view`` (its own view), and the CPU seconds spent."""
    from inferno.review.hints import make_hint
    from inferno.rules.pack import load_rules
    from inferno.rules.serialize import state_from_dict

    start = time.process_time()
    cfg = view.get("config") or {}
    state = state_from_dict(view, load_rules(cfg.get("rules_dir")))
    return make_hint(state, seed).to_dict(), time.process_time() - start


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


class Slots:
    """The pool's workers, handed out in order: every bot decision waiting before any hint, first come
    first served within each kind; hints hold at most ``hint_workers`` at once."""

    def __init__(self, workers: int, hint_workers: int) -> None:
        self.free = workers
        self.hint_workers = hint_workers
        self.hints_running = 0
        self._waiting: list[tuple[Job, int, asyncio.Future[None]]] = []
        self._arrivals = itertools.count()

    def waiting(self) -> int:
        return sum(1 for *_, fut in self._waiting if not fut.done())

    async def acquire(self, job: Job) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (job, next(self._arrivals), fut))
        self._grant()
        try:
            await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():  # given a worker just as it was cancelled: hand it on
                self.release(job)
            raise

    def close(self) -> None:
        """Everyone waiting gets PoolStopped (the server is stopping)."""
        waiting, self._waiting = self._waiting, []
        for *_, fut in waiting:
            if not fut.done():
                fut.set_exception(PoolStopped())

    def release(self, job: Job) -> None:
        self.free += 1
        if job is Job.HINT:
            self.hints_running -= 1
        self._grant()

    def _grant(self) -> None:
        while self._waiting and self.free > 0:
            job, _, fut = self._waiting[0]
            if fut.done():  # cancelled while it waited
                heapq.heappop(self._waiting)
                continue
            if job is Job.HINT and self.hints_running >= self.hint_workers:
                return  # only hints wait (bots come first in the heap), and they hold all they may
            heapq.heappop(self._waiting)
            self.free -= 1
            if job is Job.HINT:
                self.hints_running += 1
            fut.set_result(None)


class BotPool:
    """The worker processes (started on first use) and every game's budget. ``executor``: a stand-in for
    the worker processes (tests)."""

    def __init__(self, budget: BotBudget, executor: Callable[[], Executor] | None = None) -> None:
        self.budget = budget
        self._make_executor = executor
        self._pool: Executor | None = None
        self._games: dict[str, GameBudget] = {}
        self._slots: Slots | None = None  # a decision's time limit starts when it has a worker
        self._hints: set[tuple[str, int]] = set()  # (game, seat) of the hints waiting or being worked out
        self._stopped = False  # set by ``stop``: no more work
        self._stopping = asyncio.Event()  # set with it, for the work waiting on its game's budget

    def _executor(self) -> Executor:
        if self._stopped:
            raise PoolStopped()
        if self._pool is None:
            if self._make_executor is not None:
                self._pool = self._make_executor()
            else:
                # "spawn": the server process has threads and open database connections; fork would copy them.
                self._pool = ProcessPoolExecutor(
                    max_workers=self.budget.worker_count(),
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_start,
                    initargs=(os.getpid(),),
                )
        return self._pool

    def slots(self) -> Slots:
        if self._slots is None:
            self._slots = Slots(self.budget.worker_count(), self.budget.hint_workers())
        return self._slots

    def game_budget(self, game_id: str) -> GameBudget:
        gb = self._games.get(game_id)
        if gb is None:
            gb = self._games[game_id] = GameBudget(self.budget)
        return gb

    def forget(self, game_id: str) -> None:
        self._games.pop(game_id, None)

    async def run(self, game_id: str, job: Job, fn: Callable[..., tuple[Any, float]], *args: Any) -> Any:
        """``fn(*args)`` worked out in a worker (it returns its answer and the CPU seconds it spent), once the
        game's budget allows and a worker is free for ``job``; the CPU is spent from the game's budget.
        Raises TimeoutError past the time limit (the worker finishes in the background), PoolStopped if
        the pool is closed meanwhile, and whatever ``fn`` raised."""
        gb = self.game_budget(game_id)
        wait = gb.wait_needed()
        if wait > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), timeout=wait)  # the budget, or the server stops
        if self._stopped:
            raise PoolStopped()
        slots = self.slots()
        await slots.acquire(job)
        started = time.monotonic()
        try:
            fut = asyncio.wrap_future(self._executor().submit(fn, *args))
        except Exception:
            slots.release(job)
            raise
        fut.add_done_callback(lambda _f: _finished(slots, job, _f))  # the worker is free only when it has finished
        try:
            limit = self.budget.hint_seconds if job is Job.HINT else self.budget.decision_seconds
            # asyncio.wait leaves the work running past the time limit or the caller's cancellation, as
            # wait_for(shield(...)) did; since Python 3.14 a shield left behind logs the work's error.
            done, _running = await asyncio.wait((fut,), timeout=limit)
            if not done:
                raise TimeoutError
            answer, cpu = fut.result()
        except TimeoutError:
            gb.spend(time.monotonic() - started)
            raise
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if fut.cancelled() and (task is None or not task.cancelling()):
                raise PoolStopped() from None  # the pool dropped the work, not our caller
            raise
        except BrokenProcessPool:
            if self._stopped:  # its workers were ended (Ctrl-C reaches them too) because the server stops
                raise PoolStopped() from None
            raise
        gb.spend(cpu)
        return answer

    async def choose(
        self, game_id: str, bot: str, seed: int, view: dict[str, Any], actions: Sequence[Action]
    ) -> Action:
        """The bot's choice, thought out in a worker within the game's budget and the decision's time limit."""
        plain = [(int(a.kind), a.a, a.b) for a in actions]
        try:
            idx = await self.run(game_id, Job.BOT, think, bot, seed, view, plain)
        except TimeoutError:
            # The worker finishes that decision in the background; the game goes on without it.
            log.warning("a %s bot in game %s took too long; it plays a random legal action", bot, game_id)
            return actions[random.Random(seed).randrange(len(actions))]
        except PoolStopped:
            raise
        except Exception as exc:  # a broken bot or worker must not stall the game
            log.error("a %s bot in game %s failed (%s); it plays a random legal action", bot, game_id, exc)
            if isinstance(exc, BrokenProcessPool):
                self.close()
            return actions[random.Random(seed).randrange(len(actions))]
        return actions[int(idx)]

    async def hint(self, game_id: str, seat: int, view: dict[str, Any], seed: int) -> dict[str, Any]:
        """The hint for ``seat`` from its own ``view``, worked out in a worker after every bot waiting; one
        per seat at a time. Refused (429) when the seat has one in flight or too many are waiting."""
        key = (game_id, seat)
        if key in self._hints:
            raise Refused(ErrorCode.RATE_LIMITED, _("your last hint is still being worked out; it comes shortly"))
        if len(self._hints) >= self.budget.max_hints:
            raise Refused(
                ErrorCode.RATE_LIMITED, _("the server is busy working out other hints; ask again in a minute")
            )
        self._hints.add(key)
        try:
            answer: dict[str, Any] = await self.run(game_id, Job.HINT, in_language, language(), advise, view, seed)
        except TimeoutError:
            raise Refused(
                ErrorCode.RATE_LIMITED, _("the server is busy and the hint took too long; ask again")
            ) from None
        except PoolStopped:
            raise Refused(ErrorCode.RATE_LIMITED, _("the server is stopping; ask again when it is back")) from None
        except HintError as exc:
            raise Refused(ErrorCode.BAD_REQUEST, str(exc)) from None
        except BrokenProcessPool:
            self.close()
            raise Refused(ErrorCode.RATE_LIMITED, _("the hint could not be worked out; ask again")) from None
        finally:
            self._hints.discard(key)
        return answer

    def close(self) -> None:
        """Let the workers go (new ones start when next needed)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def stop(self) -> None:
        """No more work (the server is stopping): whatever waits for a worker gets PoolStopped, work not
        started is dropped, and the workers are let go (``end_workers`` ends one that is thinking)."""
        self._stopped = True
        self._stopping.set()
        if self._slots is not None:
            self._slots.close()
        self.close()


def _finished(slots: Slots, job: Job, fut: asyncio.Future[Any]) -> None:
    """A worker's answer has come: free its slot, and mark its outcome as read. A caller still waiting reads
    it too; one gone (time limit, server stopping) wants none, and asyncio would log an error nobody read."""
    slots.release(job)
    if not fut.cancelled():
        fut.exception()


def end_workers(grace: float = 1.0) -> int:
    """End this process's worker processes (bots, hints, reviews) at once: a decision being thought out is
    cut, and its game resumes when the server starts again. Returns how many were ended."""
    workers = multiprocessing.active_children()
    for w in workers:
        w.terminate()
    for w in workers:
        w.join(grace)
        if w.is_alive():
            w.kill()
            w.join(grace)
    return len(workers)
