"""How bots use the board: sudden-death endings, safe passages at the BONFIRE, loans per game.

Run ``python -m inferno.bots.habits`` to play seeded games between bots (every player count on its
default board side unless told) and print, with Wilson 95% intervals: the share of games ended by
sudden death, how often a player at the BONFIRE who could place a safe passage did so, and the loans
taken per player per game. Everything is read from the engine: the pending decision and its legal
actions, the bots' choices, and the final state.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from inferno.bots.base import make_bot
from inferno.bots.ladder import wilson
from inferno.rules.actions import Act, Decision
from inferno.rules.engine import apply_in_place, legal_actions, to_move, view
from inferno.rules.setup import new_game


@dataclass(frozen=True, slots=True)
class GameHabits:
    """One game: did it end by sudden death, BONFIRE passage chances and takes, loans per seat."""

    seed: int
    players: int
    side: str
    sudden_death: bool
    passage_chances: int  # BONFIRE visits where a safe passage could be placed
    passages_taken: int  # ... and the player placed one
    loans: tuple[int, ...]
    passages_held: tuple[int, ...]  # safe passages each seat holds at the end


def play_habits(players: int, seed: int, bots: Sequence[str], side: str | None = None) -> GameHabits:
    """Play one seeded game (seat ``i`` gets ``bots[i % len(bots)]``) and count what it did."""
    s = new_game(players, seed, side, record_events=False)
    seats = [make_bot(bots[i % len(bots)], seed * 16 + i) for i in range(players)]
    chances = taken = 0
    while not s.over:
        p = to_move(s)
        acts = legal_actions(s)
        choice = seats[p].choose(view(s, p), acts)
        if s.stack[-1][0] == Decision.BONFIRE_SECOND and any(a.kind == Act.GATE for a in acts):
            chances += 1
            taken += choice.kind == Act.GATE
        apply_in_place(s, choice)
    return GameHabits(
        seed=seed,
        players=players,
        side=s.config.side,
        sudden_death=s.sudden_death,
        passage_chances=chances,
        passages_taken=taken,
        loans=tuple(pl.loans for pl in s.players),
        passages_held=tuple(bin(pl.passages).count("1") for pl in s.players),
    )


@dataclass(frozen=True, slots=True)
class HabitsSummary:
    """Totals over a sample of games of one player count, with Wilson 95% intervals for the shares."""

    players: int
    side: str
    games: int
    sudden_deaths: int
    sudden_ci: tuple[float, float]
    passage_chances: int
    passages_taken: int
    passage_ci: tuple[float, float]
    loans_per_player: float
    loans_ci: tuple[float, float]  # normal-approximation 95% interval of the mean


def summarise_habits(games: Sequence[GameHabits]) -> HabitsSummary:
    if not games:
        raise ValueError("no games to summarise")
    n = len(games)
    sd = sum(g.sudden_death for g in games)
    chances = sum(g.passage_chances for g in games)
    taken = sum(g.passages_taken for g in games)
    per_game = [sum(g.loans) / g.players for g in games]
    mean = sum(per_game) / n
    sdev = math.sqrt(sum((x - mean) ** 2 for x in per_game) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sdev / math.sqrt(n)
    return HabitsSummary(
        players=games[0].players,
        side=games[0].side,
        games=n,
        sudden_deaths=sd,
        sudden_ci=wilson(sd, n),
        passage_chances=chances,
        passages_taken=taken,
        passage_ci=wilson(taken, chances),
        loans_per_player=mean,
        loans_ci=(max(0.0, mean - half), mean + half),
    )


def habits_table(rows: Sequence[HabitsSummary], title: str) -> Table:
    t = Table(title=title)
    for col in ("players", "side", "games", "sudden death", "95% CI", "passages taken", "95% CI", "loans/player"):
        t.add_column(col, justify="right", no_wrap=True)
    for r in rows:
        t.add_row(
            str(r.players),
            r.side,
            str(r.games),
            f"{r.sudden_deaths} ({100 * r.sudden_deaths / r.games:.0f}%)",
            f"{100 * r.sudden_ci[0]:.0f}-{100 * r.sudden_ci[1]:.0f}%",
            f"{r.passages_taken}/{r.passage_chances}",
            f"{100 * r.passage_ci[0]:.0f}-{100 * r.passage_ci[1]:.0f}%",
            f"{r.loans_per_player:.2f} ({r.loans_ci[0]:.2f}-{r.loans_ci[1]:.2f})",
        )
    return t


@click.command()
@click.option("--players", "-p", "player_counts", type=click.IntRange(1, 4), multiple=True, help="Player counts.")
@click.option("--games", "-n", type=click.IntRange(1), default=100, show_default=True, help="Games per player count.")
@click.option("--bot", "bots", multiple=True, help="Bot per seat, repeated (cycled over the seats).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@click.option("--side", default=None, help="Board side (default: the one for the player count).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), help="Write every game as JSON.")
def main(
    player_counts: tuple[int, ...],
    games: int,
    bots: tuple[str, ...],
    seed: int,
    side: str | None,
    json_path: Path | None,
) -> None:
    """Play seeded games and report sudden deaths, safe passages at the BONFIRE and loans."""
    console = Console()
    if not console.is_terminal:
        console = Console(width=120)
    counts = player_counts or (2, 3, 4)
    lineup = bots or ("greedy",)
    rows = []
    played: list[GameHabits] = []
    for n in counts:
        sample = []
        with console.status(f"{n} players, {games} games"):
            for g in range(games):
                sample.append(play_habits(n, seed + g, lineup, side))
        played += sample
        rows.append(summarise_habits(sample))
        console.print(habits_table(rows[-1:], f"{n} players"))
    console.print(habits_table(rows, f"Bot habits: {', '.join(lineup)}"))
    if json_path:
        json_path.write_text(json.dumps([asdict(g) for g in played], indent=1))


if __name__ == "__main__":
    main()
