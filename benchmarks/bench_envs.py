"""Environment steps per second, single process, random masked actions.

    python benchmarks/bench_envs.py [--steps 20000] [--players 2] [--modules plutus+phlegyas] [--only observe,...]
    python benchmarks/bench_envs.py --only batch [--envs 16,64,256] [--rounds 15]

Rows: the bare engine (legal_actions + apply_in_place, for reference), one observation with its
action mask (``observe``: the PettingZoo environment's observation of the agent to move, timed alone
after the engine has listed the legal actions, as it does when it settles a decision), the PettingZoo
AEC environment with PettingZoo's standard wrappers (one step = one game decision, with the
observation and mask the agent reads before acting) and PettingZoo's own ``connect_four_v3`` driven by
the same loop (``env()``, with its wrappers; the ``raw`` rows: both without wrappers), the Gymnasium environment (one step = one learner decision plus the random bots'
decisions up to the next one), and the OpenSpiel game (legal_actions + apply_action, no
observations). ``steps/s`` is wall-clock; ``CPU steps/s`` counts this process's CPU time only, which
is steadier on a shared machine (the ``observe`` row: CPU time of the timed calls only). The
environments' modules are imported before any row is timed, so no row pays for an import (or gets
one free from an earlier row).

The ``batch`` rows step N Gymnasium environments at once, with random legal actions drawn for all N
from their masks in one numpy call: N ``InfernoGymEnv`` in a plain Python loop (gathering the
observations and masks into two N-row arrays, resetting a finished game at once),
``gymnasium.vector.SyncVectorEnv`` over N of them (its default ``copy=True``, and ``copy=False``)
and ``inferno.envs.batch.InfernoBatchEnv``; all four start the same games (same seeds, same random
draws). They run interleaved in one process, a slice of each in turn, ``--rounds`` times; each
figure is the median over the rounds, and each ratio the median of the rounds' ratios of CPU time
(a shared machine's load drifts less within a round than between rounds). One step is one game's
step: a next-step autoreset, which moves no game, is not counted.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import inferno

MODULES: tuple[str, ...] = ()  # the P&P modules of the PettingZoo rows (--modules)


def _modules() -> dict[str, Any]:
    """The ``modules`` argument, only when some are asked for (older versions have none)."""
    return {"modules": MODULES} if MODULES else {}


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


def bench_observe(steps: int, players: int) -> tuple[int, float]:
    """(calls, CPU seconds inside ``observe``) over the positions of random games."""
    from inferno.envs.pettingzoo_env import raw_env

    env = raw_env(players=players, **_modules())
    rng = random.Random(0)
    n = seed = 0
    cpu = 0
    clock = time.thread_time_ns
    while n < steps:
        env.reset(seed=seed)
        s = env.state
        assert s is not None
        while not s.over and n < steps:
            acts = inferno.legal_actions(s)
            agent = env.agent_selection
            t0 = clock()
            env.observe(agent)
            cpu += clock() - t0
            inferno.apply_in_place(s, acts[rng.randrange(len(acts))])
            n += 1
        seed += 1
    return n, cpu / 1e9


def _aec_loop(env: Any, steps: int) -> int:
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


def bench_pettingzoo(steps: int, players: int) -> int:
    from inferno.envs.pettingzoo_env import env

    return _aec_loop(env(players=players, **_modules()), steps)


def bench_pettingzoo_raw(steps: int, players: int) -> int:
    from inferno.envs.pettingzoo_env import raw_env

    return _aec_loop(raw_env(players=players, **_modules()), steps)


def _connect_four() -> Any:
    try:
        from pettingzoo.classic import connect_four_v3  # type: ignore[import-untyped]
    except ImportError as exc:  # PettingZoo's board games need pygame (pip install pygame)
        raise SystemExit(f"connect_four_v3 needs pettingzoo[classic] ({exc}); pip install pygame") from None
    return connect_four_v3


def bench_connect_four(steps: int, players: int) -> int:
    return _aec_loop(_connect_four().env(), steps)


def bench_connect_four_raw(steps: int, players: int) -> int:
    return _aec_loop(_connect_four().raw_env(), steps)


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


BENCHES: dict[str, Callable[[int, int], Any]] = {
    "engine (reference)": bench_engine,
    "observe (obs + mask)": bench_observe,
    "PettingZoo AEC": bench_pettingzoo,
    "connect_four_v3 AEC": bench_connect_four,
    "PettingZoo raw AEC": bench_pettingzoo_raw,
    "connect_four_v3 raw AEC": bench_connect_four_raw,
    "Gymnasium vs random": bench_gymnasium,
    "OpenSpiel": bench_openspiel,
}


def _sample(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of an int8 mask array (0 where a row has none)."""
    n, a = masks.shape
    flat = np.flatnonzero(np.ascontiguousarray(masks).view(np.bool_))
    rows = flat // a
    counts = np.bincount(rows, minlength=n)
    starts = np.cumsum(counts) - counts
    pick = np.minimum(starts + (rng.random(n) * counts).astype(np.intp), max(len(flat) - 1, 0))
    return np.where(counts > 0, flat[pick] - rows[pick] * a if len(flat) else 0, 0)


