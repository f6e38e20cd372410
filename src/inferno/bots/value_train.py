"""Train the value model from nothing: self-play games → sampled positions → MLP fit → weights file.

Run ``python -m inferno.bots.value_train`` (``make train``). It plays the self-play games of
:mod:`inferno.bots.value_data`, holds out whole games for validation, fits a small MLP with
scikit-learn (the ``train`` extra) on the observation vectors, fits the win-estimate scale by a
logistic regression of the wins on the predicted margins, and writes the weights with
:meth:`~inferno.bots.value_model.ValueModel.save` and a JSON note beside them (command, games, seeds,
bot, library versions, validation figures next to the hand-written estimate's on the same positions).

The same options give the same weights: the games are seeded, the split and the fit take their own
seeds, and the fit runs on one thread.
"""

from __future__ import annotations

import json
import platform
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import click
import numpy as np

from inferno.bots.value_data import DataConfig, Samples, describe, generate, player_counts, split_by_game
from inferno.bots.value_model import EXTRA_FEATURES, FEATURE_SETS, ValueModel, feature_columns
from inferno.envs.observation import default_encoder
from inferno.rules.pack import load_rules

DEFAULT_OUT = Path("src/inferno/bots/data/value_model.npz")


@dataclass(frozen=True, slots=True)
class FitConfig:
    """How the network is fitted."""

    hidden: tuple[int, ...] = (16,)
    epochs: int = 20
    batch: int = 256
    learning_rate: float = 1e-3
    l2: float = 1e-3
    extras: bool = True  # feed the hand-written estimate's terms too
    features: str = "none"  # which observation entries the network reads (FEATURE_SETS)
    holdout: float = 0.1  # share of the games held out for validation
    seed: int = 0


@dataclass(frozen=True, slots=True)
class Scores:
    """How well margins are predicted on some rows."""

    rows: int
    r2: float
    mae: float

    def to_dict(self) -> dict[str, float | int]:
        return {"rows": self.rows, "r2": round(self.r2, 4), "mae": round(self.mae, 3)}


DEFAULT_DATA = DataConfig()
DEFAULT_FIT = FitConfig()


def scores(pred: np.ndarray, truth: np.ndarray) -> Scores:
    err = truth - pred
    var = float(np.var(truth))
    r2 = 1.0 - float(np.mean(err**2)) / var if var > 0 else 0.0
    return Scores(len(truth), r2, float(np.mean(np.abs(err))))


def design(samples: Samples, rows: np.ndarray, model: ValueModel) -> Any:
    """The inputs of ``rows`` as a sparse matrix (the model's observation columns, then its scaled extras)."""
    from scipy import sparse  # type: ignore[import-untyped]

    if not len(model.columns):
        x = sparse.csr_matrix((len(rows), 0), dtype=np.float32)
    else:
        ptr = samples.indptr
        starts, ends = ptr[rows], ptr[rows + 1]
        lengths = ends - starts
        take: Any = np.concatenate([np.arange(a, b) for a, b in zip(starts, ends, strict=True)]) if len(rows) else []
        x = sparse.csr_matrix(
            (samples.values[take], samples.indices[take].astype(np.int32), np.concatenate([[0], np.cumsum(lengths)])),
            shape=(len(rows), samples.width),
            dtype=np.float32,
        )
        if len(model.columns) < samples.width:
            x = x[:, model.columns]
    if not model.extras:
        return x
    z = (samples.extras[rows] - model.extra_mean) / model.extra_std
    return sparse.hstack([x, sparse.csr_matrix(z.astype(np.float32))], format="csr")


def rules_fingerprint() -> str:
    return load_rules().fingerprint


