"""Load test of the web server: many concurrent games played from another process over loopback.

Starts ``inferno serve`` on a temporary SQLite database (or uses --url), creates ``--games`` games of
human seats, and plays random legal moves in all of them at once, each move sent by the seat whose
decision it is with the version it saw. Every game is set up first (created, and with ``--ws`` its
seats connected); then they all play. Reports moves per second and latency percentiles of the play, and
the server's CPU time for the set-up and the play, apart and together.

With ``--postgres`` it starts a throw-away PostgreSQL cluster (Debian's postgresql package) and
``--servers`` server processes sharing its database; games are spread over the processes, and each
move of a game goes to the next process in turn (so every move is served by whichever process gets it);
with ``--route game`` every request of a game goes to one process, as a proxy routing by game sends them.

    .venv/bin/python benchmarks/load_test.py --games 40 --moves 60
    .venv/bin/python benchmarks/load_test.py --postgres --servers 2 --games 200 --moves 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import glob
import json
import multiprocessing
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))  # raw_http beside it, also when loaded by path
from raw_http import RawClient

# The clients a game plays through: the lean one (default) or httpx's, both with get/post/base_url.
Client = RawClient | httpx.AsyncClient
CLIENTS = ("raw", "httpx")


@dataclass
class Stats:
    post_ms: list[float] = field(default_factory=list)
    get_ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    moves: int = 0
    games_finished: int = 0
    cpu_seconds: float = 0.0  # the client's own CPU time (it shares the machine with the server)

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


class Pace:
    """When a game's next move is due: every ``interval`` seconds from a random start within the first
    interval, counted from its first move (0: at once)."""

    def __init__(self, interval: float, rng: random.Random) -> None:
        self.interval = interval
        self.offset = rng.random() * interval
        self.due: float | None = None

    async def wait(self) -> None:
        if self.interval:
            if self.due is None:
                self.due = time.perf_counter() + self.offset
            await asyncio.sleep(max(0.0, self.due - time.perf_counter()))
            self.due += self.interval


@dataclass
class Start:
    """Set-up before play: each game says when it is set up (created, and over live connections its
    seats connected with their first state); no game moves before ``go``."""

    go: asyncio.Event = field(default_factory=asyncio.Event)


async def play_game(
    cs: list[Client],
    players: int,
    moves: int,
    seed: int,
    stats: Stats,
    interval: float = 0,
    ready: asyncio.Event | None = None,
    start: Start | None = None,
) -> None:
    """One game through the servers of ``cs``: created on ``cs[seed]`` (modulo their number), each request
    to the next in turn. ``ready`` is set once it is created; it moves once ``start.go`` is set."""
    rng = random.Random(seed)
    pace = Pace(interval, rng)
    turn = seed

    def c() -> Client:
        nonlocal turn
        turn += 1
        return cs[turn % len(cs)]

    r = await cs[seed % len(cs)].post("/api/games", json={"seats": [{"kind": "human"}] * players, "seed": seed})
    if r.status_code != 200:
        stats.error(f"create {r.status_code}")
        return
    g = r.json()
    tokens = [s["token"] for s in g["seats"]]
    gid = g["game"]
    if ready is not None:
        ready.set()
    if start is not None:
        await start.go.wait()
    seat = 0
    for _ in range(moves):
        t0 = time.perf_counter()
        snap = (await c().get(f"/api/games/{gid}/state", headers={"X-Inferno-Token": tokens[seat]})).json()
        stats.get_ms.append((time.perf_counter() - t0) * 1000)
        if snap["pending"] is None:
            stats.games_finished += 1
            return
        if snap["pending"]["player"] != seat:
            seat = snap["pending"]["player"]
            continue
        text = rng.choice(snap["legal"])["text"]
        await pace.wait()
        t0 = time.perf_counter()
        r = await c().post(
            f"/api/games/{gid}/actions",
            json={"version": snap["version"], "action": text},
            headers={"X-Inferno-Token": tokens[seat]},
        )
        stats.post_ms.append((time.perf_counter() - t0) * 1000)
        if r.status_code == 200:
            stats.moves += 1
        else:
            stats.error(f"action {r.status_code} {r.json().get('error')}")


async def play_game_ws(
    cs: list[Client],
    players: int,
    moves: int,
    seed: int,
    stats: Stats,
    interval: float = 0,
    ready: asyncio.Event | None = None,
    start: Start | None = None,
) -> None:
    """One game played over the live connections: a socket per seat; the seat to move sends its
    action on its socket and times the answer (the state message that carries its ``ack``); every seat
    receives each new state. With several servers (``cs``), the game is created on one and each seat
    connects to the next in turn, so a move made on one process reaches sockets on the others.
    ``ready`` is set once every seat has its first state; the first move waits for ``start.go``."""
    import websockets

    rng = random.Random(seed)
    r = await cs[seed % len(cs)].post("/api/games", json={"seats": [{"kind": "human"}] * players, "seed": seed})
    if r.status_code != 200:
        stats.error(f"create {r.status_code}")
        return
    g = r.json()

    def ws_url(i: int) -> str:
        base = str(cs[(seed + i) % len(cs)].base_url).replace("http://", "ws://")
        return base + f"/api/games/{g['game']}/ws"

    done = asyncio.Event()
    played = 0
    sent = 0  # moves sent and not refused: a seat may see its turn before the last mover's answer
    connected = 0
    pace = Pace(interval, rng)

    async def seat(i: int, token: str) -> None:
        nonlocal played, connected, sent
        latest: dict[str, Any] | None = None
        sent_at: float | None = None
        async with websockets.connect(ws_url(i), max_size=None) as ws:
            await ws.send(json.dumps({"token": token}))

            async def maybe_act() -> None:
                nonlocal sent_at, sent
                if latest is None or sent_at is not None or sent >= moves:
                    return
                pend = latest["pending"]
                if pend is None or pend["player"] != i or not latest["legal"]:
                    return
                text = rng.choice(latest["legal"])["text"]
                if start is not None:
                    await start.go.wait()
                await pace.wait()
                if sent >= moves:  # another seat sent the last move while this one waited
                    return
                sent += 1
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": text, "version": latest["version"], "id": 0}))

            async for raw in ws:
                msg = orjson.loads(raw)  # cheaply: the clients share the server's cores
                if msg["type"] == "state":
                    if latest is None:
                        connected += 1
                        if connected == len(g["seats"]) and ready is not None:
                            ready.set()
                    latest = msg["data"]
                    if "ack" in msg and sent_at is not None:  # the answer to this seat's action
                        stats.post_ms.append((time.perf_counter() - sent_at) * 1000)
                        stats.moves += 1
                        played += 1
                        sent_at = None
                        if played >= moves:
                            done.set()
                            return
                    if latest["pending"] is None:
                        if i == 0:
                            stats.games_finished += 1
                        done.set()
                        return
                elif msg["type"] == "refused" and sent_at is not None:
                    stats.error(f"action {msg['error']}")
                    sent_at = None
                    sent -= 1
                    if latest is not None and msg.get("version", -1) > latest["version"]:
                        continue  # the new state is on its way
                await maybe_act()

    tasks = [asyncio.create_task(seat(i, s["token"])) for i, s in enumerate(g["seats"])]
    waiter = asyncio.create_task(done.wait())
    await asyncio.wait([waiter, *tasks], return_when=asyncio.FIRST_COMPLETED)
    await done.wait() if not any(t.done() and t.exception() for t in tasks) else None
    for t in tasks:
        t.cancel()
    for t in tasks:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await t
    waiter.cancel()


async def _client(
    url: str,
    first: int,
    games: int,
    moves: int,
    players: int,
    concurrency: int,
    ws: bool = False,
    interval: float = 0,
    set_up: Callable[[], object] | None = None,
    by_game: bool = False,
    client: str = "raw",
) -> Stats:
    """Play this client's share of the games: all of them set up first, then ``set_up`` is called (from a
    thread: it may wait for the other clients), then they all play. ``by_game``: every request and socket
    of a game goes to one server (as a proxy routing by game would send them), not to each in turn."""
    stats = Stats()
    urls = url.split(",")
    per = max(1, concurrency // len(urls))
    # A pooled connection is dropped after 2 s idle, before the server's keep-alive timeout (uvicorn's 5 s)
    # closes it: with both at 5 s a request sent on a connection the server was closing failed now and
    # then (ReadError) when the machine was busy.
    limits = httpx.Limits(max_connections=per, max_keepalive_connections=per, keepalive_expiry=2.0)
    start = Start()

    def make(u: str) -> Client:
        if client == "httpx":
            return httpx.AsyncClient(base_url=u, limits=limits, timeout=60)
        return RawClient(u, limit=per, idle_expiry=2.0)

    async with contextlib.AsyncExitStack() as stack:
        cs = [await stack.enter_async_context(make(u)) for u in urls]
        ready = [asyncio.Event() for _ in range(games)]
        game = play_game_ws if ws else play_game
        seeds = [1000 + first + i for i in range(games)]
        tasks = [
            asyncio.create_task(
                _safe(game, [cs[seed % len(cs)]] if by_game else cs, players, moves, seed, stats, interval, e, start)
            )
            for seed, e in zip(seeds, ready, strict=True)
        ]
        await asyncio.gather(*(e.wait() for e in ready))
        if set_up is not None:
            await asyncio.to_thread(set_up)
        cpu0 = time.process_time()
        start.go.set()
        await asyncio.gather(*tasks)
        stats.cpu_seconds = time.process_time() - cpu0
    return stats


async def _safe(
    game: Callable[..., Awaitable[None]],
    cs: list[Client],
    players: int,
    moves: int,
    seed: int,
    stats: Stats,
    interval: float,
    ready: asyncio.Event,
    start: Start,
) -> None:
    """One game; a refused or dropped connection is counted, and the other games go on. ``ready`` is set
    when it ends, whether or not it got that far (so that set-up never waits for a failed game)."""
    try:
        await game(cs, players, moves, seed, stats, interval, ready, start)
    except Exception as exc:
        stats.error(f"transport {type(exc).__name__}")
    finally:
        ready.set()


def _client_process(args: tuple[str, int, int, int, int, int, bool, float, Callable[[], object], bool, str]) -> Stats:
    return asyncio.run(_client(*args))


def run_load(
    url: str,
    games: int,
    moves: int,
    players: int,
    concurrency: int,
    processes: int,
    ws: bool = False,
    rate: float = 0,
    at_start: Callable[[], object] | None = None,
    by_game: bool = False,
    client: str = "raw",
) -> dict[str, Any]:
    """Play ``games`` games split over ``processes`` client processes (one client is CPU-bound early).
    ``url``: one server, or several separated by commas (each game spreads its requests over them, or
    with ``by_game`` sends them all to one).
    ``rate``: moves per second offered in all (each game moves every ``games / rate`` seconds, as
    players who think); 0: every game moves again as soon as its last move is answered.
    Every game is set up first (created; over live connections, its seats connected and sent their first
    state); then ``at_start`` is called, and play begins. Moves per second count the play only."""
    interval = games / rate if rate else 0.0
    share = [games // processes + (1 if i < games % processes else 0) for i in range(processes)]
    jobs = [
        (url, sum(share[:i]), n, moves, players, max(1, concurrency // processes), ws, interval)
        for i, n in enumerate(share)
    ]
    t0 = time.perf_counter()
    started: list[float] = []

    def begin() -> None:
        if at_start is not None:
            at_start()
        started.append(time.perf_counter())

    if processes == 1:
        parts = [asyncio.run(_client(*jobs[0], begin, by_game, client))]
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Manager() as manager, ctx.Pool(processes) as pool:
            barrier = manager.Barrier(processes + 1)
            pending = pool.map_async(_client_process, [(*job, barrier.wait, by_game, client) for job in jobs])
            barrier.wait(timeout=600)  # every client has set up its games
            begin()
            parts = pending.get()
    ended = time.perf_counter()
    elapsed = ended - started[0]
    stats = Stats()
    for part in parts:
        stats.post_ms += part.post_ms
        stats.get_ms += part.get_ms
        stats.moves += part.moves
        stats.games_finished += part.games_finished
        stats.cpu_seconds += part.cpu_seconds
        for k, v in part.errors.items():
            stats.errors[k] = stats.errors.get(k, 0) + v
    return {
        "transport": "websocket" if ws else "http",
        "client": client,
        "client_processes": processes,
        "games": games,
        "players": players,
        "concurrent_connections": concurrency,
        "routing": "by game" if by_game else "spread",
        "offered_moves_per_second": rate or None,
        "moves": stats.moves,
        "state_reads": len(stats.get_ms),  # over HTTP: the mover's, and one more when the seat to move changed
        "setup_seconds": round(started[0] - t0, 2),
        "seconds": round(elapsed, 2),
        "moves_per_second": round(stats.moves / elapsed, 1) if elapsed else 0.0,
        "action_latency_ms": {
            "p50": round(percentile(stats.post_ms, 0.50), 2),
            "p90": round(percentile(stats.post_ms, 0.90), 2),
            "p99": round(percentile(stats.post_ms, 0.99), 2),
            "max": round(max(stats.post_ms, default=0.0), 2),
            "mean": round(statistics.fmean(stats.post_ms), 2) if stats.post_ms else 0.0,
        },
        "state_latency_ms": {
            "p50": round(percentile(stats.get_ms, 0.50), 2),
            "p99": round(percentile(stats.get_ms, 0.99), 2),
        },
        "client_play_cpu_seconds": round(stats.cpu_seconds, 2),
        "errors": stats.errors,
    }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def temporary_postgres() -> Iterator[str]:
    """A throw-away PostgreSQL cluster on a loopback port; yields the URL of an empty database."""
    import psycopg

    def pg_bin(name: str) -> str:
        found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: int(Path(p).parts[4]))
        path = found[-1] if found else shutil.which(name)
        if not path:
            raise SystemExit(f"{name} not found: make postgres")
        return path

    as_pg = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    base = Path(tempfile.mkdtemp(prefix="inferno-load-pg-"))  # its own directory: the postgres user owns it
    if as_pg:
        shutil.chown(base, "postgres")
    data, port = base / "data", _free_port()
    # fsync stays on: a commit is durable before the server acknowledges the move, as in production.
    options = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c max_connections=300"
    run = {"check": True, "capture_output": True, "timeout": 120}
    subprocess.run([*as_pg, pg_bin("initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"], **run)  # type: ignore[call-overload]
    subprocess.run(
        [*as_pg, pg_bin("pg_ctl"), "-D", str(data), "-l", str(base / "log"), "-o", options, "-w", "start"], **run
    )  # type: ignore[call-overload]
    try:
        with psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres", autocommit=True) as c:
            c.execute("CREATE DATABASE load")
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/load"
    finally:
        stop = [*as_pg, pg_bin("pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]
        subprocess.run(stop, capture_output=True, timeout=60)
        shutil.rmtree(base, ignore_errors=True)


def start_server(db: Path, url: str | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """``inferno serve`` on ``url`` (default: an SQLite file at ``db``, which also names the log)."""
    port = _free_port()
    cmd = [sys.executable, "-c", "from inferno.cli.main import cli; cli()", "serve", "--port", str(port)]
    cmd += ["--db", url or f"sqlite:///{db}", "--action-rate", "100000", "--create-rate", "100000"]
    cmd += ["--read-rate", "100000"]
    # Every client connection comes from one address: lift the per-address caps (32 live connections and
    # 128 in all by default), or all but the first games' sockets are refused.
    cmd += ["--live-per-address", "100000", "--connections-per-address", "100000"]
    log = open(db.with_suffix(".log"), "wb")  # kept open for the server's life
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ))
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{url}/api/bots", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


def server_engine() -> str:
    """Which rules engine a server started by ``start_server`` runs (it gets this process's environment):
    see ``engine_kind``."""
    code = "import inferno.rules.engine as e; print(e.__file__)"
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ), check=True
    )
    return engine_kind(found.stdout.strip())


def engine_kind(engine_file: str) -> str:
    """ "compiled" if the engine module is mypyc's extension module (docs/contributing/compiled-engine.md),
    else "pure Python"."""
    return "pure Python" if engine_file.endswith(".py") else "compiled"


def _cpu_seconds(proc: subprocess.Popen[bytes] | None, *, system: bool = False) -> float:
    """User + system CPU time of the server process so far (Linux /proc), 0 if unknown; with ``system``,
    only the time spent in the kernel (socket writes and reads, database file writes)."""
    if proc is None:
        return 0.0
    try:
        fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = int(fields[12]) if system else int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", help="an already running server (default: start one on a temporary database)")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--moves", type=int, default=60, help="decisions per game (fewer if the game ends)")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--concurrency", type=int, default=64, help="HTTP connections in all")
    ap.add_argument("--processes", type=int, default=2, help="client processes")
    ap.add_argument(
        "--client",
        choices=CLIENTS,
        default="raw",
        help="HTTP client: raw (lean keep-alive HTTP/1.1 over asyncio streams) or httpx (the older, costlier one)",
    )
    ap.add_argument("--postgres", action="store_true", help="start a temporary PostgreSQL cluster and use it")
    ap.add_argument("--servers", type=int, default=1, help="server processes sharing the database (with --postgres)")
    ap.add_argument("--ws", action="store_true", help="moves over each seat's live connection instead of HTTP")
    ap.add_argument(
        "--route",
        choices=["spread", "game"],
        default="spread",
        help="with several servers: each game's requests to the next server in turn (spread), or all to one (game)",
    )
    ap.add_argument(
        "--rate", type=float, default=0, help="moves per second offered in all, spread over the games (0: flat out)"
    )
    args = ap.parse_args(argv)
    procs: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        url = args.url
        if url is None:
            db_url = stack.enter_context(temporary_postgres()) if args.postgres else None
            urls = []
            for i in range(args.servers if args.postgres else 1):
                proc, u = start_server(Path(tmp) / f"load{i}.db", db_url)
                procs.append(proc)
                urls.append(u)
            url = ",".join(urls)
        try:
            cpu0 = sum(_cpu_seconds(p) for p in procs)
            sys0 = sum(_cpu_seconds(p, system=True) for p in procs)
            at_play: list[float] = []

            def at_start() -> None:  # the server's CPU time once every game is set up
                at_play.extend([sum(_cpu_seconds(p) for p in procs), sum(_cpu_seconds(p, system=True) for p in procs)])

            out = run_load(
                url,
                args.games,
                args.moves,
                args.players,
                args.concurrency,
                args.processes,
                args.ws,
                args.rate,
                at_start,
                by_game=args.route == "game",
                client=args.client,
            )
            if procs:
                cpu = sum(_cpu_seconds(p) for p in procs)
                kernel = sum(_cpu_seconds(p, system=True) for p in procs)
                moves = max(1, out["moves"])
                out["database"] = "postgresql" if args.postgres else "sqlite"
                out["server_engine"] = server_engine()
                out["server_processes"] = len(procs)
                # Set-up (creating the games, opening their connections) and play, apart and together.
                out["server_setup_cpu_seconds"] = round(at_play[0] - cpu0, 2)
                out["server_cpu_seconds"] = round(cpu - cpu0, 2)
                out["server_cpu_ms_per_move"] = round(1000 * (cpu - cpu0) / moves, 2)
                out["server_play_cpu_ms_per_move"] = round(1000 * (cpu - at_play[0]) / moves, 2)
                # The share of one core the server used in play: near 1, the server sets the pace.
                out["server_play_busy"] = round((cpu - at_play[0]) / out["seconds"], 2) if out["seconds"] else 0.0
                out["server_kernel_ms_per_move"] = round(1000 * (kernel - sys0) / moves, 2)
                out["server_play_kernel_ms_per_move"] = round(1000 * (kernel - at_play[1]) / moves, 2)
        finally:
            for p in procs:
                p.terminate()
            for p in procs:
                p.wait(10)
    print(json.dumps(out, indent=1))
    return out


if __name__ == "__main__":
    main()
