"""Inferno: a digital edition of the board game *Inferno* (Fernando Eduardo Sánchez, 2024).

The engine API::

    import inferno
    s = inferno.new_game(players=3, seed=42)
    while not s.over:
        acts = inferno.legal_actions(s)
        s = inferno.apply(s, acts[0])
    print(inferno.result(s))

Building and reading a position in the game's words (see :mod:`inferno.rules.position`)::

    sc = inferno.Scenario(players=2, seed=1)
    sc.shield("4.2", inferno.Soul(inferno.Sin.GREED, lying=True)).passage(1, gate=3)
    sc.hell_phase(0)
    print(sc.position.decision.texts)
"""

import inferno.engine_build  # noqa: F401  (first, before any engine module: a stale compiled build refuses to load)
from inferno.records.log import action_lines, events, log_json, log_lines, scoring_table
from inferno.records.record import GameRecord, RecordError, load_game, record_of, replay, save_game
from inferno.rules.actions import (
    Act,
    Action,
    Decision,
    GameNotOverError,
    GameOverError,
    HiddenInformationError,
    IllegalActionError,
    InfernoError,
    MalformedActionError,
)
from inferno.rules.boards import ShieldSpec
from inferno.rules.engine import Pending, apply, apply_in_place, determinize, legal_actions, pending, to_move, view
from inferno.rules.events import Event
from inferno.rules.model import Rules
from inferno.rules.notation import action_text, parse_action
from inferno.rules.pack import RulesDataError, load_rules
from inferno.rules.position import (
    Barrel,
    DanteStop,
    Desk,
    Empty,
    Guardian,
    Guest,
    LocationPosition,
    Member,
    Members,
    Option,
    PendingDecision,
    Pit,
    PlayerPosition,
    Position,
    ShieldContent,
    Sin,
    Soul,
    Tower,
    TowerSpace,
    UnknownNameError,
)
from inferno.rules.saves import SaveFormatError
from inferno.rules.scenario import Scenario, ScenarioError
from inferno.rules.scoring import PlayerResult, Result, result
from inferno.rules.serialize import SnapshotError, state_from_dict, state_to_dict
from inferno.rules.setup import SetupError, new_game
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import GameConfig, State
from inferno.rules.variants import SideVariant, game_side_variant

__version__ = "0.2.0"  # the one version source: pyproject.toml reads it (hatch dynamic version)

__all__ = [
    "Act",
    "Action",
    "Barrel",
    "DanteStop",
    "Decision",
    "Desk",
    "Empty",
    "Event",
    "GameConfig",
    "GameNotOverError",
    "GameOverError",
    "GameRecord",
    "Guardian",
    "Guest",
    "HiddenInformationError",
    "IllegalActionError",
    "InfernoError",
    "LocationPosition",
    "MalformedActionError",
    "Member",
    "Members",
    "Option",
    "Pending",
    "PendingDecision",
    "Pit",
    "PlayerPosition",
    "PlayerResult",
    "Position",
    "RecordError",
    "Result",
    "Rules",
    "RulesDataError",
    "SaveFormatError",
    "Scenario",
    "ScenarioError",
    "SetupError",
    "ShieldContent",
    "ShieldSpec",
    "SideVariant",
    "Sin",
    "SnapshotError",
    "SoloConfig",
    "Soul",
    "State",
    "Tower",
    "TowerSpace",
    "UnknownNameError",
    "action_lines",
    "action_text",
    "apply",
    "apply_in_place",
    "determinize",
    "events",
    "game_side_variant",
    "legal_actions",
    "load_game",
    "load_rules",
    "log_json",
    "log_lines",
    "new_game",
    "parse_action",
    "pending",
    "record_of",
    "replay",
    "result",
    "save_game",
    "scoring_table",
    "state_from_dict",
    "state_to_dict",
    "to_move",
    "view",
]
