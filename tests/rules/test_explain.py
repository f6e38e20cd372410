""" "Why can't I?": the engine's explanation for every family of illegal action, with its rulebook page.

Each test builds a position where an action is not legal and checks the reason and the rule it
cites (rulebook p.11 Hell phase, p.12 Florence, p.14-15 accusation, p.9 River Styx, p.22-23
Guardians, the Boards & General Concepts and Final Scoring sections, the P&P Hell-phase sentence).
"""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import inferno
from inferno import Act, Action, Decision, Scenario, State
from inferno.rules.choices import GROUP_UPPER
from inferno.rules.engine import legal_actions
from inferno.rules.explain import KINDS, WHEN, Explanation, Why, decision_summary, explain, explain_place
from inferno.rules.solo_model import SoloConfig
from tests.rules.helpers import play

HELL = "rulebook, Hell Phase p.11"
FLORENCE = "rulebook, Florence Phase p.12"
ACCUSE = "rulebook p.14-15"
GENERAL = "rulebook, Boards & General Concepts"


def why(s: State, text: str, player: int | None = None) -> Explanation:
    p = s.stack[-1][1] if player is None else player
    e = explain(s, p, text)
    assert not e.legal, e
    assert e.reason and e.rule
    return e


def blank(players: int = 2, **kw: object) -> Scenario:
    return Scenario(players=players, seed=1, **kw).clear_hell(keep_guardians=False)  # type: ignore[arg-type]


# --- every decision and action kind is covered -------------------------------------------------


def test_every_action_kind_has_a_when_rule_and_every_decision_its_kinds() -> None:
    assert set(WHEN) == set(Act)
    assert {d for d in Decision if d < 100} == set(KINDS)
    assert set().union(*KINDS.values()) == set(Act)


# --- families that apply to every action --------------------------------------------------------


def test_legal_action_is_reported_legal() -> None:
    s = blank().graveyard(lust=1).hell_phase(0)
    e = explain(s, 0, "enter lust")
    assert e.legal and e.why is Why.LEGAL and "legal" in e.text


def test_not_your_turn() -> None:
    """Rulebook, Hell Phase p.11: players take turns; only the player to decide may act."""
    s = blank().graveyard(lust=1).hell_phase(0)
    e = why(s, "enter lust", player=1)
    assert e.why is Why.NOT_YOUR_TURN and e.reason.startswith("it is not your turn: Player 1 must move one Soul")


def test_game_over() -> None:
    s = inferno.new_game(2, 3)
    rng = random.Random(0)
    while not s.over:
        inferno.apply_in_place(s, rng.choice(legal_actions(s)), rollback=False)
    e = why(s, "council", player=0)
    assert e.why is Why.GAME_OVER and e.reason == "the game is over"


def test_malformed_text_gets_the_parsers_answer() -> None:
    s = blank().graveyard(lust=1).hell_phase(0)
    e = explain(s, 0, "move 77.7")
    assert not e.legal and e.why is Why.MALFORMED and "unknown shield '77.7'" in e.reason


def test_argument_naming_nothing() -> None:
    s = blank().graveyard(lust=1).hell_phase(0)
    e = explain(s, 0, Action(Act.MOVE, 9999))
    assert e.why is Why.NO_SUCH and e.reason == "there is no such shield in this game"


def test_wrong_step_says_what_the_decision_asks_and_when_the_action_is_possible() -> None:
    """Rulebook p.14-15: you accuse in the Florence phase, not while moving a Soul."""
    s = blank().graveyard(lust=1).hell_phase(0)
    e = why(s, "accuse bank noble")
    assert e.why is Why.WRONG_STEP and e.rule == ACCUSE
    assert "you must move one Soul in the Hell phase" in e.reason and "only in the Florence phase" in e.reason


def test_done_where_the_step_cannot_be_skipped() -> None:
    s = blank().graveyard(lust=1).hell_phase(0)
    e = why(s, "done")
    assert (
        e.why is Why.MUST_CHOOSE and e.reason == "this step cannot be skipped: you must move one Soul in the Hell phase"
    )


