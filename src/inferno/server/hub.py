"""The live-update hub: every live connection of a game waits on its own queue, and is woken after each
change of the game (here or, on a shared database, in another process); the game's bot turns, the
turn clocks' watch and who is at the table are started from here too."""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from typing import Any

import anyio

from inferno.i18n import SERVER
from inferno.server import presence
from inferno.server.botpool import BotPool, PoolStopped
from inferno.server.errors import ErrorCode, Refused
from inferno.server.service import GameService
from inferno.server.settings import MAX_SOCKETS_PER_GAME
from inferno.server.tables import expired

log = logging.getLogger("inferno.server")
_ = SERVER.gettext
# The live connection whose message is being answered (set in its reading task, and so in the threads
# that task runs work in): a change it makes does not wake it, since its answer carries the new state.
ANSWERING: contextvars.ContextVar[asyncio.Queue[None] | None] = contextvars.ContextVar("answering", default=None)

SETTLE_SECONDS = 5.0  # a page closed this long (not a reload) shows its player's absence in the views


class Hub:
    """Live-update fan-out: every WebSocket of a game waits on its own queue; bot turns start here too."""

    def __init__(self, service: GameService, bot_delay: float, pool: BotPool) -> None:
        self.service = service
        self.bot_delay = bot_delay
        self.pool = pool
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queues: dict[str, set[asyncio.Queue[None]]] = {}
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.chores: set[asyncio.Task[None]] = set()  # small background jobs (kept so they are not collected)
        self.live_from: dict[str, int] = {}  # live connections open per client address
        self.stopping = False  # the server is stopping: no more bot turns

    def changed(self, game_id: str) -> None:
        """Called from any thread after a game changed."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        answering = ANSWERING.get()
        # The wake runs in a context of its own: what it starts (the game's bots) must not inherit the
        # answering connection, or their moves would not wake it.
        try:
            here = asyncio.get_running_loop() is loop
        except RuntimeError:  # another thread
            here = False
        if here:
            loop.call_soon(self._notify, game_id, answering, context=contextvars.Context())
        else:
            loop.call_soon_threadsafe(self._notify, game_id, answering, context=contextvars.Context())

    def _notify(self, game_id: str, answering: asyncio.Queue[None] | None = None) -> None:
        self._wake(game_id, answering)
        self.start_bots(game_id)

    def _wake(self, game_id: str, answering: asyncio.Queue[None] | None = None) -> None:
        """Wake every live connection of the game but ``answering`` (whose answer sends the change)."""
        for q in self.queues.get(game_id, ()):
            if q is not answering and q.empty():
                q.put_nowait(None)

    def changed_elsewhere(self, game_id: str, _version: int) -> None:
        """Called from the listener thread when another process changed a game: wake its sockets here
        (they read it from the database first)."""
        self.service.changed_elsewhere(game_id)
        if self.loop is not None and not self.loop.is_closed() and game_id in self.queues:
            self.loop.call_soon_threadsafe(self._wake, game_id)

    async def adopt_orphans(self, every: float) -> None:
        """Now and then, take over the bots of games whose process stopped renewing its claim (it died)."""
        while True:
            await asyncio.sleep(every)
            try:
                orphans = await anyio.to_thread.run_sync(self.service.storage.orphaned_bot_games, time.time())
                for gid in orphans:
                    task = self.bot_tasks.get(gid)
                    if task is not None and not task.done():
                        continue
                    try:
                        await anyio.to_thread.run_sync(self.service.fresh, gid)
                    except Refused:
                        continue
                    self.start_bots(gid)
            except Exception:  # the database may be away for a moment; try again later
                log.exception("looking for games whose bots nobody runs failed")

    async def watch_clocks(self, every: float) -> None:
        """Now and then, let a bot take over the seats whose turn clock ran out (any process may)."""
        while True:
            await asyncio.sleep(every)
            try:
                for gid in await anyio.to_thread.run_sync(expired, self.service.storage, self.service.now()):
                    await anyio.to_thread.run_sync(self.service.time_out, gid)
            except Exception:  # the database may be away for a moment; try again later
                log.exception("checking the turn clocks failed")

    def start_bots(self, game_id: str) -> None:
        task = self.bot_tasks.get(game_id)
        if self.stopping:
            return
        if (task is None or task.done()) and self.service.bot_to_move(game_id):
            self.bot_tasks[game_id] = asyncio.create_task(self._run_bots(game_id))

    async def _run_bots(self, game_id: str) -> None:
        """Bots think in the worker pool (never on the request path); their choices are applied here."""
        try:
            while self.service.bot_to_move(game_id):
                await asyncio.sleep(self.bot_delay)
                turn = await anyio.to_thread.run_sync(self.service.bot_request, game_id)
                if turn is None:
                    break
                a = await self.pool.choose(game_id, turn.bot, turn.seed, turn.view, turn.actions)
                await anyio.to_thread.run_sync(self.service.bot_answer, turn, a)
        except (Refused, PoolStopped):  # the game was deleted meanwhile, or the server is stopping
            pass
        except Exception:  # a bot bug must not take the server down
            log.exception("bot runner for game %s stopped", game_id)
        if not self.service.bot_to_move(game_id):
            self.pool.forget(game_id)

    def seat_present(self, game_id: str, seat: int, present: bool) -> None:
        """A page of the seat's game opened (``present``) or closed. Once the seat's last page has stayed
        closed a few seconds, every view says anew when a vote that its player has left may open, and again
        when a page opens; on a shared database the other processes are told when the last one closed."""
        p = self.service.presence
        if present:
            if p.opened(game_id, seat):
                self._chore(self.service.presence_changed, game_id)
            return
        now = self.service.now()
        if not p.closed(game_id, seat, now):
            return
        if self.service.shared:
            self._chore(presence.write_seen, self.service.storage, [(game_id, seat)], now)
        settle = min(SETTLE_SECONDS, self.service.away.gone_seconds / 2)
        if self.loop is not None:
            self.loop.call_later(settle, self._settled, game_id, seat, now)

    def _settled(self, game_id: str, seat: int, left: float) -> None:
        if self.service.presence.settle(game_id, seat, left):
            self._chore(self.service.presence_changed, game_id)

    def _chore(self, fn: Any, *args: Any) -> None:
        """Run ``fn(*args)`` in a thread, in the background (a failure is logged)."""
        task = asyncio.create_task(self._quietly(anyio.to_thread.run_sync, fn, *args))
        self.chores.add(task)
        task.add_done_callback(self.chores.discard)

    async def note_presence(self, every: float) -> None:
        """On a shared database, note now and then which seats have a page open here (for the others)."""
        while True:
            await asyncio.sleep(every)
            await self._quietly(
                anyio.to_thread.run_sync,
                presence.write_seen,
                self.service.storage,
                self.service.presence.open_seats(),
                self.service.now(),
            )

    @staticmethod
    async def _quietly(fn: Any, *args: Any) -> None:
        try:
            await fn(*args)
        except Exception:  # the database may be away for a moment; the next change tries again
            log.exception("noting who is at the table failed")

    def stop(self) -> None:
        """The server is stopping: the bots' turns in flight are cut (their games resume at the next start)."""
        self.stopping = True
        for task in [*self.bot_tasks.values(), *self.chores]:
            task.cancel()

    def forget_finished_tasks(self) -> None:
        for gid in [g for g, task in self.bot_tasks.items() if task.done()]:
            del self.bot_tasks[gid]

    def live_opened(self, address: str, cap: int) -> bool:
        """Count a live connection from ``address`` in, unless it holds ``cap`` already (then False)."""
        n = self.live_from.get(address, 0)
        if n >= cap:
            return False
        self.live_from[address] = n + 1
        return True

    def live_closed(self, address: str) -> None:
        n = self.live_from.get(address, 0) - 1
        if n > 0:
            self.live_from[address] = n
        else:
            self.live_from.pop(address, None)

    def subscribe(self, game_id: str) -> asyncio.Queue[None]:
        if len(self.queues.get(game_id, ())) >= MAX_SOCKETS_PER_GAME:
            raise Refused(ErrorCode.RATE_LIMITED, _("too many live connections to this game"))
        q: asyncio.Queue[None] = asyncio.Queue(maxsize=1)
        self.queues.setdefault(game_id, set()).add(q)
        return q

    def unsubscribe(self, game_id: str, q: asyncio.Queue[None]) -> None:
        qs = self.queues.get(game_id)
        if qs is not None:
            qs.discard(q)
            if not qs:
                del self.queues[game_id]
