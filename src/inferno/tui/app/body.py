"""The panels' frame: every panel of the game, as columns on a large terminal and as tabs on a small one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, TabbedContent, TabPane

from inferno.tui.app.widgets import Panel

WIDE = (160, 44)  # columns and rows from which every panel is shown at once
PANELS = ("hell", "strip", "florence", "families", "hand", "log", "preview")
TAB_PANELS = {
    "tab-hell": ("hell",),
    "tab-strip": ("strip",),
    "tab-florence": ("florence",),
    "tab-families": ("families",),
    "tab-hand": ("hand",),
    "tab-log": ("log",),
}


class Body(Widget):
    """The panels, laid out as columns on a large terminal and as tabs on a small one."""

    DEFAULT_CSS = """
    Body { height: 1fr; }
    Body #left { width: 74; }
    Body #middle { width: 1fr; }
    Body #right { width: 60; }
    Body #strip { height: auto; max-height: 9; }
    Body #choices { height: 1fr; border: round $primary-darken-2; }
    Body #choices:focus { border: round $accent; }
    Body #bottom { height: 10; }
    Body TabbedContent { height: 1fr; }
    Body TabPane { padding: 0; height: 1fr; }
    """

    wide: reactive[bool] = reactive(False, recompose=True)

    class Rebuilt(Message):
        """The panels were laid out afresh (after a resize across the wide/small threshold)."""

    async def recompose(self) -> None:
        await super().recompose()
        self.post_message(self.Rebuilt())

    def compose(self) -> ComposeResult:
        choices = OptionList(id="choices")
        choices.border_title = "Choices"
        if self.wide:
            with Horizontal():
                with Vertical(id="left"):
                    yield Panel("Hell", id="hell")
                    yield Panel("Graveyard · Styx · Dante", id="strip")
                    yield Panel("Florence", id="florence")
                with Vertical(id="middle"):
                    yield Panel("Families", id="families")
                    yield Panel("Your hand · Fraud market", id="hand")
                with Vertical(id="right"):
                    yield choices
                    yield Panel("Preview", id="preview")
                    yield Panel("Log", id="log")
        else:
            with TabbedContent(id="tabs"):
                with TabPane("Hell", id="tab-hell"):
                    yield Panel("Hell", id="hell")
                with TabPane("Dante", id="tab-strip"):
                    yield Panel("Graveyard · Styx · Dante", id="strip")
                with TabPane("Florence", id="tab-florence"):
                    yield Panel("Florence", id="florence")
                with TabPane("Families", id="tab-families"):
                    yield Panel("Families", id="families")
                with TabPane("Hand", id="tab-hand"):
                    yield Panel("Your hand · Fraud market", id="hand")
                with TabPane("Log", id="tab-log"):
                    yield Panel("Log", id="log")
            with Horizontal(id="bottom"):
                yield choices
                yield Panel("Preview", id="preview")
