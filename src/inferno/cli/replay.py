"""``inferno replay FILE``: step forward and back through a finished or saved game."""

from __future__ import annotations

from pathlib import Path

import click

from inferno.records.record import RecordError, load_record
from inferno.tui.replay_viewer import ReplayViewer


@click.command(name="replay")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--at", "start", type=int, default=0, help="Start after this many actions (default 0).")
@click.option("--as", "seat", type=int, default=0, help="See player N's hand (default: spectator, no hands).")
def command(file: Path, start: int, seat: int) -> None:
    """Step through a game record: Enter/n next, p back, g N go to action N, s start, e end, q quit."""
    from inferno.cli.play import make_console

    try:
        rec = load_record(file)
        if not 0 <= seat <= rec.players:
            raise click.BadParameter(f"--as must be 1-{rec.players} (or 0 for no hands)")
        viewer = ReplayViewer(rec, make_console(), seat - 1 if seat else -1)
        viewer.goto(start)
    except RecordError as exc:
        raise click.ClickException(str(exc)) from None
    viewer.run()
