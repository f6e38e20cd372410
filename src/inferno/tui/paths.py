"""A Soul's descent chosen whole: every way the moving Soul can go from the pending decision, each as
the engine's own actions in order, with where it stops, the quartiere it gives and the Infamy it scores.

The engine is asked at every jump (``legal_actions`` on a copy of the game); nothing here knows how a
Soul moves. The copy is the deciding player's view with the hidden cards filled at random, as for the
previews: a descent never depends on a hidden card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from inferno.i18n import GAME, TERMINAL
from inferno.rules.actions import Act, Action, Decision, InfernoError
from inferno.rules.engine import apply, determinize, pending, view
from inferno.rules.state import EMPTY, LYING, TILE, State
from inferno.tui.text import quartiere_mark

_ = TERMINAL.gettext

MAX_PATHS = 40  # whole paths followed for one decision
MAX_JUMPS = 12  # jumps followed along one path
DESCENT = (Act.MOVE, Act.ENTER, Act.STEP)


@dataclass(frozen=True, slots=True)
class SoulPath:
    """The actions that take the Soul down one way, and where it ends."""

    actions: tuple[Action, ...]
    via: tuple[str, ...]  # the shields chosen on the way, before the last
    shield: str
    lies_down: bool
    quartiere: str  # the quartiere's name (empty if the Soul gives none)
    mark: str  # its one-letter mark
    infamy: int
    start: str = ""  # the shield the Soul is lifted from (empty when it is already moving)

    def words(self) -> str:
        """``Soul to 3.4 via 2.3, lies down, +2 Infamy; act in Porta San Piero (K)`` (``Soul on 1.2 to …``
        when the Soul is still to be chosen)."""
        if self.start:
            out = _("Soul on {start} to {shield}").format(start=self.start, shield=self.shield)
        else:
            out = _("Soul to {shield}").format(shield=self.shield)
        if self.via:
            out += _(" via {shields}").format(shields=", ".join(self.via))
        if self.lies_down:
            out += _(", lies down")
        if self.infamy:
            out += _(", +{n} Infamy").format(n=self.infamy)
        if self.quartiere:
            out += _("; act in {quartiere} ({mark})").format(quartiere=GAME.gettext(self.quartiere), mark=self.mark)
        return out


def _continues(s: State, p: int) -> bool:
    pend = pending(s)
    return pend is not None and pend.player == p and pend.decision == Decision.HELL_STEP


def soul_paths(state: State, seed: int = 0, first: tuple[Act, ...] = DESCENT) -> list[SoulPath]:
    """Every whole descent open at the pending decision (Hell phase or a jump), or none; ``first``: the
    kinds of option followed from the pending decision (``(Act.MOVE,)`` leaves the Graveyard's out)."""
    pend = pending(state)
    if pend is None or pend.decision not in (Decision.HELL, Decision.HELL_STEP):
        return []
    p = pend.player
    base = determinize(view(state, p), random.Random(seed))
    out: list[SoulPath] = []

    def follow(s: State, actions: tuple[Action, ...], passed: tuple[str, ...]) -> None:
        if len(out) >= MAX_PATHS or len(actions) > MAX_JUMPS:
            return
        nxt = pending(s)
        if actions and not _continues(s, p):
            moved = [t for t in range(len(s.hell)) if base.hell[t] == EMPTY and s.hell[t] != EMPTY]
            if moved and (nxt is None or nxt.decision != Decision.BELL):
                t = moved[0]
                q = s.quartiere
                label = s.board.labels[t]
                out.append(
                    SoulPath(
                        actions,
                        tuple(x for x in passed if x != label),
                        label,
                        LYING <= s.hell[t] < TILE,
                        s.rules.quartieri[q] if q >= 0 else "",
                        quartiere_mark(s.rules, q) if q >= 0 else "",
                        s.players[p].infamy - base.players[p].infamy,
                        s.board.labels[actions[0].a] if actions[0].kind == Act.MOVE else "",
                    )
                )
            return
        assert nxt is not None
        for a in nxt.actions:
            if a.kind not in (first if not actions else DESCENT):
                continue
            try:
                after = apply(s, a)
            except InfernoError:
                continue
            step = (s.board.labels[a.a],) if a.kind == Act.STEP else ()
            follow(after, (*actions, a), (*passed, *step))

    follow(base, (), ())
    return out


def decision_paths(state: State, seed: int = 0) -> list[SoulPath]:
    """The paths worth offering whole at the pending decision: from a Soul on a shield (not the Graveyard's
    many), every path; at a jump, every path."""
    return soul_paths(state, seed, (Act.MOVE, Act.STEP))


def whole(paths: list[SoulPath]) -> list[SoulPath]:
    """The paths that take more than one decision (those worth an option of their own)."""
    return [x for x in paths if len(x.actions) > 1]


def matching(paths: list[SoulPath], words: str) -> list[SoulPath]:
    """The paths a typed ``to 3.4`` or ``to 3.4 via 2.3`` names."""
    target, _sep, via = words.strip().partition(" via ")
    target = target.strip()
    vias = {v.strip() for v in via.replace(",", " ").split()} if via else set()
    return [x for x in paths if x.shield == target and vias <= set(x.via)]


def option_paths(paths: list[SoulPath], action: Action) -> list[SoulPath]:
    """The whole paths that begin with ``action``."""
    return [x for x in paths if x.actions[0] == action]


def landing_words(paths: list[SoulPath]) -> str:
    """Where an option can take the Soul, for its option line: ``→ 3.4 lies +2 K`` or several."""
    parts = []
    for x in paths:
        piece = x.shield + (" " + _("lies") if x.lies_down else "")

        if x.infamy:
            piece += f" +{x.infamy}"
        if x.mark:
            piece += f" {x.mark}"
        parts.append(piece)
    return "→ " + " · ".join(dict.fromkeys(parts))
