"""What the full-screen game shows: the panels drawn from the session's state, the status and message
lines, and the choices of the pending decision (with their previews and the Soul's whole paths)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.widgets import OptionList, TabbedContent
from textual.widgets.option_list import Option

from inferno.i18n import N_, TERMINAL
from inferno.rules.actions import Act
from inferno.rules.engine import Pending, apply, view
from inferno.rules.notation import action_text
from inferno.rules.state import State
from inferno.tui.app.body import PANELS
from inferno.tui.app.frame import BoardApp
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
    log_view,
    preview_view,
    status_text,
    strip_view,
)
from inferno.tui.paths import SoulPath, landing_words, option_paths, whole
from inferno.tui.players import action_hint, decision_title, families_width
from inferno.tui.session import LogEntry, Session
from inferno.tui.text import player_text

LOG_SHOWN = 40  # log entries kept in the log panel
COMMANDS = ("help", "why", "glossary", "explain", "undo", "hint", "log", "board", "shield", "to", "save", "quit")
LOG_POINTER = N_("(whole message in the log)")

_ = TERMINAL.gettext


class GameDisplay(BoardApp[int]):
    """Shows one :class:`Session`: its panels, lines and choices (the subclasses play it)."""

    session: Session
    pace: float
    preview_seed: int
    shown_to: int  # whose screen is showing (hot-seat)
    pend: Pending | None
    previews: dict[int, Preview]
    index: int
    thinking: bool
    fast: bool
    outcome: str  # "over" or "quit" once the app ends
    note: str
    showing: LogEntry | None  # a bot's move on show (its pause not over yet)
    paths: list[SoulPath]  # the moving Soul's whole descents at this decision
    dirty: set[str]

    # --- what is shown ----------------------------------------------------------------------

    @property
    def viewer(self) -> int:
        return self.shown_to

    def shown_state(self) -> State:
        s = self.session.state
        return s if s.over else view(s, self.viewer)

    def labels(self) -> list[str]:
        return self.session.labels()

    def families_columns(self) -> tuple[int, ...]:
        v = self.shown_state()
        return families_width(v, self.labels(), bonus=True), families_width(v, self.labels())

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
            return families_view(v, self.labels(), width)
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
            then = _(", then ")
            plays = _("plays {actions}").format(actions=then.join(action_text_of(self.session.state, path)))
            out.append(plays, style="italic")

            return out
        return preview_view(
            self.session.state, self.pend, self.index, self.previews.get(self.index), self.session.first_game
        )

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
            who.append(" " + _("moved"), style="bold")
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
            msg = line.shortened(msg, width, _(LOG_POINTER))
        line.update(msg)

    def notify_region(self, title: str) -> None:
        self.say(
            _("The keys now scroll {region}: ↑/↓, PgUp/PgDn, Home/End, ←/→; Escape goes back to the choices.").format(
                region=title
            )
        )

    # --- the choices ------------------------------------------------------------------------

    def fill_choices(self, keep: bool = False) -> None:
        found = self.query("#choices")
        if not found:
            return
        ol: OptionList = found.first()  # type: ignore[assignment]
        ol.clear_options()
        pend = self.pend
        if pend is None:
            ol.border_title = _("Choices")
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
            [action_text(s, a) for a in pend.actions]
            + [f"to {x.shield}" for x in self.paths]  # i18n: not for players (the command's notation)
            + list(COMMANDS)
        )

    def whole_paths(self) -> list[SoulPath]:
        """The Soul's descents that take more than one decision, offered whole after the engine's options."""
        return whole(self.paths)

    def chosen_path(self, index: int) -> SoulPath | None:
        """The whole path at option ``index`` (0-based), if that option is one."""
        n = len(self.pend.actions) if self.pend is not None else 0
        paths = self.whole_paths()
        return paths[index - n] if 0 <= index - n < len(paths) else None

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


def action_text_of(s: State, path: SoulPath) -> list[str]:
    """A whole path's actions in the engine's notation, each worded in the position it is played in."""
    out = []
    for a in path.actions:
        out.append(action_text(s, a))
        s = apply(s, a)
    return out
