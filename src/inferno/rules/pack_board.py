"""The Hell boards (``board_I_II.toml``, ``board_III_IV.toml``) and Dante's path (``dante_path.toml``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from inferno.rules.model import Board, DantePath, Stop, StopKind
from inferno.rules.reader import Reader


def read_board(
    r: Reader, side: str, symbols: tuple[str, ...], walls: int, start: tuple[int, ...], lo: int, hi: int
) -> Board:
    """Read and check a board file: its shields, their lines down, the gates of the Walls of Dis above
    circle ``walls``, every shield reachable from the Graveyard, and the Phlegethon cubes' start spaces
    printed on this side (``phlegethon.start``: one for all or one per circle 2–9, ``lo``..``hi``; without
    it ``start``, the 8 starts of ``core.toml``)."""
    if r.text("side") != side:
        raise r.fail("side", f"expected {side!r}")
    entries = r.seq("shield")
    labels: list[str] = []
    circle: list[int] = []
    symbol: list[int] = []
    raw_down: list[list[str]] = []
    raw_straight: list[str | None] = []
    raw_gate: list[int] = []
    for i, e in enumerate(entries):
        p = f"shield[{i}]"
        if not isinstance(e, Mapping):
            raise r.fail(p, "expected a table")
        sub = Reader(r.file, e, f"{p}.")
        label = sub.text("id")
        if label in labels:
            raise r.fail(p, f"duplicate shield id {label!r}")
        labels.append(label)
        circle.append(sub.num("circle", 1, 9))
        symbol.append(symbols.index(sub.text("symbol", symbols)))
        raw_down.append([sub.check_str(d, "down") for d in sub.seq("down")])
        st = e.get("straight")
        raw_straight.append(sub.check_str(st, "straight") if st is not None else None)
        raw_gate.append(sub.check_int(e.get("gate", 0), "gate", 0, 9))
    index = {lab: i for i, lab in enumerate(labels)}
    n = len(labels)
    down: list[tuple[int, ...]] = []
    straight: list[int] = []
    for i in range(n):
        p = f"shield {labels[i]}"
        ds = []
        for d in raw_down[i]:
            if d not in index:
                raise r.fail(p, f"line to unknown shield {d!r}")
            if circle[index[d]] != circle[i] + 1:
                raise r.fail(p, f"line to {d} does not go down exactly one circle")
            ds.append(index[d])
        if circle[i] < 9 and not ds:
            raise r.fail(p, "a shield above circle 9 needs at least one line down")
        down.append(tuple(ds))
        st = raw_straight[i]
        if st is None:
            straight.append(ds[0] if ds else -1)
        elif st not in index or index[st] not in ds:
            raise r.fail(p, f"straight line {st!r} is not one of its lines down")
        else:
            straight.append(index[st])
    # A gate stands just above a shield of the first circle below the Walls (rulebook, Hell Phase p.11).
    # That every such shield has a gate of its own is only an inference: a shield may have none (the
    # Walls are closed there) and one gate may stand above several shields.
    gate = []
    for i in range(n):
        g = raw_gate[i]
        if g and circle[i] != walls:
            raise r.fail(f"shield {labels[i]}", f"gates sit only above circle-{walls} shields")
        gate.append(g - 1)
    gates = max(gate) + 1 if gate else 0
    if not gates:
        raise r.fail("gate", f"the Walls of Dis need at least one gate above a circle-{walls} shield")
    if {g for g in gate if g >= 0} != set(range(gates)):
        raise r.fail("gate", "gates must be numbered 1..G with no number missing")
    circle_shields = tuple(tuple(i for i in range(n) if circle[i] == k) for k in range(10))
    for k in range(1, 10):
        if not circle_shields[k]:
            raise r.fail("shield", f"circle {k} has no shields")
    up = tuple(tuple(j for j in range(n) if i in down[j]) for i in range(n))
    reach = set(circle_shields[1])
    for k in range(1, 9):
        for i in circle_shields[k]:
            if i in reach:
                reach.update(down[i])
    missing = [labels[i] for i in range(n) if i not in reach]
    if missing:
        raise r.fail("shield", f"not reachable from the Graveyard: {', '.join(missing)}")
    return Board(
        side,
        tuple(labels),
        tuple(circle),
        tuple(symbol),
        tuple(down),
        up,
        tuple(straight),
        tuple(gate),
        circle_shields,
        gates,
        index,
        (0, 0, *(r.num_or_ints("phlegethon.start", 8, lo, hi) if r.has("phlegethon.start") else start)),
    )


def read_stop(r: Reader, text: Any, path: str) -> Stop:
    """A stop of Dante's path: F (Fraud), P (Pagan), D2-D8 (a Diploma) or END."""
    t = r.check_str(text, path)
    if t == "F":
        return Stop(StopKind.FRAUD)
    if t == "P":
        return Stop(StopKind.PAGAN)
    if t == "END":
        return Stop(StopKind.END, 9)
    if t.startswith("D") and t[1:].isdigit() and 2 <= int(t[1:]) <= 8:
        return Stop(StopKind.DIPLOMA, int(t[1:]))
    raise r.fail(path, f"unknown stop {t!r} (F, P, D2-D8 or END)")


def read_dante(r: Reader, side: str) -> DantePath:
    """Read and check Dante's path for board side ``side`` (``dante_path.toml``): its stops, the start
    by player count and the shortcuts."""
    base = f"sides.{side}"
    node = r.get(base)
    if not isinstance(node, Mapping):
        raise r.fail(base, "expected a table")
    path = tuple(read_stop(r, s, f"{base}.path[{i}]") for i, s in enumerate(r.seq(f"{base}.path")))
    if not path or path[-1].kind is not StopKind.END or any(s.kind is StopKind.END for s in path[:-1]):
        raise r.fail(f"{base}.path", "the path must end with exactly one END stop")
    start: dict[int, int] = {}
    for k, v in r.table(f"{base}.start", optional=True).items():
        start[r.whole_key(k, f"{base}.start.{k}", 1, 4)] = r.check_int(v, f"{base}.start.{k}", 0, len(path) - 1)
    shortcut: dict[int, tuple[int, ...]] = {}
    for k in r.table(f"{base}.shortcut", optional=True):
        n = r.whole_key(k, f"{base}.shortcut.{k}", 1, 4)
        idx = r.ints(f"{base}.shortcut.{k}")
        for i in idx:
            if not 0 <= i < len(path) - 1:
                raise r.fail(f"{base}.shortcut.{k}", f"index {i} is outside the path")
        shortcut[n] = idx
    return DantePath(side, path, start, shortcut)
