"""Reviewing a whole game record for one seat: every real decision graded, the biggest mistakes explained.

Each decision of the seat (forced ones skipped) is judged from that seat's view at that moment by
:func:`inferno.review.analysis.estimate_options`: the win chance and the expected final Infamy margin
it lost against the best option, each graded by the thresholds of ``review.toml``, the worse grade
counting. Decisions are independent, so they are shared out to worker processes; each worker
replays the record forward as far as its next decision.
"""

from __future__ import annotations

import json
import math
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from inferno.bots.expert import EXPERT, expert_evaluator
from inferno.bots.search import HeuristicEvaluator
from inferno.i18n import REVIEW
from inferno.records.record import GameRecord, RecordError, replay
from inferno.review.analysis import OptionEstimate, best_and_played, decision_seed, estimate_options
from inferno.review.cards import endgame_threat, hand_estimates, threat_words
from inferno.review.reasons import reason, reason_words
from inferno.review.settings import GRADES, ReviewSettings, load_settings
from inferno.rules.actions import InfernoError
from inferno.rules.engine import apply_in_place, legal_actions, to_move, view
from inferno.rules.notation import parse_action
from inferno.rules.scoring import result
from inferno.rules.state import State

REVIEW_FORMAT = "inferno-review/2"  # /2 adds the expected Infamy margins
READABLE_FORMATS = ("inferno-review/1", REVIEW_FORMAT)  # /1 files load with the margins absent (None)
_ = REVIEW.gettext
ngettext = REVIEW.ngettext
pgettext = REVIEW.pgettext


class ReviewError(InfernoError):
    """A review that cannot be made or read; the message says why."""


@dataclass(frozen=True, slots=True)
class DecisionReview:
    """One reviewed decision of the seat."""

    index: int  # action number in the record, 0-based
    turn: int
    played: str
    options: tuple[OptionEstimate, ...]  # best first, the move played among them
    best: str
    loss: float  # win chance lost (percentage points), ≥ 0
    loss_se: float
    grade: str  # the worse of the win-chance and the margin grades (solo: the margin's)
    reason: str = ""
    hidden_cards: tuple[str, ...] = ()  # the hidden-card estimate at that moment, one line per opponent
    margin_loss: float | None = None  # expected final Infamy margin lost (Infamy points), ≥ 0; None in /1 files
    margin_loss_se: float | None = None

    @property
    def standing(self) -> float:
        """The estimated win chance (%) of the move played."""
        return next(o.value for o in self.options if o.text == self.played)

    @property
    def margin_standing(self) -> float | None:
        """The expected final Infamy margin of the move played (``None`` in /1 files)."""
        return next(o.margin for o in self.options if o.text == self.played)

    def loss_text(self) -> str:
        """Both losses in words: ``win chance −12 points (±3), Infamy margin −6.0 (±1.2)``."""
        loss, se = f"{self.loss:.0f}", f"{self.loss_se:.0f}"
        if self.margin_loss is None:
            return _("win chance −{loss} points (±{se})").format(loss=loss, se=se)
        return _("win chance −{loss} points (±{se}), Infamy margin −{margin} (±{margin_se})").format(
            loss=loss, se=se, margin=f"{self.margin_loss:.1f}", margin_se=f"{(self.margin_loss_se or 0.0):.1f}"
        )


@dataclass
class GameReview:
    """A review of one seat's decisions in one game."""

    seat: int
    players: int
    iterations: int
    decisions: list[DecisionReview] = field(default_factory=list)
    forced: int = 0
    final_infamy: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    thresholds: dict[str, float] = field(default_factory=dict)

    def counts(self) -> dict[str, int]:
        return {g: sum(1 for d in self.decisions if d.grade == g) for g in GRADES}

    def biggest(self, n: int) -> list[DecisionReview]:
        """The ``n`` costliest non-good decisions: the worst grades first, then the biggest loss.

        The two losses are compared as fractions of their blunder thresholds.
        """
        t = self.thresholds

        def cost(d: DecisionReview) -> tuple[int, float]:
            win = d.loss / max(t.get("blunder", 1.0), 1e-9)
            margin = (d.margin_loss or 0.0) / max(t.get("margin_blunder", 1.0), 1e-9)
            return GRADES.index(d.grade), max(win, margin)

        bad = [d for d in self.decisions if d.grade != "good"]
        return sorted(bad, key=cost, reverse=True)[:n]

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": REVIEW_FORMAT,
            "seat": self.seat,
            "players": self.players,
            "iterations": self.iterations,
            "forced": self.forced,
            "final_infamy": list(self.final_infamy),
            "winners": list(self.winners),
            "thresholds": dict(self.thresholds),
            "counts": self.counts(),
            "decisions": [
                {**asdict(d), "options": [asdict(o) for o in d.options], "hidden_cards": list(d.hidden_cards)}
                for d in self.decisions
            ],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameReview:
        if not isinstance(d, dict) or d.get("format") not in READABLE_FORMATS:
            raise ReviewError(_("not an Inferno game review"))
        try:
            decisions = [
                DecisionReview(
                    int(x["index"]),
                    int(x["turn"]),
                    str(x["played"]),
                    tuple(OptionEstimate(**o) for o in x["options"]),
                    str(x["best"]),
                    float(x["loss"]),
                    float(x["loss_se"]),
                    str(x["grade"]),
                    str(x.get("reason", "")),
                    tuple(str(h) for h in x.get("hidden_cards", ())),
                    _maybe_float(x.get("margin_loss")),
                    _maybe_float(x.get("margin_loss_se")),
                )
                for x in d["decisions"]
            ]
            return cls(
                int(d["seat"]),
                int(d["players"]),
                int(d["iterations"]),
                decisions,
                int(d.get("forced", 0)),
                [int(v) for v in d.get("final_infamy", [])],
                [int(v) for v in d.get("winners", [])],
                {str(k): float(v) for k, v in d.get("thresholds", {}).items()},
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ReviewError(_("the review file has a missing or bad field: {field}").format(field=exc)) from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), indent=1, ensure_ascii=False), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameReview:
        try:
            return cls.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError) as exc:
            raise ReviewError(_("{path}: not a readable review file").format(path=path)) from exc


