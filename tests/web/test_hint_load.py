"""Hints are worked out in the bot pool, never in the server process: every bot decision waiting goes
before any hint, a seat has one hint in flight at most, and a server answering many hints spends
almost none of their CPU itself (counted, not timed)."""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from inferno.server import botpool
from inferno.server.botpool import BotBudget, BotPool, Job, Slots
from inferno.server.errors import ErrorCode, Refused
from tests.web.helpers import create, state, tok, wait_for
from tests.web.server_process import ServerProcess


def test_every_bot_waiting_goes_before_any_hint_and_hints_leave_a_worker_to_bots() -> None:
    """One worker, busy: 32 hints and then a bot decision queue up; the bot is next. With three workers,
    hints hold two at most, and a bot arriving behind 32 hints gets the third at once."""

    async def scenario(workers: int) -> tuple[list[str], int]:
        slots = Slots(workers, BotBudget(workers=workers).hint_workers())
        order: list[str] = []

        async def take(job: Job, name: str) -> None:
            await slots.acquire(job)
            order.append(name)

        for _ in range(workers if workers == 1 else 0):
            await slots.acquire(Job.BOT)  # the one worker is busy
        hints = [asyncio.create_task(take(Job.HINT, f"hint{i}")) for i in range(32)]
        await asyncio.sleep(0)
        bot = asyncio.create_task(take(Job.BOT, "bot"))
        await asyncio.sleep(0)
        started_before_release = len(order)
        if workers == 1:
            slots.release(Job.BOT)
            await asyncio.sleep(0)
        await bot
        for t in hints:
            t.cancel()
        return order, started_before_release

    order, _ = asyncio.run(scenario(1))
    assert order == ["bot"]  # the bot waited for the job running only, not for the 32 hints queued
    order, started = asyncio.run(scenario(3))
    assert order[:2] == ["hint0", "hint1"] and order[2] == "bot" and started == 3


def test_a_seat_has_one_hint_in_flight_and_the_pool_a_bounded_number(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    worked: list[int] = []

    def slow_advise(view: dict[str, Any], seed: int) -> tuple[dict[str, Any], float]:
        release.wait(10)
        worked.append(seed)
        return {"options": [], "seed": seed}, 0.01

    monkeypatch.setattr(botpool, "advise", slow_advise)
    pool = BotPool(BotBudget(workers=1, max_hints=2), executor=lambda: ThreadPoolExecutor(1))

    async def scenario() -> list[Any]:
        first = asyncio.create_task(pool.hint("g", 0, {}, 1))
        await asyncio.sleep(0.01)
        refused = []
        for game, seat in (("g", 0), ("g", 0)):
            try:
                await pool.hint(game, seat, {}, 2)
            except Refused as exc:
                refused.append(exc)
        second = asyncio.create_task(pool.hint("g", 1, {}, 3))  # another seat queues behind
        await asyncio.sleep(0.01)
        try:
            await pool.hint("h", 0, {}, 4)  # a third hint: over the pool's bound
        except Refused as exc:
            refused.append(exc)
        release.set()
        return [*refused, await first, await second]

    try:
        *refused, first, second = asyncio.run(scenario())
    finally:
        pool.close()
    assert [r.code for r in refused] == [ErrorCode.RATE_LIMITED] * 3
    assert "still being worked out" in refused[0].message and "busy" in refused[2].message
    assert first["seed"] == 1 and second["seed"] == 3 and worked == [1, 3]


def test_a_hint_may_think_longer_than_a_bot_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot's decision is cut off at ``decision_seconds`` (the game must go on); a hint, which only its
    player waits for, has its own longer limit (``hint_seconds``), and past it the player is told."""

    def advise_in(seconds: float) -> Callable[[dict[str, Any], int], tuple[dict[str, Any], float]]:
        def advise(view: dict[str, Any], seed: int) -> tuple[dict[str, Any], float]:
            threading.Event().wait(seconds)
            return {"options": [], "seed": seed}, seconds

        return advise

    budget = BotBudget(workers=1, decision_seconds=0.05, hint_seconds=2.0)
    monkeypatch.setattr(botpool, "advise", advise_in(0.3))
    pool = BotPool(budget, executor=lambda: ThreadPoolExecutor(1))
    try:
        assert asyncio.run(pool.hint("g", 0, {}, 7))["seed"] == 7
    finally:
        pool.close()
    monkeypatch.setattr(botpool, "advise", advise_in(0.3))
    pool = BotPool(
        BotBudget(workers=1, decision_seconds=5.0, hint_seconds=0.05), executor=lambda: ThreadPoolExecutor(1)
    )
    try:
        with pytest.raises(Refused, match="took too long"):
            asyncio.run(pool.hint("g", 0, {}, 7))
    finally:
        pool.close()


def _cpu_ticks(pid: int) -> int:
    fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def _children(pid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if int((d / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(d.name))
            except OSError:
                continue
    return out


def _in_threads(fns: list[Callable[[], Any]]) -> list[Any]:
    out: list[Any] = [None] * len(fns)

    def run(i: int) -> None:
        out[i] = fns[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(fns))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return out


def test_a_server_under_hint_load_leaves_their_work_to_the_pool_and_its_bots_play_on(tmp_path: Path) -> None:
    """Twelve solo games ask for a hint at once beside a bot table: every hint is answered, and the server
    process itself spends a small part of the CPU the workers spend on them."""
    srv = ServerProcess(tmp_path / "hints.db", bot_delay=0.0, read_rate=100_000, extra=["--bot-workers", "1"])
    srv.start()
    assert srv.proc is not None
    try:
        with httpx.Client(base_url=srv.url, timeout=120) as c:
            solos = [create(c, [{"kind": "human"}], seed=i) for i in range(12)]
            busy = create(c, [{"kind": "bot", "bot": "greedy"}] * 2, seed=3)
            wait_for(lambda: state(c, busy["game"], busy["spectator"]["token"])["version"] >= 2, timeout=60)
            asks = []
            for g in solos:
                t = g["seats"][0]["token"]
                asks.append((g["game"], t, state(c, g["game"], t)["version"]))
            workers = _children(srv.proc.pid)
            server_before = _cpu_ticks(srv.proc.pid)
            workers_before = sum(_cpu_ticks(w) for w in workers)
            bot_before = state(c, busy["game"], busy["spectator"]["token"])["version"]

            def ask(game: str, token: str, version: int) -> int:
                with httpx.Client(base_url=srv.url, timeout=120) as h:
                    r = h.post(f"/api/games/{game}/hint", json={"version": version}, headers=tok(token))
                    return r.status_code

            codes = _in_threads([functools.partial(ask, *a) for a in asks])
            server_spent = _cpu_ticks(srv.proc.pid) - server_before
            workers_spent = sum(_cpu_ticks(w) for w in workers if (Path("/proc") / str(w)).exists()) - workers_before
            assert codes == [200] * 12
            assert workers_spent > 0 and server_spent < 0.5 * workers_spent, (server_spent, workers_spent)
            assert state(c, busy["game"], busy["spectator"]["token"])["version"] > bot_before  # bots played on
    finally:
        srv.stop()
    assert "Traceback" not in srv.log.read_text()
