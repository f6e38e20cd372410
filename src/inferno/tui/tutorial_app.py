"""``inferno learn``: the tutorial full screen — the game's board and families panels beside the
tutorial's step and a preview of the move it asks for, with a line to type in.

The board is the terminal game's (:func:`inferno.tui.app.widgets.board_view`), with the shields and
locations of the asked-for move highlighted; the step reads as in the plain mode
(:func:`inferno.tui.tutorial_plain.step_lines`), with the move to type after "Play:"; the preview is
the game's (:func:`inferno.tui.app.preview.preview`). Escape leaves; the tutorial resumes where it was.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, Static

from inferno.i18n import N_, TERMINAL
from inferno.rules.actions import Act
from inferno.rules.engine import pending
from inferno.tui.app.preview import preview
from inferno.tui.app.widgets import (
    CHOSEN,
    Panel,
    board_view,
    families_view,
    hell_detail,
    preview_view,
    strip_view,
    translate_bindings,
)
from inferno.tui.tutorial_plain import DONE, HELP, NEXT_WORDS, play_words, step_lines, target_component
from inferno.tutorial.progress import record
from inferno.tutorial.session import StepKind, Tutorial

_ = TERMINAL.gettext
LABELS = (N_("You"), N_("Opponent"))


class TutorialApp(App[None]):
    """The full-screen tutorial."""

    # i18n: not for players
    CSS = """
    #left { width: 1fr; }
    #board { height: 2fr; }
    #families { height: 1fr; }
    #side { width: 64; }
    #step { height: 2fr; }
    #step > Static { text-wrap: wrap; width: 100%; }
    #preview { height: 1fr; }
    #reply { height: auto; min-height: 2; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", N_("Leave (resume later)")),
        Binding("f6", "details", N_("Board in full / compact")),
    ]

    def __init__(self, t: Tutorial) -> None:
        super().__init__()
        self.t = t
        self.details = False  # the board in full (every shield in words), as F6 shows it in a game

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="left"):
                yield Panel(_("Board"), id="board")
                yield Panel(_("Families and Sin Tracks"), id="families")
            with Vertical(id="side"):
                yield Panel(_("Tutorial"), id="step")
                yield Panel(_("The move and the board"), id="preview")
                yield Static(id="reply")
                yield Input(placeholder=_("type the move shown after Play:, or next"), id="move")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("Inferno — learn to play")
        translate_bindings(self)
        self.refresh_step()
        self.query_one("#move", Input).focus()

    def step_text(self) -> str:
        """The tutorial panel's words (the same as the plain mode's)."""
        lines = step_lines(self.t)
        step = self.t.step
        if step is not None and step.kind is StepKind.EXPLAIN:
            lines.append(_("Type next (or press Enter) to go on."))
        return "\n\n".join(lines)

    def marks(self) -> tuple[dict[int, str], dict[int, str]]:
        """The shields and locations the asked-for moves touch."""
        shields: dict[int, str] = {}
        places: dict[int, str] = {}
        for a in self.t.expected_actions():
            if a.kind in (Act.MOVE, Act.STEP, Act.TARGET):
                shields[a.a] = CHOSEN
            elif a.kind is Act.GMOVE:
                shields[a.b] = CHOSEN
            elif a.kind in (Act.SEND, Act.ACCUSE):
                places[a.a] = CHOSEN
        return shields, places

    def preview_renderable(self) -> RenderableType:
        """What the asked-for move would do (the game's preview), then the part of the board the step is about."""
        s = self.t.state
        pend = pending(s)
        expected = self.t.expected_actions()
        parts: list[RenderableType] = []
        if pend is not None and expected and expected[0] in pend.actions:
            index = pend.actions.index(expected[0])
            parts.append(preview_view(s, pend, index, preview(s, expected[0])))
        part = target_component(self.t)
        if part is not None:
            about = Text(_("On the board: {part}").format(part=part.title) + "\n", style="bold")
            about.append(f"{part.text} ({part.rule})")
            parts.append(about)
        return Group(*parts)

    def draw(self, panel: Panel) -> None:
        s = self.t.state
        width = panel.content_width()
        if panel.id == "board":
            shields, places = self.marks()
            board = hell_detail(s) if self.details else board_view(s, width, shields, places)
            panel.show(Group(board, strip_view(s)))
        elif panel.id == "families":
            panel.show(families_view(s, [_(x) for x in LABELS], width))
        elif panel.id == "step":
            panel.body.update(Text(self.step_text()))
            n = min(self.t.index + 1, self.t.total)
            panel.border_title = _("Tutorial — step {n} of {total}").format(n=n, total=self.t.total)
        elif panel.id == "preview":
            panel.show(self.preview_renderable())

    def refresh_step(self) -> None:
        for panel in self.query(Panel):
            self.draw(panel)

    def on_panel_sized(self, message: Panel.Sized) -> None:
        self.draw(message.panel)

    def say(self, message: str) -> None:
        self.query_one("#reply", Static).update(Text(message))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        word = event.value.strip()
        event.input.value = ""
        step = self.t.step
        if step is None:
            self.say(_(DONE))
        elif word.lower() in ("help", "?"):
            self.say(_(HELP))
        elif step.kind is StepKind.EXPLAIN and word.lower() in NEXT_WORDS:
            self.t.next()
            self.say("")
        elif step.kind is StepKind.ACT and word:
            self.say(self.t.play(word).message)
        else:
            self.say(self.t.play(word).message if word else play_words(step.expected))

        problem = record(self.t)
        if problem:
            self.say(problem)
        self.refresh_step()

    def action_details(self) -> None:
        self.details = not self.details
        self.draw(self.query_one("#board", Panel))

    def action_leave(self) -> None:
        record(self.t)
        self.exit()