def _batch_variants(n: int, players: int) -> dict[str, Callable[[int], int]]:
    """Per variant, a function that plays ``k`` vector steps and returns the game steps it made."""
    import gymnasium as gym

    from inferno.envs.gymnasium_env import InfernoGymEnv

    def loop() -> Callable[[int], int]:
        envs = [InfernoGymEnv(players=players) for _ in range(n)]
        observations = np.zeros((n, envs[0].encoder.size), dtype=np.float32)
        masks = np.zeros((n, envs[0].actions.size), dtype=np.int8)
        for i, e in enumerate(envs):
            masks[i] = e.reset(seed=i)[0]["action_mask"]
        rng = np.random.default_rng(0)

        def run(k: int) -> int:
            for _ in range(k):
                acts = _sample(masks, rng)
                for i, e in enumerate(envs):
                    obs, _, term, trunc, _ = e.step(int(acts[i]))
                    if term or trunc:
                        obs, _ = e.reset()
                    observations[i] = obs["observation"]
                    masks[i] = obs["action_mask"]
            return k * n

        return run

    def vector(make: Callable[[], Any]) -> Callable[[], Callable[[int], int]]:
        def build() -> Callable[[int], int]:
            env = make()
            obs = env.reset(seed=0)[0]
            rng = np.random.default_rng(0)
            done = np.zeros(n, dtype=np.bool_)

            def run(k: int) -> int:
                nonlocal obs, done
                count = 0
                for _ in range(k):
                    obs, _, term, trunc, _ = env.step(_sample(obs["action_mask"], rng))
                    count += n - int(done.sum())
                    done = term | trunc
                return count

            return run

        return build

    def sync(copy: bool) -> Any:
        return lambda: gym.vector.SyncVectorEnv([lambda: InfernoGymEnv(players=players)] * n, copy=copy)

    def batch() -> Any:
        from inferno.envs.batch import InfernoBatchEnv

        return InfernoBatchEnv(n, players=players)

    builders: dict[str, Callable[[], Callable[[int], int]]] = {
        "loop of N envs": loop,
        "SyncVectorEnv": vector(sync(True)),
        "SyncVectorEnv copy=False": vector(sync(False)),
        "InfernoBatchEnv": vector(batch),
    }
    return {name: build() for name, build in builders.items()}


def bench_batch(envs: list[int], steps: int, players: int, rounds: int) -> None:
    """The batch rows: each variant's median steps/s over interleaved rounds, and its ratios."""
    import statistics

    print(f"\nN games stepped together, {steps} game steps per variant and N, {rounds} interleaved rounds")
    print("(medians over the rounds; x Sync, x loop: median of each round's ratio of CPU steps/s to")
    print(" SyncVectorEnv copy=False's and to the loop's in the same round)")
    print(f"{'N':>5} {'variant':<26}{'steps/s':>10}{'us/step':>9}{'CPU steps/s':>13}{'x Sync':>8}{'x loop':>8}")
    clock = time.thread_time
    for n in envs:
        variants = _batch_variants(n, players)
        for run in variants.values():  # warm up: caches, the first layouts and templates
            run(2)
        k = max(1, steps // (n * rounds))
        wall: dict[str, list[float]] = {name: [] for name in variants}
        cpu: dict[str, list[float]] = {name: [] for name in variants}
        names = list(variants)
        for r in range(rounds):
            for name in names[r % len(names) :] + names[: r % len(names)]:
                t0, c0 = time.perf_counter(), clock()
                done = variants[name](k)
                dt, dc = time.perf_counter() - t0, clock() - c0
                wall[name].append(done / dt)
                cpu[name].append(done / dc)
        sync, loop = cpu["SyncVectorEnv copy=False"], cpu["loop of N envs"]
        for name in names:
            rate = statistics.median(wall[name])
            c = statistics.median(cpu[name])
            x_sync = statistics.median(a / b for a, b in zip(cpu[name], sync, strict=True))
            x_loop = statistics.median(a / b for a, b in zip(cpu[name], loop, strict=True))
            print(f"{n:>5} {name:<26}{rate:>10,.0f}{1e6 / rate:>9.1f}{c:>13,.0f}{x_sync:>8.2f}{x_loop:>8.2f}")


def _import_modules(names: list[str]) -> None:
    """Import the selected rows' environment modules outside the timed parts."""
    if any("PettingZoo" in n or "observe" in n for n in names):
        import inferno.envs.pettingzoo_env
    if any("connect_four" in n for n in names):
        _connect_four()
    if any("Gymnasium" in n for n in names):
        import inferno.envs.gymnasium_env
    if "batch" in names:
        import inferno.envs.batch  # noqa: F401


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--modules", default="", help="P&P modules for the PettingZoo rows, joined by +")
    ap.add_argument("--only", default="", help="comma-separated words; run only the rows whose name has one")
    ap.add_argument("--envs", default="64", help="batch rows: numbers of games stepped together, comma-separated")
    ap.add_argument("--rounds", type=int, default=15, help="batch rows: interleaved rounds (median reported)")
    args = ap.parse_args()
    words = [w.strip().lower() for w in args.only.split(",") if w.strip()]
    global MODULES
    MODULES = tuple(m for m in args.modules.split("+") if m)
    print(f"{args.players}-player games, {args.steps} steps each, single process")
    names = [name for name in BENCHES if not words or any(w in name.lower() for w in words)]
    if names:
        print(f"{'benchmark':<24}{'steps/s':>12}{'us/step':>10}{'CPU steps/s':>14}")
    batch = not words or "batch" in words
    _import_modules(names + (["Gymnasium", "batch"] if batch else []))
    for name in names:
        fn = BENCHES[name]
        t0, c0 = time.perf_counter(), time.process_time()
        got = fn(args.steps, args.players)
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        if isinstance(got, tuple):  # timed inside: wall time is not meaningful, CPU time is
            n, dc = got
            dt = dc
        else:
            n = got
        print(f"{name:<24}{n / dt:>12,.0f}{dt / n * 1e6:>10.1f}{n / dc:>14,.0f}")
    if batch:
        bench_batch([int(x) for x in args.envs.split(",")], args.steps, args.players, args.rounds)


if __name__ == "__main__":
    main()
