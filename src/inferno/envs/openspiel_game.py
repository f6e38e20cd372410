"""Inferno registered with OpenSpiel as the Python game ``python_inferno``.

``pyspiel.load_game("python_inferno", {"players": 2})`` after importing this module. Game parameters:
``players`` (1-5, default 2), ``side`` (board side, "" = the default for the player count),
``side_variant`` (true to play another side than the player count's: a named variant),
``modules`` (the P&P modules joined by "+": "plutus", "phlegyas", "plutus+phlegyas"; 5 players need
one),
``deals`` (default 1000), ``reward`` ("win" default, or "margin") and ``max_game_length`` (2000).

The game starts with one chance node whose outcome ``d`` in ``range(deals)`` is the setup seed:
the rest of the game is ``inferno.new_game(players, d, side, modules=...)`` played by the players, with no more chance
(the engine draws all randomness at setup). Player actions are the fixed action index of
:mod:`inferno.envs.encoding`. The game has imperfect information: the other hands and the deck order
are hidden. A player's observation (tensor and string) holds only what that player may see;
the information state string is a digest of that player's first view, then the public action
history and the player's own hands over time. ``resample_from_infostate`` deals the hidden cards
at random with ``inferno.determinize``, so information-set MCTS works. Returns are the final rewards
of :mod:`inferno.envs.rewards` (margins clipped to +-``MAX_MARGIN``); a game reaching
``max_game_length`` decisions ends with all returns 0 (random games end within ~550 decisions).
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from inferno.envs.encoding import encoding_for
from inferno.envs.observation import encoder_for
from inferno.envs.render import render_text
from inferno.envs.rewards import RewardMode, final_rewards, reward_mode
from inferno.rules.engine import apply_in_place, determinize, legal_actions, to_move, view
from inferno.rules.notation import action_text
from inferno.rules.pack import load_rules
from inferno.rules.pnp import MAX_PLAYERS
from inferno.rules.setup import SetupError, new_game
from inferno.rules.state import State

MAX_MARGIN = 300.0
DEFAULTS: dict[str, Any] = {
    "players": 2,
    "side": "",
    "side_variant": False,
    "modules": "",
    "deals": 1000,
    "reward": "win",
    "max_game_length": 2000,
}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_inferno",
    long_name="Python Inferno",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class InfernoGame(pyspiel.Game):  # type: ignore[misc]
    """The game: parameters, sizes and the shared rules data."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**DEFAULTS, **(params or {})}
        self.rules = load_rules()
        self.num_seats = int(p["players"])
        self.side = str(p["side"]) or None
        self.side_variant = bool(p["side_variant"])
        self.deals = int(p["deals"])
        self.reward = reward_mode(str(p["reward"]), self.num_seats)
        self.max_length = int(p["max_game_length"])
        self.modules = tuple(m.strip() for m in str(p["modules"]).replace(",", "+").split("+") if m.strip())
        if not 1 <= self.num_seats <= MAX_PLAYERS:
            raise ValueError(f"players must be 1-{MAX_PLAYERS}, got {self.num_seats}")
        if self.side is not None and self.side not in self.rules.boards:
            raise ValueError(f"unknown board side {self.side!r} (choose {', '.join(self.rules.boards)})")
        if self.deals < 1 or self.max_length < 1:
            raise ValueError("deals and max_game_length must be positive")
        try:
            new_game(
                self.num_seats,
                0,
                self.side,
                rules=self.rules,
                record_events=False,
                modules=self.modules,
                side_variant=self.side_variant,
            )
        except SetupError as exc:
            raise ValueError(str(exc)) from None
        self.actions = encoding_for(self.rules)
        self.encoder = encoder_for(self.rules)
        bound = 1.0 if self.reward is RewardMode.WIN else MAX_MARGIN
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.size,
            max_chance_outcomes=self.deals,
            num_players=self.num_seats,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=self.max_length,
        )
        super().__init__(_GAME_TYPE, info, p)

    def new_initial_state(self) -> InfernoState:
        return InfernoState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> InfernoObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return InfernoObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class _Play:
    """Everything a state holds; OpenSpiel's ``clone`` deep-copies it, so copying is made cheap here."""

    def __init__(self, game: InfernoGame) -> None:
        self.game = game
        self.s: State | None = None
        self.length = 0
        self.truncated = False
        self.setup_keys: list[str] = []
        self.hands: list[list[tuple[int, ...]]] = []
        self.moves: list[int] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        c = _Play(self.game)
        c.s = self.s.copy() if self.s is not None else None
        c.length = self.length
        c.truncated = self.truncated
        c.setup_keys = self.setup_keys
        c.hands = [h[:] for h in self.hands]
        c.moves = self.moves[:]
        return c


