"""The learned value model: its training data, a tiny deterministic fit, the shipped weights, the expert level."""

from __future__ import annotations

import io
import random
from itertools import pairwise

import numpy as np
import pytest

import inferno
from inferno.bots.base import BotSpecError, bot_names, make_bot, unavailable_bot
from inferno.bots.expert import EXPERT, make_expert, make_learned_expert
from inferno.bots.search import LEVELS, SearchBot
from inferno.bots.value_data import DataConfig, Samples, final_labels, generate, split_by_game
from inferno.bots.value_model import (
    EXTRA_FEATURES,
    ValueModel,
    ValueModelEvaluator,
    feature_columns,
    shipped_model,
)
from inferno.envs.observation import default_encoder
from inferno.rules.engine import determinize, view
from inferno.rules.pack import load_rules
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import State
from tests.bots.conftest import TINY, advance_to_choice

TINY_DATA = DataConfig(players=(2, 3), games=2, first_seed=5, every=30, explore=0.1)


@pytest.fixture(scope="module")
def samples() -> Samples:
    return generate(TINY_DATA)


def _position(players: int, seed: int, steps: int = 40, modules: tuple[str, ...] = ()) -> State:
    solo = SoloConfig() if players == 1 else None
    s = inferno.new_game(players, seed, record_events=False, modules=modules, solo=solo)
    s = advance_to_choice(s, random.Random(seed), steps)
    return determinize(view(s, inferno.to_move(s)), random.Random(seed))


