"""Learn the expert's evaluation weights from games: tune them by play against the hand-written ones.

python -m inferno.bots.weight_tuning --trials 80 --workers 2 --out artifacts/tune/weights.json

The evaluation (:class:`inferno.bots.evaluation.Weights`) prices Florins, Guests, loans, accusations,
Diplomas ... by hand. This tool lets the games set those prices instead. Each *trial* is a candidate set
of weights, drawn by Optuna's TPE sampler from ranges around the hand-written values (:data:`SPACE`); a
greedy family with it plays alone against greedy families with the hand-written weights, on the same
seeds every trial (so trials are compared on the same deals), in 2- and 3-player games with its seat
rotating. A trial's score is its win share above the even share, averaged over the two player counts
(ties count ½). The best trials are then played again on fresh seeds (``--check-games``), and the one
that wins most there is written out with the whole record (the command, every trial, the check).

Greedy is the judge because it is cheap (about 0.4 s a 2-player game on the compiled engine) and plays
by nothing but the estimate; the expert's search judges its leaves with the same estimate.
Optuna is the ``calibrate`` extra (part of ``dev``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import platform
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from inferno.bots.base import register_bot
from inferno.bots.evaluation import DEFAULT_WEIGHTS
from inferno.bots.greedy import GreedyBot
from inferno.bots.ladder import Match, specs, wilson
from inferno.bots.learned_weights import weights_from
from inferno.bots.tournament import GameOutcome, GameSpec, play
from inferno.rules.pack import load_rules

SPACE: dict[str, tuple[float, float]] = {
    "florin": (0.15, 0.7),
    "drachma": (0.25, 1.0),
    "member_home": (0.2, 1.2),
    "guest": (0.3, 1.6),
    "barrel": (0.2, 1.0),
    "hand_card": (0.2, 1.2),
    "lead_share": (0.5, 1.0),
    "behind_one_share": (0.0, 0.5),
    "reputation_floor": (0.0, 0.5),
    "passage_open": (0.5, 3.0),
    "lower_shield": (0.1, 0.8),
    "drachma_need": (4.0, 16.0),
    "loan_foresight": (0.5, 1.5),
    "member_florence": (0.2, 1.2),
    "urchin": (0.5, 4.0),
    "accuse_ready": (0.2, 1.0),
    "accuse_bonus": (0.5, 1.5),
    "half_token": (1.0, 3.0),
    "floor_built": (0.0, 1.0),
    "stranded": (1.0, 4.0),
    "empty_foresight": (0.3, 1.5),
    "diploma_bonus": (0.0, 4.0),
}
"""The weights a trial may move, each within a range around its hand-written value (the rest stay)."""

CANDIDATE = "greedy-candidate"
JUDGE = "greedy"


@dataclass(frozen=True, slots=True)
class Score:
    """A candidate's results against the hand-written weights."""

    games: dict[int, int]  # players -> games played
    wins: dict[int, float]  # players -> wins (ties ½)
    margin: float  # mean final margin over all games

    @property
    def value(self) -> float:
        """Win share above the even share, averaged over the player counts."""
        return sum(self.wins[p] / self.games[p] - 1 / p for p in self.games) / len(self.games)

    def line(self) -> str:
        parts = []
        for p in sorted(self.games):
            lo, hi = wilson(self.wins[p], self.games[p])
            parts.append(f"{p}p {self.wins[p]:g}/{self.games[p]} ({100 * lo:.0f}-{100 * hi:.0f}%)")
        return f"{', '.join(parts)}; excess {100 * self.value:+.1f} pts, margin {self.margin:+.2f}"


def _play(item: tuple[dict[str, float], GameSpec]) -> GameOutcome:
    changes, spec = item
    w = weights_from(changes)

    def make(seed: int = 0) -> GreedyBot:
        return GreedyBot(seed, weights=w, name=CANDIDATE)

    register_bot(CANDIDATE, make)
    return play(spec)


def score(outcomes: Sequence[GameOutcome]) -> Score:
    """Wins and margin of the candidate's seat in ``outcomes``."""
    games: dict[int, int] = {}
    wins: dict[int, float] = {}
    margin = 0.0
    for o in outcomes:
        p = len(o.lineup)
        seat = o.lineup.index(CANDIDATE)
        games[p] = games.get(p, 0) + 1
        wins[p] = wins.get(p, 0.0) + (1.0 / len(o.winners) if seat in o.winners else 0.0)
        margin += o.scores[seat] - max(v for i, v in enumerate(o.scores) if i != seat)
    return Score(games, wins, margin / len(outcomes) if outcomes else 0.0)


