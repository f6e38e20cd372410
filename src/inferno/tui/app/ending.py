"""The end of a full-screen game: the totals first (they fit 80 columns), the seed, and the final
scoring step by step on request."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from inferno.rules.state import State
from inferno.tui.screen import end_summary, scoring_table


class EndScreen(ModalScreen[None]):
    """Game over: the totals and the seed; b shows (or hides) the breakdown; Enter, q or Escape quits."""

    DEFAULT_CSS = """
    EndScreen { align: center middle; }
    EndScreen > Vertical { width: 100%; max-width: 120; height: 100%; border: thick $accent; background: $surface; }
    EndScreen VerticalScroll { height: 1fr; }
    EndScreen #end-body { width: auto; }
    EndScreen Horizontal { height: 3; }
    EndScreen Button { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "breakdown", "breakdown"),
        Binding("escape,q,enter", "close", "quit"),
    ]

    def __init__(self, s: State, labels: Sequence[str], save_path: Path | None) -> None:
        super().__init__()
        self.state = s
        self.labels = list(labels)
        self.save_path = save_path
        self.detailed = False

    def body(self) -> Group:
        parts = [end_summary(self.state, self.labels)]
        if self.detailed:
            parts.append(scoring_table(self.state, self.labels))
        if self.save_path is not None:
            parts.append(Text(f"The game record is saved in {self.save_path}"))
        return Group(*parts)

    def compose(self) -> ComposeResult:
        with Vertical() as v:
            v.border_title = "Game over"
            with VerticalScroll(id="end-page"):
                yield Static(self.body(), id="end-body")
            with Horizontal():
                yield Button("Breakdown (b)", id="breakdown")
                yield Button("Quit (Enter)", id="close", variant="primary")

    def action_breakdown(self) -> None:
        self.detailed = not self.detailed
        self.query_one("#end-body", Static).update(self.body())
        self.query_one("#breakdown", Button).label = "Totals only (b)" if self.detailed else "Breakdown (b)"

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#close")
    def _close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#breakdown")
    def _breakdown(self) -> None:
        self.action_breakdown()
