"""P&P, Phlegyas's Bells: a Bell lets you slide a Soul sideways before it descends
(rulebook, Hell Phase p.11, P&P).

After a standing Soul is lifted for its Hell-phase move, its mover may spend one Bell to slide it to an
adjacent empty shield of the same circle; the Soul then descends from there by the usual movement
rules. The slide never leaves the circle, so it never takes a Soul below its own circle. Adjacency,
the Bell counts and how Bells are gained are DEFAULT data (``pnp.toml``).
"""

from __future__ import annotations

from inferno.rules.actions import Act, Action, Decision
from inferno.rules.events import emit
from inferno.rules.state import EMPTY, Frame, State, make_frame

RULE = "rulebook, Hell Phase p.11 (P&P: Phlegyas)"


def can_ring(s: State, p: int) -> bool:
    """Does player ``p`` hold a Bell in a game with Phlegyas?"""
    ext = s.ext
    return ext is not None and ext.phlegyas and ext.bells[p] > 0


def neighbours(s: State, t: int) -> list[int]:
    """Shields beside ``t`` in its circle (its row neighbours, or the whole circle, as the data says)."""
    ext = s.ext
    b = s.board
    row = b.circle_shields[b.circle[t]]
    if ext is not None and ext.data.adjacency == "any":
        return [u for u in row if u != t]
    i = row.index(t)
    return [row[j] for j in (i - 1, i + 1) if 0 <= j < len(row)]


def slide_places(s: State, t: int) -> list[int]:
    """Empty shields beside ``t`` a Soul lifted from ``t`` may slide to (``t`` itself counts as left)."""
    hell = s.hell
    return [u for u in neighbours(s, t) if hell[u] == EMPTY]


def after_lay_down(s: State, p: int, circle: int) -> None:
    """A Soul of ``p`` lay down in ``circle`` in the Hell phase: Phlegyas's circle gains a Bell (DEFAULT)."""
    ext = s.ext
    if ext is None or not ext.phlegyas or circle != ext.data.bell_circle or ext.bell_supply <= 0:
        return
    ext.bell_supply -= 1
    ext.bells[p] += 1
    emit(s, "bell_gain", p, f"gains a Bell from Phlegyas ({ext.bells[p]} held)", RULE)


def apply_bell(s: State, frame: Frame, action: Action) -> None:
    """Ring a Bell (slide, then descend from the new shield) or not (descend from where it was)."""
    _, p, colour, frm = frame
    if action.kind == Act.BELL:
        ext = s.ext
        assert ext is not None
        u = action.a
        ext.bells[p] -= 1
        ext.bell_supply += 1  # a spent Bell goes back to Phlegyas (DEFAULT)
        labels = s.board.labels
        emit(s, "bell", p, f"rings a Bell: the Soul slides from {labels[frm]} to {labels[u]}", RULE)
        frm = u
    s.stack.append(make_frame(Decision.HELL_STEP, p, colour, frm))