def _maybe_float(x: Any) -> float | None:
    return None if x is None else float(x)


def seat_decisions(rec: GameRecord, seat: int) -> tuple[list[int], int]:
    """Indices of the seat's real decisions (more than one option) and how many forced ones were skipped."""
    t = replay(rec, upto=0, record_events=False)
    out, forced = [], 0
    for i, text in enumerate(rec.actions):
        if to_move(t) == seat:
            if len(legal_actions(t)) > 1:
                out.append(i)
            else:
                forced += 1
        try:
            apply_in_place(t, parse_action(t, text), rollback=False)
        except InfernoError as exc:
            raise RecordError(
                _("action {number} ({action}) cannot be replayed: {why}").format(
                    number=i + 1, action=repr(text), why=exc
                )
            ) from None
    return out, forced


# --- per-process replay cursor: workers get decisions in increasing order and replay forward ---
_CURSOR: dict[str, Any] = {}


def _state_at(rec_dict: dict[str, Any], index: int) -> State:
    key = json.dumps(rec_dict, sort_keys=True)
    cur = _CURSOR.get("key") == key and _CURSOR.get("index", 1 << 60) <= index
    if not cur:
        rec = GameRecord.from_dict(rec_dict)
        _CURSOR.update(key=key, index=0, state=replay(rec, upto=0), actions=rec.actions)
    s: State = _CURSOR["state"]
    actions: list[str] = _CURSOR["actions"]
    while _CURSOR["index"] < index:
        apply_in_place(s, parse_action(s, actions[_CURSOR["index"]]), rollback=False)
        _CURSOR["index"] += 1
    return s


def review_decision(
    rec_dict: dict[str, Any], index: int, iterations: int, settings: ReviewSettings | None = None
) -> DecisionReview:
    """Review decision ``index`` of a record from its decider's view (picklable: runs in workers)."""
    st = settings or load_settings()
    s = _state_at(rec_dict, index)
    seat = to_move(s)
    text = rec_dict["actions"][index]
    v = view(s, seat)
    seed = decision_seed(int(rec_dict["config"]["seed"]), index)
    played = parse_action(v, text)
    options = estimate_options(
        v,
        iterations,
        seed,
        played=played,
        alternatives=st.alternatives,
        min_samples=st.min_samples,
        # review.toml [estimate] search: the expert's search judges with the expert's own estimate (its
        # learned weights), so the review is at least as good a player as the strongest bot it grades.
        evaluator=expert_evaluator() if st.review_search == "expert" else HeuristicEvaluator(),
        config=EXPERT if st.review_search == "expert" else None,
    )
    played_text = next(o.text for o in options if parse_action(v, o.text) == played)
    solo = s.solo is not None
    best, mine = best_and_played(options, played_text, st, solo=solo)
    loss, se, m_loss, m_se = decision_losses(best, mine)
    grade = st.grade_decision(loss, se, m_loss, m_se, solo=solo) if best is not mine else "good"
    why = reason(v, seat, mine.text, best.text, seed) if grade != "good" else ""
    cards = tuple(endgame_threat(h) for h in hand_estimates(v)) if s.num_players > 1 else ()
    return DecisionReview(
        index, s.turn, mine.text, tuple(options), best.text, loss, se, grade, why, cards, m_loss, m_se
    )


def decision_losses(best: OptionEstimate, mine: OptionEstimate) -> tuple[float, float, float, float]:
    """Win chance lost (points) ± its standard error, and expected Infamy margin lost ± its error (all ≥ 0)."""
    if best is mine:
        return 0.0, 0.0, 0.0, 0.0
    loss = max(0.0, best.value - mine.value)
    se = math.hypot(best.se, mine.se)
    m_best, m_mine = best.margin or 0.0, mine.margin or 0.0
    m_se = math.hypot(best.margin_se or 0.0, mine.margin_se or 0.0)
    return loss, se, max(0.0, m_best - m_mine), m_se


def _review_many(rec_dict: dict[str, Any], indices: list[int], iterations: int) -> list[DecisionReview]:
    return [review_decision(rec_dict, i, iterations) for i in indices]


