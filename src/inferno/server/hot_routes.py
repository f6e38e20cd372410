"""The lean path of the two hot routes, a seat's state (``GET /api/games/{id}/state``) and its action
(``POST /api/games/{id}/actions``): the app answers a well-formed request of either itself, in front of
its whole stack, with the same gate checks, the same service calls and the same answers as the routes
in ``table_routes`` (which answer everything else: a malformed body, a missing or oversized token, any
other route). A profile of a move over HTTP put most of its server time in the framework (routing,
dependency solving, body validation, a dozen middleware layers each wrapping the answer's messages)
rather than in the move: this path skips that part only.

What the layers it skips do for these two routes, it does itself, with their own pieces: the player's
language (``i18n_routes``), the body-size limit and the security headers (``limits``), a refusal
answered in words with its status, and an unexpected error logged and answered 500, "nothing was
changed", as the app's handler of the last resort answers it."""

from __future__ import annotations

import logging
import time

import anyio
import orjson
from fastapi.responses import JSONResponse
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from inferno.i18n import SERVER, set_language
from inferno.server.context import Rooms
from inferno.server.errors import STATUS, Refused
from inferno.server.i18n_routes import scope_language
from inferno.server.limits import SECURITY_HEADERS, TOO_LARGE
from inferno.server.table_routes import ACTIONS_LIMITED, MAX_ACTION, MAX_VERSION, play

log = logging.getLogger("inferno.server")
_ = SERVER.gettext

_PREFIX = "/api/games/"
_TOKEN = b"x-inferno-token"
_MAX_TOKEN = 64
_JSON = (b"content-type", b"application/json")

Hot = tuple[str, str, str]  # the game, the route ("state" or "actions") and the token


class HotRoutes:
    """Answers the well-formed state reads and actions (``serve``) for the app that found them (``hot``)."""

    def __init__(self, rooms: Rooms, max_body_bytes: int) -> None:
        self.rooms = rooms
        self.max_body_bytes = max_body_bytes

    async def serve(self, scope: Scope, receive: Receive, send: Send, hot: Hot, app: ASGIApp) -> None:
        """Answer ``hot``; a malformed action body (or an unusual one) goes to ``app``, the whole stack."""
        game_id, route, token = hot
        lang = set_language(scope_language(scope))
        try:
            extra: tuple[tuple[bytes, bytes], ...] = ()
            try:
                if route == "state":
                    body, now = await self._state(scope, game_id, token)
                    extra = ((b"x-inferno-now", now),)
                else:
                    try:
                        move_body = await _body(scope, receive, self.max_body_bytes)
                    except _TooLarge:  # answered as the body-size limit answers, with the security headers
                        await _answer(send, 413, TOO_LARGE)
                        return
                    if move_body is None:  # the client went away
                        return
                    move = _move(move_body)
                    if move is None:  # malformed (or unusual): the route answers it, with the body as it came
                        await app(scope, _replay(move_body, receive), send)
                        return
                    body = await self._act(scope, game_id, token, *move)
                status = 200
            except Refused as exc:
                status, body = STATUS[exc.code], bytes(JSONResponse(exc.to_json()).body)
            except Exception:
                log.exception("unexpected error")
                words = {"error": "internal", "message": _("internal error; nothing was changed")}
                status, body = 500, bytes(JSONResponse(words).body)
            await _answer(send, status, body, *extra)
        finally:
            lang.var.reset(lang)

    async def _state(self, scope: Scope, game_id: str, token: str) -> tuple[bytes, bytes]:
        """What ``table_routes``' state route answers (``gate.reader``, then the seat's view), and the time."""
        gate, service = self.rooms.gate, self.rooms.service
        seat = await gate.reader(game_id, Request(scope), token)
        snap = service.snapshot_now(game_id, seat)
        if snap is None:
            snap = await anyio.to_thread.run_sync(service.snapshot_bytes, game_id, seat)
        return snap, b"%.3f" % time.time()

    async def _act(self, scope: Scope, game_id: str, token: str, version: int, text: str) -> bytes:
        """What ``table_routes``' action route answers (``gate.acting``, then the move)."""
        seat = await self.rooms.gate.acting(game_id, Request(scope), token, limit=ACTIONS_LIMITED)
        version = await play(self.rooms, game_id, seat, version, text)
        return b'{"ok":true,"version":%d}' % version


async def _answer(send: Send, status: int, body: bytes, *extra: tuple[bytes, bytes]) -> None:
    """A JSON answer with the security headers every answer of the app carries."""
    headers = [(b"content-length", b"%d" % len(body)), _JSON, *extra, *SECURITY_HEADERS]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def hot(scope: Scope) -> Hot | None:
    """The game, the route ("state" or "actions") and the token of a hot request; None for any other."""
    if scope["type"] != "http":
        return None
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
    text = token.decode("latin-1")
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


class _TooLarge(Exception):
    """A body over the limit."""


async def _body(scope: Scope, receive: Receive, most: int) -> bytes | None:
    """The request's whole body, None if the client went away; ``_TooLarge`` if it is over ``most`` bytes
    (counted as the body-size limit counts them)."""
    for name, value in scope["headers"]:
        if name == b"content-length" and (not value.isdigit() or int(value) > most):
            raise _TooLarge
    chunks = []
    seen = 0
    while True:
        msg = await receive()
        if msg["type"] != "http.request":
            return None
        chunk = msg.get("body", b"")
        seen += len(chunk)
        if seen > most:
            raise _TooLarge
        chunks.append(chunk)
        if not msg.get("more_body", False):
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
