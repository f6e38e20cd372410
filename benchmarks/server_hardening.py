"""Measurements of the server under abuse: cheap-request latency while bot-heavy games run, and start-up
time and memory with many never-played games stored.

Each command starts ``inferno serve`` in its own process on loopback (a temporary SQLite database) and
reports JSON. ``--src DIR`` runs another checkout's code (e.g. an older commit) for before/after figures.

    .venv/bin/python benchmarks/server_hardening.py latency --games 6 --bots 4 --bot hard --seconds 20
    .venv/bin/python benchmarks/server_hardening.py startup --games 20000
    .venv/bin/python benchmarks/server_hardening.py probe
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, db: Path, src: str | None, extra: list[str]) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        if src:
            env["PYTHONPATH"] = src
        cmd = [sys.executable, "-c", "from inferno.cli.main import cli; cli()", "serve", "--port", str(self.port)]
        cmd += ["--db", f"sqlite:///{db}", "--bot-delay", "0", "--read-rate", "100000", *extra]
        self.log = open(db.with_suffix(".log"), "wb")
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, env=env)
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(db.with_suffix(".log").read_text())
            try:
                if httpx.get(f"{self.url}/api/bots", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.05)
        self.startup_s = time.perf_counter() - self.started

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(20)
        self.log.close()


def latency(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(Path(tmp) / "lat.db", args.src, args.server_args)
        try:
            with httpx.Client(base_url=srv.url, timeout=60) as c:
                g = c.post("/api/games", json={"seats": [{"kind": "human"}]}).json()
                spec = g["spectator"]["token"]

                def sample(n: int) -> list[float]:
                    out = []
                    for i in range(n):
                        t = time.perf_counter()
                        if i % 2:
                            c.get("/api/bots")
                        else:
                            c.get(f"/api/games/{g['game']}/state", headers={"X-Inferno-Token": spec})
                        out.append((time.perf_counter() - t) * 1000)
                        time.sleep(0.02)
                    return out

                idle = sample(100)
                refused = 0
                for _ in range(args.games):
                    seats = [{"kind": "bot", "bot": args.bot}] * args.bots
                    r = c.post("/api/games", json={"seats": seats})
                    refused += r.status_code == 429
                time.sleep(1.0)
                busy: list[float] = []
                end = time.monotonic() + args.seconds
                while time.monotonic() < end:
                    busy += sample(10)
        finally:
            srv.stop()
    return {
        "bot_games_requested": args.games,
        "bot_games_refused": refused,
        "idle_median_ms": round(statistics.median(idle), 2),
        "busy_median_ms": round(statistics.median(busy), 2),
        "busy_p90_ms": round(statistics.quantiles(busy, n=10)[-1], 2),
        "busy_samples": len(busy),
    }


def startup(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "start.db"
        env = dict(os.environ)
        if args.src:
            env["PYTHONPATH"] = args.src
        fill = (
            "import sys\n"
            "from inferno.server.service import GameService, SeatKind, SeatSpec\n"
            "from inferno.server.storage import Storage\n"
            "svc = GameService(Storage(sys.argv[1]))\n"
            "for i in range(int(sys.argv[2])):\n"
            "    svc.create([SeatSpec(SeatKind.HUMAN), SeatSpec(SeatKind.HUMAN), SeatSpec(SeatKind.HUMAN)])\n"
            "    svc.sessions.clear()\n"
        )
        subprocess.run([sys.executable, "-c", fill, f"sqlite:///{db}", str(args.games)], env=env, check=True)
        empty = Server(Path(tmp) / "empty.db", args.src, args.server_args)
        empty_s, empty_mb = empty.startup_s, empty.rss_mb()
        empty.stop()
        srv = Server(db, args.src, args.server_args)
        time.sleep(0.5)
        full_s, full_mb = srv.startup_s, srv.rss_mb()
        srv.stop()
    return {
        "games": args.games,
        "startup_empty_s": round(empty_s, 2),
        "rss_empty_mb": round(empty_mb, 1),
        "startup_full_s": round(full_s, 2),
        "rss_full_mb": round(full_mb, 1),
    }


def probe(args: argparse.Namespace) -> dict[str, Any]:
    """The issue's findings in one run: seed in views, unthrottled failed authentications, odd answers."""
    import asyncio

    import websockets

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(Path(tmp) / "probe.db", args.src, args.server_args)
        try:
            with httpx.Client(base_url=srv.url, timeout=30) as c:
                g = c.post("/api/games", json={"seats": [{"kind": "human"}] * 2}).json()
                gid, spec = g["game"], g["spectator"]["token"]
                st = c.get(f"/api/games/{gid}/state", headers={"X-Inferno-Token": spec}).json()
                out["spectator_config"] = st["state"]["config"]
                codes: dict[str, dict[int, int]] = {}
                for what, path, body in (
                    ("wrong_token_action", f"/api/games/{gid}/actions", {"version": 0, "action": "done"}),
                    ("wrong_token_undo", f"/api/games/{gid}/undo", {"version": 0}),
                    ("unknown_game", "/api/games/nosuchgame/actions", {"version": 0, "action": "done"}),
                ):
                    seen: dict[int, int] = {}
                    for i in range(args.tries):
                        r = c.post(path, json=body, headers={"X-Inferno-Token": f"wrong{i}"})
                        seen[r.status_code] = seen.get(r.status_code, 0) + 1
                    codes[what] = seen
                    time.sleep(args.pause)  # let the allowance refill between the three kinds
                out["failed_auth_status_counts"] = codes
                r = c.post(f"/api/games/{gid}/undo", json={"version": 0}, headers={"X-Inferno-Token": spec})
                out["spectator_undo_status"] = r.status_code

                def chunks() -> Any:
                    for _ in range(40):
                        yield b"x" * 1000

                r = c.post(f"/api/games/{gid}/actions", content=chunks(), headers={"X-Inferno-Token": spec})
                out["chunked_oversize_status"] = r.status_code

            async def ws_case(first: str | bytes) -> Any:
                async with websockets.connect(f"ws://127.0.0.1:{srv.port}/api/games/{gid}/ws") as ws:
                    await ws.send(first)
                    try:
                        while True:
                            await asyncio.wait_for(ws.recv(), 5)
                    except websockets.ConnectionClosed as exc:
                        return [exc.rcvd.code if exc.rcvd else None, exc.rcvd.reason if exc.rcvd else None]

            out["ws_binary_first_frame_close"] = asyncio.run(ws_case(b"\x00\x01"))
            out["ws_deep_json_close"] = asyncio.run(ws_case("[" * 2000 + "]" * 2000))
        finally:
            srv.stop()
        log = (Path(tmp) / "probe.log").read_text()
        out["tracebacks_in_log"] = log.count("Traceback")
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--src", default=None, help="PYTHONPATH for the server (another checkout's src/)")
    p.add_argument("--server-arg", dest="server_args", action="append", default=[], help="extra serve option")
    sub = p.add_subparsers(dest="cmd", required=True)
    lat = sub.add_parser("latency")
    lat.add_argument("--games", type=int, default=6)
    lat.add_argument("--bots", type=int, default=4)
    lat.add_argument("--bot", default="hard")
    lat.add_argument("--seconds", type=float, default=20)
    st = sub.add_parser("startup")
    st.add_argument("--games", type=int, default=20_000)
    pr = sub.add_parser("probe")
    pr.add_argument("--tries", type=int, default=200)
    pr.add_argument("--pause", type=float, default=0.0)
    args = p.parse_args()
    fn = {"latency": latency, "startup": startup, "probe": probe}[args.cmd]
    print(json.dumps(fn(args), indent=1))


if __name__ == "__main__":
    main()
