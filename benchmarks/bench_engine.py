"""Engine speed benchmark (STYLE lesson 14): random games, decisions, copies and snapshots, per player count.

Plain script, one core, stdlib timers only (CPU time of this process, so other work on a shared
machine matters less)::

    python benchmarks/bench_engine.py                 # the table
    python benchmarks/bench_engine.py --games 50      # quicker
    python benchmarks/bench_engine.py --profile       # also cProfile 4-player games, top hotspots
    python benchmarks/bench_engine.py --compiled build/compiled   # pure, then compiled (`make compiled`)
    python benchmarks/bench_engine.py --players 4 --compiled build/compiled --catanatron   # and catanatron

Targets: <= 20 µs per decision in 4-player random games, <= 20 µs to copy a mid-game state; for the
compiled engine (``--compiled``) <= 3 µs per decision and <= 1.5 µs per copy, and at most 0.1× the time
catanatron (the Python Settlers of Catan engine) takes, measured side by side with ``--catanatron``.

``--catanatron`` plays random catanatron games (2 to 4 players, for each of ``--players`` in that range)
in this process after Inferno's rows, with the same timers, games per row and best-of policy, and prints
Inferno / catanatron. catanatron is a benchmark-only dependency (in the ``dev`` extra, not a runtime
one): ``pip install catanatron``. Without it, ``--catanatron`` stops at once with a one-line message.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import io
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import inferno

TARGET_DECISION_US = 20.0
TARGET_COPY_US = 20.0
COMPILED_DECISION_US = 3.0
COMPILED_COPY_US = 1.5
# The default path (event log on, in place, 4 players): pure, and compiled without / with the safety copy.
DEFAULT_PATH_PURE_US = 8.0
DEFAULT_PATH_COMPILED_US = 3.0
DEFAULT_PATH_COMPILED_ROLLBACK_US = 4.0
MID_GAME = 150  # decisions into the game for the "mid-game" state
CATANATRON_GOAL = 0.1  # the compiled engine's time per decision and per copy, at most this × catanatron's
CATANATRON_MISSING = "--catanatron needs catanatron, a benchmark-only dependency: pip install catanatron"

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Row:
    """Measurements for one player count."""

    players: int
    decisions_per_game: float
    games_per_s_quiet: float
    games_per_s_logged: float
    decision_us: float
    rollback_us: float
    logged_us: float
    logged_rollback_us: float
    apply_copy_us: float
    copy_us: float
    snapshot_us: float


def _play(
    players: int, seed: int, record_events: bool, copying: bool, rollback: bool = False
) -> tuple[float, float, int]:
    """One random game: (setup seconds, seconds deciding, decisions).

    In place, each action is applied with ``rollback=False`` (what loops that own their state use)
    unless ``rollback`` asks for the default, which copies the state first to restore it on an error.
    """
    rng = random.Random(seed)
    t0 = time.process_time()
    s = inferno.new_game(players, seed, record_events=record_events)
    t1 = time.process_time()
    n = 0
    legal = inferno.legal_actions
    if copying:
        apply = inferno.apply
        while not s.over:
            acts = legal(s)
            s = apply(s, acts[rng.randrange(len(acts))])
            n += 1
    else:
        step = inferno.apply_in_place
        while not s.over:
            acts = legal(s)
            step(s, acts[rng.randrange(len(acts))], rollback=rollback)
            n += 1
    return t1 - t0, time.process_time() - t1, n


def _games(
    players: int,
    games: int,
    record_events: bool,
    copying: bool = False,
    rollback: bool = False,
) -> tuple[float, float, int]:
    """(games per second including setup, µs per decision, total decisions)."""
    setup = deciding = 0.0
    decisions = 0
    for seed in range(games):
        a, b, n = _play(players, seed, record_events, copying, rollback)
        setup += a
        deciding += b
        decisions += n
    return games / (setup + deciding), 1e6 * deciding / decisions, decisions


def _mid_game_states(players: int, count: int) -> list[inferno.State]:
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        s = inferno.new_game(players, seed)
        for _ in range(MID_GAME):
            if s.over:
                break
            acts = inferno.legal_actions(s)
            inferno.apply_in_place(s, acts[rng.randrange(len(acts))])
        out.append(s)
    return out


def _per_call_us(states: Sequence[T], fn: Callable[[T], object], repeat: int) -> float:
    """Median over states of the mean µs per call of ``fn(state)``."""
    times = []
    for s in states:
        t0 = time.process_time()
        for _ in range(repeat):
            fn(s)
        times.append(1e6 * (time.process_time() - t0) / repeat)
    return statistics.median(times)


def _round_trip(s: inferno.State) -> object:
    return inferno.state_from_dict(inferno.state_to_dict(s))


def measure(players: int, games: int, repeat: int) -> Row:
    """Each figure is the best of ``repeat`` runs, so that other processes on the machine matter less."""
    quiet = [_games(players, games, record_events=False) for _ in range(repeat)]
    logged = [_games(players, games, record_events=True) for _ in range(repeat)]
    rolling = [_games(players, max(games // 4, 1), record_events=False, rollback=True) for _ in range(repeat)]
    # The default path: the event log on, as users and the server play, in place without and with the safety copy.
    logged_rolling = [_games(players, games, record_events=True, rollback=True) for _ in range(repeat)]
    copying = [_games(players, max(games // 4, 1), record_events=False, copying=True) for _ in range(repeat)]
    mids = _mid_game_states(players, 20)
    copy_us = min(_per_call_us(mids, inferno.State.copy, 2000) for _ in range(repeat))
    snap_us = min(_per_call_us(mids, _round_trip, 100) for _ in range(repeat))
    return Row(
        players,
        quiet[0][2] / games,
        max(q[0] for q in quiet),
        max(g[0] for g in logged),
        min(q[1] for q in quiet),
        min(r[1] for r in rolling),
        min(g[1] for g in logged),
        min(r[1] for r in logged_rolling),
        min(c[1] for c in copying),
        copy_us,
        snap_us,
    )


@dataclass(frozen=True, slots=True)
class CatanRow:
    """catanatron's measurements for one player count (see ``measure_catanatron``)."""

    players: int
    decisions_per_game: float
    decision_us: float
    unchecked_us: float
    copy_us: float
    over_us: float


