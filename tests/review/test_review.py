"""Game review: grading from the data file, a fixed record's classification, JSON export, view-only estimates."""

from __future__ import annotations

import random
import tomllib
from dataclasses import replace
from importlib import resources
from pathlib import Path

import pytest

from inferno.records.record import GameRecord, load_record, replay
from inferno.review.analysis import best_option, estimate_options
from inferno.review.cards import endgame_threat, hand_estimates
from inferno.review.game import GameReview, ReviewError, review_game, seat_decisions, summary_lines
from inferno.review.settings import GRADES, ReviewSettingsError, from_tree, load_settings
from inferno.rules.engine import apply_in_place, legal_actions, to_move, view
from inferno.rules.notation import parse_action

DATA = Path(__file__).parent / "data"
RECORD = DATA / "greedy_vs_random.json"  # seat 1 greedy, seat 2 random (2 players, seed 3)


def _tree() -> dict:
    return tomllib.loads(resources.files("inferno.review").joinpath("review.toml").read_text(encoding="utf-8"))


def short_record(n: int = 90) -> GameRecord:
    rec = load_record(RECORD)
    rec.actions = rec.actions[:n]
    return rec


def test_grades_come_from_the_data_file() -> None:
    st = load_settings()
    assert st.provenance.startswith("DEFAULT")
    assert st.grade(st.blunder, 0.0) == "blunder"
    assert st.grade(st.mistake, 0.0) == "mistake"
    assert st.grade(st.inaccuracy, 0.0) == "inaccuracy"
    assert st.grade(st.inaccuracy * 0.5, 0.0) == "good"
    # a loss within its noise is not called a mistake
    assert st.grade(st.blunder, st.blunder * 2 / max(st.min_z, 0.01)) == "good"
    tree = _tree()
    tree["grades"]["blunder"] = st.mistake + 0.5
    other = from_tree(tree)
    assert other.grade(st.mistake + 1.0, 0.0) == "blunder"
    assert st.grade(st.mistake + 1.0, 0.0) == "mistake"


def test_settings_refuse_bad_data_and_bad_depths() -> None:
    tree = _tree()
    tree["grades"]["mistake"] = 99.0
    with pytest.raises(ReviewSettingsError, match="thresholds"):
        from_tree(tree)
    tree = _tree()
    tree["hint"]["samples"] = 0
    with pytest.raises(ReviewSettingsError, match="at least 1 sample"):
        from_tree(tree)
    assert from_tree(_tree()).hint_samples >= 1
    tree = _tree()
    tree["hint"]["search"] = "oracle"
    with pytest.raises(ReviewSettingsError, match="unknown hint search 'oracle'"):
        from_tree(tree)
    assert from_tree(_tree()).hint_search == "expert"
    tree = _tree()
    tree["hint"]["crowd_search"] = "oracle"
    with pytest.raises(ReviewSettingsError, match="unknown hint crowd_search 'oracle'"):
        from_tree(tree)
    assert from_tree(_tree()).hint_crowd_search == "rollout"
    tree = _tree()
    tree["hint"]["candidates"] = 0
    with pytest.raises(ReviewSettingsError, match="at least 1 candidate"):
        from_tree(tree)
    tree = _tree()
    tree["hint"]["max_seconds"] = 0
    with pytest.raises(ReviewSettingsError, match="max_seconds must be above 0"):
        from_tree(tree)
    tree = _tree()
    tree["estimate"]["search"] = "oracle"
    with pytest.raises(ReviewSettingsError, match="unknown review search 'oracle'"):
        from_tree(tree)
    assert from_tree(_tree()).review_search == "expert"
    tree = _tree()
    del tree["provenance"]
    with pytest.raises(ValueError, match="provenance"):
        from_tree(tree)
    st = load_settings()
    assert st.iterations(None) == st.depths[st.default_depth]
    assert st.iterations("quick") == st.depths["quick"]
    assert st.iterations("37") == 37
    with pytest.raises(ReviewSettingsError, match="unknown depth"):
        st.iterations("fast-ish")
    with pytest.raises(ReviewSettingsError, match="at least 1"):
        st.iterations(0)


