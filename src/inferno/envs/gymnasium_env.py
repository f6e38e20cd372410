"""Single-agent Gymnasium environments: the learner plays one seat, our bots play the others; or the
solo game, the learner against the Rival.

Observation: ``{"observation": float32 vector, "action_mask": int8 vector}``: what the learner may see
(:mod:`inferno.envs.observation`; in the solo game it includes the Rival's pieces and its next card);
action: ``Discrete(A)``, the fixed game action index of
:mod:`inferno.envs.encoding`. ``action_masks()`` returns the current mask too (the convention of
sb3-contrib's ``MaskablePPO``). Each ``step`` applies the learner's decision, then lets the bots
decide until the learner must decide again or the game ends. The reward is 0 until the end, then the
final reward (``reward="margin"`` or ``"win"``, :mod:`inferno.envs.rewards`). With ``dense=True``
(margin only) every step instead rewards the change in the Infamy margin since the previous step;
the rewards of an episode still add up to the final margin. An illegal action
leaves the game unchanged and costs ``illegal_reward`` (``illegal_action="penalize"``, default) or
ends the episode with it (``"terminate"``). ``max_steps`` truncates after that many learner steps.
``reset(seed=k)`` plays ``inferno.new_game(players, k, side, modules=modules)`` with bots seeded from
``k`` (2-5 players; five need a P&P module, ``modules=("plutus",)``, ``("phlegyas",)`` or both); resets
without a seed draw game seeds from a generator seeded by the last given seed. The game seed is kept
in ``env.game_seed``, not in ``info``: it determines the hidden cards.

:class:`InfernoSoloEnv` is the solo game (``variant`` and ``level`` as arguments or as
``reset(options={"variant": ..., "level": ...})``): the reward is scored against the solo score
table: the margin over the bar (the Rival's final Infamy, or the level's target) with
``reward="margin"``, +1/-1 for a won/lost game with ``reward="win"``; the last step's
``info["solo"]`` holds the result (won, bar, margin, rank) and every step's ``info["rival_next"]``
the Rival's next card in words.

Registered with Gymnasium as ``inferno/Inferno-v0`` and ``inferno/InfernoSolo-v0``;
``gymnasium.make_vec("inferno/Inferno-v0", num_envs=n)`` gives n games stepped together
(:mod:`inferno.envs.batch`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from inferno.bots.base import Bot, make_bot
from inferno.defaults import SOLO_LEVEL
from inferno.envs.encoding import encoding_for
from inferno.envs.observation import encoder_for
from inferno.envs.render import render_text
from inferno.envs.rewards import RewardMode, final_rewards, reward_mode
from inferno.rules.engine import apply_in_place, legal_actions, to_move, view
from inferno.rules.pack import load_rules
from inferno.rules.pnp import MAX_PLAYERS
from inferno.rules.scoring import result
from inferno.rules.setup import SetupError, new_game
from inferno.rules.solo import next_card, solo_bar_now
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import State

Obs = dict[str, np.ndarray]


class InfernoGymEnv(gym.Env[Obs, int]):
    """Inferno for one learner against bots; see the module docstring for the conventions."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 4}  # noqa: RUF012 (Gymnasium declares it so)

    def __init__(
        self,
        players: int = 2,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        side: str | None = None,
        *,
        reward: str = "margin",
        dense: bool = False,
        max_steps: int | None = None,
        illegal_action: str = "penalize",
        illegal_reward: float = -1.0,
        rules_dir: str | None = None,
        render_mode: str | None = None,
        solo: SoloConfig | tuple[str, str] | None = None,
        modules: Sequence[str] = (),
        side_variant: bool = False,
    ) -> None:
        if not isinstance(players, int) or not 1 <= players <= MAX_PLAYERS:
            raise SetupError(f"players must be 1-{MAX_PLAYERS}, got {players!r}")
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}, got {seat!r}")
        if illegal_action not in ("penalize", "terminate"):
            raise ValueError(f"illegal_action must be 'penalize' or 'terminate', got {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise ValueError(f"need {players - 1} opponent bot name(s), got {len(specs)}")
        if isinstance(solo, tuple):
            solo = SoloConfig(*solo)
        if solo is not None and players != 1:
            raise SetupError(f"the solo variants and levels are for 1 player, not {players}")
        self.solo = solo
        self.modules = (modules,) if isinstance(modules, str) else tuple(modules)
        self.players = players
        self.seat = seat
        self.opponent_specs = specs
        self.side = side
        self.side_variant = side_variant  # another side than the player count's, named (see inferno.new_game)
        self.rules_dir = rules_dir
        self.rules = load_rules(rules_dir)
        # Refuse impossible settings now (5 players without the expansion, an unknown solo level...).
        new_game(
            players,
            0,
            side,
            rules=self.rules,
            rules_dir=rules_dir,
            record_events=False,
            modules=self.modules,
            solo=solo,
            side_variant=side_variant,
        )
        self.reward_mode = reward_mode(reward, players)
        if dense and self.reward_mode is not RewardMode.MARGIN:
            raise ValueError("dense rewards are defined for reward='margin' only")
        self.dense = dense
        self._potential = 0.0
        self.max_steps = max_steps
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.actions = encoding_for(self.rules)
        self.encoder = encoder_for(self.rules)
        self.observation_space: spaces.Dict = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(-1.0, 1.0, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.actions.size,), np.int8),
            }
        )
        self.action_space: spaces.Discrete = spaces.Discrete(self.actions.size)  # type: ignore[assignment]
        self._rng: random.Random | None = None
        self.state: State | None = None
        self.bots: dict[int, Bot] = {}
        self.game_seed = 0
        self.steps = 0

    def _obs(self) -> Obs:
        s = self.state
        assert s is not None
        mask = self.action_masks()
        return {"observation": self.encoder.encode(s, self.seat), "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The int8 mask of the learner's legal actions (all zeros once the game is over)."""
        s = self.state
        assert s is not None
        if not s.over and to_move(s) == self.seat:
            return self.actions.mask(legal_actions(s))
        return np.zeros(self.actions.size, dtype=np.int8)

    def _run_bots(self) -> None:
        s = self.state
        assert s is not None
        while not s.over and to_move(s) != self.seat:
            p = to_move(s)
            apply_in_place(s, self.bots[p].choose(view(s, p), legal_actions(s)), rollback=False)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
            self.game_seed = int(seed)
        else:
            if self._rng is None:
                self._rng = random.Random()
            self.game_seed = self._rng.getrandbits(62)
        self.state = new_game(
            self.players,
            self.game_seed,
            self.side,
            rules_dir=self.rules_dir,
            record_events=False,
            solo=self.solo,
            modules=self.modules,
            side_variant=self.side_variant,
        )
        others = [p for p in range(self.players) if p != self.seat]
        self.bots = {
            p: make_bot(spec, self.game_seed + 1 + p) for p, spec in zip(others, self.opponent_specs, strict=True)
        }
        self.steps = 0
        self._run_bots()
        self._potential = self._margin()
        if self.render_mode == "human":
            self.render()
        return self._obs(), {}

    def step(self, action: int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        reward, terminated, truncated, info = self._advance(action)
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, info

    def _advance(self, action: int, legal: bool | None = None) -> tuple[float, bool, bool, dict[str, Any]]:
        """``step`` without the observation: (reward, terminated, truncated, info). ``legal``: whether
        the action is one of the learner's legal actions now, when the caller knows (from the mask)."""
        s = self.state
        assert s is not None, "call reset() before step()"
        a = int(action)
        reward = 0.0
        info: dict[str, Any] = {}
        terminated = False
        act = self.actions.action(a) if 0 <= a < self.actions.size else None
        if legal is None:
            legal = act is not None and not s.over and to_move(s) == self.seat and act in legal_actions(s)
        if not legal or act is None:
            reward = self.illegal_reward
            info["illegal_action"] = True
            terminated = self.illegal_action == "terminate"
        else:
            apply_in_place(s, act, rollback=False)
            self._run_bots()
        self.steps += 1
        if self.dense:
            potential = self._margin()
            reward += potential - self._potential
            self._potential = potential
        if s.over:
            final = final_rewards(s, self.reward_mode)[self.seat]
            if not self.dense:
                reward += final
            info["final_reward"] = final
            res = result(s)
            if res.solo is not None:
                info["solo"] = res.solo.to_dict()
            terminated = True
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        return reward, terminated, truncated, info

    def _margin(self) -> float:
        """Own Infamy minus the best other player's (solo: minus the Rival's or the target); public."""
        s = self.state
        assert s is not None
        me = s.players[self.seat].infamy
        if s.solo is not None:
            return float(me - solo_bar_now(s))
        others = [pl.infamy for p, pl in enumerate(s.players) if p != self.seat]
        return float(me - max(others)) if others else float(me)

    def render(self) -> str | None:
        """``ansi``: the text of the learner's view; ``human``: print it."""
        if self.render_mode is None or self.state is None:
            return None
        text = render_text(view(self.state, self.seat))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


class InfernoSoloEnv(InfernoGymEnv):
    """The solo game as a single-agent env: the learner against the Rival, scored by the solo table.

    ``variant`` and ``level`` choose the solo game (the data's variants; easy, medium or hard);
    ``reset(options={"variant": v, "level": l})`` switches them for the next episodes. The
    observation holds the Rival's pieces (seat slot 1) and its next card; ``info["rival_next"]``
    names that card. See the module docstring for the reward.
    """

    def __init__(
        self,
        variant: str | None = None,
        level: str = SOLO_LEVEL,
        *,
        side: str | None = None,
        reward: str = "margin",
        dense: bool = False,
        max_steps: int | None = None,
        illegal_action: str = "penalize",
        illegal_reward: float = -1.0,
        rules_dir: str | None = None,
        render_mode: str | None = None,
        modules: Sequence[str] = (),
        side_variant: bool = False,
    ) -> None:
        rules = load_rules(rules_dir)
        config = SoloConfig(variant or next(iter(rules.solo.variants)), level)
        super().__init__(
            1,
            0,
            [],
            side,
            reward=reward,
            dense=dense,
            max_steps=max_steps,
            illegal_action=illegal_action,
            illegal_reward=illegal_reward,
            rules_dir=rules_dir,
            render_mode=render_mode,
            solo=config,
            modules=modules,
            side_variant=side_variant,
        )
        self.variants = tuple(rules.solo.variants)
        self.levels = tuple(rules.solo.variants[config.variant].levels)

    @property
    def variant(self) -> str:
        assert self.solo is not None
        return self.solo.variant

    @property
    def level(self) -> str:
        assert self.solo is not None
        return self.solo.level

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        if options:
            unknown = sorted(set(options) - {"variant", "level"})
            if unknown:
                raise ValueError(f"unknown solo option(s) {', '.join(unknown)} (the options are variant and level)")
            config = SoloConfig(str(options.get("variant", self.variant)), str(options.get("level", self.level)))
            new_game(
                1,
                0,
                self.side,
                rules=self.rules,
                rules_dir=self.rules_dir,
                record_events=False,
                solo=config,
                side_variant=self.side_variant,
            )
            self.solo = config
        obs, info = super().reset(seed=seed, options=options)
        return obs, self._with_rival(info)

    def step(self, action: int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = super().step(action)
        return obs, reward, terminated, truncated, self._with_rival(info)

    def _with_rival(self, info: dict[str, Any]) -> dict[str, Any]:
        s = cast(State, self.state)
        card = next_card(s)
        if card is not None and not s.over:
            info["rival_next"] = f"{card.name}: {card.describe()}"
        return info


def register() -> None:
    """Register ``inferno/Inferno-v0`` and ``inferno/InfernoSolo-v0`` with Gymnasium (idempotent).

    ``gymnasium.make_vec("inferno/Inferno-v0", num_envs=n)`` builds an
    :class:`inferno.envs.batch.InfernoBatchEnv` (its ``vector_entry_point``); pass
    ``vectorization_mode="sync"`` for a ``SyncVectorEnv`` of single envs."""
    if "inferno/Inferno-v0" not in gym.registry:
        gym.register(
            id="inferno/Inferno-v0",
            entry_point="inferno.envs.gymnasium_env:InfernoGymEnv",
            vector_entry_point="inferno.envs.batch:InfernoBatchEnv",
        )
    if "inferno/InfernoSolo-v0" not in gym.registry:
        gym.register(id="inferno/InfernoSolo-v0", entry_point="inferno.envs.gymnasium_env:InfernoSoloEnv")


register()
