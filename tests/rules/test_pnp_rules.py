"""The P&P expansion (rulebook, Hell phase p.11, P&P): "With Plutus, crossing another player's Desk costs
you a Drachma paid to its owner; with Phlegyas, a Bell lets you slide a Soul sideways before it descends."

Shields are picked from the board's lines (not by label), so the tests hold on any layout. Values that
no source states (how Desks and Bells are gained, adjacency, the 5-player set-up) are DEFAULT data in
``pnp.toml`` and are read from it here.
"""

from __future__ import annotations

import itertools
import json

import pytest

import inferno
from inferno import Decision, Scenario, State
from inferno.rules.pnp import DESK, load_pnp
from inferno.rules.state import EMPTY, LYING
from tests.rules.helpers import decision, play, texts

VIOLENCE = 7


def _label(s: State, t: int) -> str:
    return s.board.labels[t]


def _desk_crossing(players: int = 2, owner: int = 1, seed: int = 1) -> tuple[Scenario, str, str]:
    """A violence Soul on a circle-3 shield whose every line down reaches a Desk of ``owner`` in circle 4.

    Returns the scenario, the Soul's shield and the Desk's shield.
    """
    sc = Scenario(players=players, seed=seed, modules=("plutus",)).clear_hell(keep_guardians=False)
    s = sc.state
    b = s.board
    x = b.circle_shields[3][0]
    desk, *others = b.down[x]
    sc.soul(_label(s, x), "violence").desk(_label(s, desk), owner)
    for t in others:
        sc.fill(_label(s, t))
    return sc, _label(s, x), _label(s, desk)


def test_crossing_another_players_desk_pays_its_owner_one_drachma() -> None:
    """Rulebook, Hell phase p.11, P&P: crossing another player's Desk costs you a Drachma paid to its owner."""
    sc, soul, desk = _desk_crossing()
    sc.player(0, drachmas=3).player(1, drachmas=0)
    s = play(sc.hell_phase(0), f"move {soul}")
    s = play(s, f"step {desk}")
    assert s.players[0].drachmas == 2 and s.players[1].drachmas == 1
    assert s.ext is not None and s.ext.desk_paid == [1, 0] and s.ext.desk_received == [0, 1]
    assert decision(s) == Decision.HELL_STEP  # the Desk fills its shield: the Soul jumps on
    assert s.hell[s.board.index[desk]] == DESK + 1


def test_the_toll_is_the_data_value_one_drachma() -> None:
    """Rulebook, Hell phase p.11, P&P: the toll is a Drachma (SEED value in pnp.toml)."""
    assert load_pnp().toll == 1


def test_crossing_your_own_desk_is_free() -> None:
    """Rulebook, Hell phase p.11, P&P: only *another player's* Desk costs a Drachma; your own is free."""
    sc, soul, desk = _desk_crossing(owner=0)
    sc.player(0, drachmas=3)
    s = play(sc.hell_phase(0), f"move {soul}", f"step {desk}")
    assert s.players[0].drachmas == 3 and s.players[0].loans == 0
    assert s.ext is not None and s.ext.desk_paid == [0, 0]


def test_crossing_with_no_drachma_takes_a_loan() -> None:
    """Rulebook, Hell phase p.11, P&P, with the loan rules (an action that costs Drachmas is never closed):
    a player with no Drachma takes a loan and pays the Desk's owner from it."""
    sc, soul, desk = _desk_crossing()
    sc.player(0, drachmas=0).player(1, drachmas=0)
    s = play(sc.hell_phase(0), f"move {soul}", f"step {desk}")
    per_loan = s.rules.drachmas_per_loan
    assert s.players[0].loans == 1 and s.players[0].drachmas == per_loan - 1
    assert s.players[1].drachmas == 1


def test_a_desk_is_crossed_not_landed_on() -> None:
    """Rulebook, Hell phase p.11: a Desk is a Guardian piece, so its shield is occupied and the Soul moves on;
    a Soul stopping on an empty shield next to a Desk pays nothing."""
    sc, soul, desk = _desk_crossing()
    s = sc.state
    t = s.board.index[desk]
    sc.player(0, drachmas=2)
    s = play(sc.hell_phase(0), f"move {soul}", f"step {desk}")
    assert sorted(a.a for a in inferno.legal_actions(s)) == sorted(s.board.down[t])
    s = play(s, texts(s)[0])
    assert s.hell[t] == DESK + 1 and s.players[0].drachmas == 1


