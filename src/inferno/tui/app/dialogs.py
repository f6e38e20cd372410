"""The full-screen game's dialogs: a scrollable page (help, glossary, hint), the hot-seat cover and the
question Ctrl+C asks."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from inferno.i18n import N_, TERMINAL
from inferno.tui.app.widgets import translate_bindings
from inferno.tui.text import player_text

_ = TERMINAL.gettext


class TextScreen(ModalScreen[None]):
    """A scrollable page over the game (help, glossary); Escape, Enter, q or the button closes it."""

    # i18n: not for players
    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > Vertical { width: 95%; height: 90%; border: thick $accent; background: $surface; }
    TextScreen VerticalScroll { height: 1fr; }
    TextScreen Button { width: 100%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,enter", "close", N_("close"))]

    def __init__(self, title: str, body: RenderableType, button: str | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.button = _("Close") if button is None else button

    def compose(self) -> ComposeResult:
        translate_bindings(self)  # the keys' descriptions in the player's language
        with Vertical() as v:
            v.border_title = self.title_text
            with VerticalScroll(id="page"):
                yield Static(self.body)
            yield Button(self.button, id="close", variant="primary")

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#close")
    def _pressed(self) -> None:
        self.dismiss(None)


class PassScreen(ModalScreen[None]):
    """Hot-seat: the screen is covered until the next player is at the device."""

    # i18n: not for players
    DEFAULT_CSS = """
    PassScreen { align: center middle; background: $background; }
    PassScreen > Vertical { width: 60; height: auto; border: thick $accent; padding: 1 2; }
    PassScreen Button { width: 100%; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "ready", N_("ready"))]

    def __init__(self, player: int, label: str) -> None:
        super().__init__()
        self.player = player
        self.label = label

    def compose(self) -> ComposeResult:
        translate_bindings(self)  # the keys' descriptions in the player's language
        msg = player_text(self.player, " " + _("{name}: your decision.").format(name=self.label) + "\n")
        who = player_text(self.player).plain
        msg.append(_("Pass the device to {player}; press Enter when only that player can see it.").format(player=who))
        with Vertical():
            yield Static(msg)
            yield Button(_("I am {player}: show my screen").format(player=who), id="ready", variant="primary")

    def action_ready(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#ready")
    def _pressed(self) -> None:
        self.dismiss(None)


class QuitScreen(ModalScreen[bool]):
    """Ctrl+C: save and quit, or keep playing."""

    # i18n: not for players
    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    QuitScreen > Vertical { width: 60; height: auto; border: thick $accent; padding: 1 2; background: $surface; }
    QuitScreen Button { width: 100%; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", N_("save and quit")),
        Binding("n,escape", "answer(False)", N_("keep playing")),
    ]

    def compose(self) -> ComposeResult:
        translate_bindings(self)  # the keys' descriptions in the player's language
        with Vertical():
            yield Static(_("Save the game and quit? You can resume it later with inferno play --resume."))
            yield Button(_("Save and quit (y, Enter)"), id="yes", variant="primary")
            yield Button(_("Keep playing (n, Escape)"), id="no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")
