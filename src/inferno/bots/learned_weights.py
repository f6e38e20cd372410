"""The evaluation weights learned from games, as the package ships them (``data/expert_weights.json``).

:mod:`inferno.bots.weight_tuning` writes the file: every trial, the check on fresh seeds and the chosen
weights, with the command that made them. The expert level judges its leaves with these weights; the
other levels keep the hand-written ones (:data:`inferno.bots.evaluation.DEFAULT_WEIGHTS`).
"""

from __future__ import annotations

import json
from dataclasses import fields, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from inferno.bots.evaluation import DEFAULT_WEIGHTS, Weights

SHIPPED = "expert_weights.json"


def weights_from(changes: dict[str, float], base: Weights = DEFAULT_WEIGHTS) -> Weights:
    """``base`` with the named fields changed (an unknown name is refused in words)."""
    known = {f.name for f in fields(Weights)}
    bad = sorted(set(changes) - known)
    if bad:
        raise ValueError(f"not an evaluation weight: {', '.join(bad)}")
    return replace(base, **{k: type(getattr(base, k))(v) for k, v in changes.items()})


def weights_of(record: dict[str, Any]) -> Weights:
    """The weights a tuning record holds (the hand-written value for every field it leaves)."""
    return weights_from({k: float(v) for k, v in record["weights"].items()})


def load(path: Path | None = None) -> Weights:
    """The weights of a tuning record: ``path``, or the one the package ships."""
    if path is not None:
        return weights_of(json.loads(path.read_text(encoding="utf-8")))
    return expert_weights()


@cache
def expert_weights() -> Weights:
    """The expert level's weights, as the package ships them (read once)."""
    text = resources.files("inferno.bots").joinpath("data", SHIPPED).read_text(encoding="utf-8")
    return weights_of(json.loads(text))
