"""The end of a full-screen game: its story at once (who won and by what, the Infamy by source, the six
steps of final scoring explained, for solo the rank ladder), the seed and the save; r reviews the game."""

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

from inferno.i18n import N_, TERMINAL
from inferno.rules.state import State
from inferno.tui.app.widgets import translate_bindings
from inferno.tui.story_text import story_renderable, terminal_story

REVIEW = "review"  # the screen's answer when the player asks for the review

_ = TERMINAL.gettext


class EndScreen(ModalScreen[str | None]):
    """Game over: the story and the seed; r (or the Review button) reviews the game; Enter, q or Escape
    quits."""

    # i18n: not for players
    DEFAULT_CSS = """
    EndScreen { align: center middle; }
    EndScreen > Vertical { width: 100%; max-width: 140; height: 100%; border: thick $accent; background: $surface; }
    EndScreen VerticalScroll { height: 1fr; }
    EndScreen #end-body { width: auto; }
    EndScreen Horizontal { height: 3; }
    EndScreen Button { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "review", N_("review")),
        Binding("escape,q,enter", "close", N_("quit")),
    ]

    def __init__(self, s: State, labels: Sequence[str], save_path: Path | None, width: int = 80) -> None:
        super().__init__()
        self.state = s
        self.labels = list(labels)
        self.save_path = save_path
        self.width = width

    def body(self) -> Group:
        parts = [story_renderable(terminal_story(self.state, self.labels), self.width)]
        if self.state.config.seed is not None:
            parts.append(Text(_("Seed {seed}.").format(seed=self.state.config.seed)))
        if self.save_path is not None:
            parts.append(Text(_("The game record is saved in {path}").format(path=self.save_path)))
        return Group(*parts)

    def compose(self) -> ComposeResult:
        translate_bindings(self)  # the keys' descriptions in the player's language
        with Vertical() as v:
            v.border_title = _("Game over")
            with VerticalScroll(id="end-page"):
                yield Static(self.body(), id="end-body")
            with Horizontal():
                yield Button(_("Review this game (r)"), id="review")
                yield Button(_("Quit (Enter)"), id="close", variant="primary")

    def on_mount(self) -> None:
        if self.app.size.width != self.width:  # the six steps' titles need a wide screen
            self.width = self.app.size.width
            for body in self.query("#end-body").results(Static):  # (none if the screen is already going)
                body.update(self.body())

    def action_review(self) -> None:
        self.dismiss(REVIEW)

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#close")
    def _close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#review")
    def _review(self) -> None:
        self.action_review()
