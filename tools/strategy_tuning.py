"""Tune a strategy family's weights: play candidate weights against a yardstick bot, without editing code.

python tools/strategy_tuning.py --strategy filler --axis focus_circles=1,2 --axis focus_fill=0.5,1,2
PYTHONPATH=build/compiled python tools/strategy_tuning.py --strategy collector --axis diploma_bonus=1,3 --games 100

Each candidate is the strategy's weights (``inferno.bots.strategy.STRATEGY_WEIGHTS``) with the ``--axis``
fields changed, one candidate per combination of their values. It plays the ladder's match shape
(``inferno.bots.ladder``: alone against copies of ``--opponent``, its seat rotating over consecutive
seeds from ``--seed``), one game after another in this process, and its wins (ties ½), Wilson 95%
interval and mean margin are printed, one line per candidate (``--jsonl`` writes them too).

``--search LEVEL`` plays the candidate with a search level's tree search (``inferno.bots.search``, without
its time cap, so games are reproducible) judging its leaves by the candidate's weights, instead of greedy;
``--opponent-strategy`` makes the opponent that strategy's family, played the same way:

    PYTHONPATH=build/compiled python tools/strategy_tuning.py --strategy filler --search medium \
        --opponent-strategy collector --games 100 --seed 1000
"""

from __future__ import annotations

import argparse
import itertools
import json
from dataclasses import dataclass, fields, replace

from inferno.bots.base import register_bot
from inferno.bots.evaluation import Weights
from inferno.bots.greedy import GreedyBot
from inferno.bots.ladder import Match, MatchResult, score, specs
from inferno.bots.search import LEVELS, SearchBot
from inferno.bots.strategy import STRATEGY_WEIGHTS, Strategy
from inferno.bots.tournament import run

_FIELDS = {f.name: f for f in fields(Weights)}


@dataclass(frozen=True, slots=True)
class Candidate:
    """A strategy's weights with some fields changed."""

    strategy: Strategy
    changes: tuple[tuple[str, float], ...] = ()
    search: str | None = None  # a search level that plays the weights, or None for greedy

    @property
    def weights(self) -> Weights:
        base = STRATEGY_WEIGHTS[self.strategy]
        return replace(base, **{k: type(getattr(base, k))(v) for k, v in self.changes})

    @property
    def name(self) -> str:
        inner = ",".join(f"{k}={v:g}" for k, v in self.changes)
        return f"{self.search or 'greedy'}-{self.strategy.value}[{inner}]"


def parse_axis(text: str) -> tuple[str, list[float]]:
    """``FIELD=V1,V2,...`` as a Weights field and its values (``ArgumentTypeError`` in words otherwise)."""
    key, sep, values = text.partition("=")
    if not sep or key not in _FIELDS:
        raise argparse.ArgumentTypeError(f"{text!r}: write FIELD=V1,V2 with FIELD one of Weights' fields")
    try:
        return key, [float(v) for v in values.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: the values must be numbers, e.g. {key}=0.5,1") from None


def grid(strategy: Strategy, axes: list[tuple[str, list[float]]], search: str | None = None) -> list[Candidate]:
    """Every combination of the axes' values, the first axis varying slowest."""
    keys = [k for k, _ in axes]
    combos = itertools.product(*(vals for _, vals in axes))
    return [Candidate(strategy, tuple(zip(keys, combo, strict=True)), search) for combo in combos]


def register(c: Candidate) -> str:
    """Make the candidate a bot ``make_bot`` knows (in this process) and return its name."""
    weights, name = c.weights, c.name
    if c.search is None:

        def make(seed: int = 0) -> GreedyBot | SearchBot:
            return GreedyBot(seed, weights=weights, name=name)

    else:
        config = replace(LEVELS[c.search], max_seconds=None)  # no time cap: every game reproducible

        def make(seed: int = 0) -> GreedyBot | SearchBot:
            return SearchBot(seed, config, name, weights=weights)

    register_bot(name, make)
    return name


def measure(c: Candidate, opponent: str, players: int, games: int, seed: int) -> MatchResult:
    """The candidate alone against copies of ``opponent``, in the ladder's games."""
    m = Match(register(c), opponent, players, 1.0 / players)
    return score(m, run(specs(m, games, seed), workers=1))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--strategy", required=True, choices=[s.value for s in Strategy])
    ap.add_argument("--axis", action="append", default=[], type=parse_axis, help="FIELD=V1,V2 (repeatable)")
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument(
        "--opponent-strategy",
        choices=[s.value for s in Strategy],
        help="the opponent is this strategy's family, played like the candidate (instead of --opponent)",
    )
    ap.add_argument("--search", choices=sorted(LEVELS), help="play the weights with this level's search, not greedy")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jsonl", help="append one line per candidate to this file")
    args = ap.parse_args(argv)
    opponent = args.opponent
    if args.opponent_strategy is not None:
        opponent = register(Candidate(Strategy(args.opponent_strategy), (), args.search))
    for c in grid(Strategy(args.strategy), args.axis, args.search):
        r = measure(c, opponent, args.players, args.games, args.seed)
        line = {
            "candidate": c.name,
            "opponent": opponent,
            "players": args.players,
            "seeds": [args.seed, args.seed + args.games - 1],
            "games": r.games,
            "wins": r.wins,
            "ci95": [round(r.low, 4), round(r.high, 4)],
            "mean_margin": round(r.mean_margin, 3),
        }
        print(f"{c.name}: {r.wins:g}/{r.games} ({100 * r.low:.0f}-{100 * r.high:.0f}%), margin {r.mean_margin:+.2f}")
        if args.jsonl:
            with open(args.jsonl, "a", encoding="utf-8") as f:
                f.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
