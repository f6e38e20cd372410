"""The ASGI application: lobby and game API, live updates over WebSockets, the browser client."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import anyio
from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from inferno.bots.base import bot_names
from inferno.server.limits import BodySizeLimit, Rate, RateLimiter, SecurityHeaders
from inferno.server.service import (
    FINISHED_TTL,
    IDLE_TTL,
    STATUS,
    Created,
    ErrorCode,
    GameService,
    Refused,
    SeatKind,
    SeatSpec,
)
from inferno.server.storage import Storage

log = logging.getLogger("inferno.server")
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
GAME_ID = r"^[A-Za-z0-9_-]{1,32}$"
TOKEN_HEADER = "X-Inferno-Token"
Token = Annotated[str | None, Header(alias=TOKEN_HEADER, max_length=64)]


MAX_SOCKETS_PER_GAME = 64
ACTION_RATE = Rate(per_second=20, burst=60)
CREATE_RATE = Rate(per_second=2, burst=60)
# Reads (state, board, replay, "your games", opening a live connection) per client address. The client
# reads twice on a (re)load and then waits on its WebSocket; stepping through a replay is one read a step.
READ_RATE = Rate(per_second=50, burst=500)
SWEEP_INTERVAL = 60.0  # seconds between sweeps of the in-memory game cache


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """Everything ``inferno serve`` can set."""

    database_url: str | None = None
    bot_delay: float = 0.4  # seconds between bot decisions, so people can follow them
    action_rate: Rate = ACTION_RATE  # per seat token
    create_rate: Rate = CREATE_RATE  # per client address
    read_rate: Rate = READ_RATE  # per client address
    finished_ttl: float = FINISHED_TTL  # seconds a finished game stays in memory after its last request
    idle_ttl: float = IDLE_TTL  # seconds an unfinished game (no bot to move) stays in memory unused
    sweep_interval: float = SWEEP_INTERVAL
    max_body_bytes: int = 16_384
    max_ws_message: int = 4_096


# ----- request bodies: validated at the boundary -----


class SeatIn(BaseModel):
    kind: Literal["human", "bot"] = "human"
    bot: str = Field(default="random", max_length=32, pattern=r"^[a-z0-9_-]*$")
    name: str = Field(default="", max_length=24)


class CreateGameIn(BaseModel):
    seats: list[SeatIn] = Field(min_length=1, max_length=4)
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)
    side: Literal["I/II", "III/IV"] | None = None


class ActionIn(BaseModel):
    version: int = Field(ge=0, le=10_000_000)
    action: str = Field(min_length=1, max_length=80)


class UndoIn(BaseModel):
    version: int = Field(ge=0, le=10_000_000)


class MineItem(BaseModel):
    game: str = Field(pattern=GAME_ID)
    token: str = Field(min_length=1, max_length=64)


class MineIn(BaseModel):
    games: list[MineItem] = Field(max_length=100)


def created_json(c: Created, service: GameService) -> dict[str, Any]:
    sess = service.session(c.game_id)
    seats = []
    for i, (seat, tok) in enumerate(zip(sess.row.seats, c.seat_tokens, strict=True)):
        item: dict[str, Any] = {"seat": i, "kind": seat.kind, "bot": seat.bot, "name": seat.name}
        if tok is not None:
            item["token"] = tok
            item["link"] = f"/game/{c.game_id}#{tok}"
        seats.append(item)
    return {
        "game": c.game_id,
        "seats": seats,
        "spectator": {"token": c.spectator_token, "link": f"/game/{c.game_id}#{c.spectator_token}"},
    }


class Hub:
    """Live-update fan-out: every WebSocket of a game waits on its own queue; bot turns start here too."""

    def __init__(self, service: GameService, bot_delay: float) -> None:
        self.service = service
        self.bot_delay = bot_delay
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queues: dict[str, set[asyncio.Queue[None]]] = {}
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}

    def changed(self, game_id: str) -> None:
        """Called from any thread after a game changed."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._notify, game_id)

    def _notify(self, game_id: str) -> None:
        for q in self.queues.get(game_id, ()):
            if q.empty():
                q.put_nowait(None)
        self.start_bots(game_id)

    def start_bots(self, game_id: str) -> None:
        task = self.bot_tasks.get(game_id)
        if (task is None or task.done()) and self.service.bot_to_move(game_id):
            self.bot_tasks[game_id] = asyncio.create_task(self._run_bots(game_id))

    async def _run_bots(self, game_id: str) -> None:
        try:
            while self.service.bot_to_move(game_id):
                await asyncio.sleep(self.bot_delay)
                await anyio.to_thread.run_sync(self.service.bot_step, game_id)
        except Exception:  # a bot bug must not take the server down
            log.exception("bot runner for game %s stopped", game_id)

    def forget_finished_tasks(self) -> None:
        for gid in [g for g, task in self.bot_tasks.items() if task.done()]:
            del self.bot_tasks[gid]

    def subscribe(self, game_id: str) -> asyncio.Queue[None]:
        if len(self.queues.get(game_id, ())) >= MAX_SOCKETS_PER_GAME:
            raise Refused(ErrorCode.RATE_LIMITED, "too many live connections to this game")
        q: asyncio.Queue[None] = asyncio.Queue(maxsize=1)
        self.queues.setdefault(game_id, set()).add(q)
        return q

    def unsubscribe(self, game_id: str, q: asyncio.Queue[None]) -> None:
        qs = self.queues.get(game_id)
        if qs is not None:
            qs.discard(q)
            if not qs:
                del self.queues[game_id]


