"""Do reviews tell a strong player from a weak one? Play N 2-player games, review both seats, compare.

Each game pits the strong bot against the weak one (seats alternate with the seed), both seats are
reviewed at the given depth, and the mistakes + blunders flagged per game are compared with a 95%
interval (normal approximation). Records and reviews are kept in ``--out`` so a run can be resumed.

    nice -n 10 python tools/review_study.py --games 20 --strong hard --weak greedy --depth normal --workers 1
"""

from __future__ import annotations

import math
import statistics
import time
from pathlib import Path

import click

from inferno.bots.base import make_bot
from inferno.records.record import load_record, record_of, save_record
from inferno.review.game import GameReview, review_game
from inferno.rules.engine import apply_in_place, legal_actions, to_move, view
from inferno.rules.setup import new_game
from inferno.sim.game import bot_seed


def play(seed: int, lineup: tuple[str, str], path: Path) -> None:
    s = new_game(2, seed)
    bots = [make_bot(spec, bot_seed(seed, seat)) for seat, spec in enumerate(lineup)]
    while not s.over:
        p = to_move(s)
        apply_in_place(s, bots[p].choose(view(s, p), legal_actions(s)), rollback=False)
    save_record(record_of(s, {"seats": list(lineup)}), path)


def interval(xs: list[float]) -> str:
    if not xs:
        return "-"
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return f"{m:.2f}"
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{m:.2f} ± {half:.2f} (95% interval {m - half:.2f} to {m + half:.2f})"


@click.command()
@click.option("--games", default=20, show_default=True)
@click.option("--strong", default="hard", show_default=True)
@click.option("--weak", default="greedy", show_default=True)
@click.option("--depth", default="normal", show_default=True, help="Review depth (quick, normal, deep).")
@click.option("--workers", default=1, show_default=True)
@click.option("--first-seed", default=1000, show_default=True)
@click.option(
    "--out", type=click.Path(file_okay=False, path_type=Path), default=Path("review-study"), show_default=True
)
@click.option("--cached-only", is_flag=True, help="Only summarise the games already played and reviewed in --out.")
def main(
    games: int, strong: str, weak: str, depth: str, workers: int, first_seed: int, out: Path, cached_only: bool
) -> None:
    out.mkdir(parents=True, exist_ok=True)
    per: dict[str, list[float]] = {"strong": [], "weak": []}
    rate: dict[str, list[float]] = {"strong": [], "weak": []}
    flagged: dict[str, list[float]] = {"strong": [], "weak": []}
    loss: dict[str, list[float]] = {"strong": [], "weak": []}
    t0 = time.perf_counter()
    for g in range(games):
        seed = first_seed + g
        strong_seat = g % 2
        lineup = (strong, weak) if strong_seat == 0 else (weak, strong)
        rec_path = out / f"game-{seed}.json"
        reviewed = all((out / f"review-{seed}-{seat}-{depth}.json").exists() for seat in (1, 2))
        if cached_only and not (rec_path.exists() and reviewed):
            continue
        if not rec_path.exists():
            play(seed, lineup, rec_path)
        rec = load_record(rec_path)
        for seat in (0, 1):
            role = "strong" if seat == strong_seat else "weak"
            rv_path = out / f"review-{seed}-{seat + 1}-{depth}.json"
            if rv_path.exists():
                rv = GameReview.load(rv_path)
            else:
                rv = review_game(rec, seat, depth, workers=workers)
                rv.save(rv_path)
            c = rv.counts()
            bad = c["mistake"] + c["blunder"]
            per[role].append(bad)
            rate[role].append(100.0 * bad / max(1, len(rv.decisions)))
            flagged[role].append(bad + c["inaccuracy"])
            loss[role].append(statistics.fmean(d.loss for d in rv.decisions) if rv.decisions else 0.0)
        click.echo(
            f"game {g + 1}/{games} (seed {seed}, {strong} in seat {strong_seat + 1}): "
            f"mistakes+blunders {strong} {per['strong'][-1]:.0f}, {weak} {per['weak'][-1]:.0f} "
            f"[{time.perf_counter() - t0:.0f} s]"
        )
    played = len(per["strong"])
    click.echo(f"\n{played} game{'s' if played != 1 else ''}, 2 players, {strong} vs {weak}, review depth {depth}:")
    click.echo(f"  mistakes+blunders per game, {strong}: {interval(per['strong'])}")
    click.echo(f"  mistakes+blunders per game, {weak}: {interval(per['weak'])}")
    click.echo(f"  per 100 decisions, {strong}: {interval(rate['strong'])}")
    click.echo(f"  per 100 decisions, {weak}: {interval(rate['weak'])}")
    click.echo(f"  inaccuracies+mistakes+blunders per game, {strong}: {interval(flagged['strong'])}")
    click.echo(f"  inaccuracies+mistakes+blunders per game, {weak}: {interval(flagged['weak'])}")
    click.echo(f"  mean win chance lost per decision (points), {strong}: {interval(loss['strong'])}")
    click.echo(f"  mean win chance lost per decision (points), {weak}: {interval(loss['weak'])}")
    diffs = [w - s for s, w in zip(per["strong"], per["weak"], strict=True)]
    click.echo(f"  weak minus strong, per game: {interval(diffs)}")


if __name__ == "__main__":
    main()
