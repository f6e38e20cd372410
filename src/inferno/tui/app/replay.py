"""The full-screen replay (``inferno replay`` on a terminal): the same board, panels and tabs as the
game, with the record's moves as the list on the right. Highlighting a move shows the position
after it; ←/→ step, Home/End jump, and a typed ``g N`` goes to action N."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.events import Key
from textual.widgets import Input, OptionList, TabbedContent
from textual.widgets.option_list import Option

from inferno.i18n import N_, TERMINAL
from inferno.records.record import GameRecord
from inferno.rules.actions import Act
from inferno.rules.engine import pending, view
from inferno.rules.notation import is_number, shown
from inferno.rules.state import State
from inferno.tui.app.body import Body
from inferno.tui.app.dialogs import TextScreen
from inferno.tui.app.display import LOG_SHOWN
from inferno.tui.app.frame import BoardApp
from inferno.tui.app.glossary import glossary
from inferno.tui.app.widgets import (
    CHOSEN,
    CommandInput,
    MessageLine,
    Panel,
    StatusLine,
    board_view,
    families_view,
    hand_view,
    hell_detail,
    log_view,
    status_text,
    strip_view,
)
from inferno.tui.players import decision_title, families_width
from inferno.tui.replay_viewer import Timeline
from inferno.tui.screen import entry_text
from inferno.tui.story_text import story_renderable, terminal_story
from inferno.tui.text import player_text

_ = TERMINAL.gettext

REPLAY_KEYS = N_(
    "Keys: ↑/↓ or ←/→ step · PgUp/PgDn 10 moves · Home start · End end · F2 glossary · F3 next tab · q quit. "
    "Type: n [K] forward · p [K] back · g N go to action N · s start · e end · q quit"
)
REPLAY_COMMANDS = ("next", "prev", "go", "start", "end", "help", "glossary", "quit")


class ReplayApp(BoardApp[None]):
    """Steps through a :class:`GameRecord` as a spectator (``viewer`` −1) or as one player."""

    TITLE = "Inferno — replay"  # i18n: not for players (the terminal's title; on_mount sets the translated one)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", N_("next move"), show=False),
        Binding("left", "step(-1)", N_("previous move"), show=False),
        Binding("pagedown", "step(10)", N_("10 moves on"), show=False, priority=True),
        Binding("pageup", "step(-10)", N_("10 moves back"), show=False, priority=True),
        Binding("home", "jump(0)", N_("start"), show=False),
        Binding("end", "jump(-1)", N_("end"), show=False),
        Binding("f1", "help", N_("help")),
        Binding("f2", "glossary", N_("glossary")),
        Binding("f3", "next_tab", N_("next tab")),
        Binding("f6", "detail", N_("Hell and Florence in detail"), show=False),
        Binding("q,ctrl+q,ctrl+c", "quit", N_("quit"), priority=False),
    ]

    def __init__(self, rec: GameRecord, viewer: int = -1, start: int = 0, timeline: Timeline | None = None) -> None:
        super().__init__()
        self.timeline = timeline or Timeline(rec)
        self.viewer = viewer
        self.position = max(0, min(start, len(self.timeline)))
        self.state: State = self.timeline.state(self.position)

    # --- layout -----------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.title = _("Inferno — replay")
        self._fit(self.size.width, self.size.height)

        self.call_after_refresh(self._after_layout)

    @on(Body.Rebuilt)
    def _after_layout(self) -> None:
        self.fill_moves()
        self.refresh_all()
        found = self.query("#choices")
        if found:
            found.first().focus()

    @on(TabbedContent.TabActivated)
    def _tab(self) -> None:
        self.refresh_all()

    # --- what is shown ----------------------------------------------------------------------

    def shown_state(self) -> State:
        s = self.state
        return s if s.over and self.viewer < 0 else view(s, self.viewer)

    def families_columns(self) -> tuple[int, ...]:
        v = self.shown_state()
        return families_width(v, self.timeline.labels, bonus=True), families_width(v, self.timeline.labels)

    def fill_moves(self) -> None:
        found = self.query("#choices")
        if not found:
            return
        ol: OptionList = found.first()  # type: ignore[assignment]
        ol.border_title = _("Moves ({n})").format(n=len(self.timeline))
        ol.clear_options()
        labels = self.timeline.labels
        opts = [Option(Text("   " + _("Start of the game"), style="bold"), id="0")]
        for e in self.timeline.entries:
            line = Text(f"{e.index + 1:>4}. ", style="bold")
            line.append_text(player_text(e.player, f" {labels[e.player]}: " if labels[e.player] else ": "))
            line.append(e.action)
            opts.append(Option(line, id=str(e.index + 1)))
        ol.add_options(opts)
        ol.highlighted = self.position

    def marks(self) -> dict[int, str]:
        """The shield the move just played touched (its target), highlighted on the Hell table."""
        if self.position == 0:
            return {}
        a = self.timeline.actions[self.position - 1]
        if a.kind in (Act.MOVE, Act.STEP, Act.TARGET):
            return {a.a: CHOSEN}
        if a.kind == Act.GMOVE:
            return {a.b: CHOSEN}
        return {}

    def places(self) -> dict[int, str]:
        if self.position == 0:
            return {}
        a = self.timeline.actions[self.position - 1]
        return {a.a: CHOSEN} if a.kind in (Act.SEND, Act.ACCUSE) else {}

    def move_view(self) -> RenderableType:
        """The move that led here and its consequences; at the end, the final scoring."""
        if self.state.over:
            return story_renderable(terminal_story(self.state, self.timeline.labels), self.size.width)
        entry = self.timeline.entry(self.position)
        out = Text()
        if entry is None:
            out.append(_("The set-up. → or ↓ steps through the moves.") + "\n")
        else:
            out.append_text(entry_text(entry))
            out.append("\n")
        pend = pending(self.state)
        if pend is not None:
            out.append(
                _("Next: Player {n} ({decision})").format(n=pend.player + 1, decision=decision_title(pend)),
                style="italic",
            )
        out.rstrip()
        return out

    def render_panel(self, name: str, width: int) -> RenderableType:
        v = self.shown_state()
        if name == "board":
            return board_view(v, width, self.marks(), self.places())
        if name == "strip":
            return strip_view(v)
        if name == "families":
            return families_view(v, self.timeline.labels, width)
        if name == "hand":
            return hand_view(v, self.viewer)
        if name == "log":
            return log_view(self.timeline.entries[max(0, self.position - LOG_SHOWN) : self.position])
        return self.move_view()

    def refresh_all(self) -> None:
        for name in sorted(self.visible_panels()):
            found = self.query(f"#{name}")
            if not found:
                continue
            p: Panel = found.first()  # type: ignore[assignment]
            if name == "preview":
                p.border_title = _("This move")
            if not self.laid_out(p):
                continue
            p.show(self.render_panel(name, p.content_width()))
            if name == "log":
                p.scroll_end(animate=False)
        note = _("action {n} of {total}").format(n=self.position, total=len(self.timeline))
        who = Text(_("Replay"), style="bold reverse")  # i18n: not for players (the style)
        pend = pending(self.state)
        if pend is not None:
            who.append(" · " + _("next:") + " ")
            who.append_text(player_text(pend.player, f" {self.timeline.labels[pend.player]}".rstrip()))
        elif self.state.over:
            who.append(" · " + _("Game over"), style="bold")
        self.query_one(StatusLine).update(
            status_text(self.shown_state(), self.viewer, self.timeline.labels, False, note, self.size.width, who)
        )

    def redraw_panel(self, panel: Panel) -> None:
        self.refresh_all()

    def say(self, text: str, error: bool = False) -> None:
        msg = Text(f"✗ {text}" if error else text, style="bold" if error else "")
        line = self.query_one("#message", MessageLine)
        if msg.plain and not line.fits(msg, self.size.width - 2):
            msg = line.shortened(msg, self.size.width - 2, _("(F1 shows the keys)"))
        line.update(msg)

    def notify_region(self, title: str) -> None:
        self.say(_("The keys now scroll {region}; Escape goes back to the moves.").format(region=title))

    def action_detail(self) -> None:
        self.push_screen(TextScreen(_("Hell and Florence in detail"), hell_detail(self.shown_state())))

    # --- moving -----------------------------------------------------------------------------

    def goto(self, n: int) -> None:
        """Show the position after ``n`` actions (clipped to the record)."""
        n = max(0, min(n, len(self.timeline)))
        if n != self.position:
            self.position = n
            self.state = self.timeline.state(n)
        found = self.query("#choices")
        if found:
            ol: OptionList = found.first()  # type: ignore[assignment]
            if ol.highlighted != n:
                ol.highlighted = n
        self.refresh_all()

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index is not None and event.option_index != self.position:
            self.goto(event.option_index)

    def action_step(self, k: int) -> None:
        self.goto(self.position + k)

    def action_jump(self, n: int) -> None:
        self.goto(len(self.timeline) if n < 0 else n)

    def action_help(self) -> None:
        self.push_screen(TextScreen(_("Replay"), Text(_(REPLAY_KEYS))))

    def action_glossary(self) -> None:
        self.push_screen(TextScreen(_("Glossary"), glossary(self.state)))

    def on_key(self, event: Key) -> None:
        """Typing on the move list goes to the command line (``q`` still quits)."""
        cmd = self.query_one(CommandInput)
        if self.focused is cmd or event.character is None or not event.is_printable or event.character in " q":
            return
        if self.screen is not self.screen_stack[0]:
            return
        cmd.take_key(event.character)
        event.stop()

    @on(Input.Submitted, "#command")
    def _submitted(self, event: Input.Submitted) -> None:
        cmd = self.query_one(CommandInput)
        line = event.value.strip().lower()
        cmd.value = ""
        cmd.remember(line)
        self.command(line)
        found = self.query("#choices")
        if found:
            found.first().focus()

    def command(self, line: str) -> None:
        """A typed replay command, as in the line mode: n/p [K], g N, s, e, a bare number, q."""
        word, _sep, rest = line.partition(" ")
        rest = rest.strip()
        if is_number(word) and not rest:
            word, rest = "g", word
        if rest and not is_number(rest):
            self.say(
                _("{word} is not a number of actions.").format(word=shown(rest)) + " " + _(REPLAY_KEYS), error=True
            )
            return
        k = int(rest) if rest else 1
        if word in ("", "n", "next", "f"):
            self.goto(self.position + k)
        elif word in ("p", "prev", "back", "b"):
            self.goto(self.position - k)
        elif word in ("g", "go", "goto") and rest:
            self.goto(k)
        elif word in ("s", "start"):
            self.goto(0)
        elif word in ("e", "end"):
            self.goto(len(self.timeline))
        elif word in ("help", "h", "?"):
            self.action_help()
        elif word in ("glossary",):
            self.action_glossary()
        elif word in ("q", "quit", "exit"):
            self.exit()
        else:
            self.say(_("unknown command {command}.").format(command=shown(line)) + " " + _(REPLAY_KEYS), error=True)

            return
        self.say("")
