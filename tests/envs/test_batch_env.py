"""The batched Gymnasium environment: env by env the same as separate single envs, Gymnasium's vector
conventions (autoreset modes, infos, spaces, make_vec, a vector wrapper) and clear errors."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import inferno
from inferno.envs.batch import InfernoBatchEnv
from inferno.envs.gymnasium_env import InfernoGymEnv
from inferno.envs.observation import default_encoder
from inferno.envs.observation_batch import ObservationBatch
from inferno.rules.setup import SetupError
from inferno.rules.solo_model import SoloConfig


def _actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A random legal action per game (0 for a game with none: it is about to be reset)."""
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks], dtype=np.int64)


def _illegal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask == 0)[0])


def _same_info(batch_info: dict[str, Any], single: dict[str, Any], i: int) -> None:
    """Game ``i``'s part of a vector info dict is exactly the single env's info."""
    for key, value in single.items():
        assert batch_info[f"_{key}"][i], key
        if isinstance(value, dict):
            _same_info(batch_info[key], value, i)
        else:
            assert batch_info[key][i] == value, key
    for key in batch_info:
        if not key.startswith("_") and key not in single:
            assert not batch_info[f"_{key}"][i], key


def _same_vector_info(a: dict[str, Any], b: dict[str, Any]) -> None:
    """Two vector info dicts hold the same keys, masks and values (``final_obs``: observation dicts)."""
    assert a.keys() == b.keys()
    for key, value in a.items():
        if isinstance(value, dict):
            _same_vector_info(value, b[key])
        elif key == "final_obs":
            for x, y in zip(value, b[key], strict=True):
                assert (x is None) == (y is None)
                if x is not None:
                    for part in ("observation", "action_mask"):
                        np.testing.assert_array_equal(x[part], y[part])
        else:
            np.testing.assert_array_equal(value, b[key], err_msg=key)


CONFIGS: list[tuple[dict[str, Any], int, int]] = [  # (env arguments, games, steps)
    ({"players": 2}, 3, 700),  # whole games: terminations and next-step autoresets
    ({"players": 3, "max_steps": 30, "dense": True}, 4, 100),  # truncations, dense rewards
    ({"players": 1, "solo": ("rival", "hard"), "max_steps": 40}, 3, 90),
    ({"players": 5, "seat": 2, "modules": ("plutus", "phlegyas"), "side": "III/IV", "max_steps": 20}, 3, 45),
    ({"players": 2, "illegal_action": "terminate", "max_steps": 50}, 3, 120),
]


IDS = ["2p-whole-games", "3p-truncated-dense", "solo-rival", "5p-pnp-seat-2", "2p-illegal-terminates"]


@pytest.mark.parametrize(("config", "n", "steps"), CONFIGS, ids=IDS)
def test_each_game_is_exactly_a_single_env(config: dict[str, Any], n: int, steps: int) -> None:
    seed = 11
    batch = InfernoBatchEnv(n, **config)
    singles = [InfernoGymEnv(**config) for _ in range(n)]
    obs, info = batch.reset(seed=seed)
    assert info == {}
    single_obs = [env.reset(seed=seed + i)[0] for i, env in enumerate(singles)]
    assert batch.game_seeds == [seed + i for i in range(n)]
    done = [False] * n
    rng = np.random.default_rng(3)
    ends = {"terminated": 0, "truncated": 0, "illegal": 0}
    for t in range(steps):
        for i in range(n):
            for key in ("observation", "action_mask"):
                np.testing.assert_array_equal(obs[key][i], single_obs[i][key], err_msg=f"step {t}, game {i}, {key}")
        assert batch.observation_space.contains(obs)
        actions = _actions(obs["action_mask"], rng)
        if t % 7 == 3 and not done[1]:  # an illegal action now and then: same penalty or end
            actions[1] = _illegal(obs["action_mask"][1])
            ends["illegal"] += 1
        obs, rewards, terms, truncs, infos = batch.step(actions)
        assert rewards.dtype == np.float64 and terms.dtype == truncs.dtype == np.bool_
        for i, env in enumerate(singles):
            if done[i]:
                single_obs[i], single_info = env.reset()
                expected: tuple[float, bool, bool] = (0.0, False, False)
            else:
                single_obs[i], reward, term, trunc, single_info = env.step(int(actions[i]))
                expected = (float(reward), term, trunc)
            assert (rewards[i], terms[i], truncs[i]) == expected, (t, i)
            _same_info(infos, single_info, i)
            done[i] = expected[1] or expected[2]
            ends["terminated"] += expected[1]
            ends["truncated"] += expected[2]
    if "max_steps" in config:
        assert ends["truncated"] or ends["terminated"]
    else:
        assert ends["terminated"] >= n  # every game ended at least once, and was reset
    if config.get("illegal_action") == "terminate":
        assert ends["terminated"] >= ends["illegal"] > 0


