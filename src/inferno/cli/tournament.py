"""``inferno tournament``: a round-robin of bots over seeded games, with win rates, scores and Elo."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from inferno.bots.base import BotSpecError
from inferno.bots.tournament import BotSummary, GameOutcome, check_bots, run, schedule, summarize, to_json, write_csv
from inferno.cli.language import Command
from inferno.cli.side_option import announce_side, side_option
from inferno.cli.solo_options import solo_config, solo_options
from inferno.i18n import N_
from inferno.rules.pnp import ModuleError, check_modules, load_pnp
from inferno.rules.setup import SetupError


def results_table(summary: list[BotSummary], title: str) -> Table:
    """The results as a rich table, best Elo first."""
    t = Table(
        # i18n: not for players (a developer tool: simulation statistics)
        title=title,
        # i18n: not for players (a developer tool: simulation statistics)
        caption="score: mean Infamy; rank: mean rank; s/move: seconds per decision",
    )
    for col in ("bot", "seats", "wins", "win%", "score", "rank", "Elo", "95% CI", "s/move"):
        t.add_column(col, justify="left" if col == "bot" else "right", no_wrap=True)
    for s in summary:
        elo = s.elo
        per_move = s.seconds / s.decisions if s.decisions else 0.0
        t.add_row(
            s.bot,
            str(s.seats),
            f"{s.wins:g}",
            f"{100 * s.win_rate:.1f}",
            f"{s.mean_score:.1f}",
            f"{s.mean_rank:.2f}",
            f"{elo.elo:.0f}" if elo else "-",
            f"{elo.low:.0f}..{elo.high:.0f}" if elo else "-",
            f"{per_move:.3f}",
        )
    return t


@click.command(
    "tournament",
    cls=Command,
    # The list of commands shows this, translated; the command's own help (its docstring) is for developers.
    short_help=N_("Play a round-robin between bots and rank them."),
)
@click.argument("bots", nargs=-1, required=True)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--players",
    "-p",
    type=click.IntRange(1, 5),
    default=2,
    show_default=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="Seats per game.",
)
@click.option(
    "--module",
    "modules",
    multiple=True,
    metavar="NAME",
    help="P&P expansion module: plutus or phlegyas (repeat for both; 5 players need one).",  # i18n: not for players (a developer tool: simulation statistics)
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--games",
    "-n",
    type=click.IntRange(1),
    default=10,
    show_default=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="Games per lineup.",
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--seed",
    type=int,
    default=0,
    show_default=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="Seed of the first game.",
)
@side_option
@click.option("--workers", "-j", type=click.IntRange(1), default=1, show_default=True, help="Processes.")
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--json",
    "json_path",
    type=click.Path(dir_okay=False, path_type=Path),
    # i18n: not for players (a developer tool: simulation statistics)
    help="Write results as JSON.",
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--csv",
    "csv_path",
    type=click.Path(dir_okay=False, path_type=Path),
    # i18n: not for players (a developer tool: simulation statistics)
    help="Write one row per seat.",
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--elo-samples",
    type=click.IntRange(0),
    default=200,
    show_default=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="Bootstrap resamples.",
)
@solo_options
def command(
    bots: tuple[str, ...],
    players: int,
    modules: tuple[str, ...],
    games: int,
    seed: int,
    side: str | None,
    workers: int,
    json_path: Path | None,
    csv_path: Path | None,
    elo_samples: int,
    solo_variant: str | None,
    solo_level: str | None,
) -> None:
    """Play a round-robin between BOTS (e.g. `random greedy hard`) and rank them.

    Every lineup plays the same seeds with seats rotated each game. With fewer bots than seats, each
    bot plays alone against the others (e.g. `hard greedy -p 4`: one hard against three greedy, and
    one greedy against three hard).
    """
    console = Console()
    if not console.is_terminal:
        console = Console(width=120)  # full tables in logs and pipes
    try:
        chosen = check_modules(players, modules, load_pnp())
    except ModuleError as exc:
        raise click.BadParameter(str(exc), param_hint="--module") from None
    variant = announce_side(side, players)
    try:
        check_bots(bots)
        specs = schedule(
            bots, players, games, seed, side, chosen, solo_config(players, solo_variant, solo_level), variant
        )
    except (BotSpecError, ValueError) as exc:
        raise click.BadParameter(str(exc), param_hint="BOTS") from None
    outcomes: list[GameOutcome] = []
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task("games", total=len(specs))
        try:
            outcomes = run(specs, workers, on_game=lambda _o: progress.advance(task))
        except SetupError as exc:
            raise click.ClickException(str(exc)) from None
    summary = summarize(outcomes, elo_samples)
    title = f"{len(outcomes)} games, {players} players, seeds {seed}..{seed + games - 1}"  # i18n: not for players (a developer tool: simulation statistics)
    console.print(results_table(summary, title))
    meta: dict[str, object] = {
        "bots": list(bots),
        "players": players,
        "games_per_lineup": games,
        "seed": seed,
        "side": side,
    }
    if variant:
        meta["side_variant"] = True
    if json_path:
        json_path.write_text(to_json(outcomes, summary, meta))
        console.print(f"wrote {json_path}")  # i18n: not for players (a developer tool: simulation statistics)
    if csv_path:
        write_csv(outcomes, csv_path)
        console.print(f"wrote {csv_path}")  # i18n: not for players (a developer tool: simulation statistics)
