"""The full-screen game's warning before a first game's first loan, family council or Fraud card played
without its Barrel (the words are the engine's: :func:`inferno.outcome.option_warnings`)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from inferno.i18n import N_, TERMINAL
from inferno.outcome import OptionWarning
from inferno.tui.app.widgets import translate_bindings

_ = TERMINAL.gettext


class WarningScreen(ModalScreen[bool]):
    """What the chosen option does that a newcomer may not expect: play it (y) or pick another (n, Escape)."""

    # i18n: not for players
    DEFAULT_CSS = """
    WarningScreen { align: center middle; }
    WarningScreen > Vertical { width: 76; height: auto; border: thick $warning; padding: 1 2; background: $surface; }
    WarningScreen Button { width: 100%; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("play it")),
        Binding("n,escape", "answer(False)", N_("pick another option")),
    ]

    def __init__(self, option: str, warnings: list[OptionWarning]) -> None:
        super().__init__()
        self.option = option
        self.warnings = warnings

    def compose(self) -> ComposeResult:
        translate_bindings(self)  # the keys' descriptions in the player's language
        body = Text(_("You chose: {option}").format(option=self.option) + "\n")
        for w in self.warnings:
            body.append(f"\n{w.title}\n", style="bold")
            body.append(w.text)
            body.append(f" ({w.rule})\n", style="italic")
        body.append("\n" + _("You are told this once in your first game."), style="dim")
        with Vertical(id="first-warning") as v:
            v.border_title = _("Before you play it")
            yield Static(body)
            yield Button(_("Play it (y)"), id="play", variant="warning")
            yield Button(_("Pick another option (n, Escape)"), id="back", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#back").focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "play")
