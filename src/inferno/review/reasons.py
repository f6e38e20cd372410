"""One-line reasons in the game's words: what the better move does that the move played does not.

Both moves are applied to the same random deal of the hidden cards (consistent with the deciding
player's view), and each line is played on to the end of that player's part of the turn by a
one-step greedy choice. The reason compares the engine's own events and the player's Infamy, money,
Skulls and filled shields at that point.
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from inferno.bots.greedy import margin
from inferno.i18n import ENGLISH, GAME, N_, REVIEW, language
from inferno.records.log import events
from inferno.rules.actions import Action
from inferno.rules.engine import apply, determinize, legal_actions, to_move
from inferno.rules.events import Event, count
from inferno.rules.notation import parse_action
from inferno.rules.state import EMPTY, GUARDIAN, State

_MAX_STEPS = 40
_ = REVIEW.gettext
ngettext = REVIEW.ngettext

# A reason is made in English (reviews keep it so, in their files too); ``reason_words`` reads it anew
# in the current language.
BETTER = N_("better {better} ({what}) than {played} ({instead}){tail}")
NOTHING = N_("nothing else this turn")
INFAMY = N_("{infamy} Infamy by the end of the turn")
FILLED = N_("the move played filled a shield of {sins}")


@dataclass(frozen=True, slots=True)
class _Line:
    state: State
    new_events: list[Event]


def _play_on(s: State, first: Action, seat: int) -> _Line:
    """Play ``first``, then finish ``seat``'s run of decisions greedily (at most a few dozen steps)."""
    start = len(events(s))
    t = apply(s, first)
    for _ in range(_MAX_STEPS):
        if t.over or to_move(t) != seat:
            break
        acts = legal_actions(t)
        t = max((apply(t, a) for a in acts), key=lambda u: margin(u, seat))
    return _Line(t, events(t)[start:])


def _filled(before: State, after: State) -> list[int]:
    """Circles where a Soul filled an empty shield between the two states (one entry per shield)."""
    out = []
    b = before.board
    for circle in range(1, len(b.circle_shields)):
        for t in b.circle_shields[circle]:
            if before.hell[t] == EMPTY and EMPTY < after.hell[t] < GUARDIAN:  # a Soul, not a Guardian
                out.append(circle)
    return out


def _money_words(florins: int, drachmas: int) -> list[str]:
    out = []
    for n, word in ((florins, "Florin"), (drachmas, "Drachma")):
        if n > 0:
            out.append(f"{count(n, word)} more")  # i18n: not for players (English kept; reason_words)
        elif n < 0:
            out.append(f"{count(-n, word)} less")  # i18n: not for players (English kept; reason_words)
    return out


def _first_distinct(mine: list[Event], other: list[Event]) -> str:
    """The first event text of one line that the other line does not have."""
    theirs = {e.text for e in other}
    for e in mine:
        if e.text not in theirs:
            return e.text
    return ""


def reason(v: State, seat: int, played: str, better: str, seed: int) -> str:
    """Why ``better`` beats ``played`` (both in text notation) for ``seat`` in view ``v``, in one line."""
    det = determinize(v, random.Random(seed))
    det.record_events = True
    a_played = parse_action(det, played)
    a_better = parse_action(det, better)
    p_line = _play_on(det, a_played, seat)
    b_line = _play_on(det, a_better, seat)
    p_events = [e for e in p_line.new_events if e.player == seat]
    b_events = [e for e in b_line.new_events if e.player == seat]
    pl_p, pl_b = p_line.state.players[seat], b_line.state.players[seat]
    parts: list[str] = []
    d_inf = pl_b.infamy - pl_p.infamy
    if d_inf:
        parts.append(INFAMY.format(infamy=f"{d_inf:+d}"))
    parts += _money_words(pl_b.florins - pl_p.florins, pl_b.drachmas - pl_p.drachmas)
    d_skulls = sum(pl_b.tracks) - sum(pl_p.tracks)
    if d_skulls:
        way = "higher" if d_skulls > 0 else "lower"
        parts.append(f"{count(abs(d_skulls), 'Skull')} {way} on the Sin Tracks")  # i18n: not for players (English kept)
    filled_p, filled_b = _filled(det, p_line.state), _filled(det, b_line.state)
    circles = det.rules.circles
    extra_fills = sorted({c for c in filled_p if filled_p.count(c) > filled_b.count(c)})
    if extra_fills:
        names = ", ".join(circles[c - 1].sin for c in extra_fills)
        parts.append(FILLED.format(sins=names))
    what = _first_distinct(b_events, p_events) or NOTHING
    instead = _first_distinct(p_events, b_events) or NOTHING
    tail = f"; {', '.join(parts)}" if parts else ""
    return BETTER.format(better=better, what=what, played=played, instead=instead, tail=tail)


