"""``inferno analyse FILE``: summary tables of simulated games, and PNG plots."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from inferno.cli.language import Command
from inferno.i18n import N_
from inferno.rules.position import Sin
from inferno.sim.analysis import Analysis, Distribution, WinRate, analyse
from inferno.sim.record import SOURCES
from inferno.sim.writers import SimFileError, read_records


def _rate(w: WinRate) -> list[str]:
    return [f"{w.rate:.1%} ({w.wins}/{w.games})", f"{100 * w.low:.1f}-{100 * w.high:.1f}%"]


def _dist(d: Distribution) -> list[str]:
    return [f"{d.mean:.1f} ± {d.sd:.1f}", f"{d.min:g} / {d.median:g} / {d.max:g}"]


def tables(a: Analysis) -> list[Table]:
    """The summary as rich tables: seats, bots, sources, length, visits."""
    seats = Table(
        # i18n: not for players (a developer tool: simulation statistics)
        title=f"{a.games} games, {a.players} players, side {', '.join(a.sides)}: results by seat"
    )
    for col in (
        "seat",
        # i18n: not for players (a developer tool: simulation statistics)
        "win rate",
        "95% CI",
        "Infamy",
        "min / med / max",
        # i18n: not for players (a developer tool: simulation statistics)
        "in play",
        "loans",
    ):  # i18n: not for players (a developer tool: simulation statistics)
        seats.add_column(col, justify="right")
    for s in a.seats:
        seats.add_row(str(s.seat + 1), *_rate(s.win), *_dist(s.infamy), f"{s.before_final:.1f}", f"{s.loans:.1f}")
    seats.caption = (
        f"Infamy columns are final scores. {a.shared_wins} game(s) with a shared win count for each winner. "  # i18n: not for players (a developer tool: simulation statistics)
        f"Seat fairness (sole wins, chi-square): {a.seat_chi2:.2f}, p = {a.seat_p:.3g}"
    )
    bots = Table(
        # i18n: not for players (a developer tool: simulation statistics)
        title="Win rate by bot (every seat it played)"
    )
    for col in ("bot", "win rate", "95% CI"):  # i18n: not for players (a developer tool: simulation statistics)
        bots.add_column(col, justify="right")
    for w in a.bots:
        bots.add_row(w.label, *_rate(w))
    sources = Table(
        # i18n: not for players (a developer tool: simulation statistics)
        title="Mean Infamy per game by source"
    )
    sources.add_column("source")
    for s in a.seats:
        sources.add_column(
            # i18n: not for players (a developer tool: simulation statistics)
            f"seat {s.seat + 1}",
            justify="right",
        )
    for src in SOURCES:
        if any(s.sources[src] for s in a.seats):
            sources.add_row(src, *(f"{s.sources[src]:.2f}" for s in a.seats))
    length = Table(title="Game length")  # i18n: not for players (a developer tool: simulation statistics)
    for col in ("", "mean ± sd", "min / med / max"):
        length.add_column(col, justify="right")
    length.add_row("turns", *_dist(a.turns))
    length.add_row("decisions", *_dist(a.decisions))
    length.add_row("accusations", *_dist(a.accusations))
    sd = a.sudden_death
    length.caption = f"sudden death in {sd.wins}/{sd.games} games ({sd.rate:.1%}, CI {sd.low:.1%} - {sd.high:.1%})"  # i18n: not for players (a developer tool: simulation statistics)
    visits = Table(
        # i18n: not for players (a developer tool: simulation statistics)
        title="Family members sent per game, by location"
    )
    visits.add_column("location")
    for s in a.seats:
        visits.add_column(
            # i18n: not for players (a developer tool: simulation statistics)
            f"seat {s.seat + 1}",
            justify="right",
        )
    visits.add_column("winners", justify="right")
    visits.add_column("others", justify="right")
    for loc in a.seats[0].visits:
        visits.add_row(
            loc,
            *(f"{s.visits[loc]:.2f}" for s in a.seats),
            f"{a.visits_winners[loc]:.2f}",
            f"{a.visits_others[loc]:.2f}",
        )
    visits.caption = "winners/others: mean per seat-game of the seats that won / did not win"  # i18n: not for players (a developer tool: simulation statistics)
    out = [seats, bots, sources, length, visits]
    if a.circles:
        hell = Table(
            # i18n: not for players (a developer tool: simulation statistics)
            title="Hell at the end, by circle"
        )
        for col in (
            "circle",
            # i18n: not for players (a developer tool: simulation statistics)
            "empty shields",
            # i18n: not for players (a developer tool: simulation statistics)
            "full in",
            "95% CI",
        ):  # i18n: not for players (a developer tool: simulation statistics)
            hell.add_column(col, justify="right")
        for c in a.circles:
            name = "Limbo" if c.circle == 1 else Sin.of_circle(c.circle).label
            hell.add_row(f"{c.circle} {name}", f"{c.empty:.2f}", *_rate(c.full))
        hell.caption = "empty shields: mean per game after Geryon's Pits are removed; full: no empty shield left"  # i18n: not for players (a developer tool: simulation statistics)
        out.append(hell)
    return out


@click.command(
    "analyse",
    cls=Command,
    # The list of commands shows this, translated; the command's own help (its docstring) is for developers.
    short_help=N_("Summarise a file written by inferno simulate: win rates, scores, Infamy by source."),
)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--plots",
    "plots_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Directory for the PNG plots (default: FILE's name + '-plots').",  # i18n: not for players (a developer tool: simulation statistics)
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--no-plots",
    is_flag=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="Only the tables.",
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--json",
    "as_json",
    is_flag=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="Print the summary as JSON instead of tables.",
)
def command(file: Path, plots_dir: Path | None, no_plots: bool, as_json: bool) -> None:
    """Summarise a file written by "inferno simulate" (JSON Lines, CSV or Parquet): win rate by seat
    and by bot with 95% Wilson intervals, score distributions, Infamy by source, game length, visits,
    and each circle of Hell at the end (empty shields, how often it was full)."""
    try:
        records = read_records(file)
        a = analyse(records)
    except SimFileError as exc:
        raise click.ClickException(str(exc)) from None
    console = Console()
    if as_json:
        click.echo(json.dumps(a.to_dict(), indent=1))
    else:
        for t in tables(a):
            console.print(t)
    if not no_plots:
        from inferno.sim.plots import save_plots

        out = plots_dir or file.with_name(file.stem + "-plots")
        written = save_plots(records, a, out)
        Console(stderr=True).print(
            # i18n: not for players (a developer tool: simulation statistics)
            f"{len(written)} plots written to {out}/"
        )
