"""PNG plots of the data-health report (matplotlib, Agg back end)."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.axes import Axes

from inferno.sim.health import GROUP_WORDS, POINT_GROUPS, HealthReport, Mean
from inferno.sim.plots import _save
from inferno.sim.record import CIRCLES
from inferno.sim.targets import TargetKey, target


def _bound(report: HealthReport, key: TargetKey, high: bool) -> float | None:
    """The report's bound of a target (None when the report's targets lack it or it has none)."""
    try:
        b = target(key, report.targets).bounds
    except KeyError:
        return None
    return b.high if high else b.low


def _bars(ax: Axes, labels: list[str], means: list[Mean], scale: float, color: str) -> None:
    values = [m.mean * scale for m in means]
    err = [[v - m.low * scale for v, m in zip(values, means, strict=True)],
           [m.high * scale - v for v, m in zip(values, means, strict=True)]]  # fmt: skip
    ax.bar(labels, values, yerr=err, capsize=5, color=color)


def sudden_death(report: HealthReport, path: Path) -> Path:
    """Share of sudden-death endings per player count, with 95% intervals."""
    fig, ax = plt.subplots(figsize=(6, 4))
    labels = [f"{h.players}p {h.side}" for h in report.counts]
    rates = [h.sudden_death.rate * 100 for h in report.counts]
    err = [
        [r - h.sudden_death.low * 100 for r, h in zip(rates, report.counts, strict=True)],
        [h.sudden_death.high * 100 - r for r, h in zip(rates, report.counts, strict=True)],
    ]
    ax.bar(labels, rates, yerr=err, capsize=5, color="#a33")
    top = _bound(report, TargetKey.SUDDEN_DEATH, high=True)
    if top is not None:
        ax.axhline(top * 100, color="black", linestyle="--", linewidth=1, label=f"target ≤ {top * 100:g}%")
    ax.set_ylabel("games ended by sudden death (%)")
    ax.set_ylim(0, 100)
    ax.legend()
    ax.set_title("Sudden death")
    return _save(fig, path)


def empty_shields(report: HealthReport, path: Path) -> Path:
    """Mean share of each circle's shields still empty at the end, per player count."""
    fig, ax = plt.subplots(figsize=(7, 4))
    for h in report.counts:
        share = [m.mean / k * 100 for m, k in zip(h.empty_shields, h.shields, strict=True)]
        ax.plot(list(CIRCLES), share, marker="o", label=f"{h.players}p {h.side}")
    ax.set_xlabel("circle")
    ax.set_ylabel("empty shields at the end (%)")
    ax.set_xticks(list(CIRCLES))
    ax.set_ylim(0, 100)
    ax.legend()
    ax.set_title("Empty shields per circle at the end")
    return _save(fig, path)


def point_shares(report: HealthReport, path: Path) -> Path:
    """Stacked share of the winners' points by source, per player count."""
    fig, ax = plt.subplots(figsize=(7, 4.5))
    labels = [f"{h.players}p {h.side}" for h in report.counts]
    bottom = [0.0] * len(labels)
    for g in POINT_GROUPS:
        vals = [h.shares_winners[g].mean * 100 for h in report.counts]
        ax.bar(labels, vals, bottom=bottom, label=GROUP_WORDS[g])
        bottom = [b + v for b, v in zip(bottom, vals, strict=True)]
    ax.set_ylabel("share of the winners' points (%)")
    ax.legend(loc="upper left", bbox_to_anchor=(1, 1))
    ax.set_title("Where the winners' points come from")
    return _save(fig, path)


def hell_fills(report: HealthReport, path: Path) -> Path:
    """Full sin circles per game and the share of Phlegethon cubes at their minimum at the end, per
    player count, with 95% intervals and the targets."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    labels = [f"{h.players}p {h.side}" for h in report.counts]
    _bars(left, labels, [h.full_circles for h in report.counts], 1.0, "#36a")
    low = _bound(report, TargetKey.FULL_CIRCLES, high=False)
    if low is not None:
        left.axhline(low, color="black", linestyle="--", linewidth=1, label=f"target ≥ {low:g}")
        left.legend()
    left.set_ylabel("full sin circles per game at the end")
    left.set_title("Full circles")
    _bars(right, labels, [h.phlegethon_at_minimum for h in report.counts], 100.0, "#c63")
    top = _bound(report, TargetKey.PHLEGETHON_AT_MINIMUM, high=True)
    if top is not None:
        right.axhline(top * 100, color="black", linestyle="--", linewidth=1, label=f"target < {top * 100:g}%")
        right.legend()
    right.set_ylabel("Phlegethon cubes at their minimum at the end (%)")
    right.set_ylim(0, 100)
    right.set_title("Phlegethon cubes at the bottom")
    fig.suptitle("Does Hell fill?")
    return _save(fig, path)


def write_health_plots(report: HealthReport, folder: Path) -> list[Path]:
    """Write every plot of the report into ``folder`` (created if needed)."""
    folder.mkdir(parents=True, exist_ok=True)
    return [
        sudden_death(report, folder / "sudden_death.png"),
        empty_shields(report, folder / "empty_shields.png"),
        point_shares(report, folder / "point_shares.png"),
        hell_fills(report, folder / "hell_fills.png"),
    ]
