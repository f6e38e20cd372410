"""Hell phase: which Souls may move, jump chains, the Walls of Dis, lying down (S2, S1 p.11)."""

from __future__ import annotations

from typing import Final

from inferno.rules import phlegyas, plutus
from inferno.rules.actions import Act, Action, Decision, act
from inferno.rules.effects import pay_drachmas, take_from_graveyard
from inferno.rules.events import emit, gain_infamy
from inferno.rules.model import Board
from inferno.rules.state import EMPTY, LYING, Frame, State, make_frame

GRAVEYARD: Final = -1  # the Graveyard as a shield linked to every Limbo shield (S2)


class _Reach:
    """One board's index tables for the Hell listing, as bitmasks over shields (bit t = shield t).

    ``below[k]`` maps a set of circle ``k + 1`` shields (shifted down by the circle's lowest shield,
    ``low[k + 1]``) to the circle ``k`` shields with a line down into that set, -1 until a position
    needs it (empty for a circle spread over more than 16 shield numbers: then it is not remembered).
    """

    __slots__ = ("below", "board", "circle_mask", "circle_shields", "down_mask", "low", "passable", "walls")

    def __init__(self, board: Board, walls: int) -> None:
        self.board = board
        self.walls = walls
        self.circle_shields = board.circle_shields
        self.circle_mask = [sum(1 << t for t in cs) for cs in board.circle_shields]
        self.down_mask = [sum(1 << u for u in d) for d in board.down]
        cs = board.circle_shields
        self.low = [min(c, default=0) for c in cs]
        spans = [max(c, default=0) - low + 1 for c, low in zip(cs, self.low, strict=True)]
        self.below = [
            [-1] * (1 << spans[k + 1]) if k + 1 < len(cs) and spans[k + 1] <= 16 else [] for k in range(len(cs))
        ]
        self.passable: dict[int, int] = {}

    def through_walls(self, passages: int) -> int:
        """The shields just below the Walls of Dis a family with ``passages`` may enter."""
        m = self.passable.get(passages)
        if m is None:
            gate = self.board.gate
            cs = self.circle_shields
            row = cs[self.walls] if 0 <= self.walls < len(cs) else ()
            m = self.passable[passages] = sum(1 << u for u in row if gate[u] >= 0 and passages >> gate[u] & 1)
        return m

    def masks(self, empty: int, walls_mask: int, colour: int) -> tuple[int, int]:
        """(lands, descends) for a Soul of ``colour`` whose family may pass the Walls into ``walls_mask``.

        ``lands``: the shields where such a Soul that has just arrived can end its move legally. It
        stops on the first empty shield; on an occupied one it must jump on down a line, never below
        its own circle and never through the Walls of Dis without the mover's own passage.
        ``descends``: the shields above its circle from which it has a first step leading to a stop.
        """
        cm = self.circle_mask
        level = lands = empty & cm[colour]
        descends = 0
        walls = self.walls
        below = self.below
        low = self.low
        for k in range(colour - 1, 0, -1):
            m = level
            if k + 1 == walls:
                m &= walls_mask
            table = below[k]
            j = m >> low[k + 1]  # within the table: m holds circle k + 1 shields only
            d = table[j] if table else -1
            if d < 0:
                dm = self.down_mask
                d = sum(1 << t for t in self.circle_shields[k] if dm[t] & m)
                if table:
                    table[j] = d
            descends |= d
            level = d | (empty & cm[k])
            lands |= level
        return lands, descends


_REACH: Final[dict[int, _Reach]] = {}  # by id of the board
_EMPTY_BITS: Final = bytes.maketrans(bytes(range(256)), b"1" + b"0" * 255)
_STANDING_BITS: Final = bytes.maketrans(bytes(range(256)), b"0" + b"1" * (LYING - 1) + b"0" * (256 - LYING))
_MOVE: Final = tuple(act(Act.MOVE, t) for t in range(256))
_STEP: Final = tuple(act(Act.STEP, t) for t in range(256))
_ENTER: Final = tuple(act(Act.ENTER, c) for c in range(10))
_DONE: Final = act(Act.DONE)


