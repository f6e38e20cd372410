"""Games per second of ``inferno simulate`` with 1 and 2 workers (random bots, 4 players by default).

    .venv/bin/python benchmarks/bench_sim.py [--games 2000] [--players 4] [--workers 1 2] [--backend local]

Each run plays fresh seeds into a temporary JSON Lines file, start-up of the worker pool included,
exactly as the command does. It also checks that every run wrote the same records. "CPU ms/game"
(this process and its finished worker processes) shows the cost when the machine is shared.
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

from inferno.sim.game import SimConfig
from inferno.sim.runner import Backend, run_simulation


def _cpu() -> float:
    """User + system CPU seconds of this process and its finished children."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bot", default="random")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--backend", choices=[b.value for b in Backend], default=Backend.LOCAL.value)
    args = ap.parse_args()
    cfg = SimConfig(args.players, (args.bot,) * args.players)
    files = []
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{args.games} games, {args.players} players, {args.bot} bots, backend {args.backend}")
        for w in args.workers:
            out = Path(tmp) / f"w{w}.jsonl"
            cpu0 = _cpu()
            start = time.perf_counter()
            run_simulation(cfg, range(args.games), out, workers=w, backend=Backend(args.backend))
            seconds = time.perf_counter() - start
            cpu_ms = 1000 * (_cpu() - cpu0) / args.games
            files.append(out.read_bytes())
            print(
                f"  {w} worker{'s' if w > 1 else ' '}: {args.games / seconds:8.1f} games/s  ({seconds:.2f} s, "
                f"{cpu_ms:.1f} CPU ms/game)"
            )
    print("  identical records:", all(f == files[0] for f in files))


if __name__ == "__main__":
    main()
