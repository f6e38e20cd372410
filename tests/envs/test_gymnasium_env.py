"""The Gymnasium single-agent environment passes Gymnasium's check_env and plays whole games."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import inferno
from inferno.envs.gymnasium_env import InfernoGymEnv
from inferno.envs.rewards import RewardMode, final_rewards


def _play(env: InfernoGymEnv, seed: int) -> tuple[float, dict[str, object], int]:
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += float(reward)
        steps += 1
        if term or trunc:
            return total, info, steps


@pytest.mark.filterwarnings("error::UserWarning")
@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_gymnasium_check_env(players: int, render_mode: str | None) -> None:
    env = gym.make("inferno/Inferno-v0", players=players, render_mode=render_mode)
    check_env(env.unwrapped)


@pytest.mark.parametrize(("players", "side"), [(1, None), (2, "III/IV"), (4, None)])
def test_episode_ends_with_the_final_margin(players: int, side: str | None) -> None:
    env = InfernoGymEnv(players=players, seat=players - 1, side=side)
    total, info, _ = _play(env, 3)
    s = env.state
    assert s is not None and s.over
    assert total == final_rewards(s, RewardMode.MARGIN)[players - 1] == info["final_reward"]


def test_reset_info_does_not_reveal_the_game_seed() -> None:
    """The seed determines the hidden cards (D5), so it stays out of what the learner is given."""
    env = InfernoGymEnv(players=2)
    _, info = env.reset(seed=31)
    assert env.game_seed == 31 and 31 not in info.values()


def test_dense_rewards_add_up_to_the_final_margin() -> None:
    env = InfernoGymEnv(players=2, dense=True)
    total, info, steps = _play(env, 6)
    assert steps > 1 and total == info["final_reward"]


def test_learner_only_decides_for_its_seat() -> None:
    env = InfernoGymEnv(players=3, seat=1)
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(100):
        s = env.state
        assert s is not None and inferno.to_move(s) == 1
        assert np.array_equal(obs["action_mask"], env.action_masks())
        obs, *_ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_illegal_action_is_penalised_without_changing_the_game() -> None:
    env = InfernoGymEnv(players=2)
    obs, _ = env.reset(seed=0)
    assert env.state is not None
    version = env.state.version
    obs2, reward, term, trunc, info = env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert (reward, term, trunc, info) == (-1.0, False, False, {"illegal_action": True})
    assert env.state.version == version and np.array_equal(obs["observation"], obs2["observation"])


def test_max_steps_truncates() -> None:
    env = InfernoGymEnv(players=2, max_steps=7)
    _, _, steps = _play(env, 1)
    assert steps == 7


def test_same_seed_same_episode() -> None:
    a = _play(InfernoGymEnv(players=2), 9)
    b = _play(InfernoGymEnv(players=2), 9)
    assert a == b


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [({"players": 5}, "players"), ({"seat": 2}, "seat"), ({"opponents": ["random"] * 2}, "opponent")],
)
def test_bad_settings_are_refused(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        InfernoGymEnv(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", ["rival", "pilgrimage", "plague"])
def test_solo_env_passes_check_env_and_reports_the_score_table(variant: str) -> None:
    """The solo game as a single-agent env (RULES.md §17): the final reward is the margin over the bar
    (the Rival's Infamy or the target) and ``info["solo"]`` gives the win and the rank of the table."""
    env = InfernoGymEnv(players=1, solo=(variant, "easy"))
    check_env(env)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    total, info, done = 0.0, {}, False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, term, trunc, info = env.step(int(rng.choice(legal)))
        total += float(reward)
        done = term or trunc
    s = env.state
    assert s is not None and s.over
    r = inferno.result(s)
    assert r.solo is not None and info["solo"] == r.solo.to_dict()
    assert total == info["final_reward"] == r.solo.margin
    with pytest.raises(inferno.SetupError, match="1 player"):
        InfernoGymEnv(players=2, solo=(variant, "easy"))
