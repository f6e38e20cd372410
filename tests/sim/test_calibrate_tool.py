"""The Hell calibration tool (tools/calibrate_hell.py): candidates, their rules folders, misses, a short search."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from tools import calibrate_hell
from tools.calibrate_hell import Candidate
from tools.generate_default_data import SIDES, STARTS, board, down_links

from inferno.rules.pack import load_rules
from inferno.sim import strategy_comparison
from inferno.sim.targets import TARGETS, Estimate, StrategyComparison, TargetKey, judge, target


@pytest.mark.parametrize(("n", "m"), [(4, 9), (10, 4), (5, 5), (3, 7), (7, 3)])
def test_every_lower_shield_has_a_line_into_it(n: int, m: int) -> None:
    links = down_links(n, m)
    assert len(links) == n and all(links)
    assert {j for d in links for j in d} == set(range(m))


def test_the_shipped_boards_are_what_the_generator_makes() -> None:
    for side, name in calibrate_hell.FILES.items():
        shipped = Path(__file__).resolve().parents[2] / "src" / "inferno" / "data" / name
        assert shipped.read_text(encoding="utf-8") == board(side, SIDES[side], STARTS[side])


def test_a_candidate_reads_nine_counts_and_a_start() -> None:
    c = Candidate.parse("5,6,6,6,5,4,4,3,3/5")
    assert c.counts == (5, 6, 6, 6, 5, 4, 4, 3, 3) and c.start == 5 and c.text() == "5,6,6,6,5,4,4,3,3/5"
    for bad in ("5,6,6/5", "5,6,6,6,5,4,4,3,3", "a,b/c", "5,6,6,6,5,4,4,3,3/3,4"):
        with pytest.raises(SystemExit, match="shield counts"):
            Candidate.parse(bad)
    for bad in ("5,6,6,6,5,4,4,3,3/9", "5,6,6,6,5,4,4,3,3/2,2,3,3,4,4,5,6"):
        with pytest.raises(SystemExit, match="every start is from 1 to 5"):
            Candidate.parse(bad)


def test_a_candidate_may_give_each_cube_its_own_start(tmp_path: Path) -> None:
    """Setup (each Phlegethon cube on its printed start space): eight starts, circles 2-9, reach the rules."""
    c = Candidate.parse("9,5,5,5,5,4,3,3,3/2,2,3,3,4,4,5,5")
    assert c.per_circle and c.starts == (2, 2, 3, 3, 4, 4, 5, 5) and c.text() == "9,5,5,5,5,4,3,3,3/2,2,3,3,4,4,5,5"
    rules = load_rules(calibrate_hell.rules_dir("I/II", c, tmp_path))
    assert rules.boards["I/II"].phleg_start[2:10] == c.starts
    assert calibrate_hell.start_params(c, per_circle=True)["start9"] == 5
    with pytest.raises(SystemExit, match="--per-circle-start"):
        calibrate_hell.start_params(c, per_circle=False)


def test_a_candidates_rules_folder_has_its_board_and_start(tmp_path: Path) -> None:
    """Boards & General Concepts: one Phlegethon cube per circle 2–9, on its start space."""
    c = Candidate((5, 6, 6, 6, 6, 5, 4, 4, 4), 5)
    rules = load_rules(calibrate_hell.rules_dir("III/IV", c, tmp_path))
    b = rules.boards["III/IV"]
    assert [len(b.circle_shields[k]) for k in range(1, 10)] == list(c.counts)
    assert (
        b.phleg_start[2:10] == (5,) * 8 and rules.boards["I/II"].phleg_start == load_rules().boards["I/II"].phleg_start
    )


def test_a_miss_counts_steps_outside_the_goal_and_sudden_death_four_times() -> None:
    sd, souls = target(TargetKey.SUDDEN_DEATH, TARGETS), target(TargetKey.SOULS_SHARE, TARGETS)
    assert calibrate_hell.miss(judge(sd, Estimate(0.04, 0.01, 0.1), 2)) == 0.0
    assert calibrate_hell.miss(judge(sd, Estimate(0.10, 0.05, 0.2), 2)) == pytest.approx(4 * 0.05 / 0.05)
    assert calibrate_hell.miss(judge(souls, Estimate(0.50, 0.45, 0.55), 2)) == pytest.approx(0.10 / 0.05)
    assert calibrate_hell.miss(judge(souls, Estimate(0.15, 0.1, 0.2), 2)) == pytest.approx(0.10 / 0.05)


def test_a_short_search_writes_its_trials(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "cal.json"
    argv = ["calibrate_hell", "--side", "I/II", "--trials", "2", "--games", "2", "--bots", "random", "--workers", "1"]
    argv += ["--try", "5,6,6,6,5,4,4,4,4/5", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    calibrate_hell.main()
    data = json.loads(out.read_text())
    assert len(data["trials"]) == 2 and data["trials"][0]["candidate"] == "5,6,6,6,5,4,4,4,4/5"
    assert data["trials"][0]["per_count"][0]["players"] == 2
    assert data["best"]["value"] == min(t["value"] for t in data["trials"])


def test_a_candidate_must_keep_one_shield_per_gate(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["calibrate_hell", "--side", "III/IV", "--try", "5,6,6,6,5,4,4,3,3/5"]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit, match="one shield per gate"):
        calibrate_hell.main()


def test_the_strategy_comparison_misses_until_the_filler_wins_more_than_half() -> None:
    """Seed 003: "Filling one or two circles well usually beats collecting every Diploma" ('usually': more
    than half); a miss counts steps of 5% below half."""
    lost = calibrate_hell.comparison(StrategyComparison(63.5, 200, 2))
    assert lost["miss"] == pytest.approx((0.5 - 63.5 / 200) / 0.05) and not lost["met"]
    assert lost["shown"].startswith("63.5 of 200")
    won = calibrate_hell.comparison(StrategyComparison(120, 200, 2))
    assert won["met"] and won["miss"] == 0.0


def test_a_search_with_the_strategy_comparison_plays_it_and_adds_its_miss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "cal.json"
    monkeypatch.setattr(strategy_comparison, "STRATEGIES", ("random", "greedy"))  # quick stand-ins, filler first
    argv = ["calibrate_hell", "--side", "I/II", "--trials", "1", "--games", "2", "--bots", "random", "--workers", "1"]
    argv += ["--strategy-games", "4", "--try", "9,5,5,5,5,4,3,3,3/4", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    calibrate_hell.main()
    trial = json.loads(out.read_text())["trials"][0]
    played = trial["strategies"]
    assert played["games"] == 4 and 0 <= played["wins"] <= 4
    game_misses = sum(r["miss"] for r in trial["per_count"])
    assert trial["value"] == pytest.approx(game_misses + played["miss"] + 0.01 * trial["shields"], abs=2e-3)


def test_a_candidate_must_keep_within_the_highest_start(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["calibrate_hell", "--side", "I/II", "--max-start", "4", "--try", "9,5,5,5,5,4,3,3,3/5"]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit, match="above --max-start 4"):
        calibrate_hell.main()


def test_the_strategy_comparison_is_refused_on_side_III_IV(monkeypatch: pytest.MonkeyPatch) -> None:
    """It is a 2-player measurement (side I/II): asked for on side III/IV it is refused, not ignored."""
    argv = ["calibrate_hell", "--side", "III/IV", "--strategy-games", "10"]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit, match="on side I/II only"):
        calibrate_hell.main()


class _Asked:
    """A stand-in Optuna trial: each parameter at the top of its range, the ranges kept."""

    def __init__(self) -> None:
        self.ranges: dict[str, tuple[int, int]] = {}

    def suggest_int(self, name: str, low: int, high: int) -> int:
        self.ranges[name] = (low, high)
        return high


def test_the_search_may_widen_limbo_alone() -> None:
    """Limbo (circle 1) has no Phlegethon cube, so room there eases sudden death without lowering a
    Diploma's worth; ``--max-limbo`` widens its range and no other circle's."""
    asked = _Asked()
    c = calibrate_hell.suggest(asked, "I/II", max_start=4, max_limbo=14)  # type: ignore[arg-type]
    assert asked.ranges["c1"] == (3, 14) and c.counts[0] == 14
    assert all(asked.ranges[f"c{k}"] == (3, 9) for k in range(2, 6))
    assert c.counts[5] == 4 and c.start == 4
    narrow = _Asked()
    calibrate_hell.suggest(narrow, "I/II")  # type: ignore[arg-type]
    assert narrow.ranges["c1"] == (3, 9)  # the searches run before keep their ranges


def test_limbo_needs_three_shields(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["calibrate_hell", "--side", "I/II", "--max-limbo", "2"])
    with pytest.raises(SystemExit, match="at least 3 shields"):
        calibrate_hell.main()


class _Lowest(_Asked):
    """A stand-in trial: the shield counts at the bottom of their ranges, the starts at the top."""

    def suggest_int(self, name: str, low: int, high: int) -> int:
        super().suggest_int(name, low, high)
        return high if name.startswith("start") else low


def test_the_search_starts_no_cube_above_what_an_empty_circle_brings_to_1_seed_003(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 003 (Game End & Final Scoring): a top Skull "earns just 1 point per level if its circle stays
    empty", so the search caps each start at its circle's shields plus one and refuses a candidate above."""
    for per_circle in (False, True):
        c = calibrate_hell.suggest(_Lowest(), "I/II", max_start=5, per_circle=per_circle)  # type: ignore[arg-type]
        assert c.counts[6:] == (3, 3, 3) and c.starts[5:] == (4, 4, 4)  # 3 shields: a start of at most 4
        assert not calibrate_hell.empty_circle_too_high(c)
    high = Candidate.parse("12,5,5,5,5,4,3,3,3/2,2,2,2,3,4,5,5")
    assert calibrate_hell.empty_circle_too_high(high) == [8, 9]
    assert calibrate_hell.seed_starts(high).starts == (2, 2, 2, 2, 3, 4, 4, 4)
    monkeypatch.setattr(sys, "argv", ["calibrate_hell", "--side", "I/II", "--try", high.text()])
    with pytest.raises(SystemExit, match="circles 8, 9 start more than one space above their shields"):
        calibrate_hell.main()
