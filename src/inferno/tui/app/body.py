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

from inferno.i18n import TERMINAL
from inferno.tui.app.widgets import Panel

_ = TERMINAL.gettext

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

    # i18n: not for players
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
        choices.border_title = _("Choices")
        board, strip = _("Hell · Florence"), _("Graveyard · Styx · Dante · supply")
        families, hand, log = _("Families"), _("Hand"), _("Log")
        hand_title = _("Your hand · Fraud market")
        if self.wide:
            with Horizontal(id="top"):
                with Vertical(id="left"):
                    yield Panel(board, id="board")
                    yield Panel(strip, id="strip")
                with Vertical(id="right"):
                    yield choices
                    yield Panel(_("Preview"), id="preview")
            with Horizontal(id="lower"):
                with TabbedContent(id="tabs") as tabs:
                    if self.families_columns:
                        tabs.styles.width = self.families_columns
                    with TabPane(families, id="tab-families"):
                        yield Panel(families, id="families")
                    with TabPane(hand, id="tab-hand"):
                        yield Panel(hand_title, id="hand")
                    if not self.families_columns:
                        with TabPane(log, id="tab-log"):
                            yield Panel(log, id="log")
                if self.families_columns:
                    yield Panel(log, id="log")
        else:
            with TabbedContent(id="tabs"):
                with TabPane(_("Board"), id="tab-board"):
                    yield Panel(board, id="board")
                with TabPane(_("Dante"), id="tab-strip"):
                    yield Panel(strip, id="strip")
                with TabPane(families, id="tab-families"):
                    yield Panel(families, id="families")
                with TabPane(hand, id="tab-hand"):
                    yield Panel(hand_title, id="hand")
                with TabPane(log, id="tab-log"):
                    yield Panel(log, id="log")
            with Horizontal(id="bottom"):
                yield choices
                yield Panel(_("Preview"), id="preview")