def fit(samples: Samples, cfg: FitConfig, train: np.ndarray) -> ValueModel:
    """Fit the MLP on the rows ``train`` and export it as a :class:`ValueModel`.

    A tenth of the training games is set aside to stop the fit: after each epoch the network is
    scored on them, and the epoch that predicts them best is kept (a value network easily learns
    the games it saw by heart instead of what their positions are worth).
    """
    from sklearn.linear_model import LogisticRegression  # type: ignore[import-untyped]
    from sklearn.neural_network import MLPRegressor  # type: ignore[import-untyped]
    from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

    games = np.unique(samples.game[train])
    rng = np.random.default_rng(cfg.seed + 1)
    stop_games = set(rng.choice(games, size=max(1, len(games) // 10), replace=False).tolist())
    in_stop = np.array([g in stop_games for g in samples.game[train].tolist()], dtype=bool)
    fit_rows, stop_rows = train[~in_stop], train[in_stop]
    if len(fit_rows) == 0:
        fit_rows = stop_rows
    y = samples.margin[fit_rows].astype(np.float64)
    scale = float(np.std(y)) or 1.0
    ex = samples.extras[fit_rows]
    mean = ex.mean(axis=0).astype(np.float32) if cfg.extras else np.zeros(0, dtype=np.float32)
    std = (ex.std(axis=0) + 1e-6).astype(np.float32) if cfg.extras else np.ones(0, dtype=np.float32)
    players = tuple(sorted({int(p) for p in samples.players[train]}))
    columns = feature_columns(default_encoder(), cfg.features)
    shell = ValueModel((), (), samples.width, columns, players, EXTRA_FEATURES if cfg.extras else (), mean, std)
    x = design(samples, fit_rows, shell)
    x_stop = design(samples, stop_rows, shell)
    y_stop = samples.margin[stop_rows].astype(np.float64) / scale
    net = MLPRegressor(
        hidden_layer_sizes=cfg.hidden,
        activation="relu",
        solver="adam",
        alpha=cfg.l2,
        batch_size=min(cfg.batch, len(fit_rows)),
        learning_rate_init=cfg.learning_rate,
        shuffle=True,
        random_state=cfg.seed,
    )
    best: tuple[float, list[np.ndarray], list[np.ndarray]] | None = None
    with threadpool_limits(1):
        for _ in range(cfg.epochs):
            net.partial_fit(x, y / scale)
            err = float(np.mean((net.predict(x_stop) - y_stop) ** 2))
            if best is None or err < best[0]:
                best = (err, [w.copy() for w in net.coefs_], [b.copy() for b in net.intercepts_])
    assert best is not None
    model = ValueModel(
        weights=tuple(np.asarray(w, dtype=np.float32) for w in best[1]),
        biases=tuple(np.asarray(b, dtype=np.float32) for b in best[2]),
        width=samples.width,
        columns=columns,
        players=players,
        extras=shell.extras,
        extra_mean=mean,
        extra_std=std,
        target_scale=scale,
        rules=rules_fingerprint(),
    )
    pred = predict_rows(model, samples, train)
    with threadpool_limits(1):
        logit = LogisticRegression(fit_intercept=False, C=1e6).fit(pred[:, None], samples.win[train] >= 0.5)
    coef = float(logit.coef_[0, 0])
    win_scale = 1.0 / coef if coef > 1e-6 else 8.0
    return replace(model, win_scale=win_scale)


def predict_rows(model: ValueModel, samples: Samples, rows: np.ndarray, chunk: int = 4096) -> np.ndarray:
    """The model's margins for ``rows`` (with the numpy inference the bots use)."""
    out = []
    for i in range(0, len(rows), chunk):
        part = rows[i : i + chunk]
        extras = samples.extras[part] if model.extras else None
        out.append(model.predict(samples.dense(part) if len(model.columns) else None, extras))
    return np.concatenate(out) if out else np.zeros(0)


def paired(samples: Samples, rows: np.ndarray, pred: np.ndarray) -> np.ndarray:
    """Two-player predictions made consistent as the evaluator makes them: (own − other's) / 2.

    ``rows`` must hold both seats of every two-player position it has (whole games do).
    """
    out = pred.copy()
    seat = samples.seats()[rows]
    pos = {int(r): i for i, r in enumerate(rows.tolist())}
    for i in np.flatnonzero(samples.players[rows] == 2).tolist():
        r = int(rows[i])
        j = pos[r + 1 if seat[i] == 0 else r - 1]
        out[i] = (pred[i] - pred[j]) / 2
    return out


def validation(samples: Samples, model: ValueModel, rows: np.ndarray, resamples: int = 1000) -> dict[str, Any]:
    """Held-out figures of the model and of the hand-written estimate, overall and per player count.

    ``mae_gain`` is the hand-written estimate's mean absolute error minus the model's, with a 95%
    interval from resampling whole held-out games (a game's positions share one outcome).
    """
    pred = paired(samples, rows, predict_rows(model, samples, rows))
    truth = samples.margin[rows]
    heur = samples.extras[rows, 0]
    games = samples.game[rows]
    out: dict[str, Any] = {}
    groups = [("all", np.ones(len(rows), dtype=bool))]
    groups += [(str(p), samples.players[rows] == p) for p in sorted(set(samples.players[rows].tolist()))]
    rng = np.random.default_rng(0)
    for name, mask in groups:
        ids, inverse = np.unique(games[mask], return_inverse=True)
        n = np.bincount(inverse).astype(np.float64)
        gain = np.bincount(inverse, np.abs(truth[mask] - heur[mask]) - np.abs(truth[mask] - pred[mask]))
        picks = rng.integers(0, len(ids), size=(resamples, len(ids)))
        boot = gain[picks].sum(axis=1) / n[picks].sum(axis=1)
        out[name] = {
            "games": len(ids),
            "model": scores(pred[mask], truth[mask]).to_dict(),
            "heuristic": scores(heur[mask], truth[mask]).to_dict(),
            "mae_gain": round(float(gain.sum() / n.sum()), 3),
            "mae_gain_ci95": [round(float(np.quantile(boot, 0.025)), 3), round(float(np.quantile(boot, 0.975)), 3)],
        }
    return out


def library_versions() -> dict[str, str]:
    import scipy
    import sklearn  # type: ignore[import-untyped]

    return {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "scipy": scipy.__version__,
        "scikit-learn": sklearn.__version__,
    }


@click.command()
@click.option(
    "--games",
    "-n",
    type=click.IntRange(1),
    default=DEFAULT_DATA.games,
    show_default=True,
    help="Games per player count.",
)
@click.option("--players", default="1,2,3,4", show_default=True, help="Player counts (1: solo).")
@click.option("--first-seed", type=int, default=0, show_default=True)
@click.option("--bot", default=DEFAULT_DATA.bot, show_default=True, help="The self-play bot.")
@click.option(
    "--every",
    type=click.IntRange(1),
    default=DEFAULT_DATA.every,
    show_default=True,
    help="Sample one decision in this many.",
)
@click.option(
    "--explore",
    type=click.FloatRange(0, 1),
    default=DEFAULT_DATA.explore,
    show_default=True,
    help="Chance of a random move.",
)
@click.option("--hidden", default="16", show_default=True, help="Hidden layer sizes.")
@click.option("--epochs", type=click.IntRange(1), default=DEFAULT_FIT.epochs, show_default=True)
@click.option(
    "--extras/--no-extras",
    default=DEFAULT_FIT.extras,
    show_default=True,
    help="Also feed the hand-written estimate's terms.",
)
@click.option(
    "--features",
    type=click.Choice(FEATURE_SETS),
    default=DEFAULT_FIT.features,
    show_default=True,
    help="Observation entries read: the compact set (game counters, each seat's standing), all, or none.",
)
@click.option("--l2", type=click.FloatRange(0), default=DEFAULT_FIT.l2, show_default=True, help="L2 penalty.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the split and the fit.")
@click.option(
    "--workers", "-j", type=click.IntRange(1), default=1, show_default=True, help="Processes playing the games."
)
@click.option(
    "--data", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Keep (or reuse) the samples here."
)
@click.option("--out", "-o", type=click.Path(dir_okay=False, path_type=Path), default=DEFAULT_OUT, show_default=True)
def main(
    games: int,
    players: str,
    first_seed: int,
    bot: str,
    every: int,
    explore: float,
    hidden: str,
    epochs: int,
    extras: bool,
    features: str,
    l2: float,
    seed: int,
    workers: int,
    data: Path | None,
    out: Path,
) -> None:
    """Play self-play games, fit the value model and write its weights and note."""
    if features == "none" and not extras:
        raise click.UsageError("a model needs some input: --features compact or full, or --extras")
    counts = player_counts([int(p) for p in players.split(",")])
    dcfg = DataConfig(counts, games, first_seed, bot, every, explore)
    fcfg = FitConfig(
        hidden=tuple(int(h) for h in hidden.split(",")),
        epochs=epochs,
        l2=l2,
        extras=extras,
        features=features,
        seed=seed,
    )
    start = time.perf_counter()
    samples = Samples.load(data) if data is not None and data.exists() else None
    if samples is not None and samples.source == describe(dcfg):
        click.echo(f"samples from {data}: {samples.rows} rows")
    else:
        samples = generate(dcfg, workers, _progress)
        if data is not None:
            data.parent.mkdir(parents=True, exist_ok=True)
            samples.save(data)
    played = time.perf_counter() - start
    train, held = split_by_game(samples, fcfg.holdout, fcfg.seed)
    click.echo(f"{samples.rows} rows ({len(train)} training, {len(held)} held out); fitting {fcfg.hidden}")
    model = fit(samples, fcfg, train)
    fitted = time.perf_counter() - start - played
    report = validation(samples, model, held)
    out.parent.mkdir(parents=True, exist_ok=True)
    model.save(out)
    note = {
        "command": (
            f"python -m inferno.bots.value_train --games {games} --players {','.join(map(str, counts))} "
            f"--first-seed {first_seed} --bot {bot} --every {every} --explore {explore} --hidden {hidden} "
            f"--epochs {epochs} --l2 {l2} --features {features} --{'' if extras else 'no-'}extras --seed {seed}"
        ),
        "same_weights": "whatever --workers, --data and --out",
        "data": describe(dcfg),
        "positions": {"rows": samples.rows, "training": len(train), "held_out": len(held)},
        "held_out_games": f"{fcfg.holdout:.0%} of the games, chosen with seed {fcfg.seed}",
        "network": {
            "hidden": list(fcfg.hidden),
            "epochs": fcfg.epochs,
            "l2": fcfg.l2,
            "features": fcfg.features,
            "inputs": len(model.columns) + len(model.extras),
            "extras": list(model.extras),
        },
        "target_scale": round(model.target_scale, 4),
        "win_scale": round(model.win_scale, 4),
        "rules": model.rules,
        "libraries": library_versions(),
        "seconds": {"games": round(played, 1), "fit": round(fitted, 1)},
        "validation": report,
    }
    out.with_suffix(".json").write_text(json.dumps(note, indent=2) + "\n")
    for name, row in report.items():
        m, h = row["model"], row["heuristic"]
        click.echo(
            f"{name:>4} players: model R² {m['r2']:.3f} MAE {m['mae']:.2f}; "
            f"hand-written R² {h['r2']:.3f} MAE {h['mae']:.2f}; MAE gain {row['mae_gain']:.2f} "
            f"(95% CI {row['mae_gain_ci95'][0]:.2f} to {row['mae_gain_ci95'][1]:.2f}; "
            f"{m['rows']} positions of {row['games']} games)"
        )
    click.echo(f"wrote {out} and {out.with_suffix('.json')}")


def _progress(done: int, total: int) -> None:
    if done == total or done % 100 == 0:
        click.echo(f"games {done}/{total}", err=True)


if __name__ == "__main__":
    main()
