"""``inferno simulate``: many seeded bot games on all cores (or Ray), streamed to a record file."""

from __future__ import annotations

import time
from pathlib import Path

import click
from rich.console import Console
from rich.progress import (
    ProgressColumn,
    Task,
)
from rich.text import Text

from inferno.bots.base import BotSpecError, make_bot
from inferno.cli.language import Command
from inferno.cli.progress import games_progress
from inferno.cli.side_option import announce_side, side_option
from inferno.cli.solo_options import solo_config, solo_options
from inferno.i18n import N_
from inferno.rules.pack import RulesDataError
from inferno.rules.pnp import ModuleError, check_modules, load_pnp
from inferno.rules.setup import SetupError
from inferno.sim.game import SimConfig
from inferno.sim.runner import Backend, local_cores, run_simulation
from inferno.sim.writers import SimFileError


class RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:,.1f} games/s", style="cyan")


def parse_bots(spec: str, players: int) -> tuple[str, ...]:
    """``"random"`` for every seat, or one comma-separated name per seat."""
    names = tuple(b.strip() for b in spec.split(","))
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise click.BadParameter(
            # i18n: not for players (a developer tool: simulation statistics)
            f"give one bot or {players} bots (one per seat), got {len(names)}",
            param_hint="--bots",  # i18n: not for players (a developer tool: simulation statistics)
        )
    for name in set(names):
        try:
            make_bot(name, 0)
        except BotSpecError as exc:
            raise click.BadParameter(str(exc), param_hint="--bots") from None
    return names


@click.command(
    "simulate",
    cls=Command,
    # The list of commands shows this, translated; the command's own help (its docstring) is for developers.
    short_help=N_("Simulate many seeded games between bots and record one line per game."),
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--games",
    "-n",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="Number of games.",
)
@click.option(
    "--first-seed",
    type=int,
    default=0,
    show_default=True,
    help="Seeds are first-seed .. first-seed+games-1.",  # i18n: not for players (a developer tool: simulation statistics)
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--players",
    "-p",
    type=click.IntRange(1, 5),
    default=4,
    show_default=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="1-5 (5 with P&P).",
)
@click.option(
    "--bots",
    "-b",
    default="random",
    show_default=True,
    help="One bot for all seats, or one per seat: random,greedy,hard,...",  # i18n: not for players (a developer tool: simulation statistics)
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--rotate",
    is_flag=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="Rotate the line-up by seed so every bot plays every seat equally often.",
)
@side_option
@click.option(
    "--rules-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Corrected rules data directory.",  # i18n: not for players (a developer tool: simulation statistics)
)
@click.option(
    "--out",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="Record file: .jsonl, .csv or .parquet.",  # i18n: not for players (a developer tool: simulation statistics)
)
@click.option(
    "--workers",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes (default: all local cores).",  # i18n: not for players (a developer tool: simulation statistics)
)
@click.option(
    "--backend", type=click.Choice([b.value for b in Backend]), default=Backend.LOCAL.value, show_default=True
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--address",
    default=None,
    # i18n: not for players (a developer tool: simulation statistics)
    help="Ray cluster address (with --backend ray; default: start a local Ray).",
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--overwrite",
    is_flag=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="Start the file afresh instead of resuming it.",
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
    "--quiet",
    "-q",
    is_flag=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="No progress bar.",
)
@solo_options
def command(
    games: int,
    first_seed: int,
    players: int,
    bots: str,
    rotate: bool,
    side: str | None,
    rules_dir: Path | None,
    out: Path,
    workers: int | None,
    backend: str,
    address: str | None,
    overwrite: bool,
    modules: tuple[str, ...],
    quiet: bool,
    solo_variant: str | None,
    solo_level: str | None,
) -> None:
    """Simulate many seeded games between bots and stream one record per game to OUT.

    Rerunning the same command on an interrupted file resumes it: games already there are not
    replayed, and the finished file is the same as an uninterrupted run's. Results depend only on
    the seeds, never on the number of workers or the back end.
    """
    try:
        chosen = check_modules(players, modules, load_pnp(rules_dir))
    except ModuleError as exc:
        raise click.BadParameter(str(exc), param_hint="--module") from None
    solo = solo_config(players, solo_variant, solo_level)
    try:
        variant = announce_side(side, players, rules_dir)
    except RulesDataError as exc:
        raise click.ClickException(str(exc)) from None
    cfg = SimConfig(
        players,
        parse_bots(bots, players),
        side,
        str(rules_dir) if rules_dir else None,
        rotate,
        chosen,
        solo,
        side_variant=variant,
    )
    workers = workers or local_cores()
    console = Console(stderr=True, quiet=quiet)
    progress = games_progress("[bold]simulate", console, RateColumn(), disable=quiet)
    task = progress.add_task("games", total=games)

    def on_start(done: int, todo: int) -> None:
        if done:
            console.print(
                # i18n: not for players (a developer tool: simulation statistics)
                f"resuming {out}: {done} of {games} games already there"
            )
        progress.reset(task, total=todo)

    start = time.perf_counter()
    try:
        with progress:
            report = run_simulation(
                cfg,
                range(first_seed, first_seed + games),
                out,
                workers=workers,
                backend=Backend(backend),
                address=address,
                overwrite=overwrite,
                on_start=on_start,
                on_record=lambda _rec: progress.advance(task),
            )
    except (SimFileError, SetupError, RulesDataError) as exc:
        raise click.ClickException(str(exc)) from None
    except KeyboardInterrupt:
        console.print(
            # i18n: not for players (a developer tool: simulation statistics)
            f"interrupted: the games finished so far are in {out}; run the same command to resume"
        )
        raise SystemExit(130) from None
    seconds = time.perf_counter() - start
    rate = report.played / seconds if seconds > 0 else 0.0
    console.print(
        f"{out}: {report.played} games played, {report.already_done} already there "  # i18n: not for players (a developer tool: simulation statistics)
        f"({seconds:.1f} s, {rate:,.1f} games/s, {workers} worker{'s' if workers > 1 else ''}, {backend})"
    )
