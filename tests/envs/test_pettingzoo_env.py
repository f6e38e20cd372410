"""The PettingZoo environment passes PettingZoo's own tests and keeps the game's conventions."""

from __future__ import annotations

import functools
import types
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test

import inferno
from inferno.envs import pettingzoo_env
from inferno.envs.observation import default_encoder
from inferno.envs.rewards import RewardMode, final_rewards
from tests.envs.reference_observation import reference_encode

# PettingZoo warns about any Dict observation space (its own board games get the same two warnings);
# every other warning fails the test.
PZ_WARNINGS = [
    "error::UserWarning",
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


def _play_out(env, rng: np.random.Generator) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Play masked random actions to the end; the total reward each agent collected."""
    totals: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


# Every kind of game: 2-4 players, 5 players with both P&P modules and with each alone, each module
# alone with fewer players, and the solo game at each variant.
CONFIGS: list[dict[str, Any]] = [
    {"players": 1},
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 5, "modules": ("plutus", "phlegyas")},
    {"players": 5, "modules": ("plutus",)},
    {"players": 5, "modules": ("phlegyas",)},
    {"players": 3, "modules": ("plutus",)},
    {"players": 4, "modules": ("phlegyas",)},
    {"players": 1, "solo": ("rival", "hard")},
    {"players": 1, "solo": ("pilgrimage", "easy")},
    {"players": 1, "solo": ("plague", "medium")},
]


def _id(c: dict[str, Any]) -> str:
    parts = [f"{c['players']}p", *c.get("modules", ()), *c.get("solo", ())]
    return "-".join(parts)


@pytest.mark.filterwarnings(*PZ_WARNINGS)
@pytest.mark.parametrize("config", CONFIGS, ids=_id)
@pytest.mark.parametrize("turn_order", ["engine", "cyclic"])
def test_pettingzoo_api_test(config: dict[str, Any], turn_order: str) -> None:
    api_test(pettingzoo_env.env(turn_order=turn_order, **config), num_cycles=1000)


@pytest.mark.filterwarnings(*PZ_WARNINGS)
@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_pettingzoo_seed_test(config: dict[str, Any]) -> None:
    seed_test(functools.partial(pettingzoo_env.env, **config), num_cycles=500)


@pytest.mark.parametrize("players", [1, 2])
def test_pettingzoo_max_cycles_test(players: int) -> None:
    """PettingZoo's max_cycles_test samples unmasked actions and expects every agent to act once per
    cycle, so it runs the cyclic turn order with the default illegal-action penalty."""
    mod = types.SimpleNamespace(
        env=functools.partial(pettingzoo_env.env, players=players, turn_order="cyclic"),
        parallel_env=functools.partial(pettingzoo_env.parallel_env, players=players),
    )
    max_cycles_test(mod)


@pytest.mark.filterwarnings("error::UserWarning")
@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_pettingzoo_parallel_api_test(config: dict[str, Any]) -> None:
    parallel_api_test(pettingzoo_env.parallel_env(**config), num_cycles=1000)


@pytest.mark.parametrize("config", [c for c in CONFIGS if c["players"] == 5], ids=_id)
def test_five_agents_play_to_the_end(config: dict[str, Any]) -> None:
    env = pettingzoo_env.env(**config)
    env.reset(seed=5)
    assert env.possible_agents == [f"player_{p}" for p in range(5)]
    totals = _play_out(env, np.random.default_rng(5))
    s = env.unwrapped.state
    assert s.over and s.num_players == 5 and s.config.modules == config["modules"]
    assert [totals[a] for a in env.possible_agents] == final_rewards(s, RewardMode.MARGIN)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"players": 5}, "expansion"),
        ({"players": 6}, "players"),
        ({"players": 2, "modules": ("charon",)}, "module"),
        ({"players": 2, "solo": ("rival", "easy")}, "1 player"),
        ({"players": 1, "solo": ("rival", "impossible")}, "level"),
    ],
)
def test_impossible_settings_are_refused_at_once(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(inferno.SetupError, match=match):
        pettingzoo_env.env(**kwargs)


@pytest.mark.parametrize(("players", "side"), [(1, None), (2, None), (2, "III/IV"), (3, "I/II")])
def test_game_end_terminates_everyone_with_final_rewards(players: int, side: str | None) -> None:
    env = pettingzoo_env.env(players=players, side=side, side_variant=True)
    env.reset(seed=11)
    totals = _play_out(env, np.random.default_rng(0))
    s = env.unwrapped.state
    assert s.over and env.agents == []
    assert s.board.side == (side or s.rules.side_by_players[players - 1])
    expected = final_rewards(s, RewardMode.MARGIN)
    assert [totals[a] for a in env.possible_agents] == expected


def test_win_rewards_follow_the_result() -> None:
    env = pettingzoo_env.env(players=2, reward="win")
    env.reset(seed=5)
    totals = _play_out(env, np.random.default_rng(1))
    winners = inferno.result(env.unwrapped.state).winners
    assert [totals[a] for a in env.possible_agents] == [1.0 if p in winners else -1.0 for p in range(2)]


def test_solo_win_reward_follows_the_solo_result() -> None:
    """The solo game has an opponent (the Rival), so reward='win' is +1 for a won game, -1 otherwise."""
    env = pettingzoo_env.env(players=1, reward="win")
    env.reset(seed=4)
    totals = _play_out(env, np.random.default_rng(3))
    won = inferno.result(env.unwrapped.state).solo.won
    assert [totals[a] for a in env.possible_agents] == [1.0 if won else -1.0]


@pytest.mark.parametrize("turn_order", ["engine", "cyclic"])
def test_max_cycles_truncates_all_agents(turn_order: str) -> None:
    env = pettingzoo_env.raw_env(players=2, max_cycles=5, turn_order=turn_order)
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    steps = 0
    while not any(env.truncations.values()):
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps == 10
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert not env.state.over


def test_selected_agent_is_the_deciding_player_in_engine_order() -> None:
    env = pettingzoo_env.raw_env(players=3)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    for _ in range(200):
        s = env.state
        assert env.agent_selection == f"player_{inferno.to_move(s)}"
        for agent in env.agents:
            mask = env.observe(agent)["action_mask"]
            assert bool(mask.any()) == (agent == env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))


def test_observation_is_the_agents_view_only_d5() -> None:
    """D5: the observation equals the encoding of inferno.view(state, agent); others' hands do not leak."""
    env = pettingzoo_env.raw_env(players=2)
    env.reset(seed=8)
    s = env.state
    me = inferno.to_move(s)
    other = 1 - me
    before = env.observe(f"player_{me}")["observation"]
    assert np.array_equal(before, default_encoder().encode(inferno.view(s, me)))
    assert np.array_equal(before, reference_encode(default_encoder(), s, me))
    s.own_player(other).hand[0], s.deck[0] = s.deck[0], s.players[other].hand[0]
    assert np.array_equal(before, env.observe(f"player_{me}")["observation"])
    assert not np.array_equal(
        env.observe(f"player_{other}")["observation"], default_encoder().encode(inferno.view(s, me))
    )


@pytest.mark.parametrize(("mode", "terminated"), [("penalize", False), ("terminate", True)])
def test_illegal_actions(mode: str, terminated: bool) -> None:
    env = pettingzoo_env.raw_env(players=2, illegal_action=mode)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    version = env.state.version
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.state.version == version
    assert env.rewards[agent] == -1.0
    assert all(env.terminations.values()) is terminated


def test_reset_seed_is_the_game_seed_and_reproducible() -> None:
    env = pettingzoo_env.raw_env(players=2)
    env.reset(seed=42)
    assert inferno.state_to_dict(env.state) == inferno.state_to_dict(inferno.new_game(2, 42, record_events=False))
    env.reset()
    second = inferno.state_to_dict(env.state)
    env.reset(seed=42)
    env.reset()
    assert inferno.state_to_dict(env.state) == second


def test_render_ansi_shows_the_selected_agents_view() -> None:
    env = pettingzoo_env.raw_env(players=2, render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    me = inferno.to_move(env.state)
    assert f"P{me + 1} (you)" in text and "options:" in text
    cards = env.state.rules.fraud_cards
    assert f"P{2 - me}: " in text and "hand 2 cards" in text
    assert all(cards[c].id in text for c in env.state.players[me].hand)
    assert not any(cards[c].id in text for c in env.state.players[1 - me].hand)