def test_forced_decisions_are_skipped() -> None:
    rec = short_record()
    indices, forced = seat_decisions(rec, 1)
    s = replay(rec, upto=0)
    seen_real, seen_forced = [], 0
    for i, text in enumerate(rec.actions):
        if to_move(s) == 1:
            if len(legal_actions(s)) > 1:
                seen_real.append(i)
            else:
                seen_forced += 1
        apply_in_place(s, parse_action(s, text), rollback=False)
    assert indices == seen_real and forced == seen_forced and forced > 0


def test_classification_of_a_fixed_record() -> None:
    """Every decision is graded by the data file's thresholds from its estimated loss; the random seat errs."""
    st = replace(load_settings(), min_samples=12)
    rec = short_record()
    rv = review_game(rec, 1, 60, settings=st)
    indices, forced = seat_decisions(rec, 1)
    assert [d.index for d in rv.decisions] == indices and rv.forced == forced
    for d in rv.decisions:
        played = next(o for o in d.options if o.text == d.played)
        best = best_option(d.options, st)
        assert best.text == d.best
        assert d.loss == pytest.approx(max(0.0, best.value - played.value))
        assert played.margin is not None and best.margin is not None and d.margin_loss is not None
        assert d.margin_loss == pytest.approx(max(0.0, best.margin - played.margin))
        worse = max(
            st.grade(d.loss, d.loss_se), st.grade_margin(d.margin_loss, d.margin_loss_se or 0.0), key=GRADES.index
        )
        assert d.grade == (worse if d.best != d.played else "good")
        assert all(o.samples >= st.min_samples for o in d.options)
        if d.grade != "good":
            assert d.reason.startswith(f"better {d.best} (") and d.played in d.reason
    bad = rv.counts()["mistake"] + rv.counts()["blunder"]
    assert bad >= 1  # a random player makes mistakes
    lines = summary_lines(rv)
    assert lines[0].startswith("Player 2: ") and "Biggest mistakes:" in lines
    # each listed mistake shows both losses
    listed = [line for line in lines if line.startswith("  turn ")]
    assert listed and all(
        "win chance −" in line and "points (±" in line and ", Infamy margin −" in line for line in listed
    )
    worst = rv.biggest(1)[0]
    assert f"Hidden cards at turn {worst.turn} (estimated from public information only):" in lines
    assert worst.hidden_cards and all(f"  {h}" in lines for h in worst.hidden_cards)
    assert worst.hidden_cards[0].startswith("Player 1 holds ")
    assert rv.thresholds["blunder"] == st.blunder


def test_json_round_trip(tmp_path: Path) -> None:
    rv = review_game(short_record(40), 0, 30, settings=replace(load_settings(), min_samples=6))
    path = tmp_path / "review.json"
    rv.save(path)
    back = GameReview.load(path)
    assert back == rv
    assert back.to_dict() == rv.to_dict()
    assert back.counts() == rv.counts()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    with pytest.raises(ReviewError, match="not an Inferno game review"):
        GameReview.load(bad)


def test_unknown_seat_is_refused() -> None:
    with pytest.raises(ReviewError, match="no player 3"):
        review_game(short_record(10), 2, 10)


def _swap_hidden(rec: GameRecord, at: int, seat: int) -> tuple:
    """The true state after ``at`` actions, and a copy whose hidden cards (opponent's hand vs deck) differ."""
    s = replay(rec, upto=at)
    other = 1 - seat
    t = s.copy()
    assert t.players[other].hand and t.deck
    t.own_player(other).hand[0], t.deck[0] = t.deck[0], t.players[other].hand[0]
    rng = random.Random(5)
    rng.shuffle(t.deck)
    assert t.players[other].hand != s.players[other].hand or t.deck != s.deck
    return s, t


