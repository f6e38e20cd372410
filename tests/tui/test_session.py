"""The play session: autosave after every action, exact resume, the log marking undone steps."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

import inferno
from inferno.records.record import RecordError, load_record
from inferno.records.undo import UndoError
from inferno.tui.session import Seat, SeatError, Session, parse_seat_option


def _human_plus_bot(tmp_path: Path, seed: int = 9) -> Session:
    return Session.start([Seat(), Seat("random")], seed, tmp_path / "game.json")


def _advance(sess: Session, n: int, rng: random.Random) -> None:
    for _ in range(n):
        if sess.over:
            return
        if sess.seats[sess.deciding()].human:
            sess.play(rng.choice(inferno.legal_actions(sess.state)))
        else:
            sess.bot_move()


def test_seat_options_parse() -> None:
    assert parse_seat_option("2=bot:greedy") == (1, Seat("greedy"))
    assert parse_seat_option("1=human") == (0, Seat())
    for bad in ("2", "x=human", "6=human", "1=bot:"):
        with pytest.raises(SeatError):
            parse_seat_option(bad)


def test_every_action_is_saved_at_once(tmp_path: Path) -> None:
    sess = _human_plus_bot(tmp_path)
    rng = random.Random(1)
    for _ in range(25):
        _advance(sess, 1, rng)
        rec = load_record(sess.save_path)
        assert len(rec.actions) == sess.state.version
        assert rec.meta["seats"] == ["human", "bot:random"]


def test_resume_rebuilds_an_identical_state_and_log(tmp_path: Path) -> None:
    sess = _human_plus_bot(tmp_path)
    _advance(sess, 60, random.Random(2))
    again = Session.resume(sess.save_path)
    assert inferno.state_to_dict(again.state) == inferno.state_to_dict(sess.state)
    assert [e.lines for e in again.log] == [e.lines for e in sess.log]
    assert again.steps == sess.steps
    assert [s.spec() for s in again.seats] == ["human", "bot:random"]


def test_undo_marks_the_log_and_survives_resume(tmp_path: Path) -> None:
    sess = _human_plus_bot(tmp_path, seed=4)
    rng = random.Random(3)
    while not sess.seats[sess.deciding()].human:
        sess.bot_move()
    p = sess.deciding()
    before = inferno.state_to_dict(sess.state)
    sess.play(inferno.legal_actions(sess.state)[0])
    marked = sess.take_back(p, 1)
    assert len(marked) == 1 and marked[0].undone
    assert inferno.state_to_dict(sess.state) == before
    saved = json.loads(sess.save_path.read_text())
    assert saved["meta"]["undone"][0]["action"] == marked[0].action
    _advance(sess, 3, rng)
    again = Session.resume(sess.save_path)
    assert any(e.undone and e.action == marked[0].action for e in again.log)
    assert inferno.state_to_dict(again.state) == inferno.state_to_dict(sess.state)


def test_undo_refused_for_the_bots_move(tmp_path: Path) -> None:
    sess = _human_plus_bot(tmp_path, seed=4)
    while sess.seats[sess.deciding()].human:
        sess.play(inferno.legal_actions(sess.state)[0])
    human = sess.humans()[0]
    with pytest.raises(UndoError):
        sess.take_back(human, 1)


def test_resume_may_change_who_plays_a_seat(tmp_path: Path) -> None:
    sess = _human_plus_bot(tmp_path)
    _advance(sess, 5, random.Random(5))
    again = Session.resume(sess.save_path, {1: Seat()})
    assert again.humans() == [0, 1]
    with pytest.raises(SeatError):
        Session.resume(sess.save_path, {3: Seat()})


def test_resume_refuses_a_corrupt_record(tmp_path: Path) -> None:
    sess = _human_plus_bot(tmp_path)
    _advance(sess, 6, random.Random(6))
    data = json.loads(sess.save_path.read_text())
    data["actions"][3] = "send nowhere noble"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="action 4"):
        Session.resume(bad)


def test_screen_log_covers_everything_since_the_players_last_decision(tmp_path: Path) -> None:
    from rich.console import Console

    from inferno.tui.loop import RECENT, RECENT_MAX, TerminalGame

    sess = _human_plus_bot(tmp_path, seed=2)
    rng = random.Random(2)
    _advance(sess, 40, rng)
    while not sess.seats[sess.deciding()].human:
        sess.bot_move()
    game = TerminalGame(sess, Console(file=io.StringIO()))
    shown = game.recent(0)
    last_own = max(i for i, e in enumerate(sess.log) if e.player == 0)
    since = sess.log[last_own + 1 :]
    assert RECENT <= len(shown) <= RECENT_MAX
    assert shown[-1] is sess.log[-1]
    if len(since) < RECENT_MAX:
        assert all(e in shown for e in since)