def test_why_alone_summarises_the_decision() -> None:
    s = blank().graveyard(lust=1).hell_phase(0)
    e = decision_summary(s, 0)
    assert "you must move one Soul in the Hell phase (1 choice)" in e.reason and "own circle" in e.reason
    assert e.rule == HELL
    assert decision_summary(s, 1).why is Why.NOT_YOUR_TURN


# --- Hell phase (rulebook p.11) -------------------------------------------------------------------


def test_enter_without_that_colour_in_the_graveyard() -> None:
    s = blank().graveyard(gluttony=1).hell_phase(0)
    e = why(s, "enter lust")
    assert e.why is Why.NO_PIECE and e.reason == "there is no Lust Soul in the Graveyard to ferry" and e.rule == HELL


def test_move_a_soul_in_its_own_circle() -> None:
    s = blank().graveyard(lust=1).soul("2.1", "lust").hell_phase(0)
    e = why(s, "move 2.1")
    assert e.why is Why.OWN_CIRCLE and "Souls never descend below their own circle" in e.reason and e.rule == HELL


def test_move_a_lying_soul_or_an_empty_shield() -> None:
    s = blank().graveyard(lust=1).soul("2.1", "lust", lying=True).hell_phase(0)
    assert "lies down in its own circle" in why(s, "move 2.1").reason
    assert why(s, "move 2.2").reason == "there is no Soul on 2.2"


def test_move_across_the_walls_without_a_passage() -> None:
    """Rulebook p.11: to cross the Walls of Dis you need your own safe passage on that gate."""
    s = blank().graveyard(lust=1).soul("5.1", "heresy").player(1, passages=[1, 2]).hell_phase(0)
    e = why(s, "move 5.1")
    assert e.why is Why.WALLS and e.rule == HELL
    assert e.reason == "you need your own safe passage on gate 1 or 2 to cross the Walls of Dis"


def test_step_through_the_wrong_gate() -> None:
    s = play(blank().graveyard(lust=1).soul("5.1", "heresy").player(0, passages=[1]).hell_phase(0), "move 5.1")
    e = why(s, "step 6.2")
    assert e.reason == "you need your own safe passage on gate 2 to cross the Walls of Dis" and e.rule == HELL


def test_step_not_along_a_line() -> None:
    s = play(blank().graveyard(lust=1).soul("5.1", "heresy").player(0, passages=[1]).hell_phase(0), "move 5.1")
    e = why(s, "step 6.4")
    assert e.why is Why.NOT_LINKED and e.reason == "6.4 is not on a line down from 5.1"


def test_step_onto_an_occupied_shield_with_nowhere_to_go_on() -> None:
    sc = blank().graveyard(lust=1)
    b = sc.state.board
    a, c = b.labels[b.down[b.index["2.1"]][0]], b.labels[b.down[b.index["2.1"]][-1]]
    sc.soul("2.1", "gluttony").soul(a, "gluttony", lying=True)
    assert a != c, "the default board gives 2.1 two lines down"
    s = play(sc.hell_phase(0), "move 2.1")
    e = why(s, f"step {a}")
    assert e.why is Why.BLOCKED and "could not go on from it" in e.reason


def test_bell_to_a_shield_not_beside_the_soul() -> None:
    """Rulebook, Hell Phase p.11 (P&P): a Bell slides the Soul sideways to a neighbouring shield."""
    sc = blank(modules=("phlegyas",)).bells(0, 1)
    s = sc.state
    row = s.board.circle_shields[3]
    sc.soul(s.board.labels[row[0]], "violence")
    s = play(sc.hell_phase(0), f"move {s.board.labels[row[0]]}")
    assert inferno.pending(s).decision == Decision.BELL  # type: ignore[union-attr]
    e = why(s, f"bell {s.board.labels[row[3]]}")
    assert e.why is Why.NOT_LINKED and "P&P: Phlegyas" in e.rule


