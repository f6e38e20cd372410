"""Dante's path: Fraud, pagan, Diploma and final stops; the last round; sudden death (RULES.md §11, §16; U10)."""

from __future__ import annotations

import inferno
from inferno import Scenario
from inferno.rules.actions import Decision
from inferno.rules.model import StopKind
from inferno.rules.state import State
from tests.rules.helpers import decision, do, texts

SINS = ("lust", "gluttony", "greed", "sloth", "heresy", "violence", "fraud", "treachery")


def no_skulls(sc: Scenario) -> Scenario:
    for p in range(sc.state.num_players):
        sc.player(p, tracks=dict.fromkeys(SINS, 0), diplomas=[], infamy=0)
    return sc


def before(s: State, kind: StopKind, circle: int = 0) -> int:
    """Index to put Dante on so that his next stop is the first of this kind (and circle)."""
    return next(i for i, x in enumerate(s.stops) if x.kind is kind and (not circle or x.circle == circle)) - 1


def dante_moves(sc: Scenario, p: int) -> State:
    """Resolve Dante's next stop for player ``p`` (accusation step 5)."""
    return sc.decision((Decision.AUTO_DANTE, p))


# --- Fraud stop --------------------------------------------------------------------------------


def test_fraud_stop_plays_a_card_from_hand_free_it() -> None:
    """§11 Fraud stop (IT; S0 'one of Dante's stops lets you play one'): no cost from hand; optional."""
    sc = Scenario(2, 1).player(0, drachmas=2, hand=["F01", "F02"])
    sc.dante(before(sc.state, StopKind.FRAUD))
    s = dante_moves(sc, 0)
    assert decision(s) is Decision.FRAUD_SOURCE
    assert "done" in texts(s) and "play F01" in texts(s) and "play-deck" in texts(s)
    s = do(s, "play F01")
    assert s.players[0].drachmas == 2


def test_fraud_stop_card_off_hand_costs_one_drachma_s0() -> None:
    """§12 (S0): a card not from your hand costs 1 extra, even at a free Fraud stop."""
    sc = Scenario(2, 1).player(0, drachmas=2)
    sc.dante(before(sc.state, StopKind.FRAUD))
    s = do(dante_moves(sc, 0), "play-deck")
    assert s.players[0].drachmas == 1


# --- pagan stop --------------------------------------------------------------------------------


def test_pagan_stop_puts_a_pagan_soul_in_the_graveyard_it() -> None:
    """§11 pagan stop (IT, LM): a pagan (cream) Soul goes to the Graveyard."""
    sc = Scenario(2, 1)
    sc.dante(before(sc.state, StopKind.PAGAN))
    gy, sup = sc.state.graveyard[1], sc.state.supply[1]
    s = dante_moves(sc, 0)
    assert s.graveyard[1] == gy + 1 and s.supply[1] == sup - 1


def test_pagan_stop_offers_an_optional_free_guardian_it() -> None:
    """§11 pagan stop (IT 'you may play a Guardian'), U11: free of charge, and optional."""
    sc = Scenario(2, 1).player(0, drachmas=0)
    sc.dante(before(sc.state, StopKind.PAGAN))
    s = dante_moves(sc, 0)
    assert decision(s) is Decision.GUARDIAN_MOVE
    assert "done" in texts(s)
    s2 = do(s, next(t for t in texts(s) if t.startswith("gmove")))
    assert s2.players[0].drachmas == 0 and s2.players[0].loans == 0
    s3 = do(s, "done")
    assert s3.guardian_pos == s.guardian_pos


# --- Diploma stops -----------------------------------------------------------------------------


def test_diploma_stop_goes_to_the_player_furthest_on_the_track_it() -> None:
    """§11 Diploma stop (IT; S3): the player furthest along that track places the Diploma."""
    sc = no_skulls(Scenario(3, 1)).player(0, tracks={"greed": 1}).player(2, tracks={"greed": 3})
    sc.dante(before(sc.state, StopKind.DIPLOMA, 4))
    s = dante_moves(sc, 1)
    assert [pl.diplomas >> 4 & 1 for pl in s.players] == [0, 0, 1]


