"""Hell phase: which Souls may move, jump chains, the Walls of Dis, lying down (S2, S1 p.11)."""

from __future__ import annotations

from itertools import compress
from typing import Final

from inferno.rules import phlegyas, plutus
from inferno.rules.actions import Act, Action, Decision, act
from inferno.rules.effects import pay_drachmas, take_from_graveyard
from inferno.rules.events import emit, gain_infamy
from inferno.rules.model import Board
from inferno.rules.state import EMPTY, LYING, Frame, State, make_frame

GRAVEYARD: Final = -1  # the Graveyard as a shield linked to every Limbo shield (S2)

# Shields of one circle as a small bitmask: bit i = the circle's i-th shield (``circle_shields[k][i]``).
# Every mask the Hell listing works with holds the shields of one circle only, so it stays a small
# number whatever the board's size (on 48 shields, masks over the whole board are two-digit ints, and
# each operation on one allocates).
_TABLE_BITS: Final = 12  # a circle with more shields than this is looked up shield by shield


class _Passages:
    """One board's tables for a family holding the safe passages ``passages``: the Walls of Dis
    already applied, so no listing has to ask where the Walls are."""

    __slots__ = ("firsts", "tables", "walls_mask")

    def __init__(self, r: _Reach, passages: int) -> None:
        b = r.board
        gate = b.gate
        walls = r.walls
        row = r.circle_shields[walls]
        # the circle-``walls`` shields just below the Walls that this family may enter
        wm = 0
        for i, u in enumerate(row):
            if gate[u] >= 0 and passages >> gate[u] & 1:
                wm |= 1 << i
        self.walls_mask = wm
        firsts = r.firsts.copy()
        for t in r.circle_shields[walls - 1]:
            firsts[t] &= wm
        self.firsts = firsts
        tables = r.tables
        if tables is not None:
            tables = tables.copy()
            above = tables[walls - 1]
            tables[walls - 1] = [above[m & wm] for m in range(len(above))]
        self.tables = tables


class _Reach:
    """One board's index tables for the Hell listing, each mask over the shields of one circle.

    ``firsts[t]``: the shields of the next circle down that shield ``t`` has a line to. ``tables[k][m]``
    (k = 1..8): the circle ``k`` shields with a line down into the set ``m`` of circle ``k + 1``
    shields (None when a circle has more than ``_TABLE_BITS`` shields: then worked out each time).
    """

    __slots__ = (
        "board",
        "by_passages",
        "circle",
        "circle_shields",
        "firsts",
        "pos",
        "shields",
        "spans",
        "tables",
        "walls",
    )

    def __init__(self, board: Board, walls: int) -> None:
        self.board = board
        self.walls = walls
        self.circle = board.circle
        cs = board.circle_shields
        self.circle_shields = cs
        n = len(board.circle)
        self.shields = range(n)
        pos = [0] * n
        for row in cs:
            for i, t in enumerate(row):
                pos[t] = i
        self.pos = pos
        firsts = [0] * n
        for t, d in enumerate(board.down):
            for u in d:
                firsts[t] |= 1 << pos[u]
        self.firsts = firsts
        # Where each circle's shields sit in the board's numbering: (lowest shield, all its bits) when
        # each circle's are numbered one after another, as in the data files; None when not.
        low = [row[0] if row else 0 for row in cs]
        contiguous = all(list(row) == list(range(lo, lo + len(row))) for row, lo in zip(cs, low, strict=True))
        self.spans = [(lo, (1 << len(row)) - 1) for row, lo in zip(cs, low, strict=True)] if contiguous else None
        tables: list[list[int]] | None = None
        if all(len(row) <= _TABLE_BITS for row in cs[2:]):
            tables = [[] for _ in cs]
            for k in range(1, len(cs) - 1):
                # the circle-k shields with a line into each single circle-(k + 1) shield, then every set
                single = [0] * len(cs[k + 1])
                for i, t in enumerate(cs[k]):
                    f = firsts[t]
                    for j in range(len(single)):
                        if f >> j & 1:
                            single[j] |= 1 << i
                table = [0] * (1 << len(single))
                for m in range(1, len(table)):
                    bit = m & -m
                    table[m] = table[m ^ bit] | single[bit.bit_length() - 1]
                tables[k] = table
        self.tables = tables
        self.by_passages: dict[int, _Passages] = {}

    def passages(self, passages: int) -> _Passages:
        """The tables for a family holding ``passages`` (made once per board and passages)."""
        got = self.by_passages.get(passages)
        if got is None:
            got = self.by_passages[passages] = _Passages(self, passages)
        return got

    def empties(self, hell: list[int], raw: bytes | None) -> list[int]:
        """The empty shields of each circle (``raw``: ``hell`` as bytes, when the caller has it)."""
        spans = self.spans
        if spans is None:
            return [sum(1 << i for i, t in enumerate(row) if hell[t] == EMPTY) for row in self.circle_shields]
        if raw is None:
            raw = bytes(hell)
        e = int(raw.translate(_EMPTY_BITS)[::-1], 2)
        return [e >> low & bits for low, bits in spans]


