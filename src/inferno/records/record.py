"""A game record is config + seed + actions in text form; replaying it rebuilds the game exactly."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from inferno.i18n import LOG
from inferno.rules.actions import InfernoError
from inferno.rules.engine import apply_in_place
from inferno.rules.notation import action_text, parse_action
from inferno.rules.saves import GAME_RECORD, SaveFormatError, stamp, upgrade
from inferno.rules.setup import new_game
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import State, linked_to_list
from inferno.rules.variants import game_side_variant

_ = LOG.gettext

RECORD_FORMAT = GAME_RECORD  # with its format_version (see inferno.rules.saves)


class RecordError(InfernoError):
    """A save file that cannot be read or replayed; the message says where."""


@dataclass
class GameRecord:
    """What a save file holds."""

    players: int
    seed: int
    side: str
    actions: list[str] = field(default_factory=list)
    rules_dir: str | None = None
    rules_fingerprint: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    modules: tuple[str, ...] = ()  # P&P expansion modules
    solo: SoloConfig | None = None  # the solo game's variant and level
    side_variant: bool = False  # played on another board side than the player count's (a named variant)

    def to_dict(self) -> dict[str, Any]:
        config: dict[str, Any] = {"players": self.players, "seed": self.seed, "side": self.side}
        if self.side_variant:
            config["side_variant"] = True
        config["rules_dir"] = self.rules_dir
        if self.modules:
            config["modules"] = list(self.modules)
        if self.solo is not None:
            config["solo"] = self.solo.to_dict()
        return {
            **stamp(GAME_RECORD),
            "config": config,
            "rules_fingerprint": self.rules_fingerprint,
            "actions": list(self.actions),
            "meta": dict(self.meta),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameRecord:
        try:
            d = upgrade(d, GAME_RECORD)
        except SaveFormatError as exc:
            raise RecordError(str(exc)) from None
        try:
            cfg = d["config"]
            rec = cls(
                int(cfg["players"]),
                int(cfg["seed"]),
                str(cfg["side"]),
                [str(a) for a in d["actions"]],
                cfg.get("rules_dir"),
                str(d.get("rules_fingerprint", "")),
                dict(d.get("meta", {})),
                tuple(str(m) for m in cfg.get("modules", ())),
                SoloConfig(str(cfg["solo"]["variant"]), str(cfg["solo"]["level"])) if cfg.get("solo") else None,
                cfg.get("side_variant") is True,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(_("game record is missing or has a bad field: {error}").format(error=exc)) from None
        return rec


def game_fingerprint(s: State) -> str:
    """The rules data a game depends on: the rules pack, plus the solo data in a solo game."""
    return f"{s.rules.fingerprint}+{s.rules.solo.fingerprint}" if s.solo is not None else s.rules.fingerprint


def record_of(s: State, meta: dict[str, Any] | None = None) -> GameRecord:
    """The record of a game so far."""
    c = s.config
    texts = [action_text(s, a) for a in linked_to_list(s.actions)]
    return GameRecord(
        c.players,
        c.require_seed(),
        c.side,
        texts,
        c.rules_dir,
        game_fingerprint(s),
        dict(meta or {}),
        c.modules,
        c.solo,
        game_side_variant(s) is not None,
    )


def replay(rec: GameRecord, upto: int | None = None, record_events: bool = True) -> State:
    """Rebuild the game from its record, stopping after ``upto`` actions if given.

    The record names its board side, so a side other than the player count's is replayed as the
    variant it was (records written before variants were marked say nothing of it); the replayed
    game's log marks it."""
    try:
        s = new_game(
            rec.players,
            rec.seed,
            rec.side,
            rules_dir=rec.rules_dir,
            record_events=record_events,
            modules=rec.modules,
            solo=rec.solo,
            side_variant=True,
        )
    except ValueError as exc:
        raise RecordError(_("the record's set-up cannot be played: {error}").format(error=exc)) from None
    if rec.rules_fingerprint and rec.rules_fingerprint != game_fingerprint(s):
        raise RecordError(
            _("the record was made with other rules data (fingerprint {theirs}, these rules {ours})").format(
                theirs=rec.rules_fingerprint, ours=game_fingerprint(s)
            )
        )
    todo = rec.actions if upto is None else rec.actions[:upto]
    for i, text in enumerate(todo):
        try:
            apply_in_place(s, parse_action(s, text), rollback=False)
        except InfernoError as exc:
            raise RecordError(
                _("action {n} ({action}) cannot be replayed: {error}").format(n=i + 1, action=repr(text), error=exc)
            ) from None
    return s


def save_record(rec: GameRecord, path: str | Path) -> None:
    """Write a record atomically (a crash mid-write never leaves a broken file)."""
    path = Path(path)
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, _("it is a directory, not a file"), str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(rec.to_dict(), f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def load_record(path: str | Path) -> GameRecord:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RecordError(_("{path}: no such file").format(path=path)) from None
    except (OSError, json.JSONDecodeError) as exc:
        raise RecordError(_("{path}: not readable JSON: {error}").format(path=path, error=exc)) from None
    return GameRecord.from_dict(data)


def save_game(s: State, path: str | Path, meta: dict[str, Any] | None = None) -> None:
    save_record(record_of(s, meta), path)


def load_game(path: str | Path) -> State:
    return replay(load_record(path))
