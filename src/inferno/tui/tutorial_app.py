"""``inferno learn``: the tutorial full screen — the board beside a panel with the step, and a line to type in.

The board is the terminal game's (:func:`inferno.tui.compact.board_text`); the panel shows the step in
the same words as the plain mode (:func:`inferno.tui.tutorial_plain.step_lines`), with the move to
type after "Play:". Escape leaves; the tutorial resumes where it was.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, Static

from inferno.tui.compact import board_text
from inferno.tui.tutorial_plain import DONE, HELP, NEXT_WORDS, step_lines
from inferno.tutorial.progress import record
from inferno.tutorial.session import StepKind, Tutorial


class TutorialApp(App[None]):
    """The full-screen tutorial."""

    CSS = """
    #board { width: 1fr; height: 1fr; overflow: auto; }
    #side { width: 60; height: 1fr; }
    #step { height: 1fr; border: round $accent; padding: 0 1; }
    #reply { height: auto; min-height: 2; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "Leave (resume later)")]

    def __init__(self, t: Tutorial) -> None:
        super().__init__()
        self.t = t

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Static(id="board")
            with Vertical(id="side"):
                yield Static(id="step")
                yield Static(id="reply")
                yield Input(placeholder="type the move, or next", id="move")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Inferno — learn to play"
        self.refresh_step()
        self.query_one("#move", Input).focus()

    def step_text(self) -> str:
        """The tutorial panel's words (the same as the plain mode's)."""
        lines = step_lines(self.t)
        step = self.t.step
        if step is not None and step.kind is StepKind.EXPLAIN:
            lines.append("Type next (or press Enter) to go on.")
        return "\n\n".join(lines)

    def refresh_step(self) -> None:
        self.query_one("#board", Static).update(board_text(self.t.state, 120))
        self.query_one("#step", Static).update(Text(self.step_text()))
        self.query_one("#step", Static).border_title = f"Step {min(self.t.index + 1, self.t.total)} of {self.t.total}"

    def say(self, message: str) -> None:
        self.query_one("#reply", Static).update(Text(message))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        word = event.value.strip()
        event.input.value = ""
        step = self.t.step
        if step is None:
            self.say(DONE)
        elif word.lower() in ("help", "?"):
            self.say(HELP)
        elif step.kind is StepKind.EXPLAIN and word.lower() in NEXT_WORDS:
            self.t.next()
            self.say("")
        elif step.kind is StepKind.ACT and word:
            reply = self.t.play(word)
            self.say(reply.message)
        else:
            self.say(self.t.play(word).message if word else "Play: " + " or ".join(step.expected))
        record(self.t)
        self.refresh_step()

    def action_leave(self) -> None:
        record(self.t)
        self.exit()
