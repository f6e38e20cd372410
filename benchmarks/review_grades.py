"""How often does the review call a bot's moves mistakes? Mistakes + blunders per 100 decisions.

Plays ``--games`` seeded 2-player games, the bot under test in seat 1 against ``--opponent`` in seat 2,
reviews seat 1 at ``--depth`` and prints, per game and over all games, the mistakes + blunders per 100
of its real decisions (forced ones are not reviewed), with a 95% interval over games (Student's t).
It also says how many of them the margin grade alone flagged. The target of the review's grading:
at least 10 per 100 decisions for the random bot and at most 2 for the strongest level, each over at
least 10 games (``make review-grades``).

Search bots play without their wall-clock cap, so every game is the same on any machine. With
``--save DIR`` the records and reviews are kept, and a game already recorded there (same bots and
seed) is reviewed again without being played again, and a review already kept there is read back
(another depth costs only the reviews; ``--margin-grades`` regrades kept reviews with other margin
thresholds at no cost).

    nice -n 10 python benchmarks/review_grades.py --bot random --games 10 --depth quick
    nice -n 10 python benchmarks/review_grades.py --bot hard --games 10 --depth normal --max-rate 2
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import replace
from pathlib import Path

import click

from inferno.bots.base import Bot, make_bot
from inferno.bots.search import SearchBot
from inferno.records.record import GameRecord, load_record, record_of, save_record
from inferno.review.game import GameReview, counts_text, review_game
from inferno.review.settings import GRADES, ReviewSettings, load_settings
from inferno.rules.engine import apply_in_place, legal_actions, to_move, view
from inferno.rules.setup import new_game
from inferno.sim.game import bot_seed

# Student's t, 97.5% quantile, by degrees of freedom (1-30); 1.96 beyond.
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def untimed(bot: Bot) -> Bot:
    """The bot without a wall-clock cap on its thinking (search bots), so its games are reproducible."""
    if isinstance(bot, SearchBot):
        bot.config = replace(bot.config, max_seconds=None)
    return bot


def play(seed: int, lineup: tuple[str, str]) -> GameRecord:
    """One 2-player game of seed ``seed``, each bot seeing only its own view."""
    s = new_game(2, seed)
    bots = [untimed(make_bot(spec, bot_seed(seed, seat))) for seat, spec in enumerate(lineup)]
    while not s.over:
        p = to_move(s)
        apply_in_place(s, bots[p].choose(view(s, p), legal_actions(s)), rollback=False)
    return record_of(s, {"seats": list(lineup)})


def recorded(path: Path, lineup: tuple[str, str]) -> GameRecord | None:
    """The game kept at ``path`` if the same bots played it, else ``None``."""
    if not path.exists():
        return None
    rec = load_record(path)
    return rec if rec.meta.get("seats") == list(lineup) else None


def interval(xs: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (Student's t over the values)."""
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, math.nan, math.nan
    t = _T975[len(xs) - 2] if len(xs) - 1 <= len(_T975) else 1.96
    half = t * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, m - half, m + half


def grades(rv: GameReview, st: ReviewSettings) -> tuple[list[str], list[str]]:
    """Each decision's grade by ``st`` (the worse of win chance and margin), and by win chance alone.

    The best option depends only on the win-chance thresholds, so a saved review can be regraded with
    other margin thresholds.
    """
    solo = rv.players == 1
    both = [st.grade_decision(d.loss, d.loss_se, d.margin_loss, d.margin_loss_se, solo=solo) for d in rv.decisions]
    win = [st.grade(d.loss, d.loss_se) for d in rv.decisions]
    return both, win


def _bad(gs: list[str]) -> int:
    return sum(1 for g in gs if g in ("mistake", "blunder"))


def _margins(text: str | None) -> tuple[float, float, float] | None:
    if text is None:
        return None
    try:
        a, b, c = (float(x) for x in text.split(","))
    except ValueError:
        raise click.BadParameter("give three numbers: inaccuracy,mistake,blunder (Infamy)") from None
    return a, b, c


