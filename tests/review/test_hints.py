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


def _move_view(seed: int) -> inferno.State:
    """A 3-player view where the deciding family starts a move with more than two options."""
    from inferno.bots.rollout import MOVES
    from tests.bots.conftest import advance_to_choice

    rng = random.Random(2)
    s = inferno.new_game(3, seed, record_events=False)
    while True:
        s = advance_to_choice(s, rng, rng.randrange(2, 8))
        if s.stack[-1][0] in MOVES and len(inferno.legal_actions(s)) > 2:
            break
    return inferno.view(s, inferno.to_move(s))


def test_the_first_hint_is_the_expert_bots_move() -> None:
    """Hints come from the strongest search (review.toml: ``[hint] search = "expert"``): options in the
    order the expert prefers them, the first one the move the expert with the same seed plays."""
    from dataclasses import replace

    from inferno.bots.expert import EXPERT, make_expert

    v = _move_view(6)
    h = make_hint(v, 5)
    assert 2 <= len(h.options) <= 3
    assert all(o.samples >= 24 and 0 <= o.value <= 100 for o in h.options)
    assert [o.visits for o in h.options] == sorted((o.visits for o in h.options), reverse=True)
    bot = make_expert(5, replace(EXPERT, max_seconds=None))
    assert h.options[0].text == inferno.action_text(v, bot.choose(v, inferno.legal_actions(v)))


def test_the_rollout_hint_is_the_rollout_bots_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``[hint] search = "rollout"``: options best first by expected final Infamy margin, the first
    one the move the rollout bot with the same seed and budget plays."""
    from dataclasses import replace

    from inferno.bots.rollout import RolloutBot, RolloutConfig
    from inferno.review import hints
    from inferno.review.settings import load_settings

    rollout = replace(load_settings(), hint_search="rollout")
    monkeypatch.setattr(hints, "load_settings", lambda: rollout)
    v = _move_view(6)
    h = make_hint(v, 5, 2)
    margins = [o.margin for o in h.options]
    assert margins == sorted(margins, reverse=True) and 2 <= len(h.options) <= 3
    assert all(o.samples == 2 and 0 <= o.value <= 100 for o in h.options)
    bot = RolloutBot(5, RolloutConfig(samples=2))
    assert h.options[0].text == inferno.action_text(v, bot.choose(v, inferno.legal_actions(v)))


def test_hints_search_the_experts_budget_for_the_player_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint searches as long as the expert would at this table: its crowd budget from 3 players."""
    from inferno.bots.expert import EXPERT
    from inferno.review import hints

    asked: list[int] = []
    real = hints.estimate_options

    def spy(v: inferno.State, iterations: int, seed: int, **kw: object) -> list[object]:
        asked.append(iterations)
        return real(v, 40, seed, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(hints, "estimate_options", spy)
    make_hint(_move_view(6), 5)
    assert EXPERT.crowd_iterations is not None and EXPERT.crowd_iterations > EXPERT.iterations
    assert asked == [EXPERT.crowd_iterations]
