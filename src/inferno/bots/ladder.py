"""The measured ladder: greedy against random, and hard search against greedy, in 2- and 4-player games.

Run ``python -m inferno.bots.ladder`` (or ``make ladder``). Each match seats the stronger bot alone
against copies of the weaker one, rotating its seat every game over consecutive seeds, and reports
its win rate with a Wilson 95% interval next to the target: greedy ≥ 90% against random; hard ≥ 65%
against greedy in 2-player games and at least twice its fair share (≥ 50%) in 4-player games.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from inferno.bots.base import BotSpecError
from inferno.bots.tournament import GameOutcome, GameSpec, run


@dataclass(frozen=True, slots=True)
class Match:
    """The focal bot alone against ``players - 1`` copies of the opponent, and the win rate it should reach."""

    focal: str
    opponent: str
    players: int
    target: float


@dataclass(frozen=True, slots=True)
class MatchResult:
    match: Match
    games: int
    wins: float
    low: float
    high: float
    seconds_per_move: float
    mean_margin: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def passed(self) -> bool:
        return self.rate >= self.match.target


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def parse_match(text: str) -> Match:
    """``FOCAL:OPPONENT:PLAYERS[:TARGET]`` as a match; the target is a win rate in percent (default: the
    fair share, 1 / players)."""
    parts = text.split(":")
    ok = len(parts) in (3, 4) and parts[2].isdigit() and 2 <= int(parts[2]) <= 5
    if ok and len(parts) == 4:
        ok = parts[3].replace(".", "", 1).isdigit() and 0 < float(parts[3]) <= 100
    if not ok:
        raise click.BadParameter(
            f"{text!r}: write FOCAL:OPPONENT:PLAYERS or FOCAL:OPPONENT:PLAYERS:TARGET, e.g. rollout:hard:2:65 "
            "(2 to 5 players, a target win rate in percent)"
        )
    players = int(parts[2])
    return Match(parts[0], parts[1], players, float(parts[3]) / 100 if len(parts) == 4 else 1.0 / players)


def specs(m: Match, games: int, seed: int) -> list[GameSpec]:
    """Games ``seed .. seed+games-1``; in game g the focal bot sits in seat g mod players."""
    out = []
    for g in range(games):
        lineup = [m.opponent] * m.players
        lineup[g % m.players] = m.focal
        out.append(GameSpec(seed + g, m.players, None, tuple(lineup)))
    return out


def score(m: Match, outcomes: list[GameOutcome]) -> MatchResult:
    wins = 0.0
    seconds = 0.0
    moves = 0
    margin = 0.0
    for o in outcomes:
        seat = o.lineup.index(m.focal)
        if seat in o.winners:
            wins += 1.0 / len(o.winners)
        seconds += o.seconds[seat]
        moves += o.moves[seat]
        margin += o.scores[seat] - max(v for i, v in enumerate(o.scores) if i != seat)
    lo, hi = wilson(wins, len(outcomes))
    n = len(outcomes)
    return MatchResult(m, n, wins, lo, hi, seconds / moves if moves else 0.0, margin / n if n else 0.0)


def ladder_table(results: list[MatchResult]) -> Table:
    t = Table(title="Inferno bot ladder")
    for col in ("match", "players", "games", "wins", "win rate", "95% CI", "target", "margin", "s/move", ""):
        t.add_column(col, justify="left" if col == "match" else "right", no_wrap=True)
    for r in results:
        m = r.match
        t.add_row(
            f"{m.focal} vs {m.opponent}",
            str(m.players),
            str(r.games),
            f"{r.wins:g}",
            f"{100 * r.rate:.1f}%",
            f"{100 * r.low:.0f}-{100 * r.high:.0f}%",
            f"≥{100 * m.target:.0f}%",
            f"{r.mean_margin:+.1f}",
            f"{r.seconds_per_move:.3f}",
            "pass" if r.passed else "FAIL",
        )
    return t


@click.command()
@click.option("--greedy-games", type=click.IntRange(1), default=100, show_default=True, help="Games per greedy match.")
@click.option("--search-games", type=click.IntRange(1), default=40, show_default=True, help="Games per search match.")
@click.option("--search-bot", default="hard", show_default=True, help="The search level measured against greedy.")
@click.option("--seed", type=int, default=1000, show_default=True, help="Seed of the first game.")
@click.option(
    "--players",
    "-p",
    "player_counts",
    type=click.Choice(["2", "4"]),
    multiple=True,
    help="Only the matches with this many players (repeatable; default both).",
)
@click.option(
    "--match",
    "extra",
    multiple=True,
    metavar="FOCAL:OPPONENT:PLAYERS",
    help="Play this match instead of the ladder's (repeatable; --search-games games each; the focal bot "
    "alone against copies of the opponent), e.g. rollout:hard:2:65 (target 65%; default the fair share).",
)
@click.option("--workers", "-j", type=click.IntRange(1), default=1, show_default=True, help="Processes.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), help="Write the results as JSON.")
def main(
    greedy_games: int,
    search_games: int,
    search_bot: str,
    seed: int,
    player_counts: tuple[str, ...],
    extra: tuple[str, ...],
    workers: int,
    json_path: Path | None,
) -> None:
    """Measure the bot ladder and print it as a table."""
    console = Console()
    if not console.is_terminal:
        console = Console(width=120)  # full tables in logs and pipes
    matches = [
        (Match("greedy", "random", 2, 0.9), greedy_games),
        (Match("greedy", "random", 4, 0.9), greedy_games),
        (Match(search_bot, "greedy", 2, 0.65), search_games),
        (Match(search_bot, "greedy", 4, 0.5), search_games),
    ]
    if extra:
        matches = [(parse_match(text), search_games) for text in extra]
    if player_counts:
        matches = [(m, n) for m, n in matches if str(m.players) in player_counts]
    results = []
    for m, n in matches:
        with console.status(f"{m.focal} vs {m.opponent}, {m.players} players, {n} games"):
            try:
                results.append(score(m, run(specs(m, n, seed), workers)))
            except BotSpecError as exc:
                raise click.UsageError(str(exc)) from None
        console.print(f"{m.focal} vs {m.opponent} ({m.players}p): {results[-1].wins:g}/{n}")
    console.print(ladder_table(results))
    if json_path:
        data = [
            {
                "focal": r.match.focal,
                "opponent": r.match.opponent,
                "players": r.match.players,
                "games": r.games,
                "wins": r.wins,
                "win_rate": r.rate,
                "ci95": [r.low, r.high],
                "target": r.match.target,
                "mean_margin": r.mean_margin,
                "seconds_per_move": r.seconds_per_move,
                "seeds": [seed, seed + r.games - 1],
            }
            for r in results
        ]
        json_path.write_text(json.dumps(data, indent=2))


if __name__ == "__main__":
    main()
