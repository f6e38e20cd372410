"""The review's grading thresholds and search budgets, read from ``review/review.toml`` (beside this module)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from inferno.rules.provenance import TaggedValue, untag

GRADES = ("good", "inaccuracy", "mistake", "blunder")


class ReviewSettingsError(ValueError):
    """A bad review depth or settings file; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class ReviewSettings:
    """How decisions are graded and how hard the search thinks."""

    inaccuracy: float
    mistake: float
    blunder: float
    min_z: float
    depths: dict[str, int]
    default_depth: str
    hint_iterations: int
    min_samples: int
    alternatives: int
    top_mistakes: int
    provenance: str

    def grade(self, loss: float, se: float) -> str:
        """The grade of a decision that lost ``loss`` points of win chance (± ``se``)."""
        if loss <= 0 or loss < self.min_z * se:
            return "good"
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return "good"

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
            raise ReviewSettingsError(f"unknown depth {depth!r}: use {known} or a number of search iterations")
        if n < 1:
            raise ReviewSettingsError("the depth must be at least 1 search iteration")
        return n


def from_tree(tree: dict[str, Any]) -> ReviewSettings:
    """Settings from a parsed ``review.toml`` tree (provenance required on every value)."""
    out: list[TaggedValue] = []
    data = untag(tree, "review.toml", "", None, out)
    g, d, e = data["grades"], dict(data["depth"]), data["estimate"]
    default = str(d.pop("default"))
    hint = int(d.pop("hint"))
    depths = {str(k): int(v) for k, v in d.items()}
    if default not in depths:
        raise ReviewSettingsError(f"review.toml: default depth {default!r} is not one of {', '.join(depths)}")
    if not float(g["inaccuracy"]) <= float(g["mistake"]) <= float(g["blunder"]):
        raise ReviewSettingsError("review.toml: thresholds must grow from inaccuracy to mistake to blunder")
    return ReviewSettings(
        float(g["inaccuracy"]),
        float(g["mistake"]),
        float(g["blunder"]),
        float(g["min_z"]),
        depths,
        default,
        hint,
        int(e["min_samples"]),
        int(e["alternatives"]),
        int(e["top_mistakes"]),
        str(out[0].provenance) if out else "",
    )


@cache
def load_settings() -> ReviewSettings:
    """The embedded review settings."""
    raw = resources.files("inferno.review").joinpath("review.toml").read_text(encoding="utf-8")
    return from_tree(tomllib.loads(raw))
