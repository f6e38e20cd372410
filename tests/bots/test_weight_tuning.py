"""The expert's learned evaluation weights: a tiny tuning run is deterministic, and what it writes loads."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import pytest

from inferno.bots import learned_weights, weight_tuning
from inferno.bots.evaluation import DEFAULT_WEIGHTS, Weights
from inferno.bots.tournament import GameOutcome

pytest.importorskip("optuna", reason="the tuner needs Optuna: pip install 'inferno-game[calibrate]'")

TINY = ["--trials", "2", "--startup", "1", "--games2", "1", "--games3", "0", "--check", "1"]
TINY += ["--check-games2", "1", "--check-games3", "0"]


def _run(tmp_path: Path, name: str) -> dict[str, object]:
    out = tmp_path / name
    weight_tuning.main([*TINY, "--out", str(out)])
    return json.loads(out.read_text(encoding="utf-8"))


def test_a_tiny_tuning_run_is_deterministic_and_its_record_loads(tmp_path: Path) -> None:
    first, second = _run(tmp_path, "a.json"), _run(tmp_path, "b.json")
    for record in (first, second):
        record.pop("command")
    assert first == second
    trials = first["trials"]
    assert isinstance(trials, list) and len(trials) == 2
    # The first trial is the hand-written weights themselves (the yardstick the others are judged by).
    assert trials[0]["weights"] == {k: getattr(DEFAULT_WEIGHTS, k) for k in weight_tuning.SPACE}
    assert first["weights"] == first["chosen"]["weights"]  # type: ignore[index]
    w = learned_weights.load(tmp_path / "a.json")
    assert isinstance(w, Weights)
    for k, v in first["weights"].items():  # type: ignore[union-attr]
        assert getattr(w, k) == pytest.approx(v)


def test_the_shipped_weights_load_and_stay_in_the_tuners_ranges() -> None:
    w = learned_weights.expert_weights()
    for name, (lo, hi) in weight_tuning.SPACE.items():
        assert lo <= getattr(w, name) <= hi, name
    untouched = {f.name for f in fields(Weights)} - set(weight_tuning.SPACE)
    for name in untouched:
        assert getattr(w, name) == getattr(DEFAULT_WEIGHTS, name), name


def test_an_unknown_weight_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="not an evaluation weight: florins"):
        learned_weights.weights_from({"florins": 1.0})


def test_the_score_is_the_win_share_above_the_even_share() -> None:
    def game(players: int, seat: int, winners: tuple[int, ...]) -> GameOutcome:
        lineup = tuple(weight_tuning.CANDIDATE if i == seat else weight_tuning.JUDGE for i in range(players))
        scores = tuple(10 if i in winners else 5 for i in range(players))
        return GameOutcome(0, "I/II", lineup, scores, (1,) * players, winners, 0, (0.0,) * players, (0,) * players)

    s = weight_tuning.score([game(2, 0, (0,)), game(2, 1, (0,)), game(3, 2, (1, 2)), game(3, 0, (1,))])
    assert s.games == {2: 2, 3: 2}
    assert s.wins == {2: 1.0, 3: 0.5}
    assert s.value == pytest.approx(((1 / 2 - 1 / 2) + (0.5 / 2 - 1 / 3)) / 2)
    assert s.margin == pytest.approx((5 - 5 + 0 - 5) / 4)


def test_the_command_refuses_an_empty_run_in_words(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        weight_tuning.main(["--games2", "0", "--games3", "0", "--out", str(tmp_path / "x.json")])
    assert "give some 2- or 3-player games" in capsys.readouterr().err
