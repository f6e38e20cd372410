"""Measure the solo game's balance: win rate per variant x level for one bot (the table in docs/play/solo.md).

python tools/solo_balance.py --bot greedy --games 100
PYTHONPATH=build/compiled python tools/solo_balance.py --bot expert --games 50 --levels hard --jsonl hard.jsonl

Each cell plays the same game seeds (``--first-seed`` onwards), one game after another in this process.
``--rules-dir`` plays a candidate ``solo.toml`` (a rules directory holding it) without touching the
embedded data; ``--jsonl`` writes one line per game (the bar, the Rival's cards and Infamy) for a closer
look.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from dataclasses import dataclass
from typing import Any

from inferno.bots.base import make_bot
from inferno.records.log import events
from inferno.rules.engine import apply_in_place, pending, view
from inferno.rules.pack import load_rules
from inferno.rules.setup import new_game
from inferno.rules.solo import RIVAL, outcome
from inferno.rules.solo_model import LEVELS, SoloConfig
from inferno.sim.game import MAX_DECISIONS, bot_seed


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, (c - h) / d), min(1.0, (c + h) / d)  # never a "-0%" from rounding


@dataclass(frozen=True, slots=True)
class SoloGame:
    """One finished solo game as the balance table reads it."""

    variant: str
    level: str
    seed: int
    won: bool
    margin: int  # the player's final Infamy minus the bar
    infamy: int  # the player's final Infamy
    bar: int  # the Rival's final Infamy, or the level's target
    rival_infamy: int
    rival_cards: int  # cards the Rival played
    turns: int  # the player's turns
    sudden_death: bool


def play_solo(bot: str, solo: SoloConfig, seed: int, rules_dir: str | None = None) -> SoloGame:
    """Play one solo game with ``bot`` in the player's seat (the same bot seed as ``inferno simulate``)."""
    s = new_game(1, seed, rules_dir=rules_dir, solo=solo)
    player = make_bot(bot, bot_seed(seed, 0))
    decisions = 0
    while (now := pending(s)) is not None:
        choice = player.choose(view(s, now.player), list(now.actions))
        apply_in_place(s, choice, rollback=False)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"game {seed} did not end within {MAX_DECISIONS} decisions")
    won, margin, bar, _ = outcome(s)
    cards = sum(1 for e in events(s) if e.kind == "solo_card")
    return SoloGame(
        solo.variant,
        solo.level,
        seed,
        won,
        margin,
        s.players[0].infamy,
        bar,
        s.players[RIVAL].infamy,
        cards,
        s.turn,
        s.sudden_death,
    )


def row(bot: str, games: list[SoloGame], seconds: float) -> str:
    """One line of the balance table."""
    n = len(games)
    wins = sum(g.won for g in games)
    lo, hi = wilson(wins, n)
    sd = sum(g.sudden_death for g in games)
    g0 = games[0]
    return (
        f"| {g0.variant} | {g0.level} | {n} | {wins} | {wins / n:.0%} | {lo:.0%}-{hi:.0%} | {sd / n:.0%} "
        f"| {statistics.fmean(g.infamy for g in games):.1f} | {statistics.fmean(g.margin for g in games):+.1f} "
        f"| {statistics.fmean(g.turns for g in games):.1f} |  {bot}" + (f", {seconds:.0f}s" if seconds else "")
    )


HEADER = (
    "| variant | level | games | wins | win rate | 95% Wilson | sudden death | mean Infamy | mean margin | turns |\n"
    "|---|---|---|---|---|---|---|---|---|---|"
)


def read_jsonl(path: str) -> list[SoloGame]:
    """The games a ``--jsonl`` file holds (the bot's name is dropped: :func:`file_bots` reads it)."""
    return [SoloGame(**{k: r[k] for k in SoloGame.__slots__}) for r in _rows(path)]


def file_bots(path: str, default: str) -> str:
    """The bots that played a ``--jsonl`` file's games (``default`` where a line names none), as a label."""
    return ", ".join(sorted({r.get("bot", default) for r in _rows(path)})) or default


def _rows(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def table(bot: str, games: list[SoloGame], seconds: dict[tuple[str, str], float]) -> list[str]:
    """The balance table of these games, one row per variant x level in the order first played."""
    cells: dict[tuple[str, str], list[SoloGame]] = {}
    for g in games:
        cells.setdefault((g.variant, g.level), []).append(g)
    return [HEADER] + [row(bot, gs, seconds.get(key, 0.0)) for key, gs in cells.items()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default="greedy", help="any registered bot: greedy, hard, expert, ...")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--variants", default="", help="comma-separated (default: every variant)")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--rules-dir", default=None, help="play this rules directory's solo.toml")
    ap.add_argument("--jsonl", default=None, help="append one line per game to this file, as each game ends")
    ap.add_argument("--summarise", default=None, metavar="JSONL", help="print the table of a --jsonl file only")
    args = ap.parse_args()
    if args.summarise:
        print("\n".join(table(file_bots(args.summarise, args.bot), read_jsonl(args.summarise), {})))
        return
    solo = load_rules(args.rules_dir).solo
    variants = args.variants.split(",") if args.variants else list(solo.variants)
    levels = args.levels.split(",")
    for name, asked, known in (("variant", variants, solo.variants), ("level", levels, LEVELS)):
        unknown = [x for x in asked if x not in known]
        if unknown:
            ap.error(f"unknown solo {name} {', '.join(unknown)} (choose {', '.join(known)})")
    cells = [(v, lv) for v in variants for lv in levels]
    games: list[SoloGame] = []
    seconds = dict.fromkeys(cells, 0.0)
    # Seed by seed across the cells, so an interrupted run still compares every cell on the same seeds.
    for seed in range(args.first_seed, args.first_seed + args.games):
        for v, lv in cells:
            t = time.time()
            g = play_solo(args.bot, SoloConfig(v, lv), seed, args.rules_dir)
            seconds[v, lv] += time.time() - t
            games.append(g)
            if args.jsonl:
                with open(args.jsonl, "a", encoding="utf-8") as f:
                    f.write(json.dumps({"bot": args.bot, **{k: getattr(g, k) for k in g.__slots__}}) + "\n")
    print("\n".join(table(args.bot, games, seconds)), flush=True)


if __name__ == "__main__":
    main()
