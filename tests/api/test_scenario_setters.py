"""Scenario setters change exactly the part of the state they name, keep the pieces counted, and refuse
positions the pieces cannot make with a message a player can read."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import inferno
from inferno.rules.boards import ShieldSpec
from inferno.rules.pack import RulesDataError
from inferno.rules.position import Desk, Empty, Guardian, Guest, Member, Pit, Sin, Soul
from inferno.rules.scenario import Scenario, ScenarioError


def _souls_counted(sc: Scenario, sin: Sin) -> int:
    """Meeples of one colour in the supply, the Graveyard and Hell (spare tiles not included)."""
    s = sc.state
    c = sin.circle
    in_hell = sum(1 for x in s.hell if x in (c, 10 + c))
    return s.supply[c] + s.graveyard[c] + in_hell


def test_shield_setter_keeps_every_soul_counted() -> None:
    sc = Scenario(players=2, seed=1)
    before = _souls_counted(sc, Sin.GREED)
    sc.shield("4.2", Soul(Sin.GREED)).shield("4.2", Soul(Sin.GREED, lying=True)).shield("4.3", Soul(Sin.GREED))
    assert _souls_counted(sc, Sin.GREED) == before
    sc.shield("4.2", Pit()).empty("4.3")
    assert _souls_counted(sc, Sin.GREED) == before and sc.position.shield("4.2") == Pit()
    tiles = sc.state.tiles[Sin.LUST.circle]
    sc.shield("2.1", Soul(Sin.LUST, lying=True, tile=True))
    assert sc.state.tiles[Sin.LUST.circle] == tiles - 1
    sc.empty("2.1")
    assert sc.state.tiles[Sin.LUST.circle] == tiles


def test_moving_a_guardian_by_name() -> None:
    sc = Scenario(players=2, seed=1)
    gid, at = next(iter(sc.position.guardians.items()))
    sc.shield("8.2", Guardian(gid))
    assert sc.position.guardians[gid] == "8.2" and sc.position.shield(at) == Empty()
    assert sum(1 for x in sc.state.hell if 30 <= x < 40) == len(sc.state.guardians)


def test_shield_setter_refusals() -> None:
    sc = Scenario(players=2, seed=1)
    gid, at = next(iter(sc.position.guardians.items()))
    other = next(g.id for g in sc.state.rules.guardians if g.id not in sc.position.guardians)
    greed = sc.state.supply[Sin.GREED.circle]
    held = set(sc.position.guardians.values())
    board = sc.state.board
    shields = [board.labels[t] for k in (4, 5, 3, 2) for t in board.circle_shields[k] if board.labels[t] not in held]
    for label in shields[:greed]:
        sc.shield(label, Soul(Sin.GREED))
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: sc.shield(shields[greed], Soul(Sin.GREED)), "no Greed Soul left in the supply"),
        (
            lambda: sc.shield(at, Pit()),
            f"shield {at} holds Guardian {gid.capitalize()}: move it to another shield first",
        ),
        (lambda: sc.shield("5.1", Guardian(other)), f"Guardian {other.capitalize()} is not in this game"),
        (lambda: sc.shield("5.1", Desk(0)), "this game is not played with Plutus: there are no Desks"),
        (lambda: sc.shield("5.1", Soul(Sin.SLOTH, tile=True)), "a spare Soul tile always lies down"),
    ]
    for call, message in cases:
        with pytest.raises(ScenarioError) as err:
            call()
        assert str(err.value).startswith(message), str(err.value)
    sc.shield(shields[0], Soul(Sin.GREED, lying=True))  # the same meeple lies down: none taken from the supply
    assert sc.position.shield(shields[0]) == Soul(Sin.GREED, lying=True) and sc.state.supply[Sin.GREED.circle] == 0


def test_family_setter_refusals() -> None:
    sc = Scenario(players=2, seed=1)
    top = sc.state.rules.track_max
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: sc.track(0, "greed", top + 1), f"a level on the Greed track must be 0 to {top}, not {top + 1}"),
        (lambda: sc.track(0, "pagan", 1), "there is no pagan Sin Track"),
        (lambda: sc.money(0, florins=-1), "Florins must be 0 or more, not -1"),
        (lambda: sc.money(0, drachmas="2"), "Drachmas must be a whole number, not '2'"),  # type: ignore[arg-type]
        (lambda: sc.passage(3, 1), "no seat 3: this game has seats 0 to 1 (seat 0 is player 1)"),
        (lambda: sc.tower(0, 0, "noble", "noble", "noble"), "a Tower floor has 2 spaces, not 3"),
        (lambda: sc.tower(0, 0, Guest(Sin.LUST), Guest(Sin.GREED)), "a Tower floor holds at most 1 Guest"),
        (lambda: sc.tower(0, 9, "noble"), "a Tower floor must be 0 to 4, not 9"),
        (lambda: sc.tower(0, 0, "dragon"), "unknown Tower item 'dragon'"),
        (lambda: sc.hand(0, "F01", "F01"), "a Fraud card can be in a hand only once"),
        (lambda: sc.at(0, "bank", "cousin"), "unknown family member 'cousin' (noble or urchin)"),
        (lambda: sc.tower(1, 3, "noble").floors(1, 2), "player 2's Tower has pieces above floor 1"),
        (lambda: sc.phlegethon("greed", 99), "the Greed Phlegethon cube must be"),
        (lambda: sc.graveyard(lust=99), "only "),
        (lambda: sc.plague_deck("P01", "P01"), "a Plague card can be in the deck only once"),
        (lambda: sc.player(0, tracks=[1]), "tracks takes {sin: level}"),
        (lambda: sc.player(0, wings=2), "unknown player field 'wings'"),
        (lambda: sc.dante(40), "Dante's stop index must be -1 to"),
        # The seat given as something other than a whole number: the setter's words, not the compiled
        # build's own TypeError (both builds run this test).
        (lambda: sc.infamy("1", 3), "no seat '1': this game has seats 0 to 1"),  # type: ignore[arg-type]
        (lambda: sc.floors(1.0, 2), "no seat 1.0: this game has seats 0 to 1"),  # type: ignore[arg-type]
        (lambda: sc.hell_phase(None), "no seat None: this game has seats 0 to 1"),  # type: ignore[arg-type]
        (lambda: sc.florence_phase(True), "no seat True: this game has seats 0 to 1"),
    ]
    for call, message in cases:
        with pytest.raises(ScenarioError) as err:
            call()
        assert str(err.value).startswith(message), str(err.value)


def test_home_takes_the_fourth_noble_only_in_the_solo_game() -> None:
    """Rulebook, Boards & General Concepts: "The 4th Noble is only used in the solo game". A solo
    scenario may put all 4 Nobles at Home; a family of a 2-player game has at most 3."""
    solo = Scenario(players=1, seed=1).home(0, nobles=4)
    assert solo.state.players[0].home[0] == 4
    with pytest.raises(ScenarioError, match="Nobles at Home must be 0 to 4, not 5"):
        solo.home(0, nobles=5)
    with pytest.raises(ScenarioError, match="Nobles at Home must be 0 to 3, not 4"):
        Scenario(players=2, seed=1).home(0, nobles=4)


def test_hand_keeps_every_fraud_card_in_one_place() -> None:
    sc = Scenario(players=3, seed=2)
    market_card = sc.state.rules.fraud_cards[sc.state.market[0]].id
    sc.hand(2, market_card, "F02")
    s = sc.state
    places = s.deck + s.market + [c for pl in s.players for c in pl.hand] + [c for pl in s.players for c in pl.played]
    assert sorted(places) == list(range(len(s.rules.fraud_cards)))
    assert sc.position.player(2).hand == (market_card, "F02")


def test_setters_after_a_decision_is_open_refresh_the_legal_actions() -> None:
    sc = Scenario(players=2, seed=1).clear_hell()
    s = sc.graveyard(lust=1).hell_phase(0)
    assert inferno.action_text(s, inferno.legal_actions(s)[0]) == "enter lust"
    sc.graveyard(greed=1)
    assert [inferno.action_text(s, a) for a in inferno.legal_actions(s)] == ["enter greed"]


def test_a_whole_board_given_in_code() -> None:
    shields = [
        ShieldSpec(
            f"{c}.{k}", "keys" if k == 1 else "wheel", down=(f"{c + 1}.{k}",) if c < 9 else (), gate=k if c == 6 else 0
        )
        for c in range(1, 10)
        for k in (1, 2)
    ]
    sc = Scenario(players=2, seed=3, board=shields)
    assert sc.state.board.size == 18 and sc.state.board.gates == 2
    assert list(sc.position.shields()) == [sh.name for sh in shields]
    s = sc.clear_hell(keep_guardians=False).graveyard(lust=1).hell_phase(0)
    assert inferno.action_text(s, inferno.legal_actions(s)[0]) == "enter lust"
    assert sc.state.rules.fingerprint != inferno.load_rules().fingerprint
    snap = inferno.state_to_dict(s)
    with pytest.raises(inferno.SnapshotError, match="other rules data"):
        inferno.state_from_dict(snap)  # the plain rules have another board
    assert inferno.state_to_dict(inferno.state_from_dict(snap, sc.state.rules)) == snap


def test_a_board_given_in_code_is_checked_like_a_data_file() -> None:
    shields = [ShieldSpec(f"{c}.1", "keys", down=(f"{c + 1}.1",) if c < 9 else ()) for c in range(1, 10)]
    with pytest.raises(RulesDataError, match="the Walls of Dis need at least one gate"):
        Scenario(players=2, seed=3, board=shields)
    with pytest.raises(RulesDataError, match=r"shields are named circle\.position"):
        Scenario(players=2, seed=3, board=[ShieldSpec("top", "keys")])


def test_tower_takes_typed_pieces_and_the_short_words_alike() -> None:
    a = Scenario(players=2, seed=1).tower(0, 1, Member.URCHIN, Guest(Sin.FRAUD)).state.players[0].tower
    b = Scenario(players=2, seed=1).tower(0, 1, "urchin", "guest:fraud").state.players[0].tower
    assert a == b


def test_bonus_tiles_locations_palace_market_and_first_player() -> None:
    sc = Scenario(players=3, seed=5)
    sc.bonus(Sin.GREED, "silver_florins").location_in("bank", "il borgo").palace("heresy", 1)
    sc.market_barrels("grey", 0).first_player(2)
    pos = sc.position
    assert pos.bonus_tiles[Sin.GREED] == "silver_florins"
    assert sorted(pos.bonus_tiles.values()) == sorted(t.id for t in sc.state.rules.bonus_tiles)
    assert pos.location("bank").quartiere == "Il Borgo"
    per_quartiere = [sum(1 for q in sc.state.loc_quartiere if q == k) for k in range(4)]
    assert per_quartiere == [2, 2, 2, 2]
    assert pos.palace[Sin.HERESY] == 1 and pos.palace[Sin.VIOLENCE] == 3
    assert pos.barrel_market["grey"] == 0 and pos.first_player == 2
    assert len(pos.fraud_market) == sc.state.rules.market_size and pos.fraud_deck_size == len(sc.state.deck)
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: sc.bonus("greed", "golden_goose"), "unknown bonus tile 'golden_goose'"),
        (lambda: sc.bonus("pagan", "silver_florins"), "no bonus tile lies beside the Pagan track"),
        (lambda: sc.location_in("bank", "Roma"), "unknown quartiere 'Roma'"),
        (lambda: sc.palace("lust", 1), "the PALACE has no Lust Guests"),
        (lambda: sc.palace("heresy", 4), "Heresy Guests must be 0 to 3, not 4"),
        (lambda: sc.first_player(3), "no seat 3"),
    ]
    for call, message in cases:
        with pytest.raises(ValueError) as err:
            call()
        assert str(err.value).startswith(message), str(err.value)
