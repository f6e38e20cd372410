"""The table's routes: one game's board, state, replay and "why can't I?" answers, and the seat's
changes (an action, an undo, a vote that a player has left, a seat taken back)."""

from __future__ import annotations

import time
from typing import Annotated, Any

import anyio
import orjson
from fastapi import Depends, FastAPI, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from inferno.i18n import N_
from inferno.server.context import Rooms
from inferno.server.gate import Token
from inferno.server.why import why_json

MAX_VERSION = 10_000_000
MAX_ACTION = 80  # the longest action text the game has is far shorter
MAX_LOG_PART = 1000  # log lines one request for earlier lines gets at most


class ActionIn(BaseModel):
    version: int = Field(ge=0, le=MAX_VERSION)
    action: str = Field(min_length=1, max_length=MAX_ACTION)


class UndoIn(BaseModel):
    version: int = Field(ge=0, le=MAX_VERSION)


class VoteIn(BaseModel):
    seat: int = Field(ge=0, le=4)  # the seat whose player has left


async def play(rooms: Rooms, game_id: str, seat: int, version: int, text: str) -> int:
    """Play a seat's action (its allowance spent already): on the event loop when nothing has to wait (a
    game in memory, its lock and the database's writer lock free: CPU work and a local commit), else from
    a thread."""
    service = rooms.service
    done = service.act_now(game_id, seat, version, text)
    if done is None:
        done = await anyio.to_thread.run_sync(service.act, game_id, seat, version, text)
    return done


ACTIONS_LIMITED = N_("too many actions; slow down")


def install(app: FastAPI, rooms: Rooms) -> None:
    """Add the table's routes to the app."""
    _install_reads(app, rooms)
    _install_changes(app, rooms)


def _install_reads(app: FastAPI, rooms: Rooms) -> None:
    """What a seat reads of its game: the board, its state, a replay, why an action is not legal. Each
    read is counted against the address, then the token opens the seat (``gate.reader``)."""
    service, gate = rooms.service, rooms.gate

    # Big JSON bodies are returned as ready responses: FastAPI's generic encoder is much slower.
    @app.get("/api/games/{game_id}/board")
    def board(game_id: str, _seat: int = Depends(gate.reader)) -> Response:
        return Response(orjson.dumps(service.board(game_id)), media_type="application/json")

    @app.get("/api/games/{game_id}/state")
    async def state(game_id: str, seat: int = Depends(gate.reader)) -> Response:
        # A game in memory is answered here, on the event loop (CPU only, nothing to wait for); one that
        # needs the database or whose lock is held by a move being stored is answered from a thread.
        snap = service.snapshot_now(game_id, seat)
        if snap is None:
            snap = await anyio.to_thread.run_sync(service.snapshot_bytes, game_id, seat)
        return Response(snap, media_type="application/json", headers={"X-Inferno-Now": f"{time.time():.3f}"})

    @app.get("/api/games/{game_id}/why")
    def why(
        game_id: str,
        seat: int = Depends(gate.reader),
        action: Annotated[str | None, Query(max_length=200)] = None,
        target: Annotated[str | None, Query(max_length=40)] = None,
    ) -> dict[str, Any]:
        """Why an action (its text) or a clicked place (a board key) is not legal now, for this seat."""
        return why_json(service, game_id, seat, action, target)

    @app.get("/api/games/{game_id}/log")
    def log(
        game_id: str,
        _seat: int = Depends(gate.reader),
        upto: Annotated[int, Query(ge=0, le=MAX_VERSION)] = MAX_VERSION,
        count: Annotated[int, Query(ge=1, le=MAX_LOG_PART)] = MAX_LOG_PART,
    ) -> Response:
        """Earlier lines of the game log than a view carries (every seat sees the same log)."""
        return Response(orjson.dumps(service.log_part(game_id, upto, count)), media_type="application/json")

    @app.get("/api/games/{game_id}/replay")
    def replay(game_id: str, _seat: int = Depends(gate.reader), upto: int = 0) -> JSONResponse:
        return JSONResponse(service.replay_view(game_id, upto))


def _install_changes(app: FastAPI, rooms: Rooms) -> None:
    """What a seat changes: an action, an undo, a vote that a player has left, its seat taken back. Each
    takes its seat in a dependency that declares the body (a malformed body is answered before the token
    is checked) and spends one action of the seat's allowance (``gate.acting``)."""
    service, gate = rooms.service, rooms.gate

    async def acts(game_id: str, body: ActionIn, request: Request, token: Token = None) -> tuple[int, ActionIn]:
        return await gate.acting(game_id, request, token, limit=ACTIONS_LIMITED), body

    async def undoes(game_id: str, body: UndoIn, request: Request, token: Token = None) -> tuple[int, UndoIn]:
        return await gate.acting(game_id, request, token), body

    async def votes(game_id: str, body: VoteIn, request: Request, token: Token = None) -> tuple[int, VoteIn]:
        return await gate.acting(game_id, request, token, spectators=N_("spectators cannot vote")), body

    async def reclaims(game_id: str, request: Request, token: Token = None) -> int:
        return await gate.acting(game_id, request, token, spectators=N_("spectators have no seat to take back"))

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, move: tuple[int, ActionIn] = Depends(acts)) -> Response:
        seat, body = move
        version = await play(rooms, game_id, seat, body.version, body.action)
        return Response(b'{"ok":true,"version":%d}' % version, media_type="application/json")

    @app.post("/api/games/{game_id}/undo")
    def undo(game_id: str, asked: tuple[int, UndoIn] = Depends(undoes)) -> dict[str, Any]:
        seat, body = asked
        return {"ok": True, "version": service.undo(game_id, seat, body.version)}

    @app.post("/api/games/{game_id}/vote")
    def vote(game_id: str, asked: tuple[int, VoteIn] = Depends(votes)) -> dict[str, Any]:
        """Vote that another player has left: with most of the other humans' votes a bot plays that seat."""
        seat, body = asked
        return {"ok": True, **service.vote(game_id, seat, body.seat)}

    @app.post("/api/games/{game_id}/reclaim")
    def reclaim(game_id: str, seat: int = Depends(reclaims)) -> dict[str, Any]:
        """Take your seat back from the bot that played it while you were away."""
        service.reclaim(game_id, seat)
        return {"ok": True}
