"""Train a tiny masked linear softmax policy on Inferno with REINFORCE (numpy only), then show it
beats a uniformly random policy against the same opponents.

    python examples/train_masked_policy.py --steps 5000 --players 2 --eval-games 100

The policy scores each legal action ``a`` as ``obs . W[:, a] + b[a]`` and samples from the softmax
over the legal actions only (the observation's ``action_mask``), so it never picks an illegal
action. Training uses the Gymnasium environment (one learner against ``random`` bots) with dense
Infamy-margin rewards, whose sum over an episode is the final margin. Evaluation plays the same
seeded games with the trained policy and with a uniformly random policy, and reports both.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np

from inferno.envs.gymnasium_env import InfernoGymEnv


@dataclass
class LinearPolicy:
    """Logits ``obs @ W + b``, softmax over the legal actions only."""

    obs_size: int
    n_actions: int
    W: np.ndarray = field(init=False)
    b: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.W = np.zeros((self.obs_size, self.n_actions), dtype=np.float32)
        self.b = np.zeros(self.n_actions, dtype=np.float32)

    def probs(self, obs: np.ndarray, legal: np.ndarray) -> np.ndarray:
        z = obs @ self.W[:, legal] + self.b[legal]
        z = z - z.max()
        e = np.exp(z)
        out: np.ndarray = e / e.sum()
        return out

    def act(self, obs: dict[str, np.ndarray], rng: np.random.Generator, greedy: bool = False) -> tuple[int, int]:
        """The chosen action index and its position among the legal actions."""
        legal = np.flatnonzero(obs["action_mask"])
        p = self.probs(obs["observation"], legal)
        k = int(np.argmax(p)) if greedy else int(rng.choice(len(legal), p=p))
        return int(legal[k]), k


@dataclass
class Step:
    obs: np.ndarray
    legal: np.ndarray
    choice: int
    reward: float


def reinforce_update(policy: LinearPolicy, episode: list[Step], lr: float, gamma: float) -> None:
    """One REINFORCE step on a finished episode, with normalised discounted returns as advantages."""
    g = 0.0
    returns = np.zeros(len(episode), dtype=np.float32)
    for t in range(len(episode) - 1, -1, -1):
        g = episode[t].reward + gamma * g
        returns[t] = g
    adv = (returns - returns.mean()) / (returns.std() + 1e-6)
    for st, a in zip(episode, adv, strict=True):
        p = policy.probs(st.obs, st.legal)
        grad = -p
        grad[st.choice] += 1.0
        policy.W[:, st.legal] += lr * a * np.outer(st.obs, grad)
        policy.b[st.legal] += lr * a * grad


def train(env: InfernoGymEnv, steps: int, seed: int, lr: float, gamma: float) -> tuple[LinearPolicy, int]:
    rng = np.random.default_rng(seed)
    obs_size = env.encoder.size
    policy = LinearPolicy(obs_size, int(env.action_space.n))
    done_steps = episodes = 0
    obs, _ = env.reset(seed=seed)
    episode: list[Step] = []
    while done_steps < steps:
        action, k = policy.act(obs, rng)
        legal = np.flatnonzero(obs["action_mask"])
        nxt, reward, terminated, truncated, _ = env.step(action)
        episode.append(Step(obs["observation"], legal, k, float(reward)))
        done_steps += 1
        obs = nxt
        if terminated or truncated:
            reinforce_update(policy, episode, lr, gamma)
            episode = []
            episodes += 1
            obs, _ = env.reset()
    return policy, episodes


def evaluate(env: InfernoGymEnv, policy: LinearPolicy | None, games: int, seed: int) -> tuple[float, float]:
    """Mean final reward and win rate over ``games`` seeded games (``policy=None``: uniform random)."""
    rng = np.random.default_rng(seed)
    finals, wins = [], 0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        while True:
            if policy is None:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            else:
                action, _ = policy.act(obs, rng, greedy=True)
            obs, _, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                break
        finals.append(info.get("final_reward", 0.0))
        state = env.state
        assert state is not None
        wins += int(state.over and env.players > 1 and _is_winner(env))
    return float(np.mean(finals)), wins / games


def _is_winner(env: InfernoGymEnv) -> bool:
    import inferno

    assert env.state is not None
    return env.seat in inferno.result(env.state).winners


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=5000, help="learner decisions to train on")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--opponents", default="random", help="bot name for the other seats")
    ap.add_argument("--lr", type=float, default=0.001)
    ap.add_argument("--gamma", type=float, default=0.9)
    ap.add_argument("--eval-games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    env = InfernoGymEnv(players=args.players, opponents=args.opponents, dense=True)
    t0 = time.perf_counter()
    policy, episodes = train(env, args.steps, args.seed, args.lr, args.gamma)
    t1 = time.perf_counter()
    print(f"trained on {args.steps} steps ({episodes} games) in {t1 - t0:.1f} s")
    eval_env = InfernoGymEnv(players=args.players, opponents=args.opponents)
    base = 10_000 + args.seed
    trained = evaluate(eval_env, policy, args.eval_games, base)
    uniform = evaluate(eval_env, None, args.eval_games, base)
    label = "final Infamy" if args.players == 1 else "Infamy margin"
    print(f"{'policy':<16}{'mean ' + label:>22}{'win rate':>10}")
    print(f"{'trained linear':<16}{trained[0]:>22.1f}{trained[1]:>10.0%}")
    print(f"{'uniform random':<16}{uniform[0]:>22.1f}{uniform[1]:>10.0%}")


if __name__ == "__main__":
    main()
