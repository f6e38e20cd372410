"""Choose the DEFAULT Hell with the data-health targets and Optuna.

A candidate for one board side is its shields per circle (circles 1–5 and 7–9 each on its own, Limbo up
to ``--max-limbo``; circle 6 keeps one shield per gate, 4 on side I/II and 5 on III/IV, as the rulebook's
safe-passage discs require) and the Phlegethon cubes' start (one for all eight cubes, or with ``--per-circle-start`` one for
each: the rulebook puts each cube on its own printed start space). Each trial writes the candidate into a temporary rules
directory (the board by the layout rule of ``tools/generate_default_data.py``, with the side's
Phlegethon start), plays the side's player counts with the chosen bots on fixed seeds (side I/II: 2 players;
III/IV: 3, 4, and 5 with the P&P modules), and judges them with the data-health targets
(:mod:`inferno.sim.targets`, the ones ``inferno rules check`` prints):

    objective = Σ over player counts and game targets of how far each figure misses its goal
                (in steps of 5% for shares, 0.25 per game, 2 rounds; sudden death counts 4 times)
              + on side I/II with ``--strategy-games N``: how far the circle filler's share of N
                2-player games against the Diploma collector misses more than half (steps of 5%)
              + 2 × each shield III/IV lacks to be larger than I/II (``--smaller`` gives I/II's board)
              + size × (shields on the board)

so the smallest board that meets every target wins. Seat fairness is left out of the objective (a
few dozen games cannot judge it); the report checks it on the chosen board.

The strategy comparison is the rulebook's advice (seed 003: "Filling one or two circles well usually
beats collecting every Diploma"), played by ``greedy-filler`` against ``greedy-collector``
(:mod:`inferno.bots.strategy`) on the candidate, seats alternating, a shared win counting its share.

Run: ``python -m tools.calibrate_hell --side I/II --trials 20 --games 40 --try 5,6,6,6,5,4,4,3,3/5``
(a start for each circle: ``--try 9,5,5,5,5,4,3,3,3/2,2,3,3,4,4,5,5``).
Every trial prints one line; the trials and the best candidate are written as JSON (``--out``). The
chosen counts then go into ``SIDES`` of ``generate_default_data.py``, the start into its ``STARTS``,
and the docs record the run (docs/rules-data/calibration.md).

The Plague cards are not moved: their 4 Souls a card are the rulebook's (Boards & General
Concepts), and the deck returns every card to its bottom, so neither its size nor its colours change
how many Souls reach Hell.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import optuna
from tools.generate_default_data import board

from inferno.rules.pack import load_rules
from inferno.sim.health import HealthConfig, run_health
from inferno.sim.strategy_comparison import play_comparison
from inferno.sim.targets import (
    Scope,
    Status,
    StrategyComparison,
    TargetKey,
    Unit,
    Verdict,
    check_comparison,
    check_count,
)

FILES = {"I/II": "board_I_II.toml", "III/IV": "board_III_IV.toml"}
# The first placeholder's shape (shields per circle 1..9): the fixed board the rule tests name shields on.
PLACEHOLDER = {"I/II": [4, 5, 5, 5, 4, 4, 4, 3, 3], "III/IV": [5, 6, 6, 6, 5, 5, 5, 4, 4]}
GATES = {"I/II": 4, "III/IV": 5}
# The player counts each side serves (seed 000), with the P&P modules a count needs.
PLAYS: dict[str, tuple[tuple[int, tuple[str, ...]], ...]] = {
    "I/II": ((2, ()),),
    "III/IV": ((3, ()), (4, ()), (5, ("plutus", "phlegyas"))),
}
SCALE = {Unit.SHARE: 0.05, Unit.PER_GAME: 0.25, Unit.ROUNDS: 2.0}  # one step of a miss, per unit
WEIGHT = {TargetKey.SUDDEN_DEATH: 4.0}  # a miss counts this many steps per step


@dataclass(frozen=True, slots=True)
class Candidate:
    """Shields per circle 1–9 and the Phlegethon start: one for every cube, or one per circle 2–9."""

    counts: tuple[int, ...]
    start: int | tuple[int, ...]

    @property
    def starts(self) -> tuple[int, ...]:
        """The start of each cube, circles 2–9."""
        return self.start if isinstance(self.start, tuple) else (self.start,) * 8

    @classmethod
    def parse(cls, text: str) -> Candidate:
        """``"5,6,6,6,5,4,4,3,3/5"``: nine shield counts, then the start (or eight, circles 2–9)."""
        counts, _, start = text.partition("/")
        example = "such as 5,6,6,6,5,4,4,3,3/5 or 5,6,6,6,5,4,4,3,3/3,3,3,3,4,4,5,5"
        try:
            starts = tuple(int(x) for x in start.split(","))
            parsed = cls(tuple(int(x) for x in counts.split(",")), starts[0] if len(starts) == 1 else starts)
        except ValueError:
            raise SystemExit(f"{text!r} is not nine shield counts and a start, {example}") from None
        if len(parsed.counts) != 9 or min(parsed.counts) < 1 or len(starts) not in (1, 8):
            raise SystemExit(f"{text!r}: give nine shield counts of at least 1 and one start or eight, {example}")
        if not all(1 <= x <= 5 for x in starts):
            raise SystemExit(f"{text!r}: every start is from 1 to 5")
        return parsed

    def text(self) -> str:
        return (
            ",".join(map(str, self.counts)) + "/" + ",".join(map(str, self.starts if self.per_circle else [self.start]))
        )

    @property
    def per_circle(self) -> bool:
        return isinstance(self.start, tuple)


def rules_dir(side: str, c: Candidate, into: Path) -> Path:
    """Write the candidate's board, with its Phlegethon start, into ``into``."""
    (into / FILES[side]).write_text(board(side, list(c.counts), list(c.starts)), encoding="utf-8")
    load_rules(into)  # fail early on a malformed board
    return into