def _reach(s: State) -> _Reach:
    b = s.board
    walls = s.rules.walls_above_circle
    r = _REACH.get(id(b))
    if r is None or r.board is not b or r.walls != walls:
        r = _REACH[id(b)] = _Reach(b, walls)
    return r


def _bits(hell: bytes, table: bytes) -> int:
    """The shields whose content (``hell`` as bytes) ``table`` maps to "1", as a bitmask."""
    return int(hell.translate(table)[::-1], 2)


class _Memo:
    """One position's empty shields and one family's passages, with the masks of each Soul colour
    computed at most once (and the empty shields only once something needs them)."""

    __slots__ = ("_empty", "hell", "passages", "reach", "seen", "walls_mask")

    def __init__(self, s: State, passages: int, hell: bytes | None = None) -> None:
        b = s.board  # _reach, inlined
        r = _REACH.get(id(b))
        if r is None or r.board is not b or r.walls != s.rules.walls_above_circle:
            r = _reach(s)
        self.reach = r
        self.hell = s.hell
        # _bits, inlined (a Memo is made for most listings of the Hell phase)
        self._empty = -1 if hell is None else int(hell.translate(_EMPTY_BITS)[::-1], 2)
        self.passages = passages
        m = r.passable.get(passages)
        self.walls_mask = r.through_walls(passages) if m is None else m
        self.seen: list[tuple[int, int] | None] = [None] * 10  # per colour 1..9

    def empty(self) -> int:
        """The empty shields, as a bitmask."""
        if self._empty < 0:
            self._empty = _bits(bytes(self.hell), _EMPTY_BITS)
        return self._empty

    def get(self, colour: int) -> tuple[int, int]:
        m = self.seen[colour]
        if m is None:
            e = self._empty
            m = self.seen[colour] = self.reach.masks(e if e >= 0 else self.empty(), self.walls_mask, colour)
        return m

    def first_steps(self, s: State, frm: int) -> int:
        """The shields a Soul at ``frm`` may step to along a line (its own circle's lines down,
        through the Walls of Dis only on the family's own passages), before any stop is checked."""
        r = self.reach
        d = r.down_mask[frm]
        if s.board.circle[frm] + 1 == r.walls:
            d &= self.walls_mask
        return d


def step_targets(s: State, p: int, colour: int, frm: int, memo: _Memo | None = None) -> list[int]:
    """Shields a Soul of ``colour`` at ``frm`` may step to next, each leading to a legal stop."""
    b = s.board
    if frm == GRAVEYARD:
        if memo is None:
            memo = _Memo(s, s.players[p].passages)
        lands = memo.get(colour)[0]
        return [t for t in b.circle_shields[1] if lands >> t & 1]
    if b.circle[frm] >= colour:
        return []
    if memo is None:  # the first steps need the board's lines and the family's passages only
        r = _reach(s)
        first = r.down_mask[frm]
        if b.circle[frm] + 1 == r.walls:
            first &= r.through_walls(s.players[p].passages)
    else:
        first = memo.first_steps(s, frm)
    down = b.down[frm]
    hell = s.hell
    for t in down:
        if first >> t & 1 and hell[t] != EMPTY:  # an occupied shield: the Soul must be able to jump on from it
            if memo is None:
                memo = _Memo(s, s.players[p].passages)
            first &= memo.get(colour)[0]
            break
    return [t for t in down if first >> t & 1]


def _can_move(s: State, colour: int, frm: int, memo: _Memo) -> bool:
    """Does a Soul of ``colour`` at ``frm`` have at least one legal move?"""
    if frm == GRAVEYARD:
        limbo = memo.reach.circle_mask[1]
        return memo.empty() & limbo != 0 or memo.get(colour)[0] & limbo != 0
    if s.board.circle[frm] >= colour:
        return False
    first = memo.first_steps(s, frm)
    return first & memo.empty() != 0 or memo.get(colour)[1] >> frm & 1 == 1


def _bell_slides(s: State, colour: int, frm: int, memo: _Memo) -> list[int]:
    """P&P, Phlegyas: shields beside ``frm`` a lifted Soul may slide to and still descend from."""
    if s.board.circle[frm] >= colour:
        return []
    return [u for u in phlegyas.slide_places(s, frm) if _can_move(s, colour, u, memo)]