@pytest.mark.parametrize("mode", [AutoresetMode.SAME_STEP, AutoresetMode.DISABLED])
def test_autoreset_modes_match_sync_vector_env(mode: AutoresetMode) -> None:
    n, config = 3, {"players": 2, "max_steps": 12}
    batch = InfernoBatchEnv(n, autoreset_mode=mode, **config)
    sync = gym.vector.SyncVectorEnv([lambda: InfernoGymEnv(**config)] * n, autoreset_mode=mode)
    assert batch.metadata["autoreset_mode"] is mode
    obs, _ = batch.reset(seed=5)
    expected, _ = sync.reset(seed=5)
    rng = np.random.default_rng(0)
    resets = 0
    for _ in range(30):
        for key in obs:
            np.testing.assert_array_equal(obs[key], expected[key])
        actions = _actions(obs["action_mask"], rng)
        obs, rewards, terms, truncs, infos = batch.step(actions)
        expected, rewards2, terms2, truncs2, infos2 = sync.step(actions)
        np.testing.assert_array_equal(rewards, rewards2)
        np.testing.assert_array_equal(terms, terms2)
        np.testing.assert_array_equal(truncs, truncs2)
        _same_vector_info(infos, infos2)
        resets += "final_obs" in infos
        ended = terms | truncs
        if mode is AutoresetMode.DISABLED and ended.any():
            resets += 1
            obs, _ = batch.reset(options={"reset_mask": ended})
            expected, _ = sync.reset(options={"reset_mask": ended.copy()})
    assert resets > 0


def test_seeded_runs_repeat_and_reset_without_seed_continues_the_seeded_sequence() -> None:
    def run() -> list[np.ndarray]:
        env = InfernoBatchEnv(2, players=2, max_steps=8)
        out = []
        obs, _ = env.reset(seed=[4, 9])
        assert env.game_seeds == [4, 9]
        rng = np.random.default_rng(1)
        for _ in range(20):
            obs, *_ = env.step(_actions(obs["action_mask"], rng))
            out.append(obs["observation"].copy())
        obs, _ = env.reset()  # no seed: each game draws its next seed from its seeded generator
        out.append(obs["observation"].copy())
        out.append(np.array(env.game_seeds))
        return out

    for a, b in zip(run(), run(), strict=True):
        np.testing.assert_array_equal(a, b)


def test_buffers_are_reused_unless_copy() -> None:
    env = InfernoBatchEnv(2, players=2)
    obs, _ = env.reset(seed=0)
    obs2, *_ = env.step(_actions(obs["action_mask"], np.random.default_rng(0)))
    assert obs2["observation"] is obs["observation"] and obs2["action_mask"] is obs["action_mask"]
    assert obs["observation"].flags.c_contiguous and obs["observation"].shape == (2, env.envs[0].encoder.size)
    actions = _actions(obs2["action_mask"], np.random.default_rng(1))
    obs2["action_mask"][:] = 0  # a caller writing into the buffers does not change what is legal
    _, rewards, _, _, infos = env.step(actions)
    assert "illegal_action" not in infos and (rewards == 0).all()
    env = InfernoBatchEnv(2, players=2, copy=True)
    obs, _ = env.reset(seed=0)
    obs2, *_ = env.step(_actions(obs["action_mask"], np.random.default_rng(0)))
    assert obs2["observation"] is not obs["observation"]
    np.testing.assert_array_equal(env.action_masks(), obs2["action_mask"])


def test_make_vec_spaces_and_a_gymnasium_vector_wrapper() -> None:
    env = gym.make_vec("inferno/Inferno-v0", num_envs=3, players=2, max_steps=4)
    assert isinstance(env, InfernoBatchEnv)
    assert env.action_space == gym.spaces.MultiDiscrete([env.num_actions] * 3)
    assert env.single_action_space == gym.spaces.Discrete(env.num_actions)
    wrapped = gym.wrappers.vector.RecordEpisodeStatistics(env)
    obs, _ = wrapped.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(4):
        obs, _, _, truncs, infos = wrapped.step(_actions(obs["action_mask"], rng))
    assert truncs.all()
    np.testing.assert_array_equal(infos["episode"]["l"], [4, 4, 4])
    wrapped.close()
    sync = gym.make_vec("inferno/Inferno-v0", num_envs=2, vectorization_mode="sync")
    assert isinstance(sync, gym.vector.SyncVectorEnv)


