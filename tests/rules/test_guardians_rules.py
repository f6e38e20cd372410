"""Guardians: move to an empty shield, then an optional effect; never below a Soul's circle (§9; S1 p.22-23; U11)."""

from __future__ import annotations

import pytest

import inferno
from inferno import Scenario
from inferno.rules.actions import Decision
from inferno.rules.state import EMPTY, GUARDIAN, LYING, PIT, Frame, State
from tests.rules.helpers import decision, do, texts


def at(s: State, label: str) -> int:
    return s.hell[s.board.index[label]]


def hell_with(guardian: str, start: str, *souls: tuple[str, str], lying: tuple[str, ...] = ()) -> Scenario:
    """An empty Hell (side I/II) with one active Guardian on ``start`` and the given (shield, sin) Souls.

    Shields listed in ``lying`` get a Soul of their own circle, lying down (a blocker).
    """
    sc = Scenario(2, 1).clear_hell(keep_guardians=False).guardians(guardian).guardian(0, start)
    sc.player(0, infamy=0, passages=[])
    for shield, sin in souls:
        sc.soul(shield, sin)
    sins = ("pagan", "lust", "gluttony", "greed", "sloth", "heresy", "violence", "fraud", "treachery")
    for shield in lying:
        sc.soul(shield, sins[int(shield.split(".")[0]) - 1], lying=True)
    return sc


def move(sc: Scenario, guardian: str, to: str) -> State:
    """Player 0 moves the Guardian (free, optional: a gold bonus or a pagan stop) to ``to``."""
    return do(sc.decision((Decision.GUARDIAN_MOVE, 0, 1)), f"gmove {guardian} {to}")


# --- general rules -----------------------------------------------------------------------------


def test_guardian_moves_only_to_an_empty_shield_s1() -> None:
    """§9.2 (S1 p.22-23): a Guardian moves to an empty shield (not a Soul, a Pit or the other Guardian)."""
    sc = Scenario(2, 1).clear_hell().soul("4.2", "heresy").soul("7.1", "violence", lying=True).fill("3.3")
    s = sc.decision((Decision.GUARDIAN_MOVE, 0, 1))
    empties = {s.board.labels[t] for t, c in enumerate(s.hell) if c == EMPTY}
    for slot in range(2):
        gid = s.rules.guardians[s.guardians[slot]].id
        offered = {t.split()[2] for t in texts(s) if t.startswith(f"gmove {gid} ")}
        assert offered == empties
    assert not empties & {"4.2", "7.1", "3.3"}


def test_guardian_move_without_the_effect_s1() -> None:
    """§9.2 (S1 p.22-23): you may move a Guardian without using its effect (the effect is optional)."""
    sc = hell_with("medusa", "3.1", ("4.2", "heresy"))
    s = move(sc, "medusa", "3.2")
    assert decision(s) is Decision.GUARDIAN_EFFECT
    assert "done" in texts(s)
    s = do(s, "done")
    assert at(s, "4.2") == 6
    assert at(s, "3.2") == GUARDIAN and at(s, "3.1") == EMPTY


def test_guardian_effect_needs_the_move_s1() -> None:
    """§9.2 (S1): to use an effect its base must move; declining the move gives no effect."""
    sc = hell_with("medusa", "3.2", ("4.2", "heresy"))
    s = do(sc.decision((Decision.GUARDIAN_MOVE, 0, 1)), "done")
    assert decision(s) is not Decision.GUARDIAN_EFFECT
    assert at(s, "4.2") == 6


# --- each effect (U11) -------------------------------------------------------------------------


def test_cerberus_drops_a_soul_in_a_straight_line_across_the_walls_u11() -> None:
    """§9.3 (S2: the only straight-line effect; S1: may cross the Walls), U11: straight down to an empty shield."""
    sc = hell_with("cerberus", "2.5", ("4.2", "heresy"), lying=("5.2",))
    s = move(sc, "cerberus", "3.2")
    assert [t for t in texts(s) if t.startswith("target")] == ["target 4.2 6.2"]
    s = do(s, "target 4.2 6.2")
    assert at(s, "6.2") == LYING + 6 and at(s, "4.2") == EMPTY
    assert s.players[0].infamy == s.rules.circle_infamy[6]


def test_cerberus_never_takes_a_soul_below_its_circle_s1() -> None:
    """§9.2 (S1, S2): no effect lets a Soul go below its own circle (5.2 full, 6.2 is too deep for sloth)."""
    sc = hell_with("cerberus", "2.5", ("4.2", "sloth"), lying=("5.2",))
    s = move(sc, "cerberus", "3.2")
    assert not [t for t in texts(s) if t.startswith("target")]


def test_minotaur_moves_a_soul_one_circle_down_ignoring_the_walls_u11() -> None:
    """§9.3 (S1: special movement / wall crossing), U11: one circle down, no safe passage needed."""
    sc = hell_with("minotaur", "2.5", ("5.2", "violence"))
    s = move(sc, "minotaur", "4.2")
    assert [t for t in texts(s) if t.startswith("target 5.2")] == ["target 5.2 6.2", "target 5.2 6.3"]
    s = do(s, "target 5.2 6.3")
    assert at(s, "6.3") == 7  # still standing: circle 6 is not its own
    assert s.players[0].infamy == 0


