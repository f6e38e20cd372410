"""PNG plots of simulated games (matplotlib, Agg back end: no display needed)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from inferno.sim.analysis import Analysis, WinRate
from inferno.sim.record import SOURCES, GameSummary


def _save(fig: Figure, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def _seat_labels(a: Analysis) -> list[str]:
    return [f"seat {s.seat + 1}" for s in a.seats]


def score_by_seat(records: Sequence[GameSummary], a: Analysis, path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(7, 4.5))
    data = [[r.seats[s.seat].infamy for r in records] for s in a.seats]
    ax.boxplot(data, tick_labels=_seat_labels(a), showmeans=True)
    ax.set_ylabel("final Infamy")
    ax.set_title(f"Final Infamy by seat ({a.games} games, {a.players} players)")
    ax.grid(axis="y", alpha=0.3)
    return _save(fig, path)


def points_by_source(a: Analysis, path: Path) -> Path:
    """Stacked mean Infamy per game by source; losses (loans, councils) stack below zero."""
    fig, ax = plt.subplots(figsize=(9, 5))
    labels = _seat_labels(a)
    x = range(len(labels))
    up = [0.0] * len(labels)
    down = [0.0] * len(labels)
    cmap = plt.get_cmap("tab20")
    for i, src in enumerate(s for s in SOURCES if any(seat.sources[s] for seat in a.seats)):
        values = [seat.sources[src] for seat in a.seats]
        bottoms = [up[j] if v >= 0 else down[j] for j, v in enumerate(values)]
        ax.bar(x, values, bottom=bottoms, label=src, color=cmap(i))
        for j, v in enumerate(values):
            if v >= 0:
                up[j] += v
            else:
                down[j] += v
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(list(x), labels)
    ax.set_ylabel("mean Infamy per game")
    ax.set_title("Infamy by source")
    ax.legend(fontsize=8, bbox_to_anchor=(1.01, 1), loc="upper left")
    return _save(fig, path)


def game_length(records: Sequence[GameSummary], path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(7, 4.5))
    dante = [r.turns for r in records if not r.sudden_death]
    sudden = [r.turns for r in records if r.sudden_death]
    lo = min(r.turns for r in records)
    hi = max(r.turns for r in records)
    bins = list(range(lo, hi + 2, max(1, (hi - lo + 1) // 30 or 1)))
    ax.hist([dante, sudden], bins=bins, stacked=True, label=["Dante reached the end", "sudden death"])
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend()
    return _save(fig, path)


def win_rates(rates: Sequence[WinRate], fair: float | None, title: str, path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(7, 4.5))
    x = range(len(rates))
    ax.bar(
        x,
        [w.rate for w in rates],
        yerr=[[max(0.0, w.rate - w.low) for w in rates], [max(0.0, w.high - w.rate) for w in rates]],
        capsize=6,
        color="tab:blue",
    )
    if fair is not None:
        ax.axhline(fair, color="tab:red", linestyle="--", label=f"equal share ({fair:.2f})")
        ax.legend()
    ax.set_xticks(list(x), [w.label for w in rates])
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title(title)
    return _save(fig, path)


def visits_by_location(a: Analysis, path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(9, 4.5))
    locations = list(a.seats[0].visits)
    width = 0.8 / len(a.seats)
    for k, seat in enumerate(a.seats):
        ax.bar(
            [i + k * width for i in range(len(locations))],
            [seat.visits[loc] for loc in locations],
            width,
            label=f"seat {seat.seat + 1}",
        )
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(locations))], locations)
    ax.set_ylabel("family members sent per game")
    ax.set_title("Location visits")
    ax.legend()
    return _save(fig, path)


def save_plots(records: Sequence[GameSummary], a: Analysis, out_dir: Path) -> list[Path]:
    """Write every plot into ``out_dir``; returns the files written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    fair = 1 / a.players if a.players > 1 else None
    paths = [
        score_by_seat(records, a, out_dir / "score_by_seat.png"),
        points_by_source(a, out_dir / "points_by_source.png"),
        game_length(records, out_dir / "game_length.png"),
        win_rates([s.win for s in a.seats], fair, "Win rate by seat", out_dir / "win_rate_by_seat.png"),
        visits_by_location(a, out_dir / "visits_by_location.png"),
    ]
    if len(a.bots) > 1:
        paths.append(win_rates(list(a.bots), None, "Win rate by bot", out_dir / "win_rate_by_bot.png"))
    return paths
