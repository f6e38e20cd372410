"""An HTTP/WebSocket fuzzer for a real server process (used by the tests and by ``make soak-server``).

Every input is drawn from a seeded generator: malformed and wrong-typed JSON, oversized and chunked
bodies, wrong, other-seat and spectator tokens, stale and replayed versions, binary, deep and huge
WebSocket frames, and requests to the browser tutorial's routes. Each answer must be below 500, and a
refused request must leave the game as it was.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.web.helpers import create, humans, state, tok

# Close codes a refused live connection may get (see the server's WebSocket handler).
WS_CLOSE_CODES = {1003, 1007, 1009, 4403, 4404, 4408, 4429}


@dataclass
class FuzzReport:
    requests: int = 0
    ws_connections: int = 0
    accepted: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    close_codes: dict[int, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    tutorial_statuses: dict[int, int] = field(default_factory=dict)  # the tutorial routes' answers

    def count(self, status: int) -> None:
        self.statuses[status] = self.statuses.get(status, 0) + 1


def _junk(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value: wrong types, huge numbers, odd strings, nesting."""
    pick = rng.randrange(10 if depth < 4 else 6)
    if pick == 0:
        return None
    if pick == 1:
        return rng.choice([True, False])
    if pick == 2:
        return rng.choice([0, -1, 1, 2**31, 2**63, -(2**70), 10_000_001])
    if pick == 3:
        return rng.choice([0.5, -0.0, 1e308, 3.0])
    if pick == 4:
        return rng.choice(["", "done", "gate ²", "①", "x" * 5000, "\u0000", "<script>", "pass 1 2 3", "🙂"])
    if pick == 5:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(1, 40)))
    if pick in (6, 7):
        return [_junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["version", "action", "seats", "seed", "token", "games", "kind", "x"]): _junk(rng, depth + 1)}


