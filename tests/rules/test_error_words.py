"""The engine's errors and enums speak the game's words: an illegal action names the player as the
table does ("Player 3" for the third) and the action in its notation; ``result`` on an unfinished game
raises a documented ``InfernoError``; ``Act`` and ``Decision`` print their names."""

from __future__ import annotations

import pytest

from inferno import (
    Act,
    Action,
    Decision,
    GameNotOverError,
    IllegalActionError,
    InfernoError,
    apply,
    legal_actions,
    to_move,
)
from inferno.rules.notation import parse_action
from inferno.rules.scoring import result
from inferno.rules.setup import new_game


def test_an_illegal_action_names_the_player_and_the_action_in_the_game_s_words() -> None:
    s = new_game(3, 1)
    p = to_move(s)
    with pytest.raises(IllegalActionError) as info:
        apply(s, parse_action(s, "council"))
    msg = str(info.value)
    assert msg == f"'council' is not legal now: Player {p + 1} must move one Soul in the Hell phase"
    assert "pending" not in msg and "HELL" not in msg and "COUNCIL" not in msg


def test_an_action_the_state_cannot_name_is_refused_by_its_word() -> None:
    s = new_game(2, 1)
    with pytest.raises(IllegalActionError, match=r"^'enter \w+' is not legal now: Player \d must "):
        apply(s, Action(Act.ENTER, 1, 0))


def test_result_of_an_unfinished_game_raises_a_documented_error() -> None:
    s = new_game(2, 1)
    with pytest.raises(GameNotOverError, match="not over"):
        result(s)
    assert issubclass(GameNotOverError, InfernoError)


def test_act_and_decision_print_their_names_and_format_as_numbers() -> None:
    assert str(Act.COUNCIL) == "COUNCIL" and str(Decision.HELL) == "HELL"
    # Formatted as before (texts and logs that write the number stay as they are).
    assert f"{Act.COUNCIL}" == str(int(Act.COUNCIL)) and f"{Decision.HELL:>3}" == f"{int(Decision.HELL):>3}"


def test_the_third_seat_is_player_3_in_an_illegal_action_s_error() -> None:
    """The table's numbers, not the seat index: the third seat (index 2) is "Player 3"."""
    s = new_game(3, 1)
    while to_move(s) != 2:
        s = apply(s, legal_actions(s)[0])
    with pytest.raises(IllegalActionError) as info:
        apply(s, parse_action(s, "council"))
    assert str(info.value).startswith("'council' is not legal now: Player 3 must ")
    assert "player 2" not in str(info.value).lower()
