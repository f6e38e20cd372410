"""The tiles and cards: bonus tiles (``bonuses.toml``), Family cards (``family_cards.toml``), Fraud cards
(``fraud_cards.toml``) and Plague cards (``plague_cards.toml``), with the effects they print."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from inferno.rules.model import BonusTile, Effect, EffectType, Endgame, EndgameType, FamilyCard, FraudCard
from inferno.rules.pack_core import CoreTables
from inferno.rules.pickling import register_frozen
from inferno.rules.reader import Reader, table_list


@dataclass(frozen=True, slots=True)
class BonusTiles:
    """What ``bonuses.toml`` holds: the tiles and the tracks whose spaces take a silver or a gold one."""

    tiles: tuple[BonusTile, ...]
    silver_tracks: tuple[int, ...]
    gold_tracks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlagueDeck:
    """What ``plague_cards.toml`` holds: each card's Souls (as circles) and its id."""

    cards: tuple[tuple[int, ...], ...]
    ids: tuple[str, ...]


def read_effect(r: Reader, v: Any, path: str) -> Effect:
    """The instant effect table ``v`` found at ``path`` of ``r``."""
    if not isinstance(v, Mapping):
        raise r.fail(path, "expected an effect table")
    sub = Reader(r.file, v, f"{r.prefix}{path}.")
    if v.get("type") == "drachmas":
        raise r.fail(
            path,
            "an effect cannot give Drachmas: Drachmas come only from changing Florins or from Charon's loans"
            " (rulebook, Boards & General Concepts)",
        )
    kind = sub.text("type", tuple(t.value for t in EffectType))
    et = EffectType(kind)
    amount = sub.check_int(v.get("amount", 0), "amount", 0, 9)
    track = sub.check_int(v.get("track", 0), "track", 0, 9)
    group = sub.check_str(v.get("group", ""), "group", ("", "U", "L"))
    if et is EffectType.ADVANCE and not (track or group):
        raise r.fail(path, "an advance needs a track (2-9) or a group (U or L)")
    if et is EffectType.ADVANCE and track and track < 2:
        raise r.fail(path, "advance track must be a circle 2-9")
    if et is EffectType.STYX and not 1 <= amount <= 3:
        raise r.fail(path, "a Styx effect returns 1-3 Souls (amount)")
    return Effect(et, amount, track, group)


def read_endgame(r: Reader, v: Any, path: str) -> Endgame:
    """The end-game effect table ``v`` found at ``path`` of ``r``."""
    if not isinstance(v, Mapping):
        raise r.fail(path, "expected an end-game effect table")
    sub = Reader(r.file, v, f"{r.prefix}{path}.")
    et = EndgameType(sub.text("type", tuple(t.value for t in EndgameType)))
    amount = sub.check_int(v.get("amount", 1), "amount", 0, 20)
    per = sub.check_int(v.get("per", 1), "per", 1, 20)
    group = sub.check_str(v.get("group", ""), "group", ("", "U", "L"))
    if et is EndgameType.PER_DIPLOMA_GROUP and not group:
        raise r.fail(path, "per_diploma_group needs group U or L")
    return Endgame(et, amount, per, group)


def read_bonus_tiles(r: Reader) -> BonusTiles:
    """Read and check ``bonuses.toml``: one tile for each silver or gold space, tracks 2-9 once each."""
    tiles = tuple(
        BonusTile(
            i, e.text("id"), e.text("kind", ("silver", "gold")), read_effect(r, e.get("effect"), f"tile[{i}].effect")
        )
        for i, e in enumerate(table_list(r, "tile"))
    )
    silver = r.ints("placement.silver_tracks", lo=2)
    gold = r.ints("placement.gold_tracks", lo=2)
    if sum(t.kind == "silver" for t in tiles) != len(silver) or sum(t.kind == "gold" for t in tiles) != len(gold):
        raise r.fail("tile", "the number of silver and gold tiles must match their track spaces")
    if sorted(silver + gold) != list(range(2, 10)):
        raise r.fail("placement", "silver and gold spaces must cover tracks 2-9 once each")
    return BonusTiles(tiles, silver, gold)


