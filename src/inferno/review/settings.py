"""The review's grading thresholds and search budgets, read from ``review/review.toml`` (beside this module)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from inferno.i18n import REVIEW
from inferno.rules.provenance import TaggedValue, untag

_ = REVIEW.gettext
GRADES = ("good", "inaccuracy", "mistake", "blunder")


class ReviewSettingsError(ValueError):
    """A bad review depth or settings file; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class ReviewSettings:
    """How decisions are graded and how hard the search thinks.

    A decision has two losses against the best option: in win chance (percentage points) and in
    expected final Infamy margin (Infamy points). Each is graded by its own thresholds, and the
    decision gets the worse of the two grades (solo games: the margin's only).
    """

    inaccuracy: float  # win chance lost, percentage points
    mistake: float
    blunder: float
    min_z: float  # a loss under this many standard errors is noise, whichever the measure
    margin_inaccuracy: float  # expected final Infamy margin lost, Infamy points
    margin_mistake: float
    margin_blunder: float
    depths: dict[str, int]
    default_depth: str
    hint_samples: int  # deals each hint option is played out on (the rollout search)
    min_samples: int
    alternatives: int
    top_mistakes: int
    provenance: str
    hint_search: str = "expert"  # the search hints use with 1-2 players: "expert" (the top level's) or "rollout"
    review_search: str = "expert"  # the search reviews use: "expert" (settled leaves) or "plain"
    hint_crowd_search: str = "rollout"  # the search hints use with 3 or more players
    hint_candidates: int = 8  # greedy's best options a rollout hint plays out
    hint_seconds: float | None = None  # wall-clock seconds after which a rollout hint starts no new deal

    def grade(self, loss: float, se: float) -> str:
        """The grade of a decision that lost ``loss`` points of win chance (± ``se``)."""
        return self._graded(loss, se, self.inaccuracy, self.mistake, self.blunder)

    def grade_margin(self, loss: float, se: float) -> str:
        """The grade of a decision that lost ``loss`` Infamy of expected final margin (± ``se``)."""
        return self._graded(loss, se, self.margin_inaccuracy, self.margin_mistake, self.margin_blunder)

    def grade_decision(
        self, loss: float, se: float, margin_loss: float | None, margin_se: float | None, *, solo: bool = False
    ) -> str:
        """The worse of the win-chance and the margin grades (solo: the margin grade only).

        ``margin_loss`` is ``None`` for reviews saved before margins were estimated: win chance only.
        """
        by_win = "good" if solo and margin_loss is not None else self.grade(loss, se)
        if margin_loss is None:
            return by_win
        by_margin = self.grade_margin(margin_loss, margin_se if margin_se is not None else 0.0)
        return max(by_win, by_margin, key=GRADES.index)

    def _graded(self, loss: float, se: float, inaccuracy: float, mistake: float, blunder: float) -> str:
        if loss <= 0 or loss < self.min_z * se:
            return "good"
        if loss >= blunder:
            return "blunder"
        if loss >= mistake:
            return "mistake"
        if loss >= inaccuracy:
            return "inaccuracy"
        return "good"

    def thresholds(self) -> dict[str, float]:
        """The grading thresholds, as a review records them."""
        return {
            "inaccuracy": self.inaccuracy,
            "mistake": self.mistake,
            "blunder": self.blunder,
            "min_z": self.min_z,
            "margin_inaccuracy": self.margin_inaccuracy,
            "margin_mistake": self.margin_mistake,
            "margin_blunder": self.margin_blunder,
        }

    def iterations(self, depth: str | int | None) -> int:
        """Search iterations for a depth name (``quick``, ``normal``, ``deep``) or a number."""
        if depth is None:
            depth = self.default_depth
        if isinstance(depth, int):
            n = depth
        elif depth.strip().isdigit():
            n = int(depth)
        elif depth in self.depths:
            return self.depths[depth]
        else:
            known = ", ".join(self.depths)
            raise ReviewSettingsError(
                _("unknown depth {depth}: use {known} or a number of search iterations").format(
                    depth=repr(depth), known=known
                )
            )
        if n < 1:
            raise ReviewSettingsError(_("the depth must be at least 1 search iteration"))
        return n


