"""The expert level against hard at (about) equal CPU time per move.

The expert (search + learned value model) plays with ``--expert`` iterations per decision and every
other seat is ``hard``'s search with ``--hard`` iterations, both without a wall-clock cap, so every
game is reproducible; pick the two budgets so that the CPU time per move matches (``--calibrate``
measures both bots' iterations per CPU second on the same positions first and prints the budget that
matches). Game ``g`` is on seed ``g`` (default side for the player count), the expert's seat rotates.
Prints the expert's win rate with a 95% Wilson interval and each side's CPU seconds per searched move::

    python benchmarks/bench_expert.py --players 2 --games 20 --hard 4000 --expert 4000
    python benchmarks/bench_expert.py --calibrate
    python benchmarks/bench_expert.py --speed
"""

from __future__ import annotations

import json
import multiprocessing
import random
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import click

import inferno
from inferno.bots import learned_weights
from inferno.bots.base import play_game
from inferno.bots.evaluation import DEFAULT_WEIGHTS, Weights
from inferno.bots.expert import EXPERT, expert_estimate, make_expert
from inferno.bots.ladder import wilson
from inferno.bots.search import LEVELS, SearchBot, SearchConfig
from inferno.rules.actions import Action
from inferno.rules.state import State


class _Clocked:
    """Adds up a bot's CPU time over the decisions it searched (more than one legal action)."""

    def __init__(self, inner: SearchBot) -> None:
        self.inner = inner
        self.name = inner.name
        self.cpu = 0.0
        self.moves = 0
        self.iterations = 0
        self.reused_moves = 0
        self.reused = 0

    def choose(self, view: State, actions: Sequence[Action]) -> Action:
        t = time.process_time()
        a = self.inner.choose(view, actions)
        if len(actions) > 1:
            self.cpu += time.process_time() - t
            self.moves += 1
            self.iterations += self.inner.last.iterations
            self.reused += self.inner.last.reused
            self.reused_moves += self.inner.last.reused > 0
        return a


def _config(iterations: int, base: SearchConfig) -> SearchConfig:
    return replace(base, iterations=iterations, max_seconds=None)


def calibrate(players: int, positions: int, iterations: int) -> tuple[float, float]:
    """Iterations per CPU second of hard and expert on the same positions (random play from seed 0)."""
    rng = random.Random(0)
    s = inferno.new_game(players, 0, record_events=False)
    rates = {"hard": [0, 0.0], "expert": [0, 0.0]}
    done = 0
    while done < positions and not s.over:
        for _ in range(rng.randrange(10, 40)):
            if s.over:
                break
            acts = inferno.legal_actions(s)
            inferno.apply_in_place(s, acts[rng.randrange(len(acts))])
        if s.over or len(inferno.legal_actions(s)) < 2:
            continue
        v = inferno.view(s, inferno.to_move(s))
        for name in ("hard", "expert"):
            cfg = _config(iterations, LEVELS["hard"] if name == "hard" else EXPERT)
            bot = SearchBot(done, cfg) if name == "hard" else make_expert(done, cfg)
            t = time.process_time()
            bot.choose(v, inferno.legal_actions(s))
            rates[name][0] += bot.last.iterations
            rates[name][1] += time.process_time() - t
        done += 1
    return rates["hard"][0] / rates["hard"][1], rates["expert"][0] / rates["expert"][1]


def leaf_speed(players: int, positions: int = 40, repeat: int = 20) -> tuple[float, float]:
    """CPU microseconds per leaf evaluation of the hand-written estimate and of the value model, on
    determinized views of positions from random play (seed 0)."""
    from inferno.bots.search import HeuristicEvaluator
    from inferno.bots.value_model import ValueModelEvaluator
    from inferno.rules.solo_model import SoloConfig

    rng = random.Random(0)
    s = inferno.new_game(players, 0, record_events=False, solo=SoloConfig() if players == 1 else None)
    pos: list[State] = []
    while len(pos) < positions and not s.over:
        acts = inferno.legal_actions(s)
        inferno.apply_in_place(s, acts[rng.randrange(len(acts))])
        if not s.over and rng.random() < 0.1:
            pos.append(inferno.determinize(inferno.view(s, inferno.to_move(s)), rng))
    out = []
    for ev in (HeuristicEvaluator(), ValueModelEvaluator()):
        ev.evaluate(pos[0])
        t = time.process_time()
        for _ in range(repeat):
            for p in pos:
                ev.evaluate(p)
        out.append((time.process_time() - t) / (repeat * len(pos)) * 1e6)
    return out[0], out[1]