# --- a reason in the reader's words ---------------------------------------------------------------------------

# The English parts of a reason's tail, as patterns that read them (i18n: not for players).
_PARTS = (
    re.compile(r"(?P<infamy>[+-]\d+) Infamy by the end of the turn(?:, |$)"),  # i18n: not for players
    re.compile(r"(?P<n>\d+) (?P<coin>Florin|Drachma)s? (?P<way>more|less)(?:, |$)"),
    re.compile(r"(?P<n>\d+) Skulls? (?P<way>higher|lower) on the Sin Tracks(?:, |$)"),  # i18n: not for players
    re.compile(r"the move played filled a shield of (?P<sins>.+)$"),  # i18n: not for players
)


@cache
def _event_words() -> Callable[[str], str]:
    """The engine's English event texts read in the current language (``inferno.records.event_words``), or
    as they are where that module is not there."""
    try:
        module = importlib.import_module("inferno.records.event_words")
    except ImportError:
        return str
    words: Callable[[str], str] = module.event_text
    return words


def _closing(text: str, start: int) -> int:
    """The index of the parenthesis closing the one at ``start`` (-1 if none)."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _event(text: str) -> str:
    return _(NOTHING) if text == NOTHING else _event_words()(text)


def _part(m: re.Match[str]) -> str:
    d = m.groupdict()
    if "infamy" in d:
        return _(INFAMY).format(infamy=d["infamy"])
    if "sins" in d:
        return _(FILLED).format(sins=", ".join(GAME.gettext(sin) for sin in d["sins"].split(", ")))
    n = int(d["n"])
    if "coin" in d:
        if d["coin"] == "Florin":
            if d["way"] == "more":
                return ngettext("{n} Florin more", "{n} Florins more", n).format(n=n)
            return ngettext("{n} Florin less", "{n} Florins less", n).format(n=n)
        if d["way"] == "more":
            return ngettext("{n} Drachma more", "{n} Drachmas more", n).format(n=n)
        return ngettext("{n} Drachma less", "{n} Drachmas less", n).format(n=n)
    if d["way"] == "higher":
        return ngettext("{n} Skull higher on the Sin Tracks", "{n} Skulls higher on the Sin Tracks", n).format(n=n)
    return ngettext("{n} Skull lower on the Sin Tracks", "{n} Skulls lower on the Sin Tracks", n).format(n=n)


def reason_words(text: str) -> str:
    """A reason (made in English by :func:`reason`) in the current language; text of another form as it is."""
    if language() == ENGLISH or not text.startswith("better "):
        return text
    try:
        open1 = text.index(" (", 7)
        close1 = _closing(text, open1 + 1)
        open2 = text.index(" (", close1)
        close2 = _closing(text, open2 + 1)
    except ValueError:
        return text
    if close1 < 0 or close2 < 0 or not text.startswith(" than ", close1 + 1):
        return text
    better, what = text[7:open1], text[open1 + 2 : close1]
    played, instead = text[close1 + 7 : open2], text[open2 + 2 : close2]
    rest, parts = text[close2 + 1 :], []
    if rest:
        if not rest.startswith("; "):
            return text
        rest = rest[2:]
        while rest:
            m = next((m for m in (p.match(rest) for p in _PARTS) if m is not None), None)
            if m is None:
                return text
            parts.append(_part(m))
            rest = rest[m.end() :]
    tail = "; " + ", ".join(parts) if parts else ""
    return _(BETTER).format(better=better, what=_event(what), played=played, instead=_event(instead), tail=tail)
