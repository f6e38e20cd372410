"""The panels' frame: the compact board (Hell beside Florence) always whole, the rest as tabs on a small
terminal; on a large one the board and the choices side by side above the families (as wide as they
need) and the log (beside them when it has its readable width, else a tab)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, TabbedContent, TabPane

from inferno.tui.app.widgets import Panel

WIDE = (160, 44)  # columns and rows from which the board, choices, families and log show at once
MINIMUM = (80, 24)  # below this a size notice replaces the game
BOARD_ROWS = 11  # the compact board's lines: nine circles, the Walls of Dis and the legend
LEFT = 94  # the wide layout's board column: the board at its widest (each shield's quartiere, entry costs)
TOP = BOARD_ROWS + 2 + 12  # the wide layout's upper rows: the board, and the Graveyard, Dante and the supply
LOG_MIN = 60  # the log's readable width: narrower, it is a tab beside the families
PANELS = ("board", "strip", "families", "hand", "log", "preview")
SMALL_TABS: dict[str, tuple[str, ...]] = {
    "tab-board": ("board",),
    "tab-strip": ("strip",),
    "tab-families": ("families",),
    "tab-hand": ("hand",),
    "tab-log": ("log",),
}
WIDE_TABS: dict[str, tuple[str, ...]] = {"tab-families": ("families",), "tab-hand": ("hand",)}
WIDE_TABS_WITH_LOG: dict[str, tuple[str, ...]] = {**WIDE_TABS, "tab-log": ("log",)}


def tabs_height(height: int) -> int:
    """Rows for the tabs of the small layout: the whole board at least, three fifths of the body at most."""
    return max(BOARD_ROWS + 2, (height - 3) * 3 // 5)


class Body(Widget):
    """The panels, laid out as columns on a large terminal and as tabs on a small one."""

    DEFAULT_CSS = f"""
    Body {{ height: 1fr; }}
    Body #top {{ height: {TOP}; }}
    Body #left {{ width: {LEFT}; }}
    Body #right {{ width: 1fr; }}
    Body #left #board {{ height: auto; max-height: 16; }}
    Body #left #strip {{ height: 1fr; }}
    Body #lower {{ height: 1fr; }}
    Body #lower TabbedContent {{ height: 1fr; width: 1fr; }}
    Body #lower #log {{ width: 1fr; }}
    Body #choices {{ height: 1fr; border: round $primary-darken-2; }}
    Body #choices:focus {{ border: round $accent; }}
    Body #bottom {{ height: 1fr; min-height: 7; }}
    Body #right #preview {{ height: 1fr; }}
    Body TabbedContent {{ height: 13; }}
    Body TabPane {{ padding: 0; height: 1fr; }}
    Body TabPane > Panel {{ border: none; height: 1fr; }}
    Body TabPane > Panel:focus-within {{ border: none; background: $boost; }}
    """

    wide: reactive[bool] = reactive(False, recompose=True)
    families_columns: reactive[int] = reactive(0, recompose=True)  # wide: the families' width, log beside (0: a tab)

    class Rebuilt(Message):
        """The panels were laid out afresh (after a resize across the wide/small threshold)."""

    async def recompose(self) -> None:
        await super().recompose()
        self.post_message(self.Rebuilt())

    def tabs(self) -> dict[str, tuple[str, ...]]:
        """The tabs of the current layout and the panels in each."""
        if not self.wide:
            return SMALL_TABS
        return WIDE_TABS if self.families_columns else WIDE_TABS_WITH_LOG

    def compose(self) -> ComposeResult:
        choices = OptionList(id="choices")
        choices.border_title = "Choices"
        if self.wide:
            with Horizontal(id="top"):
                with Vertical(id="left"):
                    yield Panel("Hell · Florence", id="board")
                    yield Panel("Graveyard · Styx · Dante · supply", id="strip")
                with Vertical(id="right"):
                    yield choices
                    yield Panel("Preview", id="preview")
            with Horizontal(id="lower"):
                with TabbedContent(id="tabs") as tabs:
                    if self.families_columns:
                        tabs.styles.width = self.families_columns
                    with TabPane("Families", id="tab-families"):
                        yield Panel("Families", id="families")
                    with TabPane("Hand", id="tab-hand"):
                        yield Panel("Your hand · Fraud market", id="hand")
                    if not self.families_columns:
                        with TabPane("Log", id="tab-log"):
                            yield Panel("Log", id="log")
                if self.families_columns:
                    yield Panel("Log", id="log")
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