# The searches a hint can use: the expert level's, or the rollout bot's playouts.
HINT_SEARCHES = ("expert", "rollout")

# The searches a review can use at its depth's iterations: the expert level's (settled leaves), or the
# plain search of the ``easy``/``medium``/``hard`` levels.
REVIEW_SEARCHES = ("expert", "plain")


def _choice(value: object, allowed: tuple[str, ...], what: str) -> str:
    text = str(value)
    if text not in allowed:
        # i18n: not for players (the settings file's errors are for whoever edits it, as the data's)
        raise ReviewSettingsError(f"review.toml: unknown {what} {text!r}: use {' or '.join(map(repr, allowed))}")
    return text


def from_tree(tree: dict[str, Any]) -> ReviewSettings:
    """Settings from a parsed ``review.toml`` tree (provenance required on every value)."""
    out: list[TaggedValue] = []
    data = untag(tree, "review.toml", "", None, out)
    g, mg, d, e = data["grades"], data["margin_grades"], dict(data["depth"]), data["estimate"]
    default = str(d.pop("default"))
    hint = int(data["hint"]["samples"])
    if hint < 1:
        raise ReviewSettingsError("review.toml: a hint needs at least 1 sample")  # i18n: not for players
    hint_search = _choice(data["hint"].get("search", "expert"), HINT_SEARCHES, "hint search")  # i18n: not for players
    crowd_search = _choice(
        data["hint"].get("crowd_search", "rollout"), HINT_SEARCHES, "hint crowd_search"
    )  # i18n: not for players
    candidates = int(data["hint"].get("candidates", 8))
    if candidates < 1:
        raise ReviewSettingsError("review.toml: a hint needs at least 1 candidate")  # i18n: not for players
    hint_seconds = data["hint"].get("max_seconds")
    if hint_seconds is not None and not float(hint_seconds) > 0:
        raise ReviewSettingsError("review.toml: a hint's max_seconds must be above 0")  # i18n: not for players
    review_search = _choice(e.get("search", "expert"), REVIEW_SEARCHES, "review search")  # i18n: not for players
    depths = {str(k): int(v) for k, v in d.items()}
    if default not in depths:
        # i18n: not for players (the settings file's errors are for whoever edits it)
        raise ReviewSettingsError(f"review.toml: default depth {default!r} is not one of {', '.join(depths)}")
    if not float(g["inaccuracy"]) <= float(g["mistake"]) <= float(g["blunder"]):
        # i18n: not for players
        raise ReviewSettingsError("review.toml: thresholds must grow from inaccuracy to mistake to blunder")
    if not 0 < float(mg["inaccuracy"]) <= float(mg["mistake"]) <= float(mg["blunder"]):
        # i18n: not for players
        raise ReviewSettingsError("review.toml: margin thresholds must grow from inaccuracy to mistake to blunder")
    return ReviewSettings(
        float(g["inaccuracy"]),
        float(g["mistake"]),
        float(g["blunder"]),
        float(g["min_z"]),
        float(mg["inaccuracy"]),
        float(mg["mistake"]),
        float(mg["blunder"]),
        depths,
        default,
        hint,
        int(e["min_samples"]),
        int(e["alternatives"]),
        int(e["top_mistakes"]),
        str(out[0].provenance) if out else "",
        hint_search,
        review_search,
        crowd_search,
        candidates,
        None if hint_seconds is None else float(hint_seconds),
    )


@cache
def load_settings() -> ReviewSettings:
    """The embedded review settings."""
    raw = resources.files("inferno.review").joinpath("review.toml").read_text(encoding="utf-8")
    return from_tree(tomllib.loads(raw))
