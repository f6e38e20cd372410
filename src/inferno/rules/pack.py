"""Load and validate the rules data files (the "pack") into a :class:`Rules`.

The embedded files live in ``inferno/data``. A directory given by the user overrides them file by
file, so a player who owns the game can correct any value without touching code.

Each data file has its reader: :mod:`inferno.rules.pack_core` (``core.toml``),
:mod:`inferno.rules.pack_places` (locations and Guardians), :mod:`inferno.rules.pack_board` (the boards
and Dante's path), :mod:`inferno.rules.pack_cards` (bonus tiles and cards) and
:func:`inferno.rules.solo_model.parse_solo` (``solo.toml``), all on :mod:`inferno.rules.reader`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from inferno.rules.model import Board, DantePath, FamilyCard, FraudCard, Guardian, Rules
from inferno.rules.pack_board import read_board, read_dante
from inferno.rules.pack_cards import (
    BonusTiles,
    PlagueDeck,
    read_bonus_tiles,
    read_family_cards,
    read_fraud_cards,
    read_plague_cards,
)
from inferno.rules.pack_core import CoreTables, read_core_tables
from inferno.rules.pack_places import Places, read_guardians, read_places
from inferno.rules.pickling import register_frozen
from inferno.rules.provenance import TaggedValue
from inferno.rules.reader import Reader, read_tagged
from inferno.rules.reader import RulesDataError as RulesDataError  # re-exported: callers import it from here
from inferno.rules.solo_model import parse_solo

FILES = (
    "core.toml",
    "locations.toml",
    "bonuses.toml",
    "guardians.toml",
    "dante_path.toml",
    "family_cards.toml",
    "fraud_cards.toml",
    "plague_cards.toml",
    "board_I_II.toml",
    "board_III_IV.toml",
    "solo.toml",
)
BOARD_FILES = {"I/II": "board_I_II.toml", "III/IV": "board_III_IV.toml"}
EXPANSION_FILES = ("pnp.toml",)  # read by inferno.rules.pnp, outside the base rules' fingerprint


@dataclass(frozen=True, slots=True)
class DataFiles:
    """The data files read, each as a :class:`Reader` by name, with their provenance tags."""

    readers: dict[str, Reader]
    tagged: list[TaggedValue]
    source: str  # "embedded", or the directory that overrides them
    fingerprint: str  # of every file but ``solo.toml``


def _read_files(directory: Path | None) -> DataFiles:
    readers: dict[str, Reader] = {}
    tagged: list[TaggedValue] = []
    digest = hashlib.sha256()
    embedded = resources.files("inferno") / "data"
    for name in FILES:
        override = directory / name if directory is not None else None
        if override is not None and override.is_file():
            raw = override.read_bytes()
            label = str(override)
        else:
            raw = (embedded / name).read_bytes()
            label = name
        if name != "solo.toml":  # the solo data has its own fingerprint (multiplayer games do not use it)
            digest.update(name.encode() + b"\0" + raw)
        readers[name] = read_tagged(raw, label, tagged)
    source = str(directory) if directory is not None else "embedded"
    return DataFiles(readers, tagged, source, digest.hexdigest()[:16])


def build_rules(directory: Path | None = None) -> Rules:
    """Read, validate and compile the data files (embedded, or overridden from ``directory``).

    Each file is checked against the values of ``core.toml`` it depends on, always in the same order,
    so a broken copy always reports the same first error.
    """
    files = _read_files(directory)
    rd = files.readers
    core = rd["core.toml"]
    tables = read_core_tables(core)
    places = read_places(rd["locations.toml"], tables)
    bonuses = read_bonus_tiles(rd["bonuses.toml"])
    guardians = read_guardians(rd["guardians.toml"], core)
    dante = {side: read_dante(rd["dante_path.toml"], side) for side in BOARD_FILES}
    start = core.num_or_ints("phlegethon.start", 8, tables.phleg_min, tables.phleg_max)
    boards = {
        side: read_board(rd[f], side, tables.quartiere_symbols, tables.walls, start, tables.phleg_min, tables.phleg_max)
        for side, f in BOARD_FILES.items()
    }
    families = read_family_cards(rd["family_cards.toml"], core)
    fraud_cards = read_fraud_cards(rd["fraud_cards.toml"], core, places.barrel_ids)
    plague = read_plague_cards(rd["plague_cards.toml"], core, tables)
    return _compile(files, tables, places, bonuses, guardians, dante, boards, families, fraud_cards, plague)


def _compile(
    files: DataFiles,
    tables: CoreTables,
    places: Places,
    bonuses: BonusTiles,
    guardians: tuple[Guardian, ...],
    dante: Mapping[str, DantePath],
    boards: Mapping[str, Board],
    families: tuple[FamilyCard, ...],
    fraud_cards: tuple[FraudCard, ...],
    plague: PlagueDeck,
) -> Rules:
    """The :class:`Rules` from the files read, with the rest of ``core.toml``'s values and ``solo.toml``.

    The core values the other files were checked against are read again here: they cannot fail twice.
    """
    core = files.readers["core.toml"]
    supply = core.ints("souls.supply", 9, 0)
    if supply[0] < 0:
        raise core.fail("souls.supply", "negative")
    sides = tuple(
        core.check_str(s, "setup.board_side_by_players", tuple(BOARD_FILES))
        for s in core.seq("setup.board_side_by_players", 4)
    )
    max_nobles = core.num("family.max_nobles_multiplayer", 1)
    return Rules(
        circles=tables.circles,
        circle_infamy=(0, *core.ints("scoring.circle_infamy", 9)),
        final_stop_infamy=core.num("scoring.final_stop_infamy"),
        council_cost=core.num("scoring.family_council_cost", 0),
        soul_supply=(0, *supply),
        spare_tiles=(0, *core.ints("souls.spare_tiles", 9, 0)),
        graveyard_refill=core.num("souls.graveyard_refill", 1),
        walls_above_circle=tables.walls,
        track_max=core.num("tracks.max_level", 1),
        half_diploma_level=core.num("tracks.half_diploma_level", 1),
        overflow_infamy=(0, 0, *core.ints("tracks.overflow_infamy", 8)),
        upper_tracks=tables.upper,
        lower_tracks=tables.lower,
        styx_table=tables.styx,
        phleg_start=(0, 0, *core.num_or_ints("phlegethon.start", 8, tables.phleg_min, tables.phleg_max)),
        phleg_min=tables.phleg_min,
        phleg_max=tables.phleg_max,
        ferry_cost=core.num("money.ferry_cost", 0),
        bribe_cost=core.num("money.bribe_cost", 0),
        florins_per_drachma=core.num("money.florins_per_drachma", 1),
        drachmas_per_loan=core.num("loans.drachmas_per_loan", 1),
        loan_positions=tables.loans,
        loan_beyond_immediate=core.num("loans.beyond_immediate"),
        tower_floors=core.num("tower.floors", 1),
        prebuilt_floors=core.num("tower.prebuilt_floors", 1),
        spaces_per_floor=core.num("tower.spaces_per_floor", 1),
        max_guests_per_floor=core.num("tower.max_guests_per_floor", 1),
        accuser_floor_rule=core.flag("tower.accuser_floor_rule"),
        accuse_needs_tower_room=core.flag("tower.accuse_needs_tower_room"),
        accuser_fallback=core.text("tower.accuser_fallback", ("choose", "lowest", "highest")),
        urchins_per_player=core.num("family.urchins_per_player", 0),
        solo_nobles=core.num("family.solo_nobles", max_nobles),
        max_nobles=max_nobles,
        hand_size=core.num("cards.hand_size", 0),
        market_size=core.num("cards.market_size", 0),
        off_hand_extra=core.num("cards.off_hand_extra_cost", 0),
        reputation=tables.reputation,
        reputation_in_solo=core.flag("reputation.used_in_solo"),
        reputation_zero_wins=core.flag("reputation.zero_can_win"),
        guardians_active=core.num("setup.guardians_active", 0),
        guardian_start_circles=core.ints("setup.guardian_start_circles", lo=1),
        plague_setup_to_bottom=core.flag("setup.plague_setup_card_to_bottom"),
        quartieri=tables.quartieri,
        quartiere_symbols=tables.quartiere_symbols,
        side_by_players=sides,
        guest_circles=places.guest_circles,
        barrels=places.barrels,
        locations=places.locations,
        bonus_tiles=bonuses.tiles,
        silver_tracks=bonuses.silver_tracks,
        gold_tracks=bonuses.gold_tracks,
        guardians=guardians,
        boards=boards,
        dante=dante,
        diploma_ties_all=files.readers["dante_path.toml"].flag("diplomas.ties_all_score"),
        family_cards=families,
        fraud_cards=fraud_cards,
        plague_cards=plague.cards,
        plague_ids=plague.ids,
        provenance=tuple(files.tagged),
        source=files.source,
        fingerprint=files.fingerprint,
        solo=parse_solo(files.readers["solo.toml"], tables.circle_of),
    )


register_frozen(DataFiles)


@lru_cache(maxsize=8)
def _cached(directory: str | None) -> Rules:
    return build_rules(Path(directory) if directory is not None else None)


def load_rules(directory: str | Path | None = None) -> Rules:
    """The validated rules: embedded data, or a directory of corrected data files (cached)."""
    if directory is not None:
        d = Path(directory)
        if not d.is_dir():
            raise RulesDataError(str(d), "<directory>", "not a directory")
        unknown = sorted(p.name for p in d.glob("*.toml") if p.name not in FILES + EXPANSION_FILES)
        if unknown:
            raise RulesDataError(str(d), "<directory>", f"unknown data files: {', '.join(unknown)}")
        return _cached(str(d.resolve()))
    return _cached(None)


Validator = Callable[[Rules], None]
