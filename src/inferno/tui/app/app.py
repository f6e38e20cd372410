"""The full-screen terminal game (Textual): board, families, hand, log and choices on one screen.

The game is a :class:`~inferno.tui.session.Session` (the same one the line mode drives): it keeps
the state, the bots, the log, undo and the autosave. This module only shows it and reads the player.
Bots think in a worker thread; their moves are shown one at a time at ``pace`` seconds each.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on, work
from textual.binding import Binding, BindingType
from textual.events import Click, Key
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, TabbedContent
from textual.widgets.option_list import Option

from inferno.records.undo import UndoError
from inferno.rules.actions import Act, Action, InfernoError
from inferno.rules.engine import Pending, apply, legal_actions, pending, view
from inferno.rules.notation import action_text, parse_action, shown
from inferno.rules.state import State
from inferno.tui.app.body import PANELS, Body
from inferno.tui.app.dialogs import PassScreen, QuitScreen, TextScreen
from inferno.tui.app.ending import EndScreen
from inferno.tui.app.frame import BoardApp
from inferno.tui.app.glossary import glossary, rule_words
from inferno.tui.app.preview import Preview, preview
from inferno.tui.app.widgets import (
    CHOSEN,
    TARGET,
    CommandInput,
    MessageLine,
    Panel,
    StatusLine,
    board_view,
    families_view,
    flatten,
    hand_view,
    hell_detail,
    log_view,
    preview_view,
    status_text,
    strip_view,
)
from inferno.tui.compact import find_shield, florence_words, shield_words, spot_at
from inferno.tui.paths import SoulPath, decision_paths, landing_words, matching, option_paths, whole
from inferno.tui.players import action_hint, decision_title
from inferno.tui.session import LogEntry, Session
from inferno.tui.text import player_text
from inferno.tui.why import illegal_message, why_answer

PACE = 0.8  # seconds each bot move stays on screen before the next (a key skips)
LOG_SHOWN = 40  # log entries kept in the log panel
COMMANDS = ("help", "why", "glossary", "undo", "hint", "log", "board", "shield", "to", "save", "quit")
KEYS = (
    "Keys: ↑/↓ choose · Enter play · 1-9 type a number · F1 help · F2 glossary · F3 next tab · "
    "F6 Hell and Florence in detail · F7 next scrolling region (then ↑/↓, PgUp/PgDn, Home/End, ←/→ scroll it; "
    "Escape back to the choices) · Ctrl+Z undo · F4 hint (if the table allows) · "
    "Space skip the bots' moves (in the command line: a space) · Ctrl+S save · Ctrl+Q or Ctrl+C save and quit · "
    "a click on a highlighted shield or location chooses it · to 3.4 [via 2.3] moves the Soul there whole · "
    "shield 3.4 describes a shield"
)
LOG_POINTER = "(whole message in the log)"


class InfernoApp(BoardApp[int]):
    """Plays one :class:`Session` to the end (or until the player quits; the game is always saved)."""

    TITLE = "Inferno"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "help on this decision"),
        Binding("f2", "glossary", "glossary"),
        Binding("f3", "next_tab", "next tab"),
        Binding("f6", "detail", "Hell and Florence in detail", show=False),
        Binding("f7", "next_region", "next scrolling region", show=False),
        Binding("shift+f7", "next_region(-1)", "previous scrolling region", show=False),
        Binding("ctrl+z", "undo", "undo"),
        Binding("f4", "hint", "hint", show=False),
        Binding("space", "skip", "skip the bots' moves"),
        Binding("f5", "skip", "skip the bots' moves", show=False),
        Binding("ctrl+s", "save", "save"),
        Binding("ctrl+q", "quit_game", "save and quit", priority=True),
        Binding("ctrl+c", "ask_quit", "save and quit?", priority=True),
    ]

    def __init__(self, session: Session, pace: float = PACE, mono: bool = False, preview_seed: int = 0) -> None:
        old = os.environ.get("NO_COLOR")
        if mono:
            os.environ["NO_COLOR"] = "1"  # Textual's monochrome mode; symbols and letters still tell sins apart
        try:
            super().__init__()
        finally:
            if mono and old is None:
                os.environ.pop("NO_COLOR", None)
        self.session = session
        self.pace = pace
        self.preview_seed = preview_seed
        humans = session.humans()
        self.shown_to = humans[0] if len(humans) == 1 else -1  # whose screen is showing (hot-seat)
        self.pend: Pending | None = None
        self.previews: dict[int, Preview] = {}
        self.index = 0
        self.thinking = False
        self.fast = False
        self.outcome = ""  # "over" or "quit" once the app ends
        self.note = ""
        self.showing: LogEntry | None = None  # a bot's move on show (its pause not over yet)
        self.paths: list[SoulPath] = []  # the moving Soul's whole descents at this decision
        self.dirty: set[str] = set(PANELS)

    # --- layout -----------------------------------------------------------------------------

    def on_mount(self) -> None:
        self._fit(self.size.width, self.size.height)
        self.call_after_refresh(self.advance)

    @on(Body.Rebuilt)
    def _after_recompose(self) -> None:
        self.dirty.update(PANELS)
        self.fill_choices(keep=True)
        self.refresh_all()
        if self.pend is not None and not self.query_one(CommandInput).value:
            self.query_one("#choices").focus()

    # --- what is shown ----------------------------------------------------------------------

    @property
    def viewer(self) -> int:
        return self.shown_to

    def shown_state(self) -> State:
        s = self.session.state
        return s if s.over else view(s, self.viewer)

    def labels(self) -> list[str]:
        return self.session.labels()

    def marks(self) -> tuple[dict[int, str], dict[int, str]]:
        """Shields and Florence locations to highlight: legal targets, and what the highlighted option touches."""
        shields: dict[int, str] = {}
        places: dict[int, str] = {}
        if self.pend is None:
            return shields, places
        for a in self.pend.actions:
            if a.kind in (Act.MOVE, Act.STEP, Act.TARGET):
                shields[a.a] = TARGET
            elif a.kind == Act.GMOVE:
                shields[a.b] = TARGET
            elif a.kind in (Act.SEND, Act.ACCUSE):
                places[a.a] = TARGET
        pv = self.previews.get(self.index)
        if pv is not None:
            for t in pv.shields:
                shields[t] = CHOSEN
        path = self.chosen_path(self.index)
        if path is not None:
            for label in (*path.via, path.shield):
                shields[self.session.state.board.index[label]] = CHOSEN
        if 0 <= self.index < len(self.pend.actions):
            a = self.pend.actions[self.index]
            if a.kind in (Act.SEND, Act.ACCUSE):
                places[a.a] = CHOSEN
        return shields, places

    def panel(self, name: str) -> Panel | None:
        found = self.query(f"#{name}")
        return found.first() if found else None  # type: ignore[return-value]

    def render_panel(self, name: str, width: int) -> RenderableType:
        v = self.shown_state()
        if name == "board":
            shields, places = self.marks()
            board = board_view(v, width, shields, places)
            body = self.body()
            return self.with_strip(board, v, width) if body is not None and not body.wide else board
        if name == "strip":
            return strip_view(v)
        if name == "families":
            return families_view(v, self.labels())
        if name == "hand":
            return hand_view(v, self.viewer)
        if name == "log":
            entries: Sequence[LogEntry] = self.session.log[-LOG_SHOWN:]
            return log_view(entries)
        if self.pend is None:
            return Text("")
        path = self.chosen_path(self.index)
        if path is not None:
            out = Text(f"{self.index + 1}. {path.words()}\n", style="bold")
            out.append("plays " + ", then ".join(action_text_of(self.session.state, path)), style="italic")
            return out
        return preview_view(self.session.state, self.pend, self.index, self.previews.get(self.index))

    def with_strip(self, board: Text, v: State, width: int) -> RenderableType:
        """On a tall small terminal the Board tab also shows the Graveyard, Dante and the supply, if they fit."""
        p = self.panel("board")
        rows = p.scrollable_content_region.height if p is not None else 0
        strip = flatten(strip_view(v), width)
        if len(board.split()) + 1 + len(strip.split()) > rows:
            return board
        return Text("\n").join([board, Text(""), strip])

    def flush(self, names: set[str] | None = None) -> None:
        """Mark ``names`` (default: every panel) as changed and redraw those on screen now."""
        self.dirty.update(PANELS if names is None else names)
        for name in sorted(self.dirty & self.visible_panels()):
            p = self.panel(name)
            if p is not None:
                if not self.laid_out(p):
                    continue  # drawn once the layout has given it its width
                p.show(self.render_panel(name, p.content_width()))
                if name == "log":
                    p.scroll_end(animate=False)
            self.dirty.discard(name)

    def refresh_all(self) -> None:
        self.flush()
        self.refresh_status()

    def redraw_panel(self, panel: Panel) -> None:
        if panel.id:
            self.flush({panel.id})

    def refresh_board_marks(self) -> None:
        self.flush({"board"})

    @on(TabbedContent.TabActivated)
    def _tab(self) -> None:
        self.flush(set())

    def refresh_preview(self) -> None:
        self.flush({"preview"})

    def refresh_status(self) -> None:
        st = self.query_one(StatusLine)
        st.thinking = self.thinking
        who = None
        if self.showing is not None:
            e = self.showing
            who = player_text(e.player, f" {self.labels()[e.player]}")
            who.append(" moved", style="bold")
        s = self.shown_state()
        st.update(status_text(s, self.viewer, self.labels(), self.thinking, self.note, self.size.width, who))

    def say(self, text: str | Text, error: bool = False) -> None:
        """Show a message under the panels; one too long for two lines is cut, with a pointer to the
        log, which keeps it whole."""
        msg = Text(text) if isinstance(text, str) else text.copy()
        if error:
            msg = Text("✗ ", style="bold") + msg
            msg.stylize("bold")
        line = self.query_one("#message", MessageLine)
        width = self.size.width - 2
        if msg.plain and not line.fits(msg, width):
            self.session.log.append(LogEntry(-1, -1, "", [msg.plain]))
            self.flush({"log"})
            msg = line.shortened(msg, width, LOG_POINTER)
        line.update(msg)

    def notify_region(self, title: str) -> None:
        self.say(f"The keys now scroll {title}: ↑/↓, PgUp/PgDn, Home/End, ←/→; Escape goes back to the choices.")

    # --- the choices ------------------------------------------------------------------------

    def fill_choices(self, keep: bool = False) -> None:
        found = self.query("#choices")
        if not found:
            return
        ol: OptionList = found.first()  # type: ignore[assignment]
        ol.clear_options()
        pend = self.pend
        if pend is None:
            ol.border_title = "Choices"
            return
        s = self.session.state
        title = decision_title(pend)
        if len(self.session.humans()) > 1:  # hot-seat: say whose decision it is
            title = f"{player_text(pend.player).plain}: {title}"
        ol.border_title = title
        opts = []
        for i, a in enumerate(pend.actions, 1):
            line = Text(f"{i:>2}. ", style="bold")
            line.append(action_text(s, a))
            hint = action_hint(s, pend, a)
            if hint:
                line.append(f"  ({hint})", style="dim")
            landings = option_paths(self.paths, a)
            if landings:
                line.append(f"  {landing_words(landings)}", style="dim")
            opts.append(Option(line, id=str(i - 1)))
        for k, path in enumerate(self.whole_paths(), len(pend.actions) + 1):
            line = Text(f"{k:>2}. ", style="bold")
            line.append(path.words(), style="italic")
            opts.append(Option(line, id=f"path-{k}"))
        ol.add_options(opts)
        if not keep:
            self.index = 0
        ol.highlighted = min(self.index, ol.option_count - 1)
        cmd = self.query_one(CommandInput)
        cmd.candidates = (
            [action_text(s, a) for a in pend.actions] + [f"to {x.shield}" for x in self.paths] + list(COMMANDS)
        )

    def whole_paths(self) -> list[SoulPath]:
        """The Soul's descents that take more than one decision, offered whole after the engine's options."""
        return whole(self.paths)

    def chosen_path(self, index: int) -> SoulPath | None:
        """The whole path at option ``index`` (0-based), if that option is one."""
        n = len(self.pend.actions) if self.pend is not None else 0
        paths = self.whole_paths()
        return paths[index - n] if 0 <= index - n < len(paths) else None

    def play_path(self, path: SoulPath) -> None:
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
            self.say(f"The path stopped after {played} of its {len(path.actions)} steps: choose on from here.")
        self.fill_choices()
        self.advance()

    def soul_to(self, words: str) -> None:
        """The ``to 3.4`` / ``to 3.4 via 2.3`` command: the whole path it names, if exactly one."""
        found = matching(self.paths, words)
        if len(found) == 1:
            self.play_path(found[0])
            return
        if not found:
            ends = ", ".join(dict.fromkeys(x.shield for x in self.paths))
            where = f"the Soul can stop on {ends}" if ends else "no Soul is moving now"
            self.say(f"No path of the Soul ends on {shown(words)}: {where}.", error=True)
            return
        ways = "; ".join(f"to {x.shield} via {', '.join(x.via)}" for x in found)
        self.say(f"{len(found)} paths end there: {ways}. Type the one you mean.", error=True)

    def ensure_preview(self, i: int) -> None:
        if self.pend is not None and i not in self.previews and 0 <= i < len(self.pend.actions):
            self.previews[i] = preview(self.session.state, self.pend.actions[i], self.preview_seed)

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.pend is None or event.option_index is None or event.option_index == self.index:
            return
        self.index = event.option_index
        self.ensure_preview(self.index)
        self.refresh_preview()
        self.refresh_board_marks()

    @on(OptionList.OptionSelected, "#choices")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if self.pend is not None and 0 <= event.option_index < len(self.pend.actions):
            self.play(self.pend.actions[event.option_index])
        elif (path := self.chosen_path(event.option_index)) is not None:
            self.play_path(path)

    def on_key(self, event: Key) -> None:
        """Typing on the choices goes to the command line (a number, an action, a command); a Space
        goes there too once something is typed, else it skips the bots' moves (its binding)."""
        cmd = self.query_one(CommandInput)
        if self.focused is cmd or event.character is None or not event.is_printable:
            return
        if event.character == " " and not cmd.value:
            return
        if isinstance(self.screen, ModalScreen):
            return
        cmd.focus()
        cmd.value += event.character
        cmd.cursor_position = len(cmd.value)
        event.stop()

    # --- the game ---------------------------------------------------------------------------

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

    def play(self, action: Action) -> None:
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
            line.append("   (Space: skip)", style="dim")
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

        def done(_: None) -> None:
            self.exit(0)

        self.push_screen(EndScreen(s, self.labels(), self.session.save_path), done)

    # --- commands ---------------------------------------------------------------------------

    @on(Input.Submitted, "#command")
    def _submitted(self, event: Input.Submitted) -> None:
        cmd = self.query_one(CommandInput)
        line = event.value.strip()
        cmd.value = ""
        if not line:
            if self.pend is not None and 0 <= self.index < len(self.pend.actions):
                self.play(self.pend.actions[self.index])  # Enter alone plays the highlighted option
            else:
                self.action_skip()
            return
        cmd.remember(line)
        self.command(line)

    @on(CommandInput.Skip)
    def _skip_typed(self) -> None:
        self.action_skip()

    @on(CommandInput.Completions)
    def _completions(self, event: CommandInput.Completions) -> None:
        shown = ", ".join(event.matches[:12]) + (" …" if len(event.matches) > 12 else "")
        self.say(f"Tab: {shown}")

    def command(self, line: str) -> None:
        """A typed line: a number, an action's text, or a command (as in the line mode)."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word in ("help", "?", "h"):
            self.action_help()
        elif word in ("glossary", "g"):
            self.action_glossary()
        elif word == "undo":
            self.action_undo(int(rest) if rest.isdigit() else 1)
        elif word == "hint":
            self.action_hint()
        elif word == "log":
            self.goto_tab("tab-log")
        elif word == "board":
            self.goto_tab("tab-board")
        elif word == "shield":
            self.shield(rest)
        elif word == "to" and self.pend is not None:
            self.soul_to(rest)
        elif word == "save":
            target = self.session.save(Path(rest).expanduser() if rest else None)
            self.say(f"Saved to {target}")
        elif word in ("quit", "exit", "q"):
            self.action_quit_game()
        elif word == "why" and self.pend is not None:
            p = self.pend.player
            self.say(why_answer(self.session.view_for(p), p, rest))
        elif self.pend is None:
            self.say("Wait: a bot is deciding (Space skips its moves' pause).", error=True)
        elif line.isdigit():
            n = int(line)
            last = len(self.pend.actions) + len(self.whole_paths())
            if 1 <= n <= len(self.pend.actions):
                self.play(self.pend.actions[n - 1])
            elif (path := self.chosen_path(n - 1)) is not None:
                self.play_path(path)
            else:
                self.say(f"There is no option {n}: choose 1-{last}, or type 'help'.", error=True)
        else:
            try:
                action = parse_action(self.session.state, line)
            except InfernoError as exc:
                self.say(f"{exc}. Type a number 1-{len(self.pend.actions)}, an action's text, or 'help'.", error=True)
                return
            if action not in self.pend.actions:
                p = self.pend.player
                self.say(illegal_message(self.session.view_for(p), p, line), error=True)
                return
            self.play(action)

    def action_help(self) -> None:
        s = self.session.state
        pend = self.pend or pending(s)
        parts: list[RenderableType] = []
        if pend is not None:
            from inferno.help import help_text

            title, text, rule = help_text(s, pend.decision)
            parts.append(Text(title, style="bold underline"))
            parts.append(Text(text))
            cite = rule_words(rule)
            if cite:
                parts.append(Text(f"Rule: {cite}", style="italic"))
        parts.append(Text("\nCommands: a number, an action's text, " + ", ".join(COMMANDS) + " (undo N takes back N)"))
        parts.append(Text(KEYS))
        self.push_screen(TextScreen("Help", Group(*parts)))

    def action_glossary(self) -> None:
        self.push_screen(TextScreen("Glossary", glossary(self.session.state)))

    def action_detail(self) -> None:
        """F6: Hell and Florence in full, every shield with its name, quartiere and lines down."""
        self.push_screen(TextScreen("Hell and Florence in detail", hell_detail(self.shown_state())))

    def shield(self, label: str) -> None:
        """The ``shield 3.4`` command: one shield in words."""
        s = self.shown_state()
        if not label.strip():
            self.say(f"Name the shield, e.g. shield {s.board.labels[0]}; F6 shows every shield.", error=True)
            return
        t = find_shield(s, label)
        if t is None:
            first, last = s.board.labels[0], s.board.labels[-1]
            self.say(f"There is no shield {shown(label)}: shields are named {first} to {last}.", error=True)
            return
        self.say(shield_words(s, t))

    def action_ask_quit(self) -> None:
        """Ctrl+C: ask before saving and quitting (a second Ctrl+C answers yes)."""
        if isinstance(self.screen, QuitScreen):
            self.screen.dismiss(True)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.action_quit_game()

        self.push_screen(QuitScreen(), answered)

    def action_skip(self) -> None:
        """Show the bots' moves without pausing until the next human decision."""
        self.fast = True

    def action_undo(self, k: int = 1) -> None:
        if self.pend is None:
            self.say("Undo works at your own decision.", error=True)
            return
        try:
            marked = self.session.take_back(self.pend.player, k)
        except UndoError as exc:
            self.say(str(exc), error=True)
            return
        self.say(
            f"Took back {len(marked)} step{'s' if len(marked) != 1 else ''}: " + ", ".join(e.action for e in marked)
        )
        self.pend = None
        self.advance()

    def action_hint(self) -> None:
        """The top options with their estimates, if the table allows hints (the log records it)."""
        if self.pend is None:
            self.say("A hint is for your own decision: wait for your turn.", error=True)
            return
        try:
            lines = self.session.hint(self.pend.player)
        except InfernoError as exc:
            self.say(str(exc), error=True)
            return
        self.refresh_all()
        self.push_screen(TextScreen("Hint", Text("\n".join(lines))))

    def action_save(self) -> None:
        self.say(f"Saved to {self.session.save(None)}")

    def action_quit_game(self) -> None:
        self.session.save()
        self.outcome = self.outcome or "quit"
        self.exit(0)

    @on(Click, "#board-body")
    def _board_clicked(self, event: Click) -> None:
        """A click on a highlighted shield or location plays the one option that targets it; with several it
        highlights them; elsewhere it says what is there."""
        p = self.panel("board")
        off = event.get_content_offset(p.body) if p is not None else None
        if p is None or off is None:
            return
        s = self.shown_state()
        spot = spot_at(s, p.content_width(), off.y, off.x)
        if spot is None:
            return
        kind, where = spot
        if kind == "shield":
            self.shield_clicked(s, where)
        else:
            self.location_clicked(s, where)

    def options_on(self, kinds: tuple[Act, ...], where: int) -> list[int]:
        """The pending options (0-based) whose target is shield or location ``where``."""
        if self.pend is None:
            return []
        return [
            i
            for i, a in enumerate(self.pend.actions)
            if (a.kind in kinds and a.a == where) or (a.kind == Act.GMOVE and Act.GMOVE in kinds and a.b == where)
        ]

    def shield_clicked(self, s: State, t: int) -> None:
        found = self.options_on((Act.MOVE, Act.STEP, Act.TARGET, Act.BELL, Act.GMOVE), t)
        paths = [x for x in self.paths if x.shield == s.board.labels[t]]
        if len(found) == 1 and self.pend is not None:
            self.play(self.pend.actions[found[0]])
        elif not found and len(paths) == 1:
            self.play_path(paths[0])
        elif found or paths:
            self.offer(found, [x.words() for x in paths])
        else:
            self.say(shield_words(s, t))

    def location_clicked(self, s: State, loc: int) -> None:
        found = self.options_on((Act.SEND, Act.ACCUSE), loc)
        if len(found) == 1 and self.pend is not None:
            self.play(self.pend.actions[found[0]])
        elif found:
            self.offer(found, [])
        else:
            self.say(next(x for x in florence_words(s) if x.startswith(s.rules.locations[loc].name + ",")))

    def offer(self, found: list[int], paths: list[str]) -> None:
        """Several options fit a click: highlight the first and name them all."""
        if self.pend is None:
            return
        s = self.session.state
        if found:
            self.query_one("#choices", OptionList).highlighted = found[0]
        named = [f"{i + 1}. {action_text(s, self.pend.actions[i])}" for i in found] + paths
        self.say("Several options go there: " + "; ".join(named) + ". Choose one.")

    @on(Click, "#message")
    def _message_clicked(self) -> None:
        self.action_skip()


def action_text_of(s: State, path: SoulPath) -> list[str]:
    """A whole path's actions in the engine's notation, each worded in the position it is played in."""
    out = []
    for a in path.actions:
        out.append(action_text(s, a))
        s = apply(s, a)
    return out


def run_app(session: Session, pace: float = PACE, mono: bool = False) -> str:
    """Run the full-screen game; returns "over" or "quit" (the game is saved either way)."""
    app = InfernoApp(session, pace=pace, mono=mono)
    app.run()
    return app.outcome or "quit"
