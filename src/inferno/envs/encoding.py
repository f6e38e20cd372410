"""The fixed action index: every ``Action(kind, a, b)`` of any game, on either board side, is one integer.

The index space is laid out kind by kind, in :class:`~inferno.rules.actions.Act` order. Each kind owns
a block of ``size(a) * size(b)`` consecutive indices; inside its block an action's index is
``(a - low(a)) * size(b) + (b - low(b))``. The argument domains come from the rules data's maximum
sizes, so one index means the same action in every game played with those rules:

==========  ===============================================  =====  ====
domain      values                                           low    size
==========  ===============================================  =====  ====
circle      circle / sin / Soul colour number (1-9)          1      9
shield      Hell shield index (largest board side)           0      46
location    Florence location index                          0      8
place       location index, or 8 = the Tower (RECALL)        0      9
member      0 = noble, 1 = urchin                            0      2
space       Tower space index (floor * spaces + slot)        0      10
floor       Tower floor                                      0      5
florins     Florins exchanged (1 .. largest exchange_max)    1      3
gate        gate index (largest board side)                  0      5
barrel      Barrel index                                     0      4
slot        active Guardian slot                             0      2
card        Fraud card index                                 0      24
half        card half / effect (0 or 1)                      0      2
souls       Souls drowned by the River Styx (1 .. 3)         1      3
==========  ===============================================  =====  ====

(Sizes shown are those of the bundled rules data; :func:`action_table` prints the full table of blocks,
which docs/research/observation.md reproduces.) Environments add one index after the game's actions, ``WAIT``,
used only by seats that are not to move in the PettingZoo environment's ``cyclic`` turn order.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from inferno.rules.actions import Act, Action, MalformedActionError
from inferno.rules.model import MEMBER_KINDS, Rules
from inferno.rules.pack import load_rules
from inferno.rules.state import TOWER_LOC

# The argument domains of each action kind (a, then b); kinds with no arguments have none.
ARGS: dict[Act, tuple[str, ...]] = {
    Act.ENTER: ("circle",),
    Act.MOVE: ("shield",),
    Act.STEP: ("shield",),
    Act.BRIBE: (),
    Act.SEND: ("location", "member"),
    Act.ACCUSE: ("location", "member"),
    Act.COUNCIL: (),
    Act.DONE: (),
    Act.HOME: ("member",),
    Act.SWAP: ("space", "space"),
    Act.EXCHANGE: ("florins",),
    Act.PHLEG: ("circle",),
    Act.GATE: ("gate",),
    Act.GUARDIAN: (),
    Act.STYX: (),
    Act.FRAUD: (),
    Act.DELIVER: ("barrel",),
    Act.BARREL: ("barrel", "floor"),
    Act.GUEST: ("circle", "floor"),
    Act.RECALL: ("place", "member"),
    Act.DISMISS: ("circle",),
    Act.RETURN: ("barrel",),
    Act.DROWN: ("circle", "souls"),
    Act.TRACK: ("circle",),
    Act.GMOVE: ("slot", "shield"),
    Act.TARGET: ("shield", "shield"),
    Act.PLAY: ("card",),
    Act.BUY: ("card",),
    Act.PLAY_DECK: (),
    Act.EFFECT: ("half",),
    Act.DRAW: ("card",),
    Act.DRAW_DECK: (),
    Act.DIPLOMA: ("circle",),
    Act.FLOOR: ("floor",),
    Act.DESK: ("shield",),
    Act.BELL: ("shield",),
}


@dataclass(frozen=True, slots=True)
class Domain:
    """The values ``low .. low + size - 1`` an action argument can take."""

    name: str
    low: int
    size: int


@dataclass(frozen=True, slots=True)
class Block:
    """The indices ``start .. start + count - 1`` of one action kind."""

    kind: Act
    start: int
    args: tuple[Domain, ...]

    @property
    def count(self) -> int:
        n = 1
        for d in self.args:
            n *= d.size
        return n


def _domains(rules: Rules) -> dict[str, Domain]:
    exchange = max(loc.params.get("exchange_max", 0) for loc in rules.locations)
    if TOWER_LOC != len(rules.locations):
        raise AssertionError("the Tower's recall code must follow the last location")
    sizes = {
        "circle": (1, len(rules.circles)),
        "shield": (0, max(b.size for b in rules.boards.values())),
        "location": (0, len(rules.locations)),
        "place": (0, len(rules.locations) + 1),
        "member": (0, len(MEMBER_KINDS)),
        "space": (0, rules.tower_floors * rules.spaces_per_floor),
        "floor": (0, rules.tower_floors),
        "florins": (1, exchange),
        "gate": (0, max(b.gates for b in rules.boards.values())),
        "barrel": (0, len(rules.barrels)),
        "slot": (0, rules.guardians_active),
        "card": (0, len(rules.fraud_cards)),
        "half": (0, 2),
        "souls": (1, max(rules.styx_table)),
    }
    return {name: Domain(name, low, size) for name, (low, size) in sizes.items()}


class ActionEncoding:
    """The fixed bijection between the game's actions and ``range(size)`` for one rules data set."""

    def __init__(self, rules: Rules) -> None:
        self.domains = _domains(rules)
        blocks = []
        start = 0
        for kind in Act:
            block = Block(kind, start, tuple(self.domains[n] for n in ARGS[kind]))
            blocks.append(block)
            start += block.count
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self._by_kind = {b.kind: b for b in blocks}
        self.size = start
        self._starts = np.array([b.start for b in blocks], dtype=np.int64)
        self._index: dict[Action, int] = {}  # actions seen so far -> index (filled by indices())
        self._actions: list[Action] | None = None  # index -> action (built on first use)

    def encode(self, action: Action) -> int:
        """The index of ``action``; raises MalformedActionError for an argument outside its domain."""
        block = self._by_kind.get(Act(action[0]))
        if block is None:
            raise MalformedActionError(f"not an action: {action!r}")
        idx = 0
        values = (action[1], action[2])
        for i, d in enumerate(block.args):
            v = values[i] - d.low
            if not 0 <= v < d.size:
                raise MalformedActionError(f"{action!r}: argument {i + 1} outside the {d.name} domain")
            idx = idx * d.size + v
        for i in range(len(block.args), 2):
            if values[i] != 0:
                raise MalformedActionError(f"{action!r}: {block.kind.name} takes {len(block.args)} argument(s)")
        return block.start + idx

    def decode(self, index: int) -> Action:
        """The action with this index; raises MalformedActionError outside ``range(size)``."""
        i = int(index)
        if not 0 <= i < self.size:
            raise MalformedActionError(f"action index {index!r} outside 0..{self.size - 1}")
        block = self.blocks[int(np.searchsorted(self._starts, i, side="right")) - 1]
        rest = i - block.start
        vals = [0, 0]
        for k in range(len(block.args) - 1, -1, -1):
            d = block.args[k]
            rest, v = divmod(rest, d.size)
            vals[k] = v + d.low
        return Action(block.kind, vals[0], vals[1])

    def action(self, index: int) -> Action:
        """:meth:`decode` from a table (built on first use): the action with this index."""
        table = self._actions
        if table is None:
            table = self._actions = [self.decode(i) for i in range(self.size)]
        i = int(index)
        if not 0 <= i < self.size:
            raise MalformedActionError(f"action index {index!r} outside 0..{self.size - 1}")
        return table[i]

    def indices(self, actions: list[Action]) -> list[int]:
        """The index of each action (:meth:`encode`, remembered per action)."""
        known = self._index
        try:
            return [known[a] for a in actions]
        except KeyError:
            for a in actions:
                if a not in known:
                    known[a] = self.encode(a)
            return [known[a] for a in actions]

    def mask(self, actions: list[Action], size: int | None = None) -> np.ndarray:
        """An int8 vector of length ``size`` (default: this encoding's size) with 1 at each action's index."""
        # A few actions: set bytes one by one (no list-to-array conversion), then view them as int8.
        m = bytearray(self.size if size is None else size)
        known = self._index
        try:
            for a in actions:
                m[known[a]] = 1
        except KeyError:
            for i in self.indices(actions):
                m[i] = 1
        return np.frombuffer(m, dtype=np.int8)


_CACHE: dict[str, ActionEncoding] = {}


def encoding_for(rules: Rules) -> ActionEncoding:
    """The (cached) action encoding of a rules data set."""
    enc = _CACHE.get(rules.fingerprint)
    if enc is None:
        enc = _CACHE[rules.fingerprint] = ActionEncoding(rules)
    return enc


def default_encoding() -> ActionEncoding:
    """The action encoding of the bundled rules data."""
    return encoding_for(load_rules())


def action_table(enc: ActionEncoding | None = None) -> str:
    """The blocks of the action index as a Markdown table (reproduced in docs/research/observation.md)."""
    enc = enc or default_encoding()
    lines = ["| kind | first index | count | a | b |", "|---|---:|---:|---|---|"]
    for b in enc.blocks:
        names = [f"{d.name} ({d.low}..{d.low + d.size - 1})" for d in b.args] + ["", ""]
        lines.append(f"| {b.kind.name} | {b.start} | {b.count} | {names[0]} | {names[1]} |")
    lines.append(f"| (WAIT, environments only) | {enc.size} | 1 |  |  |")
    return "\n".join(lines)