def list_hell(s: State, frame: Frame) -> list[Action]:
    """Move exactly one Soul: a standing Soul that can move, or a Graveyard Soul (S2).

    With Phlegyas, a standing Soul that can move only after a Bell's slide may be chosen too (P&P).
    """
    p = frame.player
    hell = s.hell
    raw = bytes(hell)
    memo = _Memo(s, s.players[p].passages, raw)
    ring = s.ext is not None and phlegyas.can_ring(s, p)
    out = []
    circle = s.board.circle
    r = memo.reach
    down = r.down_mask
    above_walls = r.walls - 1
    empty = memo.empty()
    standing = int(raw.translate(_STANDING_BITS)[::-1], 2)  # _bits, inlined
    seen = memo.seen
    while standing:  # each standing Soul, in shield order (what _can_move asks, inlined)
        low = standing & -standing
        standing ^= low
        t = low.bit_length() - 1
        c = hell[t]
        k = circle[t]
        if k >= c:
            continue  # in its own circle (or below): it cannot move, nor slide to descend
        first = down[t] if k != above_walls else down[t] & memo.walls_mask
        if first & empty:
            out.append(_MOVE[t])
            continue
        m = seen[c]
        if m is None:
            m = memo.get(c)
        if m[1] & low or (ring and _bell_slides(s, c, t, memo)):
            out.append(_MOVE[t])
    # A Soul that can enter Hell from the Graveyard shows that any Soul of a later colour can too:
    # it may take the same path, as it may jump down to its own circle or deeper. An empty Limbo
    # shield lets every colour enter (what _can_move asks, inlined).
    gy = s.graveyard
    limbo = r.circle_mask[1]
    entering = empty & limbo != 0
    for c in range(1, 10):
        if gy[c] > 0 and (entering or (seen[c] or memo.get(c))[0] & limbo):
            entering = True
            out.append(_ENTER[c])
    return out


def apply_hell(s: State, frame: Frame, action: Action) -> None:
    p = frame.player
    sin = s.rules.circles
    if action.kind == Act.ENTER:
        c = action.a
        pay_drachmas(s, p, s.rules.ferry_cost, "Charon's ferry across the Acheron")
        take_from_graveyard(s, c, 1)
        if s.record_events:
            emit(
                s,
                "ferry",
                p,
                f"ferries a {sin[c - 1].sin} Soul from the Graveyard across the Acheron",
                "S2 Move one Soul",
            )
        s.stack.append(make_frame(Decision.HELL_STEP, p, c, GRAVEYARD))
    else:
        t = action.a
        c = s.hell[t]
        s.hell[t] = EMPTY
        if s.record_events:
            emit(s, "lift", p, f"moves the standing {sin[c - 1].sin} Soul on {s.board.labels[t]}", "S2 Move one Soul")
        if s.ext is not None and phlegyas.can_ring(s, p) and _bell_slides(s, c, t, _Memo(s, s.players[p].passages)):
            s.stack.append(make_frame(Decision.BELL, p, c, t))  # P&P: a Bell may slide it before it descends
        else:
            s.stack.append(make_frame(Decision.HELL_STEP, p, c, t))


def list_bell(s: State, frame: Frame) -> list[Action]:
    """P&P, Phlegyas: slide the lifted Soul to a listed shield (spending a Bell), or descend from where it is."""
    _, p, colour, frm = frame
    memo = _Memo(s, s.players[p].passages)
    out = [act(Act.BELL, u) for u in _bell_slides(s, colour, frm, memo)]
    if step_targets(s, p, colour, frm, memo):
        out.append(_DONE)
    return out


def list_step(s: State, frame: Frame) -> list[Action]:
    _, p, colour, frm = frame
    step = _STEP
    return [step[t] for t in step_targets(s, p, colour, frm)]


