"""What the full-screen game and the full-screen replay share: the panels' layout (columns on a
large terminal, tabs on a small one), the message and command lines, the status line, and tabs."""

from __future__ import annotations

from typing import TypeVar

from textual.app import App, ComposeResult
from textual.events import Resize
from textual.widgets import Static, TabbedContent

from inferno.tui.app.body import PANELS, TAB_PANELS, WIDE, Body
from inferno.tui.app.widgets import CommandInput, StatusLine

ReturnT = TypeVar("ReturnT")


class BoardApp(App[ReturnT]):
    """An app showing one game's panels; subclasses fill them (``refresh_all``)."""

    CSS = """
    Screen { layout: vertical; }
    #message { height: 1; padding: 0 1; }
    #command { height: 1; border: none; padding: 0 1; }
    #command:focus { border: none; background: $boost; }
    """

    def compose(self) -> ComposeResult:
        yield Body(id="body")
        yield Static("", id="message")
        yield CommandInput(id="command")
        yield StatusLine("", id="status")

    def refresh_all(self) -> None:
        """Redraw the panels on screen (after a resize or a change of tab)."""

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size.width, event.size.height)
        self.call_after_refresh(self.refresh_all)  # panels are laid out at their new widths

    def _fit(self, width: int, height: int) -> None:
        body = self.query_one(Body)
        wide = width >= WIDE[0] and height >= WIDE[1]
        if body.wide != wide:
            body.wide = wide

    def visible_panels(self) -> set[str]:
        """The panels on screen: all of them in the wide layout, else those of the active tab."""
        found = self.query(TabbedContent)
        if not found:
            return set(PANELS)
        return {"preview", *TAB_PANELS.get(found.first().active, ())}

    def goto_tab(self, tab: str) -> None:
        found = self.query(TabbedContent)
        if found:
            found.first().active = tab

    def action_next_tab(self) -> None:
        found = self.query(TabbedContent)
        if not found:
            return
        tabs = found.first()
        ids = list(TAB_PANELS)
        at = ids.index(tabs.active) if tabs.active in ids else -1
        tabs.active = ids[(at + 1) % len(ids)]
