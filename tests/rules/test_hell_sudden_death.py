"""RULES.md §5.5 and §16.4 / S2, S1 p.11, S3 "Sudden death": a player who cannot move a Soul ends the game."""

from __future__ import annotations

import pytest

import inferno
from inferno import Decision, Scenario
from inferno.rules.model import StopKind
from tests.rules.helpers import texts


def full_hell(players: int = 2, seed: int = 1, side: str | None = None) -> Scenario:
    """Every shield blocked: no standing Soul can move and no Graveyard Soul can enter."""
    sc = (
        Scenario(players=players, seed=seed, side=side, side_variant=True)
        .clear_hell(keep_guardians=False)
        .graveyard(lust=1)
    )
    for lab in sc.state.board.labels:
        sc.fill(lab)
    return sc


def walled_hell() -> Scenario:
    """Circles 1-5 blocked, circles 6-9 empty: a heresy Soul waits in the Graveyard; only player 2 has passages."""
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(heresy=1)
    b = sc.state.board
    for t, lab in enumerate(b.labels):
        if b.circle[t] <= 5:
            sc.fill(lab)
    return sc.player(0, passages=[]).player(1, passages=[1, 2, 3, 4])


@pytest.mark.parametrize("side", ["I/II", "III/IV"])
def test_hell_full_ends_the_game_at_once(side: str) -> None:
    """S2: "If you cannot move any Soul — Hell is full — the game ends at once"."""
    s = full_hell(side=side).hell_phase(0)
    assert s.over
    assert s.sudden_death
    r = inferno.result(s)
    assert r.sudden_death
    assert r.ended_by == 0


def test_only_empty_shields_beyond_the_walls_without_own_passage_ends_the_game() -> None:
    """S2: "or the only empty shields lie beyond the Walls of Dis and you have no safe passage there"."""
    s = walled_hell().hell_phase(0)
    assert s.over and s.sudden_death
    assert inferno.result(s).ended_by == 0


def test_game_ends_even_if_another_player_could_have_moved() -> None:
    """S2: the game ends "even if another player could have moved" (player 2 holds passages here)."""
    other = walled_hell().hell_phase(1)
    assert not other.over
    assert texts(other) == ["enter heresy"]
    stuck = walled_hell().hell_phase(0)
    assert stuck.over
    assert inferno.result(stuck).ended_by == 0


def test_dante_goes_to_the_end_awarding_diplomas_to_leaders_without_final_points() -> None:
    """S3: Dante moves stop by stop to the end, each Diploma he passes goes to the leader(s), ties all
    score; nobody scores the 2 points of the final stop."""
    sc = full_hell()
    stops = sc.state.stops
    passed = next(i for i, st in enumerate(stops) if st.kind is StopKind.DIPLOMA and st.circle == 3)
    sc.dante(passed)
    later = {st.circle for st in stops[passed + 1 :] if st.kind in (StopKind.DIPLOMA, StopKind.END)}
    assert {4, 5, 6, 9} <= later and 2 not in later and 3 not in later
    sc.player(0, infamy=10, half=0, tracks={"lust": 4, "gluttony": 4, "greed": 2, "sloth": 0, "heresy": 0})
    sc.player(1, infamy=10, half=0, tracks={"lust": 1, "gluttony": 1, "greed": 2, "sloth": 1, "heresy": 0})
    for p in (0, 1):
        sc.player(p, tracks={"violence": 0, "fraud": 0, "treachery": 3}, diplomas=[])
    s = sc.hell_phase(0)
    assert s.over and s.dante == len(stops) - 1

    def diplomas(p: int) -> set[int]:
        return {c for c in range(2, 10) if s.players[p].diplomas >> c & 1}

    assert diplomas(0) == {4, 9}  # greed tied, treachery tied; lust and gluttony were passed before
    assert diplomas(1) == {4, 5, 9}  # sloth: player 2 alone is on the track; heresy: nobody
    r = inferno.result(s)
    assert [pr.before_final for pr in r.players] == [10, 10]  # no +2 for the final stop
    assert not [e for e in inferno.events(s) if e.source == "dante"]


def test_final_scoring_order_treats_the_stuck_player_as_the_ender() -> None:
    """S3: "for the order of final scoring, treat the player who could not move as the one who took
    Dante to the end": reverse order from the player before them back to them."""
    sc = full_hell(players=3)
    for p in range(3):
        sc.player(p, half=2, diplomas=[])
    s = sc.hell_phase(1)
    assert not s.over
    order = []
    while not s.over:
        pend = inferno.pending(s)
        assert pend is not None and pend.decision == Decision.EXTRA_DIPLOMA
        order.append(pend.player)
        s = inferno.apply(s, pend.actions[0])
    assert order == [0, 2, 1]
    assert inferno.result(s).ended_by == 1