def test_desk_outside_plutus_circle() -> None:
    """Rulebook, Hell Phase p.11 (P&P): the Desk goes in Plutus's circle (the circle is rules data)."""
    s = blank(modules=("plutus",)).decision((Decision.DESK, 0))
    e = why(s, "desk 1.1")
    assert e.why is Why.NOT_LINKED and "your Desk goes on a shield of Plutus's circle" in e.reason
    assert "P&P: Plutus" in e.rule


def test_solo_game_explains_with_the_same_rules() -> None:
    s = inferno.new_game(1, 2, solo=SoloConfig())
    legal = legal_actions(s)
    assert all(explain(s, 0, a).legal for a in legal)
    e = why(s, "gate 1")
    assert e.why is Why.WRONG_STEP and "at the BONFIRE" in e.reason


# --- Florence phase (rulebook p.12, p.14-15) ------------------------------------------------------


def test_bribe_twice() -> None:
    s = blank().florence_phase(0, "bank", bribed=True)
    e = why(s, "bribe")
    assert e.why is Why.ALREADY and e.reason == "you have already bribed Charon this turn" and e.rule == FLORENCE


def test_send_outside_the_quartiere() -> None:
    sc = blank().player(0, home=[1, 1])
    s = sc.state
    bank = s.rules.location_by_id("bank")
    other = next(loc for loc in s.rules.locations if s.loc_quartiere[loc.index] != s.loc_quartiere[bank.index])  # type: ignore[union-attr]
    s = sc.florence_phase(0, "bank")
    e = why(s, f"send {other.id} urchin")
    assert e.why is Why.QUARTIERE and "is not in the quartiere your Soul's shield chose" in e.reason
    assert "bribe Charon for 2 Drachmas" in e.reason and e.rule == FLORENCE


def test_send_without_the_florins() -> None:
    s = blank().player(0, home=[1, 1], florins=0).florence_phase(0, "bonfire")
    e = why(s, "send bonfire noble")
    assert e.why is Why.CANNOT_AFFORD
    assert e.reason == "you cannot afford it: a Noble pays 1 Florin to enter the BONFIRE and you have 0 Florins"


def test_send_with_nobody_at_home() -> None:
    s = blank().player(0, home=[0, 1]).florence_phase(0, "bank")
    assert why(s, "send bank noble").reason == "you have no Noble at Home to send"


def test_accuse_without_a_member_at_the_location() -> None:
    """Rulebook p.14-15: you must have a family member at the location to accuse there."""
    s = blank().florence_phase(0, "bank")
    e = why(s, "accuse bank noble")
    assert e.why is Why.NO_PIECE and e.rule == ACCUSE
    assert e.text == (
        "you have no Noble at the BANK: you can only accuse with a family member already at the location"
        " (rulebook p.14-15)"
    )


def test_accuse_at_a_special_location_without_its_guest() -> None:
    s = blank().at(0, "bonfire").florence_phase(0, "bonfire")
    e = why(s, "accuse bonfire noble")
    assert e.why is Why.NEEDS_GUEST and e.reason == "to accuse at the BONFIRE you need the orange Guest in your Tower"


def test_accuse_with_a_full_tower() -> None:
    sc = blank().at(0, "bank")
    for f in range(sc.state.players[0].floors):
        sc.tower(0, f, "urchin", "urchin")
    e = why(sc.florence_phase(0, "bank"), "accuse bank noble")
    assert e.why is Why.TOWER_FULL and e.reason == "your Tower has no empty space for the accuser"


def test_council_outside_florence() -> None:
    s = blank().graveyard(lust=1).hell_phase(0)
    e = why(s, "council")
    assert e.why is Why.WRONG_STEP and "family council only in the Florence phase" in e.reason


def test_recall_dismiss_return_what_you_do_not_have() -> None:
    s = blank().tower(0, 0, "noble").decision((Decision.COUNCIL, 0))
    assert why(s, "recall bank noble").reason == "you have no Noble at the BANK"
    assert why(s, "recall tower urchin").reason == "you have no Urchin in your Tower"
    assert why(s, "dismiss heresy").reason == "you have no orange Guest in your Tower"
    assert why(s, "return grey").reason == "you have no grey Barrel in your Tower"


# --- locations and their steps --------------------------------------------------------------------


