"""API errors (STYLE lesson 4): malformed and illegal actions are different errors and change nothing;
a finished game refuses actions; the text form round-trips every legal action."""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from typing import Any

import pytest

import inferno
from inferno import Act, Action, Decision
from inferno.rules.explain import Why, explain
from tests.harness.play import SIDES, play_prefix, play_random, random_steps

GARBAGE: list[Any] = [
    None,
    "send bank noble",
    42,
    (),
    (1,),
    (1, 2),
    (1, 2, 3, 4),
    ("enter", 1, 0),
    (1, "a", 0),
    (1.0, 2, 0),
    [Act.ENTER, 1],
    (0, 0, 0),  # no action kind 0
    (99, 0, 0),
    (-1, 0, 0),
    (Act.ENTER, 4.0, 0),  # equal to a legal action, but not whole-number arguments
    Action(Act.ENTER, 4.0, 0),
    Action(Act.ENTER, True, 0),
    Action(Act.DONE, 0, None),  # type: ignore[arg-type]
    Action(Act.ENTER, 10**5000, 0),  # too large even to print
    Action(10**5000, 0, 0),  # type: ignore[arg-type]
    Action(True, 0, 0),  # type: ignore[arg-type]
    Action(1.0, 4, 0),  # type: ignore[arg-type]
    Action(Act.ENTER, (4,), 0),
    Action(Act.ENTER, "4", 0),  # type: ignore[arg-type]
    (Act.ENTER, ((((4,),),),), 0),
]

BAD_TEXTS = [
    "",
    "   ",
    "fly lust",  # unknown word
    "teleport",
    "enter",  # wrong argument counts
    "enter lust greed",
    "bribe now",
    "send bank",
    "send bank noble extra",
    "done 1",
    "move 99.9",  # unknown shield
    "move lust",
    "step 0.0",
    "send nowhere noble",  # unknown location
    "send bank bishop",  # unknown family member
    "recall attic noble",
    "play F999",  # unknown card
    "buy nothing",
    "enter vanity",  # unknown sin
    "barrel purple 1",  # unknown Barrel
    "exchange two",  # not a number
    "swap 1-2 0.1",  # bad tower space
    "gmove nobody 3.1",  # not a Guardian in this game
    "gate 0",  # numbers outside their range
    "gate 99",
    "effect 0",
    "effect 3",
    "swap 0.0 1.1",
    "swap 0.9 1.1",  # slot 9 does not exist (it must not alias another floor's space)
    "swap 9.1 0.1",
    "gate ²",  # Unicode digits are not numbers in the notation
    "gate ①",
    "gate ¹",
    "gate １",  # fullwidth
    "exchange ٣",
    "swap 0.¹ 1.1",
    "swap ０.1 1.1",
    "drown lust ²",
    "gate " + "9" * 5000,  # too long even to convert
    "exchange " + "1" * 10,
    "gate 3\x00",
]


@functools.cache
def _positions() -> list[inferno.State]:
    """A few positions from different phases of play: setup, mid-game, late game (tests must not change them)."""
    return [play_prefix(n, seed, k) for n, seed, k in ((1, 1, 0), (2, 2, 37), (3, 3, 150), (4, 4, 250))]


def _unchanged(s: inferno.State, before: dict[str, Any]) -> None:
    assert inferno.state_to_dict(s) == before
    assert inferno.legal_actions(s)


def _name(x: Any) -> str:
    try:
        text = repr(x)
    except ValueError:  # an int too large to print
        return "huge-int"
    return text if len(text) < 60 else "long"


@pytest.mark.parametrize("action", GARBAGE, ids=[_name(g) for g in GARBAGE])
def test_garbage_is_malformed_and_changes_nothing(action: Any) -> None:
    for s in _positions():
        before = inferno.state_to_dict(s)
        with pytest.raises(inferno.MalformedActionError):
            inferno.apply(s, action)
        with pytest.raises(inferno.MalformedActionError):
            inferno.apply_in_place(s, action)
        _unchanged(s, before)


NOT_TEXT = [g for g in GARBAGE if not isinstance(g, str)] + [b"done"]  # explain reads a str as an action's text


@pytest.mark.parametrize("action", NOT_TEXT, ids=[_name(g) for g in NOT_TEXT])
def test_explain_calls_garbage_malformed(action: Any) -> None:
    """``explain`` never raises: what ``apply`` refuses as malformed, it calls malformed, in both builds."""
    for s in _positions():
        e = explain(s, inferno.to_move(s), action)
        assert not e.legal and e.why is Why.MALFORMED, e


@pytest.mark.parametrize("text", BAD_TEXTS)
def test_bad_text_is_malformed(text: str) -> None:
    """parse_action refuses unknown words, wrong argument counts and unknown names."""
    for s in _positions():
        before = inferno.state_to_dict(s)
        with pytest.raises(inferno.MalformedActionError):
            inferno.parse_action(s, text)
        _unchanged(s, before)


