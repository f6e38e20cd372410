"""Hints during play: the top options, the table setting, and the log recording every hint used."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

import inferno
from inferno.cli.main import cli
from inferno.records.record import load_record, replay
from inferno.review.hints import HintError, hints_default, make_hint
from inferno.review.settings import ReviewSettings, load_settings
from inferno.tui.session import Seat, Session


def _advance_to_human(sess: Session, rng: random.Random, skip: int = 6) -> None:
    """Play a few moves, then stop where the human has a real choice."""
    n = 0
    while True:
        p = sess.deciding()
        human = sess.seats[p].human
        if human and n >= skip and len(inferno.legal_actions(sess.state)) > 1:
            return
        if human:
            sess.play(rng.choice(inferno.legal_actions(sess.state)))
        else:
            sess.bot_move()
        n += 1


def test_hints_default_off_with_other_humans() -> None:
    assert hints_default(1) and hints_default(0) and not hints_default(2)


def test_a_hint_lists_three_options_and_is_logged_and_saved(tmp_path: Path) -> None:
    sess = Session.start([Seat(), Seat("random")], 4, tmp_path / "g.json")
    assert sess.hints_allowed
    _advance_to_human(sess, random.Random(1))
    p = sess.deciding()
    lines = sess.hint(p)
    legal = {inferno.action_text(sess.state, a) for a in inferno.legal_actions(sess.state)}
    opts = [line.strip() for line in lines[1:] if line.strip().startswith("option ")]
    assert 1 <= len(opts) <= 3 and len(opts) == min(3, len(legal))
    texts = [inferno.action_text(sess.state, a) for a in inferno.legal_actions(sess.state)]
    for line in opts:
        number, text = line.removeprefix("option ").rsplit(":", 1)[0].split(", ", 1)
        assert texts[int(number) - 1] == text  # named by its option number and its text
        assert text in legal and line.endswith(")") and "%" in line
    assert any("asked for a hint" in line for e in sess.log for line in e.lines)
    rec = load_record(sess.save_path)
    assert rec.meta["hints_used"] == [{"at": sess.state.version, "player": p}]
    again = Session.resume(sess.save_path)
    assert [e.lines for e in again.log] == [e.lines for e in sess.log]


def test_hints_are_off_with_two_humans_unless_the_table_allows(tmp_path: Path) -> None:
    sess = Session.start([Seat(), Seat()], 4, tmp_path / "g.json")
    assert not sess.hints_allowed
    with pytest.raises(HintError, match="hints are off at this table"):
        sess.hint(sess.deciding())
    assert sess.hints_used == []
    table = Session.start([Seat(), Seat()], 4, tmp_path / "h.json", hints=True)
    assert table.hints_allowed and load_record(table.save_path).meta["hints"] is True
    assert table.hint(table.deciding())[0].startswith("Hint for Player 1")
    with pytest.raises(HintError, match="the player who decides now"):
        table.hint(1 - table.deciding())


def test_hint_needs_the_deciders_view() -> None:
    s = inferno.new_game(2, 3)
    with pytest.raises(HintError):
        make_hint(inferno.view(s, 1 - inferno.to_move(s)), 0, 20)


def test_plain_terminal_hint_command(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    args = ["play", "--plain", "--seat", "1=human", "--seat", "2=human", "--seed", "5", "--save", str(save)]
    res = CliRunner().invoke(cli, args, input="\nhint\nquit\n", env={"COLUMNS": "300"})
    assert res.exit_code == 0 and "hints are off at this table" in res.output
    res = CliRunner().invoke(cli, [*args, "--hints"], input="\nhint\nquit\n", env={"COLUMNS": "300"})
    assert res.exit_code == 0, res.output
    rec = load_record(save)
    first = inferno.to_move(replay(rec, upto=0))
    assert f"Hint for Player {first + 1}" in res.output and "  option " in res.output
    assert rec.meta["hints_used"] == [{"at": 0, "player": first}]
    res = CliRunner().invoke(
        cli, ["play", "--plain", "--resume", str(save)], input="\nlog\nquit\n", env={"COLUMNS": "300"}
    )
    assert f"Player {first + 1} asked for a hint" in res.output


def _move_view(seed: int, players: int = 3, start: bool = True) -> inferno.State:
    """A view where the deciding family starts a move (or, with ``start`` false, takes a step within
    one) with more than two options."""
    from inferno.bots.rollout import MOVES
    from tests.bots.conftest import advance_to_choice

    rng = random.Random(2)
    s = inferno.new_game(players, seed, record_events=False)
    while True:
        s = advance_to_choice(s, rng, rng.randrange(2, 8))
        if (s.stack[-1][0] in MOVES) == start and len(inferno.legal_actions(s)) > 2:
            break
    return inferno.view(s, inferno.to_move(s))


def test_the_first_hint_is_the_expert_bots_move() -> None:
    """With 1 or 2 players hints come from the strongest search (review.toml: ``[hint] search =
    "expert"``): options in the order the expert prefers them, the first one the move the expert with
    the same seed plays."""
    from dataclasses import replace

    from inferno.bots.expert import EXPERT, make_expert

    v = _move_view(6, players=2)
    h = make_hint(v, 5)
    assert 2 <= len(h.options) <= 3
    assert all(o.samples >= 24 and 0 <= o.value <= 100 for o in h.options)
    assert [o.visits for o in h.options] == sorted((o.visits for o in h.options), reverse=True)
    bot = make_expert(5, replace(EXPERT, max_seconds=None))
    assert h.options[0].text == inferno.action_text(v, bot.choose(v, inferno.legal_actions(v)))


def _rollout_bot(seed: int, samples: int, candidates: int) -> object:
    """The rollout bot a rollout hint plays as: its candidates and deals, its steps played out too, the
    expert's estimate."""
    from inferno.bots.expert import expert_evaluator
    from inferno.bots.rollout import RolloutBot, RolloutConfig

    config = RolloutConfig(candidates=candidates, samples=samples, steps=True)
    return RolloutBot(seed, config, evaluator=expert_evaluator())


