"""The load test's live-connection games against a scripted server that tells the next seat its turn
before it answers the mover: a game asked for ``moves`` moves sends exactly that many, even when a
seat sees its turn before the last move's answer has arrived."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

from tests.benchmark_modules import load_benchmark

load_test = load_benchmark("load_test")


@dataclass
class _Created:
    status_code: int
    body: dict[str, Any]

    def json(self) -> dict[str, Any]:
        return self.body


class _Creator:
    """Stands in for the HTTP client: creates a two-seat game and points the sockets at ``port``."""

    def __init__(self, port: int) -> None:
        self.base_url = f"http://127.0.0.1:{port}"

    async def post(self, path: str, json: dict[str, Any]) -> _Created:
        return _Created(200, {"game": "g", "seats": [{"token": "0"}, {"token": "1"}]})


async def _play(moves: int) -> tuple[int, int]:
    """Plays one game of ``moves`` moves; returns (moves the client counted, acts the server received)."""
    sockets: dict[int, ServerConnection] = {}
    game = {"version": 0, "turn": 0, "acts": 0}
    both = asyncio.Event()

    def state(ack: bool = False) -> str:
        data = {"version": game["version"], "pending": {"player": game["turn"]}, "legal": [{"text": "pass"}]}
        return json.dumps({"type": "state", "data": data, **({"ack": 0} if ack else {})})

    async def handle(ws: ServerConnection) -> None:
        seat = int(json.loads(await ws.recv())["token"])
        sockets[seat] = ws
        if len(sockets) == 2:
            both.set()
        await both.wait()
        await ws.send(state())
        async for raw in ws:
            msg = json.loads(raw)
            assert msg["type"] == "act" and msg["version"] == game["version"]
            game["acts"] += 1
            game["version"] += 1
            game["turn"] = 1 - seat
            await sockets[1 - seat].send(state())  # the next seat hears first ...
            await asyncio.sleep(0.02)
            await ws.send(state(ack=True))  # ... the mover's answer comes after

    async with serve(handle, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        stats = load_test.Stats()
        await asyncio.wait_for(load_test.play_game_ws([_Creator(port)], 2, moves, 0, stats), timeout=30)
        await asyncio.sleep(0.1)  # any extra act would have reached the server by now
        return stats.moves, game["acts"]


def test_live_connection_game_sends_exactly_the_moves_asked_for() -> None:
    for moves in (1, 5, 10):
        counted, acts = asyncio.run(_play(moves))
        assert (counted, acts) == (moves, moves)
