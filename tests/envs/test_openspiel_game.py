"""The OpenSpiel Python game: OpenSpiel's random-simulation test, MCTS and information-set MCTS."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import inferno
import inferno.envs.openspiel_game  # registers python_inferno
from inferno.envs.encoding import default_encoding
from inferno.envs.observation import default_encoder


def _dealt(params: dict[str, object], deal: int = 3) -> pyspiel.State:
    state = pyspiel.load_game("python_inferno", params).new_initial_state()
    assert state.is_chance_node()
    state.apply_action(deal)
    return state


@pytest.mark.parametrize(
    "params",
    [
        {"players": 2},
        {"players": 1, "reward": "margin"},
        {"players": 1},
        {"players": 5, "modules": "plutus+phlegyas"},
        {"players": 3, "modules": "phlegyas"},
    ],
)
def test_openspiel_random_sim_test(params: dict[str, object]) -> None:
    pyspiel.random_sim_test(pyspiel.load_game("python_inferno", params), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("side", ["", "III/IV"])
def test_deal_is_the_setup_seed_and_actions_are_the_fixed_index(side: str) -> None:
    state = _dealt({"players": 2, "side": side, "side_variant": True}, deal=17)
    s = inferno.new_game(2, 17, side=side or None, record_events=False, side_variant=True)
    assert inferno.state_to_dict(state.play.s) == inferno.state_to_dict(s)
    enc = default_encoding()
    assert state.legal_actions() == sorted(enc.encode(a) for a in inferno.legal_actions(s))
    assert state.current_player() == inferno.to_move(s)


def test_mcts_and_ismcts_play_moves() -> None:
    game = pyspiel.load_game("python_inferno", {"players": 2})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=6, evaluator=evaluator, random_state=rng, solve=False),
        ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6, random_state=rng),
    ]
    state = _dealt({"players": 2})
    for _ in range(6):
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) == 7


def test_resampled_states_keep_the_information_state_and_vary_hidden_cards() -> None:
    state = _dealt({"players": 2})
    for _ in range(30):
        state.apply_action(state.legal_actions()[0])
    me = state.current_player()
    key = state.information_state_string(me)
    other_hands = set()
    for i in range(8):
        r = state.resample_from_infostate(me, lambda i=i: (i + 0.5) / 8)
        assert r.information_state_string(me) == key
        assert r.legal_actions() == state.legal_actions()
        other_hands.add(tuple(r.play.s.players[1 - me].hand))
    assert len(other_hands) > 1


def test_observation_tensor_is_the_view_encoding_d5() -> None:
    """D5: the observation comes from inferno.view; the information state never shows the seed."""
    state = _dealt({"players": 2}, deal=123)
    s = state.play.s
    for p in range(2):
        assert np.array_equal(np.asarray(state.observation_tensor(p)), default_encoder().encode(inferno.view(s, p)))
        assert "123" not in state.information_state_string(p)


def test_resampling_keeps_ones_information_state_and_hides_the_true_one_of_others() -> None:
    """A resampled world keeps the searching player's information state; the others' information
    states are those of the sampled world (ISMCTS must not meet the true hidden hands there)."""
    state = _dealt({"players": 2})
    me = state.current_player()
    true_hand = state.play.s.players[1 - me].hand
    checked = 0
    for i in range(8):
        other = state.resample_from_infostate(me, lambda i=i: (i + 0.5) / 8)
        assert other.information_state_string(me) == state.information_state_string(me)
        if other.play.s.players[1 - me].hand != true_hand:
            assert other.information_state_string(1 - me) != state.information_state_string(1 - me)
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("params", [{"players": 6}, {"side": "V"}, {"reward": "most"}, {"deals": 0}])
def test_bad_parameters_are_refused(params: dict[str, object]) -> None:
    with pytest.raises((ValueError, pyspiel.SpielError), match=r"players|side|margin|positive"):
        pyspiel.load_game("python_inferno", params)


def test_game_string_form_loads() -> None:
    game = pyspiel.load_game("python_inferno(players=3,side=I/II,side_variant=true)")
    assert game.num_players() == 3
    state = game.new_initial_state()
    state.apply_action(0)
    assert state.play.s.board.side == "I/II"


def test_five_players_need_a_module() -> None:
    with pytest.raises(ValueError, match="expansion"):
        pyspiel.load_game("python_inferno", {"players": 5})
    state = _dealt({"players": 5, "modules": "plutus"}, deal=4)
    s = inferno.new_game(5, 4, record_events=False, modules=("plutus",))
    assert inferno.state_to_dict(state.play.s) == inferno.state_to_dict(s)
    assert state.num_players() == 5
    assert np.array_equal(np.array(state.observation_tensor(4)), default_encoder().encode(s, 4))