def miss(v: Verdict) -> float:
    """How far a verdict's figure lies outside its goal, in steps of its unit (0 when met)."""
    if v.status is not Status.MISSED or v.measured is None or v.target.unit not in SCALE:
        return 0.0
    bounds = v.target.bounds_for(v.players)
    x = v.measured.value
    edge = bounds.low if bounds.low is not None and x <= bounds.low else bounds.high
    return WEIGHT.get(v.key, 1.0) * abs(x - (edge if edge is not None else x)) / SCALE[v.target.unit]


def comparison(played: StrategyComparison) -> dict[str, Any]:
    """The strategy comparison judged by its target: the filler's wins, the verdict's figure, and its miss."""
    (v,) = check_comparison(played)
    return {
        "wins": played.wins,
        "games": played.games,
        "shown": v.shown,
        "met": v.status is Status.MET,
        "miss": round(miss(v), 3),
    }


def evaluate(
    side: str, c: Candidate, games: int, bots: str, workers: int, first_seed: int, strategy_games: int = 0
) -> dict[str, Any]:
    """Play the side's player counts on the candidate and judge them with the game targets (and, with
    ``strategy_games`` on side I/II, the circle filler against the Diploma collector)."""
    out: list[dict[str, Any]] = []
    strategies: dict[str, Any] | None = None
    with tempfile.TemporaryDirectory() as d:
        directory = rules_dir(side, c, Path(d))
        if strategy_games and side == "I/II":
            played = play_comparison(strategy_games, first_seed, str(directory), workers)
            strategies = comparison(played)
        for players, modules in PLAYS[side]:
            cfg = HealthConfig(
                players=(players,),
                bots=bots,
                games=games,
                first_seed=first_seed,
                rules_dir=str(directory),
                workers=workers,
                modules=modules,
            )
            verdicts = check_count(run_health(cfg).counts[0])
            out.append(
                {
                    "players": players,
                    "modules": list(modules),
                    "verdicts": {v.key.value: v.shown for v in verdicts if v.target.scope is Scope.GAMES},
                    "missed": [v.key.value for v in verdicts if v.status is Status.MISSED],
                    "miss": round(sum(miss(v) for v in verdicts), 3),
                }
            )
    return {
        "candidate": c.text(),
        "shields": sum(c.counts),
        "below_walls": sum(c.counts[5:]),
        "per_count": out,
        "strategies": strategies,
    }


def suggest(
    trial: optuna.Trial, side: str, max_start: int = 5, per_circle: bool = False, max_limbo: int = 9
) -> Candidate:
    """The trial's candidate: circles 1-5 from 3 shields (Limbo up to ``max_limbo``, the others to 9), 7-9
    from 3 to 8, circle 6 one per gate; the start one for all (3 to ``max_start``) or one per cube."""
    upper = [trial.suggest_int("c1", 3, max_limbo)] + [trial.suggest_int(f"c{k}", 3, 9) for k in range(2, 6)]
    lower = [trial.suggest_int(f"c{k}", 3, 8) for k in range(7, 10)]
    counts = (*upper, GATES[side], *lower)
    if per_circle:
        starts = tuple(trial.suggest_int(f"start{k}", 2, max_start) for k in range(2, 10))
        return seed_starts(Candidate(counts, starts))
    return seed_starts(Candidate(counts, trial.suggest_int("start", 3, max_start)))


def seed_starts(c: Candidate) -> Candidate:
    """``c`` with every cube started at most one space above its circle's shields: the rulebook (Game End &
    Final Scoring) says a top Skull "earns just 1 point per level if its circle stays empty"."""
    capped = tuple(min(x, n + 1) for x, n in zip(c.starts, c.counts[1:], strict=True))
    return c if capped == c.starts else Candidate(c.counts, capped)