class Fuzzer:
    """Fuzz one running server: a game of ``players`` human seats is the target."""

    def __init__(self, url: str, seed: int, players: int = 2) -> None:
        self.url = url
        self.rng = random.Random(seed)
        self.c = httpx.Client(base_url=url, timeout=30)
        self.g = create(self.c, humans(players), seed=None)
        self.gid = self.g["game"]
        self.tokens = [s["token"] for s in self.g["seats"]]
        self.spectator = self.g["spectator"]["token"]
        self.accepted: list[tuple[str, int, str]] = []  # (token, version, action) acknowledged
        # The browser tutorial's routes, fuzzed between the game's requests with a generator of their own
        # (the game's inputs stay those of the seed).
        self.trng = random.Random(seed + 1)
        r = self.c.post("/api/tutorials", json={})
        r.raise_for_status()
        self.tutorial = str(r.json()["id"])

    def close(self) -> None:
        self.c.close()

    def snapshot(self) -> dict[str, Any]:
        return state(self.c, self.gid, self.spectator)

    def _token(self) -> str | None:
        r = self.rng.randrange(8)
        if r < 3:
            return self.rng.choice(self.tokens)  # the right seat or another seat
        if r == 3:
            return self.spectator
        if r == 4:
            return None
        if r == 5:
            return "x" * self.rng.choice([1, 63, 64, 65, 500])
        return self.rng.choice(self.tokens)[:-1] + "A"

    def _game(self) -> str:
        r = self.rng.randrange(10)
        if r < 8:
            return self.gid
        return self.rng.choice(["nosuchgame", "a" * 32, "a" * 33, "..%2f..", "%00", "-"])

    def _body(self, snap: dict[str, Any]) -> tuple[dict[str, str], bytes | Iterator[bytes] | None, Any]:
        """(headers, raw content, json) for one request body."""
        r = self.rng.randrange(11)
        if r >= 9:
            r = 5
        if r == 0:
            return {"content-type": "application/json"}, self.rng.choice([b"{", b"[1,", b"\xff\xfe", b"nul"]), None
        if r == 1:
            return {"content-type": "application/json"}, b"[" * 5000 + b"]" * 5000, None
        if r == 2:  # chunked and over the limit
            return {"content-type": "application/json"}, iter([b'{"version": 0, "action": "'] + [b"x" * 4096] * 6), None
        if r == 3:
            return {"content-type": "application/json"}, json.dumps({"x": "y" * 20_000}).encode(), None
        if r == 4 and self.accepted:  # a replayed acknowledged request
            _tok, version, action = self.rng.choice(self.accepted)
            return {}, None, {"version": version, "action": action}
        if r in (4, 5):  # a legal-looking action at a stale, future or current version
            texts = [a["text"] for a in snap.get("legal", [])] or ["done"]
            v = snap["version"] + self.rng.choice([-2, -1, 0, 0, 1, 5])
            return {}, None, {"version": v, "action": self.rng.choice(texts)}
        return {}, None, _junk(self.rng)

    def http_round(self, report: FuzzReport) -> None:
        before = self.snapshot()
        # Look through a seat's eyes (often the one to move) so legal texts and versions are realistic.
        pend = before["pending"]
        mover = self.tokens[pend["player"]] if pend else self.tokens[0]
        seat_token = mover if self.rng.random() < 0.5 else self.rng.choice(self.tokens)
        seat_snap = state(self.c, self.gid, seat_token)
        token = seat_token if self.rng.random() < 0.3 else self._token()
        headers = tok(token) if token is not None else {}
        gid = self._game()
        kind = self.rng.choice(["actions"] * 4 + ["undo"] * 2 + ["state", "board", "replay", "mine", "create"])
        h, content, body = self._body(seat_snap)
        headers.update(h)
        try:
            if kind in ("actions", "undo"):
                if body is None and content is None:
                    body = {}
                r = self.c.post(f"/api/games/{gid}/{kind}", headers=headers, content=content, json=body)
            elif kind == "mine":
                items = [{"game": gid, "token": token or ""}, _junk(self.rng)] if content is None else None
                r = self.c.post("/api/mine", headers=h, content=content, json={"games": items})
            elif kind == "create":
                r = self.c.post("/api/games", headers=h, content=content, json=body if content is None else None)
            else:
                params = {"upto": self.rng.choice(["0", "-1", "abc", "99999999999"])} if kind == "replay" else None
                r = self.c.get(f"/api/games/{gid}/{kind}", headers=headers, params=params)
        except httpx.HTTPError as exc:
            report.failures.append(f"{kind}: transport error {exc!r}")
            return
        report.requests += 1
        report.count(r.status_code)
        if r.status_code >= 500:
            report.failures.append(f"{kind} {gid} -> {r.status_code}: {r.text[:200]}")
        after = self.snapshot()
        changed = after != before
        if kind in ("actions", "undo") and r.status_code == 200 and gid == self.gid:
            report.accepted += 1
            if kind == "actions" and isinstance(body, dict):
                self.accepted.append((token or "", int(body["version"]), str(body["action"])))
            if after["version"] == before["version"]:
                report.failures.append(f"{kind} acknowledged but nothing changed")
        elif changed:
            report.failures.append(f"refused {kind} ({r.status_code}) changed the game")

    def tutorial_round(self, report: FuzzReport) -> None:
        """One request to the tutorial's routes: a read, Next or a move (a legal-looking one or junk, as
        JSON or as a malformed or oversized body), of this tutorial or of a bad id."""
        rng = self.trng
        tid = self.tutorial if rng.random() < 0.7 else rng.choice(["nosuch", "a" * 33, "..%2f..", "%00", "-"])
        route = rng.choice(["", "/next", "/play", "/play", "/play"])
        pick = rng.randrange(5)
        content: bytes | None = None
        body: Any = None
        if pick == 0:
            content = rng.choice(
                [b"{", b"\xff\xfe", b"[" * 5000 + b"]" * 5000, json.dumps({"action": "x" * 20_000}).encode()]
            )
        elif pick in (1, 2):
            body = {"action": rng.choice(["done", "next", "enter lust", "step 1.3", "send bank noble", "xyzzy 1"])}
        else:
            body = _junk(rng)
        try:
            if route == "":
                r = self.c.get(f"/api/tutorials/{tid}")
            else:
                headers = {"content-type": "application/json"} if content is not None else {}
                r = self.c.post(f"/api/tutorials/{tid}{route}", headers=headers, content=content, json=body)
        except httpx.HTTPError as exc:
            report.failures.append(f"tutorial{route}: transport error {exc!r}")
            return
        report.requests += 1
        report.count(r.status_code)
        report.tutorial_statuses[r.status_code] = report.tutorial_statuses.get(r.status_code, 0) + 1
        if r.status_code >= 500:
            report.failures.append(f"tutorial{route} {tid} -> {r.status_code}: {r.text[:200]}")

    def ws_round(self, report: FuzzReport) -> None:
        r = self.rng.randrange(6)
        frame: str | bytes
        if r == 0:
            frame = bytes(self.rng.randrange(256) for _ in range(self.rng.randrange(1, 64)))
        elif r == 1:
            frame = "[" * 3000 + "]" * 3000
        elif r == 2:
            frame = json.dumps({"token": "x" * 5000})
        elif r == 3:
            frame = json.dumps(_junk(self.rng))
        elif r == 4:
            frame = json.dumps({"token": self._token()})
        else:
            frame = self.rng.choice(["{", "null", "[]", '{"token": 5}', "\ud7ff"])
        before = self.snapshot()
        gid = self._game()
        report.ws_connections += 1
        try:
            with connect(f"ws://{self.url.split('://')[1]}/api/games/{gid}/ws", open_timeout=10) as ws:
                ws.send(frame)
                try:
                    while True:
                        msg = json.loads(ws.recv(timeout=2))
                        if msg.get("type") == "state":
                            break  # a valid token: the connection is live
                except TimeoutError:
                    report.failures.append("ws: neither a state nor a close within 2 s")
                except ConnectionClosed as exc:
                    code = exc.rcvd.code if exc.rcvd else -1
                    report.close_codes[code] = report.close_codes.get(code, 0) + 1
                    if code not in WS_CLOSE_CODES:
                        report.failures.append(f"ws: close code {code} for {frame[:40]!r}")
        except InvalidStatus as exc:  # refused before the upgrade (e.g. no such route): fine below 500
            report.count(exc.response.status_code)
            if exc.response.status_code >= 500:
                report.failures.append(f"ws upgrade {gid!r} -> {exc.response.status_code}")
        except (OSError, ConnectionClosed) as exc:
            report.failures.append(f"ws: {exc!r}")
        if self.snapshot() != before:
            report.failures.append("a WebSocket changed the game")


def fuzz(url: str, seed: int, http_rounds: int, ws_rounds: int) -> FuzzReport:
    report = FuzzReport()
    f = Fuzzer(url, seed)
    try:
        for _ in range(http_rounds):
            f.http_round(report)
            if f.trng.random() < 0.3:
                f.tutorial_round(report)
        for _ in range(ws_rounds):
            f.ws_round(report)
    finally:
        f.close()
    return report
