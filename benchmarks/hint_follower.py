"""Do the hints teach winning play? A seat that always plays the first hint, against bots.

Plays ``--games`` seeded games of ``--players`` players: the hint follower sits in seat ``game % players``
(so it takes every seat in turn) and, at every decision with more than one option, asks for a hint
(``inferno.review.hints.make_hint`` on its own view, as the terminal's F4 and the browser's hint button
do) and plays the first option; the other seats are ``--opponent`` bots. Prints the follower's wins
(a tie for the most Infamy counts as a share) with a Wilson 95% interval against the fair share
(1 / players), its mean margin over the best opponent, and its councils and loans per game.
Target of the bots' issue: at least 60% of 3-player games against two greedy bots, over 50 games
(``make hint-follower``).

    nice -n 10 python benchmarks/hint_follower.py --games 50 --players 3 --opponent greedy
"""

from __future__ import annotations

import json
import multiprocessing
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

import click

from inferno import result
from inferno.bots.base import make_bot
from inferno.bots.ladder import wilson
from inferno.review.hints import make_hint
from inferno.rules.actions import Act
from inferno.rules.engine import apply_in_place, legal_actions, to_move, view
from inferno.rules.notation import action_text
from inferno.rules.setup import new_game
from inferno.sim.game import bot_seed


@dataclass(frozen=True, slots=True)
class FollowerGame:
    """One game's outcome for the hint follower."""

    seed: int
    seat: int
    win: float  # 1 a sole win, 1/k a k-way tie for the most Infamy, 0 a loss
    margin: int  # own final Infamy minus the best opponent's
    councils: int
    loans: int
    hints: int
    seconds: float


def play(seed: int, players: int, opponent: str) -> FollowerGame:
    """One game with the hint follower in seat ``seed % players``."""
    start = time.perf_counter()
    seat = seed % players
    s = new_game(players, seed, record_events=False)
    bots = {p: make_bot(opponent, bot_seed(seed, p)) for p in range(players) if p != seat}
    councils = hints = 0
    while not s.over:
        p = to_move(s)
        acts = legal_actions(s)
        if p != seat:
            apply_in_place(s, bots[p].choose(view(s, p), acts), rollback=False)
            continue
        chosen = acts[0]
        if len(acts) > 1:
            first = make_hint(view(s, p), bot_seed(seed, 100 + hints)).options[0].text
            hints += 1
            chosen = next(a for a in acts if action_text(s, a) == first)
        councils += chosen.kind == Act.COUNCIL
        apply_in_place(s, chosen, rollback=False)
    r = result(s)
    infamy = [pl.infamy for pl in s.players]
    win = 1.0 / len(r.winners) if seat in r.winners else 0.0
    margin = infamy[seat] - max(v for q, v in enumerate(infamy) if q != seat)
    return FollowerGame(
        seed, seat, win, margin, councils, s.players[seat].loans, hints, round(time.perf_counter() - start, 1)
    )


def _play(job: tuple[int, int, str]) -> FollowerGame:
    return play(*job)


@click.command()
@click.option("--games", "-n", default=50, show_default=True, type=click.IntRange(1))
@click.option("--players", "-p", default=3, show_default=True, type=click.IntRange(2, 4))
@click.option("--opponent", default="greedy", show_default=True, help="Bot in every other seat.")
@click.option("--seed", default=0, show_default=True, help="Seed of the first game.")
@click.option("--json", "json_path", type=click.Path(path_type=Path), help="Write every game's outcome.")
@click.option("--min-rate", type=float, help="Fail (exit 1) if the win rate is below this share (0-1).")
@click.option("--workers", "-j", default=1, show_default=True, type=click.IntRange(1), help="Processes.")
def main(
    games: int, players: int, opponent: str, seed: int, json_path: Path | None, min_rate: float | None, workers: int
) -> None:
    """Play the hint follower against bots and report its win rate."""
    out: list[FollowerGame] = []
    jobs = [(g, players, opponent) for g in range(seed, seed + games)]

    def done(game: FollowerGame) -> None:
        out.append(game)
        won = sum(g.win for g in out)
        click.echo(
            f"game {game.seed} (seat {game.seat + 1}): {'won' if game.win else 'lost'}, margin {game.margin:+d}; "
            f"{won:g} of {len(out)} won so far",
            err=True,
        )

    if workers == 1:
        for job in jobs:
            done(play(*job))
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for game in pool.imap_unordered(_play, jobs):
                done(game)
    out.sort(key=lambda g: g.seed)
    wins = sum(g.win for g in out)
    lo, hi = wilson(wins, games)
    margins = [g.margin for g in out]
    se = statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else 0.0
    mean_m = statistics.fmean(margins)
    click.echo(
        f"hint follower vs {players - 1} × {opponent}, {games} game{'s' if games != 1 else ''} (seeds {seed}-{seed + games - 1}): "
        f"won {wins:g} = {wins / games:.0%} (95% CI {lo:.0%}-{hi:.0%}; a fair share is {1 / players:.0%})"
    )
    click.echo(
        f"  margin over the best opponent {mean_m:+.1f} (95% CI {mean_m - 1.96 * se:+.1f} to {mean_m + 1.96 * se:+.1f})"
    )
    click.echo(
        f"  per game: councils {statistics.fmean(g.councils for g in out):.2f}, loans "
        f"{statistics.fmean(g.loans for g in out):.2f}, hints {statistics.fmean(g.hints for g in out):.0f}, "
        f"{statistics.fmean(g.seconds for g in out):.0f} s"
    )
    if json_path is not None:
        json_path.parent.mkdir(parents=True, exist_ok=True)
        rows = [{f: getattr(g, f) for f in FollowerGame.__slots__} for g in out]
        json_path.write_text(json.dumps({"players": players, "opponent": opponent, "games": rows}, indent=1))
    if min_rate is not None and wins / games < min_rate:
        raise SystemExit(f"the win rate {wins / games:.0%} is below the target {min_rate:.0%}")


if __name__ == "__main__":
    main()
