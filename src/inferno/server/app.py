"""The ASGI application: lobby and game API, live updates over WebSockets, the browser client."""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import re
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

import anyio
import orjson
from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from inferno.bots.base import bot_names
from inferno.rules.solo_model import SoloConfig
from inferno.server import clocks, presence, review_routes
from inferno.server.botpool import BotPool, PoolStopped
from inferno.server.errors import STATUS, ErrorCode, Refused
from inferno.server.limits import BodySizeLimit, FailureLimiter, RateLimiter, SecurityHeaders
from inferno.server.live import parse_ws_act
from inferno.server.seat_views import LogMark, SeatView
from inferno.server.service import Created, GameService, SeatKind, SeatSpec
from inferno.server.settings import MAX_SOCKETS_PER_GAME, ServerSettings
from inferno.server.storage import Storage
from inferno.server.views import sides_json, solo_json, variant_label
from inferno.server.why import why_json

log = logging.getLogger("inferno.server")
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
GAME_ID = r"^[A-Za-z0-9_-]{1,32}$"
_GAME_ID_RE = re.compile(GAME_ID)
# The live connection whose message is being answered (set in its reading task, and so in the threads
# that task runs work in): a change it makes does not wake it, since its answer carries the new state.
_ANSWERING: contextvars.ContextVar[asyncio.Queue[None] | None] = contextvars.ContextVar("answering", default=None)
TOKEN_HEADER = "X-Inferno-Token"
Token = Annotated[str | None, Header(alias=TOKEN_HEADER, max_length=64)]


# ----- request bodies: validated at the boundary -----


class SeatIn(BaseModel):
    kind: Literal["human", "bot"] = "human"
    bot: str = Field(default="random", max_length=32, pattern=r"^[a-z0-9_-]*$")
    name: str = Field(default="", max_length=24)


class SoloIn(BaseModel):
    variant: str = Field(default="rival", max_length=32, pattern=r"^[a-z0-9_-]+$")
    level: Literal["easy", "medium", "hard"] = "medium"


class CreateGameIn(BaseModel):
    seats: list[SeatIn] = Field(min_length=1, max_length=5)
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)
    side: Literal["I/II", "III/IV"] | None = None
    side_variant: bool = False  # another side than the player count's: a named variant, marked for every seat
    modules: list[Literal["plutus", "phlegyas"]] = Field(default_factory=list, max_length=2)
    solo: SoloIn | None = None  # the solo game's variant and level (1 seat only)
    turn_seconds: float = Field(default=0, ge=0, le=clocks.MAX_SECONDS)  # each turn's clock; 0: none
    takeover_bot: str = Field(default="", max_length=32, pattern=r"^[a-z0-9_-]*$")  # plays a seat left
    hints: bool | None = None  # the table allows hints (default: only when at most one human plays)


class ActionIn(BaseModel):
    version: int = Field(ge=0, le=10_000_000)
    action: str = Field(min_length=1, max_length=80)


class UndoIn(BaseModel):
    version: int = Field(ge=0, le=10_000_000)


class VoteIn(BaseModel):
    seat: int = Field(ge=0, le=4)  # the seat whose player has left


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
        "variant": variant_label(sess.state),
    }


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
        answering = _ANSWERING.get()
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
                for gid in await anyio.to_thread.run_sync(clocks.expired, self.service.storage, self.service.now()):
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


class _WsRefusal(Exception):
    """A live connection refused before it starts: the close code and the answer sent first."""

    def __init__(self, close_code: int, refusal: Refused) -> None:
        super().__init__(refusal.message)
        self.close_code = close_code
        self.refusal = refusal