def test_home_without_that_member_in_the_tower() -> None:
    s = blank().tower(0, 0, "noble").tower(0, 1).decision((Decision.COURTYARD, 0, 2, 2))
    e = why(s, "home urchin")
    assert e.why is Why.NO_PIECE and e.reason == "you have no Urchin in your Tower"


def test_swap_on_one_floor() -> None:
    s = blank().tower(0, 0, "noble").tower(0, 1, "urchin").decision((Decision.COURTYARD, 0, 2, 2))
    e = why(s, "swap 0.1 0.2")
    assert e.why is Why.NOT_LINKED and e.reason == "a swap moves pieces between two different floors"


def test_exchange_more_than_you_have() -> None:
    s = blank().player(0, florins=1).decision((Decision.BONFIRE_EXCHANGE, 0, 3))
    e = why(s, "exchange 3")
    assert e.why is Why.CANNOT_AFFORD and e.reason == "you cannot afford it: you have 1 Florin"
    assert why(s, "exchange 9").reason == "you may change at most 3 Florins here"


def test_phlegethon_cube_at_the_top() -> None:
    sc = blank()
    sc.state.phleg[4] = sc.state.rules.phleg_max
    e = why(sc.decision((Decision.PHLEG, 0, 1)), "phlegethon greed")
    assert e.why is Why.FULL and e.reason == "the Greed Phlegethon cube is already at its top (5)"


def test_gate_already_held() -> None:
    s = blank().player(0, passages=[3]).decision((Decision.GATE, 0))
    e = why(s, "gate 3")
    assert e.why is Why.ALREADY and e.reason == "you already have a safe passage on gate 3" and e.rule == HELL


def test_guardian_when_none_is_in_play() -> None:
    s = blank().decision((Decision.BONFIRE_THIRD, 0))
    e = why(s, "guardian")
    assert e.why is Why.NO_SUCH and e.rule == "rulebook p.22-23"


def test_styx_outside_the_bonfire() -> None:
    s = blank().graveyard(lust=1).hell_phase(0)
    e = why(s, "styx")
    assert e.why is Why.WRONG_STEP and e.rule == "rulebook p.9" and "only at the BONFIRE" in e.reason


def test_fraud_outside_the_wall() -> None:
    s = blank().graveyard(lust=1).hell_phase(0)
    assert "only at the WALL" in why(s, "fraud").reason


def test_deliver_a_barrel_not_in_the_tower() -> None:
    s = blank().tower(0, 0, "barrel:grey").decision((Decision.WALL_DELIVER, 0))
    e = why(s, "deliver green")
    assert e.why is Why.NO_PIECE and e.reason == "you have no green Barrel in your Tower to deliver"


def test_barrel_of_a_colour_you_own() -> None:
    s = blank().player(0, panel=["grey"]).tower(0, 0).decision((Decision.MARKET, 0))
    e = why(s, "barrel grey 0")
    assert e.why is Why.ALREADY and "never two of one colour" in e.reason


def test_barrel_to_a_full_floor() -> None:
    s = blank().tower(0, 0, "urchin", "urchin").tower(0, 1).decision((Decision.MARKET, 0))
    e = why(s, "barrel grey 0")
    assert e.why is Why.TOWER_FULL and e.reason == "floor 0 of your Tower is full"


def test_guest_on_a_floor_that_has_one() -> None:
    s = blank().tower(0, 0, "guest:violence").tower(0, 1).decision((Decision.PALACE, 0))
    e = why(s, "guest heresy 0")
    assert e.why is Why.LIMIT and "already holds 1 Guest" in e.reason


def test_drown_more_souls_than_the_graveyard_holds() -> None:
    """Rulebook p.9: the River Styx returns Souls of one colour from the Graveyard."""
    s = blank().graveyard(lust=1).decision((Decision.STYX, 0, 3))
    e = why(s, "drown lust 2")
    assert e.why is Why.EMPTY_SOURCE and e.reason == "the Graveyard holds 1 Lust Soul" and e.rule == "rulebook p.9"