def test_desk_gained_by_laying_a_soul_down_in_plutus_circle() -> None:
    """P&P DEFAULT (pnp.toml): a family gains its Desk by laying a Soul down in the Desk circle in its
    Hell phase and places it at once on an empty shield of that circle."""
    pnp = load_pnp()
    sc = Scenario(players=2, seed=1, modules=("plutus",)).clear_hell(keep_guardians=False)
    s = sc.state
    b = s.board
    above = b.circle_shields[pnp.desk_circle - 1][0]
    sc.soul(_label(s, above), s.rules.circle_id(pnp.desk_circle))
    s = play(sc.hell_phase(0), f"move {_label(s, above)}")
    s = play(s, texts(s)[0])
    assert decision(s) == Decision.DESK
    places = [a.a for a in inferno.legal_actions(s)]
    assert places and all(b.circle[t] == pnp.desk_circle and s.hell[t] == EMPTY for t in places)
    s = inferno.apply(s, inferno.legal_actions(s)[0])
    assert s.hell[places[0]] == DESK + 0 and s.ext is not None and s.ext.desks[0] == pnp.desks_per_player - 1
    assert decision(s) == Decision.FLORENCE


def _bell_scene(stuck: bool = False, modules: tuple[str, ...] = ("phlegyas",)) -> tuple[Scenario, int, int]:
    """A violence Soul on the first circle-3 shield with an empty right-hand neighbour; returns (soul, neighbour)."""
    sc = Scenario(players=2, seed=1, modules=modules).clear_hell(keep_guardians=False)
    s = sc.state
    b = s.board
    row = b.circle_shields[3]
    x, right = row[0], row[1]
    sc.soul(_label(s, x), "violence")
    if stuck:
        for t in b.down[x]:
            sc.fill(_label(s, t))
    return sc, x, right


def test_bell_slide_happens_before_the_descent() -> None:
    """Rulebook, Hell phase p.11, P&P: a Bell lets you slide a Soul sideways *before it descends*: once the
    Soul is lifted its mover may ring, and the descent then starts from the new shield."""
    sc, x, right = _bell_scene()
    sc.bells(0, 1)
    s = play(sc.hell_phase(0), f"move {_label(sc.state, x)}")
    assert decision(s) == Decision.BELL
    assert f"bell {_label(s, right)}" in texts(s) and "done" in texts(s)
    s = play(s, f"bell {_label(s, right)}")
    assert decision(s) == Decision.HELL_STEP
    assert sorted(a.a for a in inferno.legal_actions(s)) == sorted(s.board.down[right])
    assert s.ext is not None and s.ext.bells[0] == 0


def test_not_ringing_descends_from_where_the_soul_was() -> None:
    """Rulebook, Hell phase p.11, P&P: the Bell is a choice (it *lets* you slide); without it the Soul descends as usual."""
    sc, x, _right = _bell_scene()
    sc.bells(0, 1)
    s = play(sc.hell_phase(0), f"move {_label(sc.state, x)}", "done")
    assert sorted(a.a for a in inferno.legal_actions(s)) == sorted(s.board.down[x])
    assert s.ext is not None and s.ext.bells[0] == 1


def test_bell_slide_stays_in_the_circle_on_an_adjacent_empty_shield() -> None:
    """Rulebook, Hell phase p.11, P&P: sideways = within the same circle; DEFAULT adjacency (pnp.toml): the
    shields beside it in its circle's row, and only empty ones."""
    sc, x, right = _bell_scene()
    sc.bells(0, 1)
    s = sc.state
    row = s.board.circle_shields[3]
    sc.soul(_label(s, row[2]), "violence")  # not adjacent to x: never a slide target anyway
    s = play(sc.hell_phase(0), f"move {_label(s, x)}")
    slides = [a.a for a in inferno.legal_actions(s) if a.kind == inferno.Act.BELL]
    assert slides == [right]
    assert load_pnp().adjacency == "row"


def test_a_slide_never_takes_a_soul_below_its_circle() -> None:
    """Rulebook, Hell phase p.11 (a Soul never goes below its own circle; no effect changes this), with the
    P&P Bell: a Soul one circle above its own slides within that circle, then lies down in its own."""
    sc = Scenario(players=2, seed=1, modules=("phlegyas",)).clear_hell(keep_guardians=False)
    s = sc.state
    b = s.board
    row = b.circle_shields[VIOLENCE - 1]
    sc.soul(_label(s, row[0]), "violence").bells(0, 1)
    s = play(sc.hell_phase(0), f"move {_label(s, row[0])}", f"bell {_label(s, row[1])}")
    for a in inferno.legal_actions(s):
        assert b.circle[a.a] == VIOLENCE
    s = inferno.apply(s, inferno.legal_actions(s)[0])
    assert LYING + VIOLENCE in s.hell


def _stuck_scene(bells: int) -> tuple[State, int, int]:
    """A violence Soul in circle 6 whose lines down all end on full circle-7 shields (it cannot move), next
    to an empty circle-6 shield with a free line down."""
    sc = Scenario(players=2, seed=1, modules=("phlegyas",)).clear_hell(keep_guardians=False).bells(0, bells)
    s = sc.state
    b = s.board
    row = b.circle_shields[VIOLENCE - 1]
    x, right = next((u, v) for u, v in itertools.pairwise(row) if set(b.down[v]) - set(b.down[u]))
    sc.soul(_label(s, x), "violence")
    for t in b.down[x]:
        sc.soul(_label(s, t), "violence", lying=True)
    return sc.hell_phase(0), x, right