def _ws_token(msg: Any, max_len: int) -> str | None:
    """The token of a live connection's first message, which must be the text {"token": "..."}."""
    if msg.get("type") == "websocket.disconnect":
        raise WebSocketDisconnect(msg.get("code", 1000))
    text = msg.get("text")
    if text is None:  # a binary frame
        raise _WsRefusal(1003, Refused(ErrorCode.BAD_REQUEST, 'the first message must be the text {"token": ...}'))
    if len(text) > max_len:
        raise _WsRefusal(1009, Refused(ErrorCode.BAD_REQUEST, "message too large"))
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nesting too deep for the parser
        raise _WsRefusal(
            1007, Refused(ErrorCode.BAD_REQUEST, 'the first message must be JSON: {"token": ...}')
        ) from None
    token = parsed.get("token") if isinstance(parsed, dict) else None
    return token if isinstance(token, str) and len(token) <= 64 else None


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
    action_limit = RateLimiter(settings.action_rate)
    create_limit = RateLimiter(settings.create_rate)
    read_limit = RateLimiter(settings.read_rate)
    fail_limit = FailureLimiter(settings.auth_fail_address, settings.auth_fail_game, settings.auth_flood_cost)
    desk = review_routes.ReviewDesk(store, service, pool)

    def expire() -> list[str]:
        return service.expire(settings.expire_unstarted, settings.expire_abandoned)

    async def sweeper() -> None:
        """Evict finished and long-idle games from memory now and then (they reload from the database),
        and delete expired ones from the database."""
        while True:
            await asyncio.sleep(settings.sweep_interval)
            try:
                evicted = await anyio.to_thread.run_sync(service.sweep)
                hub.forget_finished_tasks()
                service.presence.forget_before(service.now() - 86400)
                if evicted:
                    log.info("evicted %d game(s) from memory", len(evicted))
                gone = await anyio.to_thread.run_sync(expire)
                if gone:
                    log.info("deleted %d unstarted or abandoned game(s)", len(gone))
            except Exception:  # the sweep must never stop the server
                log.exception("cache sweep failed")

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        # Start-up reads no stored game but those a bot is to move in (an index finds them): every other
        # game is loaded when first asked for, and expired games are deleted by the first sweep.
        resume = await anyio.to_thread.run_sync(service.resumable)
        log.info("serving games from %s; resuming %d with a bot to move", store.url, len(resume))

        async def resume_bots() -> None:
            for gid in resume:
                try:
                    await anyio.to_thread.run_sync(service.session, gid)  # loading it starts its bots
                except Refused:
                    continue

        resume_task = asyncio.create_task(resume_bots())
        sweep_task = asyncio.create_task(sweeper())
        tasks = [resume_task, sweep_task, asyncio.create_task(hub.watch_clocks(settings.clock_interval))]
        stop_listening = threading.Event()
        listener = None
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
        desk.close()
        store.close()  # closes pooled connections; the engine reconnects if used again

    async def stop_work() -> None:
        """The server is stopping: no more bot moves or hints (those waiting are told so), no new work for
        the worker processes."""
        hub.stop()
        pool.stop()

    app = FastAPI(title="Inferno", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.stop_work = stop_work
    app.state.service = service
    app.state.hub = hub
    app.state.review_desk = desk
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

    def seat_of(address: str, game_id: str, token: str | None) -> int:
        """The seat ``token`` opens, with failed attempts counted and throttled per address and per game."""
        if fail_limit.blocked(address):  # this address's own failures only: others' never lock it out
            raise Refused(ErrorCode.RATE_LIMITED, "too many failed attempts from your address; wait a little")
        try:
            if not _GAME_ID_RE.fullmatch(game_id):
                raise Refused(ErrorCode.NOT_FOUND, "no such game")
            seat = service.authorize(game_id, token)
        except Refused as exc:
            if exc.code is ErrorCode.FORBIDDEN:
                fail_limit.failed(address, game_id)
            elif exc.code is ErrorCode.NOT_FOUND:
                fail_limit.failed(address, None)
            raise
        return seat

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

    @app.get("/api/table")
    def table_choices() -> dict[str, Any]:
        return {
            "clocks": clocks.CLOCK_CHOICES,
            "min_seconds": clocks.MIN_SECONDS,
            "bot": clocks.DEFAULT_BOT,
            "bots": bot_names(),
        }

    @app.get("/api/solo")
    def solo_choices() -> dict[str, Any]:
        return solo_json()

    @app.get("/api/sides")
    def side_choices() -> dict[str, Any]:
        return sides_json()

    @app.post("/api/games")
    def create_game(body: CreateGameIn, request: Request) -> dict[str, Any]:
        if not create_limit.allow(client_key(request)):
            raise Refused(ErrorCode.RATE_LIMITED, "too many new games; wait a little")
        specs = [SeatSpec(SeatKind(x.kind), x.bot if x.kind == "bot" else "", x.name.strip()) for x in body.seats]
        addr = client_key(request)
        if any(x.kind is SeatKind.BOT for x in specs) and service.bot_games_of(addr) >= settings.max_bot_games:
            raise Refused(
                ErrorCode.RATE_LIMITED,
                f"you already have {settings.max_bot_games} unfinished games with bots; finish one first",
            )
        solo = SoloConfig(body.solo.variant, body.solo.level) if body.solo is not None else None
        created = service.create(
            specs,
            body.seed,
            body.side,
            creator=addr,
            modules=body.modules,
            solo=solo,
            turn_seconds=body.turn_seconds,
            takeover_bot=body.takeover_bot,
            side_variant=body.side_variant,
        )
        hints = desk.set_table(created.game_id, body.hints, sum(1 for x in specs if x.kind is SeatKind.HUMAN))
        hub.changed(created.game_id)
        return {**created_json(created, service), "hints": hints}

    @app.post("/api/mine")
    def my_games(body: MineIn, request: Request) -> dict[str, Any]:
        count_read(request)
        out = []
        addr = client_key(request)
        for item in body.games:
            try:
                out.append(service.summary(item.game, seat_of(addr, item.game, item.token)))
            except Refused as exc:
                if exc.code is ErrorCode.RATE_LIMITED:
                    break  # every guess counts: no more checks for this address now
                continue
        return {"games": out}

    # ----- one game -----

    # Big JSON bodies are returned as ready responses: FastAPI's generic encoder is much slower.
    @app.get("/api/games/{game_id}/board")
    def board(game_id: str, request: Request, token: Token = None) -> Response:
        count_read(request)
        seat_of(client_key(request), game_id, token)
        return Response(orjson.dumps(service.board(game_id)), media_type="application/json")

    @app.get("/api/games/{game_id}/state")
    async def state(game_id: str, request: Request, token: Token = None) -> Response:
        count_read(request)
        addr = client_key(request)
        # A game in memory is answered here, on the event loop (CPU only, nothing to wait for); one that
        # needs the database or whose lock is held by a move being stored is answered from a thread.
        if service.in_memory(game_id):
            seat = seat_of(addr, game_id, token)
        else:
            seat = await anyio.to_thread.run_sync(seat_of, addr, game_id, token)
        snap = service.snapshot_now(game_id, seat)
        if snap is None:
            snap = await anyio.to_thread.run_sync(service.snapshot_bytes, game_id, seat)
        return Response(snap, media_type="application/json", headers={"X-Inferno-Now": f"{time.time():.3f}"})

    @app.get("/api/games/{game_id}/why")
    def why(
        game_id: str,
        request: Request,
        action: Annotated[str | None, Query(max_length=200)] = None,
        target: Annotated[str | None, Query(max_length=40)] = None,
        token: Token = None,
    ) -> dict[str, Any]:
        """Why an action (its text) or a clicked place (a board key) is not legal now, for this seat."""
        count_read(request)
        seat = seat_of(client_key(request), game_id, token)
        return why_json(service, game_id, seat, action, target)

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, body: ActionIn, request: Request, token: Token = None) -> Response:
        addr = client_key(request)
        if service.in_memory(game_id):
            seat = seat_of(addr, game_id, token)
        else:
            seat = await anyio.to_thread.run_sync(seat_of, addr, game_id, token)
        version = await play(game_id, seat, body.version, body.action)
        return Response(b'{"ok":true,"version":%d}' % version, media_type="application/json")

    async def play(game_id: str, seat: int, version: int, text: str) -> int:
        """Play a seat's action: on the event loop when nothing has to wait (a game in memory, its lock and
        the database's writer lock free: CPU work and a local commit), else from a thread."""
        if not action_limit.allow(f"{game_id}/{seat}"):
            raise Refused(ErrorCode.RATE_LIMITED, "too many actions; slow down")
        done = service.act_now(game_id, seat, version, text)
        if done is None:
            done = await anyio.to_thread.run_sync(service.act, game_id, seat, version, text)
        return done

    @app.post("/api/games/{game_id}/undo")
    def undo(game_id: str, body: UndoIn, request: Request, token: Token = None) -> dict[str, Any]:
        seat = seat_of(client_key(request), game_id, token)
        if not action_limit.allow(f"{game_id}/{seat}"):
            raise Refused(ErrorCode.RATE_LIMITED, "too many requests; slow down")
        return {"ok": True, "version": service.undo(game_id, seat, body.version)}

    @app.post("/api/games/{game_id}/vote")
    def vote(game_id: str, body: VoteIn, request: Request, token: Token = None) -> dict[str, Any]:
        """Vote that another player has left: with most of the other humans' votes a bot plays that seat."""
        seat = seat_of(client_key(request), game_id, token)
        if seat < 0:
            raise Refused(ErrorCode.FORBIDDEN, "spectators cannot vote")
        if not action_limit.allow(f"{game_id}/{seat}"):
            raise Refused(ErrorCode.RATE_LIMITED, "too many requests; slow down")
        return {"ok": True, **service.vote(game_id, seat, body.seat)}

    @app.post("/api/games/{game_id}/reclaim")
    def reclaim(game_id: str, request: Request, token: Token = None) -> dict[str, Any]:
        """Take your seat back from the bot that played it while you were away."""
        seat = seat_of(client_key(request), game_id, token)
        if seat < 0:
            raise Refused(ErrorCode.FORBIDDEN, "spectators have no seat to take back")
        if not action_limit.allow(f"{game_id}/{seat}"):
            raise Refused(ErrorCode.RATE_LIMITED, "too many requests; slow down")
        service.reclaim(game_id, seat)
        return {"ok": True}

    @app.get("/api/games/{game_id}/replay")
    def replay(game_id: str, request: Request, upto: int = 0, token: Token = None) -> JSONResponse:
        count_read(request)
        seat_of(client_key(request), game_id, token)
        return JSONResponse(service.replay_view(game_id, upto))

    async def ws_message(msg: Any, game_id: str, seat: int) -> tuple[bytes | None, dict[str, Any] | None]:
        """A message after the token: ``{"type": "act", "action": ..., "version": N, "id": any}`` plays an
        action. Returns the answer to send (``refused`` with the same ``id``, or an ``error`` for anything
        else), or None and the acknowledgement for the state message that answers a played action."""
        act = parse_ws_act(msg.get("text"), settings.max_ws_message)
        if isinstance(act, Refused):
            return orjson.dumps({"type": "error", **act.to_json()}), None
        try:
            version = await play(game_id, seat, act.version, act.action)
        except Refused as exc:
            return orjson.dumps({"type": "refused", "id": act.id, **exc.to_json()}), None
        return None, {"id": act.id, "version": version}

    review_routes.install(app, desk, seat_of, client_key, count_read, action_limit.allow)

    @app.websocket("/api/games/{game_id}/ws")
    async def live(ws: WebSocket, game_id: str) -> None:
        """Send the seat's view now and after every change. The first message must be {"token": ...}.
        One address may hold ``live_per_address`` live connections at once; beyond, 4429 with a message."""
        await ws.accept()
        addr = ws.client.host if ws.client else "?"
        if not hub.live_opened(addr, settings.connections.live_per_address):
            cap = settings.connections.live_per_address
            refusal = Refused(
                ErrorCode.RATE_LIMITED,
                f"too many game pages open from your address (at most {cap}); close some and reload this one",
            )
            try:
                await ws.send_json({"type": "error", **refusal.to_json()})
                await ws.close(code=4429, reason="too many live connections from your address")
            except Exception:  # the client has gone already
                pass
            return
        try:
            await live_connection(ws, game_id, addr)
        finally:
            hub.live_closed(addr)

    async def live_connection(ws: WebSocket, game_id: str, addr: str) -> None:
        try:
            if not read_limit.allow(addr):
                raise _WsRefusal(4429, Refused(ErrorCode.RATE_LIMITED, "too many requests; slow down"))
            token = _ws_token(await asyncio.wait_for(ws.receive(), timeout=10), settings.max_ws_message)
            try:  # may load the game from the database
                seat = await anyio.to_thread.run_sync(seat_of, addr, game_id, token)
            except Refused as exc:
                code = {ErrorCode.RATE_LIMITED: 4429, ErrorCode.NOT_FOUND: 4404}.get(exc.code, 4403)
                raise _WsRefusal(code, exc) from None
        except (_WsRefusal, TimeoutError, WebSocketDisconnect) as exc:
            if isinstance(exc, _WsRefusal):
                close_code, refusal = exc.close_code, exc.refusal
            else:
                close_code, refusal = 4408, Refused(ErrorCode.BAD_REQUEST, 'send {"token": ...} first')
            try:
                await ws.send_json({"type": "error", **refusal.to_json()})
                await ws.close(code=close_code, reason=refusal.message[:120])
            except Exception:  # the client has gone already
                pass
            return
        try:
            q = hub.subscribe(game_id)
        except Refused as exc:
            await ws.send_json({"type": "error", **exc.to_json()})
            await ws.close(code=4429)
            return
        if seat >= 0:
            hub.seat_present(game_id, seat, True)

        mark: LogMark | None = None  # where the log this connection was sent last stands
        sent: SeatView | None = None  # the view this connection sent last
        sending = asyncio.Lock()  # one state message at a time, each built when its turn comes: in order

        async def send_state(ack: dict[str, Any] | None = None) -> None:
            # Each seat's view is built once per version, whoever reads it; after the first message a
            # connection gets only the log lines added since its last one (``log_from``). A view already
            # sent is not sent again, unless it answers an action (``ack``): the state is the answer.
            nonlocal mark, sent
            async with sending:
                v = service.live_view(game_id, seat, wait=False)  # no thread if nothing to wait for
                if v is None:
                    v = await anyio.to_thread.run_sync(service.live_view, game_id, seat)
                assert v is not None
                if v is sent and ack is None:
                    return
                body, mark, sent = v.since(mark), v.mark, v
                head = '{"type":"state","now":' + f"{time.time():.3f}"
                if ack is not None:
                    head += ',"ack":' + orjson.dumps(ack).decode()
                await ws.send_text(head + ',"data":' + body.decode() + "}")

        try:
            await send_state()
            async with anyio.create_task_group() as tg:

                async def drain() -> None:  # answer the seat's actions; notice when it leaves
                    _ANSWERING.set(q)  # this task's own: the changes it makes are sent by send_state(ack)
                    try:
                        while (msg := await ws.receive())["type"] != "websocket.disconnect":
                            reply, ack = await ws_message(msg, game_id, seat)
                            if reply is not None:
                                await ws.send_text(reply.decode())
                            else:
                                await send_state(ack)
                    except Exception:
                        pass
                    tg.cancel_scope.cancel()

                tg.start_soon(drain)
                while True:
                    await q.get()
                    await send_state()
        except Exception:
            pass
        finally:
            hub.unsubscribe(game_id, q)
            if seat >= 0:
                hub.seat_present(game_id, seat, False)

    return app
