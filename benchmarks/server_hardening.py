"""Measurements of the server under abuse: cheap-request latency while bot-heavy games run or hints are
worked out, start-up time and memory with many never-played games stored, one address flooding the
server with connections or another game with wrong tokens, votes against a present player, and stopping
the server with SIGTERM while bots think.

Each command starts ``inferno serve`` in its own process on loopback (a temporary SQLite database) and
reports JSON. ``--src DIR`` runs another checkout's code (e.g. an older commit) for before/after figures.
``make soak-server`` runs the long versions.

    .venv/bin/python benchmarks/server_hardening.py latency --games 6 --bots 4 --bot hard --seconds 20
    .venv/bin/python benchmarks/server_hardening.py hints --hints 32 --seconds 30
    .venv/bin/python benchmarks/server_hardening.py startup --games 20000
    .venv/bin/python benchmarks/server_hardening.py flood --files 1024 --seconds 40
    .venv/bin/python benchmarks/server_hardening.py lockout --seconds 60
    .venv/bin/python benchmarks/server_hardening.py votes --seconds 30
    .venv/bin/python benchmarks/server_hardening.py sigterm --tries 20
    .venv/bin/python benchmarks/server_hardening.py probe
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, db: Path, src: str | None, extra: list[str], open_files: int | None = None) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        if src:
            env["PYTHONPATH"] = src
        cmd = [sys.executable, "-c", "from inferno.cli.main import cli; cli()", "serve", "--port", str(self.port)]
        cmd += ["--db", f"sqlite:///{db}", "--bot-delay", "0", "--read-rate", "100000", *extra]
        self.log_path = db.with_suffix(".log")
        self.log = open(self.log_path, "wb")
        self.started = time.perf_counter()

        def limit() -> None:
            if open_files is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, env=env, preexec_fn=limit)
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

    def files(self) -> int:
        try:
            return len(os.listdir(f"/proc/{self.proc.pid}/fd"))
        except OSError:
            return -1

    def cpu_ticks(self) -> int:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])


def _quantiles(ms: list[float]) -> dict[str, float]:
    if len(ms) < 2:
        return {"p50": ms[0] if ms else float("nan"), "p99": ms[0] if ms else float("nan"), "n": len(ms)}
    q = statistics.quantiles(ms, n=100)
    return {"p50": round(statistics.median(ms), 2), "p99": round(q[98], 2), "n": len(ms)}


def _client(address: str | None = None, timeout: float = 30) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=address) if address else None
    return httpx.Client(transport=transport, timeout=timeout)


def _unrelated(c: httpx.Client, url: str, game: dict[str, Any], seconds: float) -> list[float]:
    """Latency (ms) of cheap requests unrelated to the load: the lobby's bot list and another game's state."""
    out = []
    end = time.monotonic() + seconds
    i = 0
    while time.monotonic() < end:
        t = time.perf_counter()
        if i % 2:
            c.get(f"{url}/api/bots")
        else:
            c.get(f"{url}/api/games/{game['game']}/state", headers={"X-Inferno-Token": game["spectator"]["token"]})
        out.append((time.perf_counter() - t) * 1000)
        i += 1
        time.sleep(0.02)
    return out


def hints(args: argparse.Namespace) -> dict[str, Any]:
    """``--hints`` hints kept in flight (one per solo game) while unrelated requests are timed, against the
    same requests with the server idle; a bot table plays meanwhile."""
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(Path(tmp) / "hints.db", args.src, ["--action-rate", "1000", *args.server_args])
        try:
            with _client() as c:
                other = c.post(f"{srv.url}/api/games", json={"seats": [{"kind": "human"}] * 2}).json()
                solos = [
                    c.post(f"{srv.url}/api/games", json={"seats": [{"kind": "human"}]}).json()
                    for _ in range(args.hints)
                ]
                idle = _unrelated(c, srv.url, other, args.idle_seconds)
                table = c.post(f"{srv.url}/api/games", json={"seats": [{"kind": "bot", "bot": args.bot}] * 2}).json()
                stop = threading.Event()
                answered: dict[int, int] = {}
                lock = threading.Lock()

                def keep_asking(g: dict[str, Any]) -> None:
                    tok = {"X-Inferno-Token": g["seats"][0]["token"]}
                    with _client(timeout=120) as h:
                        v = h.get(f"{srv.url}/api/games/{g['game']}/state", headers=tok).json()["version"]
                        while not stop.is_set():
                            r = h.post(f"{srv.url}/api/games/{g['game']}/hint", json={"version": v}, headers=tok)
                            with lock:
                                answered[r.status_code] = answered.get(r.status_code, 0) + 1

                askers = [threading.Thread(target=keep_asking, args=(g,)) for g in solos]
                for t in askers:
                    t.start()
                time.sleep(1.0)
                spec = {"X-Inferno-Token": table["spectator"]["token"]}
                moves_before = c.get(f"{srv.url}/api/games/{table['game']}/state", headers=spec).json()["version"]
                cpu_before = srv.cpu_ticks()
                busy = _unrelated(c, srv.url, other, args.seconds)
                cpu = srv.cpu_ticks() - cpu_before
                moves = (
                    c.get(f"{srv.url}/api/games/{table['game']}/state", headers=spec).json()["version"] - moves_before
                )
                stop.set()
                for t in askers:
                    t.join(180)
        finally:
            srv.stop()
    i, b = _quantiles(idle), _quantiles(busy)
    return {
        "hints_in_flight": args.hints,
        "idle_ms": i,
        "busy_ms": b,
        "p99_busy_over_idle": round(b["p99"] / i["p99"], 2),
        "hint_answers": dict(sorted(answered.items())),
        "server_cpu_seconds_during_load": round(cpu / os.sysconf("SC_CLK_TCK"), 2),
        "load_seconds": args.seconds,
        "bot_table_moves_during_load": moves,
    }


def flood(args: argparse.Namespace) -> dict[str, Any]:
    """One address opens live connections as fast as the server lets it, and idle sockets besides, for
    ``--seconds``, under an open-file limit of ``--files``; another address connects twice a second."""
    import websockets.sync.client as wsc

    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(Path(tmp) / "flood.db", args.src, ["--read-rate", "50", *args.server_args], open_files=args.files)
        held = contextlib.ExitStack()  # every connection of the flood, closed at the end
        counts = {"live_opened": 0, "live_refused": 0, "raw_opened": 0, "raw_failed": 0}
        stop = threading.Event()
        try:
            with _client("127.0.0.9") as c:
                games = [
                    c.post(f"{srv.url}/api/games", json={"seats": [{"kind": "human"}] * 2}).json() for _ in range(50)
                ]
            ws_url = srv.url.replace("http", "ws")

            def live_flood() -> None:
                i = 0
                while not stop.is_set():
                    g = games[i % len(games)]
                    i += 1
                    try:
                        url = f"{ws_url}/api/games/{g['game']}/ws"
                        ws = held.enter_context(wsc.connect(url, open_timeout=5, source_address=(args.flooder, 0)))
                        ws.send(json.dumps({"token": g["spectator"]["token"]}))
                        msg = json.loads(ws.recv(timeout=5))
                        if msg.get("type") == "state":
                            counts["live_opened"] += 1
                        else:
                            counts["live_refused"] += 1
                            ws.close()
                    except Exception:
                        counts["live_refused"] += 1

            def raw_flood() -> None:
                while not stop.is_set():
                    try:
                        s = held.enter_context(socket.socket())
                        s.bind((args.flooder, 0))
                        s.settimeout(5)
                        s.connect(("127.0.0.1", srv.port))
                        counts["raw_opened"] += 1
                    except OSError:
                        counts["raw_failed"] += 1
                    time.sleep(0.005)

            rss_start = srv.rss_mb()
            rss_samples: list[float] = []
            floods = [threading.Thread(target=live_flood), threading.Thread(target=raw_flood)]
            for t in floods:
                t.start()
            visits = fails = 0
            files_max = rss_max = 0.0
            end = time.monotonic() + args.seconds
            with _client("127.0.0.6", timeout=10) as v:
                while time.monotonic() < end:
                    visits += 1
                    try:
                        g = games[visits % len(games)]
                        ok = v.get(f"{srv.url}/api/bots").status_code == 200
                        with wsc.connect(
                            f"{ws_url}/api/games/{g['game']}/ws", open_timeout=10, source_address=("127.0.0.6", 0)
                        ) as ws:
                            ws.send(json.dumps({"token": g["spectator"]["token"]}))
                            ok = ok and json.loads(ws.recv(timeout=10)).get("type") == "state"
                    except Exception:
                        ok = False
                    fails += not ok
                    files_max = max(files_max, srv.files())
                    rss_samples.append(srv.rss_mb())
                    rss_max = max(rss_max, rss_samples[-1])
                    time.sleep(0.5)
            stop.set()
            for t in floods:
                t.join(30)
            rss_flooded = srv.rss_mb()
        finally:
            held.close()
            srv.stop()
        log = srv.log_path.read_text()
    return {
        "open_file_limit": args.files,
        "seconds": args.seconds,
        **counts,
        "visitor_attempts": visits,
        "visitor_failures": fails,
        "server_files_max": int(files_max),
        "server_rss_start_mb": round(rss_start, 1),
        "server_rss_mb_by_quarter": [round(rss_samples[len(rss_samples) * k // 4 - 1], 1) for k in (1, 2, 3, 4)],
        "server_rss_max_mb": round(rss_max, 1),
        "server_rss_end_mb": round(rss_flooded, 1),
        "tracebacks_in_log": log.count("Traceback"),
    }


def lockout(args: argparse.Namespace) -> dict[str, Any]:
    """Four addresses send wrong tokens against one game (``--rate`` a second each) for ``--seconds``;
    the invited seat-2 player, from an address that never opened the game, asks for the state every
    second."""
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(Path(tmp) / "lockout.db", args.src, args.server_args)
        stop = threading.Event()
        flood_codes: dict[int, int] = {}
        lock = threading.Lock()
        try:
            with _client("127.0.0.30") as c:
                g = c.post(f"{srv.url}/api/games", json={"seats": [{"kind": "human"}] * 2}).json()
            path = f"{srv.url}/api/games/{g['game']}/state"

            def guess(address: str) -> None:
                i = 0
                with _client(address) as f:
                    while not stop.is_set():
                        r = f.get(path, headers={"X-Inferno-Token": f"wrong-{address}-{i}"})
                        i += 1
                        with lock:
                            flood_codes[r.status_code] = flood_codes.get(r.status_code, 0) + 1
                        time.sleep(1 / args.rate)

            floods = [threading.Thread(target=guess, args=(f"127.0.0.{31 + k}",)) for k in range(4)]
            for t in floods:
                t.start()
            player: dict[int, int] = {}
            end = time.monotonic() + args.seconds
            k = 0
            while time.monotonic() < end:
                time.sleep(1.0)
                k += 1
                with _client(f"127.0.1.{k % 250 + 1}") as p:  # a new address every time: never opened the game
                    r = p.get(path, headers={"X-Inferno-Token": g["seats"][1]["token"]})
                player[r.status_code] = player.get(r.status_code, 0) + 1
            stop.set()
            for t in floods:
                t.join(30)
        finally:
            srv.stop()
    return {
        "seconds": args.seconds,
        "flood_rate_per_address": args.rate,
        "flood_status_counts": dict(sorted(flood_codes.items())),
        "player_status_counts": dict(sorted(player.items())),
    }


def votes(args: argparse.Namespace) -> dict[str, Any]:
    """A 2-human game: the player to move keeps their page open while the other votes every half second
    for ``--seconds``; then the page closes and the other votes until the vote passes."""
    import websockets.sync.client as wsc

    gone = args.gone
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(Path(tmp) / "votes.db", args.src, ["--vote-gone", str(gone), *args.server_args])
        try:
            with _client() as c:
                g = c.post(f"{srv.url}/api/games", json={"seats": [{"kind": "human"}] * 2}).json()
                spec = {"X-Inferno-Token": g["spectator"]["token"]}
                p = c.get(f"{srv.url}/api/games/{g['game']}/state", headers=spec).json()["pending"]["player"]
                other = {"X-Inferno-Token": g["seats"][1 - p]["token"]}
                vote = f"{srv.url}/api/games/{g['game']}/vote"
                codes: dict[int, int] = {}
                taken_while_present = 0
                with wsc.connect(srv.url.replace("http", "ws") + f"/api/games/{g['game']}/ws", open_timeout=10) as ws:
                    ws.send(json.dumps({"token": g["seats"][p]["token"]}))
                    ws.recv(timeout=10)
                    end = time.monotonic() + args.seconds
                    while time.monotonic() < end:
                        r = c.post(vote, json={"seat": p}, headers=other)
                        codes[r.status_code] = codes.get(r.status_code, 0) + 1
                        taken_while_present += r.status_code == 200 and bool(r.json().get("taken_over"))
                        time.sleep(0.5)
                closed = time.monotonic()
                passed_after = None
                while time.monotonic() - closed < gone + 30:
                    r = c.post(vote, json={"seat": p}, headers=other)
                    if r.status_code == 200 and r.json().get("taken_over"):
                        passed_after = round(time.monotonic() - closed, 2)
                        break
                    time.sleep(0.25)
        finally:
            srv.stop()
    return {
        "present_seconds": args.seconds,
        "votes_while_present": codes,
        "taken_over_while_present": taken_while_present,
        "gone_seconds": gone,
        "vote_passed_seconds_after_page_closed": passed_after,
    }


def sigterm(args: argparse.Namespace) -> dict[str, Any]:
    """``--tries`` times: a server with bots thinking (three ``hard`` bots), a live connection and a hint
    waiting gets SIGTERM; its exit status, the seconds it took, and any warning it printed."""
    import websockets.sync.client as wsc

    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.tries):
            srv = Server(Path(tmp) / f"stop{i}.db", args.src, args.server_args)
            live = contextlib.ExitStack()
            try:
                with _client() as c:
                    g = c.post(f"{srv.url}/api/games", json={"seats": [{"kind": "bot", "bot": "hard"}] * 3}).json()
                    solo = c.post(f"{srv.url}/api/games", json={"seats": [{"kind": "human"}]}).json()
                    spec = {"X-Inferno-Token": g["spectator"]["token"]}
                    ws_url = srv.url.replace("http", "ws") + f"/api/games/{g['game']}/ws"
                    ws = live.enter_context(wsc.connect(ws_url, open_timeout=10))
                    ws.send(json.dumps({"token": g["spectator"]["token"]}))
                    ws.recv(timeout=10)
                    while c.get(f"{srv.url}/api/games/{g['game']}/state", headers=spec).json()["version"] < 2:
                        time.sleep(0.1)
                    tok = {"X-Inferno-Token": solo["seats"][0]["token"], "content-type": "application/json"}
                    hint = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30)
                    hint.request("POST", f"/api/games/{solo['game']}/hint", json.dumps({"version": 0}), tok)
                    time.sleep(0.2)
                t = time.perf_counter()
                srv.proc.send_signal(signal.SIGTERM)
                try:
                    code = srv.proc.wait(30)
                except subprocess.TimeoutExpired:
                    srv.proc.kill()
                    code = None
                took = time.perf_counter() - t
            finally:
                live.close()
                srv.log.close()
            log = srv.log_path.read_text()
            warned = [w for w in ("Traceback", "Aborted", "leaked", "Error", "WARNING") if w in log]
            results.append({"exit": code, "seconds": round(took, 2), "warnings": warned})
    within = sum(1 for r in results if r["exit"] == 0 and r["seconds"] <= 5 and not r["warnings"])
    return {
        "tries": args.tries,
        "clean_exits_within_5s": within,
        "max_seconds": max(r["seconds"] for r in results),
        "exit_codes": sorted({str(r["exit"]) for r in results}),
        "warnings": sorted({w for r in results for w in r["warnings"]}),
    }


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
        runs: dict[str, list[float]] = {"empty_s": [], "full_s": [], "empty_mb": [], "full_mb": []}
        for _ in range(args.repeat):  # in turn, so that the machine's load falls on both alike
            for name, path in (("empty", Path(tmp) / "empty.db"), ("full", db)):
                srv = Server(path, args.src, args.server_args)
                time.sleep(0.5)
                runs[f"{name}_s"].append(round(srv.startup_s, 2))
                runs[f"{name}_mb"].append(round(srv.rss_mb(), 1))
                srv.stop()
    return {
        "games": args.games,
        "starts_each": args.repeat,
        "startup_empty_s": runs["empty_s"],
        "startup_full_s": runs["full_s"],
        "startup_empty_median_s": round(statistics.median(runs["empty_s"]), 2),
        "startup_full_median_s": round(statistics.median(runs["full_s"]), 2),
        "rss_empty_mb": statistics.median(runs["empty_mb"]),
        "rss_full_mb": statistics.median(runs["full_mb"]),
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
    st.add_argument("--repeat", type=int, default=3)
    pr = sub.add_parser("probe")
    pr.add_argument("--tries", type=int, default=200)
    pr.add_argument("--pause", type=float, default=0.0)
    hi = sub.add_parser("hints")
    hi.add_argument("--hints", type=int, default=32)
    hi.add_argument("--seconds", type=float, default=30)
    hi.add_argument("--idle-seconds", type=float, default=10)
    hi.add_argument("--bot", default="hard")
    fl = sub.add_parser("flood")
    fl.add_argument("--files", type=int, default=1024)
    fl.add_argument("--seconds", type=float, default=40)
    fl.add_argument("--flooder", default="127.0.0.5")
    lo = sub.add_parser("lockout")
    lo.add_argument("--seconds", type=float, default=60)
    lo.add_argument("--rate", type=float, default=5.0)
    vo = sub.add_parser("votes")
    vo.add_argument("--seconds", type=float, default=30)
    vo.add_argument("--gone", type=float, default=5)
    sg = sub.add_parser("sigterm")
    sg.add_argument("--tries", type=int, default=20)
    args = p.parse_args()
    fn = {
        "latency": latency,
        "startup": startup,
        "probe": probe,
        "hints": hints,
        "flood": flood,
        "lockout": lockout,
        "votes": votes,
        "sigterm": sigterm,
    }[args.cmd]
    print(json.dumps(fn(args), indent=1))


if __name__ == "__main__":
    main()