def catanatron_available() -> bool:
    try:
        import catanatron  # noqa: F401
    except ImportError:
        return False
    return True


def _catan_game(players: int, seed: int) -> Any:
    from catanatron import Color, Game, RandomPlayer

    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE][:players]
    # Game() seeds the global `random` (its dice, shuffles and discards) with `seed or <random>`: 0 is no seed.
    return Game([RandomPlayer(c) for c in colors], seed=seed + 1)


def _catan_play(players: int, seed: int, validate: bool) -> tuple[float, int]:
    """One random catanatron game: (seconds deciding, decisions). The counterpart of ``_play`` in place.

    What is timed per decision: reading ``game.state.playable_actions`` (a list catanatron computes
    eagerly at the end of each action, inside ``execute``, so the listing's cost is in ``execute``),
    the random choice, ``game.execute(action)`` (which applies the action to the state in place and lists
    the next player's actions) and the end-of-game test ``Game.play`` uses: ``winning_color()`` (about
    2 µs) and the turn limit, where Inferno reads ``State.over``. With ``validate`` (``execute``'s
    default), ``execute`` first checks ``action in playable_actions``, as Inferno's ``apply_in_place``
    checks ``action in`` its listing; without it, that check is skipped (Inferno has no such switch).
    Game creation (board, deck) is not timed, like ``new_game`` in ``_play``.

    A seed gives the same game within one process, but not across processes (catanatron's play depends
    on more than its seed), so catanatron's figures vary more between runs than Inferno's.
    """
    from catanatron.game import TURNS_LIMIT

    rng = random.Random(seed)
    game = _catan_game(players, seed)
    state = game.state  # execute changes this object in place
    execute = game.execute
    winner = game.winning_color
    n = 0
    t0 = time.process_time()
    while winner() is None and state.num_turns < TURNS_LIMIT:
        acts = state.playable_actions
        execute(acts[rng.randrange(len(acts))], validate)
        n += 1
    return time.process_time() - t0, n


