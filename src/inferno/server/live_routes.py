"""The live connection's route: a WebSocket that sends the seat's view now and after every change, and
plays the actions the seat sends on it. The first message must be {"token": ...}."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import anyio
import orjson
from fastapi import FastAPI, WebSocket, WebSocketDisconnect

from inferno.i18n import SERVER
from inferno.server.context import Rooms
from inferno.server.errors import ErrorCode, Refused
from inferno.server.gate import SLOW_DOWN
from inferno.server.hub import ANSWERING
from inferno.server.live import parse_ws_act
from inferno.server.table_routes import ACTIONS_LIMITED, play
from inferno.server.view_cache import LogMark, SeatView

_ = SERVER.gettext


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
        raise _WsRefusal(
            1003, Refused(ErrorCode.BAD_REQUEST, _('the first message must be the text {{"token": ...}}').format())
        )
    if len(text) > max_len:
        raise _WsRefusal(1009, Refused(ErrorCode.BAD_REQUEST, _("message too large")))
    try:
        parsed = orjson.loads(text)  # nesting past 1024 levels is refused on every Python (``json``'s limit varies)
    except orjson.JSONDecodeError:
        raise _WsRefusal(
            1007, Refused(ErrorCode.BAD_REQUEST, _('the first message must be JSON: {{"token": ...}}').format())
        ) from None
    token = parsed.get("token") if isinstance(parsed, dict) else None
    return token if isinstance(token, str) and len(token) <= 64 else None


async def _refuse(ws: WebSocket, refusal: Refused, close_code: int, reason: str) -> None:
    """Send the refusal, then close the connection (the client may have gone already)."""
    try:
        await ws.send_json({"type": "error", **refusal.to_json()})
        await ws.close(code=close_code, reason=reason)
    except Exception:  # the client has gone already
        pass


def install(app: FastAPI, rooms: Rooms) -> None:
    """Add the live connection's route to the app."""
    settings, hub = rooms.settings, rooms.hub

    @app.websocket("/api/games/{game_id}/ws")
    async def live(ws: WebSocket, game_id: str) -> None:
        """Send the seat's view now and after every change. The first message must be {"token": ...}.
        One address may hold ``live_per_address`` live connections at once; beyond, 4429 with a message."""
        await ws.accept()
        addr = ws.client.host if ws.client else "?"
        cap = settings.connections.live_per_address
        if not hub.live_opened(addr, cap):
            refusal = Refused(
                ErrorCode.RATE_LIMITED,
                _("too many game pages open from your address (at most {cap}); close some and reload this one").format(
                    cap=cap
                ),
            )
            # The close reason is for the connection's logs; the message sent before it is the player's.
            await _refuse(ws, refusal, 4429, "too many live connections from your address")  # i18n: not for players
            return
        try:
            seat = await _opening(rooms, ws, game_id, addr)
            if seat is not None:
                await LiveConnection(rooms, ws, game_id, seat).serve()
        finally:
            hub.live_closed(addr)


async def _opening(rooms: Rooms, ws: WebSocket, game_id: str, addr: str) -> int | None:
    """The seat the connection's first message opens; None, with the connection refused and closed, if
    it opens none."""
    try:
        if not rooms.gate.read_limit.allow(addr):
            raise _WsRefusal(4429, Refused(ErrorCode.RATE_LIMITED, _(SLOW_DOWN)))
        token = _ws_token(await asyncio.wait_for(ws.receive(), timeout=10), rooms.settings.max_ws_message)
        try:  # may load the game from the database
            return await anyio.to_thread.run_sync(rooms.gate.seat_of, addr, game_id, token)
        except Refused as exc:
            code = {ErrorCode.RATE_LIMITED: 4429, ErrorCode.NOT_FOUND: 4404}.get(exc.code, 4403)
            raise _WsRefusal(code, exc) from None
    except (_WsRefusal, TimeoutError, WebSocketDisconnect) as exc:
        if isinstance(exc, _WsRefusal):
            close_code, refusal = exc.close_code, exc.refusal
        else:
            close_code, refusal = 4408, Refused(ErrorCode.BAD_REQUEST, _('send {{"token": ...}} first').format())
        # A close reason holds 123 bytes at most (UTF-8: a translated message is cut at a character).
        await _refuse(ws, refusal, close_code, refusal.message.encode()[:120].decode(errors="ignore"))
        return None


