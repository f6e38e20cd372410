"""The panels' frame: the compact board (Hell beside Florence) always whole, the rest as tabs on a small
terminal and as columns on a large one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, TabbedContent, TabPane

from inferno.tui.app.widgets import Panel

WIDE = (160, 44)  # columns and rows from which the board, log, choices and families show side by side
MINIMUM = (80, 24)  # below this a size notice replaces the game
BOARD_ROWS = 11  # the compact board's lines: nine circles, the Walls of Dis and the legend
LEFT = 94  # the wide layout's left column: the board at its widest (each shield's quartiere, entry costs)
PANELS = ("board", "strip", "families", "hand", "log", "preview")
SMALL_TABS: dict[str, tuple[str, ...]] = {
    "tab-board": ("board",),
    "tab-strip": ("strip",),
    "tab-families": ("families",),
    "tab-hand": ("hand",),
    "tab-log": ("log",),
}
WIDE_TABS: dict[str, tuple[str, ...]] = {"tab-families": ("families",), "tab-hand": ("hand",)}


def tabs_height(height: int) -> int:
    """Rows for the tabs of the small layout: the whole board at least, three fifths of the body at most."""
    return max(BOARD_ROWS + 2, (height - 3) * 3 // 5)


class Body(Widget):
    """The panels, laid out as columns on a large terminal and as tabs on a small one."""

    DEFAULT_CSS = """
    Body { height: 1fr; }
    Body #left { width: 94; }
    Body #left #log { height: 1fr; }
    Body #right { width: 1fr; }
    Body #left #board { height: auto; max-height: 16; }
    Body #left #strip { height: auto; max-height: 12; }
    Body #choices { height: 1fr; border: round $primary-darken-2; }
    Body #choices:focus { border: round $accent; }
    Body #bottom { height: 1fr; min-height: 7; }
    Body #right #preview { height: 1fr; }
    Body #right TabbedContent { height: 2fr; }
    Body TabbedContent { height: 13; }
    Body TabPane { padding: 0; height: 1fr; }
    Body TabPane > Panel { border: none; height: 1fr; }
    Body TabPane > Panel:focus-within { border: none; background: $boost; }
    """

    wide: reactive[bool] = reactive(False, recompose=True)

    class Rebuilt(Message):
        """The panels were laid out afresh (after a resize across the wide/small threshold)."""

    async def recompose(self) -> None:
        await super().recompose()
        self.post_message(self.Rebuilt())

    def tabs(self) -> dict[str, tuple[str, ...]]:
        """The tabs of the current layout and the panels in each."""
        return WIDE_TABS if self.wide else SMALL_TABS

    def compose(self) -> ComposeResult:
        choices = OptionList(id="choices")
        choices.border_title = "Choices"
        if self.wide:
            with Horizontal():
                with Vertical(id="left"):
                    yield Panel("Hell · Florence", id="board")
                    yield Panel("Graveyard · Styx · Dante · supply", id="strip")
                    yield Panel("Log", id="log")
                with Vertical(id="right"):
                    yield choices
                    yield Panel("Preview", id="preview")
                    with TabbedContent(id="tabs"):
                        with TabPane("Families", id="tab-families"):
                            yield Panel("Families", id="families")
                        with TabPane("Hand", id="tab-hand"):
                            yield Panel("Your hand · Fraud market", id="hand")
        else:
            with TabbedContent(id="tabs"):
                with TabPane("Board", id="tab-board"):
                    yield Panel("Hell · Florence", id="board")
                with TabPane("Dante", id="tab-strip"):
                    yield Panel("Graveyard · Styx · Dante · supply", id="strip")
                with TabPane("Families", id="tab-families"):
                    yield Panel("Families", id="families")
                with TabPane("Hand", id="tab-hand"):
                    yield Panel("Your hand · Fraud market", id="hand")
                with TabPane("Log", id="tab-log"):
                    yield Panel("Log", id="log")
            with Horizontal(id="bottom"):
                yield choices
                yield Panel("Preview", id="preview")
