"""The places of Florence and Hell's keepers: the locations and Barrels (``locations.toml``) and the
Guardians (``guardians.toml``)."""

from __future__ import annotations

from dataclasses import dataclass

from inferno.rules.model import Barrel, Guardian, GuardianEffect, Location, LocationAction
from inferno.rules.pack_core import CoreTables
from inferno.rules.pickling import register_frozen
from inferno.rules.reader import Reader, table_list

# The parameters each location's action needs (``params`` in ``locations.toml``).
REQUIRED_PARAMS = {
    "bank": ("base_florins", "florins_per_guest"),
    "courtyard": ("home_max", "rearrange_moves"),
    "bonfire": ("exchange_max", "phlegethon_step", "guardian_cost", "styx_cost", "styx_souls"),
    "wall": ("exchange_max", "fraud_cost"),
}


@dataclass(frozen=True, slots=True)
class Places:
    """What ``locations.toml`` holds: the Barrels, the eight locations and the Guests' colours."""

    barrels: tuple[Barrel, ...]
    locations: tuple[Location, ...]
    guest_circles: tuple[int, ...]

    @property
    def barrel_ids(self) -> tuple[str, ...]:
        """The Barrels' ids, in order (the Fraud cards name their Barrels by id)."""
        return tuple(b.id for b in self.barrels)


def read_barrels(r: Reader) -> tuple[Barrel, ...]:
    """The Barrels of the Fraud cards, each with how it scores."""
    barrels = tuple(
        Barrel(i, e.text("id"), e.text("score", ("per_guest", "per_floor", "per_urchin", "flat")), e.num("amount", 0))
        for i, e in enumerate(table_list(r, "barrels.list"))
    )
    if len({b.id for b in barrels}) != len(barrels) or not barrels:
        raise r.fail("barrels.list", "Barrel ids must be unique and at least one is needed")
    return barrels


def read_locations(r: Reader, core: CoreTables) -> tuple[Location, ...]:
    """The eight locations, one per circle 2-9, each with its entry rules and its action's parameters."""
    special_entry = r.table("entry.special")
    free_entry = r.table("entry.free")
    locations = []
    for i, e in enumerate(table_list(r, "location")):
        p = f"location[{i}]"
        tile = e.text("tile", ("free", "special"))
        entry = Reader(r.file, special_entry if tile == "special" else free_entry, f"entry.{tile}.")
        params = dict(e.table("params", optional=True))
        for k, v in params.items():
            r.check_int(v, f"{p}.params.{k}", 0, 20)
        locations.append(
            Location(
                i,
                e.text("id"),
                e.text("name"),
                core.circle_of(
                    r,
                    e.get("circle") if isinstance(e.get("circle"), str) else core.ids[e.num("circle", 2, 9) - 1],
                    f"{p}.circle",
                    2,
                ),
                tile == "special",
                LocationAction(e.text("action", tuple(a.value for a in LocationAction))),
                entry.num("noble_florins", 0),
                entry.flag("urchin_free"),
                entry.flag("urchin_only"),
                params,
            )
        )
    if len(locations) != 8 or len({lc.circle for lc in locations}) != 8:
        raise r.fail("location", "exactly 8 locations, one per circle 2-9, are needed")
    if sum(lc.special for lc in locations) != 4:
        raise r.fail("location", "4 free-access and 4 special locations are needed")
    if {lc.action for lc in locations} != set(LocationAction):
        raise r.fail("location", "each location action must appear exactly once")
    return tuple(locations)


def read_places(r: Reader, core: CoreTables) -> Places:
    """Read and check ``locations.toml`` against the circles and the River Styx of ``core.toml``."""
    barrels = read_barrels(r)
    locations = read_locations(r, core)
    guest_circles = tuple(core.circle_of(r, g, "guests.colours", 2) for g in r.seq("guests.colours"))
    if set(guest_circles) != {lc.circle for lc in locations if lc.special}:
        raise r.fail("guests.colours", "Guest colours must be the special locations' colours")
    for lc in locations:
        for key in REQUIRED_PARAMS.get(lc.action.value, ()):
            if key not in lc.params:
                raise r.fail(f"location {lc.id}", f"params.{key} is missing")
        most = lc.params.get("styx_souls")
        if most is not None and most not in core.styx:
            raise r.fail(f"location {lc.id}", f"params.styx_souls: the River Styx returns 1-{max(core.styx)} Souls")
    return Places(barrels, locations, guest_circles)


def read_guardians(r: Reader, core: Reader) -> tuple[Guardian, ...]:
    """Read and check ``guardians.toml``: at least as many Guardians as ``core.toml`` makes active."""
    guardians = tuple(
        Guardian(
            i,
            e.text("id"),
            e.text("name"),
            GuardianEffect(e.text("effect", tuple(g.value for g in GuardianEffect))),
            e.flag("crosses_walls"),
            e.check_int(e.tree.get("max_pits", 0), "max_pits", 0, 20),
            e.check_str(e.tree.get("reach", "adjacent"), "reach", ("adjacent", "any")),
        )
        for i, e in enumerate(table_list(r, "guardian"))
    )
    active = core.num("setup.guardians_active", 0)
    if len(guardians) < active:
        raise r.fail("guardian", f"{active} Guardians are active but only {len(guardians)} are listed")
    return guardians


register_frozen(Places)