def test_minotaur_drop_into_own_circle_lies_down_and_scores_s2() -> None:
    """§5.2 (S2): a Soul reaching an empty shield of its own circle lies down and the mover scores."""
    sc = hell_with("minotaur", "2.5", ("3.2", "greed"))
    s = do(move(sc, "minotaur", "2.2"), "target 3.2 4.3")
    assert at(s, "4.3") == LYING + 4
    assert s.players[0].infamy == s.rules.circle_infamy[4]


def test_medusa_petrifies_a_soul_where_it_stands_without_score_bm() -> None:
    """§9.3 Medusa (BM), U11: the Soul lies down where it stands and scores nothing."""
    sc = hell_with("medusa", "2.5", ("4.2", "heresy"))
    s = move(sc, "medusa", "3.2")
    assert "target 4.2 4.2" in texts(s)
    s = do(s, "target 4.2 4.2")
    assert at(s, "4.2") == LYING + 6
    assert s.players[0].infamy == 0
    s2 = s.copy()
    s2.stack = [Frame(Decision.HELL, 0)]
    s2.legal_cache = None
    assert "move 4.2" not in texts(s2)  # lying Souls never move again


def test_minos_sends_a_soul_to_its_own_circle_and_the_mover_scores_u11() -> None:
    """§9.3 Minos, U11: to any empty shield of its own circle reachable by lines; the mover scores."""
    sc = hell_with("minos", "2.5", ("4.2", "violence"), lying=("7.2",))
    s = move(sc, "minos", "3.2")
    dests = {t.split()[2] for t in texts(s) if t.startswith("target 4.2")}
    assert dests and {lab[0] for lab in dests} == {"7"}
    assert "7.2" not in dests
    d = sorted(dests)[0]
    s = do(s, f"target 4.2 {d}")
    assert at(s, d) == LYING + 7
    assert s.players[0].infamy == s.rules.circle_infamy[7]


def test_geryon_digs_a_pit_on_an_empty_nearby_shield_s3() -> None:
    """§9.3 (S3 Geryon's Pits), U11: a Pit on an empty shield joined to Geryon's new shield."""
    sc = hell_with("geryon", "2.5", ("4.2", "heresy"))
    s = move(sc, "geryon", "3.2")
    pits = {t.split()[1] for t in texts(s) if t.startswith("target")}
    assert pits == {"2.1", "2.2", "4.3"}  # 4.2 holds a Soul
    s = do(s, "target 4.3 4.3")
    assert at(s, "4.3") == PIT


def test_geryon_at_most_three_pits_u11() -> None:
    """U11: at most 3 Pits in play."""
    sc = hell_with("geryon", "2.5").fill("9.1").fill("9.2").fill("9.3")
    s = move(sc, "geryon", "3.2")
    assert not [t for t in texts(s) if t.startswith("target")]


def test_pits_block_shields_for_souls_s2() -> None:
    """§9.2 (S2): any Guardian piece occupies a shield; a Guardian cannot move onto a Pit either."""
    sc = hell_with("geryon", "2.5").fill("3.3")
    s = sc.decision((Decision.GUARDIAN_MOVE, 0, 1))
    assert "gmove geryon 3.3" not in texts(s)


def test_furies_move_a_soul_sideways_in_its_circle_u11() -> None:
    """U11 (placeholder 6th Guardian): a nearby Soul moves sideways to an empty shield of the same circle.

    (The engine offers only the neighbouring shields; U11's text does not say 'adjacent', so this test
    accepts either reading and checks only what U11 states.)
    """
    sc = hell_with("furies", "2.5", ("4.3", "heresy"), lying=("4.4",))
    s = move(sc, "furies", "3.3")
    dests = {t.split()[2] for t in texts(s) if t.startswith("target 4.3")}
    assert "4.2" in dests
    assert dests <= {"4.1", "4.2", "4.5"}  # empty shields of circle 4 only
    s = do(s, "target 4.3 4.2")
    assert at(s, "4.2") == 6 and at(s, "4.3") == EMPTY
    assert s.players[0].infamy == 0


@pytest.mark.parametrize("guardian", ["cerberus", "minotaur", "medusa", "minos", "furies"])
@pytest.mark.parametrize("sin", ["greed", "sloth", "heresy", "violence", "fraud", "treachery"])
def test_no_guardian_effect_takes_a_soul_below_its_circle_s1(guardian: str, sin: str) -> None:
    """§9.2 (S1 p.22-23, S2): whatever the Guardian, every destination is at or above the Soul's circle.

    A standing Soul on 3.2 with the straight line below it partly filled, so a drop could run deep.
    """
    sc = hell_with(guardian, "9.3", ("3.2", sin), lying=("4.2", "5.2", "6.2"))
    s = move(sc, guardian, "2.2")
    targets = [a for a in inferno.legal_actions(s) if a.kind is inferno.Act.TARGET]
    colour = s.rules.circle_by_id(sin)
    assert colour is not None
    # Cerberus's straight line is full down to circle 6, so only Souls of circles 7-9 can use it.
    assert bool(targets) == (guardian != "cerberus" or colour >= 7)
    for a in targets:
        assert s.board.circle[a.b] <= colour