def _play(job: tuple[int, int, int, SearchConfig, Weights | None]) -> dict[str, object]:
    """One game on seed ``g``: the expert in seat ``g mod players``, hard in the others."""
    g, players, hard_iters, expert, weights = job
    seat = g % players
    bots: list[_Clocked] = [
        _Clocked(SearchBot(g * 8 + i, _config(hard_iters, LEVELS["hard"]), "hard")) for i in range(players)
    ]
    bots[seat] = _Clocked(make_expert(g * 8 + seat, replace(expert, max_seconds=None), weights))
    s = play_game(inferno.new_game(players, g, record_events=False), bots)
    r = inferno.result(s)
    others = [b for i, b in enumerate(bots) if i != seat]
    return {
        "seed": g,
        "expert_seat": seat,
        "scores": [p.infamy for p in r.players],
        "winners": list(r.winners),
        "share": 1.0 / len(r.winners) if seat in r.winners else 0.0,
        "expert_cpu": bots[seat].cpu,
        "expert_moves": bots[seat].moves,
        "hard_cpu": sum(b.cpu for b in others),
        "hard_moves": sum(b.moves for b in others),
        "expert_reused_moves": bots[seat].reused_moves,
        "expert_reused": bots[seat].reused,
    }


def _weights(choice: str) -> Weights:
    """The expert's weights for ``--weights`` (learned: the estimate the package ships)."""
    if choice == "learned":
        return expert_estimate()
    if choice == "hand-written":
        return DEFAULT_WEIGHTS
    path = Path(choice)
    if not path.is_file():
        raise click.BadParameter(f"{choice}: no such tuning record (or say learned or hand-written)")
    return learned_weights.load(path)


