"""The P&P expansion's data and per-game state: Plutus's Desks, Phlegyas's Bells, the fifth player.

The rulebook (Hell Phase p.11) gives one sentence: with Plutus, crossing another player's Desk costs
you a Drachma paid to its owner; with Phlegyas, a Bell lets you slide a Soul sideways before it
descends. Everything else comes from ``pnp.toml`` (DEFAULT values with their reasoning). The rules
themselves live in :mod:`inferno.rules.plutus` and :mod:`inferno.rules.phlegyas`; Hell movement calls
them from :mod:`inferno.rules.hell`, so there is one copy of every rule.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from inferno.rules.model import Rules, Stop
from inferno.rules.pack import load_rules
from inferno.rules.pickling import register_frozen
from inferno.rules.provenance import ProvenanceError, TaggedValue, untag
from inferno.rules.reader import Reader, RulesDataError, parse_toml

PNP_FILE = "pnp.toml"
PLUTUS = "plutus"
PHLEGYAS = "phlegyas"
DESK = 50  # + owner: a Plutus Desk on a Hell shield (a Guardian piece: it fills the shield)
MAX_PLAYERS = 5


@dataclass(frozen=True, slots=True)
class PnpRules:
    """The expansion's values, loaded and validated from ``pnp.toml``."""

    modules: tuple[str, ...]
    toll: int
    desks_per_player: int
    desk_circle: int
    desk_on_lay_down: bool
    loan_when_short: bool
    bells_total: int
    bells_at_start: int
    bell_circle: int
    adjacency: str
    five_needs_module: bool
    five_side: str
    five_dante_start: int
    provenance: tuple[TaggedValue, ...]
    fingerprint: str


def _read(directory: Path | None) -> tuple[Reader, list[TaggedValue], str]:
    override = directory / PNP_FILE if directory is not None else None
    if override is not None and override.is_file():
        raw, label = override.read_bytes(), str(override)
    else:
        raw, label = (resources.files("inferno") / "data" / PNP_FILE).read_bytes(), PNP_FILE
    tree = parse_toml(raw, label)
    tagged: list[TaggedValue] = []
    try:
        plain = untag(tree, label, "", None, tagged)
    except ProvenanceError as bad_tag:
        raise RulesDataError(label, "provenance", str(bad_tag)) from None
    return Reader(label, plain), tagged, hashlib.sha256(raw).hexdigest()[:16]


def build_pnp(directory: Path | None = None) -> PnpRules:
    """Read and validate ``pnp.toml`` (embedded, or the copy in ``directory``)."""
    r, tagged, fingerprint = _read(directory)
    modules = tuple(r.check_str(m, "modules.names") for m in r.seq("modules.names"))
    if set(modules) != {PLUTUS, PHLEGYAS}:
        raise r.fail("modules.names", f"the modules are {PLUTUS} and {PHLEGYAS}")
    adjacency = r.text("phlegyas.adjacency", ("row", "any"))
    total = r.num("phlegyas.bells_total", 0)
    start = r.num("phlegyas.bells_at_start", 0)
    if start * MAX_PLAYERS > total:
        raise r.fail(
            "phlegyas.bells_at_start", f"{MAX_PLAYERS} families need {start * MAX_PLAYERS} Bells, only {total}"
        )
    return PnpRules(
        modules=modules,
        toll=r.num("plutus.toll", 0, 9),
        desks_per_player=r.num("plutus.desks_per_player", 0, 9),
        desk_circle=r.num("plutus.desk_circle", 1, 9),
        desk_on_lay_down=r.flag("plutus.gain_on_lay_down"),
        loan_when_short=r.flag("plutus.loan_when_short"),
        bells_total=total,
        bells_at_start=start,
        bell_circle=r.num("phlegyas.bell_circle", 1, 9),
        adjacency=adjacency,
        five_needs_module=r.flag("five_players.needs_module"),
        five_side=r.text("five_players.side"),
        five_dante_start=r.num("five_players.dante_start", 0),
        provenance=tuple(tagged),
        fingerprint=fingerprint,
    )


@lru_cache(maxsize=8)
def _cached(directory: str | None) -> PnpRules:
    return build_pnp(Path(directory) if directory is not None else None)


def load_pnp(directory: str | Path | None = None) -> PnpRules:
    """The expansion's validated data (cached per rules directory)."""
    return _cached(str(Path(directory).resolve()) if directory is not None else None)


class ModuleError(ValueError):
    """An impossible combination of player count and expansion modules."""


