"""``inferno review RECORD``: grade every decision of one seat and explain the biggest mistakes."""

from __future__ import annotations

import os
from pathlib import Path

import click

from inferno.records.record import RecordError, load_record


def default_workers() -> int:
    """Two worker processes where there are two cores or more, else one."""
    return 2 if (os.cpu_count() or 1) >= 2 else 1


@click.command(name="review")
@click.argument("record", type=click.Path(path_type=Path))
@click.option(
    "--seat",
    type=int,
    default=1,
    show_default=True,
    help="The player to review (1 to the game's number of players, at most 5).",
)
@click.option("--depth", default=None, help="quick, normal (default), deep, or a number of search iterations.")
@click.option("--workers", type=click.IntRange(1, 64), default=None, help="Worker processes (default 2).")
@click.option(
    "--json", "json_out", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Save the review as JSON."
)
@click.option(
    "--plot",
    "plot_out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Draw the standing over the game (PNG).",
)
def command(
    record: Path, seat: int, depth: str | None, workers: int | None, json_out: Path | None, plot_out: Path | None
) -> None:
    """Review RECORD (a saved game): every decision of one player, graded from what that player could see."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from inferno.review.game import ReviewError, review_game, summary_lines
    from inferno.review.settings import ReviewSettingsError, load_settings

    if record.is_dir():
        raise click.ClickException(f"{record}: it is a directory, not a game record")
    try:
        rec = load_record(record)
    except RecordError as exc:
        raise click.ClickException(str(exc)) from None
    if not 1 <= seat <= rec.players:
        raise click.ClickException(f"--seat must be between 1 and {rec.players} in this {rec.players}-player game")
    try:
        load_settings().iterations(depth)
    except ReviewSettingsError as exc:
        raise click.ClickException(str(exc)) from None
    if plot_out is not None:
        try:
            import matplotlib  # noqa: F401
        except ModuleNotFoundError:
            raise click.ClickException("drawing the plot needs matplotlib: pip install 'inferno-game[sim]'") from None
    with Progress(
        TextColumn(f"Reviewing player {seat}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), transient=True
    ) as bar:
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
            raise click.ClickException(f"{json_out}: cannot write the review ({exc.strerror or exc})") from None
        click.echo(f"Review saved to {json_out}")
    if plot_out is not None:
        from inferno.review.plot import plot_standing

        try:
            plot_standing(rv, plot_out)
        except OSError as exc:
            raise click.ClickException(f"{plot_out}: cannot write the plot ({exc.strerror or exc})") from None
        click.echo(f"Standing plot saved to {plot_out}")
