"""Whose decision comes next, and the bots' moves: a bot thinks in a worker thread and its move stays on
screen ``pace`` seconds before the next (Space skips the pauses until the next human decision)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on, work
from textual.events import Click

from inferno.i18n import TERMINAL
from inferno.rules.actions import Action, InfernoError
from inferno.rules.engine import legal_actions, pending, view
from inferno.rules.notation import action_text
from inferno.rules.state import State
from inferno.tui.app.dialogs import PassScreen
from inferno.tui.app.display import GameDisplay
from inferno.tui.app.ending import REVIEW, EndScreen
from inferno.tui.app.first_warning import WarningScreen
from inferno.tui.app.widgets import CommandInput
from inferno.tui.paths import SoulPath, decision_paths
from inferno.tui.session import LogEntry
from inferno.tui.text import player_text

_ = TERMINAL.gettext

PACE = 0.8  # seconds each bot move stays on screen before the next (a key skips)


class TurnPacing(GameDisplay):
    """Plays the session on: the humans' decisions, the bots' moves at their pace, the end."""

    def advance(self) -> None:
        """Start whatever comes next: a bot's move, a human's decision or the end."""
        self.showing = None
        sess = self.session
        if sess.over:
            self.pend = None
            self.fill_choices()
            self.refresh_all()
            self.show_end()
            return
        p = sess.deciding()
        if sess.seats[p].human:
            if len(sess.humans()) > 1 and p != self.shown_to:
                self.pend = None
                self.fill_choices()
                self.refresh_all()
                self.push_screen(PassScreen(p, self.labels()[p]), lambda _: self.begin_decision(p))
                return
            self.begin_decision(p)
        else:
            self.start_bot(p)

    def begin_decision(self, p: int) -> None:
        self.shown_to = p
        self.fast = False
        self.pend = pending(self.session.state)
        self.previews = {}
        self.paths = decision_paths(self.session.state, self.preview_seed)
        self.ensure_preview(0)
        self.fill_choices()
        self.refresh_all()
        found = self.query("#choices")
        if found and not self.query_one(CommandInput).value:
            found.first().focus()

    def confirmed(self, action: Action, go: Callable[[], None]) -> None:
        """``go`` at once, or in a first game after the player confirms the warnings ``action`` still deserves."""
        due = self.session.warnings_due(action)
        if not due:
            go()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.session.warnings_shown(due)
                go()
            else:
                self.say(_("Not played: pick another option."))

        self.push_screen(WarningScreen(action_text(self.session.state, action), due), answered)

    def play(self, action: Action) -> None:
        if self.pend is None:
            return
        self.confirmed(action, lambda: self.play_now(action))

    def play_now(self, action: Action) -> None:
        if self.pend is None:
            return
        try:
            entry = self.session.play(action)
        except InfernoError as exc:
            self.say(str(exc), error=True)
            return
        self.pend = None
        self.previews = {}
        self.paths = []
        self.say(self.entry_line(entry))
        self.fill_choices()
        self.advance()

    def entry_line(self, entry: LogEntry) -> Text:
        out = player_text(entry.player, f" {self.labels()[entry.player]}: ")
        out.append(entry.action, style="bold")
        if entry.lines:
            first = entry.lines[0].split(": ", 1)[-1].rsplit("  (", 1)[0]
            out.append(f" — {first}")
        return out

    def start_bot(self, p: int) -> None:
        self.pend = None
        self.thinking = True
        self.fill_choices()
        if self.fast or self.pace <= 0:
            self.refresh_status()
        else:
            self.refresh_all()
        s = self.session.state
        self.think(p, view(s, p), legal_actions(s))

    @work(thread=True, exclusive=True, group="bot")
    def think(self, p: int, v: State, legal: list[Action]) -> None:
        choice = self.session.bots[p].choose(v, legal)
        self.call_from_thread(self.bot_chose, p, choice)

    def bot_chose(self, p: int, choice: Action) -> None:
        self.thinking = False
        entry = self.session.play(choice)
        line = self.entry_line(entry)
        if not self.fast and self.pace > 0:
            line.append("   " + _("(Space: skip)"), style="dim")
        self.say(line)
        self.showing = entry
        if self.fast or self.pace <= 0:
            self.refresh_status()  # the board is redrawn at the next human decision
        else:
            self.refresh_all()
        if self.fast or self.pace <= 0:
            self.call_after_refresh(self.advance)
        else:
            self.set_timer(self.pace, self.advance)

    def show_end(self) -> None:
        s = self.session.state
        self.outcome = "over"

        def done(answer: str | None) -> None:
            if answer == REVIEW:
                self.outcome = REVIEW
            self.exit(0)

        self.push_screen(EndScreen(s, self.labels(), self.session.save_path), done)

    def play_path(self, path: SoulPath) -> None:
        """Play a whole descent (its first step warned of in a first game, as the option it is)."""
        if self.pend is None or not path.actions:
            return
        self.confirmed(path.actions[0], lambda: self.play_path_now(path))

    def play_path_now(self, path: SoulPath) -> None:
        """Play a whole descent: the engine's actions in order, each checked legal when its turn comes."""
        if self.pend is None:
            return
        p = self.pend.player
        played = 0
        for a in path.actions:
            s = self.session.state
            if s.over or self.session.deciding() != p or a not in legal_actions(s):
                break
            self.session.play(a)
            played += 1
        self.pend = None
        self.previews = {}
        self.paths = []
        if played == len(path.actions):
            self.say(player_text(p, f" {self.labels()[p]}: ") + Text(path.words()))
        else:
            self.say(
                _("The path stopped after {played} of its {n} steps: choose on from here.").format(
                    played=played, n=len(path.actions)
                )
            )

        self.fill_choices()
        self.advance()

    def action_skip(self) -> None:
        """Show the bots' moves without pausing until the next human decision."""
        self.fast = True

    @on(Click, "#message")
    def _message_clicked(self) -> None:
        self.action_skip()