def check_modules(players: int, modules: Iterable[str], pnp: PnpRules) -> tuple[str, ...]:
    """The modules in their data order; raises :class:`ModuleError` with a player-facing message."""
    names = list(modules)
    unknown = sorted(set(names) - set(pnp.modules))
    if unknown:
        raise ModuleError(
            f"unknown expansion module {', '.join(repr(u) for u in unknown)} (choose {' or '.join(pnp.modules)})"
        )
    chosen = tuple(m for m in pnp.modules if m in names)
    if players == MAX_PLAYERS and pnp.five_needs_module and not chosen:
        raise ModuleError("a 5-player game needs the P&P expansion: switch on Plutus's Desks, Phlegyas's Bells or both")
    if players == 1 and PLUTUS in chosen:
        raise ModuleError("Plutus's Desks make other players pay; a 1-player game has nobody to pay")
    return chosen


def dante_stops(rules: Rules, side: str, players: int, pnp: PnpRules | None) -> tuple[Stop, ...]:
    """Dante's stops for the game; a fifth player uses the expansion's start on the side's path."""
    path = rules.dante[side]
    if players == MAX_PLAYERS and pnp is not None:
        return path.stops(4)[pnp.five_dante_start :]
    return path.stops(players)


class PnpState:
    """The expansion's changing pieces in one game (``None`` on the state when no module is on)."""

    __slots__ = ("bell_supply", "bells", "data", "desk_paid", "desk_received", "desks", "phlegyas", "plutus")

    data: PnpRules
    plutus: bool
    phlegyas: bool
    desks: list[int]  # Desks each family still holds (not yet placed)
    bells: list[int]  # Bells each family holds
    bell_supply: int  # Bells left with Phlegyas
    desk_paid: list[int]  # Drachmas each family has paid in Desk tolls
    desk_received: list[int]  # Drachmas each family has received from its Desks

    @classmethod
    def new(cls, data: PnpRules, modules: tuple[str, ...], players: int, seats: int | None = None) -> PnpState:
        """The modules' pieces for ``players`` families; ``seats`` (default ``players``) counts the solo
        game's Rival too, which holds no Desk and no Bell but can pay and be paid like any seat."""
        seats = players if seats is None else seats
        x = cls()
        x.data = data
        x.plutus = PLUTUS in modules
        x.phlegyas = PHLEGYAS in modules
        none = [0] * (seats - players)
        x.desks = [data.desks_per_player if x.plutus else 0] * players + none
        start = data.bells_at_start if x.phlegyas else 0
        x.bells = [start] * players + none
        x.bell_supply = data.bells_total - start * players if x.phlegyas else 0
        x.desk_paid = [0] * seats
        x.desk_received = [0] * seats
        return x

    def copy(self) -> PnpState:
        c = PnpState()
        c.data = self.data
        c.plutus = self.plutus
        c.phlegyas = self.phlegyas
        c.desks = self.desks[:]
        c.bells = self.bells[:]
        c.bell_supply = self.bell_supply
        c.desk_paid = self.desk_paid[:]
        c.desk_received = self.desk_received[:]
        return c

    def to_dict(self) -> dict[str, object]:
        return {
            "desks": list(self.desks),
            "bells": list(self.bells),
            "bell_supply": self.bell_supply,
            "desk_paid": list(self.desk_paid),
            "desk_received": list(self.desk_received),
        }

    @classmethod
    def from_dict(cls, d: dict[str, object], data: PnpRules, modules: tuple[str, ...], players: int) -> PnpState:
        x = cls.new(data, modules, players)
        try:
            x.desks = [int(v) for v in d["desks"]]  # type: ignore[attr-defined]
            x.bells = [int(v) for v in d["bells"]]  # type: ignore[attr-defined]
            x.bell_supply = int(d["bell_supply"])  # type: ignore[call-overload]
            x.desk_paid = [int(v) for v in d["desk_paid"]]  # type: ignore[attr-defined]
            x.desk_received = [int(v) for v in d["desk_received"]]  # type: ignore[attr-defined]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"pnp: {exc}") from None
        return x


def data_provenance(directory: str | Path | None = None) -> tuple[TaggedValue, ...]:
    """Every tagged value of the rules data: the base game's files, then the expansion's ``pnp.toml``."""
    return load_rules(directory).provenance + load_pnp(directory).provenance


def default_side(rules: Rules, players: int, directory: str | Path | None = None) -> str:
    """The board side a game of ``players`` plays on by default (the expansion's side for 5)."""
    if players == MAX_PLAYERS:
        return load_pnp(directory).five_side
    return rules.side_by_players[players - 1]


register_frozen(PnpRules)
