"""Fuzzing the engine's two entry points for callers: the action parser and ``apply_in_place``.

Over many positions of seeded games, Hypothesis feeds arbitrary text (Unicode digits, control
characters, very long strings, near-miss action words) to ``parse_action`` and arbitrary values to
``apply_in_place`` (every action kind, arguments of every type: floats and booleans equal to a legal
argument, strings, None, huge numbers, nested tuples). Only the documented errors may come out
(MalformedActionError, IllegalActionError), and a refused action leaves the state exactly as it was.

``make test`` runs a modest number of examples; ``make soak-engine`` sets INFERNO_FUZZ_EXAMPLES and
INFERNO_FUZZ_GAMES far higher and prints the figures.
"""

from __future__ import annotations

import functools
import json
import os
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import inferno
from inferno import Act, Action
from inferno.rules.notation import _WORD
from inferno.rules.state import State
from tests.harness.play import random_steps

EXAMPLES = int(os.environ.get("INFERNO_FUZZ_EXAMPLES", "150"))
GAMES = int(os.environ.get("INFERNO_FUZZ_GAMES", "6"))
EVERY = 9  # keep every 9th decision of each game as a fuzzing position
settings.register_profile(
    "inferno-fuzz",
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FUZZ = settings.get_profile("inferno-fuzz")
REFUSED = (inferno.MalformedActionError, inferno.IllegalActionError)
FIGURES: Counter[str] = Counter()


@functools.cache
def positions() -> tuple[State, ...]:
    """Positions from seeded games of 1-4 players on both sides, random and accuser bots."""
    out = []
    for g in range(GAMES):
        players, side = 1 + g % 4, ("I/II", "III/IV")[g // 4 % 2]
        bot = ("random", "accuser")[g // 2 % 2]
        s = inferno.new_game(players, 40_000 + g, side, record_events=g % 3 == 0, side_variant=True)
        for step in random_steps(s, 40_000 + g, bot=bot):
            if step.index % EVERY == 0:
                out.append(step.state.copy())
        FIGURES["games"] += 1
    return tuple(out)


def snapshot(s: State) -> str:
    d = inferno.state_to_dict(s)
    d["events"] = [list(e) for e in inferno.rules.state.linked_to_list(s.events)]
    return json.dumps(d, sort_keys=True)


def attempt(s: State, action: Any) -> str:
    """Apply to a copy; returns "played" or the refusal's type. Any other error fails the test."""
    t = s.copy()
    inferno.legal_actions(t)
    before = snapshot(t)
    try:
        inferno.apply_in_place(t, action)
    except REFUSED as exc:
        assert snapshot(t) == before, f"refused {type(exc).__name__} changed the state"
        assert inferno.legal_actions(t) == inferno.legal_actions(s), "legal actions broken by a refusal"
        return type(exc).__name__
    return "played"


pos_index = st.integers(min_value=0, max_value=10**9)
UNICODE_DIGITS = "²³¹①②⑳１２３٣०𝟚⁰₂"
CONTROL = "".join(map(chr, range(32))) + "\x7f\u200b\u202e\ufeff"
tokens = st.one_of(
    st.sampled_from(sorted(_WORD.values())),
    st.text(alphabet=st.sampled_from("0123456789." + UNICODE_DIGITS), min_size=1, max_size=6),
    st.text(max_size=12),
    st.text(alphabet=st.sampled_from(CONTROL + UNICODE_DIGITS + "ab "), max_size=8),
    st.sampled_from(["lust", "greed", "bank", "noble", "urchin", "tower", "F03", "f11", "3.2", "0.1", "cerberus"]),
    st.integers(min_value=0, max_value=5000).map(lambda n: "9" * n),
    st.integers(min_value=0, max_value=6000).map(lambda n: "x" * n),
)
texts = st.one_of(
    st.text(),
    st.lists(tokens, max_size=4).map(" ".join),
    st.tuples(tokens, st.sampled_from([" ", "\t", "\n", "\u3000", "  "]), tokens).map("".join),
)


@FUZZ
@given(i=pos_index, text=texts)
def test_parser_gives_only_the_documented_error(i: int, text: str) -> None:
    ps = positions()
    s = ps[i % len(ps)]
    FIGURES["parser inputs"] += 1
    try:
        action = inferno.parse_action(s, text)
    except inferno.MalformedActionError as exc:
        assert len(str(exc)) < 1000, "an error message quotes the whole input"
        FIGURES["parser: malformed"] += 1
        return
    assert type(action) is Action and type(action.kind) is Act
    assert type(action.a) is int and type(action.b) is int
    outcome = attempt(s, action)
    FIGURES[f"parsed, then {outcome}"] += 1
    if outcome == "played":
        assert action in inferno.legal_actions(s)


def _nested(leaf: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(leaf, lambda x: st.one_of(st.tuples(x, x), st.lists(x, max_size=3)), max_leaves=6)


weird = st.one_of(
    st.integers(),
    st.integers(min_value=2**31 - 2, max_value=2**70),
    st.integers(min_value=-(2**70), max_value=0),
    st.just(10**5000),
    st.floats(allow_nan=True),
    st.booleans(),
    st.none(),
    st.text(max_size=5),
    st.sampled_from(list(Act)),
    st.builds(complex, st.floats(allow_nan=False), st.floats(allow_nan=False)),
    _nested(st.integers(min_value=-3, max_value=40)),
)


def _retyped(v: int, how: str) -> Any:
    return {"float": float(v), "bool": bool(v), "str": str(v), "tuple": (v,), "none": None}[how]


@st.composite
def actions(draw: st.DrawFn) -> tuple[int, Any]:
    """(position, value): a legal action with one argument of the wrong type, a random kind with
    random arguments, or an arbitrary object."""
    i = draw(pos_index)
    ps = positions()
    s = ps[i % len(ps)]
    legal = inferno.legal_actions(s)
    shape = draw(st.sampled_from(["near-legal", "random", "tuple", "object"]))
    if shape == "near-legal" and legal:
        a = draw(st.sampled_from(legal))
        which = draw(st.sampled_from(["kind", "a", "b"]))
        how = draw(st.sampled_from(["float", "bool", "str", "tuple", "none"]))
        parts: list[Any] = [a.kind, a.a, a.b]
        k = ("kind", "a", "b").index(which)
        parts[k] = _retyped(int(parts[k]), how)
        return i, Action(*parts)
    kind = draw(st.one_of(st.sampled_from(list(Act)), weird))
    if shape in ("random", "near-legal"):
        return i, Action(kind, draw(weird), draw(weird))
    if shape == "tuple":
        return i, tuple(draw(st.lists(weird, min_size=0, max_size=4)))
    return i, draw(st.one_of(weird, st.dictionaries(st.text(max_size=3), weird, max_size=2)))


@FUZZ
@given(case=actions())
def test_apply_refuses_wrong_values_and_changes_nothing(case: tuple[int, Any]) -> None:
    i, action = case
    ps = positions()
    s = ps[i % len(ps)]
    FIGURES["action values"] += 1
    outcome = attempt(s, action)
    FIGURES[f"action value: {outcome}"] += 1
    if outcome == "played":
        assert type(action[1]) is int and type(action[2]) is int, "a wrong-typed argument was accepted"


@pytest.mark.parametrize("how", ["float", "bool", "str", "tuple", "none"])
def test_every_legal_action_with_a_retyped_argument_is_refused(how: str) -> None:
    """Exhaustive over positions: each legal action with an argument of another type (2.0 == 2 and
    True == 1 compare equal to the legal one) is refused as malformed, and nothing changes."""
    for s in positions()[::3]:
        for a in inferno.legal_actions(s):
            for k in (1, 2):
                parts: list[Any] = [a.kind, a.a, a.b]
                parts[k] = _retyped(parts[k], how)
                assert attempt(s, Action(*parts)) == "MalformedActionError"
                FIGURES["retyped legal actions"] += 1


def test_a_failure_inside_a_rule_restores_the_state() -> None:
    """If carrying out a legal action fails midway (here a rule handler that changes the state and
    then breaks), apply_in_place puts everything back and the game stays playable."""
    from inferno.rules import engine

    s = positions()[1].copy()
    inferno.legal_actions(s)
    before = snapshot(s)
    frame = s.stack[-1]
    real = engine._APPLIERS[frame[0]]  # the engine applies through this list (indexed by decision)

    def broken(st_: State, fr: Any, act: Action) -> None:
        real(st_, fr, act)
        st_.own_player(0).florins += 99
        st_.hell[0] = 7
        raise RuntimeError("a rule handler broke midway")

    appliers = engine._APPLIERS  # patched in place: the compiled engine reads the same list
    appliers[frame[0]] = broken
    try:
        with pytest.raises(RuntimeError):
            inferno.apply_in_place(s, inferno.legal_actions(s)[0])
    finally:
        appliers[frame[0]] = real
    assert snapshot(s) == before
    inferno.apply_in_place(s, inferno.legal_actions(s)[0])
    assert s.version == positions()[1].version + 1


@pytest.fixture(scope="module", autouse=True)
def _figures() -> Iterator[None]:
    yield
    if os.environ.get("INFERNO_FUZZ_REPORT"):
        n = len(positions())
        print(f"\nfuzz figures over {n} positions from {FIGURES['games']} games:")
        for key, value in sorted(FIGURES.items()):
            print(f"  {key}: {value}")


@pytest.mark.parametrize("how", ["float", "bool", "none"])
def test_without_rollback_the_checks_are_the_same(how: str) -> None:
    """``rollback=False`` (simulations, search, replays) only skips the protective copy: malformed
    and illegal actions are refused before anything changes, exactly as with the default."""
    for s in positions()[::5]:
        before = snapshot(s)
        a = inferno.legal_actions(s)[0]
        with pytest.raises(inferno.MalformedActionError):
            inferno.apply_in_place(s, Action(a.kind, _retyped(a.a, how), a.b), rollback=False)
        with pytest.raises(inferno.IllegalActionError):
            inferno.apply_in_place(s, Action(Act.DIPLOMA, 99, 0), rollback=False)
        assert snapshot(s) == before