def _catan_games(players: int, games: int, validate: bool) -> tuple[float, int]:
    """(µs per decision, total decisions)."""
    deciding = 0.0
    decisions = 0
    for seed in range(games):
        b, n = _catan_play(players, seed, validate)
        deciding += b
        decisions += n
    return 1e6 * deciding / decisions, decisions


def _catan_mid_games(players: int, count: int) -> list[Any]:
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        game = _catan_game(players, seed)
        for _ in range(MID_GAME):
            if _catan_over(game):
                break
            acts = game.state.playable_actions
            game.execute(acts[rng.randrange(len(acts))])
        out.append(game)
    return out


def _catan_over(game: Any) -> bool:
    from catanatron.game import TURNS_LIMIT

    return game.winning_color() is not None or game.state.num_turns >= TURNS_LIMIT


def measure_catanatron(players: int, games: int, repeat: int) -> CatanRow:
    """catanatron measured as ``measure`` measures Inferno: the same games per row, best of ``repeat``.

    A copy is ``Game.copy()`` of a game ``MID_GAME`` decisions in (the game's state: board, player
    table, decks, buildings, its action log; the player objects and the current listing are shared),
    timed per call as Inferno's ``State.copy``: the median over 20 such games of the mean of 2000 copies.
    """
    from catanatron import Game

    checked = [_catan_games(players, games, validate=True) for _ in range(repeat)]
    unchecked = [_catan_games(players, games, validate=False) for _ in range(repeat)]
    mids = _catan_mid_games(players, 20)
    copy_us = min(_per_call_us(mids, Game.copy, 2000) for _ in range(repeat))
    over_us = min(_per_call_us(mids, _catan_over, 2000) for _ in range(repeat))
    return CatanRow(
        players,
        checked[0][1] / games,
        min(c[0] for c in checked),
        min(u[0] for u in unchecked),
        copy_us,
        over_us,
    )


def print_catan_table(rows: list[CatanRow]) -> None:
    print(f"{'players':>7} {'dec/game':>9} {'µs/dec':>8} {'µs/dec':>9} {'µs/copy':>8} {'µs/end':>8}")
    print(f"{'':>7} {'':>9} {'execute':>8} {'no check':>9} {'mid-game':>8} {'test':>8}")
    for r in rows:
        print(
            f"{r.players:>7} {r.decisions_per_game:>9.0f} {r.decision_us:>8.2f} {r.unchecked_us:>9.2f}"
            f" {r.copy_us:>8.2f} {r.over_us:>8.2f}"
        )


def print_catan_ratios(catan: list[CatanRow], engines: list[tuple[str, list[Row]]]) -> None:
    """Inferno / catanatron per player count and engine; the compiled engine's against its goal (<= 0.1×)."""
    print(f"Inferno / catanatron (lower is faster; goal for the compiled engine <= {CATANATRON_GOAL:g}×):")
    verdicts = []
    for c in catan:
        for name, rows in engines:
            r = next((r for r in rows if r.players == c.players), None)
            if r is None:
                continue
            dec, cop = r.decision_us / c.decision_us, r.copy_us / c.copy_us
            print(
                f"  {c.players} players, {name:<8}: decision {dec:.3f}× ({r.decision_us / c.unchecked_us:.3f}× catanatron"
                f" without its check), copy {cop:.3f}×"
            )
            if name == "compiled":
                ok = dec <= CATANATRON_GOAL and cop <= CATANATRON_GOAL
                verdicts.append(
                    f"compiled goal <= {CATANATRON_GOAL:g}× catanatron ({c.players} players): decision {dec:.3f}×,"
                    f" copy {cop:.3f}× {'met' if ok else 'MISSED'}"
                )
    for line in verdicts:
        print(line)


