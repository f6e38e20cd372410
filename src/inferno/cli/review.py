"""``inferno review RECORD``: grade every decision of one seat and explain the biggest mistakes."""

from __future__ import annotations

import os
from pathlib import Path

import click

from inferno.cli.language import Command, lang_option
from inferno.i18n import N_, TERMINAL
from inferno.records.record import RecordError, load_record

_ = TERMINAL.gettext


def default_workers() -> int:
    """Two worker processes where there are two cores or more, else one."""
    return 2 if (os.cpu_count() or 1) >= 2 else 1


@click.command(
    name="review",
    cls=Command,
    help=N_("Review RECORD (a saved game): every decision of one player, graded from what that player could see."),
)
@lang_option
@click.argument("record", type=click.Path(path_type=Path))
@click.option(
    "--seat",
    type=int,
    default=1,
    show_default=True,
    help=N_("The player to review (1 to the game's number of players, at most 5)."),
)
@click.option("--depth", default=None, help=N_("quick, normal (default), deep, or a number of search iterations."))
@click.option("--workers", type=click.IntRange(1, 64), default=None, help=N_("Worker processes (default 2)."))
@click.option(
    "--json",
    "json_out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help=N_("Save the review as JSON."),
)
@click.option(
    "--plot",
    "plot_out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help=N_("Draw the standing over the game (PNG)."),
)
def command(
    record: Path, seat: int, depth: str | None, workers: int | None, json_out: Path | None, plot_out: Path | None
) -> None:
    """``inferno review``: grade one seat's decisions in a saved game."""
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from inferno.review.game import ReviewError, review_game, summary_lines
    from inferno.review.settings import ReviewSettingsError, load_settings

    if record.is_dir():
        raise click.ClickException(_("{path}: it is a directory, not a game record").format(path=record))
    try:
        rec = load_record(record)
    except RecordError as exc:
        raise click.ClickException(str(exc)) from None
    if not 1 <= seat <= rec.players:
        raise click.ClickException(_("--seat must be between 1 and {n} in this {n}-player game").format(n=rec.players))
    try:
        load_settings().iterations(depth)
    except ReviewSettingsError as exc:
        raise click.ClickException(str(exc)) from None
    if plot_out is not None:
        try:
            import matplotlib  # noqa: F401
        except ModuleNotFoundError:
            raise click.ClickException(
                _("drawing the plot needs matplotlib: pip install 'inferno-game[sim]'")
            ) from None
    reviewing = escape(_("Reviewing player {n}").format(n=seat))
    with Progress(TextColumn(reviewing), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), transient=True) as bar:
        task = bar.add_task("review", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        try:
            rv = review_game(rec, seat - 1, depth, workers=workers or default_workers(), progress=progress)
        except (RecordError, ReviewError) as exc:
            raise click.ClickException(str(exc)) from None
    for line in summary_lines(rv):
        click.echo(line)
    if json_out is not None:
        try:
            rv.save(json_out)
        except OSError as exc:
            raise click.ClickException(
                _("{path}: cannot write the review ({error})").format(path=json_out, error=exc.strerror or exc)
            ) from None
        click.echo(_("Review saved to {path}").format(path=json_out))
    if plot_out is not None:
        from inferno.review.plot import plot_standing

        try:
            plot_standing(rv, plot_out)
        except OSError as exc:
            raise click.ClickException(
                _("{path}: cannot write the plot ({error})").format(path=plot_out, error=exc.strerror or exc)
            ) from None
        click.echo(_("Standing plot saved to {path}").format(path=plot_out))
