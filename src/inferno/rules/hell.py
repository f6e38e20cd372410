"""Hell phase: which Souls may move, jump chains, the Walls of Dis, lying down (S2, S1 p.11)."""

from __future__ import annotations

from inferno.rules import phlegyas, plutus
from inferno.rules.actions import Act, Action, Decision
from inferno.rules.effects import pay_drachmas, take_from_graveyard
from inferno.rules.events import emit, gain_infamy
from inferno.rules.state import EMPTY, LYING, Frame, State

GRAVEYARD = -1  # the Graveyard as a shield linked to every Limbo shield (S2)


def _lands(s: State, colour: int, passages: int, t: int, memo: dict[int, bool]) -> bool:
    """Can a Soul of ``colour`` that has just reached shield ``t`` end its move legally?

    It stops on the first empty shield; on an occupied one it must jump on down a line, never
    below its own circle and never through the Walls of Dis without the mover's own passage.
    """
    r = memo.get(t)
    if r is not None:
        return r
    b = s.board
    if s.hell[t] == EMPTY:
        memo[t] = True
        return True
    r = False
    ct = b.circle[t]
    if ct < colour:
        wall = ct + 1 == s.rules.walls_above_circle
        for u in b.down[t]:
            if wall and not passages >> b.gate[u] & 1:
                continue
            if _lands(s, colour, passages, u, memo):
                r = True
                break
    memo[t] = r
    return r


def step_targets(s: State, p: int, colour: int, frm: int, memo: dict[int, bool] | None = None) -> list[int]:
    """Shields a Soul of ``colour`` at ``frm`` may step to next, each leading to a legal stop."""
    b = s.board
    passages = s.players[p].passages
    if memo is None:
        memo = {}
    if frm == GRAVEYARD:
        return [t for t in b.circle_shields[1] if _lands(s, colour, passages, t, memo)]
    cf = b.circle[frm]
    if cf >= colour:
        return []
    wall = cf + 1 == s.rules.walls_above_circle
    out = []
    for t in b.down[frm]:
        if wall and not passages >> b.gate[t] & 1:
            continue
        if _lands(s, colour, passages, t, memo):
            out.append(t)
    return out


def _can_move(s: State, passages: int, colour: int, frm: int, memo: dict[int, bool]) -> bool:
    """Does a Soul of ``colour`` at ``frm`` have at least one legal move (short-circuits)?"""
    b = s.board
    if frm == GRAVEYARD:
        return any(_lands(s, colour, passages, t, memo) for t in b.circle_shields[1])
    cf = b.circle[frm]
    if cf >= colour:
        return False
    wall = cf + 1 == s.rules.walls_above_circle
    hell = s.hell
    for t in b.down[frm]:
        if wall and not passages >> b.gate[t] & 1:
            continue
        if hell[t] == EMPTY or _lands(s, colour, passages, t, memo):
            return True
    return False


def _bell_slides(s: State, passages: int, colour: int, frm: int, memo: dict[int, bool]) -> list[int]:
    """P&P, Phlegyas: shields beside ``frm`` a lifted Soul may slide to and still descend from."""
    if s.board.circle[frm] >= colour:
        return []
    return [u for u in phlegyas.slide_places(s, frm) if _can_move(s, passages, colour, u, memo)]


def list_hell(s: State, frame: Frame) -> list[Action]:
    """Move exactly one Soul: a standing Soul that can move, or a Graveyard Soul (S2).

    With Phlegyas, a standing Soul that can move only after a Bell's slide may be chosen too (P&P).
    """
    p = frame[1]
    passages = s.players[p].passages
    ring = s.ext is not None and phlegyas.can_ring(s, p)
    memos: dict[int, dict[int, bool]] = {}
    out = []
    for t, c in enumerate(s.hell):
        if 0 < c < LYING:
            memo = memos.get(c)
            if memo is None:
                memo = memos[c] = {}
            if _can_move(s, passages, c, t, memo) or (ring and _bell_slides(s, passages, c, t, memo)):
                out.append(Action(Act.MOVE, t))
    gy = s.graveyard
    for c in range(1, 10):
        if gy[c] > 0:
            memo = memos.get(c)
            if memo is None:
                memo = memos[c] = {}
            if _can_move(s, passages, c, GRAVEYARD, memo):
                out.append(Action(Act.ENTER, c))
    return out


