"""N independent single-agent games stepped together: a Gymnasium vector environment.

:class:`InfernoBatchEnv` holds ``num_envs`` games of :class:`~inferno.envs.gymnasium_env.InfernoGymEnv`
(one learner against bots, same arguments) and steps them with one array of actions. It gives, env
by env, what ``gymnasium.vector.SyncVectorEnv`` over those envs gives (same seeds, same actions: same
observations, masks, rewards, terminations, truncations and infos), but writes the observations
and action masks of all games into two preallocated arrays in place, ``(num_envs, obs_size)``
float32 and ``(num_envs, num_actions)`` int8, through one encoding call for the whole batch
(:class:`~inferno.envs.observation_batch.ObservationBatch`). The rules are the sub-envs' own: each game
steps through ``InfernoGymEnv``'s code, which calls the engine's public API.

Conventions are Gymnasium's vector-env ones: ``action_space`` is ``MultiDiscrete([A] * N)``,
``observation_space`` the batched ``Dict`` of the single env's; ``reset(seed=k)`` seeds game ``i``
with ``k + i`` (or takes a list of seeds); ``step`` returns ``(obs, rewards, terminations,
truncations, infos)`` with ``infos`` a dict of arrays plus ``_key`` masks; finished games are reset
automatically (``autoreset_mode``: next step, the Gymnasium default; same step, with ``final_obs``
and ``final_info`` in the infos; or disabled, resetting with ``options={"reset_mask": mask}``).

Actions are checked before any game moves: an array of ``num_envs`` integers in ``0 .. A - 1``,
else ``ValueError``/``TypeError`` saying what is wrong. An index that is not legal in its game is
treated as the single env treats it (``illegal_action="penalize"`` or ``"terminate"``), or refused
with ``ValueError`` naming the games (``"raise"``). The returned observation arrays are the
batch's own buffers, overwritten by the next ``step`` or ``reset`` (like
``SyncVectorEnv(copy=False)``); pass ``copy=True`` to get fresh arrays each time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from inferno.envs.gymnasium_env import InfernoGymEnv, Obs
from inferno.envs.observation_batch import ObservationBatch
from inferno.rules.engine import legal_actions, to_move
from inferno.rules.state import State

ILLEGAL_ACTIONS = ("penalize", "terminate", "raise")


class InfernoBatchEnv(gym.vector.VectorEnv[Obs, np.ndarray, np.ndarray]):
    """``num_envs`` Inferno games for one learner each, stepped together; see the module docstring.

    Args:
        num_envs: how many games.
        illegal_action: ``"penalize"`` (default) or ``"terminate"`` as in ``InfernoGymEnv``, or
            ``"raise"``: refuse a batch of actions with an illegal one (no game moves).
        autoreset_mode: ``AutoresetMode`` or its value (``"NextStep"``, ``"SameStep"``, ``"Disabled"``).
        copy: return copies of the observation arrays instead of the batch's own buffers.
        **env_kwargs: the arguments of ``InfernoGymEnv`` (players, seat, opponents, side, reward,
            dense, max_steps, illegal_reward, rules_dir, solo, modules); no ``render_mode``.
    """

    metadata: dict[str, Any] = {"render_modes": [], "autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int,
        *,
        illegal_action: str = "penalize",
        autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
        copy: bool = False,
        **env_kwargs: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int | np.integer) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, got {num_envs!r}")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be one of {', '.join(ILLEGAL_ACTIONS)}, got {illegal_action!r}")
        if env_kwargs.get("render_mode") is not None:
            raise ValueError("InfernoBatchEnv does not render; render one game with InfernoGymEnv")
        env_kwargs.pop("render_mode", None)
        self.autoreset_mode = AutoresetMode(autoreset_mode)
        self.num_envs = int(num_envs)
        self.illegal_action = illegal_action
        self.copy = copy
        sub_illegal = "penalize" if illegal_action == "raise" else illegal_action
        self.envs = [InfernoGymEnv(illegal_action=sub_illegal, **env_kwargs) for _ in range(self.num_envs)]
        first = self.envs[0]
        self.metadata = {"render_modes": [], "autoreset_mode": self.autoreset_mode}
        self.render_mode = None
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.seat = first.seat
        self.actions = first.actions  # the action encoding (shared by every game)
        self.num_actions = first.actions.size
        self._table = [first.actions.action(i) for i in range(self.num_actions)]
        self._obs_batch = ObservationBatch(first.encoder, self.num_envs)
        self._masks = np.zeros((self.num_envs, self.num_actions), dtype=np.int8)
        self._rewards = np.zeros(self.num_envs, dtype=np.float64)
        self._terminations = np.zeros(self.num_envs, dtype=np.bool_)
        self._truncations = np.zeros(self.num_envs, dtype=np.bool_)
        self._autoreset = np.zeros(self.num_envs, dtype=np.bool_)
        self._legal: list[list[int]] = [[] for _ in range(self.num_envs)]  # each game's legal indices now
        self._started = False

    # --- observations ---------------------------------------------------------------------------

    def _observe(self) -> Obs:
        """Encode every game's observation and mask into the buffers (one call for the batch)."""
        states = cast(list[State], [e.state for e in self.envs])  # every game has started (reset)
        seat = self.seat
        obs = self._obs_batch.encode(states, [seat] * self.num_envs)
        masks = self._masks
        masks.fill(0)
        rows: list[int] = []
        cols: list[int] = []
        indices = self.actions.indices
        legal = self._legal
        for i, s in enumerate(states):
            if not s.over and to_move(s) == seat:
                idx = legal[i] = indices(legal_actions(s))
                cols += idx
                rows += [i] * len(idx)
            else:
                legal[i] = []
        masks[rows, cols] = 1
        if self.copy:
            return {"observation": obs.copy(), "action_mask": masks.copy()}
        return {"observation": obs, "action_mask": masks}

    def action_masks(self) -> np.ndarray:
        """The current action masks, ``(num_envs, num_actions)`` int8 (a copy)."""
        return self._masks.copy()

    # --- the vector-env API ---------------------------------------------------------------------

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Obs, dict[str, Any]]:
        """Reset every game (or those in ``options["reset_mask"]``); ``seed=k`` seeds game ``i`` with ``k + i``."""
        super().reset(seed=seed if isinstance(seed, int) else None)
        n = self.num_envs
        seeds: list[int | None]
        if seed is None:
            seeds = [None] * n
        elif isinstance(seed, int | np.integer) and not isinstance(seed, bool):
            seeds = [int(seed) + i for i in range(n)]
        elif isinstance(seed, Sequence) and not isinstance(seed, str):
            seeds = list(seed)
            if len(seeds) != n:
                raise ValueError(f"need {n} seeds (one per game), got {len(seeds)}")
        else:
            raise TypeError(f"seed must be an int, a list of {n} ints or None, got {seed!r}")
        options = dict(options) if options else {}
        mask = options.pop("reset_mask", None)
        if mask is None:
            which = np.ones(n, dtype=np.bool_)
        else:
            if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_ or mask.shape != (n,):
                raise ValueError(f"options['reset_mask'] must be a bool array of shape ({n},), got {mask!r}")
            if not mask.any():
                raise ValueError("options['reset_mask'] must select at least one game")
            which = mask
        infos: dict[str, Any] = {}
        for i in np.flatnonzero(which):
            _, info = self.envs[i].reset(seed=seeds[i], options=options or None)
            if info:
                infos = self._add_info(infos, info, int(i))
        self._terminations[which] = False
        self._truncations[which] = False
        self._autoreset[which] = False
        self._started = True
        return self._observe(), infos

    def _check(self, actions: Any) -> list[int]:
        """The actions as ints, or a clear error (before any game moves)."""
        n = self.num_envs
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise TypeError(f"actions must be integers (action indices), got dtype {a.dtype}")
        if a.shape != (n,):
            raise ValueError(f"actions must have shape ({n},) (one action index per game), got {a.shape}")
        bad = np.flatnonzero((a < 0) | (a >= self.num_actions))
        if len(bad):
            i = int(bad[0])
            raise ValueError(
                f"action index {int(a[i])} for game {i} is outside 0..{self.num_actions - 1}"
                + (f" ({len(bad)} games have one)" if len(bad) > 1 else "")
            )
        acts: list[int] = a.tolist()
        if self.illegal_action == "raise":
            skip = self._autoreset.tolist() if self.autoreset_mode is AutoresetMode.NEXT_STEP else [False] * n
            illegal = [i for i in range(n) if not skip[i] and acts[i] not in self._legal[i]]
            if illegal:
                i = illegal[0]
                raise ValueError(
                    f"action {acts[i]} ({self._table[acts[i]]}) is not legal in game {i}"
                    + (f"; games {illegal} have illegal actions" if len(illegal) > 1 else "")
                    + " (its legal actions are the 1s of its action_mask)"
                )
        return acts

    def step(self, actions: Any) -> tuple[Obs, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Step every game with its action; finished games are reset as ``autoreset_mode`` says."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        acts = self._check(actions)
        mode = self.autoreset_mode
        n = self.num_envs
        ended = self._autoreset.tolist()
        if mode is AutoresetMode.DISABLED and any(ended):
            raise RuntimeError(
                f"game {ended.index(True)} has ended: with autoreset disabled, reset it first "
                "(reset(options={'reset_mask': mask}))"
            )
        rewards = [0.0] * n
        terms = [False] * n
        truncs = [False] * n
        legal = self._legal
        infos: dict[str, Any] = {}
        for i, env in enumerate(self.envs):
            if ended[i] and mode is AutoresetMode.NEXT_STEP:
                _, info = env.reset()
            else:
                a = acts[i]
                reward, term, trunc, info = env._advance(a, a in legal[i])
                rewards[i], terms[i], truncs[i] = reward, term, trunc
                if (term or trunc) and mode is AutoresetMode.SAME_STEP:
                    infos = self._add_info(infos, {"final_obs": env._obs(), "final_info": info}, i)
                    _, info = env.reset()
            if info:
                infos = self._add_info(infos, info, i)
        self._rewards[:] = rewards
        self._terminations[:] = terms
        self._truncations[:] = truncs
        np.logical_or(self._terminations, self._truncations, out=self._autoreset)
        return self._observe(), self._rewards.copy(), self._terminations.copy(), self._truncations.copy(), infos

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()

    @property
    def game_seeds(self) -> list[int]:
        """Each game's seed (``InfernoGymEnv.game_seed``): it determines the hidden cards."""
        return [e.game_seed for e in self.envs]

    def __repr__(self) -> str:
        return f"InfernoBatchEnv(num_envs={self.num_envs}, players={self.envs[0].players})"
