"""Versioned save formats and the migrations that bring older saves up to date.

Every JSON file or snapshot the library writes names its kind in ``format`` and its version in
``format_version``::

    {"format": "inferno-game", "format_version": 2, ...}

Loading goes through :func:`upgrade`: it reads the version (a save from before ``format_version``
existed, ``"format": "inferno-game/1"``, is version 1), refuses a version newer than this release
reads, and applies the registered migrations one version at a time until the save is current.

To change a format: raise its ``current`` version in :data:`FORMATS` and register a function that
turns a save of the previous version into the new one::

    @migration(GAME_RECORD, 2)
    def _game_2_to_3(d: dict[str, Any]) -> dict[str, Any]:
        ...  # return the version-3 dict

>>> old = {"format": "inferno-game/1", "config": {}, "actions": []}
>>> upgrade(old, GAME_RECORD)["format_version"] == FORMATS[GAME_RECORD].current
True
>>> upgrade({"format": "inferno-game", "format_version": 99}, GAME_RECORD)
Traceback (most recent call last):
...
inferno.rules.saves.SaveFormatError: this save was written by a newer version of Inferno (game record format version 99; this version reads up to 2): update Inferno to open it
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from inferno.rules.actions import InfernoError

GAME_RECORD = "inferno-game"  # a game's settings, seed and actions (save files, the terminal autosave)
STATE_SNAPSHOT = "inferno-state"  # every field of a position (views, scenarios, round trips)

Migration = Callable[[dict[str, Any]], dict[str, Any]]


class SaveFormatError(InfernoError):
    """A save whose format or version this release cannot read."""


@dataclass(slots=True)
class SaveFormat:
    """One kind of save: its name, the version written now, and migrations keyed by the version they upgrade."""

    kind: str
    title: str
    current: int
    migrations: dict[int, Migration] = field(default_factory=dict)


FORMATS: dict[str, SaveFormat] = {
    GAME_RECORD: SaveFormat(GAME_RECORD, "game record", 2),
    STATE_SNAPSHOT: SaveFormat(STATE_SNAPSHOT, "state snapshot", 2),
}


def migration(kind: str, from_version: int) -> Callable[[Migration], Migration]:
    """Register ``fn`` as the step from ``from_version`` to ``from_version + 1`` of ``kind``."""

    def register(fn: Migration) -> Migration:
        fmt = FORMATS[kind]
        if from_version in fmt.migrations:
            raise ValueError(f"{fmt.title} already has a migration from version {from_version}")
        fmt.migrations[from_version] = fn
        return fn

    return register


def stamp(kind: str) -> dict[str, Any]:
    """The two fields that open a save of ``kind`` written now."""
    return {"format": kind, "format_version": FORMATS[kind].current}


def version_of(d: object, kind: str) -> int:
    """The format version of the save ``d`` of ``kind`` (1 for saves from before versions were written)."""
    fmt = FORMATS[kind]
    if not isinstance(d, dict):
        raise SaveFormatError(f"not an Inferno {fmt.title}: expected a JSON object, got {type(d).__name__}")
    name = d.get("format")
    if "format_version" not in d:
        if name == f"{kind}/1":
            return 1
        raise SaveFormatError(f"not an Inferno {fmt.title} (format {name!r}, expected {kind!r})")
    if name != kind:
        raise SaveFormatError(f"not an Inferno {fmt.title} (format {name!r}, expected {kind!r})")
    v = d["format_version"]
    if type(v) is not int or v < 1:
        raise SaveFormatError(f"the {fmt.title}'s format_version must be a whole number from 1, got {v!r}")
    return v


def upgrade(d: object, kind: str) -> dict[str, Any]:
    """``d`` migrated to the current version of ``kind`` (a new dict; ``d`` is not changed)."""
    fmt = FORMATS[kind]
    v = version_of(d, kind)
    assert isinstance(d, dict)
    if v > fmt.current:
        raise SaveFormatError(
            f"this save was written by a newer version of Inferno ({fmt.title} format version {v}; "
            f"this version reads up to {fmt.current}): update Inferno to open it"
        )
    out = dict(d)
    while v < fmt.current:
        step = fmt.migrations.get(v)
        if step is None:  # a gap in the registry is a bug of this release, not of the save
            raise SaveFormatError(f"no migration of the {fmt.title} format from version {v}")
        out = step(out)
        v += 1
        out["format"] = kind
        out["format_version"] = v
    return out


# --- migrations ---------------------------------------------------------------------------------


@migration(GAME_RECORD, 1)
def _game_1_to_2(d: dict[str, Any]) -> dict[str, Any]:
    """Version 2 names the version in ``format_version``; the fields are those of version 1."""
    return {**d, "format": GAME_RECORD, "format_version": 2}


@migration(STATE_SNAPSHOT, 1)
def _state_1_to_2(d: dict[str, Any]) -> dict[str, Any]:
    """Version 2 names the version in ``format_version``; the fields are those of version 1."""
    return {**d, "format": STATE_SNAPSHOT, "format_version": 2}
