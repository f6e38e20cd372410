"""``inferno replay FILE``: step forward and back through a finished or saved game."""

from __future__ import annotations

from pathlib import Path

import click

from inferno.cli.language import Command, lang_option
from inferno.i18n import N_, TERMINAL
from inferno.records.record import RecordError, load_record
from inferno.tui.replay_viewer import ReplayViewer, Timeline

_ = TERMINAL.gettext
REPLAY_HELP = N_(
    "Step through a game record. Full screen on a terminal: ←/→ or ↑/↓ step, Home/End, q quit.\n\n"
    "Line mode (--plain or a pipe): Enter/n next, p back, g N go to action N, s start, e end, q quit."
)


@click.command(name="replay", cls=Command, help=REPLAY_HELP)
@lang_option
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--at", "start", type=int, default=0, help=N_("Start after this many actions (default 0)."))
@click.option("--as", "seat", type=int, default=0, help=N_("See player N's hand (default: spectator, no hands)."))
@click.option(
    "--plain",
    "--screen-reader",
    "plain",
    is_flag=True,
    help=N_("Line mode for screen readers, pipes and scripts (plain lines); automatic off a terminal."),
)
def command(file: Path, start: int, seat: int, plain: bool) -> None:
    """``inferno replay`` (its help: :data:`REPLAY_HELP`)."""
    from inferno.cli.play import full_screen_available, make_console

    try:
        rec = load_record(file)
        if not 0 <= seat <= rec.players:
            raise click.BadParameter(_("--as must be 1-{n} (or 0 for no hands)").format(n=rec.players))

        if not plain and full_screen_available():
            from inferno.tui.app.replay import ReplayApp

            ReplayApp(rec, seat - 1 if seat else -1, start, Timeline(rec)).run()
            return
        viewer = ReplayViewer(rec, make_console(), seat - 1 if seat else -1)
        viewer.goto(start)
    except RecordError as exc:
        raise click.ClickException(str(exc)) from None
    viewer.run()