def test_diploma_stop_tie_every_leader_places_one_u10() -> None:
    """§11, U10 (IT; S3 sudden death wording): tied leaders each place a Diploma."""
    sc = no_skulls(Scenario(3, 1)).player(0, tracks={"lust": 2}).player(1, tracks={"lust": 2})
    sc.player(2, tracks={"lust": 1})
    sc.dante(before(sc.state, StopKind.DIPLOMA, 2))
    s = dante_moves(sc, 2)
    assert [pl.diplomas >> 2 & 1 for pl in s.players] == [1, 1, 0]


def test_diploma_stop_with_nobody_on_the_track_awards_nothing_u10() -> None:
    """U10: a Diploma stop with nobody on the track awards no Diploma."""
    sc = no_skulls(Scenario(2, 1))
    sc.dante(before(sc.state, StopKind.DIPLOMA, 3))
    s = dante_moves(sc, 0)
    assert [pl.diplomas for pl in s.players] == [0, 0]


def test_diploma_stop_never_a_second_diploma_in_a_circle_s3() -> None:
    """§11 (S3): you can have only one Diploma per circle."""
    sc = no_skulls(Scenario(2, 1)).player(0, tracks={"sloth": 4}, diplomas=["sloth"], half=1)
    sc.player(1, tracks={"sloth": 1})
    sc.dante(before(sc.state, StopKind.DIPLOMA, 5))
    s = dante_moves(sc, 1)
    assert s.players[0].diplomas == 1 << 5
    assert s.players[1].diplomas == 0  # only the leader places it
    assert s.players[0].half == 1


# --- final stop and the last round -------------------------------------------------------------


def test_final_stop_scores_two_and_awards_the_ice_blue_diploma_s3() -> None:
    """§11, §16.1 (S3): the accuser scores 2 Infamy and the ice-blue Diploma is awarded."""
    sc = no_skulls(Scenario(2, 1)).player(1, tracks={"treachery": 1})
    sc.dante(len(sc.state.stops) - 2)
    s = dante_moves(sc, 0)
    assert s.dante == len(s.stops) - 1
    assert s.players[0].infamy == 2
    assert s.players[1].diplomas == 1 << 9 and s.players[0].diplomas == 0
    assert s.ender == 0


def test_last_round_every_other_player_takes_one_turn_in_order_s3() -> None:
    """§16.1 (S3): that was the ender's last turn; every other player takes one more, in order."""
    sc = no_skulls(Scenario(3, 4))
    sc.dante(len(sc.state.stops) - 2)
    n = len(inferno.events(sc.state))
    s = dante_moves(sc, 1)
    last = s.dante
    while not s.over:
        s = inferno.apply(s, inferno.legal_actions(s)[0])
        assert s.dante == last
    turns = [e.player for e in inferno.events(s)[n:] if e.kind == "turn"]
    assert turns == [2, 0]
    assert inferno.result(s).ended_by == 1


def test_solo_final_stop_goes_straight_to_final_scoring_s3() -> None:
    """§16.1 (S3): with no other player, the game goes to final scoring at once."""
    sc = no_skulls(Scenario(1, 2))
    sc.dante(len(sc.state.stops) - 2)
    s = dante_moves(sc, 0)
    assert s.over
    assert inferno.result(s).players[0].steps["reputation"] == 0


# --- sudden death (§16.4) ----------------------------------------------------------------------


def test_sudden_death_dante_awards_every_diploma_he_passes_s3() -> None:
    """§16.4 (S3): Dante goes to the end awarding each Diploma he passes; nobody scores the 2 points."""
    sc = no_skulls(Scenario(2, 1)).player(0, tracks={"violence": 2, "lust": 3}, drachmas=0)
    sc.player(1, tracks={"violence": 2, "treachery": 1})
    sc.dante(before(sc.state, StopKind.DIPLOMA, 7))
    hell = sc.state.hell
    for t in range(len(hell)):
        if hell[t] == 0:
            hell[t] = 40  # every shield blocked: nobody can move a Soul
    s = sc.hell_phase(0)
    assert s.over and s.sudden_death
    assert s.dante == len(s.stops) - 1
    d = [pl.diplomas for pl in s.players]
    assert d[0] == 1 << 7  # lust (D2) was already passed
    assert d[1] == (1 << 7) | (1 << 9)
    r = inferno.result(s)
    assert r.sudden_death and r.ended_by == 0
    assert [p.before_final for p in r.players] == [0, 0]