def read_family_cards(r: Reader, core: Reader) -> tuple[FamilyCard, ...]:
    """Read and check ``family_cards.toml`` against the Nobles, Urchins and Tower of ``core.toml``."""
    max_nobles = core.num("family.max_nobles_multiplayer", 1)
    solo_nobles = core.num("family.solo_nobles", max_nobles)
    families = []
    for i, e in enumerate(table_list(r, "deck.cards")):
        p = f"deck.cards[{i}]"
        fc = FamilyCard(
            i,
            e.text("id"),
            e.num("florins", 0),
            e.num("drachmas", 0),
            e.num("nobles_home", 0),
            e.num("nobles_tower", 0),
            e.num("urchins", 0, core.num("family.urchins_per_player")),
            e.num("tower_floors", 0, core.num("tower.floors") - core.num("tower.prebuilt_floors")),
            tuple(e.check_int(s, "skulls", 2, 9) for s in e.seq("skulls")),
        )
        if fc.urchins:
            raise r.fail(
                f"{p}.urchins",
                "a Family card cannot start with an Urchin: Urchins must be adopted at the HAYSTACK"
                " (rulebook, Boards & General Concepts)",
            )
        if fc.nobles_home + fc.nobles_tower > max_nobles or fc.nobles_home < 1:
            raise r.fail(p, f"a family starts with 1-{max_nobles} Nobles, at least one at Home")
        if fc.nobles_tower >= solo_nobles:
            raise r.fail(p, f"a solo family starts with {solo_nobles} Nobles, at least one at Home")
        if fc.nobles_tower > core.num("tower.spaces_per_floor") * core.num("tower.prebuilt_floors"):
            raise r.fail(p, "more Nobles in the Tower than it has spaces")
        families.append(fc)
    if len(families) < 4:
        raise r.fail("deck.cards", "at least 4 Family cards are needed (one per player)")
    return tuple(families)


def read_fraud_cards(r: Reader, core: Reader, barrel_ids: tuple[str, ...]) -> tuple[FraudCard, ...]:
    """Read and check ``fraud_cards.toml``: enough cards for four hands and the market of ``core.toml``."""
    cards = []
    for i, e in enumerate(table_list(r, "card")):
        p = f"card[{i}]"
        inst = e.seq("instant", 2)
        end = e.seq("endgame", 2)
        cards.append(
            FraudCard(
                i,
                e.text("id"),
                barrel_ids.index(e.text("instant_barrel", barrel_ids)),
                (read_effect(r, inst[0], f"{p}.instant[0]"), read_effect(r, inst[1], f"{p}.instant[1]")),
                barrel_ids.index(e.text("endgame_barrel", barrel_ids)),
                (read_endgame(r, end[0], f"{p}.endgame[0]"), read_endgame(r, end[1], f"{p}.endgame[1]")),
            )
        )
    if len({c.id for c in cards}) != len(cards):
        raise r.fail("card", "card ids must be unique")
    hand = core.num("cards.hand_size", 0)
    market = core.num("cards.market_size", 0)
    if len(cards) < 4 * hand + market:
        raise r.fail("card", f"at least {4 * hand + market} cards are needed for 4 hands and the market")
    return tuple(cards)


def read_plague_cards(r: Reader, core: Reader, tables: CoreTables) -> PlagueDeck:
    """Read and check ``plague_cards.toml``: each card shows as many Souls as refill the Graveyard."""
    refill = core.num("souls.graveyard_refill", 1)
    plague = []
    plague_ids = []
    for i, e in enumerate(table_list(r, "deck.cards")):
        card_souls = e.seq("souls", refill)
        plague.append(tuple(tables.circle_of(r, x, f"deck.cards[{i}].souls", 2) for x in card_souls))
        plague_ids.append(e.text("id"))
    if not plague:
        raise r.fail("deck.cards", "at least one Plague card is needed")
    return PlagueDeck(tuple(plague), tuple(plague_ids))


register_frozen(BonusTiles, PlagueDeck)