def test_error_messages_do_not_quote_a_long_input_whole() -> None:
    s = _positions()[1]
    for text in ("x" * 5000, "gate " + "x" * 5000, "send " + "y" * 5000 + " noble", "enter " + "²" * 5000):
        with pytest.raises(inferno.MalformedActionError) as err:
            inferno.parse_action(s, text)
        assert len(str(err.value)) < 400 and "(5000 characters)" in str(err.value)


def test_parse_action_refuses_non_text() -> None:
    s = inferno.new_game(2, 0)
    for value in (None, 3, Action(Act.DONE), b"done"):
        with pytest.raises(inferno.MalformedActionError):
            inferno.parse_action(s, value)


def test_malformed_and_illegal_are_distinct_errors() -> None:
    assert not issubclass(inferno.MalformedActionError, inferno.IllegalActionError)
    assert not issubclass(inferno.IllegalActionError, inferno.MalformedActionError)
    for err in (inferno.MalformedActionError, inferno.IllegalActionError, inferno.GameOverError):
        assert issubclass(err, inferno.InfernoError) and issubclass(err, ValueError)


def _illegal_candidates(s: inferno.State) -> list[Action]:
    """Well-formed actions of every kind with small arguments that are not legal here."""
    legal = set(inferno.legal_actions(s))
    out = [Action(k, a, b) for k in Act for a in (0, 1, 2, 8) for b in (0, 1)]
    out.append(Action(Act.MOVE, 10_000))
    return [a for a in out if a not in legal]


def test_illegal_actions_raise_and_change_nothing() -> None:
    """Well-formed actions that are not legal now raise IllegalActionError (S2: one decision at a time)."""
    for s in _positions():
        before = inferno.state_to_dict(s)
        candidates = _illegal_candidates(s)
        assert len(candidates) > 100
        for a in candidates:
            with pytest.raises(inferno.IllegalActionError):
                inferno.apply(s, a)
            with pytest.raises(inferno.IllegalActionError):
                inferno.apply_in_place(s, a)
        _unchanged(s, before)


def test_illegal_text_parses_but_is_refused() -> None:
    """A well-formed text naming an action that is not legal now parses, then is refused as illegal."""
    s = inferno.new_game(2, 5)
    assert inferno.pending(s).decision is Decision.HELL  # type: ignore[union-attr]
    for text in ("done", "council", "send bank noble", "buy F01", "diploma greed"):
        a = inferno.parse_action(s, text)
        with pytest.raises(inferno.IllegalActionError):
            inferno.apply(s, a)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_finished_game_refuses_actions(players: int) -> None:
    """After final scoring (S3) every action raises GameOverError, legal or not."""
    s = play_random(players, 21)
    before = inferno.state_to_dict(s)
    for a in (Action(Act.DONE), Action(Act.COUNCIL), Action(Act.ENTER, 2), (1, 2)):
        with pytest.raises(inferno.GameOverError):
            inferno.apply(s, a)
        with pytest.raises(inferno.GameOverError):
            inferno.apply_in_place(s, a)
    assert inferno.state_to_dict(s) == before


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("side", SIDES)
def test_text_round_trips_every_legal_action(players: int, side: str) -> None:
    """action_text / parse_action are inverse on every legal action of a random game (STYLE lesson 4)."""
    seen: set[Act] = set()
    s = inferno.new_game(players, 40 + players, side=side, side_variant=True)
    for step in random_steps(s, 40 + players):
        texts = set()
        for a in step.actions:
            text = inferno.action_text(s, a)
            assert inferno.parse_action(s, text) == a, f"{text!r} does not parse back to {a}"
            assert inferno.parse_action(s, text.upper()) == a, f"{text.upper()!r} is not case-insensitive"
            texts.add(text)
            seen.add(a.kind)
        assert len(texts) == len(step.actions), "two legal actions share a text form"
    assert len(seen) >= 10, f"too few action kinds exercised: {sorted(k.name for k in seen)}"


def _broken_snapshots(d: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    changes: list[tuple[str, Callable[[dict[str, Any]], object]]] = [
        ("format", lambda x: x.update(format="inferno-state/0")),
        ("rules_fingerprint", lambda x: x.update(rules_fingerprint="0" * 16)),
        ("florins", lambda x: x["players"][0].pop("florins")),
        ("hell", lambda x: x.pop("hell")),
        ("stack", lambda x: x.update(stack=[[999, 0]])),
        ("actions", lambda x: x.update(actions=[[999, 0, 0]])),
        ("config", lambda x: x["config"].pop("side")),
    ]
    out = []
    for what, change in changes:
        broken = copy.deepcopy(d)
        change(broken)
        out.append((what, broken))
    return out


def test_broken_snapshot_is_refused_naming_the_field() -> None:
    """state_from_dict refuses a snapshot of another format, other rules data or with a bad field."""
    s = play_prefix(3, 6, 40)
    d = inferno.state_to_dict(s)
    for what, broken in _broken_snapshots(d):
        with pytest.raises(inferno.SnapshotError, match=what):
            inferno.state_from_dict(broken)
    assert inferno.state_to_dict(inferno.state_from_dict(d)) == d
