"""Choose the DEFAULT Hell (shields per circle) with the data-health report and Optuna.

Each trial writes a candidate board for one side: the layout rule of
``tools/generate_default_data.py`` with the placeholder's shields per circle scaled by one factor
for circles 1–5 and another for circles 7–9 (circle 6 keeps one shield per gate); it
plays the player counts of that side with the chosen bots on fixed seeds, and scores it:

    objective = 20 × max(0, sudden-death share − margin)
              + |winners' Souls share − 1/3| + |winners' Diploma share − 1/3|
              + size × (shields on the board)

so the smallest board that keeps sudden death under the margin with the reviewer's point split
wins. Run: ``python tools/calibrate_hell.py --side III/IV --trials 30 --games 40``. The trials and
the best board are written as JSON (``--out``); the chosen counts then go into ``SIDES`` of
``generate_default_data.py`` and the docs record the run.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

import optuna
from tools.generate_default_data import board

from inferno.rules.pack import load_rules
from inferno.sim.health import CountHealth, HealthConfig, run_health

# The first placeholder's shape (shields per circle 1..9); circle 6 = the side's gates, 4 / 5.
PLACEHOLDER = {"I/II": [4, 5, 5, 5, 4, 4, 4, 3, 3], "III/IV": [5, 6, 6, 6, 5, 5, 5, 4, 4]}
FILES = {"I/II": "board_I_II.toml", "III/IV": "board_III_IV.toml"}
PLAYERS = {"I/II": (2,), "III/IV": (3, 4)}


def scaled(start: list[int], upper: float, lower: float) -> list[int]:
    """The U1 shape with circles 1–5 scaled by ``upper`` and 7–9 by ``lower``; circle 6 keeps its gates."""
    return [round(c * (upper if k < 5 else lower)) if k != 5 else c for k, c in enumerate(start)]


def evaluate(side: str, counts: list[int], games: int, bots: str, workers: int, first_seed: int) -> dict[str, Any]:
    """Play the side's player counts on a board with ``counts`` shields per circle and summarise."""
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / FILES[side]).write_text(board(side, counts), encoding="utf-8")
        load_rules(d)  # fail early on a malformed board
        cfg = HealthConfig(
            players=PLAYERS[side], bots=bots, games=games, first_seed=first_seed, rules_dir=d, workers=workers
        )
        report = run_health(cfg)
    return {"counts": counts, "per_count": [summary(h) for h in report.counts]}


def summary(h: CountHealth) -> dict[str, Any]:
    return {
        "players": h.players,
        "games": h.games,
        "sudden_death": h.sudden_death.rate,
        "souls": h.shares_winners["souls"].mean,
        "diplomas": h.shares_winners["diplomas"].mean,
        "rounds": h.rounds.mean,
        "seat_p": h.seat_p,
        "empty": [round(m.mean, 2) for m in h.empty_shields],
    }


def objective_value(result: dict[str, Any], margin: float, size: float) -> float:
    rows = result["per_count"]
    sd = max(r["sudden_death"] for r in rows)
    split = sum(abs(r["souls"] - 1 / 3) + abs(r["diplomas"] - 1 / 3) for r in rows) / len(rows)
    return 20 * max(0.0, sd - margin) + split + size * sum(result["counts"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--side", choices=sorted(PLACEHOLDER), required=True)
    ap.add_argument("--trials", type=int, default=30)
    ap.add_argument("--games", type=int, default=40, help="games per player count per trial")
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--margin", type=float, default=0.02, help="sudden-death share tolerated in a trial")
    ap.add_argument("--size", type=float, default=0.004, help="cost of one more shield")
    ap.add_argument("--seed", type=int, default=7, help="the sampler's seed")
    ap.add_argument("--first-seed", type=int, default=100_000, help="first game seed of every trial")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    side: str = args.side
    start = list(PLACEHOLDER[side])
    trials: list[dict[str, Any]] = []

    def objective(trial: optuna.Trial) -> float:
        upper = trial.suggest_float("upper", 1.0, 2.2, step=0.05)
        lower = trial.suggest_float("lower", 1.0, 2.2, step=0.05)
        counts = scaled(start, upper, lower)
        t0 = time.perf_counter()
        res = evaluate(side, counts, args.games, args.bots, args.workers, args.first_seed)
        value = objective_value(res, args.margin, args.size)
        res.update(value=value, seconds=round(time.perf_counter() - t0, 1), trial=trial.number)
        trials.append(res)
        worst = max(r["sudden_death"] for r in res["per_count"])
        print(f"trial {trial.number}: {counts} sudden death ≤ {worst:.0%} value {value:.3f}", flush=True)
        return value

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=args.seed))
    for guess in ((1.0, 1.0), (1.5, 1.5)):
        study.enqueue_trial({"upper": guess[0], "lower": guess[1]})
    study.optimize(objective, n_trials=args.trials)
    best = min(trials, key=lambda r: r["value"])
    print("best:", best["counts"], json.dumps(best["per_count"]))
    if args.out:
        args.out.write_text(
            json.dumps({"args": {k: str(v) for k, v in vars(args).items()}, "best": best, "trials": trials}, indent=1)
        )


if __name__ == "__main__":
    main()
