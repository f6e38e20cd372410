"""The event log: what happened, to whom, and which rule applied."""

from __future__ import annotations

from typing import Final, NamedTuple

from inferno.rules.state import State


class Event(NamedTuple):
    """One thing that happened. ``points`` is the Infamy change it caused (0 if none)."""

    kind: str
    player: int
    text: str
    rule: str
    points: int = 0
    source: str = ""


SETUP = "setup"


def article(word: str) -> str:
    """``word`` with its indefinite article: "a Noble", "an urchin"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def count(n: int, word: str) -> str:
    """``n`` and ``word`` in the right number: "1 Florin", "2 Florins"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def setup_text(players: int, side: str) -> str:
    """The setup event's text. It never names the seed, which decides every hidden card: the seed
    is in the full state's config, never in the log that views share."""
    return f"{players}-player game on side {side}"


# Event(...) runs the named tuple's own ``__new__``, a Python function even in the compiled engine; the log
# builds its events with tuple's, which makes the same value for a third of the cost.
_new_tuple: Final = tuple.__new__


def emit(s: State, kind: str, player: int, text: str, rule: str, points: int = 0, source: str = "") -> None:
    """Append an event to the state's log (skipped when the state does not record events)."""
    if s.record_events:
        s.events = (_new_tuple(Event, (kind, player, text, rule, points, source)), s.events)


def gain_infamy(s: State, p: int, amount: int, source: str, text: str, rule: str) -> None:
    """Change player ``p``'s Infamy and log it with its source."""
    s.own_player(p).infamy += amount
    if s.record_events:
        s.events = (_new_tuple(Event, ("score", p, text, rule, amount, source)), s.events)