@click.command()
@click.option("--bot", default="random", show_default=True, help="The bot under test (seat 1).")
@click.option("--opponent", default="greedy", show_default=True, help="The bot in seat 2.")
@click.option("--games", default=10, show_default=True)
@click.option("--depth", default="quick", show_default=True, help="Review depth: quick, normal, deep or iterations.")
@click.option("--workers", default=1, show_default=True, help="Review worker processes.")
@click.option("--first-seed", default=3000, show_default=True)
@click.option(
    "--save",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Keep records and reviews here, and reuse those already kept.",
)
@click.option(
    "--margin-grades", default=None, help="Regrade with other margin thresholds: inaccuracy,mistake,blunder (Infamy)."
)
@click.option("--min-rate", type=float, default=None, help="Fail unless the mean rate is at least this.")
@click.option("--max-rate", type=float, default=None, help="Fail unless the mean rate is at most this.")
def main(
    bot: str,
    opponent: str,
    games: int,
    depth: str,
    workers: int,
    first_seed: int,
    save: Path | None,
    margin_grades: str | None,
    min_rate: float | None,
    max_rate: float | None,
) -> None:
    st = load_settings()
    other = _margins(margin_grades)
    if other is not None:
        st = replace(st, margin_inaccuracy=other[0], margin_mistake=other[1], margin_blunder=other[2])
    iterations = st.iterations(depth)
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
    rates: list[float] = []
    win_rates: list[float] = []
    counts = dict.fromkeys(GRADES, 0)
    decisions = by_margin = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for g in range(games):
        seed = first_seed + g
        rec_path = save / f"game-{seed}.json" if save is not None else None
        rv_path = save / f"review-{seed}-{iterations}.json" if save is not None else None
        rec = recorded(rec_path, (bot, opponent)) if rec_path is not None else None
        rv = GameReview.load(rv_path) if rec is not None and rv_path is not None and rv_path.exists() else None
        if rec is None:
            rec = play(seed, (bot, opponent))
        if rv is None:
            rv = review_game(rec, 0, iterations, workers=workers)
        if rec_path is not None and rv_path is not None:
            save_record(rec, rec_path)
            rv.save(rv_path)
        both, win = grades(rv, st)
        n = len(rv.decisions)
        bad = _bad(both)
        rates.append(100.0 * bad / max(1, n))
        win_rates.append(100.0 * _bad(win) / max(1, n))
        for k in GRADES:
            counts[k] += both.count(k)
        decisions += n
        by_margin += sum(1 for b, w in zip(both, win, strict=True) if _bad([b]) and not _bad([w]))
        final = rv.final_infamy
        click.echo(
            f"game {g + 1}/{games} (seed {seed}, Infamy {final[0]} to {final[1]}): {n} decisions, "
            f"mistakes+blunders {bad} = {rates[-1]:.1f} per 100 [{time.perf_counter() - t0:.0f} s]"
        )
    m, lo, hi = interval(rates)
    wm, wlo, whi = interval(win_rates)
    click.echo(
        f"\n{bot} (seat 1) against {opponent}, {games} game{'s' if games != 1 else ''} from seed {first_seed}, "
        f"reviewed at {iterations} iterations per decision, margin thresholds "
        f"{st.margin_inaccuracy:g}/{st.margin_mistake:g}/{st.margin_blunder:g} Infamy:"
    )
    click.echo(f"  mistakes+blunders per 100 decisions: {m:.1f} (95% interval over games {lo:.1f} to {hi:.1f})")
    total_bad = counts["mistake"] + counts["blunder"]
    click.echo(
        f"  all games pooled: {total_bad} in {decisions} decisions = {100.0 * total_bad / max(1, decisions):.1f}"
        f" per 100; {by_margin} of them flagged by the Infamy margin where the win chance was not"
    )
    click.echo(f"  by win chance alone: {wm:.1f} per 100 decisions (95% interval {wlo:.1f} to {whi:.1f})")
    click.echo(f"  grades: {counts_text(counts)}")
    click.echo(f"  {time.perf_counter() - t0:.0f} s wall-clock, {time.process_time() - c0:.0f} CPU s in this process")
    if min_rate is not None and not m >= min_rate:
        raise click.ClickException(f"the rate {m:.1f} is below the target {min_rate}")
    if max_rate is not None and not m <= max_rate:
        raise click.ClickException(f"the rate {m:.1f} is above the target {max_rate}")


if __name__ == "__main__":
    main()
