"""What each log line concerns on the board, so the browser links log lines and board places both ways.

The engine's events say in words what happened ("the Soul jumps the occupied shield 4.2", "a Sloth
Soul enters the Graveyard"); the names in those words are the board's own (shield labels, location
names, sins, gates, Barrels, Guests, Fraud cards, Tower floors, Dante's stops), taken from the rules
data. Each line gets the board keys of what it names (the same keys the board drawing uses, e.g.
``shield:12``, ``location:3``, ``colour:5``), and, for a line about one family and nothing on the main
board (money, loans, scores), that family's board (``player:2``).

The lines of one Soul's move also say which part of its path they are (``path``: ``start``, ``via``
or ``end``, with the Soul's colour at the start), so the browser can animate the move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from inferno.rules.model import Board
from inferno.rules.state import State

_LABEL = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.]*\d)")
_GATE = re.compile(r"\bgate (\d+)\b")
_FLOOR = re.compile(r"\bfloors? (\d+)\b")
_STOP = re.compile(r"\bstop (\d+) of \d+\b")
_CARD = re.compile(r"\b(F\d\d)\b")
_SOUL = re.compile(r"\b([A-Za-z]+) Souls?\b")
_WORD = re.compile(r"[a-z]+")

# Event kinds whose sin names a Soul colour of the Graveyard (ferried, entering, drowned, refilled).
_GRAVEYARD_KINDS = frozenset({"ferry", "graveyard", "pagan", "styx", "plague", "exhausted"})
# Event kinds whose sin names a family's Sin Track (on its board).
_TRACK_KINDS = frozenset({"track", "half", "bonus", "diploma"})
# The parts of one Soul's move.
_PATH = {"ferry": "start", "lift": "start", "bell": "via", "jump": "via", "stand": "end"}


@dataclass(frozen=True, slots=True)
class Names:
    """The board's names and the keys they stand for."""

    shields: dict[str, int]
    sins: dict[str, int]  # lower-case sin (and its short form) -> circle
    locations: list[tuple[re.Pattern[str], int]]
    quartieri: list[tuple[str, int]]
    barrels: list[tuple[re.Pattern[str], int]]
    guests: list[tuple[re.Pattern[str], int]]
    guardians: list[re.Pattern[str]]  # by roster index (each game has its own in its slots)
    cards: dict[str, int]
    named: re.Pattern[str]  # any location, Barrel, Guest or Guardian: lines naming none skip those searches
    roster: re.Pattern[str]  # any Guardian, in play or not


_NAMES: dict[int, tuple[Board, Names]] = {}


def names_of(s: State) -> Names:
    """The names of ``s``'s board (made once per board)."""
    found = _NAMES.get(id(s.board))
    if found is not None and found[0] is s.board:
        return found[1]
    r, b = s.rules, s.board
    sins: dict[str, int] = {}
    for c in r.circles:
        sins[c.sin.lower()] = c.number
        if c.sin.lower().endswith("ism"):
            sins[c.sin.lower()[:-3]] = c.number  # "Paganism": "a pagan Soul"
    locations = [(re.compile(rf"\b{re.escape(loc.name)}\b"), loc.index) for loc in r.locations]
    barrels = [(re.compile(rf"\b{re.escape(x.id)} Barrel"), x.index) for x in r.barrels]
    guests = [(re.compile(rf"\b{re.escape(r.circles[g - 1].colour)} Guest"), g) for g in r.guest_circles]
    guardians = [re.compile(rf"\b{re.escape(g.name)}\b") for g in r.guardians]
    got = Names(
        shields={label: i for i, label in enumerate(b.labels)},
        sins=sins,
        locations=locations,
        quartieri=list(zip(r.quartieri, range(len(r.quartieri)), strict=True)),
        barrels=barrels,
        guests=guests,
        guardians=guardians,
        cards={c.id: c.index for c in r.fraud_cards},
        named=re.compile("|".join(p.pattern for p in [*(p for p, _ in locations + barrels + guests), *guardians])),
        roster=re.compile("|".join(p.pattern for p in guardians) or "(?!)"),
    )
    if len(_NAMES) > 16:
        _NAMES.clear()
    _NAMES[id(b)] = (b, got)
    return got