def empty_circle_too_high(c: Candidate) -> list[int]:
    """The circles (2–9) whose cube would stay above 1 with the circle empty."""
    return [k for k, x, capped in zip(range(2, 10), c.starts, seed_starts(c).starts, strict=True) if x != capped]


def start_params(c: Candidate, per_circle: bool) -> dict[str, int]:
    """The Optuna parameters of a candidate's start, in the search's shape."""
    if per_circle:
        return {f"start{k}": x for k, x in zip(range(2, 10), c.starts, strict=True)}
    if c.per_circle:
        raise SystemExit(f"{c.text()}: a start for each circle is searched with --per-circle-start")
    return {"start": c.starts[0]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--side", choices=sorted(PLAYS), required=True)
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--games", type=int, default=40, help="games per player count per trial")
    ap.add_argument("--bots", default="greedy")
    ap.add_argument(
        "--strategy-games",
        type=int,
        default=0,
        help="side I/II: also play this many circle-filler games against the Diploma collector a trial",
    )
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--size", type=float, default=0.01, help="cost of one more shield")
    ap.add_argument("--seed", type=int, default=7, help="the sampler's seed")
    ap.add_argument("--first-seed", type=int, default=100_000, help="first game seed of every trial")
    ap.add_argument(
        "--try", dest="tries", action="append", default=[], help="a candidate to try first: COUNTS/START (repeatable)"
    )
    ap.add_argument("--smaller", type=int, default=0, help="shields of side I/II: III/IV must have more")
    ap.add_argument(
        "--max-start",
        type=int,
        choices=(3, 4, 5),
        default=5,
        help="the highest Phlegethon start tried (at 5 no cube could be raised)",
    )
    ap.add_argument(
        "--per-circle-start",
        action="store_true",
        help="search a start for each cube (circles 2-9, each from 2 to --max-start) instead of one for all",
    )
    ap.add_argument(
        "--max-limbo",
        type=int,
        default=9,
        help="the most shields tried in Limbo (circle 1, which has no cube: room there eases sudden death alone)",
    )
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    if args.max_limbo < 3:
        raise SystemExit(f"--max-limbo {args.max_limbo}: Limbo needs at least 3 shields")
    side: str = args.side
    size: float = args.size
    if args.strategy_games and side != "I/II":
        raise SystemExit("--strategy-games: the strategy comparison is played with 2 players, on side I/II only")
    tries = [Candidate.parse(t) for t in args.tries]
    for c in tries:
        if c.counts[5] != GATES[side]:
            raise SystemExit(f"{c.text()}: circle 6 has one shield per gate, {GATES[side]} on side {side}")
        if max(c.starts) > args.max_start:
            raise SystemExit(f"{c.text()}: its start is above --max-start {args.max_start}")
        if high := empty_circle_too_high(c):
            raise SystemExit(
                f"{c.text()}: circles {', '.join(map(str, high))} start more than one space above their shields;"
                " the rulebook says an empty circle leaves its cube at 1"
            )
    trials: list[dict[str, Any]] = []

    def objective(trial: optuna.Trial) -> float:
        c = suggest(trial, side, args.max_start, args.per_circle_start, args.max_limbo)
        t0 = time.perf_counter()
        res = evaluate(side, c, args.games, args.bots, args.workers, args.first_seed, args.strategy_games)
        short = max(0, args.smaller + 1 - sum(c.counts)) if side == "III/IV" and args.smaller else 0
        value = float(sum(r["miss"] for r in res["per_count"])) + 2.0 * short + size * sum(c.counts)
        if res["strategies"] is not None:
            value += res["strategies"]["miss"]
        res.update(value=round(value, 3), seconds=round(time.perf_counter() - t0, 1), trial=trial.number)
        trials.append(res)
        missed = "; ".join(f"{r['players']}p missed {', '.join(r['missed']) or 'nothing'}" for r in res["per_count"])
        print(f"trial {trial.number}: {c.text()} value {value:.2f} | {missed}", flush=True)
        for r in res["per_count"]:
            print(f"   {r['players']}p " + " · ".join(f"{k} {v}" for k, v in r["verdicts"].items()), flush=True)
        if res["strategies"] is not None:
            print(f"   circle filler against Diploma collector: {res['strategies']['shown']}", flush=True)
        return value

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=args.seed))
    for c in tries:
        params: dict[str, Any] = {f"c{k + 1}": n for k, n in enumerate(c.counts) if k != 5}
        study.enqueue_trial({**params, **start_params(c, args.per_circle_start)})
    study.optimize(objective, n_trials=max(args.trials, len(tries)))
    best = min(trials, key=lambda r: r["value"])
    print("best:", best["candidate"], json.dumps(best["per_count"]))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(
            json.dumps({"args": {k: str(v) for k, v in vars(args).items()}, "best": best, "trials": trials}, indent=1),
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
