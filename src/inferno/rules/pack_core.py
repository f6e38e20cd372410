"""The core rules (``core.toml``): the circles and the tables the other data files are checked against.

The rest of ``core.toml``'s values are read last, as :func:`inferno.rules.pack.build_rules` builds the
:class:`~inferno.rules.model.Rules`, after the values they bound in the other files.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from inferno.rules.model import Circle
from inferno.rules.pickling import register_frozen
from inferno.rules.reader import Reader, table_list


@dataclass(frozen=True, slots=True)
class CoreTables:
    """The values of ``core.toml`` read first: the circles, the Hell's shape, the River Styx, the loans."""

    circles: tuple[Circle, ...]
    ids: tuple[str, ...]  # the circles' sin ids, Limbo first
    quartiere_symbols: tuple[str, ...]
    quartieri: tuple[str, ...]
    walls: int  # the Walls of Dis stand above this circle
    styx: dict[int, tuple[str, ...]]  # Souls returned -> the advances they give
    loans: tuple[tuple[int, int], ...]  # (immediate, end-game) cost of each loan position
    reputation: tuple[tuple[str, str, int], ...]  # (id, name, Infamy) of each award
    upper: tuple[int, ...]
    lower: tuple[int, ...]
    phleg_min: int
    phleg_max: int

    def circle_of(self, r: Reader, ident: Any, path: str, lo: int = 1) -> int:
        """The circle whose sin id is ``ident`` (``lo`` or deeper), refused at ``path`` of ``r`` if none."""
        s = r.check_str(ident, path, self.ids[lo - 1 :])
        return self.ids.index(s) + 1


def read_circles(r: Reader) -> tuple[Circle, ...]:
    """The nine circles, Limbo first, each with its sin, colour and symbols."""
    out = []
    for i, e in enumerate(r.seq("circles.list", 9)):
        p = f"circles.list[{i}]"
        if not isinstance(e, Mapping):
            raise r.fail(p, "expected a table")
        sub = Reader(r.file, e, f"{p}.")
        number = sub.num("circle", 1, 9)
        if number != i + 1:
            raise r.fail(p, f"circles must be listed 1..9 in order, found circle {number}")
        out.append(
            Circle(
                number,
                sub.text("id"),
                sub.text("sin"),
                sub.text("colour"),
                sub.text("hex"),
                sub.text("glyph"),
                sub.text("letter"),
            )
        )
    ids = [c.id for c in out]
    if len(set(ids)) != 9:
        raise r.fail("circles.list", "circle ids must be unique")
    return tuple(out)


def read_core_tables(core: Reader) -> CoreTables:
    """Read and check the circles and the tables of ``core.toml`` that the other files depend on."""
    circles = read_circles(core)
    symbols = tuple(core.check_str(s, "setup.quartiere_symbols") for s in core.seq("setup.quartiere_symbols", 4))
    quartieri = tuple(core.check_str(s, "setup.quartieri") for s in core.seq("setup.quartieri", 4))
    walls = core.num("hell.walls_above_circle", 2, 9)
    styx: dict[int, tuple[str, ...]] = {}
    for e in table_list(core, "styx.table"):
        souls = e.num("souls", 1, 3)
        styx[souls] = tuple(e.check_str(a, "advances", ("U", "L")) for a in e.seq("advances"))
    if sorted(styx) != [1, 2, 3]:
        raise core.fail("styx.table", "needs one row for each of 1, 2 and 3 Souls")
    loans = tuple((e.num("immediate"), e.num("endgame")) for e in table_list(core, "loans.positions"))
    if not loans:
        raise core.fail("loans.positions", "needs at least one position")
    reputation = tuple(
        (e.text("id"), e.text("name"), e.num("infamy", 0)) for e in table_list(core, "reputation.awards")
    )
    upper = core.ints("tracks.upper", 4, 2)
    lower = core.ints("tracks.lower", 4, 2)
    phleg_min = core.num("phlegethon.min", 0)
    phleg_max = core.num("phlegethon.max", phleg_min)
    return CoreTables(
        circles,
        tuple(c.id for c in circles),
        symbols,
        quartieri,
        walls,
        styx,
        loans,
        reputation,
        upper,
        lower,
        phleg_min,
        phleg_max,
    )


register_frozen(CoreTables)