def test_samples_are_labelled_per_seat_with_final_margins(samples: Samples) -> None:
    assert samples.width == default_encoder().size
    assert samples.extras.shape == (samples.rows, len(EXTRA_FEATURES))
    assert set(samples.players.tolist()) == {2, 3}
    seats = samples.seats()
    for g in np.unique(samples.game).tolist():
        rows = np.flatnonzero(samples.game == g)
        n = int(samples.players[rows[0]])
        assert len(rows) % n == 0 and seats[rows].tolist() == list(range(n)) * (len(rows) // n)
        # every position of a game has the same labels: the seats' final margins and wins
        first = samples.margin[rows[:n]]
        assert np.array_equal(samples.margin[rows].reshape(-1, n), np.tile(first, (len(rows) // n, 1)))
        assert samples.win[rows[:n]].sum() == pytest.approx(1.0)
    assert samples.dense(np.array([0])).shape == (1, samples.width)


def test_samples_round_trip_and_split_by_whole_games(samples: Samples, tmp_path: object) -> None:
    buf = io.BytesIO()
    samples.save(buf)  # type: ignore[arg-type]
    buf.seek(0)
    again = Samples.load(buf)  # type: ignore[arg-type]
    assert np.array_equal(again.values, samples.values) and again.source == samples.source
    train, held = split_by_game(samples, 0.5, seed=1)
    assert len(train) + len(held) == samples.rows
    assert not set(samples.game[train].tolist()) & set(samples.game[held].tolist())


def test_final_labels_of_a_finished_game() -> None:
    s = inferno.new_game(3, 2, record_events=False)
    from inferno.bots.base import play_game

    play_game(s, [make_bot("greedy", i) for i in range(3)])
    m, w = final_labels(s)
    infamy = [pl.infamy for pl in s.players]
    best = max(range(3), key=lambda p: (infamy[p], bin(s.players[p].diplomas).count("1")))
    assert m[best] == infamy[best] - max(v for q, v in enumerate(infamy) if q != best)
    assert sum(w) == pytest.approx(1.0) and w[best] > 0


def test_tiny_training_run_is_deterministic_and_plays(samples: Samples) -> None:
    pytest.importorskip("sklearn")
    from inferno.bots.value_train import FitConfig, fit, validation

    cfg = FitConfig(hidden=(4,), epochs=2, batch=16, holdout=0.25, seed=3)
    train, held = split_by_game(samples, cfg.holdout, cfg.seed)
    files = []
    for _ in range(2):
        buf = io.BytesIO()
        fit(samples, cfg, train).save(buf)
        files.append(buf.getvalue())
    assert files[0] == files[1]  # the same bytes, not just the same arrays
    a = ValueModel.load(io.BytesIO(files[0]))
    b = ValueModel.load(io.BytesIO(files[1]))
    for x, y in zip(a.weights + a.biases, b.weights + b.biases, strict=True):
        assert np.array_equal(x, y)
    assert (a.target_scale, a.win_scale) == (b.target_scale, b.win_scale)
    assert set(a.players) <= {2, 3} and a.weights[0].shape == (len(a.columns) + len(a.extras), 4)
    report = validation(samples, a, held)
    assert set(report) >= {"all"} and np.isfinite(report["all"]["model"]["mae"])
    s = _position(2, 8)
    acts = inferno.legal_actions(s)
    bot = SearchBot(1, TINY, "tiny-expert", evaluator=ValueModelEvaluator(a))
    assert bot.choose(view(s, inferno.to_move(s)), acts) in acts


def test_a_model_of_the_whole_observation_alone(samples: Samples) -> None:
    pytest.importorskip("sklearn")
    from inferno.bots.value_train import FitConfig, fit

    train, _ = split_by_game(samples, 0.5, 0)
    model = fit(samples, FitConfig(hidden=(4,), epochs=1, batch=16, extras=False, features="full"), train)
    assert model.extras == () and model.weights[0].shape[0] == samples.width
    u, m = ValueModelEvaluator(model).evaluate(_position(3, 4))
    assert len(u) == len(m) == 3 and all(np.isfinite(m))


@pytest.mark.parametrize("features", ["full", "compact", "none"])
def test_inference_equals_the_dense_network(features: str) -> None:
    """The numpy inference (a gather over the non-zero entries for the whole observation, the
    compact columns otherwise) computes the plain dense network."""
    enc = default_encoder()
    cols = feature_columns(enc, features)
    rng = np.random.default_rng(0)
    sizes = [len(cols) + len(EXTRA_FEATURES), 6, 3, 1]
    weights = tuple(rng.normal(size=(a, b)).astype(np.float32) for a, b in pairwise(sizes))
    biases = tuple(rng.normal(size=b).astype(np.float32) for b in sizes[1:])
    mean, std = np.full(4, 2.0, np.float32), np.full(4, 3.0, np.float32)
    model = ValueModel(weights, biases, enc.size, cols, (2,), EXTRA_FEATURES, mean, std, target_scale=5.0)
    obs = np.zeros((3, enc.size), dtype=np.float32)
    for row in obs:
        row[rng.choice(enc.size, 150, replace=False)] = rng.uniform(-1, 1, 150)
    extras = rng.normal(size=(3, 4)).astype(np.float32)
    h = np.hstack([obs[:, cols], (extras - mean) / std]) @ weights[0] + biases[0]
    for w, b in zip(weights[1:], biases[1:], strict=True):
        h = np.maximum(h, 0) @ w + b
    assert np.allclose(model.predict(obs if len(cols) else None, extras), h[:, 0] * 5.0, rtol=1e-4, atol=1e-3)
    buf = io.BytesIO()
    model.save(buf)
    again = ValueModel.load(io.BytesIO(buf.getvalue()))
    assert np.array_equal(again.predict(obs, extras), model.predict(obs, extras))


def test_the_compact_features_leave_out_the_board_and_other_hands() -> None:
    enc = default_encoder()
    cols = set(feature_columns(enc, "compact").tolist())
    hell = enc.at["hell"]
    after = min(v for v in enc.at.values() if v > hell)  # the segment that follows Hell's
    assert after - hell == 36 * max(b.size for b in load_rules().boards.values())  # 36 values a shield
    assert not cols & set(range(hell, after))
    hand = enc.at["player_1"] + enc.pat["hand"]
    assert hand + enc._nf in cols and not cols & set(range(hand, hand + enc._nf))
    assert len(feature_columns(enc, "full")) == enc.size and len(feature_columns(enc, "none")) == 0


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_shipped_model_scores_every_seat(players: int) -> None:
    model = shipped_model()
    assert players in model.players and model.width == default_encoder().size
    ev = ValueModelEvaluator()
    s = _position(players, 10 + players)
    u, m = ev.evaluate(s)
    assert len(u) == len(m) == s.num_players
    assert all(np.isfinite(m)) and all(0.0 <= x <= 1.0 for x in u)
    assert ev.fallbacks == 0
    if players == 2:
        assert m[0] == pytest.approx(-m[1])


def test_games_the_model_does_not_know_are_scored_by_the_hand_written_estimate() -> None:
    from inferno.bots.evaluation import margins

    ev = ValueModelEvaluator()
    s = _position(5, 3, modules=("plutus",))
    u, m = ev.evaluate(s)
    assert ev.fallbacks == 1 and m == margins(s) and len(u) == 5


def test_expert_is_registered_above_hard() -> None:
    """The expert is hard's search with settled leaves, on the same time cap, and the ladder lists it
    last (the strongest)."""
    names = bot_names()
    assert names.index("expert") > names.index("hard")
    bot = make_bot("expert", 7)
    assert isinstance(bot, SearchBot) and bot.name == "expert" and bot.config == EXPERT
    assert EXPERT.max_seconds == LEVELS["hard"].max_seconds
    assert EXPERT.settle > 0 and EXPERT.exploration == LEVELS["hard"].exploration


def test_the_learned_expert_scores_leaves_with_the_value_model() -> None:
    bot = make_learned_expert(3)
    assert isinstance(bot.evaluator, ValueModelEvaluator) and bot.config.settle == EXPERT.settle


def test_an_unavailable_bot_says_why() -> None:
    unavailable_bot("test-unavailable", "it needs a package that is missing")
    with pytest.raises(BotSpecError, match="needs a package that is missing"):
        make_bot("test-unavailable")


def test_expert_plays_a_whole_game_with_a_small_budget() -> None:
    from inferno.bots.base import play_game

    s = inferno.new_game(2, 6, record_events=False)
    play_game(s, [make_expert(1, TINY), make_bot("greedy", 2)])
    assert s.over
