"""The Gymnasium single-agent environment passes Gymnasium's check_env and plays whole games."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import inferno
from inferno.envs.gymnasium_env import InfernoGymEnv, InfernoSoloEnv
from inferno.envs.rewards import RewardMode, final_rewards
from inferno.rules.solo import next_card
from inferno.rules.solo_model import SoloConfig


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


CONFIGS: list[dict[str, Any]] = [
    {"players": 1},
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 5, "modules": ("plutus", "phlegyas")},
    {"players": 5, "modules": ("plutus",)},
    {"players": 5, "modules": ("phlegyas",)},
    {"players": 2, "modules": ("plutus",)},
    {"players": 3, "modules": ("phlegyas",)},
]


def _id(c: dict[str, Any]) -> str:
    return "-".join([f"{c['players']}p", *c.get("modules", ())])


@pytest.mark.filterwarnings("error::UserWarning")
@pytest.mark.parametrize("config", CONFIGS, ids=_id)
@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_gymnasium_check_env(config: dict[str, Any], render_mode: str | None) -> None:
    env = gym.make("inferno/Inferno-v0", render_mode=render_mode, **config)
    check_env(env.unwrapped)


@pytest.mark.parametrize("config", [c for c in CONFIGS if c["players"] == 5], ids=_id)
def test_five_player_episode_ends_with_the_final_margin(config: dict[str, Any]) -> None:
    env = InfernoGymEnv(seat=2, opponents="random", **config)
    total, info, _ = _play(env, 4)
    s = env.state
    assert s is not None and s.over and s.num_players == 5 and s.config.modules == config["modules"]
    assert total == final_rewards(s, RewardMode.MARGIN)[2] == info["final_reward"]


@pytest.mark.parametrize(("players", "side"), [(1, None), (2, "III/IV"), (4, None)])
def test_episode_ends_with_the_final_margin(players: int, side: str | None) -> None:
    env = InfernoGymEnv(players=players, seat=players - 1, side=side, side_variant=True)
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
    [
        ({"players": 6}, "players"),
        ({"players": 5}, "expansion"),
        ({"seat": 2}, "seat"),
        ({"opponents": ["random"] * 2}, "opponent"),
    ],
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


@pytest.mark.filterwarnings("error::UserWarning")
@pytest.mark.parametrize("variant", ["rival", "pilgrimage", "plague"])
@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_solo_env_passes_check_env(variant: str, render_mode: str | None) -> None:
    """The solo game registered as its own single-agent env (through gym.make, so check_env also
    tries the render modes)."""
    env = gym.make("inferno/InfernoSolo-v0", variant=variant, level="medium", render_mode=render_mode)
    check_env(env.unwrapped)


@pytest.mark.parametrize("variant", ["rival", "pilgrimage", "plague"])
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_solo_level_resets_and_plays(variant: str, level: str) -> None:
    env = InfernoSoloEnv(variant, level)
    obs, info = env.reset(seed=7)
    s = env.state
    assert s is not None and s.config.solo is not None
    assert (s.config.solo.variant, s.config.solo.level) == (variant, level)
    assert "rival_next" in info and obs["observation"][env.encoder.at["solo"]] == 1.0
    rng = np.random.default_rng(7)
    for _ in range(12):
        obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert env.observation_space.contains(obs)
        if term or trunc:
            break


@pytest.mark.parametrize("reward", ["margin", "win"])
def test_solo_reward_is_scored_against_the_solo_table(reward: str) -> None:
    env = InfernoSoloEnv("pilgrimage", "hard", reward=reward)
    total, info, _ = _play(env, 5)
    s = env.state
    assert s is not None and s.over
    res = inferno.result(s).solo
    assert res is not None and info["solo"] == res.to_dict() and info["solo"]["rank"]
    expected = float(res.margin) if reward == "margin" else (1.0 if res.won else -1.0)
    assert total == info["final_reward"] == expected
    assert res.bar == s.rules.solo.variants["pilgrimage"].levels["hard"].target


def test_solo_options_switch_the_variant_and_level() -> None:
    env = InfernoSoloEnv("rival", "easy")
    env.reset(seed=1, options={"variant": "plague", "level": "hard"})
    assert env.state is not None and env.state.config.solo == SoloConfig("plague", "hard")
    env.reset(seed=1)
    assert env.state is not None and env.state.config.solo == SoloConfig("plague", "hard")
    env.reset(seed=1, options={"level": "easy"})
    assert env.state is not None and env.state.config.solo == SoloConfig("plague", "easy")
    with pytest.raises(inferno.SetupError, match="level"):
        env.reset(options={"level": "nightmare"})
    with pytest.raises(ValueError, match="option"):
        env.reset(options={"players": 3})
    with pytest.raises(inferno.SetupError, match="variant"):
        InfernoSoloEnv("tourist")


def test_solo_observation_shows_the_rivals_pieces_and_next_card() -> None:
    env = InfernoSoloEnv("rival", "hard")
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(25):
        obs, *_, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    s = env.state
    assert s is not None and not s.over
    card = next_card(s)
    assert card is not None and info["rival_next"] == f"{card.name}: {card.describe()}"
    enc = env.encoder
    o = obs["observation"]
    assert o[enc.at["player_1"]] == 1.0  # the Rival's seat slot
    assert o[enc.at["player_1"] + enc.pat["money"] + 2] == pytest.approx(s.players[1].infamy / 100)
    assert np.array_equal(o, enc.encode(s, 0))