def places(s: State, kind: str, player: int, text: str, source: str = "") -> list[str]:
    """The board keys one log line concerns (in the order they are named)."""
    n = names_of(s)
    out: list[str] = []

    def add(k: str) -> None:
        if k not in out:
            out.append(k)

    for m in _LABEL.finditer(text):
        i = n.shields.get(m.group(0))
        if i is not None:
            add(f"shield:{i}")
    named = n.named.search(text) is not None
    if named:
        for pat, i in n.locations:
            if pat.search(text):
                add(f"location:{i}")
    for name, q in n.quartieri:
        if name in text:
            add(f"quartiere:{q}")
    if named:
        for pat, i in n.barrels:
            if pat.search(text):
                add(f"barrel:{i}")
        for pat, g in n.guests:
            if pat.search(text):
                add(f"guest:{g}")
        for slot, g in enumerate(s.guardians):
            if n.guardians[g].search(text):
                add(f"guardian:{slot}")
    if "gate" in text:
        for m in _GATE.finditer(text):
            add(f"gate:{int(m.group(1)) - 1}")
    for m in _CARD.finditer(text):
        if m.group(1) in n.cards:
            add(f"card:{n.cards[m.group(1)]}")
    if kind == "dante" or source == "dante":
        add("dante")
    if kind == "dante":
        stop = _STOP.search(text)
        if stop:
            add(f"stop:{int(stop.group(1)) - 1}")
    if kind in ("tower", "banquet", "barrel", "guest", "rearrange"):
        for m in _FLOOR.finditer(text):
            add(f"floor:{m.group(1)}")
    if kind in _GRAVEYARD_KINDS:
        prefix = "colour"
    elif kind in _TRACK_KINDS or (kind == "score" and source == "diplomas"):
        prefix = "track"
    elif kind == "phlegethon":
        prefix = "phleg"
    else:
        prefix = ""
    if prefix:  # the sins the line names
        words = set(_WORD.findall(text.lower()))
        for w, c in n.sins.items():
            if w in words:
                add(f"{prefix}:{c}")
    if kind == "styx":
        add("styx")
    if player >= 0:
        add(f"player:{player}")  # the family it concerns (its board and its score)
    return out


def soul_colour(s: State, text: str) -> int:
    """The circle of the Soul a line names (0 if none)."""
    n = names_of(s)
    for m in _SOUL.finditer(text):
        c = n.sins.get(m.group(1).lower())
        if c is not None:
            return c
    return 0


# Lines seen already (texts repeat), by board; never one naming a Guardian (each game has its own slots).
_DONE: dict[tuple[int, str, int, str, str], dict[str, Any]] = {}


def annotate(s: State, log: list[dict[str, Any]]) -> None:
    """Add ``places`` (and ``path`` for the lines of a Soul's move) to each log line, in place."""
    board = id(s.board)
    for e in log:
        key = (board, e["kind"], e["player"], e["text"], e.get("source", ""))
        extra = _DONE.get(key)
        if extra is None:
            extra = _extra(s, e["kind"], e["player"], e["text"], e.get("source", ""))
            if not names_of(s).roster.search(e["text"]):
                if len(_DONE) > 50_000:
                    _DONE.clear()
                _DONE[key] = extra
        e.update(extra)


def _extra(s: State, kind: str, player: int, text: str, source: str) -> dict[str, Any]:
    out: dict[str, Any] = {"places": places(s, kind, player, text, source)}
    part = _PATH.get(kind)
    if kind == "score" and source == "souls":
        part = "end"  # the Soul lies down where it stops
    if part is not None:
        out["path"] = part
        if part == "start":
            out["colour"] = soul_colour(s, text)
    return out
