"""Small text pieces for the screen: a sin's symbol and colour, effects and cards in words.

Every name, colour and glyph comes from the rules data (``state.rules``); nothing here knows a rule.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from inferno.rules.model import Effect, EffectType, Endgame, EndgameType, Rules, Stop, StopKind
from inferno.rules.state import State

SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow")


def sin_style(rules: Rules, circle: int, lying: bool = False) -> Style:
    c = rules.circles[circle - 1]
    return Style(color=c.hex, bold=not lying, dim=lying)


def sin_mark(rules: Rules, circle: int, lying: bool = False) -> Text:
    """A sin as glyph + letter in its colour, e.g. ``♣G``; lying Souls use a lower-case letter."""
    c = rules.circles[circle - 1]
    letter = c.letter.lower() if lying else c.letter
    return Text(f"{c.glyph}{letter}", style=sin_style(rules, circle, lying))


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


def _group_words(rules: Rules, group: str) -> str:
    tracks = rules.upper_tracks if group == "U" else rules.lower_tracks if group == "L" else tuple(range(2, 10))
    if group == "U":
        return f"one of the first {len(tracks)} tracks"
    if group == "L":
        return f"one of the last {len(tracks)} tracks"
    return "any track"


def effect_words(rules: Rules, e: Effect) -> str:
    """An instant effect (bonus tile or Fraud card left half) in words."""
    t = e.type
    if t is EffectType.ADVANCE:
        if e.track:
            c = rules.circles[e.track - 1]
            return f"advance {c.glyph}{c.letter} {c.sin}"
        return f"advance on {_group_words(rules, e.group)}"
    if t is EffectType.FLORINS:
        return f"+{e.amount} Florins"
    if t is EffectType.DRACHMAS:
        return f"+{e.amount} Drachmas"
    if t is EffectType.TOWER_HOME:
        return f"{max(e.amount, 1)} family member Tower→Home"
    if t is EffectType.SAFE_PASSAGE:
        return "place a safe passage"
    if t is EffectType.STYX:
        return f"River Styx (up to {e.amount} Soul{'s' if e.amount != 1 else ''})"
    if t is EffectType.FRAUD:
        return "play a Fraud card" + (f" paying {e.amount}" if e.amount else "")
    if t is EffectType.GUARDIAN:
        return "move a Guardian" + (f" paying {e.amount}" if e.amount else " (free)")
    return f"+{max(e.amount, 1)} on a Phlegethon cube"


def endgame_words(rules: Rules, e: Endgame) -> str:
    """An end-game effect (Fraud card right half) in words."""
    t = e.type
    if t is EndgameType.PER_GUEST:
        return f"{e.amount} per Guest"
    if t is EndgameType.PER_FLOOR:
        return f"{e.amount} per tower floor built"
    if t is EndgameType.PER_DIPLOMA_GROUP:
        return f"{e.amount} per Diploma on {_group_words(rules, e.group)}"
    if t is EndgameType.PER_FLORINS:
        return f"{e.amount} per {e.per} Florins"
    if t is EndgameType.PER_FULL_CIRCLE:
        return f"{e.amount} per full circle"
    return f"{e.amount} per Urchin"


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