_REACH: Final[dict[int, _Reach]] = {}  # by id of the board
_EMPTY_BITS: Final = bytes.maketrans(bytes(range(256)), b"1" + b"0" * 255)
_STANDING: Final = bytes.maketrans(bytes(range(256)), bytes(1 if 0 < v < LYING else 0 for v in range(256)))
_MOVE: Final = tuple(act(Act.MOVE, t) for t in range(256))
_STEP: Final = tuple(act(Act.STEP, t) for t in range(256))
_ENTER: Final = tuple(act(Act.ENTER, c) for c in range(10))
_DONE: Final = act(Act.DONE)
# Enum members read once (a ``Decision.X`` at run time is a lookup through the enum's metaclass).
_ENTER_KIND: Final = Act.ENTER
_HELL_STEP: Final = Decision.HELL_STEP
_FLORENCE: Final = Decision.FLORENCE


def _reach(s: State) -> _Reach:
    b = s.board
    walls = s.rules.walls_above_circle
    r = _REACH.get(id(b))
    if r is None or r.board is not b or r.walls != walls:
        r = _REACH[id(b)] = _Reach(b, walls)
    return r


class _Memo:
    """One position's empty shields and one family's passages, with the landing places of each Soul
    colour worked out at most once."""

    __slots__ = ("empty", "passages", "reach", "seen")

    def __init__(self, s: State, passages: int, raw: bytes | None = None) -> None:
        b = s.board  # _reach, inlined
        r = _REACH.get(id(b))
        if r is None or r.board is not b or r.walls != s.rules.walls_above_circle:
            r = _reach(s)
        self.reach = r
        self.passages = r.passages(passages)
        self.empty = r.empties(s.hell, raw)  # per circle
        self.seen: list[list[int] | None] = [None] * 10  # per colour 1..9

    def lands(self, colour: int) -> list[int]:
        """Per circle k up to ``colour``'s own: the circle-k shields where a Soul of ``colour`` that has
        just arrived can end its move legally. It stops on the first empty shield; on an occupied one it
        must jump on down a line, never below its own circle and never through the Walls of Dis without
        the mover's own passage."""
        got = self.seen[colour]
        if got is not None:
            return got
        empty = self.empty
        out = empty.copy()
        level = empty[colour]
        tables = self.passages.tables
        if tables is not None:
            for k in range(colour - 1, 0, -1):
                level = out[k] = tables[k][level] | empty[k]
        else:
            firsts = self.passages.firsts
            cs = self.reach.circle_shields
            for k in range(colour - 1, 0, -1):
                d = 0
                for i, t in enumerate(cs[k]):
                    if firsts[t] & level:
                        d |= 1 << i
                level = d | empty[k]
                out[k] = level
        self.seen[colour] = out
        return out


