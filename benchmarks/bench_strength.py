"""What a faster search is worth: the hard bot against itself with fewer iterations (equal time).

A faster build of the search runs ``ratio`` times as many iterations in the same time. Playing
``hard`` with ``ratio × N`` iterations against ``hard`` with ``N`` iterations measures that gain at
equal thinking time without wall-clock caps (which a shared machine would make noisy): the budgets
are iteration counts, so every game is reproducible. Two-player games, seats alternating, game ``g``
on seed ``g``. Prints the faster bot's win rate with a 95% Wilson interval::

    python benchmarks/bench_strength.py --games 20 --iterations 60 --ratio 3.0
"""

from __future__ import annotations

import time

import click

import inferno
from inferno.bots.base import play_game
from inferno.bots.ladder import wilson
from inferno.bots.search import SearchBot, SearchConfig


@click.command()
@click.option("--games", type=click.IntRange(1), default=20, show_default=True)
@click.option("--iterations", type=click.IntRange(1), default=60, show_default=True, help="The slower bot's budget.")
@click.option("--ratio", type=click.FloatRange(1.0), default=2.0, show_default=True, help="Speed-up of the faster bot.")
@click.option("--first-seed", type=int, default=0, show_default=True)
def main(games: int, iterations: int, ratio: float, first_seed: int) -> None:
    fast_iters = round(iterations * ratio)
    wins = 0.0
    t0 = time.process_time()
    for g in range(first_seed, first_seed + games):
        fast_seat = g % 2
        bots = [SearchBot(g * 2 + i, SearchConfig(iterations=iterations), "hard") for i in range(2)]
        bots[fast_seat] = SearchBot(g * 2 + fast_seat, SearchConfig(iterations=fast_iters), "hard")
        s = play_game(inferno.new_game(2, g, record_events=False), bots)
        winners = inferno.result(s).winners
        share = 1.0 / len(winners) if fast_seat in winners else 0.0
        wins += share
        print(f"game {g}: faster bot in seat {fast_seat + 1}, winners {[w + 1 for w in winners]}", flush=True)
    lo, hi = wilson(wins, games)
    print(
        f"hard with {fast_iters} iterations vs hard with {iterations} ({games} two-player games, "
        f"{time.process_time() - t0:.0f} CPU s): win rate {wins / games:.2f} (95% interval {lo:.2f}-{hi:.2f})"
    )


if __name__ == "__main__":
    main()
