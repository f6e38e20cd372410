"""The learned value model: a small MLP predicting each seat's final Infamy margin, run in plain numpy.

The model reads a seat's observation vector (:mod:`inferno.envs.observation`: only what that seat may
see, seats relative to it) and, if it was trained with them, a few terms of the hand-written estimate
(:data:`EXTRA_FEATURES`), and predicts the seat's final Infamy minus the best
opponent's (solo: minus the Rival's or the target). Its weights and input scaling live in a small
``.npz`` file; the one shipped with the package is ``inferno/bots/data/value_model.npz``, made by
``make train`` (:mod:`inferno.bots.value_train`), with a JSON note beside it saying how.

:class:`ValueModelEvaluator` is a :class:`~inferno.bots.search.LeafEvaluator` for the search bot: it
encodes every seat's observation of the position it is handed (a determinized copy of the bot's own
view) in one batch, runs the network once on all rows and turns each margin into a win estimate
(logistic of margin / scale). Kinds of game the model was not trained on (five players, the P&P
expansion's modules, other rules data) and finished games are scored by the hand-written estimate.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import IO

import numpy as np

from inferno.bots.evaluation import margins, player_values, progress, solo_bar, utilities
from inferno.envs.observation import ObservationEncoder, encoder_for
from inferno.envs.observation_batch import ObservationBatch
from inferno.rules.state import State

SHIPPED = "value_model.npz"
COMPACT_SEGMENTS = ("graveyard", "supply", "phlegethon", "palace", "barrel_market", "dante", "turn", "decision")
COMPACT_PLAYER_PARTS = (
    "present",
    "money",
    "tracks",
    "half",
    "diplomas",
    "passages",
    "floors",
    "home",
    "panel",
    "played",
)
"""The compact feature set: the observation's game counters and each seat's standing, without the
per-shield, per-Tower-space and per-game fixed parts (a few thousand entries that let a network
recognise the game it was trained on instead of learning what a position is worth)."""
EXTRA_FEATURES = ("heuristic_margin", "heuristic_value", "heuristic_rival", "progress")
"""The hand-written estimate's terms a model may read, per seat (Infamy points; progress in [0, 1])."""


@dataclass(frozen=True, eq=False)
class ValueModel:
    """An MLP (ReLU hidden layers, one linear output) from observation (+ extras) to final margin."""

    weights: tuple[np.ndarray, ...]  # float32 (in, out) per layer; the first has width + extras rows
    biases: tuple[np.ndarray, ...]
    width: int  # observation size the model reads
    columns: np.ndarray  # int64: the observation entries fed to the network (all of them or the compact set)
    players: tuple[int, ...]  # player counts it was trained on (1: solo)
    extras: tuple[str, ...] = ()  # names of the hand-written terms appended to the observation
    extra_mean: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.float32))
    extra_std: np.ndarray = field(default_factory=lambda: np.ones(0, dtype=np.float32))
    target_scale: float = 1.0  # the network predicts margin / target_scale
    win_scale: float = 8.0  # win estimate = logistic(margin / win_scale)
    rules: str = ""  # fingerprint of the rules data it was trained on

    def predict(self, obs: np.ndarray | None, extras: np.ndarray | None = None) -> np.ndarray:
        """Margins (float64) of the rows of ``obs`` (float32, (rows, width)), ``extras`` beside them.

        ``obs`` may be None for a model that reads no observation entries. For the whole
        observation, the first layer only gathers the weight rows of its non-zero entries (a few
        hundred of its thousands), which is much cheaper than a dense product.
        """
        w0 = self.weights[0]
        if obs is None or not len(self.columns):
            if len(self.columns) or extras is None:
                raise ValueError("this model reads the observation")
            return self._rest(np.zeros((len(extras), w0.shape[1]), np.float32), extras, w0)
        rows = obs.shape[0]
        if len(self.columns) < self.width:  # the compact set: a small dense product
            h = obs[:, self.columns] @ w0[: len(self.columns)]
            return self._rest(h, extras, w0[len(self.columns) :])
        flat = obs.reshape(-1)
        nz = np.flatnonzero(flat != 0)  # through a bool mask: several times faster than on floats
        owner = nz // self.width
        contrib = w0[nz - owner * self.width] * flat[nz, None]
        starts = np.searchsorted(owner, np.arange(rows))
        h = np.add.reduceat(contrib, starts, axis=0) if len(nz) else np.zeros((rows, w0.shape[1]), np.float32)
        h[np.bincount(owner, minlength=rows) == 0] = 0.0  # reduceat repeats a row for an empty one
        return self._rest(h, extras, w0[self.width :])

    def _rest(self, h: np.ndarray, extras: np.ndarray | None, w_extras: np.ndarray) -> np.ndarray:
        """The network after the observation's part of the first layer."""
        if self.extras:
            if extras is None:
                raise ValueError("this model needs the hand-written terms beside the observation")
            z = (extras.astype(np.float32) - self.extra_mean) / self.extra_std
            h = h + z @ w_extras
        h = h + self.biases[0]
        for w, b in zip(self.weights[1:], self.biases[1:], strict=True):
            np.maximum(h, 0.0, out=h)
            h = h @ w + b
        out: np.ndarray = h[:, 0].astype(np.float64) * self.target_scale
        return out

    def save(self, path: Path | IO[bytes]) -> None:
        arrays: dict[str, np.ndarray] = {}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"w{i}"] = w.astype(np.float32)
            arrays[f"b{i}"] = b.astype(np.float32)
        arrays.update(
            layers=np.array(len(self.weights)),
            width=np.array(self.width),
            columns=self.columns.astype(np.int64),
            players=np.array(self.players, dtype=np.int64),
            extras=np.array(self.extras, dtype="U32"),
            extra_mean=self.extra_mean.astype(np.float32),
            extra_std=self.extra_std.astype(np.float32),
            target_scale=np.array(self.target_scale),
            win_scale=np.array(self.win_scale),
            rules=np.array(self.rules),
        )
        # An .npz written entry by entry with a fixed date, so the same weights give the same bytes.
        with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as zf:
            for name, arr in arrays.items():
                with zf.open(zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0)), "w") as f:
                    np.lib.format.write_array(f, np.asanyarray(arr), allow_pickle=False)

    @classmethod
    def load(cls, path: Path | IO[bytes]) -> ValueModel:
        with np.load(path, allow_pickle=False) as z:
            n = int(z["layers"])
            return cls(
                weights=tuple(np.ascontiguousarray(z[f"w{i}"], dtype=np.float32) for i in range(n)),
                biases=tuple(np.ascontiguousarray(z[f"b{i}"], dtype=np.float32) for i in range(n)),
                width=int(z["width"]),
                columns=z["columns"].astype(np.int64),
                players=tuple(int(p) for p in z["players"]),
                extras=tuple(str(e) for e in z["extras"]),
                extra_mean=z["extra_mean"].astype(np.float32),
                extra_std=z["extra_std"].astype(np.float32),
                target_scale=float(z["target_scale"]),
                win_scale=float(z["win_scale"]),
                rules=str(z["rules"]),
            )


