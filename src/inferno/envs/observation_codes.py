"""How the observation sorts the codes of the state's lists into categories: a Hell shield's code
(empty, a Soul, a lying Soul, a tile, a Guardian, the pit) and a Tower space's code (empty, a family
member, a Guest, a Barrel), as lookup tables indexed by code."""

from __future__ import annotations

from inferno.rules.state import GUARDIAN, LYING, PIT, T_BARREL, T_GUEST, T_NOBLE, T_URCHIN, TILE


def hell_categories(slots: int) -> list[int]:
    """Shield code -> category (-1: not a shield code): 0 empty, 1-9 Soul, 10-18 lying Soul, 19-27 tile,
    then Guardian slots, pit; Desks (owner-relative) follow the pit and are placed by the encoder."""
    lut = [-1] * (PIT + 1)
    lut[0] = 0
    for c in range(1, 10):
        lut[c] = c
        lut[LYING + c] = 9 + c
        lut[TILE + c] = 18 + c
    for slot in range(slots):
        lut[GUARDIAN + slot] = 28 + slot
    lut[PIT] = 28 + slots
    return lut


def tower_categories(circles: int, barrels: int) -> list[int]:
    """Tower space code -> category (-1: not a code): 0 empty, 1 noble, 2 urchin, 3.. Guest by circle,
    then Barrels."""
    lut = [-1] * (T_BARREL + barrels)
    lut[0] = 0
    lut[T_NOBLE] = 1
    lut[T_URCHIN] = 2
    for c in range(1, circles + 1):
        lut[T_GUEST + c] = 2 + c
    for b in range(barrels):
        lut[T_BARREL + b] = 3 + circles + b
    return lut