def print_table(rows: list[Row]) -> None:
    head = (
        f"{'players':>7} {'dec/game':>9} {'games/s':>9} {'games/s':>9} {'µs/dec':>8} {'µs/dec':>8} {'µs/dec':>8}"
        f" {'µs/dec':>8} {'µs/apply':>9} {'µs/copy':>8} {'µs/snap':>8}"
    )
    sub = (
        f"{'':>7} {'':>9} {'no log':>9} {'logged':>9} {'in place':>8} {'rollback':>8} {'logged':>8} {'logged+rb':>8}"
        f" {'copying':>9} {'mid-game':>8} {'to+from':>8}"
    )
    print(head)
    print(sub)
    for r in rows:
        print(
            f"{r.players:>7} {r.decisions_per_game:>9.0f} {r.games_per_s_quiet:>9.1f} {r.games_per_s_logged:>9.1f}"
            f" {r.decision_us:>8.2f} {r.rollback_us:>8.2f} {r.logged_us:>8.2f} {r.logged_rollback_us:>8.2f}"
            f" {r.apply_copy_us:>9.1f} {r.copy_us:>8.2f} {r.snapshot_us:>8.1f}"
        )


def check_targets(rows: list[Row]) -> list[str]:
    """Lines saying whether each target is met (4-player decisions, mid-game copies)."""
    four = next((r for r in rows if r.players == 4), None)
    out = []
    if four is not None:
        ok = four.decision_us <= TARGET_DECISION_US
        out.append(
            f"target µs/decision (4 players) <= {TARGET_DECISION_US:.0f}: {four.decision_us:.1f} "
            f"{'met' if ok else 'MISSED'}"
        )
        if engine_kind() == "pure":
            ok = four.logged_us <= DEFAULT_PATH_PURE_US
            out.append(
                f"pure goal µs/decision, default path (4 players, logged, in place) <= {DEFAULT_PATH_PURE_US:g}: "
                f"{four.logged_us:.2f} {'met' if ok else 'MISSED'} (with the safety copy {four.logged_rollback_us:.2f})"
            )
    worst = max(r.copy_us for r in rows)
    out.append(
        f"target µs/mid-game copy <= {TARGET_COPY_US:.0f}: worst {worst:.2f} "
        f"{'met' if worst <= TARGET_COPY_US else 'MISSED'}"
    )
    return out


def engine_kind() -> str:
    """ "compiled" when the engine's modules are extension modules (mypyc), else "pure"."""
    import inferno.rules.engine

    return "pure" if str(inferno.rules.engine.__file__).endswith(".py") else "compiled"


def run_compiled(directory: str, args: argparse.Namespace) -> list[Row]:
    """The same measurements in a child process with ``directory`` (the compiled build) first on the path."""
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join([os.path.abspath(directory), os.environ.get("PYTHONPATH", "")]),
    )
    cmd = [
        sys.executable,
        os.path.abspath(__file__),
        "--json",
        "--games",
        str(args.games),
        "--repeat",
        str(args.repeat),
    ]
    cmd += ["--players", *map(str, args.players)]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
    data = json.loads(out)
    if data["engine"] != "compiled":
        raise SystemExit(f"{directory} does not hold a compiled engine (run `make compiled`)")
    return [Row(**r) for r in data["rows"]]


