"""``inferno replay FILE``: step forward and back through a finished or saved game."""

from __future__ import annotations

from pathlib import Path

import click

from inferno.records.record import RecordError, load_record
from inferno.tui.replay_viewer import ReplayViewer, Timeline


@click.command(name="replay")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--at", "start", type=int, default=0, help="Start after this many actions (default 0).")
@click.option("--as", "seat", type=int, default=0, help="See player N's hand (default: spectator, no hands).")
@click.option(
    "--plain",
    "--screen-reader",
    "plain",
    is_flag=True,
    help="Line mode for screen readers, pipes and scripts (plain lines); automatic off a terminal.",
)
def command(file: Path, start: int, seat: int, plain: bool) -> None:
    """Step through a game record. Full screen on a terminal: ←/→ or ↑/↓ step, Home/End, q quit.

    Line mode (--plain or a pipe): Enter/n next, p back, g N go to action N, s start, e end, q quit.
    """
    from inferno.cli.play import full_screen_available, make_console

    try:
        rec = load_record(file)
        if not 0 <= seat <= rec.players:
            raise click.BadParameter(f"--as must be 1-{rec.players} (or 0 for no hands)")
        if not plain and full_screen_available():
            from inferno.tui.app.replay import ReplayApp

            ReplayApp(rec, seat - 1 if seat else -1, start, Timeline(rec)).run()
            return
        viewer = ReplayViewer(rec, make_console(), seat - 1 if seat else -1)
        viewer.goto(start)
    except RecordError as exc:
        raise click.ClickException(str(exc)) from None
    viewer.run()