def test_a_bell_frees_a_soul_whose_lines_down_are_full() -> None:
    """Rulebook, Hell phase p.11, P&P: with a Bell a Soul that cannot descend from its shield may still be
    moved, by sliding first; without a Bell it cannot be chosen, and then it must slide."""
    s, x, _right = _stuck_scene(bells=0)
    assert texts(s) and f"move {_label(s, x)}" not in texts(s)
    s, x, right = _stuck_scene(bells=1)
    assert f"move {_label(s, x)}" in texts(s)
    s = play(s, f"move {_label(s, x)}")
    assert texts(s) == [f"bell {_label(s, right)}"]  # it must slide: it cannot descend from where it was


def test_bells_are_gained_in_phlegyas_circle_and_spent_ones_return() -> None:
    """P&P DEFAULT (pnp.toml): each family starts with bells_at_start Bells; laying a Soul down in the Bell
    circle gains one from Phlegyas; a spent Bell goes back to his supply."""
    pnp = load_pnp()
    s = inferno.new_game(4, 3, modules=("phlegyas",))
    assert s.ext is not None and s.ext.bells == [pnp.bells_at_start] * 4
    assert s.ext.bell_supply == pnp.bells_total - 4 * pnp.bells_at_start
    sc = Scenario(players=2, seed=1, modules=("phlegyas",)).clear_hell(keep_guardians=False).bells(0, 0)
    s = sc.state
    above = s.board.circle_shields[pnp.bell_circle - 1][0]
    sc.soul(_label(s, above), s.rules.circle_id(pnp.bell_circle))
    s = play(sc.hell_phase(0), f"move {_label(s, above)}")
    supply = s.ext.bell_supply if s.ext else 0
    s = play(s, texts(s)[0])
    assert s.ext is not None and s.ext.bells[0] == 1 and s.ext.bell_supply == supply - 1


def test_each_module_can_be_switched_on_alone() -> None:
    """P&P: Plutus and Phlegyas are separate modules: a Plutus game has no Bells, a Phlegyas game no Desks."""
    s = inferno.new_game(3, 2, modules=("plutus",))
    assert s.ext is not None and s.ext.plutus and not s.ext.phlegyas and s.ext.bells == [0, 0, 0]
    s = inferno.new_game(3, 2, modules=("phlegyas",))
    assert s.ext is not None and s.ext.phlegyas and not s.ext.plutus and s.ext.desks == [0, 0, 0]
    assert inferno.new_game(3, 2).ext is None


def test_five_players_need_the_expansion_and_play_on_its_side() -> None:
    """P&P: a fifth family comes with the expansion; DEFAULT 5-player side and Dante's path (pnp.toml)."""
    with pytest.raises(inferno.SetupError, match="5-player game needs the P&P expansion"):
        inferno.new_game(5, 1)
    with pytest.raises(inferno.SetupError, match="unknown expansion module 'charon'"):
        inferno.new_game(4, 1, modules=("charon",))
    with pytest.raises(inferno.SetupError, match="1-player game"):
        inferno.new_game(1, 1, modules=("plutus",))
    with pytest.raises(inferno.SetupError, match="players must be 1-5"):
        inferno.new_game(6, 1, modules=("plutus",))
    pnp = load_pnp()
    s = inferno.new_game(5, 1, modules=("plutus", "phlegyas"))
    assert s.num_players == 5 and s.config.side == pnp.five_side
    assert s.stops == s.rules.dante[pnp.five_side].stops(4)[pnp.five_dante_start :]
    assert s.palace[s.rules.guest_circles[0]] == 5 and s.barrel_market == [5] * len(s.rules.barrels)
    assert len({pl.family for pl in s.players}) == 5


def test_expansion_games_survive_snapshots_and_records(tmp_path: object) -> None:
    """Saves and replays keep the modules and the expansion's pieces (Desks, Bells, tolls)."""
    from tests.harness.play import random_steps

    s = inferno.new_game(5, 4, modules=("plutus", "phlegyas"))
    for step in random_steps(s, 4, bot="accuser"):
        if step.index >= 250:
            break
    d = inferno.state_to_dict(s)
    loaded = inferno.state_from_dict(json.loads(json.dumps(d)))
    assert inferno.state_to_dict(loaded) == d and d["config"]["modules"] == ["plutus", "phlegyas"]
    again = inferno.replay(inferno.GameRecord.from_dict(json.loads(json.dumps(inferno.record_of(s).to_dict()))))
    assert inferno.state_to_dict(again) == d
    assert "modules" not in inferno.state_to_dict(inferno.new_game(2, 1))["config"]


def test_desk_and_bell_actions_have_a_text_form() -> None:
    """The notation names the expansion's actions (``desk 4.2``, ``bell 5.3``) and parses them back."""
    s = inferno.new_game(2, 1, modules=("plutus", "phlegyas"))
    for kind in (inferno.Act.DESK, inferno.Act.BELL):
        a = inferno.Action(kind, 7)
        text = inferno.action_text(s, a)
        assert text.split()[0] in ("desk", "bell") and inferno.parse_action(s, text) == a
