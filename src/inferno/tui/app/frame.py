"""What the full-screen game and the full-screen replay share: the panels' layout (columns on a
large terminal, tabs on a small one), the message and command lines, the status line, the tabs,
the keys that reach every scrolling region, and the notice shown when the terminal is too small."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import Static, TabbedContent

from inferno.i18n import N_, TERMINAL
from inferno.tui.app.body import LOG_MIN, MINIMUM, PANELS, WIDE, Body, tabs_height
from inferno.tui.app.widgets import CommandInput, MessageLine, Panel, StatusLine, translate_bindings

ReturnT = TypeVar("ReturnT")
_ = TERMINAL.gettext


def size_notice(width: int, height: int) -> str:
    return _(
        "The terminal is {width}×{height}; Inferno needs at least {min_width}×{min_height}.\n"
        "Make the window larger (or the font smaller): the game is waiting, nothing is lost.\n"
        "Ctrl+Q saves and quits."
    ).format(width=width, height=height, min_width=MINIMUM[0], min_height=MINIMUM[1])


class BoardApp(App[ReturnT]):
    """An app showing one game's panels; subclasses fill them (``refresh_all``)."""

    # i18n: not for players
    CSS = """
    Screen { layout: vertical; }
    #command { height: 1; border: none; padding: 0 1; }
    #command:focus { border: none; background: $boost; }
    #size-notice { display: none; height: 1fr; content-align: center middle; text-style: bold; padding: 1 2; }
    Screen.too-small #size-notice { display: block; }
    Screen.too-small #body, Screen.too-small #message, Screen.too-small #command,
    Screen.too-small #status { display: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f7", "next_region", N_("next scrolling region"), show=False),
        Binding("shift+f7", "next_region(-1)", N_("previous scrolling region"), show=False),
    ]

    def compose(self) -> ComposeResult:
        translate_bindings(self)  # the keys' descriptions in the player's language
        yield Body(id="body")
        yield Static("", id="size-notice")
        yield MessageLine("", id="message")
        yield CommandInput(id="command")
        yield StatusLine("", id="status")

    def refresh_all(self) -> None:
        """Redraw the panels on screen (after a resize or a change of tab)."""

    def body(self) -> Body | None:
        """The panels' frame (none while the app is closing)."""
        found = self.screen_stack[0].query(Body) if self.screen_stack else None
        return found.first() if found else None

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size.width, event.size.height)
        self.call_after_refresh(self.refresh_all)  # panels are laid out at their new widths

    def _fit(self, width: int, height: int) -> None:
        """Choose the layout for a terminal of this size (or the size notice below the minimum)."""
        small = width < MINIMUM[0] or height < MINIMUM[1]
        self.screen_stack[0].set_class(small, "too-small")
        if small:
            self.query_one("#size-notice", Static).update(size_notice(width, height))
            return
        body = self.body()
        if body is None:
            return
        wide = width >= WIDE[0] and height >= WIDE[1]
        # The families with the log beside them at its readable width (else in a tab): at their roomier width
        # if it leaves the log room, else at their least; with their scrollbar and a spare column.
        fits = [n + 2 for n in self.families_columns() if width - n - 2 >= LOG_MIN]
        columns = fits[0] if wide and fits else 0
        if body.wide != wide or body.families_columns != columns:
            body.set_reactive(Body.families_columns, columns)
            body.set_reactive(Body.wide, wide)
            body.refresh(recompose=True)
        if not wide:
            for tabs in self.query(TabbedContent):
                tabs.styles.height = tabs_height(height)

    def families_columns(self) -> tuple[int, ...]:
        """The columns the families take side by side with nothing wrapped, roomiest first (subclasses)."""
        return ()

    def laid_out(self, panel: Panel) -> bool:
        """Whether ``panel`` has its width yet (if not, it is drawn when it gets one: ``Panel.Sized``)."""
        return panel.scrollable_content_region.width > 0

    @on(Panel.Sized)
    def _panel_sized(self, event: Panel.Sized) -> None:
        stack = self.screen_stack
        if not event.panel.is_attached or not stack or not stack[0].query(StatusLine):
            return  # the app is closing: its widgets are being taken down
        self.redraw_panel(event.panel)

    def redraw_panel(self, panel: Panel) -> None:
        """Draw one panel afresh at its new size (subclasses)."""

    def visible_panels(self) -> set[str]:
        """The panels on screen: the active tab's and those outside the tabs."""
        body = self.body()
        if body is None:  # the app is closing
            return set()
        tabs = body.tabs()
        found = self.query(TabbedContent)
        active = found.first().active if found else ""
        in_tabs = {p for names in tabs.values() for p in names}
        return (set(PANELS) - in_tabs) | set(tabs.get(active, ()))

    def goto_tab(self, tab: str) -> None:
        found = self.query(TabbedContent)
        body = self.body()
        if found and body is not None and tab in body.tabs():
            found.first().active = tab

    def action_next_tab(self) -> None:
        found = self.query(TabbedContent)
        if not found:
            return
        tabs = found.first()
        body = self.body()
        ids = list(body.tabs()) if body is not None else []
        if not ids:
            return
        at = ids.index(tabs.active) if tabs.active in ids else -1
        tabs.active = ids[(at + 1) % len(ids)]

    def regions(self) -> list[Widget]:
        """Every region that scrolls and is on screen, in reading order, then the choices."""
        out: list[Widget] = [p for p in self.query(Panel) if p.display and p.region.height > 0]
        out.sort(key=lambda w: (w.region.x // 40, w.region.y))
        out += [w for w in self.query("#choices") if w.region.height > 0]
        return out

    def action_next_region(self, step: int = 1) -> None:
        """Focus the next scrolling region (F7): ↑/↓, PgUp/PgDn, Home/End and ←/→ then scroll it."""
        regions = self.regions()
        if not regions:
            return
        focused = self.focused
        at = next((i for i, w in enumerate(regions) if focused is not None and w in focused.ancestors_with_self), -1)
        target = regions[(at + step) % len(regions)]
        target.focus()
        title = target.border_title or _("the choices")

        self.notify_region(str(title))

    def notify_region(self, title: str) -> None:
        """Say which region has the keys now (subclasses show it on the message line)."""