def land_soul(s: State, p: int, colour: int, t: int, why: str) -> None:
    """A Soul stops on empty shield ``t``: it lies down and scores in its own circle (S2)."""
    b = s.board
    ct = b.circle[t]
    if ct == colour:
        s.hell[t] = LYING + colour
        pts = s.rules.circle_infamy[ct]
        # the text only when the log keeps it
        text = f"lays a {s.rules.circles[colour - 1].sin} Soul down on {b.labels[t]} ({why})" if s.record_events else ""
        gain_infamy(s, p, pts, "souls", text, "S2 Soul movement: lying down")
    else:
        s.hell[t] = colour
        if s.record_events:
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
        if s.record_events:
            emit(s, "jump", p, f"the Soul jumps the occupied shield {s.board.labels[t]}", "S2 Soul movement: jumps")
        if s.ext is not None:
            plutus.cross(s, p, t)  # P&P: crossing another player's Desk pays its owner
        s.stack.append(make_frame(Decision.HELL_STEP, p, colour, t))
        return
    land_soul(s, p, colour, t, "Hell phase")
    s.quartiere = s.board.symbol[t]
    if s.record_events:
        q = s.rules.quartieri[s.quartiere]
        emit(
            s,
            "quartiere",
            p,
            f"must act in {q} ({s.rules.quartiere_symbols[s.quartiere]})",
            "S2 The shield picks the quartiere",
        )
    s.stack.append(make_frame(Decision.FLORENCE, p, 0))
    if s.ext is not None and s.board.circle[t] == colour:  # P&P: Desks and Bells gained by lying down
        phlegyas.after_lay_down(s, p, colour)
        plutus.after_lay_down(s, p, colour)


# --- questions about one Soul, for explanations (the same masks as the listing) -------------------


def below_own_circle(s: State, colour: int, t: int) -> bool:
    """Would a Soul of ``colour`` on shield ``t`` be below its own circle? (It never goes there: S2, S1 p.11.)"""
    return s.board.circle[t] > colour


def in_own_circle(s: State, colour: int, t: int) -> bool:
    """Has a Soul of ``colour`` on ``t`` reached its own circle (or deeper)? Then it cannot move (S2)."""
    return s.board.circle[t] >= colour


def passage_into(s: State, p: int, to: int) -> bool:
    """Does player ``p`` hold their own safe passage on the gate above the shield ``to``? A shield
    below the Walls with no gate above it is closed to every family (rulebook, Hell Phase p.11)."""
    gate = s.board.gate[to]
    return gate >= 0 and bool(s.players[p].passages >> gate & 1)


def crosses_walls(s: State, frm: int, to: int) -> bool:
    """Does the line from ``frm`` to ``to`` cross the Walls of Dis (S2, S1 p.11)?"""
    walls = s.rules.walls_above_circle
    circle = s.board.circle
    return frm != GRAVEYARD and circle[frm] + 1 == walls and circle[to] == walls


def soul_can_move(s: State, p: int, colour: int, frm: int, passages: int | None = None) -> bool:
    """Can player ``p`` move a Soul of ``colour`` from ``frm`` (GRAVEYARD: ferry it)? With ``passages``
    the family's safe passages are taken to be those instead (to ask what a passage would change)."""
    return _can_move(s, colour, frm, _Memo(s, s.players[p].passages if passages is None else passages))


def step_targets_with(s: State, p: int, colour: int, frm: int, passages: int) -> list[int]:
    """:func:`step_targets` as if the family had the safe passages ``passages``."""
    return step_targets(s, p, colour, frm, _Memo(s, passages))


def freeing_gates(s: State, p: int, colour: int, frm: int, to: int | None = None) -> list[int]:
    """The gates where a safe passage of ``p``'s own would let the Soul move (or step to ``to``)."""
    own = s.players[p].passages
    out = []
    for g in range(s.board.gates):
        if own >> g & 1:
            continue
        with_g = own | 1 << g
        if to is None:
            ok = soul_can_move(s, p, colour, frm, with_g)
        else:
            ok = to in step_targets_with(s, p, colour, frm, with_g)
        if ok:
            out.append(g)
    return out


def bell_slides(s: State, p: int, colour: int, frm: int) -> list[int]:
    """P&P, Phlegyas: the shields a Bell may slide player ``p``'s lifted Soul to."""
    return _bell_slides(s, colour, frm, _Memo(s, s.players[p].passages))
