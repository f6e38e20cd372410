"""The full-screen terminal game (Textual): board, families, hand, log and choices on one screen.

The game is a :class:`~inferno.tui.session.Session` (the same one the line mode drives): it keeps
the state, the bots, the log, undo and the autosave. The app only shows it and reads the player, in
layers: :mod:`.display` (the panels and the choices), :mod:`.pacing` (whose decision comes next; the
bots' moves at ``pace`` seconds each), :mod:`.keys` (keys and typed commands), and here its start and
the clicks on the board.
"""

from __future__ import annotations

import os

from textual import on
from textual.events import Click
from textual.widgets import OptionList

from inferno.i18n import GAME, TERMINAL
from inferno.rules.actions import Act
from inferno.rules.notation import action_text
from inferno.rules.state import State
from inferno.tui.app.body import PANELS, Body
from inferno.tui.app.dialogs import PassScreen, QuitScreen, TextScreen
from inferno.tui.app.display import LOG_SHOWN
from inferno.tui.app.keys import KeyActions
from inferno.tui.app.pacing import PACE
from inferno.tui.app.widgets import CommandInput
from inferno.tui.compact import florence_words, shield_words, spot_at
from inferno.tui.session import Session

_ = TERMINAL.gettext

__all__ = [  # the app, and names its tests and the replay import from here
    "LOG_SHOWN",
    "PACE",
    "Body",
    "CommandInput",
    "InfernoApp",
    "PassScreen",
    "QuitScreen",
    "TextScreen",
    "run_app",
]


class InfernoApp(KeyActions):
    """Plays one :class:`Session` to the end (or until the player quits; the game is always saved)."""

    TITLE = "Inferno"

    def __init__(self, session: Session, pace: float = PACE, mono: bool = False, preview_seed: int = 0) -> None:
        old = os.environ.get("NO_COLOR")
        if mono:
            os.environ["NO_COLOR"] = "1"  # Textual's monochrome mode; symbols and letters still tell sins apart
        try:
            super().__init__()
        finally:
            if mono and old is None:
                os.environ.pop("NO_COLOR", None)
        self.session = session
        self.pace = pace
        self.preview_seed = preview_seed
        humans = session.humans()
        self.shown_to = humans[0] if len(humans) == 1 else -1  # whose screen is showing (hot-seat)
        self.pend = None
        self.previews = {}
        self.index = 0
        self.thinking = False
        self.fast = False
        self.outcome = ""  # "over" or "quit" once the app ends
        self.note = ""
        self.showing = None  # a bot's move on show (its pause not over yet)
        self.paths = []  # the moving Soul's whole descents at this decision
        self.dirty = set(PANELS)

    # --- start and layout --------------------------------------------------------------------

    def on_mount(self) -> None:
        self._fit(self.size.width, self.size.height)
        self.call_after_refresh(self.advance)

    @on(Body.Rebuilt)
    def _after_recompose(self) -> None:
        self.dirty.update(PANELS)
        self.fill_choices(keep=True)
        self.refresh_all()
        if self.pend is not None and not self.query_one(CommandInput).value:
            self.query_one("#choices").focus()

    # --- clicks on the board -----------------------------------------------------------------

    @on(Click, "#board-body")
    def _board_clicked(self, event: Click) -> None:
        """A click on a highlighted shield or location plays the one option that targets it; with several it
        highlights them; elsewhere it says what is there."""
        p = self.panel("board")
        off = event.get_content_offset(p.body) if p is not None else None
        if p is None or off is None:
            return
        s = self.shown_state()
        spot = spot_at(s, p.content_width(), off.y, off.x)
        if spot is None:
            return
        kind, where = spot
        if kind == "shield":
            self.shield_clicked(s, where)
        else:
            self.location_clicked(s, where)

    def options_on(self, kinds: tuple[Act, ...], where: int) -> list[int]:
        """The pending options (0-based) whose target is shield or location ``where``."""
        if self.pend is None:
            return []
        return [
            i
            for i, a in enumerate(self.pend.actions)
            if (a.kind in kinds and a.a == where) or (a.kind == Act.GMOVE and Act.GMOVE in kinds and a.b == where)
        ]

    def shield_clicked(self, s: State, t: int) -> None:
        found = self.options_on((Act.MOVE, Act.STEP, Act.TARGET, Act.BELL, Act.GMOVE), t)
        paths = [x for x in self.paths if x.shield == s.board.labels[t]]
        if len(found) == 1 and self.pend is not None:
            self.play(self.pend.actions[found[0]])
        elif not found and len(paths) == 1:
            self.play_path(paths[0])
        elif found or paths:
            self.offer(found, [x.words() for x in paths])
        else:
            self.say(shield_words(s, t))

    def location_clicked(self, s: State, loc: int) -> None:
        found = self.options_on((Act.SEND, Act.ACCUSE), loc)
        if len(found) == 1 and self.pend is not None:
            self.play(self.pend.actions[found[0]])
        elif found:
            self.offer(found, [])
        else:
            name = s.rules.locations[loc].name
            shown_name = GAME.gettext(name)
            here = next(x for x in florence_words(s) if x.startswith(shown_name + ","))
            self.say(
                _("{place} Type 'explain {name}' for what it does and costs.").format(place=here, name=name.lower())
            )

    def offer(self, found: list[int], paths: list[str]) -> None:
        """Several options fit a click: highlight the first and name them all."""
        if self.pend is None:
            return
        s = self.session.state
        if found:
            self.query_one("#choices", OptionList).highlighted = found[0]
        named = [f"{i + 1}. {action_text(s, self.pend.actions[i])}" for i in found] + paths
        self.say(_("Several options go there: {options}. Choose one.").format(options="; ".join(named)))


def run_app(session: Session, pace: float = PACE, mono: bool = False) -> str:
    """Run the full-screen game; returns "over" or "quit" (the game is saved either way)."""
    app = InfernoApp(session, pace=pace, mono=mono)
    app.run()
    return app.outcome or "quit"
