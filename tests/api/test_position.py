"""The read accessors (inferno.rules.position) decode every code of the compact state into the game's words."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import inferno
from inferno.rules.actions import Decision
from inferno.rules.model import StopKind
from inferno.rules.position import (
    Barrel,
    Desk,
    Empty,
    Guardian,
    Guest,
    Member,
    Members,
    Pit,
    Position,
    Sin,
    Soul,
    UnknownNameError,
)
from inferno.rules.scenario import Scenario


def test_sins_are_the_rules_data_circles() -> None:
    """The Sin enum names the circles as the rules data and the action text form do, in circle order."""
    rules = inferno.load_rules()
    assert [s.value for s in Sin] == [c.id for c in rules.circles]
    assert [s.circle for s in Sin] == [c.number for c in rules.circles]
    assert Sin.of_circle(4) is Sin.GREED and Sin.GREED.label == "Greed"


def test_every_shield_content_reads_back() -> None:
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=True)
    guardian = next(iter(sc.position.guardians))
    sc.shield("2.1", Soul(Sin.LUST)).shield("4.2", Soul(Sin.GREED, lying=True))
    sc.shield("5.1", Soul(Sin.SLOTH, lying=True, tile=True)).shield("7.1", Pit()).shield("8.1", Guardian(guardian))
    pos = sc.position
    assert pos.shield("2.1") == Soul(Sin.LUST, lying=False)
    assert pos.shield("4.2") == Soul(Sin.GREED, lying=True)
    assert pos.shield("5.1") == Soul(Sin.SLOTH, lying=True, tile=True)
    assert pos.shield("7.1") == Pit()
    assert pos.shield("8.1") == Guardian(guardian) and pos.guardians[guardian] == "8.1"
    assert pos.shield("3.2") == Empty()
    assert pos.souls().keys() == {"2.1", "4.2", "5.1"}
    assert [str(pos.shield(x)) for x in ("2.1", "4.2", "5.1")] == [
        "Lust Soul",
        "lying Greed Soul",
        "lying Sloth Soul tile",
    ]
    assert len(pos.shields()) == sc.state.board.size


def test_desk_reads_back_in_a_plutus_game() -> None:
    sc = Scenario(players=3, seed=2, modules=("plutus",)).shield("4.1", Desk(2))
    assert sc.position.shield("4.1") == Desk(2) and str(Desk(2)) == "Desk of player 3"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("3.12", "no shield 3.12 on board side I/II (circle 3 has shields 3.1 to 3.5)"),
        ("12.1", "no shield 12.1 (Hell has circles 1 to 9)"),
        ("shield three", "'shield three' is not a shield name (shields are named circle.position, e.g. 3.2)"),
    ],
)
def test_bad_shield_names_are_refused_in_words(name: str, message: str) -> None:
    pos = Position(inferno.new_game(2, 1))
    with pytest.raises(UnknownNameError) as err:
        pos.shield(name)
    assert str(err.value) == message
    assert isinstance(err.value, ValueError)


def test_bad_names_of_other_things_are_refused_in_words() -> None:
    sc = Scenario(players=2, seed=1)
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: sc.passage(0, "gate 12"), "no gate 12 (the Walls of Dis have gates 1 to 4 on board side I/II)"),
        (lambda: sc.passage(0, "the big one"), "'the big one' is not a gate (the Walls of Dis have gates 1 to 4)"),
        (lambda: sc.track(0, "envy", 1), "unknown sin 'envy' (one of pagan, lust, gluttony, greed"),
        (lambda: sc.position.location("tavern"), "unknown location 'tavern' (one of haystack, banquet"),
        (lambda: sc.hand(0, "F99"), "unknown Fraud card 'F99' (F01 to F"),
        (lambda: sc.plague_deck("X1"), "unknown Plague card 'X1' (P01 to P"),
        (lambda: sc.dante_at("Z"), "Dante's path has no stop 'Z' (its stops: F, D2, P, D3"),
        (lambda: sc.dante_at("F"), "Dante's path has 3 stops F (stops 1, 5, 10): name one by its number"),
        (lambda: sc.dante_at(14), "no stop 14 (Dante's path has stops 1 to 13; 0 is his first space)"),
        (lambda: sc.position.player(2), "no player seat 2 (seats 0 to 1)"),
    ]
    for call, start in cases:
        with pytest.raises(UnknownNameError) as err:
            call()
        assert str(err.value).startswith(start), str(err.value)


def test_player_accessors() -> None:
    sc = Scenario(players=2, seed=1)
    sc.tracks(1, greed=3, lust=1).diplomas(1, "heresy", Sin.LUST).half_diplomas(1, 2).passages(1, 2, "gate 4")
    sc.money(1, florins=7, drachmas=1, loans=1).infamy(1, 12).home(1, nobles=1, urchins=2)
    sc.tower(1, 0, Member.NOBLE, Guest(Sin.HERESY)).tower(1, 2, "urchin", Barrel("grey")).hand(1, "F03", "f07")
    p = sc.position.player(1)
    assert p.tracks[Sin.GREED] == 3 and p.tracks[Sin.LUST] == 1 and Sin.PAGAN not in p.tracks
    assert p.diplomas == {Sin.HERESY, Sin.LUST} and p.half_diplomas == 2
    assert p.passages == {2, 4}
    assert (p.florins, p.drachmas, p.loans, p.infamy) == (7, 1, 1, 12)
    assert p.home == Members(1, 2)
    assert p.tower.built == 3
    assert p.tower.floors[0] == (Member.NOBLE, Guest(Sin.HERESY))
    assert p.tower.space("2.1") is Member.URCHIN and p.tower.space("2.2") == Barrel("grey")
    assert p.tower.floors[1] == (Empty(), Empty())
    assert p.hand == ("F03", "F07")
    assert p.family == sc.state.rules.family_cards[sc.state.players[1].family].id


def test_hidden_hands_read_as_none_in_a_view() -> None:
    s = inferno.new_game(2, 1)
    v = Position(inferno.view(s, 0))
    assert all(c is not None for c in v.player(0).hand)
    assert v.player(1).hand == (None,) * len(s.players[1].hand)


def test_florence_locations_and_who_is_there() -> None:
    sc = Scenario(players=3, seed=4).at(0, "bank").at(2, "bank", Member.URCHIN, 2).at(1, "wall")
    bank = sc.position.location("bank")
    assert bank.members == {0: Members(1, 0), 2: Members(0, 2)}
    assert bank.name == "BANK" and bank.quartiere in sc.state.rules.quartieri
    assert [loc.id for loc in sc.position.locations()] == [loc.id for loc in sc.state.rules.locations]
    assert sc.position.location("WALL").members == {1: Members(1, 0)}


def test_dante_by_stop_name() -> None:
    sc = Scenario(players=2, seed=1)
    assert sc.position.dante.name == "start" and sc.position.dante.number == 0
    d = sc.dante_at("D4").position.dante
    assert (d.name, d.kind, d.sin, d.total) == ("D4", StopKind.DIPLOMA, Sin.GREED, len(sc.state.stops))
    assert sc.state.stops[sc.state.dante].circle == 4
    assert sc.dante_at("stop 5").position.dante.number == 5
    assert sc.dante_at("end").position.dante.name == "END"
    assert sc.dante_at("start").state.dante == -1


def test_graveyard_phlegethon_and_plague_deck() -> None:
    sc = Scenario(players=2, seed=1).graveyard(lust=2, pagan=1).phlegethon("greed", 2).plague_deck("P03", "P01")
    pos = sc.position
    assert pos.graveyard[Sin.LUST] == 2 and pos.graveyard[Sin.PAGAN] == 1 and pos.graveyard[Sin.GREED] == 0
    assert pos.phlegethon[Sin.GREED] == 2 and Sin.PAGAN not in pos.phlegethon
    assert pos.plague_deck == ("P03", "P01") and pos.plague_deck_size == 2


def test_pending_decision_is_typed_and_matches_the_engine() -> None:
    s = inferno.new_game(3, 7)
    for _ in range(25):
        d = Position(s).decision
        assert d is not None
        assert d.player == inferno.to_move(s)
        assert d.kind is inferno.pending(s).decision  # type: ignore[union-attr]
        assert d.actions == tuple(inferno.legal_actions(s))
        assert d.texts == tuple(inferno.action_text(s, a) for a in d.actions)
        assert d.option(d.texts[-1].upper()) == d.actions[-1]
        s = inferno.apply(s, d.actions[-1])
    with pytest.raises(UnknownNameError, match="is not one of the choices now"):
        Position(s).decision.option("fly away")  # type: ignore[union-attr]


def test_no_decision_before_a_scenario_opens_one_or_after_the_game() -> None:
    sc = Scenario(players=2, seed=1)
    assert sc.position.decision is None
    sc.hell_phase(1)
    d = sc.position.decision
    assert d is not None and d.player == 1 and d.kind is Decision.HELL
    over = sc.final_scoring(0)
    while not over.over:
        over = inferno.apply(over, inferno.legal_actions(over)[0])
    assert Position(over).decision is None