def print_ratios(pure: list[Row], compiled: list[Row]) -> None:
    print("compiled / pure (lower is faster):")
    for p, c in zip(pure, compiled, strict=True):
        print(
            f"  {p.players} players: decision {c.decision_us / p.decision_us:.2f}×, copy {c.copy_us / p.copy_us:.2f}×,"
            f" snapshot {c.snapshot_us / p.snapshot_us:.2f}×, games/s {c.games_per_s_quiet / p.games_per_s_quiet:.2f}×"
        )
    four = next((r for r in compiled if r.players == 4), None)
    if four is not None:
        ok = four.decision_us <= COMPILED_DECISION_US
        print(
            f"compiled goal µs/decision (4 players) <= {COMPILED_DECISION_US:g}: {four.decision_us:.2f} "
            f"{'met' if ok else 'MISSED'}"
        )
        for what, got, goal in (
            ("logged, in place", four.logged_us, DEFAULT_PATH_COMPILED_US),
            ("logged, in place with the safety copy", four.logged_rollback_us, DEFAULT_PATH_COMPILED_ROLLBACK_US),
        ):
            print(
                f"compiled goal µs/decision, default path (4 players, {what}) <= {goal:g}: {got:.2f} "
                f"{'met' if got <= goal else 'MISSED'}"
            )
    worst = max(r.copy_us for r in compiled)
    ok = worst <= COMPILED_COPY_US
    print(f"compiled goal µs/mid-game copy <= {COMPILED_COPY_US:g}: worst {worst:.2f} {'met' if ok else 'MISSED'}")


def _load() -> str:
    """The 1-, 5- and 15-minute load averages (other work on the machine slows even CPU-time figures)."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def _dist_version(name: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return "(version unknown)"


def profile(players: int, games: int, top: int = 20) -> str:
    """cProfile of random games (in place, no event log): the top functions by own time."""
    prof = cProfile.Profile()
    prof.enable()
    _games(players, games, record_events=False)
    prof.disable()
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(top)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Inferno engine speed benchmark")
    parser.add_argument("--games", type=int, default=200, help="random games per player count and mode")
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4], choices=[1, 2, 3, 4])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is shown")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="cProfile 4-player games and print hotspots",
    )
    parser.add_argument(
        "--compiled",
        metavar="DIR",
        help="also measure the compiled engine built into DIR",
    )
    parser.add_argument(
        "--catanatron",
        action="store_true",
        help="also measure random catanatron games (2-4 players) and print Inferno / catanatron",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the rows as JSON (used by --compiled)",
    )
    args = parser.parse_args(argv)
    if args.catanatron and not args.json and not catanatron_available():
        print(CATANATRON_MISSING, file=sys.stderr)
        return 2
    rows = [measure(n, args.games, args.repeat) for n in args.players] if args.json else []
    if args.json:
        print(json.dumps({"engine": engine_kind(), "rows": [dataclasses.asdict(r) for r in rows]}))
        return 0
    print(
        f"Inferno engine benchmark: Python {sys.version.split()[0]}, {args.games} games per row, best of {args.repeat}, one core"
    )
    print(f"engine: {engine_kind()}; load average {_load()} (the machine is shared: CPU time is measured)")
    rows = [measure(n, args.games, args.repeat) for n in args.players]
    print_table(rows)
    for line in check_targets(rows):
        print(line)
    engines = [("pure" if engine_kind() == "pure" else "compiled", rows)]
    if args.compiled:
        compiled = run_compiled(args.compiled, args)
        print("engine: compiled (mypyc)")
        print_table(compiled)
        print_ratios(rows, compiled)
        engines.append(("compiled", compiled))
    if args.catanatron:
        counts = [n for n in args.players if n >= 2]
        if not counts:
            print("catanatron: no comparison (it plays 2 to 4 players)")
        else:
            import catanatron

            version = getattr(catanatron, "__version__", None) or _dist_version("catanatron")
            print(f"catanatron {version} (pure Python), same games per row and best of {args.repeat}")
            catan = [measure_catanatron(n, args.games, args.repeat) for n in counts]
            print_catan_table(catan)
            print_catan_ratios(catan, engines)
    print(f"load average at the end: {_load()}")
    if args.profile:
        print(profile(4, max(args.games // 4, 1)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
