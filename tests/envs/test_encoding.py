"""The fixed action index (inferno.envs.encoding): one index per action, the same in every game."""

from __future__ import annotations

import random

import pytest

import inferno
from inferno.envs.encoding import ARGS, action_table, default_encoding
from inferno.rules.actions import Act, Action, MalformedActionError
from inferno.rules.solo_model import SoloConfig


def _random_game_actions(players: int, side: str | None, seed: int, **kwargs: object) -> list[list[Action]]:
    s = inferno.new_game(players, seed, side=side, record_events=False, side_variant=True, **kwargs)  # type: ignore[arg-type]
    rng = random.Random(seed)
    seen = []
    while not s.over:
        acts = inferno.legal_actions(s)
        seen.append(acts)
        inferno.apply_in_place(s, rng.choice(acts))
    return seen


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("side", ["I/II", "III/IV"])
def test_every_legal_action_has_its_own_index_and_decodes_back(players: int, side: str) -> None:
    enc = default_encoding()
    for seed in range(4):
        for acts in _random_game_actions(players, side, seed):
            idx = [enc.encode(a) for a in acts]
            assert len(set(idx)) == len(acts)
            assert all(0 <= i < enc.size for i in idx)
            assert [enc.decode(i) for i in idx] == acts


@pytest.mark.parametrize(
    ("players", "kwargs"),
    [
        (5, {"modules": ("plutus", "phlegyas")}),
        (5, {"modules": ("plutus",)}),
        (3, {"modules": ("phlegyas",)}),
        *[(1, {"solo": SoloConfig(v, "hard")}) for v in ("rival", "pilgrimage", "plague")],
    ],
)
def test_pnp_and_solo_actions_have_their_own_index(players: int, kwargs: dict[str, object]) -> None:
    """The P&P actions (placing a Desk, ringing a Bell) and every action of 5-player and solo games are
    in the fixed index."""
    enc = default_encoding()
    kinds: set[Act] = set()
    for seed in range(4):
        for acts in _random_game_actions(players, None, seed, **kwargs):
            idx = enc.indices(acts)
            assert len(set(idx)) == len(acts) and all(0 <= i < enc.size for i in idx)
            assert [enc.action(i) for i in idx] == acts == [enc.decode(i) for i in idx]
            kinds.update(a.kind for a in acts)
    modules = kwargs.get("modules", ())
    assert (Act.DESK in kinds) == ("plutus" in modules)  # type: ignore[operator]
    assert (Act.BELL in kinds) == ("phlegyas" in modules)  # type: ignore[operator]


def test_index_space_is_a_bijection() -> None:
    enc = default_encoding()
    assert all(enc.encode(enc.decode(i)) == i for i in range(enc.size))
    assert all(enc.action(i) == enc.decode(i) for i in range(enc.size))
    with pytest.raises(MalformedActionError):
        enc.action(enc.size)


def test_blocks_follow_act_order_and_cover_the_space() -> None:
    enc = default_encoding()
    assert [b.kind for b in enc.blocks] == list(Act)
    assert set(ARGS) == set(Act)
    starts = [b.start for b in enc.blocks]
    assert starts[0] == 0
    assert all(b.start + b.count == nxt for b, nxt in zip(enc.blocks, starts[1:], strict=False))
    assert enc.blocks[-1].start + enc.blocks[-1].count == enc.size


def test_known_indices_are_stable() -> None:
    """The published table (docs/research/observation.md) must not drift: spot-check a few indices."""
    enc = default_encoding()
    # 53 shields on the largest default side (III/IV); the P&P DESK and BELL blocks come last
    assert enc.size == 3413 + 2 * 53
    assert enc.encode(Action(Act.ENTER, 1)) == 0
    assert enc.encode(Action(Act.DONE)) == 149
    assert enc.encode(Action(Act.SEND, 2, 1)) == 116 + 2 * 2 + 1
    assert enc.encode(Action(Act.TARGET, 45, 45)) == 514 + 45 * 53 + 45
    assert enc.encode(Action(Act.DIPLOMA, 9)) == 3407
    assert enc.encode(Action(Act.FLOOR, 4)) == 3412
    assert enc.encode(Action(Act.DESK, 0)) == 3413 and enc.encode(Action(Act.BELL, 52)) == enc.size - 1


@pytest.mark.parametrize(
    "bad",
    [Action(Act.MOVE, 53), Action(Act.ENTER, 0), Action(Act.SEND, 8, 0), Action(Act.DONE, 1), Action(Act.EFFECT, 2)],
)
def test_out_of_domain_actions_are_malformed(bad: Action) -> None:
    with pytest.raises(MalformedActionError):
        default_encoding().encode(bad)
    with pytest.raises(MalformedActionError):
        default_encoding().indices([bad])


@pytest.mark.parametrize("index", [-1, 3413 + 2 * 53, 10**6])
def test_out_of_range_indices_are_malformed(index: int) -> None:
    with pytest.raises(MalformedActionError):
        default_encoding().decode(index)


def test_mask_marks_exactly_the_legal_actions() -> None:
    enc = default_encoding()
    s = inferno.new_game(2, 7, record_events=False)
    acts = inferno.legal_actions(s)
    m = enc.mask(acts)
    assert m.dtype.name == "int8" and m.shape == (enc.size,)
    assert sorted(m.nonzero()[0].tolist()) == sorted(enc.encode(a) for a in acts)


def test_action_table_lists_every_kind() -> None:
    table = action_table()
    for kind in Act:
        assert f"| {kind.name} |" in table