def _small(candidates: int = 2) -> ReviewSettings:
    """The shipped hint settings at a smaller budget (a quick test) and without the rollout hint's time
    limit (a loaded machine would cut deals)."""
    from dataclasses import replace

    return replace(load_settings(), hint_seconds=None, hint_candidates=candidates)


def test_the_rollout_hint_is_the_rollout_bots_move() -> None:
    """With 3 or more players hints are the rollout search's (review.toml: ``[hint] crowd_search =
    "rollout"``): where a move starts, options best first by expected final Infamy margin, the first
    one the move the rollout bot with the same seed, candidates and deals plays (its playouts scored by
    the expert's estimate)."""
    v = _move_view(6)
    h = make_hint(v, 5, 2, settings=_small(candidates=2))
    margins = [o.margin for o in h.options]
    assert margins == sorted(margins, reverse=True) and 2 <= len(h.options) <= 3
    assert all(o.samples == 2 and 0 <= o.value <= 100 for o in h.options)
    bot = _rollout_bot(5, 2, 2)
    assert h.options[0].text == inferno.action_text(v, bot.choose(v, inferno.legal_actions(v)))  # type: ignore[attr-defined]


def test_a_rollout_hint_within_a_move_is_played_out_too() -> None:
    """At a step within a move (3 players, the rollout hint) greedy's best ``[hint] candidates`` options
    are played out as where a move starts, best first by margin: the first is the move of the rollout
    bot that plays out its steps (with the same seed, candidates and deals); here not greedy's choice,
    which the bot without ``steps`` plays."""
    from inferno.bots.greedy import GreedyBot
    from inferno.bots.rollout import RolloutBot, RolloutConfig

    v = _move_view(20, start=False)
    acts = inferno.legal_actions(v)
    h = make_hint(v, 5, 1, settings=_small(candidates=3))
    assert 2 <= len(h.options) <= 3
    assert all(o.samples == 1 for o in h.options)
    margins = [o.margin for o in h.options]
    assert margins == sorted(margins, reverse=True)
    bot = _rollout_bot(5, 1, 3)
    assert h.options[0].text == inferno.action_text(v, bot.choose(v, acts))  # type: ignore[attr-defined]
    det = inferno.determinize(v, random.Random(5))
    ranked = [inferno.action_text(v, a) for _value, a in GreedyBot(5).ranked(det, acts)]
    assert {o.text for o in h.options} == set(ranked[: len(h.options)])
    greedy = GreedyBot(5).choose(v, acts)
    assert h.options[0].text != inferno.action_text(v, greedy)
    assert RolloutBot(5, RolloutConfig(candidates=3, samples=1)).choose(v, acts) == greedy


def test_a_rollout_hint_stops_dealing_at_its_time_limit() -> None:
    """``[hint] max_seconds``: once the limit has passed no new deal starts, but every option is played
    out on the same deals, two at least; without a limit every deal asked for is played."""
    from inferno.review.analysis import playout_options

    v = _move_view(6)
    capped = playout_options(v, 5, samples=4, candidates=2, max_seconds=1e-9)
    assert [o.samples for o in capped] == [2] * len(capped)
    assert sum(o.visits for o in capped) == 2
    assert all(o.samples == 3 for o in playout_options(v, 5, samples=3, candidates=2))


def test_hints_choose_their_search_by_the_player_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """``[hint] search`` serves 1 or 2 players, ``crowd_search`` 3 or more (the shipped settings: the
    expert's search with 2, the rollout search with 3)."""
    from inferno.review import hints

    used: list[tuple[int, str]] = []
    real_estimate, real_playout = hints.estimate_options, hints.playout_options

    def estimate(v: inferno.State, iterations: int, seed: int, **kw: object) -> list[object]:
        used.append((v.num_players, "expert"))
        return real_estimate(v, 30, seed, **kw)  # type: ignore[arg-type]

    def playout(v: inferno.State, seed: int, **kw: object) -> list[object]:
        used.append((v.num_players, "rollout"))
        return real_playout(v, seed, **{**kw, "samples": 1, "candidates": 2})  # type: ignore[arg-type]

    monkeypatch.setattr(hints, "estimate_options", estimate)
    monkeypatch.setattr(hints, "playout_options", playout)
    make_hint(_move_view(6, players=2), 5)
    make_hint(_move_view(6, players=3), 5)
    make_hint(_move_view(6, players=4), 5)
    assert used == [(2, "expert"), (3, "rollout"), (4, "rollout")]


def test_hints_search_the_experts_budget_for_the_player_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint by the expert's search searches as long as the expert would at this table: its crowd budget
    from 3 players (``[hint] crowd_search = "expert"``)."""
    from dataclasses import replace

    from inferno.bots.expert import EXPERT
    from inferno.review import hints

    asked: list[int] = []
    real = hints.estimate_options

    def spy(v: inferno.State, iterations: int, seed: int, **kw: object) -> list[object]:
        asked.append(iterations)
        return real(v, 40, seed, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(hints, "estimate_options", spy)
    monkeypatch.setattr(hints, "load_settings", lambda: replace(load_settings(), hint_crowd_search="expert"))
    make_hint(_move_view(6), 5)
    assert EXPERT.crowd_iterations is not None and EXPERT.crowd_iterations > EXPERT.iterations
    assert asked == [EXPERT.crowd_iterations]