def create_app(settings: ServerSettings | None = None, storage: Storage | None = None) -> FastAPI:
    """Build the app; games are loaded from storage (and bots resumed) when it starts."""
    settings = settings or ServerSettings()
    store = storage or Storage(settings.database_url)
    service = GameService(store, finished_ttl=settings.finished_ttl, idle_ttl=settings.idle_ttl)
    hub = Hub(service, settings.bot_delay)
    service.on_change = hub.changed
    action_limit = RateLimiter(settings.action_rate)
    create_limit = RateLimiter(settings.create_rate)
    read_limit = RateLimiter(settings.read_rate)

    async def sweeper() -> None:
        """Evict finished and long-idle games from memory now and then (they reload from the database)."""
        while True:
            await asyncio.sleep(settings.sweep_interval)
            try:
                evicted = await anyio.to_thread.run_sync(service.sweep)
                hub.forget_finished_tasks()
                if evicted:
                    log.info("evicted %d game(s) from memory", len(evicted))
            except Exception:  # the sweep must never stop the server
                log.exception("cache sweep failed")

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        n = await anyio.to_thread.run_sync(service.load)
        log.info("loaded %d game(s) from %s", n, store.url)
        for gid in service.games_with_bot_to_move():
            hub.start_bots(gid)
        sweep_task = asyncio.create_task(sweeper())
        yield
        sweep_task.cancel()
        for task in hub.bot_tasks.values():
            task.cancel()
        hub.loop = None
        store.close()  # closes pooled connections; the engine reconnects if used again

    app = FastAPI(title="Inferno", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.service = service
    app.state.hub = hub
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(Refused)
    async def refused(_req: Request, exc: Refused) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=STATUS[exc.code])

    @app.exception_handler(RequestValidationError)
    async def invalid(_req: Request, exc: RequestValidationError) -> JSONResponse:
        msgs = "; ".join(f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()[:5])
        return JSONResponse({"error": ErrorCode.BAD_REQUEST.value, "message": msgs}, status_code=400)

    @app.exception_handler(Exception)
    async def crashed(_req: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return JSONResponse({"error": "internal", "message": "internal error; nothing was changed"}, status_code=500)

    def client_key(request: Request) -> str:
        return request.client.host if request.client else "?"

    def seat_of(game_id: str, token: str | None) -> int:
        return service.authorize(game_id, token)

    def count_read(request: Request) -> None:
        """Spend one read of this client's allowance (checked before the token, so guessing is throttled too)."""
        if not read_limit.allow(client_key(request)):
            raise Refused(ErrorCode.RATE_LIMITED, "too many requests; slow down")

    # ----- pages -----

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(WEB_DIR / "index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    def game_page(game_id: str) -> FileResponse:
        return FileResponse(WEB_DIR / "index.html")

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")

    # ----- lobby -----

    @app.get("/api/bots")
    def bots() -> dict[str, list[str]]:
        return {"bots": bot_names()}

    @app.post("/api/games")
    def create_game(body: CreateGameIn, request: Request) -> dict[str, Any]:
        if not create_limit.allow(client_key(request)):
            raise Refused(ErrorCode.RATE_LIMITED, "too many new games; wait a little")
        specs = [SeatSpec(SeatKind(x.kind), x.bot if x.kind == "bot" else "", x.name.strip()) for x in body.seats]
        created = service.create(specs, body.seed, body.side)
        hub.changed(created.game_id)
        return created_json(created, service)

    @app.post("/api/mine")
    def my_games(body: MineIn, request: Request) -> dict[str, Any]:
        count_read(request)
        out = []
        for item in body.games:
            try:
                out.append(service.summary(item.game, seat_of(item.game, item.token)))
            except Refused:
                continue
        return {"games": out}

    # ----- one game -----

    # Big JSON bodies are returned as ready responses: FastAPI's generic encoder is much slower.
    @app.get("/api/games/{game_id}/board")
    def board(game_id: str, request: Request, token: Token = None) -> JSONResponse:
        count_read(request)
        seat_of(game_id, token)
        return JSONResponse(service.board(game_id))

    @app.get("/api/games/{game_id}/state")
    def state(game_id: str, request: Request, token: Token = None) -> JSONResponse:
        count_read(request)
        return JSONResponse(service.snapshot(game_id, seat_of(game_id, token)))

    @app.post("/api/games/{game_id}/actions")
    def act(game_id: str, body: ActionIn, token: Token = None) -> dict[str, Any]:
        seat = seat_of(game_id, token)
        if not action_limit.allow(f"{game_id}/{seat}"):
            raise Refused(ErrorCode.RATE_LIMITED, "too many actions; slow down")
        version = service.act(game_id, seat, body.version, body.action)
        return {"ok": True, "version": version}

    @app.post("/api/games/{game_id}/undo")
    def undo(game_id: str, body: UndoIn, token: Token = None) -> dict[str, Any]:
        seat = seat_of(game_id, token)
        if not action_limit.allow(f"{game_id}/{seat}"):
            raise Refused(ErrorCode.RATE_LIMITED, "too many requests; slow down")
        return {"ok": True, "version": service.undo(game_id, seat, body.version)}

    @app.get("/api/games/{game_id}/replay")
    def replay(game_id: str, request: Request, upto: int = 0, token: Token = None) -> JSONResponse:
        count_read(request)
        seat_of(game_id, token)
        return JSONResponse(service.replay_view(game_id, upto))

    @app.websocket("/api/games/{game_id}/ws")
    async def live(ws: WebSocket, game_id: str) -> None:
        """Send the seat's view now and after every change. The first message must be {"token": ...}."""
        await ws.accept()
        try:
            if not read_limit.allow(ws.client.host if ws.client else "?"):
                raise Refused(ErrorCode.RATE_LIMITED, "too many requests; slow down")
            first = await asyncio.wait_for(ws.receive_text(), timeout=10)
            if len(first) > settings.max_ws_message:
                raise Refused(ErrorCode.BAD_REQUEST, "message too large")
            msg = json.loads(first)
            token = msg.get("token") if isinstance(msg, dict) else None
            token = token if isinstance(token, str) and len(token) <= 64 else None
            seat = await anyio.to_thread.run_sync(seat_of, game_id, token)  # may load the game from the database
        except (Refused, ValueError, TimeoutError, WebSocketDisconnect) as exc:
            text = (
                exc.to_json() if isinstance(exc, Refused) else {"error": "bad_request", "message": "send {token} first"}
            )
            try:
                limited = isinstance(exc, Refused) and exc.code is ErrorCode.RATE_LIMITED
                await ws.send_json({"type": "error", **text})
                await ws.close(code=4429 if limited else 4403)
            except Exception:
                pass
            return
        try:
            q = hub.subscribe(game_id)
        except Refused as exc:
            await ws.send_json({"type": "error", **exc.to_json()})
            await ws.close(code=4429)
            return
        try:
            await ws.send_json(
                {"type": "state", "data": await anyio.to_thread.run_sync(service.snapshot, game_id, seat)}
            )
            async with anyio.create_task_group() as tg:

                async def drain() -> None:  # ignore client messages, but notice when it leaves
                    try:
                        while True:
                            await ws.receive_text()
                    except Exception:
                        pass
                    tg.cancel_scope.cancel()

                tg.start_soon(drain)
                while True:
                    await q.get()
                    snap = await anyio.to_thread.run_sync(service.snapshot, game_id, seat)
                    await ws.send_json({"type": "state", "data": snap})
        except Exception:
            pass
        finally:
            hub.unsubscribe(game_id, q)

    return app