class Judge:
    """Plays a candidate's games, in ``workers`` processes when more than one."""

    def __init__(self, workers: int) -> None:
        self.pool = multiprocessing.get_context("spawn").Pool(workers) if workers > 1 else None

    def __enter__(self) -> Judge:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool.join()

    def measure(self, changes: dict[str, float], counts: dict[int, int], seed: int) -> Score:
        items = [
            (changes, spec) for p, n in counts.items() for spec in specs(Match(CANDIDATE, JUDGE, p, 1 / p), n, seed)
        ]
        outcomes = self.pool.map(_play, items, chunksize=1) if self.pool else [_play(i) for i in items]
        return score(outcomes)


def _counts(two: int, three: int) -> dict[int, int]:
    return {p: n for p, n in ((2, two), (3, three)) if n > 0}


def tune(args: argparse.Namespace) -> dict[str, object]:
    """Run the study and the check on fresh seeds; return the record written to ``--out``."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=args.seed, n_startup_trials=args.startup)
    study = optuna.create_study(direction="maximize", sampler=sampler)
    study.enqueue_trial({k: getattr(DEFAULT_WEIGHTS, k) for k in SPACE})
    counts = _counts(args.games2, args.games3)
    check_counts = _counts(args.check_games2, args.check_games3)
    trials: list[dict[str, object]] = []
    log = Path(args.log) if args.log else None
    start = time.monotonic()
    with Judge(args.workers) as judge:
        for i in range(args.trials):
            trial = study.ask()
            changes = {k: round(trial.suggest_float(k, lo, hi), 3) for k, (lo, hi) in SPACE.items()}
            s = judge.measure(changes, counts, args.game_seed)
            study.tell(trial, s.value)
            row = {
                "trial": i,
                "weights": changes,
                "score": s.value,
                "margin": s.margin,
                "games": s.games,
                "wins": s.wins,
            }
            trials.append(row)
            if log:
                with log.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(row) + "\n")
            best = max(trials, key=lambda r: float(r["score"]))  # type: ignore[arg-type]
            print(
                f"trial {i + 1}/{args.trials} ({time.monotonic() - start:.0f} s): {s.line()}"
                f" | best so far trial {best['trial']}: {100 * float(best['score']):+.1f} pts",  # type: ignore[arg-type]
                flush=True,
            )
        ranked = sorted(trials, key=lambda r: float(r["score"]), reverse=True)[: args.check]  # type: ignore[arg-type]
        checks = []
        for row in ranked:
            s = judge.measure(row["weights"], check_counts, args.check_seed)  # type: ignore[arg-type]
            checks.append(
                {
                    "trial": row["trial"],
                    "weights": row["weights"],
                    "score": s.value,
                    "margin": s.margin,
                    "games": s.games,
                    "wins": s.wins,
                }
            )
            print(f"check of trial {row['trial']} on seeds from {args.check_seed}: {s.line()}", flush=True)
    chosen = max(checks, key=lambda r: float(r["score"]))  # type: ignore[arg-type]
    return {
        "command": " ".join(["python -m inferno.bots.weight_tuning", *sys.argv[1:]]),
        "judge": "greedy with the hand-written weights (inferno.bots.evaluation.DEFAULT_WEIGHTS)",
        "games": {
            "trials": counts,
            "trial_seeds_from": args.game_seed,
            "check": check_counts,
            "check_seeds_from": args.check_seed,
        },
        "rules": load_rules().fingerprint,
        "libraries": {"python": platform.python_version(), "optuna": optuna.__version__},
        "space": {k: list(v) for k, v in SPACE.items()},
        "trials": trials,
        "checks": checks,
        "chosen": chosen,
        "weights": chosen["weights"],
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trials", type=int, default=80)
    ap.add_argument("--startup", type=int, default=20, help="random trials before TPE models the space")
    ap.add_argument("--games2", type=int, default=60, help="2-player games a trial")
    ap.add_argument("--games3", type=int, default=45, help="3-player games a trial")
    ap.add_argument("--game-seed", type=int, default=0, help="the trials' first game seed")
    ap.add_argument("--check", type=int, default=4, help="best trials played again on fresh seeds")
    ap.add_argument("--check-games2", type=int, default=200)
    ap.add_argument("--check-games3", type=int, default=150)
    ap.add_argument("--check-seed", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0, help="the sampler's seed")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--log", help="append one line per trial to this file")
    ap.add_argument("--out", required=True, help="the record: every trial, the check and the chosen weights")
    args = ap.parse_args(argv)
    if args.trials < 1 or args.check < 1:
        ap.error("--trials and --check must be at least 1")
    if not _counts(args.games2, args.games3) or not _counts(args.check_games2, args.check_games3):
        ap.error("give some 2- or 3-player games for the trials and the check")
    record = tune(args)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}: trial {record['chosen']['trial']}")  # type: ignore[index]


if __name__ == "__main__":
    main()
