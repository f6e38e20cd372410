"""``inferno play``: a game in the terminal, hot-seat and against bots, autosaved after every action."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import click
from rich.console import Console

from inferno.bots.base import BotSpecError, bot_names
from inferno.cli.first_game_option import first_game_option, first_game_seats, first_game_words
from inferno.cli.language import Command, lang_option
from inferno.cli.side_option import announce_side, side_option
from inferno.cli.solo_options import describe, solo_config, solo_options
from inferno.i18n import N_, TERMINAL
from inferno.records.record import RecordError
from inferno.rules.actions import InfernoError
from inferno.rules.pack import RulesDataError
from inferno.rules.setup import SetupError
from inferno.tui.loop import make_reader
from inferno.tui.reader import ReaderGame
from inferno.tui.session import Seat, SeatError, Session, parse_seat_options
from inferno.tui.setup_dialog import interactive_setup

_ = TERMINAL.gettext

AUTOSAVE = ":autosave:"  # --resume given without a file


def default_save_path() -> Path:
    """``$XDG_DATA_HOME/inferno/autosave.json`` (``~/.local/share/inferno/autosave.json``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "inferno" / "autosave.json"


def make_console() -> Console:
    console = Console(highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(highlight=False, width=120)
    return console


def full_screen_available() -> bool:
    """The full-screen game needs a terminal on stdin and stdout, and the ``tui`` extra (Textual)."""
    if not (sys.stdout.isatty() and sys.stdin.isatty()) or os.environ.get("TERM") == "dumb":
        return False
    try:
        import textual  # noqa: F401
    except ImportError:
        return False
    return True


def _seats(seat_opts: tuple[str, ...], players: int | None) -> list[Seat]:
    given = parse_seat_options(seat_opts)
    n = players or (max(given) + 1 if given else 1)
    if any(i >= n for i in given):
        raise SeatError(_("a --seat is numbered beyond the {n} players").format(n=n))
    seats = [given.get(i, Seat() if i == 0 else Seat("random")) for i in range(n)]
    for i, seat in enumerate(seats):
        check_bot(seat, i)
    return seats


def check_bot(seat: Seat, index: int) -> None:
    """A seat's bot must be a registered one; the error lists them with an example."""
    known = bot_names()
    if not seat.human and seat.bot not in known:
        raise SeatError(
            _(
                "--seat {n}={bot}: there is no bot called {name}. Write {n}=human, or {n}=bot:NAME with NAME one "
                "of {bots} (e.g. --seat {n}=bot:greedy)"
            ).format(n=index + 1, bot=seat.bot, name=repr(seat.bot), bots=", ".join(known))
        )


PLAY_HELP = N_(
    "Play Inferno in the terminal: 1-5 seats, each a human or a bot (e.g. --seat 2=bot:random).\n\n"
    "With the P&P expansion (--module plutus, --module phlegyas) up to 5 seats.\n\n"
    "Without options a short set-up asks for the seats and the seed. The game is saved after every "
    "action (default file: ~/.local/share/inferno/autosave.json); resume it with --resume FILE. "
    "On a terminal the game is full screen (keys: F1 help, F2 glossary); --plain (or --screen-reader) "
    "or a pipe gives the line mode: plain lines for screen readers, one question per decision."
)


@click.command(name="play", cls=Command, help=PLAY_HELP)
@lang_option
@click.option("--seat", "seat_opts", multiple=True, metavar="N=WHO", help=N_("Who plays seat N: human or bot:NAME."))
@click.option(
    "--players", "-p", type=click.IntRange(1, 5), default=None, help=N_("Number of players (1-5; 5 with P&P).")
)
@click.option(
    "--module",
    "modules",
    multiple=True,
    metavar="NAME",
    help=N_("P&P expansion module: plutus (Desks) or phlegyas (Bells); repeat for both."),
)
@click.option("--seed", "-s", type=int, default=None, help=N_("Game seed (random if not given)."))
@side_option
@click.option(
    "--rules-dir", type=click.Path(file_okay=False, path_type=Path), default=None, help=N_("Corrected rules data.")
)
@click.option(
    "--save", "save", type=click.Path(dir_okay=False, path_type=Path), default=None, help=N_("Autosave file.")
)
@click.option(
    "--resume",
    type=click.Path(dir_okay=False, path_type=Path),
    is_flag=False,
    flag_value=AUTOSAVE,
    default=None,
    help=N_("Resume a saved game (without FILE: the default autosave)."),
)
@click.option(
    "--plain",
    "--screen-reader",
    "plain",
    is_flag=True,
    help=N_("Line mode for screen readers, pipes and scripts (plain lines, no box drawing); automatic off a terminal."),
)
@click.option("--mono", is_flag=True, help=N_("Full-screen mode without colour (sins keep their symbol and letter)."))
@click.option(
    "--pace", type=click.FloatRange(0, 10), default=None, help=N_("Seconds each bot move is shown (full screen).")
)
@click.option(
    "--hints/--no-hints",
    default=None,
    help=N_("Allow hints at this table (default: only when no other human plays)."),
)
@solo_options
@first_game_option
def command(
    seat_opts: tuple[str, ...],
    players: int | None,
    modules: tuple[str, ...],
    seed: int | None,
    side: str | None,
    rules_dir: Path | None,
    save: Path | None,
    resume: Path | None,
    plain: bool,
    mono: bool,
    pace: float | None,
    solo_variant: str | None,
    solo_level: str | None,
    hints: bool | None,
    first_game: bool,
) -> None:
    """``inferno play`` (its help: :data:`PLAY_HELP`)."""
    console = make_console()
    try:
        if resume is not None:
            if str(resume) == AUTOSAVE:
                resume = default_save_path()
                if not resume.exists():
                    raise click.ClickException(
                        _("there is no autosaved game to resume ({path} does not exist)").format(path=resume)
                    )
            overrides = parse_seat_options(seat_opts)
            session = Session.resume(resume, overrides, save)
            if hints is not None:
                session.hints = hints
            console.print(
                _("Resumed {path} at action {n}.").format(path=resume, n=session.state.version),
                markup=False,
                soft_wrap=True,
            )
        else:
            if first_game:
                picked = {
                    "--seat": seat_opts,
                    "--players": players,
                    "--module": modules,
                    "--solo-variant": solo_variant,
                }
                seats, solo, hints = first_game_seats({**picked, "--solo-level": solo_level}), None, True
            elif not seat_opts and players is None and not modules and solo_variant is None and solo_level is None:
                seats, seed, modules, solo = interactive_setup(make_reader(console), console)
            else:
                seats = _seats(seat_opts, players)
                solo = solo_config(len(seats), solo_variant, solo_level)
            if seed is None:
                seed = random.randrange(1_000_000)
            variant = announce_side(side, len(seats), rules_dir)
            session = Session.start(
                seats,
                seed,
                save or default_save_path(),
                side,
                str(rules_dir) if rules_dir else None,
                modules,
                solo,
                hints,
                side_variant=variant,
                first_game=first_game,
            )
            if solo is not None:
                started = _("New game against the Rival ({solo}), seed {seed}; autosaving to {path}").format(
                    solo=describe(solo), seed=seed, path=session.save_path
                )
            else:
                started = _("New game, seed {seed}; autosaving to {path}").format(seed=seed, path=session.save_path)
            console.print(started, markup=False, soft_wrap=True)
            if first_game:
                console.print(first_game_words(), markup=False, soft_wrap=True)
    except (SeatError, BotSpecError, RecordError, SetupError, RulesDataError, InfernoError) as exc:
        raise click.ClickException(str(exc)) from None
    except EOFError:
        raise click.ClickException(_("input ended during set-up")) from None
    if not plain and full_screen_available():
        from inferno.tui.app import run_app
        from inferno.tui.app.app import PACE

        outcome = run_app(session, pace=PACE if pace is None else pace, mono=mono)
        if outcome in ("over", "review"):
            from inferno.tui.story_text import story_renderable, terminal_story

            console.print(story_renderable(terminal_story(session.state, session.labels()), console.width))
            console.print(
                _("The game record is saved in {path}").format(path=session.save_path), markup=False, soft_wrap=True
            )
            humans = session.humans()
            if outcome == "review":
                review_after_game(session.save_path, humans[0] if humans else 0)
        else:
            path = session.save_path
            console.print(
                _("Game saved to {path}.\nResume with: inferno play --resume {path}").format(path=path),
                markup=False,
                soft_wrap=True,
            )
        return
    game = ReaderGame(session, console)
    code = game.run()
    if code:
        raise SystemExit(code)
    if game.review_seat is not None:
        review_after_game(session.save_path, game.review_seat)


def review_after_game(path: Path, seat: int) -> None:
    """The finished game's review of ``seat`` at the quick depth, as ``inferno review`` gives it."""
    from inferno.cli.review import command as review_command

    click.echo(
        _("Reviewing this game (quick depth); for a deeper one: inferno review {path} --seat {n} --depth deep").format(
            path=path, n=seat + 1
        )
    )

    assert review_command.callback is not None
    review_command.callback(path, seat + 1, "quick", None, None, None)
