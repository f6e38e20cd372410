"""RULES.md §5.3 / S2 "Walls of Dis": crossing from circle 5 to 6 needs the mover's own safe passage."""

from __future__ import annotations

from pathlib import Path

import pytest

import inferno
from inferno import Decision, Scenario
from inferno.rules.explain import explain
from tests.rules.helpers import play, texts

SIDES = pytest.mark.parametrize("side", ["I/II", "III/IV"])


def hell(passages0: list[int], passages1: list[int], side: str = "I/II") -> Scenario:
    """A heresy Soul on 5.1, whose lines lead to 6.1 (gate 1) and 6.2 (gate 2) on the default boards."""
    sc = Scenario(players=2, seed=1, side=side, side_variant=True).clear_hell(keep_guardians=False).graveyard(lust=1)
    sc.soul("5.1", "heresy").player(0, passages=passages0).player(1, passages=passages1)
    b = sc.state.board
    assert [b.labels[t] for t in b.down[b.index["5.1"]]] == ["6.1", "6.2"]
    assert [b.gate[b.index[lab]] for lab in ("6.1", "6.2", "6.3")] == [0, 1, 2]
    return sc


@SIDES
def test_crossing_needs_own_passage_on_the_gate_above_the_target_shield(side: str) -> None:
    """S2: you need your own disc on the gate just above the circle-6 shield the Soul crosses to."""
    s = play(hell([1], [], side).hell_phase(0), "move 5.1")
    assert texts(s) == ["step 6.1"]
    s = play(hell([2], [], side).hell_phase(0), "move 5.1")
    assert texts(s) == ["step 6.2"]


@SIDES
def test_without_a_passage_a_soul_in_circle_5_cannot_cross(side: str) -> None:
    """S2: no own disc on any gate below it: the circle-5 Soul cannot be moved at all."""
    assert "move 5.1" not in texts(hell([], [], side).hell_phase(0))
    assert "move 5.1" not in texts(hell([3, 4], [], side).hell_phase(0))


@SIDES
def test_another_players_disc_does_not_help(side: str) -> None:
    """S2: "Other players' discs do not help you"."""
    assert "move 5.1" not in texts(hell([], [1, 2], side).hell_phase(0))
    assert "move 5.1" in texts(hell([], [1, 2], side).hell_phase(1))


def test_walls_are_checked_on_every_jump_of_a_chain() -> None:
    """S2: a chain that would jump from circle 5 into circle 6 also needs the mover's passage."""
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(lust=1)
    sc.soul("4.1", "violence").soul("5.1", "sloth", lying=True)
    s = play(sc.hell_phase(0), "move 4.1")
    assert texts(s) == ["step 5.2"]
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(lust=1)
    sc.soul("4.1", "violence").soul("5.1", "sloth", lying=True).player(0, passages=[2])
    s = play(sc.hell_phase(0), "move 4.1", "step 5.1")
    assert texts(s) == ["step 6.2"]


def test_several_players_may_hold_the_same_gate() -> None:
    """S2: "Several players may have a disc on the same gate, one each"; each then crosses there."""
    sc = hell([1], [])
    s = sc.decision((Decision.GATE, 1))
    assert "gate 1" in texts(s)
    s = play(s, "gate 1")
    assert s.players[0].passages & 1
    assert s.players[1].passages & 1
    for p in (0, 1):
        assert texts(play(hell([1], [1]).hell_phase(p), "move 5.1")) == ["step 6.1"]


def test_a_player_cannot_place_a_second_disc_on_a_gate_they_hold() -> None:
    """S2: one disc each per gate: a player's own gate is not offered again."""
    s = hell([1, 3], [2]).decision((Decision.GATE, 0))
    assert texts(s) == ["gate 2", "gate 4"]


def test_once_inside_the_walls_anyone_may_move_the_soul() -> None:
    """S2: "Once a Soul is inside the walls it belongs to nobody again": no passage needed below circle 6."""
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(lust=1)
    sc.soul("6.1", "treachery").player(0, passages=[]).player(1, passages=[1])
    for p in (0, 1):
        s = play(sc.hell_phase(p), "move 6.1")
        assert texts(s) == ["step 7.1", "step 7.2"]


def _board_dir(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """A rules directory with the default I/II board, each (old, new) edit made once."""
    text = (Path(inferno.__file__).parent / "data" / "board_I_II.toml").read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    (tmp_path / "board_I_II.toml").write_text(text, encoding="utf-8")
    return tmp_path


def test_a_shield_below_the_walls_may_have_no_gate(tmp_path: Path) -> None:
    """S2 (rulebook, Hell Phase p.11) puts a gate just above the shield a Soul crosses to; that every
    sixth-circle shield has one is only an inference. Data without it loads: 6.2 has no gate (gate 4
    of the default board is renumbered 2), and no safe passage lets a Soul cross into 6.2."""
    d = _board_dir(tmp_path, ("gate = 2\n", ""), ("gate = 4\n", "gate = 2\n"))
    rules = inferno.load_rules(d)
    b = rules.boards["I/II"]
    assert b.gates == 3 and [b.gate[b.index[x]] for x in ("6.1", "6.2", "6.3", "6.4")] == [0, -1, 2, 1]
    sc = Scenario(players=2, seed=1, rules_dir=d).clear_hell(keep_guardians=False).graveyard(lust=1)
    sc.soul("5.1", "heresy").player(0, passages=[1, 2, 3])
    s = play(sc.hell_phase(0), "move 5.1")
    assert texts(s) == ["step 6.1"]  # 6.2 is closed to every family
    e = explain(s, 0, "step 6.2")
    assert not e.legal and "no gate" in e.reason
    sc = Scenario(players=2, seed=1, rules_dir=d).clear_hell(keep_guardians=False).graveyard(lust=1)
    sc.soul("5.1", "heresy").player(0, passages=[2, 3])
    assert "move 5.1" not in texts(sc.hell_phase(0))


def test_one_gate_may_stand_above_two_shields(tmp_path: Path) -> None:
    """A gate number above 6.1 and 6.2 alike: one safe passage there opens both."""
    d = _board_dir(tmp_path, ("gate = 2\n", "gate = 1\n"), ("gate = 3\n", "gate = 2\n"), ("gate = 4\n", "gate = 3\n"))
    b = inferno.load_rules(d).boards["I/II"]
    assert b.gates == 3 and b.gate[b.index["6.1"]] == b.gate[b.index["6.2"]] == 0
    sc = Scenario(players=2, seed=1, rules_dir=d).clear_hell(keep_guardians=False).graveyard(lust=1)
    s = play(sc.soul("5.1", "heresy").player(0, passages=[1]).hell_phase(0), "move 5.1")
    assert texts(s) == ["step 6.1", "step 6.2"]


@pytest.mark.parametrize(
    ("edits", "message"),
    [
        ((("gate = 1\n", "gate = 5\n"),), "no number missing"),
        (tuple((f"gate = {g}\n", "") for g in (1, 2, 3, 4)), "at least one gate"),
        ((('id = "5.1"\ncircle = 5\n', 'id = "5.1"\ncircle = 5\ngate = 1\n'),), "gates sit only above circle-6"),
    ],
)
def test_gates_are_still_checked(tmp_path: Path, edits: tuple[tuple[str, str], ...], message: str) -> None:
    with pytest.raises(inferno.RulesDataError, match=message):
        inferno.load_rules(_board_dir(tmp_path, *edits))