def apply_hell(s: State, frame: Frame, action: Action) -> None:
    p = frame[1]
    sin = s.rules.circles
    if action.kind == Act.ENTER:
        c = action.a
        pay_drachmas(s, p, s.rules.ferry_cost, "Charon's ferry across the Acheron")
        take_from_graveyard(s, c, 1)
        emit(
            s, "ferry", p, f"ferries a {sin[c - 1].sin} Soul from the Graveyard across the Acheron", "S2 Move one Soul"
        )
        s.stack.append((Decision.HELL_STEP, p, c, GRAVEYARD))
    else:
        t = action.a
        c = s.hell[t]
        s.hell[t] = EMPTY
        emit(s, "lift", p, f"moves the standing {sin[c - 1].sin} Soul on {s.board.labels[t]}", "S2 Move one Soul")
        if s.ext is not None and phlegyas.can_ring(s, p) and _bell_slides(s, s.players[p].passages, c, t, {}):
            s.stack.append((Decision.BELL, p, c, t))  # P&P: a Bell may slide it before it descends
        else:
            s.stack.append((Decision.HELL_STEP, p, c, t))


def list_bell(s: State, frame: Frame) -> list[Action]:
    """P&P, Phlegyas: slide the lifted Soul to a listed shield (spending a Bell), or descend from where it is."""
    _, p, colour, frm = frame
    memo: dict[int, bool] = {}
    out = [Action(Act.BELL, u) for u in _bell_slides(s, s.players[p].passages, colour, frm, memo)]
    if step_targets(s, p, colour, frm, memo):
        out.append(Action(Act.DONE))
    return out


def list_step(s: State, frame: Frame) -> list[Action]:
    _, p, colour, frm = frame
    return [Action(Act.STEP, t) for t in step_targets(s, p, colour, frm)]


def land_soul(s: State, p: int, colour: int, t: int, why: str) -> None:
    """A Soul stops on empty shield ``t``: it lies down and scores in its own circle (S2)."""
    b = s.board
    ct = b.circle[t]
    if ct == colour:
        s.hell[t] = LYING + colour
        pts = s.rules.circle_infamy[ct]
        gain_infamy(
            s,
            p,
            pts,
            "souls",
            f"lays a {s.rules.circles[colour - 1].sin} Soul down on {b.labels[t]} ({why})",
            "S2 Soul movement: lying down",
        )
    else:
        s.hell[t] = colour
        emit(
            s,
            "stand",
            p,
            f"the {s.rules.circles[colour - 1].sin} Soul stops on {b.labels[t]} ({why})",
            "S2 Soul movement",
        )


def apply_step(s: State, frame: Frame, action: Action) -> None:
    _, p, colour, _frm = frame
    t = action.a
    if s.hell[t] != EMPTY:
        emit(s, "jump", p, f"the Soul jumps the occupied shield {s.board.labels[t]}", "S2 Soul movement: jumps")
        if s.ext is not None:
            plutus.cross(s, p, t)  # P&P: crossing another player's Desk pays its owner
        s.stack.append((Decision.HELL_STEP, p, colour, t))
        return
    land_soul(s, p, colour, t, "Hell phase")
    s.quartiere = s.board.symbol[t]
    q = s.rules.quartieri[s.quartiere]
    emit(
        s,
        "quartiere",
        p,
        f"must act in {q} ({s.rules.quartiere_symbols[s.quartiere]})",
        "S2 The shield picks the quartiere",
    )
    s.stack.append((Decision.FLORENCE, p, 0))
    if s.ext is not None and s.board.circle[t] == colour:  # P&P: Desks and Bells gained by lying down
        phlegyas.after_lay_down(s, p, colour)
        plutus.after_lay_down(s, p, colour)
