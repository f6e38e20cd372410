"""Decision frames have named fields (issue 33): ``Frame(kind, player, a, b)``, with ``FRAME_ARGS`` naming
``a`` and ``b`` per kind; saves write a frame in the form they always had, and old forms load."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import inferno
from inferno.rules.actions import Decision
from inferno.rules.serialize import SnapshotError, state_from_dict, state_to_dict
from inferno.rules.setup import new_game
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import FRAME_ARGS, Frame, State, frame_from_list, frame_to_list, make_frame


def _games() -> list[State]:
    """Random games of every player count, with the P&P modules and solo, kept at every decision."""
    setups = [
        *[new_game(n, seed) for n in (2, 3, 4) for seed in range(4)],
        *[new_game(n, seed, modules=("plutus", "phlegyas")) for n in (3, 5) for seed in range(2)],
        *[new_game(1, seed, solo=SoloConfig()) for seed in range(3)],
    ]
    seen = []
    for i, s in enumerate(setups):
        rng = random.Random(i)
        while not s.over:
            seen.append(s)
            acts = inferno.legal_actions(s)
            s = inferno.apply(s, acts[rng.randrange(len(acts))])
    return seen


def test_every_argument_a_frame_carries_is_named_for_its_kind() -> None:
    """A frame's saved form keeps only the arguments FRAME_ARGS names: an unnamed one would be lost."""
    kinds = set()
    for s in _games():
        for f in s.stack:
            assert type(f) is Frame, f
            names = FRAME_ARGS.get(f.kind, ())
            kinds.add(Decision(f.kind))
            assert f.a == 0 or len(names) >= 1, (Decision(f.kind), f)
            assert f.b == 0 or len(names) >= 2, (Decision(f.kind), f)
            assert frame_from_list(frame_to_list(f)) == f
    assert {Decision.HELL, Decision.HELL_STEP, Decision.FLORENCE, Decision.AUTO_RIVAL} <= kinds


def test_a_frame_is_saved_in_its_old_form_and_old_forms_load() -> None:
    assert frame_to_list(Frame(Decision.HELL, 2)) == [Decision.HELL, 2]
    assert frame_to_list(Frame(Decision.FLORENCE, 1, 0)) == [Decision.FLORENCE, 1, 0]
    assert frame_to_list(Frame(Decision.HELL_STEP, 0, 3, -1)) == [Decision.HELL_STEP, 0, 3, -1]
    assert frame_from_list([16, 1, 2]) == Frame(Decision.TOWER_HOME, 1, 2, 0)
    assert frame_from_list([1, 0]).player == 0
    for bad in ([1], [1, 0, 0, 0, 0], [1, "0"], [1, 0, True]):
        with pytest.raises(ValueError, match="a stack frame is 2 to 4 whole numbers"):
            frame_from_list(bad)


def test_a_snapshot_writes_the_stack_as_before_and_reads_frames_back() -> None:
    s = new_game(3, 7)
    s = inferno.apply(s, inferno.legal_actions(s)[0])
    d = json.loads(json.dumps(state_to_dict(s)))
    assert d["stack"] == [[int(f.kind), f.player, *[f.a, f.b][: len(FRAME_ARGS.get(f.kind, ()))]] for f in s.stack]
    back = state_from_dict(d)
    assert back.stack == s.stack and all(type(f) is Frame for f in back.stack)
    d["stack"] = [[1, 0, "x"]]
    with pytest.raises(SnapshotError, match="stack or actions"):
        state_from_dict(d)


def test_a_state_pickled_with_plain_tuple_frames_loads_with_named_ones() -> None:
    s = new_game(2, 3)
    old = State.__getstate__(s)
    old["stack"] = [tuple(f) for f in s.stack]  # what a state pickled before frames had names holds
    back = State()
    back.__setstate__(old)
    assert back.stack == s.stack and type(back.stack[-1]) is Frame
    assert back.stack[-1].player == inferno.to_move(s)
    assert pickle.loads(pickle.dumps(back)).stack == s.stack


def test_make_frame_gives_the_frame_and_shares_those_without_arguments() -> None:
    f = make_frame(Decision.HELL_STEP, 1, 4, -1)
    assert type(f) is Frame and f == Frame(Decision.HELL_STEP, 1, 4, -1) and (f.a, f.b) == (4, -1)
    assert make_frame(Decision.HELL, 0) is make_frame(Decision.HELL, 0) == Frame(Decision.HELL, 0, 0, 0)
    assert make_frame(Decision.AUTO_FINISH, -1) == Frame(Decision.AUTO_FINISH, -1)
    assert make_frame(Decision.AUTO_FINISH, -1).player == -1 and make_frame(Decision.HELL, 5).player == 5
    assert make_frame(Decision.STYX, 0, 1000).a == 1000 and make_frame(Decision.HELL, 9) == (Decision.HELL, 9, 0, 0)
    assert str(Decision(make_frame(Decision.COUNCIL, 2).kind)) == "COUNCIL"