def test_track_outside_the_group() -> None:
    s = blank().decision((Decision.TRACK, 0, GROUP_UPPER))
    e = why(s, "track violence")
    assert (
        e.why is Why.LIMIT
        and e.reason == "this advance must be on one of these Sin Tracks: Lust, Gluttony, Greed, Sloth"
    )


# --- Guardians (rulebook p.22-23) -----------------------------------------------------------------


def _guardian(effect_id: str) -> tuple[Scenario, int]:
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).guardians(effect_id)
    return sc, 0


def test_gmove_to_an_occupied_shield() -> None:
    sc, _slot = _guardian("cerberus")
    sc.soul("3.1", "fraud")
    s = sc.decision((Decision.GUARDIAN_MOVE, 0, 1))
    e = why(s, "gmove cerberus 3.1")
    assert (
        e.why is Why.OCCUPIED
        and e.reason == "a Guardian moves only to an empty shield: 3.1 holds a standing Fraud Soul"
    )


def test_target_below_its_own_circle() -> None:
    """Rulebook p.22-23: no Guardian effect takes a Soul below its own circle."""
    sc, slot = _guardian("minotaur")
    s = sc.state
    b = s.board
    g = b.index["3.2"]
    sc.guardian(slot, "3.2")
    near = [x for x in b.linked(g) if b.circle[x] == 2 and b.down[x]]
    assert len(near) >= 2
    sc.soul(b.labels[near[0]], "treachery").soul(b.labels[near[1]], "lust")
    s = sc.decision((Decision.GUARDIAN_EFFECT, 0, slot))
    e = why(s, f"target {b.labels[near[1]]} {b.labels[b.down[near[1]][0]]}")
    assert e.why is Why.OWN_CIRCLE and "no effect takes a Soul below its own circle" in e.reason
    assert e.rule == "rulebook p.22-23"


# --- Fraud cards (rulebook, Boards & General Concepts) ----------------------------------------------


def _fraud_scene() -> Scenario:
    return blank().fraud_cards(market=("F02", "F03", "F04"), hands={0: ("F01",), 1: ("F05",)})


def test_play_a_card_another_player_holds_reveals_nothing() -> None:
    s = _fraud_scene().decision((Decision.FRAUD_SOURCE, 0, 2, 1))
    e = why(inferno.view(s, 0), "play F05", player=0)
    assert e.why is Why.NO_PIECE and e.reason == "F05 is not in your hand" and e.rule == GENERAL
    assert "Player" not in e.text


def test_buy_a_card_not_in_the_market() -> None:
    s = _fraud_scene().decision((Decision.FRAUD_SOURCE, 0, 2, 1))
    assert why(s, "buy F01").reason == "F01 is not in the market"


def test_play_deck_when_the_deck_is_empty() -> None:
    sc = _fraud_scene()
    sc.state.deck = []
    s = sc.decision((Decision.FRAUD_SOURCE, 0, 2, 1))
    e = why(s, "play-deck")
    assert e.why is Why.EMPTY_SOURCE and e.reason == "the Fraud deck is empty"


def test_effect_outside_a_fraud_card() -> None:
    s = blank().graveyard(lust=1).hell_phase(0)
    assert "only when the card is resolved" in why(s, "effect 1").reason


def test_draw_a_card_not_in_the_market_and_draw_deck_when_empty() -> None:
    sc = _fraud_scene()
    sc.state.deck = []
    s = sc.decision((Decision.FRAUD_DRAW, 0))
    assert why(s, "draw F05").reason == "F05 is not in the market"
    assert why(s, "draw-deck").reason == "the Fraud deck is empty"


# --- final scoring and Tower floors ----------------------------------------------------------------


def test_extra_diploma_already_held() -> None:
    s = blank().player(0, diplomas=["greed"]).decision((Decision.EXTRA_DIPLOMA, 0))
    e = why(s, "diploma greed")
    assert e.why is Why.ALREADY and e.reason == "you already have the Greed Diploma"
    assert e.rule == "rulebook, Game End & Final Scoring"