def test_bad_actions_give_clear_errors_before_any_game_moves() -> None:
    env = InfernoBatchEnv(3, players=2)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        env.step(np.zeros(3, dtype=np.int64))
    obs, _ = env.reset(seed=0)
    before = obs["observation"].copy()
    a = env.num_actions
    legal = _actions(obs["action_mask"], np.random.default_rng(0))
    with pytest.raises(ValueError, match=r"shape \(3,\).*got \(4,\)"):
        env.step(np.zeros(4, dtype=np.int64))
    with pytest.raises(ValueError, match=r"shape \(3,\).*got \(3, 1\)"):
        env.step(legal.reshape(3, 1))
    with pytest.raises(TypeError, match=r"integers.*float64"):
        env.step(legal.astype(np.float64))
    with pytest.raises(TypeError, match=r"integers.*bool"):
        env.step(np.ones(3, dtype=np.bool_))
    with pytest.raises(TypeError, match="integers"):
        env.step(["a", "b", "c"])
    with pytest.raises(ValueError, match=rf"action index -1 for game 1 is outside 0\.\.{a - 1}"):
        env.step(np.array([legal[0], -1, legal[2]]))
    with pytest.raises(ValueError, match=rf"action index {a} for game 0 .*\(2 games have one\)"):
        env.step(np.array([a, legal[1], a]))
    np.testing.assert_array_equal(obs["observation"], before)  # no game moved
    obs, *_ = env.step(list(legal))  # a list of ints is fine
    assert obs["observation"].shape == before.shape


def test_illegal_actions_raise_when_asked_and_leave_every_game_as_it_was() -> None:
    env = InfernoBatchEnv(3, players=2, illegal_action="raise")
    twin = InfernoBatchEnv(3, players=2)
    obs, _ = env.reset(seed=1)
    twin.reset(seed=1)
    rng = np.random.default_rng(1)
    actions = _actions(obs["action_mask"], rng)
    bad = actions.copy()
    bad[2] = _illegal(obs["action_mask"][2])
    with pytest.raises(ValueError, match=r"action \d+ \(.*\) is not legal in game 2 \(its legal actions"):
        env.step(bad)
    obs, rewards, *_ = env.step(actions)  # nothing moved: the same as a batch that never saw the bad one
    expected, rewards2, *_ = twin.step(actions)
    np.testing.assert_array_equal(obs["observation"], expected["observation"])
    np.testing.assert_array_equal(rewards, rewards2)
    penalized = InfernoBatchEnv(1, players=2)
    obs, _ = penalized.reset(seed=1)
    _, rewards, terms, _, infos = penalized.step(np.array([_illegal(obs["action_mask"][0])]))
    assert rewards[0] == -1.0 and not terms[0] and infos["illegal_action"][0]


def test_bad_arguments_give_clear_errors() -> None:
    with pytest.raises(ValueError, match="num_envs must be a positive int"):
        InfernoBatchEnv(0)
    with pytest.raises(ValueError, match="illegal_action must be one of"):
        InfernoBatchEnv(2, illegal_action="ignore")
    with pytest.raises(ValueError, match="does not render"):
        InfernoBatchEnv(2, render_mode="ansi")
    with pytest.raises(SetupError):
        InfernoBatchEnv(2, players=9)
    env = InfernoBatchEnv(2, players=2, autoreset_mode="Disabled", max_steps=1)
    with pytest.raises(ValueError, match="need 2 seeds"):
        env.reset(seed=[1, 2, 3])
    with pytest.raises(ValueError, match=r"reset_mask.*bool array of shape \(2,\)"):
        env.reset(seed=0, options={"reset_mask": np.array([1, 0])})
    obs, _ = env.reset(seed=0)
    actions = _actions(obs["action_mask"], np.random.default_rng(0))
    _, _, _, truncs, _ = env.step(actions)
    assert truncs.all()
    with pytest.raises(RuntimeError, match="game 0 has ended: with autoreset disabled"):
        env.step(actions)


def test_observation_batch_rows_equal_single_encodings_across_kinds_of_games() -> None:
    enc = default_encoder()
    games = [
        inferno.new_game(2, 1, record_events=False),
        inferno.new_game(5, 2, "III/IV", record_events=False, modules=("plutus", "phlegyas")),
        inferno.new_game(1, 3, record_events=False, solo=SoloConfig("plague", "medium")),
        inferno.new_game(3, 4, record_events=False),
    ]
    batch = ObservationBatch(enc, len(games))
    rng = np.random.default_rng(0)
    for t in range(30):
        observers = [t % s.num_players for s in games]
        out = batch.encode(games, observers)
        for i, s in enumerate(games):
            np.testing.assert_array_equal(out[i], enc.encode(s, observers[i]), err_msg=f"step {t}, game {i}")
        for i, s in enumerate(games):
            if s.over:
                games[i] = inferno.new_game(2, 100 + t, record_events=False)  # another kind of game in row i
            else:
                acts = inferno.legal_actions(s)
                inferno.apply_in_place(s, acts[int(rng.integers(len(acts)))])
    with pytest.raises(ValueError, match="need 4 states"):
        batch.encode(games[:3], [0, 0, 0])