def review_game(
    rec: GameRecord,
    seat: int,
    depth: str | int | None = None,
    *,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    settings: ReviewSettings | None = None,
) -> GameReview:
    """Review every real decision of ``seat`` (0-based) in the record; ``progress(done, total)`` is called as it goes."""
    st = settings or load_settings()
    iterations = st.iterations(depth)
    if not 0 <= seat < rec.players:
        raise ReviewError(
            _("there is no player {number} in this {players}-player game").format(number=seat + 1, players=rec.players)
        )
    final = replay(rec, record_events=False)
    indices, forced = seat_decisions(rec, seat)
    rec_dict = rec.to_dict()
    total = len(indices)
    if progress:
        progress(0, total)
    done: list[DecisionReview] = []
    if workers <= 1 or total < 4:
        for i in indices:
            done.append(review_decision(rec_dict, i, iterations, st))
            if progress:
                progress(len(done), total)
    else:
        chunks = _chunks(indices, workers * 4)
        # spawn, not fork: a server calls this from a thread of a multi-threaded process
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            futures = [pool.submit(_review_many, rec_dict, c, iterations) for c in chunks]
            for fut in futures:
                done.extend(fut.result())
                if progress:
                    progress(len(done), total)
    done.sort(key=lambda d: d.index)
    winners: list[int] = []
    if final.over:
        winners = list(result(final).winners)
    return GameReview(
        seat,
        rec.players,
        iterations,
        done,
        forced,
        [pl.infamy for pl in final.players[: rec.players]],
        winners,
        st.thresholds(),
    )


def _chunks(xs: Sequence[int], n: int) -> list[list[int]]:
    """Split into at most ``n`` runs of consecutive items (each worker replays forward through its run)."""
    n = max(1, min(n, len(xs)))
    size = math.ceil(len(xs) / n)
    return [list(xs[i : i + size]) for i in range(0, len(xs), size)]


def grade_word(grade: str) -> str:
    """A grade's name in the current language ("good", "inaccuracy", "mistake", "blunder")."""
    words = {
        "good": pgettext("review grade", "good"),
        "inaccuracy": pgettext("review grade", "inaccuracy"),
        "mistake": pgettext("review grade", "mistake"),
        "blunder": pgettext("review grade", "blunder"),
    }
    return words.get(grade, grade)


def _grade_count(grade: str, n: int) -> str:
    if grade == "good":
        words = ngettext("{n} good", "{n} good", n)
    elif grade == "inaccuracy":
        words = ngettext("{n} inaccuracy", "{n} inaccuracies", n)
    elif grade == "mistake":
        words = ngettext("{n} mistake", "{n} mistakes", n)
    elif grade == "blunder":
        words = ngettext("{n} blunder", "{n} blunders", n)
    else:
        words = f"{{n}} {grade}"
    return words.format(n=n)


def counts_text(counts: dict[str, int]) -> str:
    """``138 good, 3 inaccuracies, 1 mistake, 0 blunders``."""
    return ", ".join(_grade_count(g, counts[g]) for g in GRADES)


def headline_lines(rv: GameReview) -> list[str]:
    """The review's head in words: the decisions reviewed, their grades and the mean loss."""
    c = rv.counts()
    n = len(rv.decisions)
    lines = [
        _("Player {number}: {decisions} ({forced}), {iterations} search iterations each.").format(
            number=rv.seat + 1,
            decisions=ngettext("{n} decision reviewed", "{n} decisions reviewed", n).format(n=n),
            forced=ngettext("{n} forced one skipped", "{n} forced ones skipped", rv.forced).format(n=rv.forced),
            iterations=rv.iterations,
        ),
        counts_text(c) + ".",
    ]
    if n:
        mean_loss = f"{sum(d.loss for d in rv.decisions) / n:.1f}"
        margins = [d.margin_loss for d in rv.decisions if d.margin_loss is not None]
        if margins:
            text = _("Lost per decision on average: win chance {loss} points, Infamy margin {margin}.").format(
                loss=mean_loss, margin=f"{sum(margins) / len(margins):.2f}"
            )
        else:
            text = _("Lost per decision on average: win chance {loss} points.").format(loss=mean_loss)
        lines.append(text)
    return lines


def summary_lines(rv: GameReview, top: int | None = None) -> list[str]:
    """The review in words: counts, the biggest mistakes with the better move and why."""
    st_top = top if top is not None else load_settings().top_mistakes
    lines = headline_lines(rv)
    worst = rv.biggest(st_top)
    if worst:
        lines.append(_("Biggest mistakes:"))
    for d in worst:
        mistake = _("turn {turn}, {grade}: played {played}, {loss}; {reason}").format(
            turn=d.turn, grade=grade_word(d.grade), played=d.played, loss=d.loss_text(), reason=reason_words(d.reason)
        )
        lines.append(f"  {mistake}")
    if worst and worst[0].hidden_cards:
        lines.append(
            _("Hidden cards at turn {turn} (estimated from public information only):").format(turn=worst[0].turn)
        )
        lines.extend(f"  {threat_words(h)}" for h in worst[0].hidden_cards)
    return lines
