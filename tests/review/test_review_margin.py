"""Grading by the expected final Infamy margin as well as by win chance: the grading on numbers, the best
option, reading reviews saved before margins, and the margin grade's order on two fixed games."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from inferno.records.record import load_record
from inferno.review.analysis import OptionEstimate, best_option, ranked
from inferno.review.game import GameReview, review_decision, seat_decisions, summary_lines
from inferno.review.hints import Hint
from inferno.review.settings import load_settings

DATA = Path(__file__).parent / "data"


def test_each_loss_is_graded_and_the_worse_grade_counts() -> None:
    st = load_settings()
    # a loss in margin only (the game is decided: no win chance to lose)
    assert st.grade_decision(0.0, 0.0, st.margin_mistake, 0.2) == "mistake"
    assert st.grade_decision(0.0, 0.0, st.margin_blunder + 1, 0.2) == "blunder"
    # a loss in win chance only
    assert st.grade_decision(st.mistake, 1.0, 0.0, 0.0) == "mistake"
    assert st.grade_decision(st.inaccuracy, 1.0, 0.0, 0.0) == "inaccuracy"
    # both: the worse grade
    assert st.grade_decision(st.inaccuracy, 0.5, st.margin_blunder, 0.5) == "blunder"
    assert st.grade_decision(st.blunder, 0.5, st.margin_inaccuracy, 0.5) == "blunder"
    # small losses, and big ones within their noise, are not graded
    assert st.grade_decision(st.inaccuracy / 2, 0.1, st.margin_inaccuracy / 2, 0.1) == "good"
    noisy = st.margin_blunder * 2 / max(st.min_z, 0.01)
    assert st.grade_decision(0.0, 0.0, st.margin_blunder, noisy) == "good"
    assert st.grade_decision(st.blunder, st.blunder * 2 / max(st.min_z, 0.01), 0.0, 0.0) == "good"
    # solo: the margin only (the solo win chance is close to 0 or 100% most of the game)
    assert st.grade_decision(st.blunder, 0.1, 0.0, 0.0, solo=True) == "good"
    assert st.grade_decision(0.0, 0.0, st.margin_mistake, 0.1, solo=True) == "mistake"
    # a review saved before margins: win chance only
    assert st.grade_decision(st.mistake, 0.1, None, None) == "mistake"


def _opt(text: str, value: float, margin: float, se: float = 0.5, visits: int = 10) -> OptionEstimate:
    return OptionEstimate(text, value, se, 24, visits, margin, 0.3)


def test_the_best_option_is_by_win_chance_then_by_margin_among_near_ties() -> None:
    st = load_settings()
    # a lost game: every win chance near 0, the margin decides
    lost = [_opt("a", 0.2, -40.0, visits=30), _opt("b", 0.1, -31.0), _opt("c", 0.0, -45.0)]
    assert best_option(lost, st).text == "b"
    assert [o.text for o in ranked(lost, st)] == ["b", "a", "c"]
    # a clear difference in win chance beats a better margin
    clear = [_opt("a", 60.0, 2.0), _opt("b", 60.0 - st.mistake, 5.0)]
    assert best_option(clear, st).text == "a"
    # solo: the margin, whatever the win chance
    assert best_option(clear, st, solo=True).text == "b"


def test_a_review_saved_before_margins_still_loads() -> None:
    rv = GameReview.load(DATA / "review_v1.json")  # written by the first review format
    assert rv.decisions and all(d.margin_loss is None and d.margin_loss_se is None for d in rv.decisions)
    assert all(o.margin is None for d in rv.decisions for o in d.options)
    assert rv.counts()["mistake"] + rv.counts()["blunder"] >= 1
    lines = summary_lines(rv)
    assert lines[0].startswith("Player 2: ") and not any("Infamy margin" in line for line in lines)
    assert any("win chance −" in line for line in lines)
    again = GameReview.from_dict(rv.to_dict())
    assert again == rv and rv.to_dict()["format"] == "inferno-review/2"


def _bad_of(path: Path, margin_only: bool) -> tuple[int, int]:
    """Mistakes + blunders among the first 15 real decisions of seat 1, at a small search budget."""
    st = replace(load_settings(), min_samples=12)
    rec = load_record(path)
    indices, _ = seat_decisions(rec, 0)
    reviews = [review_decision(rec.to_dict(), i, 60, st) for i in indices[:15]]
    for d in reviews:
        assert d.margin_loss is not None and d.margin_loss >= 0 and d.margin_loss_se is not None
    if margin_only:
        grades = [st.grade_margin(d.margin_loss or 0.0, d.margin_loss_se or 0.0) for d in reviews]
    else:
        grades = [d.grade for d in reviews]
    return sum(1 for g in grades if g in ("mistake", "blunder")), len(reviews)


@pytest.mark.parametrize("margin_only", [False, True])
def test_the_margin_grade_orders_a_random_game_below_a_strong_one(margin_only: bool) -> None:
    """The random bot (seat 1 of one fixed game) gets more mistakes + blunders per decision than the
    greedy bot (seat 1 of another), by the decision's grade and by the margin grade alone."""
    weak, n_weak = _bad_of(DATA / "random_vs_greedy.json", margin_only)
    strong, n_strong = _bad_of(DATA / "greedy_vs_greedy.json", margin_only)
    assert n_weak == n_strong == 15
    assert weak / n_weak > strong / n_strong
    assert weak >= 2


def test_hints_show_each_options_margin() -> None:
    h = Hint(0, (_opt("enter lust", 41.0, 3.25), _opt("enter greed", 38.0, -1.5)), ())
    lines = h.lines()
    assert lines[1] == "  1. enter lust: 41% (±0), Infamy margin +3.2 (±0.3)"
    assert lines[2] == "  2. enter greed: 38% (±0), Infamy margin −1.5 (±0.3)"
    d = h.to_dict()
    assert d["options"][0] == {"text": "enter lust", "value": 41.0, "se": 0.5, "margin": 3.2, "margin_se": 0.3}


def test_a_solo_review_grades_and_picks_the_best_by_margin() -> None:
    from inferno.bots.base import make_bot
    from inferno.records.record import record_of
    from inferno.rules.engine import apply_in_place, legal_actions, to_move, view
    from inferno.rules.setup import new_game
    from inferno.rules.state import SoloConfig

    s = new_game(1, 5, solo=SoloConfig("rival", "easy"))
    bot = make_bot("random", 1)
    for _ in range(40):
        p = to_move(s)
        apply_in_place(s, bot.choose(view(s, p), legal_actions(s)), rollback=False)
    rec = record_of(s)
    st = replace(load_settings(), min_samples=8)
    indices, _ = seat_decisions(rec, 0)
    reviews = [review_decision(rec.to_dict(), i, 40, st) for i in indices[:8]]
    for d in reviews:
        assert d.margin_loss is not None and d.margin_loss_se is not None
        best = max(d.options, key=lambda o: (o.margin or 0.0, o.value, o.visits))
        assert d.best == best.text
        assert d.grade == (st.grade_margin(d.margin_loss, d.margin_loss_se) if d.best != d.played else "good")
    assert any(d.grade != "good" for d in reviews)