class InfernoState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the engine state after the setup chance node, plus the action history."""

    def __init__(self, game: InfernoGame) -> None:
        super().__init__(game)
        self.play = _Play(game)

    # --- pyspiel API ----------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.play.s is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.play.truncated or self.play.s.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return to_move(self.play.s)

    def _legal_actions(self, player: int) -> list[int]:
        assert self.play.s is not None
        enc = self.play.game.actions.encode
        return sorted(enc(a) for a in legal_actions(self.play.s))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.play.game.deals
        return [(d, p) for d in range(self.play.game.deals)]

    def _apply_action(self, action: int) -> None:
        g = self.play.game
        if self.play.s is None:
            self.play.s = new_game(
                g.num_seats,
                int(action),
                g.side,
                rules=g.rules,
                record_events=False,
                modules=g.modules,
                side_variant=g.side_variant,
            )
            self.play.setup_keys = [_setup_key(g, self.play.s, p) for p in range(g.num_seats)]
            self.play.hands = [[tuple(sorted(pl.hand))] for pl in self.play.s.players[: g.num_seats]]
            return
        apply_in_place(self.play.s, g.actions.decode(action), rollback=False)
        self.play.moves.append(int(action))
        self.play.length += 1
        for p, pl in enumerate(self.play.s.players[: g.num_seats]):  # a solo game's Rival has no seat
            hand = tuple(sorted(pl.hand))
            if hand != self.play.hands[p][-1]:
                self.play.hands[p].append(hand)
        if not self.play.s.over and self.play.length >= g.max_length:
            self.play.truncated = True

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self.play.s is None:
            return f"deal {action}"
        return action_text(self.play.s, self.play.game.actions.decode(action))

    def is_terminal(self) -> bool:
        return self.play.s is not None and (self.play.truncated or self.play.s.over)

    def returns(self) -> list[float]:
        if self.play.s is None or not self.play.s.over:
            return [0.0] * self.play.game.num_seats
        return [max(-MAX_MARGIN, min(MAX_MARGIN, r)) for r in final_rewards(self.play.s, self.play.game.reward)]

    def resample_from_infostate(self, player: int, sampler: Any) -> InfernoState:
        """A state with the same information state for ``player``, hidden cards dealt at random."""
        c: InfernoState = self.clone()
        if self.play.s is None:
            return c
        rng = random.Random(int(sampler() * 2**31))
        s = c.play.s = determinize(view(self.play.s, player), rng)
        # The other players' information states must come from the sampled world, not the true one.
        keys = c.play.setup_keys = self.play.setup_keys[:]
        for q, pl in enumerate(s.players[: s.num_players]):
            if q != player:
                keys[q] = "resampled " + _setup_key(c.play.game, s, q)
                c.play.hands[q] = [tuple(sorted(pl.hand))]
        return c

    def information_state_string(self, player: int | None = None) -> str:
        p = self.current_player() if player is None else player
        if self.play.s is None:
            return f"p{p} before the deal"
        hands = "/".join(",".join(map(str, h)) for h in self.play.hands[p])
        return f"p{p} {self.play.setup_keys[p]} moves {','.join(map(str, self.play.moves))} hands {hands}"

    def __str__(self) -> str:
        if self.play.s is None:
            return "before the deal"
        return render_text(view(self.play.s, -1))


def _setup_key(g: InfernoGame, s: State, p: int) -> str:
    """A digest of everything ``p`` sees at the start of the game (never the seed or hidden cards)."""
    v = view(s, p)
    data = g.encoder.encode(v).tobytes() + repr(v.plague).encode()
    return hashlib.sha1(data).hexdigest()[:20]


class InfernoObserver:
    """Observations from ``inferno.view``: the fixed vector as tensor, the view's text as string."""

    def __init__(self, game: InfernoGame, iig_obs_type: pyspiel.IIGObservationType) -> None:
        self.game = game
        self.perfect_recall = iig_obs_type.perfect_recall
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: InfernoState, player: int) -> None:
        if state.play.s is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.game.encoder.encode(state.play.s, player)

    def string_from(self, state: InfernoState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        if state.play.s is None:
            return f"p{player} before the deal"
        return f"p{player}\n" + render_text(view(state.play.s, player))


pyspiel.register_game(_GAME_TYPE, InfernoGame)