def step_targets(s: State, p: int, colour: int, frm: int, memo: _Memo | None = None) -> list[int]:
    """Shields a Soul of ``colour`` at ``frm`` may step to next, each leading to a legal stop."""
    b = s.board
    if frm == GRAVEYARD:
        if memo is None:
            memo = _Memo(s, s.players[p].passages)
        limbo = memo.lands(colour)[1]
        return [t for i, t in enumerate(b.circle_shields[1]) if limbo >> i & 1]
    k = b.circle[frm] + 1
    if k > colour:
        return []
    # the first steps need the board's lines and the family's passages only
    r = _reach(s) if memo is None else memo.reach
    first = (r.passages(s.players[p].passages) if memo is None else memo.passages).firsts[frm]
    pos = r.pos
    down = b.down[frm]
    hell = s.hell
    for t in down:
        if first >> pos[t] & 1 and hell[t] != EMPTY:  # an occupied shield: the Soul must be able to jump on from it
            if memo is None:
                memo = _Memo(s, s.players[p].passages)
            first &= memo.lands(colour)[k]
            break
    return [t for t in down if first >> pos[t] & 1]


def _can_move(s: State, colour: int, frm: int, memo: _Memo) -> bool:
    """Does a Soul of ``colour`` at ``frm`` have at least one legal move?"""
    if frm == GRAVEYARD:
        return memo.lands(colour)[1] != 0
    k = s.board.circle[frm] + 1
    if k > colour:
        return False
    return memo.passages.firsts[frm] & memo.lands(colour)[k] != 0


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
    r = memo.reach
    circle = r.circle
    firsts = memo.passages.firsts
    tables = memo.passages.tables
    empty = memo.empty
    seen = memo.seen
    # each standing Soul, in shield order (what _can_move asks, inlined)
    for t in compress(r.shields, raw.translate(_STANDING)):
        c = hell[t]
        k = circle[t] + 1
        if k > c:
            continue  # in its own circle (or below): it cannot move, nor slide to descend
        first = firsts[t]
        if first & empty[k]:
            out.append(_MOVE[t])
            continue
        lands = seen[c]
        if lands is None:
            if tables is None:
                lands = memo.lands(c)
            else:  # memo.lands, inlined
                lands = seen[c] = empty.copy()
                level = empty[c]
                for j in range(c - 1, 0, -1):
                    level = lands[j] = tables[j][level] | empty[j]
        if first & lands[k] or (ring and _bell_slides(s, c, t, memo)):
            out.append(_MOVE[t])
    # A Soul that can enter Hell from the Graveyard shows that any Soul of a later colour can too:
    # it may take the same path, as it may jump down to its own circle or deeper. An empty Limbo
    # shield lets every colour enter (what _can_move asks, inlined).
    gy = s.graveyard
    entering = empty[1] != 0
    for c in range(1, 10):
        if gy[c] > 0 and (entering or (seen[c] or memo.lands(c))[1]):
            entering = True
            out.append(_ENTER[c])
    return out


def apply_hell(s: State, frame: Frame, action: Action) -> None:
    p = frame.player
    sin = s.rules.circles
    if action.kind == _ENTER_KIND:
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
        s.stack.append(make_frame(_HELL_STEP, p, c, GRAVEYARD))
    else:
        t = action.a
        c = s.hell[t]
        s.hell[t] = EMPTY
        if s.record_events:
            emit(s, "lift", p, f"moves the standing {sin[c - 1].sin} Soul on {s.board.labels[t]}", "S2 Move one Soul")
        if s.ext is not None and phlegyas.can_ring(s, p) and _bell_slides(s, c, t, _Memo(s, s.players[p].passages)):
            s.stack.append(make_frame(Decision.BELL, p, c, t))  # P&P: a Bell may slide it before it descends
        else:
            s.stack.append(make_frame(_HELL_STEP, p, c, t))


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
        s.stack.append(make_frame(_HELL_STEP, p, colour, t))
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
    s.stack.append(make_frame(_FLORENCE, p, 0))
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
