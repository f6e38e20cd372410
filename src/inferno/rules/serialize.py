"""Full-state snapshots as JSON-safe dicts (for save files, scenarios and round-trip tests).

A snapshot opens with ``"format": "inferno-state"`` and its ``format_version``; older snapshots are
migrated on load (see :mod:`inferno.rules.saves`).
"""

from __future__ import annotations

from typing import Any

from inferno.rules.actions import Act, Action, Decision
from inferno.rules.model import Rules
from inferno.rules.pack import load_rules
from inferno.rules.pnp import PnpState, dante_stops, load_pnp
from inferno.rules.saves import STATE_SNAPSHOT, SaveFormatError, stamp, upgrade
from inferno.rules.solo_model import SoloState
from inferno.rules.state import (
    PLAYER_FIELDS,
    GameConfig,
    PlayerState,
    State,
    frame_from_list,
    frame_to_list,
    linked_to_list,
)

SNAPSHOT_FORMAT = STATE_SNAPSHOT
_PLAYER_FIELDS = PLAYER_FIELDS
_STATE_LISTS = (
    "hell",
    "graveyard",
    "supply",
    "tiles",
    "plague",
    "phleg",
    "guardian_pos",
    "palace",
    "barrel_market",
    "deck",
    "market",
)
_STATE_INTS = ("dante", "current", "first_player", "turn", "ender", "final_turns", "quartiere", "version", "viewer")
_STATE_TUPLES = ("guardians", "loc_quartiere", "bonus")


class SnapshotError(ValueError):
    """A snapshot that cannot be loaded; the message names the field."""


def player_to_dict(p: PlayerState) -> dict[str, Any]:
    """One family's pieces as plain JSON types (its part of ``state_to_dict``)."""
    d: dict[str, Any] = {}
    for f in _PLAYER_FIELDS:
        v = getattr(p, f)
        d[f] = list(v) if isinstance(v, (list, tuple)) else v
    return d


def state_to_dict(s: State, *, actions: bool = True, players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Everything that defines the state, as plain JSON types (without the list of past actions if not
    ``actions``: a view for the screen needs only the state they led to). ``players``: the players'
    ``player_to_dict``, if the caller has them already."""
    d: dict[str, Any] = {
        **stamp(STATE_SNAPSHOT),
        "config": s.config.to_dict(),
        "rules_fingerprint": s.rules.fingerprint,
        "players": [player_to_dict(p) for p in s.players] if players is None else players,
        "stack": [frame_to_list(f) for f in s.stack],
        "over": s.over,
        "sudden_death": s.sudden_death,
        "breakdown": [list(b) for b in s.breakdown],
    }
    if actions:
        d["actions"] = [list(a) for a in linked_to_list(s.actions)]
    d["record_events"] = s.record_events
    if s.ext is not None:
        d["pnp"] = s.ext.to_dict()
        d["pnp_fingerprint"] = s.ext.data.fingerprint
    if s.solo is not None:
        d["solo"] = s.solo.to_dict()
        d["solo_fingerprint"] = s.rules.solo.fingerprint
    for f in _STATE_LISTS + _STATE_TUPLES:
        d[f] = list(getattr(s, f))
    for f in _STATE_INTS:
        d[f] = getattr(s, f)
    return d


def state_from_dict(d: dict[str, Any], rules: Rules | None = None) -> State:
    """Rebuild a state from :func:`state_to_dict` output (or a hand-edited scenario)."""
    try:
        d = upgrade(d, STATE_SNAPSHOT)
    except SaveFormatError as exc:
        raise SnapshotError(f"format: {exc}") from None
    try:
        cfg = GameConfig.from_dict(dict(d["config"]))
    except (KeyError, TypeError, ValueError) as bad_config:
        raise SnapshotError(f"config: {bad_config}") from None
    if rules is None:
        rules = load_rules(cfg.rules_dir)
    saved_with = d.get("rules_fingerprint")
    if saved_with and saved_with != rules.fingerprint:
        raise SnapshotError(
            f"rules_fingerprint: the snapshot was made with other rules data ({saved_with}, these rules {rules.fingerprint})"
        )
    solo_with = d.get("solo_fingerprint")
    if cfg.solo is not None and solo_with and solo_with != rules.solo.fingerprint:
        raise SnapshotError(
            f"solo_fingerprint: the snapshot was made with other solo data ({solo_with}, these {rules.solo.fingerprint})"
        )
    if cfg.solo is not None and (
        cfg.solo.variant not in rules.solo.variants
        or cfg.solo.level not in rules.solo.variants[cfg.solo.variant].levels
    ):
        raise SnapshotError(f"config.solo: unknown solo variant or level {cfg.solo.to_dict()}")
    if cfg.side not in rules.boards:
        raise SnapshotError(f"config.side: unknown side {cfg.side!r}")
    s = State()
    s.rules = rules
    s.config = cfg
    s.board = rules.boards[cfg.side]
    pnp = load_pnp(cfg.rules_dir) if cfg.modules else None
    s.stops = dante_stops(rules, cfg.side, cfg.players, pnp)
    s.ext = None
    if pnp is not None:
        if d.get("pnp_fingerprint") and d["pnp_fingerprint"] != pnp.fingerprint:
            raise SnapshotError("pnp_fingerprint: the snapshot was made with other P&P expansion data")
        try:
            s.ext = PnpState.from_dict(d.get("pnp", {}), pnp, cfg.modules, cfg.players)
        except ValueError as bad_pnp:
            raise SnapshotError(str(bad_pnp)) from None
    try:
        s.players = []
        s.owned = -1
        for i, pd in enumerate(d["players"]):
            p = PlayerState()
            for f in _PLAYER_FIELDS:
                if f not in pd:
                    raise SnapshotError(f"players[{i}].{f}: missing")
                v = pd[f]
                setattr(p, f, tuple(v) if f == "played" else (list(v) if isinstance(v, list) else v))
            s.players.append(p)
        for f in _STATE_LISTS:
            setattr(s, f, list(d[f]))
        for f in _STATE_TUPLES:
            setattr(s, f, tuple(d[f]))
        for f in _STATE_INTS:
            setattr(s, f, int(d[f]))
        stack = d["stack"]
        s.over = bool(d["over"])
        s.sudden_death = bool(d["sudden_death"])
        s.breakdown = [list(b) for b in d["breakdown"]]
        s.record_events = bool(d.get("record_events", True))
        s.solo = SoloState.from_dict(d["solo"]) if cfg.solo is not None else None
        if cfg.solo is not None and len(s.players) != 2:
            raise SnapshotError("players: a solo game holds the player and the Rival")
    except KeyError as missing:
        raise SnapshotError(f"{missing.args[0]}: missing") from None
    if len(s.hell) != s.board.size:
        raise SnapshotError(f"hell: expected {s.board.size} shields, got {len(s.hell)}")
    log: tuple[Any, ...] | None = None
    try:
        s.stack = [frame_from_list(x) for x in stack]
        for frame in s.stack:
            Decision(frame.kind)
        for a in d.get("actions", []):
            log = (Action(Act(a[0]), a[1], a[2]), log)
    except (ValueError, TypeError, IndexError) as bad_log:
        raise SnapshotError(f"stack or actions: {bad_log}") from None
    s.actions = log
    s.events = None
    s.legal_cache = None
    return s
