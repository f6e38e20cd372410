"""Small text pieces for the screen: a sin's symbol and colour, quartieri, Dante's stops in words.

Every name, colour and glyph comes from the rules data (``state.rules``); nothing here knows a rule.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from inferno.help import effect_words
from inferno.i18n import GAME, N_, TERMINAL
from inferno.records.log import event_line
from inferno.rules.events import Event
from inferno.rules.model import Rules, Stop, StopKind
from inferno.rules.state import State

SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue")  # i18n: not for players

_ = TERMINAL.gettext
ngettext = TERMINAL.ngettext
pgettext = TERMINAL.pgettext


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
    out = Text(_("Sins:") + " ", style="bold")
    for c in range(1, 10):
        out.append_text(sin_mark(rules, c))
        circle = rules.circles[c - 1]
        out.append(f" {GAME.gettext(circle.sin)} ({GAME.gettext(circle.colour)})  ")
    return out


def sin_name(rules: Rules, circle: int) -> Text:
    """``♣G Gluttony`` in the sin's colour."""
    c = rules.circles[circle - 1]
    return Text(f"{c.glyph}{c.letter} {GAME.gettext(c.sin)}", style=sin_style(rules, circle))


def player_label(p: int) -> str:
    return _("Player {n}").format(n=p + 1) if p >= 0 else _("Game")


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
        return Text("END", style="bold red") + sin_mark(rules, stop.circle)  # i18n: not for players (a symbol)
    return Text(stop.kind.value, style="bold")


def stop_words(s: State, stop: Stop) -> str:
    if stop.kind is StopKind.FRAUD:
        return _("play a Fraud card")
    if stop.kind is StopKind.PAGAN:
        return _("a pagan Soul enters the Graveyard; you may move a Guardian")
    name = GAME.gettext(s.rules.circles[stop.circle - 1].sin)
    if stop.kind is StopKind.DIPLOMA:
        return _("{sin} Diploma to the track leaders").format(sin=name)
    return _("+{n} Infamy, {sin} Diploma, last round").format(n=s.rules.final_stop_infamy, sin=name)


def event_words(rules: Rules, e: Event, rival: str | None = None) -> str:
    """An event as a log line for players: a bonus tile is named by what it does, not by its data id.

    ``rival``: the solo game's Rival's name (its events are those of player index 1).
    """
    line = event_line(e, rival)
    if e.kind == "bonus":
        for tile in rules.bonus_tiles:
            # i18n: not for players (the log line's own words, from the log catalog)
            line = line.replace(f"bonus {tile.id}", f"bonus ({effect_words(rules, tile.effect)})")

    return line


# The solo levels, as players read them: "solo level|ID" (the context keeps these short words apart from any
# other "easy" or "hard"; a translation may leave the context out).
LEVEL_NAMES = (N_("solo level|easy"), N_("solo level|medium"), N_("solo level|hard"))


def level_word(level: str) -> str:
    """A solo level's name in the player's language (an unknown id as it is)."""
    for name in LEVEL_NAMES:
        if name.rpartition("|")[2] == level:
            return _(name).rpartition("|")[2]
    return level


def members_word(kind: int, n: int) -> str:
    """``2 noble``: a count of one kind of family member (:data:`MEMBER_KINDS` order)."""
    if kind == 0:
        return ngettext("{n} noble", "{n} noble", n).format(n=n)
    return ngettext("{n} urchin", "{n} urchin", n).format(n=n)


def entry_words(noble_florins: int, urchin_free: bool, urchin_only: bool) -> str:
    """A location's entry cost in short: ``Noble 2F, Urchin free``, ``Urchins only`` or ``free``."""
    if urchin_only:
        return _("Urchins only")
    if noble_florins and urchin_free:
        return _("Noble {n}F, Urchin free").format(n=noble_florins)
    if noble_florins:
        return _("Noble {n}F").format(n=noble_florins)
    return _("free")


def member_initials() -> tuple[str, str]:
    """The one-letter marks of a Noble and an Urchin (the compact board, the Tower)."""
    return pgettext("initial of Noble", "N"), pgettext("initial of Urchin", "U")