@click.command()
@click.option("--players", "-p", type=click.IntRange(2, 4), default=2, show_default=True)
@click.option("--games", "-n", type=click.IntRange(1), default=20, show_default=True)
@click.option("--hard", "hard_iters", type=click.IntRange(1), default=LEVELS["hard"].iterations, show_default=True)
@click.option("--expert", "expert_iters", type=click.IntRange(1), default=EXPERT.iterations, show_default=True)
@click.option(
    "--expert-crowd",
    "crowd_iters",
    type=click.IntRange(0),
    default=EXPERT.crowd_iterations or 0,
    show_default=True,
    help="The expert's iterations with 3-4 players (0: --expert's at every player count).",
)
@click.option("--exploration", type=float, default=EXPERT.exploration, show_default=True, help="The expert's.")
@click.option("--settle", type=click.IntRange(0), default=EXPERT.settle, show_default=True, help="The expert's.")
@click.option("--reuse/--no-reuse", default=EXPERT.reuse, show_default=True, help="The expert's tree reuse.")
@click.option(
    "--paranoid/--no-paranoid",
    default=EXPERT.paranoid,
    show_default=True,
    help="The expert searches its opponents as one side (3-4 players).",
)
@click.option(
    "--weights",
    "weights_path",
    default="learned",
    show_default=True,
    help="The expert's estimate weights: learned (as shipped), hand-written, or a tuning record's path.",
)
@click.option(
    "--all-rivals/--best-rival",
    default=True,
    show_default=True,
    help="With 3-4 players the expert shares the win over all rivals (as shipped) or judges its best rival alone.",
)
@click.option("--first-seed", type=int, default=0, show_default=True)
@click.option("--minutes", type=float, default=None, help="Stop starting games after this many minutes.")
@click.option("--calibrate", "calib", is_flag=True, help="Only measure both bots' iterations per CPU second.")
@click.option("--speed", is_flag=True, help="Only measure CPU time per leaf evaluation (1-4 players).")
@click.option("--workers", "-j", type=click.IntRange(1), default=1, show_default=True, help="Games played at once.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), default=None)
def main(
    players: int,
    games: int,
    hard_iters: int,
    expert_iters: int,
    crowd_iters: int,
    exploration: float,
    settle: int,
    reuse: bool,
    paranoid: bool,
    weights_path: str,
    all_rivals: bool,
    first_seed: int,
    minutes: float | None,
    calib: bool,
    speed: bool,
    workers: int,
    json_path: Path | None,
) -> None:
    if speed:
        for n in (1, 2, 3, 4):
            h, m = leaf_speed(n)
            click.echo(f"{n} player{'s' if n > 1 else ''}: hand-written {h:.0f} µs per leaf, value model {m:.0f} µs")
        return
    if calib:
        hard_rate, expert_rate = calibrate(players, 12, 600)
        match = round(hard_iters * expert_rate / hard_rate)
        click.echo(
            f"{players} players: hard {hard_rate:,.0f} iterations per CPU s, expert {expert_rate:,.0f}; "
            f"hard's {hard_iters} iterations take the CPU time of {match} expert iterations"
        )
        return
    start = time.perf_counter()
    wins = 0.0
    played = 0
    expert_cpu = hard_cpu = 0.0
    expert_moves = hard_moves = 0
    reused_moves = reused = 0
    rows = []
    expert = replace(
        EXPERT,
        iterations=expert_iters,
        crowd_iterations=crowd_iters or None,
        exploration=exploration,
        settle=settle,
        reuse=reuse,
        paranoid=paranoid,
    )
    expert_iters = expert.budget(players)  # what the expert searches at this table
    weights = replace(_weights(weights_path), all_rivals=all_rivals)
    jobs = [(g, players, hard_iters, expert, weights) for g in range(first_seed, first_seed + games)]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for row in pool.imap(_play, jobs):
            if minutes is not None and time.perf_counter() - start > minutes * 60:
                pool.terminate()
                break
            wins += row["share"]
            played += 1
            expert_cpu, expert_moves = expert_cpu + row["expert_cpu"], expert_moves + row["expert_moves"]
            hard_cpu, hard_moves = hard_cpu + row["hard_cpu"], hard_moves + row["hard_moves"]
            reused_moves, reused = reused_moves + row["expert_reused_moves"], reused + row["expert_reused"]
            rows.append({k: row[k] for k in ("seed", "expert_seat", "scores", "winners")})
            click.echo(
                f"game {row['seed']}: expert in seat {row['expert_seat'] + 1}, Infamy {row['scores']}, "
                f"winners {[w + 1 for w in row['winners']]} ({wins:g} of {played})"
            )
    lo, hi = wilson(wins, played)
    e_per = expert_cpu / max(1, expert_moves)
    h_per = hard_cpu / max(1, hard_moves)
    click.echo(
        f"expert ({expert_iters} iterations, {e_per:.3f} CPU s/move) vs hard ({hard_iters} iterations, "
        f"{h_per:.3f} CPU s/move), {players} players: {wins:g} of {played} won = {wins / max(1, played):.1%} "
        f"(95% CI {lo:.1%}-{hi:.1%})"
    )
    if reuse:
        click.echo(
            f"tree reuse: {reused_moves} of {expert_moves} searched moves started from a kept tree, "
            f"{reused / max(1, expert_moves):.0f} inherited iterations per searched move"
        )
    if json_path is not None:
        summary = {
            "players": players,
            "expert_iterations": expert_iters,
            "hard_iterations": hard_iters,
            "expert_weights": weights_path,
            "games": played,
            "wins": wins,
            "ci95": [lo, hi],
            "expert_cpu_per_move": e_per,
            "hard_cpu_per_move": h_per,
            "games_played": rows,
        }
        json_path.write_text(json.dumps(summary, indent=2) + "\n")


if __name__ == "__main__":
    main()
