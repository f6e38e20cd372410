"""The lean path of the two hot routes, a seat's state (``GET /api/games/{id}/state``) and its action
(``POST /api/games/{id}/actions``): an ASGI layer in front of the FastAPI app that answers a well-formed
request of either itself, with the same gate checks, the same service calls and the same answers as the
routes in ``table_routes`` (which answer everything else: a malformed body, a missing or oversized
token, any other route). A profile of a move over HTTP put most of its server time in the framework
(routing, dependency solving, body validation, middleware layers) rather than in the move: this path
skips that part only.

It sits inside the body-size limit and the security headers, and outside FastAPI's error handling: a
refusal is answered here in the same words and status; an unexpected error goes on to the app's own
handler of the last resort (500, "nothing was changed")."""

from __future__ import annotations

import time
from typing import Any

import anyio
import orjson
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from inferno.server.context import Rooms
from inferno.server.errors import STATUS, Refused
from inferno.server.table_routes import ACTIONS_LIMITED, MAX_ACTION, MAX_VERSION, play

_PREFIX = "/api/games/"
_TOKEN = b"x-inferno-token"
_MAX_TOKEN = 64


class HotRoutes:
    """Answers the well-formed state reads and actions; passes every other request to ``app``."""

    def __init__(self, app: ASGIApp, rooms: Rooms) -> None:
        self.app = app
        self.rooms = rooms

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        hot = _hot(scope) if scope["type"] == "http" else None
        if hot is None:
            await self.app(scope, receive, send)
            return
        game_id, route, token = hot
        if route == "state":
            await self._answer(scope, receive, send, self._state(scope, game_id, token))
            return
        body = await _body(receive)
        move = _move(body)
        if move is None:  # malformed (or unusual): the route answers it, with the body as it came
            await self.app(scope, _replay(body, receive), send)
            return
        await self._answer(scope, receive, send, self._act(scope, game_id, token, *move))

    async def _answer(self, scope: Scope, receive: Receive, send: Send, work: Any) -> None:
        try:
            response: Response = await work
        except Refused as exc:
            response = JSONResponse(exc.to_json(), status_code=STATUS[exc.code])
        await response(scope, receive, send)

    async def _state(self, scope: Scope, game_id: str, token: str) -> Response:
        """What ``table_routes``' state route answers (``gate.reader``, then the seat's view)."""
        gate, service = self.rooms.gate, self.rooms.service
        seat = await gate.reader(game_id, Request(scope), token)
        snap = service.snapshot_now(game_id, seat)
        if snap is None:
            snap = await anyio.to_thread.run_sync(service.snapshot_bytes, game_id, seat)
        return Response(snap, media_type="application/json", headers={"X-Inferno-Now": f"{time.time():.3f}"})

    async def _act(self, scope: Scope, game_id: str, token: str, version: int, text: str) -> Response:
        """What ``table_routes``' action route answers (``gate.acting``, then the move)."""
        seat = await self.rooms.gate.acting(game_id, Request(scope), token, limit=ACTIONS_LIMITED)
        version = await play(self.rooms, game_id, seat, version, text)
        return Response(b'{"ok":true,"version":%d}' % version, media_type="application/json")


def _hot(scope: Scope) -> tuple[str, str, str] | None:
    """The game, the route ("state" or "actions") and the token of a hot request; None for any other."""
    path: str = scope["path"]
    if not path.startswith(_PREFIX) or scope.get("root_path"):
        return None
    parts = path[len(_PREFIX) :].split("/")
    if len(parts) != 2 or not parts[0]:
        return None
    method, route = scope["method"], parts[1]
    if not ((route == "state" and method == "GET") or (route == "actions" and method == "POST")):
        return None
    token: bytes | None = None
    json_body = route == "state"
    for name, value in scope["headers"]:
        if name == _TOKEN:
            if token is not None:
                return None  # the same header twice: the route decides
            token = value
        elif name == b"content-type" and value == b"application/json":
            json_body = True
    if token is None or not json_body:
        return None
    try:
        text = token.decode("latin-1")
    except UnicodeDecodeError:  # pragma: no cover (latin-1 decodes any bytes)
        return None
    if not text or len(text) > _MAX_TOKEN:
        return None
    return parts[0], route, text


def _move(body: bytes) -> tuple[int, str] | None:
    """The version and the action text of a well-formed action body, as the route's model reads it; None
    for anything the route's own validation should answer."""
    try:
        d = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(d, dict) or len(d) != 2:
        return None
    version, action = d.get("version"), d.get("action")
    if type(version) is not int or not 0 <= version <= MAX_VERSION:
        return None
    if type(action) is not str or not 1 <= len(action) <= MAX_ACTION:
        return None
    return version, action


async def _body(receive: Receive) -> bytes:
    """The request's whole body (the body-size limit outside has read and bounded it already)."""
    chunks = []
    while True:
        msg = await receive()
        if msg["type"] != "http.request":
            break
        chunks.append(msg.get("body", b""))
        if not msg.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives ``body`` again, then waits on the client as the app expects."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again
