"""P&P, Plutus's Desks: crossing another player's Desk costs you a Drachma paid to its owner
(rulebook, Hell Phase p.11, P&P).

A Desk is a piece on a Hell shield: it fills the shield, so a descending Soul that reaches it jumps on
(rulebook, Hell Phase p.11: a shield occupied by any Guardian piece). That jump is the crossing. The
mover pays the toll to the Desk's owner, taking a loan when short (a Drachma cost is never closed);
crossing your own Desk is free. How Desks are gained and placed is DEFAULT data (``pnp.toml``).
"""

from __future__ import annotations

from inferno.rules.actions import Act, Action, Decision, act
from inferno.rules.effects import pay_drachmas
from inferno.rules.events import emit
from inferno.rules.pnp import DESK
from inferno.rules.state import EMPTY, Frame, State, make_frame

RULE = "rulebook, Hell Phase p.11 (P&P: Plutus)"


def desk_owner(code: int) -> int:
    """The owner of the Desk with shield code ``code``, or -1 if it is not a Desk."""
    return code - DESK if DESK <= code < DESK + 10 else -1


def desk_shields(s: State) -> list[tuple[int, int]]:
    """(shield, owner) of every Desk on the board."""
    return [(t, c - DESK) for t, c in enumerate(s.hell) if DESK <= c < DESK + 10]


def cross(s: State, p: int, t: int) -> None:
    """The moving Soul of player ``p`` jumps over shield ``t``: pay the toll if it is another's Desk."""
    owner = desk_owner(s.hell[t])
    ext = s.ext
    if owner < 0 or ext is None:
        return
    label = s.board.labels[t]
    if owner == p:
        emit(s, "desk_free", p, f"crosses their own Desk on {label} (free)", RULE)
        return
    toll = ext.data.toll
    if toll <= 0:
        return
    if not ext.data.loan_when_short and s.players[p].drachmas < toll:
        emit(s, "desk_unpaid", p, f"cannot pay the toll of Player {owner + 1}'s Desk on {label}", RULE)
        return
    pay_drachmas(s, p, toll, f"toll of Player {owner + 1}'s Desk on {label}")
    s.own_player(owner).drachmas += toll
    ext.desk_paid[p] += toll
    ext.desk_received[owner] += toll
    emit(
        s,
        "desk_toll",
        owner,
        f"receives {toll} Drachma{'s' if toll != 1 else ''} from Player {p + 1} for crossing the Desk on {label}",
        RULE,
    )


def desk_places(s: State) -> list[int]:
    """Empty shields where a gained Desk may be placed."""
    ext = s.ext
    if ext is None:
        return []
    return [t for t in s.board.circle_shields[ext.data.desk_circle] if s.hell[t] == EMPTY]


def after_lay_down(s: State, p: int, circle: int) -> None:
    """A Soul of ``p`` lay down in ``circle`` in the Hell phase: the Desk circle gains a Desk (DEFAULT)."""
    ext = s.ext
    if ext is None or not ext.plutus or not ext.data.desk_on_lay_down:
        return
    if circle == ext.data.desk_circle and ext.desks[p] > 0 and desk_places(s):
        s.stack.append(make_frame(Decision.DESK, p))


def list_desk(s: State, frame: Frame) -> list[Action]:
    return [act(Act.DESK, t) for t in desk_places(s)]


def apply_desk(s: State, frame: Frame, action: Action) -> None:
    p = frame.player
    ext = s.ext
    assert ext is not None
    t = action.a
    ext.desks[p] -= 1
    s.hell[t] = DESK + p
    emit(s, "desk", p, f"places a Desk of Plutus on {s.board.labels[t]}", RULE)
