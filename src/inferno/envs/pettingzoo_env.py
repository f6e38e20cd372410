"""A PettingZoo AEC environment for Inferno (1-5 players, either board side, the P&P modules).

Agents are ``player_0`` .. ``player_{n-1}`` (seat order). Five players need the P&P expansion:
``modules=("plutus", "phlegyas")`` or either one alone. One player is the solo game against the
Rival (``solo=(variant, level)``; the Rival is automatic, not an agent). Each observation is a dict
``{"observation": float32 vector, "action_mask": int8 vector}`` holding only what that agent may see
(see :mod:`inferno.envs.observation`); the action space is ``Discrete(A + 1)``: the fixed game
action index of :mod:`inferno.envs.encoding` plus ``WAIT = A``.

Turn order (``turn_order``):

- ``"engine"`` (default): the selected agent is always the player the engine waits for, so one env
  step is one game decision and a player may act many times in a row (a turn is several decisions).
- ``"cyclic"``: agents are selected in seat order, one step each per cycle; an agent the game is not
  waiting for has only ``WAIT`` legal. Every cycle contains at least one decision. This order makes
  the environment parallelizable (:func:`parallel_env`), and the game's end is applied at the end
  of a cycle.

Rewards are zero until the game ends; then every agent gets its final reward (``reward="margin"``:
Infamy margin, or ``"win"``: +1/-1; see :mod:`inferno.envs.rewards`) and all agents terminate.
``max_cycles`` truncates all agents after ``max_cycles * players`` steps. An illegal action either
leaves the game unchanged and costs ``illegal_reward`` (``illegal_action="penalize"``, default) or
ends the episode with ``illegal_reward`` for the offender and 0 for the others (``"terminate"``,
like PettingZoo's ``TerminateIllegalWrapper``). ``reset(seed=k)`` plays ``inferno.new_game(players,
k, side, modules=modules, solo=solo)``; later resets without a seed draw game seeds from a generator
seeded by ``k``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.conversions import aec_to_parallel  # type: ignore[import-untyped]

from inferno.envs.encoding import encoding_for
from inferno.envs.observation import encoder_for
from inferno.envs.render import render_text
from inferno.envs.rewards import final_rewards, reward_mode
from inferno.rules.actions import Action, IllegalActionError
from inferno.rules.engine import apply_in_place, legal_actions, to_move, view
from inferno.rules.pack import load_rules
from inferno.rules.pnp import MAX_PLAYERS
from inferno.rules.setup import SetupError, new_game
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import State

TURN_ORDERS = ("engine", "cyclic")


class ActionSpace(spaces.Discrete):
    """``Discrete(n)`` (equal to it, same samples) whose ``contains`` answers a plain ``int`` without
    numpy: PettingZoo's ``AssertOutOfBoundsWrapper`` asks it at every step (~3.5 us the numpy way)."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self._end = int(n)

    def contains(self, x: Any) -> bool:
        if type(x) is int:  # what Discrete.contains answers for an int (start 0), without numpy
            return 0 <= x < self._end
        return super().contains(x)


ILLEGAL_ACTIONS = ("penalize", "terminate")


