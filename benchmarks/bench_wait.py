"""The player's wait: CPU seconds per move of the hard and expert bots, and per hint, on the running engine.

Positions come from greedy self-play games (2 and 4 players, decisions with at least two options), as in
``bench_bots.py``. Each bot thinks its level's full iteration budget without its wall-clock cap, so the
figure is what the budget costs and the play depends on the iterations only. A hint is
``inferno.review.hints.make_hint`` on the deciding player's view, at the configured hint samples (deals per option).
The choices and the hints' first options are summed up in a digest: equal iterations must give the same
play on both engines, which ``--compiled DIR`` checks by running the same positions again with the
compiled build in ``DIR`` first on the path::

    python benchmarks/bench_wait.py --positions 6                              # the running engine
    python benchmarks/bench_wait.py --positions 6 --compiled build/compiled    # pure, then compiled
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

from bench_bots import positions  # the same greedy self-play positions (this folder is on the path)

import inferno
from inferno.bots.expert import EXPERT, make_expert
from inferno.bots.search import LEVELS, SearchBot, SearchConfig
from inferno.engine_build import engine_name
from inferno.review.hints import make_hint

GOAL_S = 0.5  # the player's wait: the hard bot's move and a hint, CPU seconds on `make play`'s default install


@dataclass(frozen=True, slots=True)
class Row:
    what: str
    budget: str  # iterations a decision, "2 players/4 players" where they differ (a rollout hint: its deals)
    mean_s: float
    median_s: float
    max_s: float


def _time(fn: object, states: list[inferno.State]) -> tuple[list[float], list[str]]:
    times, picks = [], []
    for s in states:
        t0 = time.process_time()
        picks.append(str(fn(s)))  # type: ignore[operator]
        times.append(time.process_time() - t0)
    return times, picks


def measure(count: int, seed: int) -> tuple[list[Row], str]:
    states = positions(2, count, seed) + positions(4, count, seed)
    hard_cfg = dataclasses.replace(LEVELS["hard"], max_seconds=None)
    expert_cfg = dataclasses.replace(EXPERT, max_seconds=None)

    def hard(s: inferno.State) -> object:
        return SearchBot(seed, hard_cfg, "hard").choose(inferno.view(s, inferno.to_move(s)), inferno.legal_actions(s))

    def expert(s: inferno.State) -> object:
        return make_expert(seed, expert_cfg).choose(inferno.view(s, inferno.to_move(s)), inferno.legal_actions(s))

    from inferno.review.settings import load_settings

    uncapped = dataclasses.replace(load_settings(), hint_seconds=None)  # every deal, on either engine

    def hint(s: inferno.State) -> object:
        v = inferno.view(s, inferno.to_move(s))
        return json.dumps(make_hint(v, seed, settings=uncapped).to_dict(), sort_keys=True)

    rows, digest = [], hashlib.sha256()

    def budget(cfg: SearchConfig) -> str:
        two, four = cfg.budget(2), cfg.budget(4)
        return str(two) if two == four else f"{two}/{four}"

    def hint_budget(search: str) -> str:
        return str(expert_cfg.budget(2)) if search == "expert" else f"{uncapped.hint_samples} deals"

    hints = f"{hint_budget(uncapped.hint_search)}/{hint_budget(uncapped.hint_crowd_search)}"
    for what, fn, iters in (
        ("hard", hard, budget(hard_cfg)),
        ("expert", expert, budget(expert_cfg)),
        ("hint", hint, hints),
    ):
        times, picks = _time(fn, states)
        digest.update("\n".join(picks).encode())
        rows.append(Row(what, iters, statistics.mean(times), statistics.median(times), max(times)))
    return rows, digest.hexdigest()[:16]


def show(engine: str, rows: list[Row], digest: str) -> None:
    print(f"engine: {engine}; play digest {digest}")
    print(f"{'':<8} {'budget':>10} {'mean s':>8} {'median s':>9} {'max s':>7}  CPU per move")
    for r in rows:
        verdict = "" if r.what == "expert" else f"  goal <= {GOAL_S:g} s: {'met' if r.mean_s <= GOAL_S else 'MISSED'}"
        print(f"{r.what:<8} {r.budget:>10} {r.mean_s:>8.3f} {r.median_s:>9.3f} {r.max_s:>7.3f}{verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=6, help="positions per player count (2 and 4)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--compiled", metavar="DIR", help="then the same positions on the compiled build in DIR")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON (used by --compiled)")
    args = parser.parse_args(argv)
    if not args.json:
        print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (the machine is shared)")
    rows, digest = measure(args.positions, args.seed)
    if args.json:
        print(json.dumps({"engine": engine_name(), "digest": digest, "rows": [dataclasses.asdict(r) for r in rows]}))
        return 0
    show(engine_name(), rows, digest)
    if args.compiled:
        env = dict(
            os.environ, PYTHONPATH=os.pathsep.join([os.path.abspath(args.compiled), os.environ.get("PYTHONPATH", "")])
        )
        cmd = [sys.executable, __file__, "--json", "--positions", str(args.positions), "--seed", str(args.seed)]
        data = json.loads(subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout)
        show(data["engine"], [Row(**r) for r in data["rows"]], data["digest"])
        print(f"same play on both engines: {'yes' if data['digest'] == digest else 'NO'}")
    print(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
