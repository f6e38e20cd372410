"""The observation vector (inferno.envs.observation): fixed length, bounded, only what one player may see
(RULES.md D5: other hands and the deck order are hidden), equal to the plain reference encoding."""

from __future__ import annotations

import random

import numpy as np
import pytest

import inferno
from inferno.envs.observation import MAX_PLAYERS, default_encoder
from inferno.rules.pnp import DESK
from inferno.rules.solo import RIVAL, next_card
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import State


def _midgame(players: int, seed: int, decisions: int = 80, **kwargs: object) -> State:
    s = inferno.new_game(players, seed, record_events=False, **kwargs)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(decisions):
        if s.over:
            break
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    return s


def _swap_opponent_secrets(s: State, me: int) -> State:
    """The same public game with every other player's hand and the deck order dealt differently."""
    t = s.copy()
    pool = list(t.deck)
    for p, pl in enumerate(t.players):
        if p != me:
            pool += pl.hand
    rng = random.Random(99)
    for _ in range(20):
        rng.shuffle(pool)
        if pool != list(t.deck) + [c for p, pl in enumerate(t.players) if p != me for c in pl.hand]:
            break
    for p, pl in enumerate(t.players):
        if p != me:
            t.own_player(p).hand = [pool.pop() for _ in pl.hand]
    t.deck = pool
    return t


CONFIGS = [
    {"players": 1},
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 5, "modules": ("plutus", "phlegyas")},
    {"players": 5, "modules": ("plutus",)},
    {"players": 5, "modules": ("phlegyas",)},
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['players']}p-{'+'.join(c.get('modules', ()))}")
def test_observation_has_fixed_length_and_bounds(config: dict[str, object]) -> None:
    enc = default_encoder()
    players = int(config["players"])  # type: ignore[call-overload]
    s = inferno.new_game(seed=3, record_events=False, **config)  # type: ignore[arg-type]
    rng = random.Random(3)
    while not s.over:
        for p in range(players):
            o = enc.encode(s, p)
            assert o.shape == (enc.size,) and o.dtype == np.float32
            assert np.all(o >= -1.0) and np.all(o <= 1.0) and np.isfinite(o).all()
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_other_hands_and_deck_order_do_not_change_the_observation_d5(players: int) -> None:
    """D5: a player's observation is the same whatever the hidden cards of the others and the deck
    (encoded from the full state, which holds them, and from the player's view)."""
    enc = default_encoder()
    modules = ("plutus", "phlegyas") if players == 5 else ()
    for seed in range(3):
        s = _midgame(players, seed, modules=modules)
        me = inferno.to_move(s)
        t = _swap_opponent_secrets(s, me)
        assert [pl.hand for p, pl in enumerate(t.players) if p != me] != [
            pl.hand for p, pl in enumerate(s.players) if p != me
        ] or t.deck != s.deck
        assert np.array_equal(enc.encode(s, me), enc.encode(t, me))
        assert np.array_equal(enc.encode(s, me), enc.encode(inferno.view(t, me)))


@pytest.mark.parametrize("variant", ["rival", "pilgrimage", "plague"])
def test_the_rivals_hidden_deck_order_does_not_change_the_observation_d5(variant: str) -> None:
    """Solo: the Rival's next card is face up; the order of the rest of its deck is hidden."""
    enc = default_encoder()
    s = inferno.new_game(1, 2, record_events=False, solo=SoloConfig(variant, "medium"))
    rng = random.Random(2)
    for _ in range(30):  # a few decisions in, with at least two different cards under the next one
        if s.solo is not None and len(set(s.solo.deck[1:])) > 1 and s.version > 5:
            break
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    assert s.solo is not None and len(set(s.solo.deck[1:])) > 1
    t = s.copy()
    assert t.solo is not None
    rest = t.solo.deck[1:]
    t.solo.deck[1:] = rest[::-1] if rest[::-1] != rest else rest[1:] + rest[:1]
    assert t.solo.deck != s.solo.deck
    assert np.array_equal(enc.encode(s, 0), enc.encode(t, 0))
    u = s.copy()  # control: the next card itself is part of the observation
    assert u.solo is not None
    i = next(i for i, c in enumerate(u.solo.deck) if c != u.solo.deck[0])
    u.solo.deck[0], u.solo.deck[i] = u.solo.deck[i], u.solo.deck[0]
    assert not np.array_equal(enc.encode(s, 0), enc.encode(u, 0))


def test_own_hand_changes_the_observation() -> None:
    """Control for the test above: the observer's own hand is part of its observation."""
    enc = default_encoder()
    s = _midgame(2, 1)
    me = inferno.to_move(s)
    t = s.copy()
    mine = t.own_player(me).hand
    assert mine and t.deck
    mine[0], t.deck[0] = t.deck[0], mine[0]
    assert not np.array_equal(enc.encode(s, me), enc.encode(t, me))


def test_seats_are_relative_to_the_observer() -> None:
    enc = default_encoder()
    s = _midgame(2, 4)
    s.own_player(0).infamy, s.own_player(1).infamy = 30, -20
    money0 = enc.at["player_0"] + enc.pat["money"] + 2
    money1 = enc.at["player_1"] + enc.pat["money"] + 2
    o0, o1 = enc.encode(s, 0), enc.encode(s, 1)
    assert o0[money0] == pytest.approx(0.3) and o0[money1] == pytest.approx(-0.2)
    assert o1[money0] == pytest.approx(-0.2) and o1[money1] == pytest.approx(0.3)