class InfernoAECEnv(AECEnv):  # type: ignore[misc]
    """Inferno as an agent-environment-cycle game; see the module docstring for the conventions."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "inferno_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": True,
    }

    def __init__(
        self,
        players: int = 2,
        side: str | None = None,
        *,
        max_cycles: int | None = None,
        reward: str = "margin",
        turn_order: str = "engine",
        illegal_action: str = "penalize",
        illegal_reward: float = -1.0,
        rules_dir: str | None = None,
        render_mode: str | None = None,
        modules: Sequence[str] = (),
        solo: SoloConfig | tuple[str, str] | None = None,
        side_variant: bool = False,
    ) -> None:
        super().__init__()
        if not isinstance(players, int) or not 1 <= players <= MAX_PLAYERS:
            raise SetupError(f"players must be 1-{MAX_PLAYERS}, got {players!r}")
        if turn_order not in TURN_ORDERS:
            raise ValueError(f"turn_order must be one of {TURN_ORDERS}, got {turn_order!r}")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_ACTIONS}, got {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.rules = load_rules(rules_dir)
        self.players = players
        self.side = side
        self.side_variant = side_variant  # another side than the player count's, named (see inferno.new_game)
        self.modules = (modules,) if isinstance(modules, str) else tuple(modules)
        self.solo = SoloConfig(*solo) if isinstance(solo, tuple) else solo
        # Refuse impossible settings now (5 players without the expansion, an unknown solo level...).
        new_game(
            players,
            0,
            side,
            rules=self.rules,
            rules_dir=rules_dir,
            record_events=False,
            modules=self.modules,
            solo=self.solo,
            side_variant=side_variant,
        )
        self.rules_dir = rules_dir
        self.max_cycles = max_cycles
        self.reward_mode = reward_mode(reward, players)
        self.turn_order = turn_order
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.actions = encoding_for(self.rules)
        self.encoder = encoder_for(self.rules)
        self.wait = self.actions.size
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.wait + 1,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: ActionSpace(self.wait + 1) for a in self.possible_agents}
        self._rng: random.Random | None = None
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- episode ----------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            game_seed = int(seed)
            self._rng = random.Random(game_seed)
        else:
            if self._rng is None:
                self._rng = random.Random()
            game_seed = self._rng.getrandbits(62)
        self.state = new_game(
            self.players,
            game_seed,
            self.side,
            rules_dir=self.rules_dir,
            record_events=False,
            modules=self.modules,
            solo=self.solo,
            side_variant=self.side_variant,
        )
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.num_steps = 0
        self.game_seed = game_seed
        self._final: list[float] | None = None
        self._cursor = 0
        self.agent_selection = self._selected()

    def _selected(self) -> str:
        s = self.state
        assert s is not None
        if self.turn_order == "cyclic" or s.over:
            return self.possible_agents[self._cursor]
        return self.possible_agents[to_move(s)]

    def _deciding(self, p: int) -> bool:
        """Whether seat ``p`` makes a game decision if it steps now."""
        s = self.state
        assert s is not None
        return not s.over and to_move(s) == p and (self.turn_order == "engine" or self._cursor == p)

    def _mask(self, p: int) -> np.ndarray:
        s = self.state
        assert s is not None
        if not s.over and to_move(s) == p and (self.turn_order == "engine" or self._cursor == p):  # _deciding(p)
            return self.actions.mask(legal_actions(s), self.wait + 1)
        m = np.zeros(self.wait + 1, dtype=np.int8)
        if self.turn_order == "cyclic":
            m[self.wait] = 1
        return m

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        s = self.state
        assert s is not None
        p = self._seat[agent]
        return {"observation": self.encoder.encode(s, p), "action_mask": self._mask(p)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        s = self.state
        assert s is not None and action is not None
        p = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        for name in rewards:  # _clear_rewards(), inline
            rewards[name] = 0
        self.infos[agent] = {}
        a = int(action)
        ended_by_illegal = False
        deciding = self._deciding(p)
        applied = deciding and 0 <= a < self.wait and _applied(s, self.actions.action(a))
        if not applied and not (a == self.wait and self.turn_order == "cyclic" and not deciding):
            self.rewards[agent] = self.illegal_reward
            self.infos[agent] = {"illegal_action": True}
            ended_by_illegal = self.illegal_action == "terminate"
        self.num_steps += 1
        if self.turn_order == "cyclic":
            self._cursor = (self._cursor + 1) % self.players
        cycle_end = self.turn_order == "engine" or self._cursor == 0
        if ended_by_illegal:
            self.terminations = dict.fromkeys(self.agents, True)
        elif s.over and self._final is None:
            self._final = final_rewards(s, self.reward_mode)
            for q, name in enumerate(self.possible_agents):
                self.rewards[name] += self._final[q]
                self.infos[name] = {**self.infos[name], "final_reward": self._final[q]}
        if self._final is not None and cycle_end:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self.num_steps >= self.max_cycles * self.players and cycle_end:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self._selected()
        cumulative = self._cumulative_rewards
        for name, reward in self.rewards.items():  # _accumulate_rewards(), inline
            cumulative[name] += reward
        if self.render_mode == "human":
            self.render()

    # --- rendering --------------------------------------------------------------------------

    def render(self) -> str | None:
        """``ansi``: the text of the selected agent's view; ``human``: print it."""
        if self.render_mode is None or self.state is None:
            return None
        text = render_text(view(self.state, self._seat[self.agent_selection]))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        self.state = None


def _applied(s: State, act: Action) -> bool:
    """Apply ``act`` if it is legal (the engine checks it before changing anything); was it?"""
    try:
        apply_in_place(s, act, rollback=False)
    except IllegalActionError:
        return False
    return True


def raw_env(**kwargs: Any) -> InfernoAECEnv:
    """The bare AEC environment (no PettingZoo wrappers)."""
    return InfernoAECEnv(**kwargs)


def env(**kwargs: Any) -> Any:
    """The AEC environment with PettingZoo's standard out-of-bounds and order-enforcing wrappers."""
    e: Any = InfernoAECEnv(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


def parallel_env(**kwargs: Any) -> Any:
    """A parallel environment: each step, every agent submits an action; only the deciding player's
    counts (the others must ``WAIT``). Built from the ``cyclic`` AEC environment."""
    kwargs["turn_order"] = "cyclic"
    return aec_to_parallel(env(**kwargs))
