"""Stepping through a game record forward and back (``inferno replay``): the positions of a record
(:class:`Timeline`) and the line-mode viewer over them (:class:`ReplayViewer`)."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console

from inferno.i18n import N_, TERMINAL
from inferno.records.record import GameRecord, RecordError, replay
from inferno.rules.actions import Action, InfernoError
from inferno.rules.engine import apply_in_place, pending, to_move
from inferno.rules.notation import is_number, parse_action, shown
from inferno.rules.state import State
from inferno.tui.loop import make_reader
from inferno.tui.players import decision_title
from inferno.tui.session import LogEntry, Seat, new_events
from inferno.tui.text import event_words

Reader = Callable[[str], str]
_ = TERMINAL.gettext
HELP = N_(
    "Enter or n [K]: forward · p [K]: back · g N: go to action N · s: start · e: end · board: read the board · q: quit"
)
ERROR = "bold red"  # i18n: not for players
CHECKPOINT_EVERY = 32  # a copy of the position is kept every this many actions (stepping back is quick)


class Timeline:
    """Every position of a record: replayed once, with the log entries and periodic checkpoints."""

    def __init__(self, rec: GameRecord) -> None:
        self.rec = rec
        s = replay(rec, 0)
        rival = s.rules.solo.opponent_name if s.solo is not None else None
        self.checkpoints: dict[int, State] = {0: s.copy()}
        self.actions: list[Action] = []
        self.entries: list[LogEntry] = []
        for i, text in enumerate(rec.actions):
            player, mark = to_move(s), s.events
            try:
                action = parse_action(s, text)
                apply_in_place(s, action, rollback=False)
            except InfernoError as exc:
                raise RecordError(
                    _("action {n} ({action}) cannot be replayed: {error}").format(n=i + 1, action=repr(text), error=exc)
                ) from None
            self.actions.append(action)
            lines = [event_words(s.rules, e, rival) for e in new_events(mark, s.events)]
            self.entries.append(LogEntry(i, player, text, lines))
            if (i + 1) % CHECKPOINT_EVERY == 0:
                self.checkpoints[i + 1] = s.copy()
        seats = [Seat.parse(x) for x in rec.meta.get("seats", [])]
        self.labels = [_replay_label(seats[i]) if i < len(seats) else "" for i in range(rec.players)]

    def __len__(self) -> int:
        return len(self.actions)

    def state(self, n: int) -> State:
        """A fresh copy of the position after ``n`` actions (clipped to the record)."""
        n = max(0, min(n, len(self.actions)))
        base = n - n % CHECKPOINT_EVERY
        s = self.checkpoints[base].copy()
        for a in self.actions[base:n]:
            apply_in_place(s, a, rollback=False)
        return s

    def entry(self, n: int) -> LogEntry | None:
        """The log entry of the action that led to position ``n`` (none at the start)."""
        return self.entries[n - 1] if 0 < n <= len(self.entries) else None


class ReplayViewer:
    """Shows the game after ``position`` actions, as a spectator or as one player."""

    def __init__(self, rec: GameRecord, console: Console, viewer: int = -1, read: Reader | None = None) -> None:
        self.rec = rec
        self.console = console
        self.viewer = viewer
        self.read = read or make_reader(console)
        self.timeline = Timeline(rec)
        self.labels = self.timeline.labels
        self.position = 0
        self.state: State = self.timeline.state(0)
        self.entry: LogEntry | None = None
        self.board_words: list[str] = []

    @property
    def length(self) -> int:
        return len(self.timeline)

    def goto(self, n: int) -> None:
        """Move to the state after ``n`` actions (clipped to the record)."""
        n = max(0, min(n, self.length))
        self.state, self.entry, self.position = self.timeline.state(n), self.timeline.entry(n), n

    def say(self, line: str) -> None:
        self.console.print(line, markup=False, highlight=False, soft_wrap=True)

    def show(self) -> None:
        """The move that led here and what comes next, in plain lines (``board`` reads the board)."""
        from inferno.tui.compact import florence_words, hell_words
        from inferno.tui.reader import entry_words
        from inferno.tui.screen import header_line
        from inferno.tui.story_text import story_lines, terminal_story

        s = self.state
        if self.position == 0:
            setup = header_line(s).partition(" — ")[2]
            self.say(_("Replay, action 0 of {total}. The set-up: {setup}.").format(total=self.length, setup=setup))
        else:
            entry = self.entry
            said = entry_words(entry, self.labels) if entry is not None else ""
            self.say(_("Replay, action {n} of {total}. {move}").format(n=self.position, total=self.length, move=said))
        if s.over:
            self.say(_("Final scoring (rulebook p.16-17):"))
            for line in story_lines(terminal_story(s, self.labels)):
                self.say(line)
        else:
            pend = pending(s)
            if pend is not None:
                self.say(
                    _("Next to decide: Player {n} ({decision}).").format(
                        n=pend.player + 1, decision=decision_title(pend)
                    )
                )
        self.board_words = hell_words(s) + florence_words(s)

    def read_board(self) -> None:
        """The ``board`` command: Hell and Florence in words, at this point of the game."""
        for line in self.board_words:
            self.say(line)

    def run(self) -> None:
        self.show()
        self.say(_(HELP))
        while True:
            try:
                line = self.read(_("replay") + " > ").strip().lower()
            except (EOFError, KeyboardInterrupt):
                return
            word, _sep, rest = line.partition(" ")
            rest = rest.strip()
            if rest and not is_number(rest):
                self.console.print(
                    "✗ " + _("{word} is not a number of actions.").format(word=shown(rest)) + " " + _(HELP),
                    style=ERROR,
                    markup=False,
                    soft_wrap=True,
                )
                continue
            k = int(rest) if rest else 1
            if word in ("", "n", "next", "f"):
                self.goto(self.position + k)
            elif word in ("p", "prev", "back", "b"):
                self.goto(self.position - k)
            elif word in ("g", "go", "goto") and rest:
                self.goto(int(rest))
            elif word in ("s", "start"):
                self.goto(0)
            elif word in ("e", "end"):
                self.goto(self.length)
            elif word in ("q", "quit", "exit"):
                return
            elif word == "board":
                self.read_board()
                continue
            elif word in ("help", "h", "?"):
                self.say(_(HELP))
                continue
            else:
                self.console.print(
                    "✗ " + _("unknown command {command}.").format(command=shown(line)) + " " + _(HELP),
                    style=ERROR,
                    markup=False,
                    soft_wrap=True,
                )
                continue
            self.show()


def _replay_label(seat: Seat) -> str:
    """A seat as a replay names it: "(human)" or "(bot NAME)" (nobody watching a replay is "you")."""
    return _("(human)") if seat.human else seat.label
