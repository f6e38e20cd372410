"""Measure the solo game's balance: win rate per variant x level for one bot (the table in docs/play/solo.md).

python tools/solo_balance.py --bot greedy --games 100
"""

from __future__ import annotations

import argparse
import math
import time

from inferno.rules.pack import load_rules
from inferno.rules.solo_model import LEVELS, SoloConfig
from inferno.sim.game import SimConfig, play_one


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - h) / d, (c + h) / d


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--variants", default="")
    ap.add_argument("--levels", default=",".join(LEVELS))
    args = ap.parse_args()
    variants = args.variants.split(",") if args.variants else list(load_rules().solo.variants)
    print(f"| variant | level | games | wins | win rate | 95% Wilson | sudden death | mean Infamy |  ({args.bot})")
    print("|---|---|---|---|---|---|---|---|")
    for v in variants:
        for lv in args.levels.split(","):
            cfg = SimConfig(1, (args.bot,), solo=SoloConfig(v, lv))
            t = time.time()
            wins = sd = margin = 0
            for seed in range(args.first_seed, args.first_seed + args.games):
                g = play_one(cfg, seed)
                wins += g.seats[0].winner
                sd += g.sudden_death
                margin += g.seats[0].infamy
            lo, hi = wilson(wins, args.games)
            print(
                f"| {v} | {lv} | {args.games} | {wins} | {wins / args.games:.0%} | {lo:.0%}-{hi:.0%} "
                f"| {sd / args.games:.0%} | {margin / args.games:.1f} |  {time.time() - t:.0f}s",
                flush=True,
            )


if __name__ == "__main__":
    main()
