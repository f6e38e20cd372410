"""Bot speed: search iterations per second and seconds per move at each level (and greedy).

Positions come from greedy self-play games (2 and 4 players), keeping decisions with at least two
options, so the numbers reflect real play. Run: ``python benchmarks/bench_bots.py``; with the compiled
build (``make compiled``): ``PYTHONPATH=build/compiled python benchmarks/bench_bots.py``.
"""

from __future__ import annotations

import random
import statistics
import time

import click
from rich.console import Console
from rich.table import Table

import inferno
from inferno.bots.greedy import GreedyBot
from inferno.bots.search import LEVELS, SearchBot
from inferno.rules.state import State


def positions(players: int, count: int, seed: int) -> list[State]:
    """``count`` decision points with 2+ options, spread over greedy self-play games."""
    rng = random.Random(seed)
    out: list[State] = []
    game = 0
    while len(out) < count:
        s = inferno.new_game(players, seed + game, record_events=False)
        bots = [GreedyBot(seed + game * 8 + i) for i in range(players)]
        while not s.over:
            p = inferno.to_move(s)
            acts = inferno.legal_actions(s)
            if len(acts) > 1 and rng.random() < 0.15:
                out.append(s.copy())
            inferno.apply_in_place(s, bots[p].choose(inferno.view(s, p), acts))
        game += 1
    return out[:count]


@click.command()
@click.option("--positions", "count", type=click.IntRange(1), default=30, show_default=True, help="Per player count.")
@click.option("--seed", type=int, default=0, show_default=True)
def main(count: int, seed: int) -> None:
    """Time each bot level on the same positions."""
    console = Console(width=120)
    import inferno.bots.search

    kind = "pure Python" if str(inferno.bots.search.__file__).endswith(".py") else "compiled"
    table = Table(title=f"Bot speed on {count} positions per player count (one core, {kind} search and engine)")
    for col in ("bot", "players", "iterations", "iter/s", "mean s/move", "median", "max"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for players in (2, 4):
        pts = positions(players, count, seed)
        t0 = time.perf_counter()
        greedy = GreedyBot(seed)
        times = []
        for s in pts:
            t = time.perf_counter()
            greedy.choose(inferno.view(s, inferno.to_move(s)), inferno.legal_actions(s))
            times.append(time.perf_counter() - t)
        table.add_row(
            "greedy",
            str(players),
            "-",
            "-",
            f"{statistics.mean(times):.4f}",
            f"{statistics.median(times):.4f}",
            f"{max(times):.4f}",
        )
        for level, cfg in LEVELS.items():
            bot = SearchBot(seed, cfg, level)
            times, iters = [], 0
            for s in pts:
                bot.choose(inferno.view(s, inferno.to_move(s)), inferno.legal_actions(s))
                times.append(bot.last.seconds)
                iters += bot.last.iterations
            table.add_row(
                level,
                str(players),
                str(cfg.iterations),
                f"{iters / sum(times):.0f}",
                f"{statistics.mean(times):.3f}",
                f"{statistics.median(times):.3f}",
                f"{max(times):.3f}",
            )
        console.print(f"{players} players: {time.perf_counter() - t0:.1f} s")
    console.print(table)


if __name__ == "__main__":
    main()