def test_each_shield_of_the_board_has_exactly_one_category() -> None:
    enc = default_encoder()
    for players, modules in ((2, ()), (3, ()), (5, ("plutus",))):
        s = _midgame(players, 5, 200, modules=modules)
        o = enc.encode(s, 0)
        hell = o[enc.at["hell"] : enc.at["hell"] + enc.shields * enc.cells].reshape(enc.shields, enc.cells)
        assert hell[: s.board.size].sum(axis=1).tolist() == [1.0] * s.board.size
        assert hell[s.board.size :].sum() == 0.0


def test_encoding_needs_a_seated_player() -> None:
    s = inferno.new_game(2, 0, record_events=False)
    enc = default_encoder()
    for bad in ((s, None), (inferno.view(s, -1), None), (s, 2), (s, -1), (inferno.view(s, 0), 1)):
        with pytest.raises(ValueError):
            enc.encode(*bad)
    assert np.array_equal(enc.encode(inferno.view(s, 1)), enc.encode(s, 1))


def test_segments_tile_the_vector() -> None:
    enc = default_encoder()
    ends = [seg.start + seg.size for seg in enc.segments]
    assert [seg.start for seg in enc.segments[1:]] == ends[:-1]
    assert ends[-1] == enc.size
    assert sum(seg.size for seg in enc.player_parts) == enc.player_size


def test_desks_are_one_hot_by_owner_relative_to_the_observer() -> None:
    """P&P Plutus: a Desk on a shield is its own category, one per seat slot of its owner."""
    enc = default_encoder()
    s = _midgame(5, 1, 10, modules=("plutus",))
    t = next(i for i, c in enumerate(s.hell) if c == 0)
    s.hell[t] = DESK + 3
    first_desk = 1 + 27 + enc.slots + 1
    for me in range(5):
        o = enc.encode(s, me)
        cell = o[enc.at["hell"] + t * enc.cells : enc.at["hell"] + (t + 1) * enc.cells]
        assert cell.nonzero()[0].tolist() == [first_desk + (3 - me) % 5]


def test_bells_and_modules_are_observed() -> None:
    enc = default_encoder()
    s = _midgame(4, 2, 10, modules=("phlegyas",))
    assert s.ext is not None
    s.ext.bells[2] = 3
    o = enc.encode(s, 1)
    assert o[enc.at["modules"]] == 0.0 and o[enc.at["modules"] + 1] == 1.0
    assert o[enc.at["player_1"] + enc.pat["pnp"] + 1] == pytest.approx(3 / 4)  # seat 2 is slot 1 for seat 1
    plain = enc.encode(_midgame(4, 2, 10), 1)
    assert plain[enc.at["modules"] : enc.at["modules"] + 3].tolist() == [0.0, 0.0, 0.0]


def test_five_players_fill_all_seat_slots() -> None:
    enc = default_encoder()
    s = _midgame(5, 0, 10, modules=("plutus", "phlegyas"))
    o = enc.encode(s, 0)
    assert MAX_PLAYERS == 5 and [o[enc.at[f"player_{k}"]] for k in range(5)] == [1.0] * 5
    assert [enc.encode(_midgame(2, 0, 10), 0)[enc.at[f"player_{k}"]] for k in range(5)] == [1, 1, 0, 0, 0]


@pytest.mark.parametrize("variant", ["rival", "pilgrimage", "plague"])
def test_the_rival_takes_seat_slot_1_and_its_next_card_is_observed(variant: str) -> None:
    enc = default_encoder()
    s = _midgame(1, 4, 40, solo=SoloConfig(variant, "hard"))
    rival = s.players[RIVAL]
    o = enc.encode(s, 0)
    p1 = enc.at["player_1"]
    assert o[p1] == 1.0
    assert o[p1 + enc.pat["money"] + 2] == pytest.approx(max(-1.0, min(rival.infamy / 100, 1.0)))
    tracks = o[p1 + enc.pat["tracks"] : p1 + enc.pat["tracks"] + 9]
    assert tracks.tolist() == pytest.approx([rival.tracks[c] / s.rules.track_max for c in range(1, 10)])
    solo = o[enc.at["solo"] : enc.at["solo"] + enc.segments[[g.name for g in enc.segments].index("solo")].size]
    card = next_card(s)
    assert card is not None and solo[0] == 1.0
    first_card = 1 + len(enc.solo_variants) + 3 + 2
    assert solo[first_card : first_card + enc.solo_cards].nonzero()[0].tolist() == [card.index]
    assert enc.encode(_midgame(2, 4, 40), 0)[enc.at["solo"]] == 0.0


def test_games_in_play_keep_their_parts_when_new_games_fill_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Many games sharing one encoder (a vector of environments): each new game must not make the
    games still in play rebuild their per-game parts (a full clear did, at every new game)."""
    from inferno.envs import observation
    from inferno.rules.pack import load_rules

    monkeypatch.setattr(observation, "GAMES_KEPT", 16)
    enc = observation.ObservationEncoder(load_rules())
    built: list[int] = []
    build = enc._build_game

    def counted(s: State, me: int) -> object:
        built.append(id(s))
        return build(s, me)

    monkeypatch.setattr(enc, "_build_game", counted)
    in_play = [inferno.new_game(2, seed, record_events=False) for seed in range(10)]
    for s in in_play:
        enc.encode(s, 0)
    built.clear()
    for seed in range(100, 140):  # 40 games that start and end while the 10 play on
        enc.encode(inferno.new_game(2, seed, record_events=False), 0)
        for s in in_play:
            np.testing.assert_array_equal(enc.encode(s, 0), default_encoder().encode(s, 0))
    assert not {id(s) for s in in_play} & set(built)
    assert len(built) == 40
