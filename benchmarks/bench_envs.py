"""Environment steps per second, single process, random masked actions.

    python benchmarks/bench_envs.py [--steps 20000] [--players 2]

Rows: the bare engine (legal_actions + apply_in_place, for reference), observation encoding alone,
the PettingZoo AEC environment (one step = one game decision, with the observation and mask the
agent reads before acting), the Gymnasium environment (one step = one learner decision plus the
random bots' decisions up to the next one), and the OpenSpiel game (legal_actions + apply_action,
no observations). ``steps/s`` is wall-clock; ``CPU steps/s`` counts this process's CPU time only,
which is steadier on a shared machine.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

import inferno
from inferno.envs.observation import default_encoder


def bench_engine(steps: int, players: int) -> int:
    rng = random.Random(0)
    n = seed = 0
    while n < steps:
        s = inferno.new_game(players, seed, record_events=False)
        while not s.over and n < steps:
            acts = inferno.legal_actions(s)
            inferno.apply_in_place(s, acts[rng.randrange(len(acts))])
            n += 1
        seed += 1
    return n


def bench_observation(steps: int, players: int) -> int:
    enc = default_encoder()
    rng = random.Random(0)
    n = seed = 0
    while n < steps:
        s = inferno.new_game(players, seed, record_events=False)
        while not s.over and n < steps:
            enc.encode(inferno.view(s, inferno.to_move(s)))
            acts = inferno.legal_actions(s)
            inferno.apply_in_place(s, acts[rng.randrange(len(acts))])
            n += 1
        seed += 1
    return n


def bench_pettingzoo(steps: int, players: int) -> int:
    from inferno.envs.pettingzoo_env import raw_env

    env = raw_env(players=players)
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    n = 0
    while n < steps:
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            n += 1
            if n >= steps:
                break
        env.reset()
    return n


def bench_gymnasium(steps: int, players: int) -> int:
    from inferno.envs.gymnasium_env import InfernoGymEnv

    env = InfernoGymEnv(players=players)
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    for _ in range(steps):
        obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if term or trunc:
            obs, _ = env.reset()
    return steps


def bench_openspiel(steps: int, players: int) -> int:
    import pyspiel  # type: ignore[import-not-found]

    import inferno.envs.openspiel_game  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_inferno", {"players": players})
    rng = random.Random(0)
    n = 0
    while n < steps:
        st = game.new_initial_state()
        st.apply_action(rng.randrange(game.max_chance_outcomes()))
        while not st.is_terminal() and n < steps:
            acts = st.legal_actions()
            st.apply_action(acts[rng.randrange(len(acts))])
            n += 1
    return n


BENCHES: dict[str, Callable[[int, int], int]] = {
    "engine (reference)": bench_engine,
    "observation encoding": bench_observation,
    "PettingZoo AEC": bench_pettingzoo,
    "Gymnasium vs random": bench_gymnasium,
    "OpenSpiel": bench_openspiel,
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args()
    print(f"{args.players}-player games, {args.steps} steps each, single process")
    print(f"{'benchmark':<24}{'steps/s':>12}{'us/step':>10}{'CPU steps/s':>14}")
    for name, fn in BENCHES.items():
        t0, c0 = time.perf_counter(), time.process_time()
        n = fn(args.steps, args.players)
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        print(f"{name:<24}{n / dt:>12,.0f}{dt / n * 1e6:>10.1f}{n / dc:>14,.0f}")


if __name__ == "__main__":
    main()
