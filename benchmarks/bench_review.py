"""Game review speed: one 3-player game (greedy bots, fixed seed) reviewed for every seat.

Reports, per seat, the wall-clock seconds and the CPU seconds (this process and its workers) at the
chosen depth (default: the review's default depth) with 2 worker processes. On a shared machine the
wall-clock time depends on the load; CPU seconds / workers is the time on that many idle cores. Run: ``python benchmarks/bench_review.py [--depth normal] [--workers 2]``.
"""

from __future__ import annotations

import os
import time

import click
from rich.console import Console
from rich.table import Table

from inferno.bots.base import make_bot
from inferno.records.record import record_of
from inferno.review.game import review_game
from inferno.review.settings import load_settings
from inferno.rules.engine import apply_in_place, legal_actions, to_move, view
from inferno.rules.setup import new_game


def greedy_game(players: int, seed: int):  # type: ignore[no-untyped-def]
    s = new_game(players, seed)
    bots = [make_bot("greedy", seed * 10 + i) for i in range(players)]
    while not s.over:
        p = to_move(s)
        apply_in_place(s, bots[p].choose(view(s, p), legal_actions(s)), rollback=False)
    return record_of(s)


@click.command()
@click.option("--players", default=3, show_default=True)
@click.option("--seed", default=7, show_default=True)
@click.option("--depth", default=None, help="Review depth (default: the review's default).")
@click.option("--workers", default=2, show_default=True)
def main(players: int, seed: int, depth: str | None, workers: int) -> None:
    st = load_settings()
    rec = greedy_game(players, seed)
    table = Table(
        title=f"Review of a {players}-player game ({len(rec.actions)} actions), depth "
        f"{depth or st.default_depth} = {st.iterations(depth)} iterations, {workers} workers"
    )
    for col in ("seat", "decisions", "forced", "wall s", "CPU s", "CPU s/decision", "mistakes+blunders"):
        table.add_column(col, justify="right")
    total = cpu_total = 0.0
    for seat in range(players):
        t0, c0 = time.perf_counter(), _cpu()
        rv = review_game(rec, seat, depth, workers=workers)
        dt, cpu = time.perf_counter() - t0, _cpu() - c0
        total += dt
        cpu_total += cpu
        c = rv.counts()
        n = len(rv.decisions)
        table.add_row(
            str(seat + 1),
            str(n),
            str(rv.forced),
            f"{dt:.1f}",
            f"{cpu:.1f}",
            f"{cpu / max(1, n):.3f}",
            str(c["mistake"] + c["blunder"]),
        )
    Console().print(table)
    Console().print(
        f"whole game (every seat): {total:.1f} s wall clock, {cpu_total:.1f} CPU s "
        f"(= {cpu_total / workers:.1f} s on {workers} idle cores); one seat: {cpu_total / players / workers:.1f} s"
        f" on {workers} idle cores, load average now {os.getloadavg()[0]:.1f}"
    )


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children (the review's workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


if __name__ == "__main__":
    main()