_SHIPPED: list[ValueModel] = []


def shipped_model() -> ValueModel:
    """The model shipped with the package (loaded once)."""
    if not _SHIPPED:
        with resources.files("inferno.bots").joinpath("data", SHIPPED).open("rb") as f:
            _SHIPPED.append(ValueModel.load(f))
    return _SHIPPED[0]


FEATURE_SETS = ("full", "compact", "none")
"""The observation entries a model may read: all of them, the compact set, or none (the hand-written
terms alone)."""


def feature_columns(enc: ObservationEncoder, features: str) -> np.ndarray:
    """The observation entries a model with the feature set ``features`` reads."""
    if features not in FEATURE_SETS:
        raise ValueError(f"unknown feature set {features!r}; known: {', '.join(FEATURE_SETS)}")
    if features == "full":
        return np.arange(enc.size, dtype=np.int64)
    if features == "none":
        return np.zeros(0, dtype=np.int64)
    cols: list[int] = []
    for seg in enc.segments:
        if seg.name in COMPACT_SEGMENTS:
            cols += range(seg.start, seg.start + seg.size)
        elif seg.name.startswith("player_"):
            for part in enc.player_parts:
                if part.name in COMPACT_PLAYER_PARTS:
                    cols += range(seg.start + part.start, seg.start + part.start + part.size)
                elif part.name == "hand":  # only the hand's size (the cards are the observer's alone)
                    cols.append(seg.start + part.start + part.size - 1)
    return np.array(cols, dtype=np.int64)


def extra_terms(s: State) -> list[list[float]]:
    """Per seat, the hand-written estimate's terms a model may read (see ``EXTRA_FEATURES``)."""
    vals = player_values(s)
    prog = progress(s)
    if s.solo is not None:
        bar = solo_bar(s, vals)
        return [[vals[0] - bar, vals[0], bar, prog]]
    out = []
    for p in range(s.num_players):
        rival = max((v for q, v in enumerate(vals) if q != p), default=0.0)
        out.append([vals[p] - rival, vals[p], rival, prog])
    return out


class ValueModelEvaluator:
    """Leaf scores from the value model: every seat's margin in one batch, win estimates from them."""

    def __init__(self, model: ValueModel | None = None) -> None:
        self.model = model if model is not None else shipped_model()
        self._batches: dict[int, ObservationBatch] = {}
        self._seats: dict[int, list[int]] = {}
        self._encoders: dict[str, ObservationEncoder | None] = {}
        self.fallbacks = 0  # positions scored by the hand-written estimate (finished or unknown games)

    def _encoder(self, s: State) -> ObservationEncoder | None:
        key = s.rules.fingerprint
        if key not in self._encoders:
            enc = encoder_for(s.rules)
            fits = enc.size == self.model.width and (not self.model.rules or self.model.rules == key)
            self._encoders[key] = enc if fits else None
        return self._encoders[key]

    def evaluate(self, s: State) -> tuple[list[float], list[float]]:
        n = s.num_players
        model = self.model
        enc = None if s.over or s.ext is not None or n not in model.players else self._encoder(s)
        if enc is None:
            self.fallbacks += 1
            return utilities(s), margins(s)
        batch = self._batches.get(n)
        if batch is None:
            batch = self._batches[n] = ObservationBatch(enc, n)
            self._seats[n] = list(range(n))
        obs = batch.encode([s] * n, self._seats[n]) if len(model.columns) else None
        extras = np.array(extra_terms(s), dtype=np.float32) if model.extras else None
        m = model.predict(obs, extras)
        if n == 2:  # one seat's margin is the other's, negated: average the two estimates
            m = np.array([(m[0] - m[1]) / 2, (m[1] - m[0]) / 2])
        u = 1.0 / (1.0 + np.exp(-m / model.win_scale))
        return u.tolist(), m.tolist()
