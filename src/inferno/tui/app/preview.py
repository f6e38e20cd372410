"""What an option would do, asked of the engine: the action is applied to a copy of the game.

The copy is the deciding player's own view with the hidden cards filled in at random
(``inferno.determinize``), so a preview never shows another player's hand or the deck order; when an
option draws a face-down card the preview says so instead of naming a guessed card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from inferno.i18n import GAME, TERMINAL
from inferno.outcome import TOLD, namer, next_words, outcome_lines, rival_name
from inferno.records.log import player_name
from inferno.rules.actions import Act, Action, Decision, InfernoError
from inferno.rules.engine import apply, determinize, pending, view
from inferno.rules.state import EMPTY, LYING, TILE, State
from inferno.tui.session import new_events

_ = TERMINAL.gettext
ngettext = TERMINAL.ngettext

MAX_ROUTES = 12  # Hell routes shown for one option (a Soul rarely has more)
MAX_DEPTH = 12  # jumps followed along one route


@dataclass(frozen=True, slots=True)
class Route:
    """Where a moving Soul can end up: the shields it passes, where it stops, what it scores."""

    path: tuple[str, ...]
    shield: int
    label: str
    lies_down: bool
    quartiere: str
    infamy: int
    more: bool = False  # the route needs further choices of line


@dataclass(slots=True)
class Preview:
    """An option's effect on the deciding player and the board."""

    events: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    routes: list[Route] = field(default_factory=list)
    shields: set[int] = field(default_factory=set)  # shields the option touches (for the Hell board)
    next_step: str = ""
    hidden_draw: bool = False


def _is_hell_step(s: State, p: int) -> bool:
    pend = pending(s)
    return pend is not None and pend.player == p and pend.decision == Decision.HELL_STEP


def _routes(base: State, s: State, p: int, path: tuple[str, ...], depth: int, out: list[Route]) -> None:
    """Follow every line the Soul may still take, through the engine, to each place it can stop."""
    if len(out) >= MAX_ROUTES:
        return
    if _is_hell_step(s, p) and depth < MAX_DEPTH:
        pend = pending(s)
        assert pend is not None
        for a in pend.actions:
            _routes(base, apply(s, a), p, (*path, s.board.labels[a.a]), depth + 1, out)
        return
    b = s.board
    moved = [t for t in range(len(s.hell)) if base.hell[t] == EMPTY and s.hell[t] != EMPTY]
    if not moved:
        return
    t = moved[0]
    q = s.quartiere
    quart = f"{GAME.gettext(s.rules.quartieri[q])} ({GAME.gettext(s.rules.quartiere_symbols[q])})" if q >= 0 else ""
    lies = LYING <= s.hell[t] < TILE
    gain = s.players[p].infamy - base.players[p].infamy
    out.append(Route(path, t, b.labels[t], lies, quart, gain, more=_is_hell_step(s, p)))


def preview(state: State, action: Action, seed: int = 0) -> Preview:
    """What ``action`` (legal now) would do, worked out by the engine on a copy of the game."""
    pend = pending(state)
    if pend is None:
        return Preview()
    p = pend.player
    base = determinize(view(state, p), random.Random(seed))
    try:
        after = apply(base, action)
    except InfernoError:
        return Preview(events=[_("(this option cannot be previewed)")])
    out = Preview()
    out.hidden_draw = len(after.deck) < len(base.deck)
    if out.hidden_draw:
        out.events.append(
            _("reveals a face-down card from the deck: it is unknown until then and cannot be taken back")
        )
    else:
        rival = rival_name(base)
        for e in new_events(base.events, after.events):
            if e.kind == "turn":  # the next turn (a solo Rival's, played from its face-down deck) is not shown
                break
            if e.kind in TOLD:
                continue
            pts = " [" + _("{points} Infamy").format(points=f"{e.points:+d}") + "]" if e.points else ""
            who = "" if e.player == p else f"{player_name(e.player, rival)}: "
            out.events.append(f"{who}{e.text}{pts}")
    out.changes = outcome_lines(base, after, p, action)
    out.shields = {t for t in range(len(base.hell)) if base.hell[t] != after.hell[t]}
    if action.kind in (Act.MOVE, Act.STEP, Act.ENTER):
        start = _("Graveyard") if action.kind == Act.ENTER else base.board.labels[action.a]
        if action.kind == Act.MOVE:
            out.shields.add(action.a)
        _routes(base, after, p, (start,), 0, out.routes)
        out.shields.update(r.shield for r in out.routes)
    if not out.routes:
        out.next_step = next_words(base, after, p, namer(base, p))
    return out


def route_words(r: Route) -> str:
    path = " → ".join(r.path)
    if r.lies_down:
        out = _("{path}: lies down on {shield}").format(path=path, shield=r.label)
    else:
        out = _("{path}: stops on {shield}").format(path=path, shield=r.label)
    if r.infamy:
        out += ngettext(", {n} Infamy point", ", {n} Infamy points", abs(r.infamy)).format(n=r.infamy)
    if r.quartiere:
        out += _("; act in {quartiere}").format(quartiere=r.quartiere)
    if r.more:
        out += _(" (then choose the next line)")
    return out
