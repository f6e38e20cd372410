"""The input loop: read a line, act on it, show the result. Works on a terminal and on piped input.

At a human's decision the screen shows their own view (inferno.view) and the numbered legal actions;
the player types a number, the action's text, or a command (help, undo, log, board, save, quit).
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from inferno.i18n import N_, TERMINAL
from inferno.records.record import RecordError
from inferno.records.undo import UndoError
from inferno.rules.actions import Action, InfernoError
from inferno.rules.engine import Pending, pending
from inferno.rules.notation import is_number, parse_action, shown
from inferno.tui.screen import clear, entry_text, game_screen, help_panel, log_group
from inferno.tui.session import LogEntry, Session
from inferno.tui.story_text import story_renderable, terminal_story
from inferno.tui.text import player_label, player_text
from inferno.tui.why import illegal_message, why_answer

_ = TERMINAL.gettext

Reader = Callable[[str], str]
RECENT = 8  # log entries shown at least
RECENT_MAX = 20  # ... and at most, to cover everything since the player's own last decision
COMMANDS = "help, why [ACTION], undo [N], hint, log [N], board, save [FILE], quit"
ECHO_MAX = 200  # characters of a piped input line echoed into the transcript


def make_reader(console: Console) -> Reader:
    """Read a line after a prompt; on piped input the line is echoed so the transcript reads well."""
    echo = not sys.stdin.isatty()

    def read(prompt: str) -> str:
        line = console.input(escape(prompt))
        if echo:
            cut = _("{start}… ({n} characters)").format(start=line[:ECHO_MAX], n=len(line))
            short = line if len(line) <= ECHO_MAX else cut

            console.print(short, markup=False, highlight=False)
        return line

    return read


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold Ctrl-C while an action is applied and saved, so the save always matches the game."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    old = signal.signal(signal.SIGINT, lambda signum, _frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
    if caught:
        raise KeyboardInterrupt


class QuitGame(Exception):
    """The player asked to stop; the game is saved."""


class TerminalGame:
    """Drives a :class:`Session` from typed lines until the game ends or the player quits."""

    def __init__(self, session: Session, console: Console, read: Reader | None = None) -> None:
        self.session = session
        self.console = console
        self.read = read or make_reader(console)
        self.shown_to = -1  # the human whose screen is showing (hot-seat)
        self.redraw = True
        self.review_seat: int | None = None  # the seat to review once the game is over, if asked

    # --- top level --------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the end; returns a process exit code. Every action is already saved."""
        try:
            while not self.session.over:
                p = self.session.deciding()
                if self.session.seats[p].human:
                    self.human_decision(p)
                else:
                    with interrupts_deferred():
                        entry = self.session.bot_move()
                    self.bot_moved(entry)
            self.show_end()
            self.offer_review()
            return 0
        except QuitGame:
            self.say_saved(N_("Game saved to {path}.\nResume with: inferno play --resume {path}"))
            return 0
        except EOFError:
            self.say_saved(N_("Input ended; game saved to {path}.\nResume with: inferno play --resume {path}"))
            return 0
        except KeyboardInterrupt:
            self.say_saved(N_("Interrupted; game saved to {path}.\nResume with: inferno play --resume {path}"), "\n")
            return 130

    def bot_moved(self, entry: LogEntry) -> None:
        """A bot's move was made: the line mode prints it at once."""
        self.console.print(entry_text(entry))

    def played(self, entry: LogEntry) -> None:
        """The human's action was applied."""
        self.console.print(entry_text(entry))

    def prompt(self, p: int) -> str:
        """The question asked at ``p``'s decision."""
        return f"{player_text(p).plain} > "

    def say_saved(self, message: str, before: str = "") -> None:
        """``message`` (an untranslated text with a ``{path}``) with the save file's path."""
        path = self.session.save_path
        self.console.print(before + _(message).format(path=path), markup=False, soft_wrap=True)

    def show_end(self) -> None:
        s = self.session.state
        clear(self.console)
        self.console.print(game_screen(s, -1, self.session.labels(), None, self.session.log[-RECENT:]))
        self.console.print(story_renderable(terminal_story(s, self.session.labels()), self.console.width))
        self.console.print(
            _("The game record is saved in {path}").format(path=self.session.save_path), markup=False, soft_wrap=True
        )

    def offer_review(self) -> None:
        """One answer away from the review of the game (of the first human seat); Enter alone quits."""
        humans = self.session.humans()
        if not humans:
            return
        try:
            line = self.read(
                _("Type r and Enter to review this game now ({player}), or Enter to quit.").format(
                    player=player_label(humans[0])
                )
                + " "
            )
        except EOFError:
            return
        if line.strip().lower() in ("r", "review"):
            self.review_seat = humans[0]

    # --- a human's decision -----------------------------------------------------------------

    def pass_screen(self, p: int) -> None:
        """Hot-seat: hide the last player's screen until the next player is at the device."""
        clear(self.console)
        msg = player_text(p, " ")
        msg.append(
            _("{name}: your decision. Pass the device to {player}.").format(
                name=self.session.seats[p].label, player=player_text(p).plain
            )
        )
        self.console.print(msg)
        self.read(_("Press Enter when only that player can see the screen.") + " ")
        self.shown_to = p
        self.redraw = True

    def show(self, p: int, pend: Pending) -> None:
        sess = self.session
        clear(self.console)
        self.console.print(game_screen(sess.view_for(p), p, sess.labels(), pend, self.recent(p), sess.undo_steps(p)))
        self.redraw = False

    def recent(self, p: int) -> list[LogEntry]:
        """The log since ``p``'s own last decision (between RECENT and RECENT_MAX entries)."""
        log = self.session.log
        since = next((i for i in range(len(log) - 1, -1, -1) if log[i].player == p and not log[i].undone), -1)
        start = max(min(since, len(log) - RECENT), len(log) - RECENT_MAX, 0)
        return log[start:]

    def human_decision(self, p: int) -> None:
        sess = self.session
        if len(sess.humans()) > 1 and p != self.shown_to:
            self.pass_screen(p)
        pend = pending(sess.state)
        assert pend is not None
        self.show(p, pend)
        while True:
            line = self.read(self.prompt(p)).strip()
            if not line:
                continue
            action = self.handle(p, pend, line)
            if action is None:
                if self.redraw:
                    return  # the state changed (undo): decide afresh
                continue
            if not self.confirm_warnings(action):
                continue
            try:
                with interrupts_deferred():
                    entry = sess.play(action)
            except InfernoError as exc:
                self.error(str(exc))
                continue
            self.played(entry)
            self.redraw = True
            return

    def confirm_warnings(self, action: Action) -> bool:
        """A first game's warnings before ``action`` (each kind once, from the engine): True to play it."""
        due = self.session.warnings_due(action)
        if not due:
            return True
        for w in due:
            warning = _("Warning — {title}: {text} ({rule})").format(title=w.title, text=w.text, rule=w.rule)
            self.console.print(warning, markup=False, soft_wrap=True)
        answer = self.read(_("Play it anyway? y plays it; anything else lets you pick another option:") + " ")
        if answer.strip().lower() not in ("y", "yes"):
            self.console.print(_("Not played: pick another option."), markup=False)
            return False
        self.session.warnings_shown(due)
        return True

    def error(self, msg: str) -> None:
        self.console.print(Text(f"✗ {msg}", style="bold red"))  # i18n: not for players (the style)

    def handle(self, p: int, pend: Pending, line: str) -> Action | None:
        """The action a line chooses, or None after running a command or rejecting the line."""
        sess = self.session
        word, _sep, rest = line.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if is_number(line):
            n = int(line)
            if 1 <= n <= len(pend.actions):
                return pend.actions[n - 1]
            self.error(_("there is no option {n}: choose 1-{last}, or type 'help'").format(n=n, last=len(pend.actions)))
            return None
        if word in ("help", "?", "h"):
            self.console.print(help_panel(sess.state, pend))
            self.console.print(_("Commands: {commands}").format(commands=COMMANDS), markup=False)
            return None
        if word == "why":
            self.console.print(why_answer(sess.view_for(p), p, rest), markup=False, soft_wrap=True)
            return None
        if word == "undo":
            self.undo(p, rest)
            return None
        if word == "hint":
            self.hint(p)
            return None
        if word == "log":
            if rest and not is_number(rest):
                self.error(_("log takes a number of entries (e.g. log 20), not {word}").format(word=shown(rest)))
                return None
            self.console.print(log_group(sess.log, int(rest) if rest else None))
            return None
        if word == "board":
            self.show(p, pend)
            return None
        if word == "save":
            self.save(rest)
            return None
        if word in ("quit", "exit", "q"):
            raise QuitGame
        try:
            action = parse_action(sess.state, line)
        except InfernoError as exc:
            self.error(
                _("{error}. Type a number 1-{last}, an action's text, or 'help'.").format(
                    error=exc, last=len(pend.actions)
                )
            )
            return None
        if action not in pend.actions:
            self.error(illegal_message(sess.view_for(p), p, line))
            return None
        return action

    def save(self, rest: str) -> None:
        """The ``save [FILE]`` command: a clear message, never a crash, when the file cannot be written."""
        target = Path(rest).expanduser() if rest else self.session.save_path
        try:
            self.session.save(target)
        except (OSError, RecordError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.error(
                _("cannot save to {path}: {reason}. The game goes on; try another file.").format(
                    path=shown(str(target), 200), reason=reason.lower()
                )
            )
            return
        self.console.print(_("Saved to {path}").format(path=target), markup=False, soft_wrap=True)

    def hint(self, p: int) -> None:
        """The ``hint`` command: the top options with their estimates (the log records it)."""
        try:
            lines = self.session.hint(p)
        except InfernoError as exc:
            self.error(str(exc))
            return
        self.console.print("\n".join(lines), markup=False, soft_wrap=True)

    def undo(self, p: int, rest: str) -> None:
        if rest and not is_number(rest):
            self.error(
                _("undo takes a number of your decisions (e.g. undo 2), not {word}; nothing was undone").format(
                    word=shown(rest)
                )
            )
            return
        k = int(rest) if rest else 1
        if k < 1:
            self.error(_("undo takes a number of your decisions of at least 1; nothing was undone"))

            return
        try:
            marked = self.session.take_back(p, k)
        except UndoError as exc:
            self.error(str(exc))
            return
        for entry in marked:
            self.console.print(entry_text(entry))
        self.redraw = True
