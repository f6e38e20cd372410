"""``inferno learn``: the interactive tutorial, full screen or in plain lines (``--plain``)."""

from __future__ import annotations

import click

from inferno.cli.language import Command, lang_option
from inferno.cli.play import full_screen_available, make_console
from inferno.i18n import N_, TERMINAL
from inferno.tui.loop import make_reader
from inferno.tui.tutorial_plain import PlainTutorial
from inferno.tutorial.progress import load_progress, progress_path, resume
from inferno.tutorial.session import Tutorial

_ = TERMINAL.gettext
LEARN_HELP = N_(
    "Learn to play: a short guided game that teaches the rules step by step (about 15-20 minutes).\n\n"
    "Leave it at any time (quit); it resumes where you were. Progress is kept in the data directory "
    "(~/.local/share/inferno, or $INFERNO_DATA_DIR)."
)


@click.command(name="learn", cls=Command, help=LEARN_HELP)
@lang_option
@click.option(
    "--plain", is_flag=True, help=N_("Line mode for screen readers, pipes and scripts; automatic off a terminal.")
)
@click.option("--restart", is_flag=True, help=N_("Start from the first step, even if a tutorial was left unfinished."))
def command(plain: bool, restart: bool) -> None:
    """``inferno learn`` (its help: :data:`LEARN_HELP`)."""
    progress = load_progress()
    left = None if restart else resume()
    t = left or Tutorial.start()
    console = make_console()
    if left is not None:
        console.print(
            _("Resuming the tutorial at step {n} of {total} (--restart starts over).").format(
                n=t.index + 1, total=t.total
            )
        )
    elif progress.session is not None and not restart:
        console.print(_("The tutorial has changed since you left it, so it starts again from the beginning."))
    elif progress.done:
        console.print(_("You finished the tutorial before; here it is again from the start."))
    if plain or not full_screen_available():
        PlainTutorial(t, console, make_reader(console)).run()
    else:
        from inferno.tui.tutorial_app import TutorialApp

        TutorialApp(t).run()
    if t.done:
        console.print(_("Progress recorded in {path}.").format(path=progress_path()))
