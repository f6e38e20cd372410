"""The panels of the full-screen game: each renders one part of a (viewed) state with the Rich
pieces the line mode uses too, so both modes show the same board in the same words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import ClassVar

from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.spinner import Spinner
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.dom import DOMNode
from textual.events import Key, Resize
from textual.message import Message
from textual.widgets import Input, Static

from inferno.components import action_components
from inferno.i18n import GAME, N_, TERMINAL
from inferno.rules.engine import Pending
from inferno.rules.model import StopKind
from inferno.rules.notation import action_text
from inferno.rules.state import State
from inferno.tui.app.preview import Preview, route_words
from inferno.tui.board import dante_text, graveyard_text, supply_text
from inferno.tui.compact import board_text, florence_words, legend_text, shield_words
from inferno.tui.players import action_hint, cards_group, families_parts
from inferno.tui.screen import log_group
from inferno.tui.session import LogEntry
from inferno.tui.text import player_text, sin_name

TARGET = "bold reverse"  # i18n: not for players (legal targets of the pending decision: a style, works in monochrome)
CHOSEN = "bold reverse underline"  # i18n: not for players (what the highlighted option touches)
STRONG = "bold reverse"  # i18n: not for players

_ = TERMINAL.gettext
BONFIRE = "BONFIRE"  # the location's name in the rules data (the game catalog translates it)


class Panel(ScrollableContainer):
    """A titled, scrollable frame around one Static holding a Rich renderable."""

    # i18n: not for players
    DEFAULT_CSS = """
    Panel { border: round $primary-darken-2; height: 1fr; scrollbar-gutter: stable; }
    Panel:focus-within { border: round $accent; }
    Panel > Static { width: 100%; text-wrap: nowrap; text-overflow: clip; }
    #board, #strip { scrollbar-gutter: auto; }
    #board > Static, #families > Static, #hand > Static { width: auto; }
    """

    def __init__(self, title: str, *, id: str) -> None:
        super().__init__(id=id)
        translate_bindings(self)
        self.border_title = title
        self.body = Static("", id=f"{id}-body")
        self.drawn_width = -1  # the panel's width when its text was last laid out

    def compose(self) -> ComposeResult:
        yield self.body

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", N_("back to the choices"), show=False)]

    class Sized(Message):
        """The panel got a new size: its text is laid out again at the new width."""

        def __init__(self, panel: Panel) -> None:
            super().__init__()
            self.panel = panel

    def on_resize(self, event: Resize) -> None:
        if event.size.width != self.drawn_width:
            self.post_message(self.Sized(self))

    def content_width(self) -> int:
        """The columns text may use (a vertical scrollbar's gutter is kept free, so nothing hides under it)."""
        return self.scrollable_content_region.width or self.app.size.width  # (the app's width before layout)

    def show(self, renderable: RenderableType) -> None:
        """Show a renderable, laid out once at the panel's width (wider when it cannot fit: it scrolls)."""
        self.drawn_width = self.size.width
        self.body.update(flatten(renderable, self.content_width()))

    def action_leave(self) -> None:
        found = self.screen.query("#choices")
        if found:
            found.first().focus()


def flatten(renderable: RenderableType, width: int) -> Text:
    """Lay a Rich renderable out as plain styled lines (tables are costly to lay out on every frame)."""
    console = Console(width=width, force_terminal=True, color_system="truecolor", legacy_windows=False)
    need = Measurement.get(console, console.options, renderable).minimum
    if need > width:
        width = need
    lines = console.render_lines(renderable, console.options.update(width=width), pad=False)
    out = Text(no_wrap=True, overflow="crop", end="")
    for i, line in enumerate(lines):
        if i:
            out.append("\n")
        for seg in line:
            if not seg.control:
                out.append(seg.text, seg.style)
    out.rstrip()
    return out


def board_view(s: State, width: int, marks: Mapping[int, str], places: Mapping[int, str]) -> Text:
    """Hell and Florence, compact: every circle and every location fit 80 columns."""
    return board_text(s, width, marks, places)


def strip_view(s: State) -> RenderableType:
    """The Graveyard (Souls waiting for Charon, the River Styx's source), the Plague card, Dante, the supply."""
    styx = Text(_("River Styx:") + " ", style="bold")
    bonfire = GAME.gettext(BONFIRE)
    styx.append(
        _("drown Graveyard Souls of one colour to advance Sin Tracks ({bonfire}, gold bonus)").format(bonfire=bonfire),
        style="dim",
    )

    return Group(graveyard_text(s), styx, dante_text(s), supply_text(s))


def hell_detail(s: State) -> RenderableType:
    """Hell and Florence in full (F6): every shield with its name, quartiere, what is on it, its lines down
    and its gate, circle by circle; then every location (lines that fit any width)."""
    r = s.rules
    out = Text()
    for circle in range(1, 10):
        out.append(_("Circle {n},").format(n=circle) + " ", style="bold")
        out.append_text(sin_name(r, circle))
        out.append(_(": lying down scores {n} Infamy").format(n=r.circle_infamy[circle]), style="bold")
        out.append(_("; Phlegethon {n}").format(n=s.phleg[circle]) + "\n" if circle >= 2 else "\n")
        for t in s.board.circle_shields[circle]:
            out.append(f"  {shield_words(s, t)}\n")
    out.append(_("Florence") + "\n", style="bold")
    for line in florence_words(s):
        out.append(f"  {line}\n")
    out.rstrip()
    return Group(legend_text(s), Text(""), out)


def families_view(s: State, labels: Sequence[str], width: int) -> RenderableType:
    """The families and the Sin Tracks, laid out for ``width`` columns with no cell wrapped."""
    return Group(*families_parts(s, labels, width))


def hand_view(s: State, viewer: int) -> RenderableType:
    return cards_group(s, viewer)


def log_view(entries: Sequence[LogEntry]) -> RenderableType:
    return log_group(entries)


def preview_view(
    s: State, pend: Pending | None, index: int, pv: Preview | None, explain: bool = False
) -> RenderableType:
    """The highlighted option: its text, then what the engine says it would do; with ``explain`` (a first
    game) what each component it involves does."""
    if pend is None or pv is None or not 0 <= index < len(pend.actions):
        return Text("")
    a = pend.actions[index]
    out = Text(f"{index + 1}. {action_text(s, a)}\n", style="bold")
    hint = action_hint(s, pend, a)
    if hint:
        out.append(hint + "\n", style="italic")
    for r in pv.routes:
        out.append("⇣ " + route_words(r) + "\n")
    for line in pv.changes:
        out.append("• " + line + "\n")
    for line in pv.events:
        out.append("· " + line + "\n", style="dim")
    if pv.next_step:
        out.append(pv.next_step + "\n", style="italic")
    for c in action_components(s, a) if explain else ():
        out.append(f"{c.title}: ", style="bold")
        out.append(f"{c.text} ({c.rule})\n")
    out.rstrip()
    return out


def status_text(
    s: State,
    viewer: int,
    labels: Sequence[str],
    thinking: bool,
    note: str = "",
    width: int = 0,
    who: Text | None = None,
) -> RenderableType:
    """Whose turn, the viewer's Infamy and money, Dante's stop and the last-round warning, on one line:
    pieces that would not fit ``width`` columns are left out (least needed first). ``who`` replaces
    the "Player N decides" opening (e.g. while a bot's move is still being shown)."""
    first = Text()
    if who is not None:
        first = who
    elif s.over:
        first.append(_("Game over"), style=STRONG)
    else:
        decider = s.stack[-1].player if s.stack else s.current
        first.append_text(player_text(decider, f" {labels[decider]}"))
        first.append(" " + _("decides"), style="bold")
    pieces: list[tuple[int, Text]] = []  # (rank: lower is kept first, piece)
    last = s.ender >= 0 or (0 <= s.dante < len(s.stops) and s.stops[s.dante].kind is StopKind.END)
    if last and not s.over:
        pieces.append((0, Text(" · " + _("last round!"), style=STRONG)))
    if note:
        pieces.append((1, Text(f" · {note}", style="italic")))
    if 0 <= viewer < s.num_players:
        pl = s.players[viewer]
        mine = Text(" · ")
        if s.over or s.stack[-1].player != viewer or who is not None:
            mine.append_text(player_text(viewer, ": "))
        mine.append(
            _("Infamy {infamy} · Florins {florins} · Drachmas {drachmas}").format(
                infamy=pl.infamy, florins=pl.florins, drachmas=pl.drachmas
            )
        )
        pieces.append((2, mine))
        if pl.loans:
            pieces.append((5, Text(" · " + _("loans {n}").format(n=pl.loans))))
    pieces.append((3, Text(" · " + _("Dante {stop}/{stops}").format(stop=s.dante + 1, stops=len(s.stops)))))
    pieces.append((4, Text(" · " + _("turn {n}").format(n=s.turn))))
    room = (width or 10_000) - len(first) - (2 if thinking else 0)
    kept: set[int] = set()
    for i, (_rank, piece) in sorted(enumerate(pieces), key=lambda x: x[1][0]):
        if len(piece) <= room:
            kept.add(i)
            room -= len(piece)
    out = first.copy()
    for i, (_rank, piece) in enumerate(pieces):
        if i in kept:
            out.append_text(piece)
    if thinking:
        return Group(Spinner("dots", text=out))
    return out


class MessageLine(Static):
    """The message under the panels: up to two wrapped lines; a longer message ends with a pointer to
    the log, where it is kept whole."""

    DEFAULT_CSS = "MessageLine { height: auto; max-height: 2; padding: 0 1; }"  # i18n: not for players
    ROWS = 2

    def fits(self, text: Text, width: int) -> bool:
        return len(text.wrap(Console(width=max(width, 10)), max(width, 10))) <= self.ROWS

    def shortened(self, text: Text, width: int, pointer: str) -> Text:
        """``text`` cut at a word so that it and ``pointer`` fit two lines."""
        n = min(len(text), max(10, width) * self.ROWS)
        while n > 0:
            out = text[:n]
            if n < len(text) and " " in out.plain:
                out = out[: out.plain.rindex(" ")]
            out.rstrip()
            out.append(f"… {pointer}", style="italic")
            if self.fits(out, width):
                return out
            n -= 8
        return Text(pointer, style="italic")


class StatusLine(Static):
    """One line at the bottom; animates a spinner while a bot thinks."""

    DEFAULT_CSS = "StatusLine { height: 1; background: $panel; }"  # i18n: not for players

    def on_mount(self) -> None:
        self.thinking = False
        self.set_interval(0.1, self._tick)

    def _tick(self) -> None:
        if self.thinking:
            self.refresh()


PLACEHOLDER = N_("type a number, an action or a command (help) — Tab completes")
SHORT_PLACEHOLDER = N_("a number, an action or help")


class CommandInput(Input):
    """Typed commands and actions: ↑/↓ history, Tab completes from the legal actions and commands."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "history(-1)", N_("previous"), show=False),
        Binding("down", "history(1)", N_("next"), show=False),
        Binding("tab", "complete", N_("complete"), show=False, priority=True),
        Binding("escape", "leave", N_("back to the choices"), show=False),
    ]

    def take_key(self, character: str) -> None:
        """A character typed elsewhere in the app: focus here and append it."""
        self.focus()
        self.value += character
        self.cursor_position = len(self.value)

    class Completions(Message):
        """The candidates for a Tab press that matched more than one word."""

        def __init__(self, matches: list[str]) -> None:
            super().__init__()
            self.matches = matches

    def __init__(self, **kwargs: object) -> None:
        super().__init__(
            placeholder=_(PLACEHOLDER),
            select_on_focus=False,
            **kwargs,  # type: ignore[arg-type]
        )
        translate_bindings(self)
        self.history: list[str] = []
        self.back = 0
        self.candidates: list[str] = []

    def on_resize(self, event: Resize) -> None:
        """The hint that fits the line: the whole one, else a short one (a longer language)."""
        whole = _(PLACEHOLDER)
        self.placeholder = whole if len(whole) <= self.content_region.width else _(SHORT_PLACEHOLDER)

    def remember(self, line: str) -> None:
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
        self.back = 0

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self.back = max(0, min(len(self.history), self.back - step))
        self.value = self.history[-self.back] if self.back else ""
        self.cursor_position = len(self.value)

    def action_complete(self) -> None:
        typed = self.value.lower()
        matches = [c for c in self.candidates if c.lower().startswith(typed)]
        if not matches:
            return
        if len(matches) == 1:
            self.value = matches[0]
        else:
            common = matches[0]
            for m in matches[1:]:
                while not m.lower().startswith(common.lower()):
                    common = common[:-1]
            if len(common) > len(self.value):
                self.value = common
            self.post_message(self.Completions(matches))
        self.cursor_position = len(self.value)

    def action_leave(self) -> None:
        self.screen.focus_next("#choices")

    class Skip(Message):
        """Space on an empty command line: skip the bots' moves."""

    def on_key(self, event: Key) -> None:
        if event.key == "escape":
            event.stop()
            self.action_leave()
        elif event.key == "space" and not self.value.strip():
            event.stop()
            event.prevent_default()  # a leading space means nothing: it skips the bots' moves instead
            self.value = ""
            self.post_message(self.Skip())


def translate_bindings(node: DOMNode) -> None:
    """Show ``node``'s key bindings (their descriptions marked with ``N_``) in the player's language, as a
    footer lists them. Textual keeps each node's own copy of its bindings, so the class's stay English."""
    bindings = node._bindings.key_to_bindings  # Textual's per-node map: no public setter for a description
    for key, found in bindings.items():
        bindings[key] = [replace(b, description=_(b.description)) if b.description else b for b in found]
