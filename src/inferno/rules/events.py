"""The event log: what happened, to whom, and which rule applied."""

from __future__ import annotations

from typing import Any, Final, NamedTuple

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


# The log keeps each event as a plain tuple of Event's fields, in Event's order: building the named tuple
# itself (``tuple.__new__(Event, ...)``, a type call that allocates through the generic path) costs several
# times a plain tuple, on each of the two or so events of every logged action. Readers get Events: the
# functions below (and ``inferno.events``) make them when the log is read.
_new_tuple: Final = tuple.__new__


def as_event(item: tuple[Any, ...]) -> Event:
    """The Event a node of ``State.events`` holds (the node's item: a plain tuple of its fields, or an Event)."""
    return item if type(item) is Event else _new_tuple(Event, item)


def events_since(node: tuple[Any, ...] | None, stop: tuple[Any, ...] | None = None) -> list[Event]:
    """The Events of the log from ``node`` (a state's ``events``) back to ``stop`` (an earlier head of the
    same log, not included; None: to the start), oldest first."""
    out = []
    while node is not None and node is not stop:
        out.append(as_event(node[0]))
        node = node[1]
    out.reverse()
    return out


def emit(s: State, kind: str, player: int, text: str, rule: str, points: int = 0, source: str = "") -> None:
    """Append an event to the state's log (skipped when the state does not record events)."""
    if s.record_events:
        s.events = ((kind, player, text, rule, points, source), s.events)


def gain_infamy(s: State, p: int, amount: int, source: str, text: str, rule: str) -> None:
    """Change player ``p``'s Infamy and log it with its source."""
    s.own_player(p).infamy += amount
    if s.record_events:
        s.events = (("score", p, text, rule, amount, source), s.events)