def test_estimates_use_only_the_view() -> None:
    """Swapping the cards a player cannot see changes neither the hidden-card estimate nor the search's."""
    rec = load_record(RECORD)
    indices, _ = seat_decisions(rec, 0)
    at = indices[len(indices) // 3]
    s, t = _swap_hidden(rec, at, 0)
    assert to_move(s) == 0
    vs, vt = view(s, 0), view(t, 0)
    assert hand_estimates(vs) == hand_estimates(vt)
    assert estimate_options(vs, 80, 11, min_samples=8) == estimate_options(vt, 80, 11, min_samples=8)
    from inferno.review.hints import make_hint
    from inferno.review.reasons import reason
    from inferno.rules.notation import action_text

    acts = legal_actions(vs)
    a, b = action_text(vs, acts[0]), action_text(vs, acts[-1])
    assert reason(vs, 0, a, b, 2) == reason(vt, 0, a, b, 2)
    assert make_hint(vs, 9, 2) == make_hint(vt, 9, 2)
    # the true hands did differ: the check above is not vacuous
    assert s.players[1].hand != t.players[1].hand or s.deck != t.deck


def test_hidden_card_estimate_from_public_information() -> None:
    rec = load_record(RECORD)
    s = replay(rec, upto=len(rec.actions) // 2)
    v = view(s, 0)
    (est,) = hand_estimates(v)
    opp = s.players[1]
    assert est.player == 1 and est.cards_in_hand == len(opp.hand)
    # every card the opponent might hold is not in the market, not played, not in my hand
    public = set(s.market) | set(s.players[0].hand) | set(s.players[0].played) | set(opp.played)
    ids = {c.index: c.id for c in s.rules.fraud_cards}
    for ch in est.chances:
        idx = next(i for i, name in ids.items() if name == ch.card)
        assert idx not in public
    # the chances add up to the number of cards in that hand
    assert sum(c.chance for c in est.chances) == pytest.approx(len(opp.hand))
    # the cards the opponent really holds all get a chance above zero
    held = {ids[c] for c in opp.hand}
    assert held <= {c.card for c in est.chances if c.chance > 0}
    assert endgame_threat(est).startswith("Player 2 holds ")


def test_a_card_taken_from_the_market_is_known() -> None:
    rec = load_record(RECORD)
    s = replay(rec, upto=0)
    for text in rec.actions:
        a = parse_action(s, text)
        p = to_move(s)
        apply_in_place(s, a, rollback=False)
        if text.startswith("draw F"):
            card = text.split()[1]
            (est,) = hand_estimates(view(s, 1 - p))
            assert card in est.known
            assert next(c for c in est.chances if c.card == card).chance == 1.0
            return
    raise AssertionError("the fixed record should have a draw from the market")


def test_reasons_are_one_line_in_the_games_words() -> None:
    """A reason names both moves, says what each did (the engine's event texts), and nothing internal."""
    from inferno.review.reasons import reason
    from inferno.rules.notation import action_text

    rec = load_record(RECORD)
    indices, _ = seat_decisions(rec, 0)
    checked = 0
    for at in indices[5:60:6]:
        s = replay(rec, upto=at)
        v = view(s, 0)
        acts = legal_actions(v)
        a, b = action_text(v, acts[0]), action_text(v, acts[-1])
        text = reason(v, 0, a, b, 3)
        assert "\n" not in text and text.startswith(f"better {b} (") and f" than {a} (" in text
        for bad in ("Act.", "None", "_", "Traceback", "<"):
            assert bad not in text, text
        checked += 1
    assert checked >= 5


def test_a_review_searches_with_the_expert_settings_review_toml_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """review.toml ``[estimate] search``: "expert" reviews with the expert level's settled leaves at the
    depth's iterations, "plain" with the plain search."""
    import dataclasses

    import inferno.review.game as review_game
    from inferno.bots.expert import EXPERT

    seen: list[object] = []
    real = review_game.estimate_options

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(kwargs.get("config"))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(review_game, "estimate_options", spy)
    record = short_record()
    index = next(i for i in range(len(record.actions)) if len(legal_actions(replay(record, upto=i))) > 1)
    rec = record.to_dict()
    review_game.review_decision(rec, index, 30)
    plain = dataclasses.replace(load_settings(), review_search="plain")
    review_game.review_decision(rec, index, 30, plain)
    assert seen == [EXPERT, None]
