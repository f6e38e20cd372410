"""The ASGI application: the server's rooms put together (``lobby_routes``, ``table_routes``,
``live_routes``, ``review_routes``, ``tutorial_routes``), with the background work a running server does (bots resumed,
games swept from memory, turn clocks watched, other processes' changes heard)."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any

import anyio
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import Receive, Scope, Send

from inferno.i18n import SERVER, use_language
from inferno.server import (
    first_game_routes,
    i18n_routes,
    live_routes,
    lobby_routes,
    review_routes,
    story_routes,
    table_routes,
    tutorial_routes,
)
from inferno.server.botpool import BotPool
from inferno.server.context import Rooms
from inferno.server.errors import STATUS, ErrorCode, Refused
from inferno.server.gate import Gate
from inferno.server.hot_routes import HotRoutes, hot
from inferno.server.hub import Hub
from inferno.server.limits import BodySizeLimit, SecurityHeaders
from inferno.server.service import GameService
from inferno.server.settings import ServerSettings
from inferno.server.storage import Storage

log = logging.getLogger("inferno.server")
_ = SERVER.gettext


class InfernoApp(FastAPI):
    """The FastAPI app, with the two hot routes (a seat's state and its action) answered in front of its
    stack when well-formed (``hot_routes``)."""

    hot_routes: HotRoutes | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = hot(scope) if self.hot_routes is not None else None
        if found is None or self.hot_routes is None:
            await super().__call__(scope, receive, send)
        else:
            await self.hot_routes.serve(scope, receive, send, found, super().__call__)


def create_app(settings: ServerSettings | None = None, storage: Storage | None = None) -> FastAPI:
    """Build the app; games are loaded from storage (and bots resumed) when it starts."""
    settings = settings or ServerSettings()
    store = storage or Storage(settings.database_url)
    service = GameService(
        store,
        finished_ttl=settings.finished_ttl,
        idle_ttl=settings.idle_ttl,
        shared=settings.shared,
        bot_lease=settings.bot_lease,
        max_games=settings.max_games,
        away=settings.away,
    )
    pool = BotPool(settings.bot_budget)
    hub = Hub(service, settings.bot_delay, pool)
    service.on_change = hub.changed
    gate = Gate(service, settings)
    desk = review_routes.ReviewDesk(store, service, pool)
    first = first_game_routes.FirstGames(store)
    rooms = Rooms(settings, service, hub, gate, desk, first)

    async def stop_work() -> None:
        """The server is stopping: no more bot moves or hints (those waiting are told so), no new work for
        the worker processes."""
        hub.stop()
        pool.stop()

    app = InfernoApp(title="Inferno", lifespan=_lifespan(rooms, stop_work), docs_url=None, redoc_url=None)
    app.hot_routes = HotRoutes(rooms, settings.max_body_bytes)
    app.state.stop_work = stop_work
    app.state.service = service
    app.state.hub = hub
    app.state.review_desk = desk
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(i18n_routes.Language)  # outermost of ours: every layer answers in the player's language
    _install_errors(app)
    lobby_routes.install(app, rooms)
    table_routes.install(app, rooms)
    review_routes.install(app, desk, gate)
    first_game_routes.install(app, first, gate)
    story_routes.install(app, service, gate)
    live_routes.install(app, rooms)
    tutorial_routes.install(app, rooms)
    i18n_routes.install(app)
    return app


def _install_errors(app: FastAPI) -> None:
    """Every refusal and every bad request gets an answer in words; an unexpected error changes nothing."""

    @app.exception_handler(Refused)
    async def refused(_req: Request, exc: Refused) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=STATUS[exc.code])

    @app.exception_handler(RequestValidationError)
    async def invalid(_req: Request, exc: RequestValidationError) -> JSONResponse:
        msgs = "; ".join(f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()[:5])
        return JSONResponse({"error": ErrorCode.BAD_REQUEST.value, "message": msgs}, status_code=400)

    @app.exception_handler(Exception)
    async def crashed(req: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        with use_language(i18n_routes.scope_language(req.scope)):  # answered outside the language layer
            message = _("internal error; nothing was changed")
        return JSONResponse({"error": "internal", "message": message}, status_code=500)


async def _sweeper(rooms: Rooms) -> None:
    """Evict finished and long-idle games from memory now and then (they reload from the database),
    and delete expired ones from the database."""
    service, settings = rooms.service, rooms.settings

    def expire() -> list[str]:
        return service.expire(settings.expire_unstarted, settings.expire_abandoned)

    while True:
        await asyncio.sleep(settings.sweep_interval)
        try:
            evicted = await anyio.to_thread.run_sync(service.sweep)
            rooms.hub.forget_finished_tasks()
            service.presence.forget_before(service.now() - 86400)
            if evicted:
                log.info("evicted %d game(s) from memory", len(evicted))
            gone = await anyio.to_thread.run_sync(expire)
            if gone:
                log.info("deleted %d unstarted or abandoned game(s)", len(gone))
        except Exception:  # the sweep must never stop the server
            log.exception("cache sweep failed")


async def _resume_bots(service: GameService, resume: list[str]) -> None:
    for gid in resume:
        try:
            await anyio.to_thread.run_sync(service.session, gid)  # loading it starts its bots
        except Refused:
            continue


def _lifespan(rooms: Rooms, stop_work: Callable[[], Coroutine[Any, Any, None]]) -> Callable[[FastAPI], Any]:
    """The server's background work, from its start to its stop."""
    service, hub, settings = rooms.service, rooms.hub, rooms.settings
    store = service.storage

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        # Start-up reads no stored game but those a bot is to move in (an index finds them): every other
        # game is loaded when first asked for, and expired games are deleted by the first sweep.
        resume = await anyio.to_thread.run_sync(service.resumable)
        log.info("serving games from %s; resuming %d with a bot to move", store.url, len(resume))
        tasks = [
            asyncio.create_task(_resume_bots(service, resume)),
            asyncio.create_task(_sweeper(rooms)),
            asyncio.create_task(hub.watch_clocks(settings.clock_interval)),
        ]
        stop_listening = threading.Event()
        if service.shared:
            # Changes made by the other processes: pushed to this process's sockets, and bots adopted.
            tasks.append(asyncio.create_task(hub.adopt_orphans(max(0.2, settings.bot_lease / 3))))
            tasks.append(asyncio.create_task(hub.note_presence(max(0.2, service.away.gone_seconds / 3))))
            if store.is_postgresql:
                listener = threading.Thread(
                    target=store.listen,
                    args=(hub.changed_elsewhere, stop_listening),
                    name="inferno-listen",
                    daemon=True,
                )
                listener.start()
        yield
        stop_listening.set()
        for task in tasks:
            task.cancel()
        await stop_work()
        hub.loop = None
        rooms.desk.close()
        store.close()  # closes pooled connections; the engine reconnects if used again

    return lifespan
