"""Small text pieces for the screen: a sin's symbol and colour, quartieri, Dante's stops in words.

Every name, colour and glyph comes from the rules data (``state.rules``); nothing here knows a rule.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from inferno.help import effect_words
from inferno.records.log import event_line
from inferno.rules.events import Event
from inferno.rules.model import Rules, Stop, StopKind
from inferno.rules.state import State

SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue")


def sin_style(rules: Rules, circle: int, lying: bool = False) -> Style:
    c = rules.circles[circle - 1]
    return Style(color=c.hex, bold=not lying, dim=lying)


def sin_mark(rules: Rules, circle: int, lying: bool = False) -> Text:
    """A sin as glyph + letter in its colour, e.g. ``♣G``; lying Souls use a lower-case letter."""
    c = rules.circles[circle - 1]
    letter = c.letter.lower() if lying else c.letter
    return Text(f"{c.glyph}{letter}", style=sin_style(rules, circle, lying))


def sins_legend(rules: Rules) -> Text:
    """``Sins: ♣G Gluttony (green)  …``: every sin's mark, name and colour, as the boards' legends open."""
    out = Text("Sins: ", style="bold")
    for c in range(1, 10):
        out.append_text(sin_mark(rules, c))
        out.append(f" {rules.circles[c - 1].sin} ({rules.circles[c - 1].colour})  ")
    return out


def sin_name(rules: Rules, circle: int) -> Text:
    """``♣G Gluttony`` in the sin's colour."""
    c = rules.circles[circle - 1]
    return Text(f"{c.glyph}{c.letter} {c.sin}", style=sin_style(rules, circle))


def player_label(p: int) -> str:
    return f"Player {p + 1}" if p >= 0 else "Game"


def player_text(p: int, suffix: str = "") -> Text:
    style = SEAT_STYLES[p % len(SEAT_STYLES)] if p >= 0 else "bold"
    return Text(player_label(p) + suffix, style=style)


def quartiere_mark(rules: Rules, q: int) -> str:
    """A quartiere's one-letter symbol mark from its symbol name (keys -> K)."""
    return rules.quartiere_symbols[q][:1].upper()


def stop_text(rules: Rules, stop: Stop) -> Text:
    """A stop on Dante's path: F (Fraud card), P (pagan Soul + Guardian), D + sin (Diploma), END."""
    if stop.kind is StopKind.DIPLOMA:
        return Text("D", style="bold") + sin_mark(rules, stop.circle)
    if stop.kind is StopKind.END:
        return Text("END", style="bold red") + sin_mark(rules, stop.circle)
    return Text(stop.kind.value, style="bold")


def stop_words(s: State, stop: Stop) -> str:
    if stop.kind is StopKind.FRAUD:
        return "play a Fraud card"
    if stop.kind is StopKind.PAGAN:
        return "a pagan Soul enters the Graveyard; you may move a Guardian"
    name = s.rules.circles[stop.circle - 1].sin
    if stop.kind is StopKind.DIPLOMA:
        return f"{name} Diploma to the track leaders"
    return f"+{s.rules.final_stop_infamy} Infamy, {name} Diploma, last round"


def event_words(rules: Rules, e: Event, rival: str | None = None) -> str:
    """An event as a log line for players: a bonus tile is named by what it does, not by its data id.

    ``rival``: the solo game's Rival's name (its events are those of player index 1).
    """
    line = event_line(e, rival)
    if e.kind == "bonus":
        for tile in rules.bonus_tiles:
            line = line.replace(f"bonus {tile.id}", f"bonus ({effect_words(rules, tile.effect)})")
    return line
