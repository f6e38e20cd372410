"""A Hell board given in code, checked like the board data files.

A board is a list of shields. Each shield has its name (``"3.1"``: circle 3, first shield), the
quartiere symbol printed on it, the lines down to shields of the next circle, optionally which of
them is the straight line down, and, on the circle below the Walls of Dis, the gate above it::

    >>> import inferno
    >>> from inferno.rules.boards import ShieldSpec, with_board
    >>> shields = [
    ...     ShieldSpec(f"{c}.{k}", "keys" if k == 1 else "goat", down=(f"{c + 1}.{k}",) if c < 9 else (), gate=k if c == 6 else 0)
    ...     for c in range(1, 10)
    ...     for k in (1, 2)
    ... ]
    >>> rules = with_board(inferno.load_rules(), "I/II", shields)
    >>> rules.boards["I/II"].size
    18
    >>> with_board(inferno.load_rules(), "I/II", shields[:-1])
    Traceback (most recent call last):
    ...
    inferno.rules.reader.RulesDataError: board given in code: shield 8.2: line to unknown shield '9.2'
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from inferno.rules.model import Rules
from inferno.rules.pack_board import read_board
from inferno.rules.pickling import register_frozen
from inferno.rules.reader import Reader, RulesDataError

SOURCE = "board given in code"


@dataclass(frozen=True, slots=True)
class ShieldSpec:
    """One shield of a board given in code (see the module's example)."""

    name: str
    symbol: str
    down: tuple[str, ...] = ()
    straight: str | None = None  # the straight line down (default: the first of ``down``)
    gate: int = 0  # the gate above this shield (1-based), for shields of the circle below the Walls

    def to_data(self) -> dict[str, Any]:
        """The shield as a board data file writes it."""
        circle, _, _ = self.name.partition(".")
        if not (circle.isascii() and circle.isdigit()):
            raise RulesDataError(SOURCE, f"shield {self.name!r}", "shields are named circle.position, e.g. 3.2")
        d: dict[str, Any] = {"id": self.name, "circle": int(circle), "symbol": self.symbol, "down": list(self.down)}
        if self.straight is not None:
            d["straight"] = self.straight
        if self.gate:
            d["gate"] = self.gate
        return d


def board_data(side: str, shields: Sequence[ShieldSpec]) -> dict[str, Any]:
    """The board as the data files hold it (``board_I_II.toml``'s tables)."""
    return {"side": side, "shield": [sh.to_data() for sh in shields]}


def with_board(rules: Rules, side: str, shields: Sequence[ShieldSpec]) -> Rules:
    """``rules`` with board side ``side``'s Hell replaced by ``shields`` (checked as a data file is; the
    side's Phlegethon starts stay).

    The result has its own fingerprint, so a snapshot or record made on it does not load with the
    plain rules by mistake.
    """
    if side not in rules.boards:
        raise RulesDataError(SOURCE, "side", f"unknown board side {side!r} (choose {', '.join(rules.boards)})")
    data = board_data(side, shields)
    start = rules.boards[side].phleg_start[2:]  # the side's Phlegethon stays as printed
    board = read_board(
        Reader(SOURCE, data),
        side,
        rules.quartiere_symbols,
        rules.walls_above_circle,
        start,
        rules.phleg_min,
        rules.phleg_max,
    )
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]
    return dataclasses.replace(
        rules,
        boards={**rules.boards, side: board},
        fingerprint=f"{rules.fingerprint}+board-{digest}",
        source=f"{rules.source} + {SOURCE}",
    )


register_frozen(ShieldSpec)
