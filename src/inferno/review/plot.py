"""The standing over the game: the seat's estimated win chance and expected final Infamy margin at each
of its decisions."""

from __future__ import annotations

from pathlib import Path

from inferno.i18n import REVIEW
from inferno.review.game import GameReview, grade_word

_ = REVIEW.gettext

_MARKS = {"inaccuracy": ("#d9a400", "o"), "mistake": ("#e06000", "s"), "blunder": ("#c00000", "X")}


def standing_series(rv: GameReview) -> list[tuple[int, float, float]]:
    """(turn, estimated win chance %, standard error) after each reviewed decision."""
    out = []
    for d in rv.decisions:
        mine = next(o for o in d.options if o.text == d.played)
        out.append((d.turn, mine.value, mine.se))
    return out


def margin_series(rv: GameReview) -> list[tuple[int, float, float]]:
    """(turn, expected final Infamy margin, standard error) after each reviewed decision (none in /1 reviews)."""
    out = []
    for d in rv.decisions:
        mine = next(o for o in d.options if o.text == d.played)
        if mine.margin is None:
            return []
        out.append((d.turn, mine.margin, mine.margin_se or 0.0))
    return out


def plot_standing(rv: GameReview, path: str | Path) -> None:
    """Draw the standing over the game (with its ±1 standard error band) and mark the mistakes; the
    expected final Infamy margin is drawn against a second axis on the right."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    series = standing_series(rv)
    xs = list(range(1, len(series) + 1))
    ys = [v for _t, v, _se in series]
    lo = [max(0.0, v - se) for _t, v, se in series]
    hi = [min(100.0, v + se) for _t, v, se in series]
    fig, ax = plt.subplots(figsize=(9, 4))
    ax.fill_between(xs, lo, hi, alpha=0.2, color="#444444", label=_("±1 standard error"))
    ax.plot(xs, ys, color="#222222", lw=1.5, label=_("estimated win chance"))
    for grade, (colour, marker) in _MARKS.items():
        pts = [(x, d.standing) for x, d in zip(xs, rv.decisions, strict=True) if d.grade == grade]
        if pts:
            ax.scatter(
                [p[0] for p in pts],
                [p[1] for p in pts],
                color=colour,
                marker=marker,
                s=40,
                label=grade_word(grade),
                zorder=3,
            )
    ax.set_ylim(0, 100)
    ax.set_xlabel(_("decision of the player (forced ones skipped)"))
    ax.set_ylabel(_("win chance (%)"))
    ax.set_title(_("Player {number}: estimated standing over the game").format(number=rv.seat + 1))
    handles, labels = ax.get_legend_handles_labels()
    margins = margin_series(rv)
    if margins:
        ax2 = ax.twinx()
        ax2.plot(xs, [m for _t, m, _se in margins], color="#3060c0", lw=1.2, ls="--", label=_("expected Infamy margin"))
        ax2.axhline(0.0, color="#3060c0", lw=0.5, alpha=0.5)
        ax2.set_ylabel(_("expected final Infamy margin"))
        h2, l2 = ax2.get_legend_handles_labels()
        handles, labels = handles + h2, labels + l2
    ax.legend(handles, labels, loc="best", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
