"""Load and validate the rules data files (the "pack") into a :class:`Rules`.

The embedded files live in ``inferno/data``. A directory given by the user overrides them file by
file, so a player who owns the game can correct any value without touching code.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Callable, Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from inferno.rules.model import (
    Barrel,
    Board,
    BonusTile,
    Circle,
    DantePath,
    Effect,
    EffectType,
    Endgame,
    EndgameType,
    FamilyCard,
    FraudCard,
    Guardian,
    GuardianEffect,
    Location,
    LocationAction,
    Rules,
    Stop,
    StopKind,
)
from inferno.rules.provenance import ProvenanceError, TaggedValue, parse_provenance, untag
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


class RulesDataError(ValueError):
    """A data file is missing, unreadable or inconsistent; the message names file and entry."""

    def __init__(self, file: str, entry: str, message: str) -> None:
        super().__init__(f"{file}: {entry}: {message}")
        self.file = file
        self.entry = entry
        self.reason = message


class _Reader:
    """Typed access to one untagged data file, raising RulesDataError with the entry's path."""

    def __init__(self, file: str, tree: Mapping[str, Any], prefix: str = "") -> None:
        self.file = file
        self.tree = tree
        self.prefix = prefix  # where ``tree`` sits in the file, e.g. "card[3]." (paths below are relative)

    def fail(self, entry: str, message: str) -> RulesDataError:
        return RulesDataError(self.file, self.prefix + entry, message)

    def get(self, path: str) -> Any:
        node: Any = self.tree
        for part in path.split("."):
            if not isinstance(node, Mapping) or part not in node:
                raise self.fail(path, "missing")
            node = node[part]
        return node

    def num(self, path: str, lo: int | None = None, hi: int | None = None) -> int:
        return self.check_int(self.get(path), path, lo, hi)

    def check_int(self, v: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
        if not isinstance(v, int) or isinstance(v, bool):
            raise self.fail(path, f"expected a whole number, got {v!r}")
        if lo is not None and v < lo:
            raise self.fail(path, f"{v} is below the minimum {lo}")
        if hi is not None and v > hi:
            raise self.fail(path, f"{v} is above the maximum {hi}")
        return v

    def flag(self, path: str) -> bool:
        v = self.get(path)
        if not isinstance(v, bool):
            raise self.fail(path, f"expected true or false, got {v!r}")
        return v

    def text(self, path: str, choices: tuple[str, ...] | None = None) -> str:
        return self.check_str(self.get(path), path, choices)

    def check_str(self, v: Any, path: str, choices: tuple[str, ...] | None = None) -> str:
        if not isinstance(v, str):
            raise self.fail(path, f"expected text, got {v!r}")
        if choices is not None and v not in choices:
            raise self.fail(path, f"{v!r} is not one of {', '.join(choices)}")
        return v

    def seq(self, path: str, length: int | None = None) -> list[Any]:
        v = self.get(path)
        if not isinstance(v, list):
            raise self.fail(path, f"expected a list, got {v!r}")
        if length is not None and len(v) != length:
            raise self.fail(path, f"expected {length} entries, got {len(v)}")
        return v

    def ints(self, path: str, length: int | None = None, lo: int | None = None) -> tuple[int, ...]:
        return tuple(self.check_int(v, f"{path}[{i}]", lo) for i, v in enumerate(self.seq(path, length)))


def _read_files(directory: Path | None) -> tuple[dict[str, _Reader], list[TaggedValue], str, str]:
    readers: dict[str, _Reader] = {}
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
        try:
            tree = tomllib.loads(raw.decode("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise RulesDataError(label, "<file>", f"not valid TOML: {exc}") from None
        try:
            plain = untag(tree, label, "", None, tagged)
        except ProvenanceError as bad_tag:
            raise RulesDataError(label, _bad_provenance_entry(tree) or "provenance", str(bad_tag)) from None
        readers[name] = _Reader(label, plain)
    source = str(directory) if directory is not None else "embedded"
    return readers, tagged, source, digest.hexdigest()[:16]


def _bad_provenance_entry(node: Any, path: str = "") -> str | None:
    """The entry whose provenance string cannot be parsed, in the order ``untag`` visits them."""
    if isinstance(node, dict):
        if "provenance" in node:
            try:
                parse_provenance(node["provenance"])
            except ProvenanceError:
                return f"{path}.provenance" if path else "provenance"
        for k, v in node.items():
            found = _bad_provenance_entry(v, f"{path}.{k}" if path else k)
            if found:
                return found
    elif isinstance(node, list):
        for i, v in enumerate(node):
            found = _bad_provenance_entry(v, f"{path}[{i}]")
            if found:
                return found
    return None


def _circles(r: _Reader) -> tuple[Circle, ...]:
    out = []
    for i, e in enumerate(r.seq("circles.list", 9)):
        p = f"circles.list[{i}]"
        if not isinstance(e, Mapping):
            raise r.fail(p, "expected a table")
        sub = _Reader(r.file, e, f"{p}.")
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


def _effect(r: _Reader, v: Any, path: str) -> Effect:
    if not isinstance(v, Mapping):
        raise r.fail(path, "expected an effect table")
    sub = _Reader(r.file, v, f"{r.prefix}{path}.")
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


def _endgame(r: _Reader, v: Any, path: str) -> Endgame:
    if not isinstance(v, Mapping):
        raise r.fail(path, "expected an end-game effect table")
    sub = _Reader(r.file, v, f"{r.prefix}{path}.")
    et = EndgameType(sub.text("type", tuple(t.value for t in EndgameType)))
    amount = sub.check_int(v.get("amount", 1), "amount", 0, 20)
    per = sub.check_int(v.get("per", 1), "per", 1, 20)
    group = sub.check_str(v.get("group", ""), "group", ("", "U", "L"))
    if et is EndgameType.PER_DIPLOMA_GROUP and not group:
        raise r.fail(path, "per_diploma_group needs group U or L")
    return Endgame(et, amount, per, group)


def _board(r: _Reader, side: str, symbols: tuple[str, ...], walls: int) -> Board:
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
        sub = _Reader(r.file, e, f"{p}.")
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
    )


def _stop(r: _Reader, text: Any, path: str) -> Stop:
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


def _dante(r: _Reader, side: str) -> DantePath:
    base = f"sides.{side}"
    node = r.get(base)
    if not isinstance(node, Mapping):
        raise r.fail(base, "expected a table")
    path = tuple(_stop(r, s, f"{base}.path[{i}]") for i, s in enumerate(r.seq(f"{base}.path")))
    if not path or path[-1].kind is not StopKind.END or any(s.kind is StopKind.END for s in path[:-1]):
        raise r.fail(f"{base}.path", "the path must end with exactly one END stop")
    start: dict[int, int] = {}
    for k, v in dict(node.get("start", {})).items():
        start[int(k)] = r.check_int(v, f"{base}.start.{k}", 0, len(path) - 1)
    shortcut: dict[int, tuple[int, ...]] = {}
    for k in dict(node.get("shortcut", {})):
        idx = r.ints(f"{base}.shortcut.{k}")
        for i in idx:
            if not 0 <= i < len(path) - 1:
                raise r.fail(f"{base}.shortcut.{k}", f"index {i} is outside the path")
        shortcut[int(k)] = idx
    return DantePath(side, path, start, shortcut)


def _table_list(r: _Reader, path: str) -> list[_Reader]:
    out = []
    for i, e in enumerate(r.seq(path)):
        if not isinstance(e, Mapping):
            raise r.fail(f"{path}[{i}]", "expected a table")
        out.append(_Reader(r.file, e, f"{r.prefix}{path}[{i}]."))
    return out


def build_rules(directory: Path | None = None) -> Rules:
    """Read, validate and compile the data files (embedded, or overridden from ``directory``)."""
    rd, tagged, source, fingerprint = _read_files(directory)
    core = rd["core.toml"]
    circles = _circles(core)
    ids = tuple(c.id for c in circles)
    ids[1:]

    def circle_of(r: _Reader, ident: Any, path: str, lo: int = 1) -> int:
        s = r.check_str(ident, path, ids[lo - 1 :])
        return ids.index(s) + 1

    symbols = tuple(core.check_str(s, "setup.quartiere_symbols") for s in core.seq("setup.quartiere_symbols", 4))
    quartieri = tuple(core.check_str(s, "setup.quartieri") for s in core.seq("setup.quartieri", 4))
    walls = core.num("hell.walls_above_circle", 2, 9)
    styx: dict[int, tuple[str, ...]] = {}
    for e in _table_list(core, "styx.table"):
        souls = e.num("souls", 1, 3)
        styx[souls] = tuple(e.check_str(a, "advances", ("U", "L")) for a in e.seq("advances"))
    if sorted(styx) != [1, 2, 3]:
        raise core.fail("styx.table", "needs one row for each of 1, 2 and 3 Souls")
    loans = tuple((e.num("immediate"), e.num("endgame")) for e in _table_list(core, "loans.positions"))
    if not loans:
        raise core.fail("loans.positions", "needs at least one position")
    reputation = tuple(
        (e.text("id"), e.text("name"), e.num("infamy", 0)) for e in _table_list(core, "reputation.awards")
    )
    upper = core.ints("tracks.upper", 4, 2)
    lower = core.ints("tracks.lower", 4, 2)
    phleg_min = core.num("phlegethon.min", 0)
    phleg_max = core.num("phlegethon.max", phleg_min)

    loc_r = rd["locations.toml"]
    barrels = tuple(
        Barrel(i, e.text("id"), e.text("score", ("per_guest", "per_floor", "per_urchin", "flat")), e.num("amount", 0))
        for i, e in enumerate(_table_list(loc_r, "barrels.list"))
    )
    if len({b.id for b in barrels}) != len(barrels) or not barrels:
        raise loc_r.fail("barrels.list", "Barrel ids must be unique and at least one is needed")
    barrel_ids = tuple(b.id for b in barrels)
    special_entry = loc_r.get("entry.special")
    free_entry = loc_r.get("entry.free")
    locations = []
    for i, e in enumerate(_table_list(loc_r, "location")):
        p = f"location[{i}]"
        tile = e.text("tile", ("free", "special"))
        entry = _Reader(loc_r.file, special_entry if tile == "special" else free_entry, f"entry.{tile}.")
        params = dict(e.tree.get("params", {}))
        for k, v in params.items():
            loc_r.check_int(v, f"{p}.params.{k}", 0, 20)
        locations.append(
            Location(
                i,
                e.text("id"),
                e.text("name"),
                circle_of(
                    loc_r,
                    e.get("circle") if isinstance(e.get("circle"), str) else ids[e.num("circle", 2, 9) - 1],
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
        raise loc_r.fail("location", "exactly 8 locations, one per circle 2-9, are needed")
    if sum(lc.special for lc in locations) != 4:
        raise loc_r.fail("location", "4 free-access and 4 special locations are needed")
    if {lc.action for lc in locations} != set(LocationAction):
        raise loc_r.fail("location", "each location action must appear exactly once")
    guest_circles = tuple(circle_of(loc_r, g, "guests.colours", 2) for g in loc_r.seq("guests.colours"))
    if set(guest_circles) != {lc.circle for lc in locations if lc.special}:
        raise loc_r.fail("guests.colours", "Guest colours must be the special locations' colours")
    required = {
        "bank": ("base_florins", "florins_per_guest"),
        "courtyard": ("home_max", "rearrange_moves"),
        "bonfire": ("exchange_max", "phlegethon_step", "guardian_cost", "styx_cost", "styx_souls"),
        "wall": ("exchange_max", "fraud_cost"),
    }
    for lc in locations:
        for key in required.get(lc.action.value, ()):
            if key not in lc.params:
                raise loc_r.fail(f"location {lc.id}", f"params.{key} is missing")
        most = lc.params.get("styx_souls")
        if most is not None and most not in styx:
            raise loc_r.fail(f"location {lc.id}", f"params.styx_souls: the River Styx returns 1-{max(styx)} Souls")

    bon = rd["bonuses.toml"]
    tiles = tuple(
        BonusTile(
            i, e.text("id"), e.text("kind", ("silver", "gold")), _effect(bon, e.get("effect"), f"tile[{i}].effect")
        )
        for i, e in enumerate(_table_list(bon, "tile"))
    )
    silver = bon.ints("placement.silver_tracks", lo=2)
    gold = bon.ints("placement.gold_tracks", lo=2)
    if sum(t.kind == "silver" for t in tiles) != len(silver) or sum(t.kind == "gold" for t in tiles) != len(gold):
        raise bon.fail("tile", "the number of silver and gold tiles must match their track spaces")
    if sorted(silver + gold) != list(range(2, 10)):
        raise bon.fail("placement", "silver and gold spaces must cover tracks 2-9 once each")

    gr = rd["guardians.toml"]
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
        for i, e in enumerate(_table_list(gr, "guardian"))
    )
    active = core.num("setup.guardians_active", 0)
    if len(guardians) < active:
        raise gr.fail("guardian", f"{active} Guardians are active but only {len(guardians)} are listed")

    dr = rd["dante_path.toml"]
    dante = {side: _dante(dr, side) for side in BOARD_FILES}
    boards = {side: _board(rd[f], side, symbols, walls) for side, f in BOARD_FILES.items()}

    fr = rd["family_cards.toml"]
    max_nobles = core.num("family.max_nobles_multiplayer", 1)
    solo_nobles = core.num("family.solo_nobles", max_nobles)
    families = []
    for i, e in enumerate(_table_list(fr, "deck.cards")):
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
            raise fr.fail(
                f"{p}.urchins",
                "a Family card cannot start with an Urchin: Urchins must be adopted at the HAYSTACK"
                " (rulebook, Boards & General Concepts)",
            )
        if fc.nobles_home + fc.nobles_tower > max_nobles or fc.nobles_home < 1:
            raise fr.fail(p, f"a family starts with 1-{max_nobles} Nobles, at least one at Home")
        if fc.nobles_tower >= solo_nobles:
            raise fr.fail(p, f"a solo family starts with {solo_nobles} Nobles, at least one at Home")
        if fc.nobles_tower > core.num("tower.spaces_per_floor") * core.num("tower.prebuilt_floors"):
            raise fr.fail(p, "more Nobles in the Tower than it has spaces")
        families.append(fc)
    if len(families) < 4:
        raise fr.fail("deck.cards", "at least 4 Family cards are needed (one per player)")

    cr = rd["fraud_cards.toml"]
    cards = []
    for i, e in enumerate(_table_list(cr, "card")):
        p = f"card[{i}]"
        inst = e.seq("instant", 2)
        end = e.seq("endgame", 2)
        cards.append(
            FraudCard(
                i,
                e.text("id"),
                barrel_ids.index(e.text("instant_barrel", barrel_ids)),
                (_effect(cr, inst[0], f"{p}.instant[0]"), _effect(cr, inst[1], f"{p}.instant[1]")),
                barrel_ids.index(e.text("endgame_barrel", barrel_ids)),
                (_endgame(cr, end[0], f"{p}.endgame[0]"), _endgame(cr, end[1], f"{p}.endgame[1]")),
            )
        )
    if len({c.id for c in cards}) != len(cards):
        raise cr.fail("card", "card ids must be unique")
    hand = core.num("cards.hand_size", 0)
    market = core.num("cards.market_size", 0)
    if len(cards) < 4 * hand + market:
        raise cr.fail("card", f"at least {4 * hand + market} cards are needed for 4 hands and the market")

    pr = rd["plague_cards.toml"]
    refill = core.num("souls.graveyard_refill", 1)
    plague = []
    plague_ids = []
    for i, e in enumerate(_table_list(pr, "deck.cards")):
        card_souls = e.seq("souls", refill)
        plague.append(tuple(circle_of(pr, x, f"deck.cards[{i}].souls", 2) for x in card_souls))
        plague_ids.append(e.text("id"))
    if not plague:
        raise pr.fail("deck.cards", "at least one Plague card is needed")

    supply = core.ints("souls.supply", 9, 0)
    if supply[0] < 0:
        raise core.fail("souls.supply", "negative")
    sides = tuple(
        core.check_str(s, "setup.board_side_by_players", tuple(BOARD_FILES))
        for s in core.seq("setup.board_side_by_players", 4)
    )

    return Rules(
        circles=circles,
        circle_infamy=(0, *core.ints("scoring.circle_infamy", 9)),
        final_stop_infamy=core.num("scoring.final_stop_infamy"),
        council_cost=core.num("scoring.family_council_cost", 0),
        soul_supply=(0, *supply),
        spare_tiles=(0, *core.ints("souls.spare_tiles", 9, 0)),
        graveyard_refill=refill,
        walls_above_circle=walls,
        track_max=core.num("tracks.max_level", 1),
        half_diploma_level=core.num("tracks.half_diploma_level", 1),
        overflow_infamy=(0, 0, *core.ints("tracks.overflow_infamy", 8)),
        upper_tracks=upper,
        lower_tracks=lower,
        styx_table=styx,
        phleg_start=core.num("phlegethon.start", phleg_min, phleg_max),
        phleg_min=phleg_min,
        phleg_max=phleg_max,
        ferry_cost=core.num("money.ferry_cost", 0),
        bribe_cost=core.num("money.bribe_cost", 0),
        florins_per_drachma=core.num("money.florins_per_drachma", 1),
        drachmas_per_loan=core.num("loans.drachmas_per_loan", 1),
        loan_positions=loans,
        loan_beyond_immediate=core.num("loans.beyond_immediate"),
        tower_floors=core.num("tower.floors", 1),
        prebuilt_floors=core.num("tower.prebuilt_floors", 1),
        spaces_per_floor=core.num("tower.spaces_per_floor", 1),
        max_guests_per_floor=core.num("tower.max_guests_per_floor", 1),
        accuser_floor_rule=core.flag("tower.accuser_floor_rule"),
        accuse_needs_tower_room=core.flag("tower.accuse_needs_tower_room"),
        accuser_fallback=core.text("tower.accuser_fallback", ("choose", "lowest", "highest")),
        urchins_per_player=core.num("family.urchins_per_player", 0),
        solo_nobles=solo_nobles,
        max_nobles=max_nobles,
        hand_size=hand,
        market_size=market,
        off_hand_extra=core.num("cards.off_hand_extra_cost", 0),
        reputation=reputation,
        reputation_in_solo=core.flag("reputation.used_in_solo"),
        reputation_zero_wins=core.flag("reputation.zero_can_win"),
        guardians_active=active,
        guardian_start_circles=core.ints("setup.guardian_start_circles", lo=1),
        plague_setup_to_bottom=core.flag("setup.plague_setup_card_to_bottom"),
        quartieri=quartieri,
        quartiere_symbols=symbols,
        side_by_players=sides,
        guest_circles=guest_circles,
        barrels=barrels,
        locations=tuple(locations),
        bonus_tiles=tiles,
        silver_tracks=silver,
        gold_tracks=gold,
        guardians=guardians,
        boards=boards,
        dante=dante,
        diploma_ties_all=dr.flag("diplomas.ties_all_score"),
        family_cards=tuple(families),
        fraud_cards=tuple(cards),
        plague_cards=tuple(plague),
        plague_ids=tuple(plague_ids),
        provenance=tuple(tagged),
        source=source,
        fingerprint=fingerprint,
        solo=parse_solo(rd["solo.toml"], circle_of),
    )


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
