"""The first game's warnings (inferno.outcome.option_warnings, inferno.first_game): the engine says which
option takes a loan, holds a family council or loses a Fraud card's instant effect; a first game shows
each kind once."""

from __future__ import annotations

import inferno
from inferno import Scenario
from inferno.first_game import WarningsShown, first_game_bot
from inferno.outcome import WarningKind, option_warnings
from inferno.rules.actions import Action, Decision
from inferno.rules.state import State


def _action(s: State, text: str) -> Action:
    a = inferno.parse_action(s, text)
    assert a in inferno.legal_actions(s), text
    return a


def _kinds(s: State, text: str) -> list[WarningKind]:
    return [w.kind for w in option_warnings(s, _action(s, text))]


def _fraud_without_barrel() -> State:
    sc = Scenario(2, 1).fraud_cards(market=("F10", "F11", "F12"), deck_top=("F13",), hands={0: ("F01", "F02")})
    pl = sc.state.players[0]
    sc.player(0, tower=[0] * len(pl.tower), floors=2, drachmas=3, panel=[])
    return sc.decision((Decision.FRAUD_SOURCE, 0, 0, 1))


def test_a_loan_is_warned_of_with_its_cost() -> None:
    s = Scenario(2, 1).money(0, drachmas=0, loans=0).florence_phase(0, "bank")
    warned = option_warnings(s, _action(s, "bribe"))
    assert [w.kind for w in warned] == [WarningKind.LOAN]
    assert "takes a loan from Charon" in warned[0].text and "loan 1 costs" in warned[0].text
    assert warned[0].rule.startswith("rulebook")
    assert _kinds(s, "send bank noble") == []


def test_no_loan_when_the_drachmas_are_there() -> None:
    s = Scenario(2, 1).money(0, drachmas=5, loans=0).florence_phase(0, "bank")
    assert _kinds(s, "bribe") == []


def test_a_council_is_warned_of_with_its_infamy() -> None:
    s = Scenario(2, 1).player(0, infamy=10).florence_phase(0, "bank")
    warned = option_warnings(s, _action(s, "council"))
    assert [w.kind for w in warned] == [WarningKind.COUNCIL]
    assert f"you lose {s.rules.council_cost} Infamy points" in warned[0].text


def test_a_fraud_card_without_its_barrel_is_warned_of() -> None:
    s = _fraud_without_barrel()
    warned = option_warnings(s, _action(s, "play F01"))
    assert [w.kind for w in warned] == [WarningKind.FRAUD_LOST]
    assert "the instant effect of F01 is lost" in warned[0].text
    assert _kinds(s, "play-deck") == []  # a hidden card: nothing can be said before


def test_each_kind_is_shown_once_in_a_first_game() -> None:
    shown = WarningsShown()
    s = Scenario(2, 1).money(0, drachmas=0, loans=0).florence_phase(0, "bank")
    first = shown.due(s, _action(s, "bribe"))
    assert [w.kind for w in first] == [WarningKind.LOAN]
    shown.shown(first)
    assert shown.due(s, _action(s, "bribe")) == []  # the second loan passes without a word
    assert [w.kind for w in shown.due(s, _action(s, "council"))] == [WarningKind.COUNCIL]
    f = _fraud_without_barrel()
    assert [w.kind for w in shown.due(f, _action(f, "play F01"))] == [WarningKind.FRAUD_LOST]


def test_the_kinds_shown_survive_a_save() -> None:
    shown = WarningsShown({WarningKind.COUNCIL, WarningKind.LOAN})
    again = WarningsShown.from_list(shown.to_list())
    assert again == shown
    assert WarningsShown.from_list(["loan", "nonsense", 3]).kinds == {WarningKind.LOAN}
    assert WarningsShown.from_list(None).kinds == set()


def test_a_first_game_is_against_the_weakest_bot() -> None:
    from inferno.bots.base import LADDER

    assert first_game_bot() == LADDER[0] == "random"
