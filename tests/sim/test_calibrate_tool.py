"""The Hell calibration tool (tools/calibrate_hell.py): candidate boards, their scores, a short search."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from tools import calibrate_hell
from tools.generate_default_data import SIDES, board, down_links

from inferno.rules.pack import load_rules


def test_scaling_keeps_the_gates_and_the_shape() -> None:
    start = calibrate_hell.PLACEHOLDER["III/IV"]
    assert calibrate_hell.scaled(start, 1.0, 1.0) == start
    big = calibrate_hell.scaled(start, 1.5, 2.0)
    assert big[5] == 5  # one circle-6 shield per gate (S0: 5 safe passages on side III/IV)
    assert big[:5] == [round(c * 1.5) for c in start[:5]] and big[6:] == [c * 2 for c in start[6:]]


@pytest.mark.parametrize(("n", "m"), [(4, 9), (10, 4), (5, 5), (3, 7), (7, 3)])
def test_every_lower_shield_has_a_line_into_it(n: int, m: int) -> None:
    links = down_links(n, m)
    assert len(links) == n and all(links)
    assert {j for d in links for j in d} == set(range(m))


def test_generated_boards_load_and_the_defaults_regenerate(tmp_path: Path) -> None:
    """Any scaled board is a valid board file; the shipped boards are what the generator makes."""
    for side, name in calibrate_hell.FILES.items():
        counts = calibrate_hell.scaled(calibrate_hell.PLACEHOLDER[side], 2.2, 2.2)
        (tmp_path / name).write_text(board(side, counts), encoding="utf-8")
        shipped = Path(__file__).resolve().parents[2] / "src" / "inferno" / "data" / name
        assert shipped.read_text(encoding="utf-8") == board(side, SIDES[side])
    rules = load_rules(tmp_path)
    assert len(rules.boards["I/II"].circle_shields[2]) == 11


def test_objective_punishes_sudden_death_and_size() -> None:
    row = {"sudden_death": 0.0, "souls": 1 / 3, "diplomas": 1 / 3}
    calm = {"counts": [5] * 9, "per_count": [row]}
    deadly = {"counts": [5] * 9, "per_count": [dict(row, sudden_death=0.5)]}
    bigger = {"counts": [6] * 9, "per_count": [row]}
    value = calibrate_hell.objective_value
    assert value(calm, 0.02, 0.004) < value(bigger, 0.02, 0.004) < value(deadly, 0.02, 0.004)


def test_a_short_search_writes_its_trials(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "cal.json"
    argv = ["calibrate_hell", "--side", "I/II", "--trials", "2", "--games", "2", "--bots", "random", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    calibrate_hell.main()
    data = json.loads(out.read_text())
    assert [t["counts"] for t in data["trials"]] == [
        calibrate_hell.PLACEHOLDER["I/II"],
        calibrate_hell.scaled(calibrate_hell.PLACEHOLDER["I/II"], 1.5, 1.5),
    ]
    assert data["best"]["value"] == min(t["value"] for t in data["trials"])