def test_leave_a_floor_without_that_member() -> None:
    s = blank().tower(0, 0, "noble").tower(0, 1, "noble").tower(0, 2).decision((Decision.LEAVE_FLOOR, 0, 0, 0))
    e = why(s, "floor 2")
    assert e.why is Why.NO_PIECE and e.reason == "no Noble of yours stands on floor 2 of your Tower"


def test_accuser_floor_goes_to_the_guests_floor() -> None:
    """Rulebook p.14-15: the accuser goes into the Tower; the matching Guest's floor when it has room."""
    sc = blank().tower(0, 0).tower(0, 1, "guest:heresy").tower(0, 2)
    bonfire = sc.state.rules.location_by_id("bonfire")
    assert bonfire is not None
    s = sc.decision((Decision.ACCUSER_FLOOR, 0, bonfire.index, 0))
    assert [inferno.action_text(s, a) for a in legal_actions(s)] == ["floor 1"]
    e = why(s, "floor 0")
    assert e.why is Why.LIMIT and "floor of your orange Guest, floor 1" in e.reason and e.rule == ACCUSE


# --- property: explain agrees with the engine on any position --------------------------------------

_INTERNAL = re.compile(r"Act\.|Decision\.|[A-Z]{2,}_[A-Z]{2,}|Traceback|None|\{|\}|frame|\bp\d\b")


def _check(s: State, p: int, act: Action, legal: set[Action]) -> None:
    e = explain(s, p, act)
    assert e.legal == (act in legal and p == s.stack[-1][1]), (act, e)
    if not e.legal:
        assert e.reason.strip(), act
        assert not _INTERNAL.search(e.text), (act, e.text)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 4),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 400),
    probes=st.lists(st.tuples(st.sampled_from(list(Act)), st.integers(-2, 40), st.integers(-2, 6)), max_size=25),
    pnp=st.booleans(),
)
def test_explain_never_raises_and_agrees_with_the_legal_actions(
    players: int, seed: int, steps: int, probes: list[tuple[Act, int, int]], pnp: bool
) -> None:
    modules = ("plutus", "phlegyas") if pnp and players > 1 else ()
    solo = SoloConfig() if players == 1 else None
    s = inferno.new_game(players, seed, modules=modules, solo=solo, record_events=False)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.over:
            break
        inferno.apply_in_place(s, rng.choice(legal_actions(s)), rollback=False)
    if s.over:
        _check(s, 0, Action(Act.DONE), set())
        return
    p = s.stack[-1][1]
    v = inferno.view(s, p)
    legal = set(legal_actions(s))
    for la in legal:
        assert explain(s, p, la).legal
        assert explain(v, p, inferno.action_text(s, la)).legal
    for kind, a, b in probes:
        act = Action(kind, a, b)
        _check(s, p, act, legal)
        _check(v, p, act, legal)
        _check(s, (p + 1) % max(players, 2), act, legal)


# --- a clicked piece or place (the browser asks this) -----------------------------------------------


def test_clicked_shield_gets_the_hell_reason() -> None:
    s = blank().graveyard(lust=1).soul("5.1", "heresy").hell_phase(0)
    [e] = explain_place(s, 0, "shield", s.board.index["5.1"])
    assert e.why is Why.WALLS and "gate 1 or 2" in e.reason


def test_clicked_location_gives_the_send_and_the_accuse_reasons() -> None:
    s = blank().florence_phase(0, "bank")
    haystack = s.rules.location_by_id("haystack")
    assert haystack is not None
    whys = [e.why for e in explain_place(s, 0, "location", haystack.index)]
    assert whys == [Why.QUARTIERE, Why.NO_PIECE]


def test_clicked_place_of_another_step() -> None:
    s = blank().graveyard(lust=1).hell_phase(0)
    [gate] = explain_place(s, 0, "gate", 1)
    assert gate.why is Why.WRONG_STEP and "at the BONFIRE" in gate.reason
    [floor] = explain_place(s, 0, "floor", 1)
    assert floor.reason == "not now: you must move one Soul in the Hell phase"
    [other] = explain_place(s, 1, "shield", 0)
    assert other.why is Why.NOT_YOUR_TURN