class LiveConnection:
    """One open live connection of a seat: its state messages, in order, and the actions it sends."""

    def __init__(self, rooms: Rooms, ws: WebSocket, game_id: str, seat: int) -> None:
        self.rooms, self.ws, self.game_id, self.seat = rooms, ws, game_id, seat
        self.mark: LogMark | None = None  # where the log this connection was sent last stands
        self.sent: SeatView | None = None  # the view this connection sent last
        self.sending = asyncio.Lock()  # one state message at a time, each built when its turn comes: in order

    async def serve(self) -> None:
        """Send the seat's view now and after every change, and answer its messages, until it leaves."""
        hub, ws, game_id, seat = self.rooms.hub, self.ws, self.game_id, self.seat
        try:
            q = hub.subscribe(game_id)
        except Refused as exc:
            await ws.send_json({"type": "error", **exc.to_json()})
            await ws.close(code=4429)
            return
        if seat >= 0:
            hub.seat_present(game_id, seat, True)
        try:
            if seat >= 0:  # the player has come to the table: their turn clock may run from now on
                await anyio.to_thread.run_sync(self.rooms.service.arrive, game_id, seat)
            await self.send_state()
            async with anyio.create_task_group() as tg:
                tg.start_soon(self._drain, q, tg.cancel_scope)
                while True:
                    await q.get()
                    await self.send_state()
        except Exception:
            pass
        finally:
            hub.unsubscribe(game_id, q)
            if seat >= 0:
                hub.seat_present(game_id, seat, False)

    async def _drain(self, q: asyncio.Queue[None], scope: anyio.CancelScope) -> None:
        """Answer the seat's actions; notice when it leaves."""
        ANSWERING.set(q)  # this task's own: the changes it makes are sent by send_state(ack)
        ws = self.ws
        try:
            while (msg := await ws.receive())["type"] != "websocket.disconnect":
                reply, ack = await self._message(msg)
                if reply is not None:
                    await ws.send_text(reply.decode())
                else:
                    await self.send_state(ack)
        except Exception:
            pass
        scope.cancel()

    async def send_state(self, ack: dict[str, Any] | None = None) -> None:
        """Send the seat's view. Each seat's view is built once per version, whoever reads it; after the
        first message a connection gets only the log lines added since its last one (``log_from``). A view
        already sent is not sent again, unless it answers an action (``ack``): the state is the answer."""
        service, game_id, seat = self.rooms.service, self.game_id, self.seat
        async with self.sending:
            v = service.live_view(game_id, seat, wait=False)  # no thread if nothing to wait for
            if v is None:
                v = await anyio.to_thread.run_sync(service.live_view, game_id, seat)
            assert v is not None
            if v is self.sent and ack is None:
                return
            body, self.mark, self.sent = v.since(self.mark), v.mark, v
            head = '{"type":"state","now":' + f"{time.time():.3f}"
            if ack is not None:
                head += ',"ack":' + orjson.dumps(ack).decode()
            await self.ws.send_text(head + ',"data":' + body.decode() + "}")

    async def _message(self, msg: Any) -> tuple[bytes | None, dict[str, Any] | None]:
        """A message after the token: ``{"type": "act", "action": ..., "version": N, "id": any}`` plays an
        action. Returns the answer to send (``refused`` with the same ``id``, or an ``error`` for anything
        else), or None and the acknowledgement for the state message that answers a played action."""
        act = parse_ws_act(msg.get("text"), self.rooms.settings.max_ws_message)
        if isinstance(act, Refused):
            return orjson.dumps({"type": "error", **act.to_json()}), None
        try:
            self.rooms.gate.count_action(self.game_id, self.seat, ACTIONS_LIMITED)
            version = await play(self.rooms, self.game_id, self.seat, act.version, act.action)
        except Refused as exc:
            return orjson.dumps({"type": "refused", "id": act.id, **exc.to_json()}), None
        return None, {"id": act.id, "version": version}
