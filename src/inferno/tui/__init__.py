"""Play Inferno in a terminal: Rich screens, the input loop, help per decision, hot-seat pass screens.

The game itself is asked for everything: what a player sees comes from ``inferno.view``, the options
from ``inferno.legal_actions``, their text from ``inferno.action_text``.
"""

from inferno.tui.loop import TerminalGame
from inferno.tui.reader import ReaderGame
from inferno.tui.session import LogEntry, Seat, SeatError, Session, parse_seat_option

__all__ = ["LogEntry", "ReaderGame", "Seat", "SeatError", "Session", "TerminalGame", "parse_seat_option"]
