"""Long soak of the web server (``make soak-server``): thousands of fuzz inputs and repeated kill -9.

1. The HTTP/WebSocket fuzzer of the test suite (tests/web/fuzz.py) against one real server process,
   over several seeds: no 5xx, no state change from a refused request, no traceback in the log.
2. Repeated SIGKILL: a server plays a human game (moves sent from a client thread) and an all-bot game;
   it is killed with SIGKILL at a random moment and restarted, ``--kills`` times. Every acknowledged
   move must survive, and the bot game must go on by itself after each restart.

    .venv/bin/python -m tools.soak_server --fuzz 5000 --ws 500 --kills 30
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import threading
import time
from pathlib import Path

import httpx
from tests.web.fuzz import FuzzReport, fuzz
from tests.web.helpers import create, humans, state, wait_for
from tests.web.server_process import ServerProcess
from tests.web.test_fuzz_server import FUZZ_SERVER
from tests.web.test_process import _player_loop


def soak_fuzz(tmp: Path, http_rounds: int, ws_rounds: int, seeds: int) -> dict[str, object]:
    srv = ServerProcess(tmp / "fuzz.db", read_rate=100_000, extra=FUZZ_SERVER).start()
    total = FuzzReport()
    started = time.perf_counter()
    try:
        for seed in range(seeds):
            r = fuzz(srv.url, seed, http_rounds // seeds, ws_rounds // seeds)
            total.requests += r.requests
            total.ws_connections += r.ws_connections
            total.accepted += r.accepted
            total.failures += r.failures
            for k, v in r.statuses.items():
                total.statuses[k] = total.statuses.get(k, 0) + v
            for k, v in r.close_codes.items():
                total.close_codes[k] = total.close_codes.get(k, 0) + v
    finally:
        srv.stop()
    log = srv.log.read_text()
    return {
        "http_requests": total.requests,
        "ws_connections": total.ws_connections,
        "accepted_moves": total.accepted,
        "statuses": dict(sorted(total.statuses.items())),
        "ws_close_codes": dict(sorted(total.close_codes.items())),
        "failures": total.failures[:20],
        "failure_count": len(total.failures),
        "tracebacks_in_log": log.count("Traceback"),
        "seconds": round(time.perf_counter() - started, 1),
    }


def soak_kills(tmp: Path, kills: int, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    srv = ServerProcess(tmp / "kill.db", bot_delay=0.02, read_rate=100_000).start()
    lost = 0
    restarts: list[float] = []
    acked_total = 0
    bot_progress_failures = 0
    try:
        with httpx.Client(base_url=srv.url, timeout=10) as c:
            g = create(c, humans(3), seed=None)
            bots = create(c, [{"kind": "bot", "bot": "random"}] * 3, seed=None)
        for _ in range(kills):
            with httpx.Client(base_url=srv.url, timeout=10) as c:
                acked: list[int] = []
                stop = threading.Event()
                th = threading.Thread(target=_player_loop, args=(c, g, acked, stop))
                th.start()
                time.sleep(rng.uniform(0.3, 2.0))
                bot_before = state(c, bots["game"], bots["spectator"]["token"])
                srv.kill()
                stop.set()
                th.join(20)
            acked_total += len(acked)
            t = time.perf_counter()
            srv.start()
            restarts.append(time.perf_counter() - t)
            with httpx.Client(base_url=srv.url, timeout=10) as c:
                v = state(c, g["game"], g["spectator"]["token"])["version"]
                if acked and v < max(acked):
                    lost += max(acked) - v
                if bot_before["result"] is None:
                    try:
                        wait_for(
                            lambda b=bot_before: (
                                state(c, bots["game"], bots["spectator"]["token"])["version"] > b["version"]
                            ),
                            timeout=30,
                        )
                    except AssertionError:
                        bot_progress_failures += 1
                if state(c, g["game"], g["spectator"]["token"])["result"] is not None:
                    g = create(c, humans(3), seed=None)
    finally:
        srv.stop()
    return {
        "kills": kills,
        "acknowledged_moves": acked_total,
        "acknowledged_moves_lost": lost,
        "bot_game_stalled_after_restart": bot_progress_failures,
        "restart_seconds_median": round(sorted(restarts)[len(restarts) // 2], 2) if restarts else None,
        "tracebacks_in_log": srv.log.read_text().count("Traceback"),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--fuzz", type=int, default=5000, help="HTTP fuzz requests")
    p.add_argument("--ws", type=int, default=500, help="WebSocket fuzz connections")
    p.add_argument("--seeds", type=int, default=10)
    p.add_argument("--kills", type=int, default=30)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as d:
        out = {
            "fuzz": soak_fuzz(Path(d), args.fuzz, args.ws, args.seeds),
            "kill9": soak_kills(Path(d), args.kills, args.seed),
        }
    print(json.dumps(out, indent=1))
    f, k = out["fuzz"], out["kill9"]
    ok = (
        f["failure_count"] == 0
        and f["tracebacks_in_log"] == 0
        and k["acknowledged_moves_lost"] == 0
        and k["bot_game_stalled_after_restart"] == 0
    )
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
