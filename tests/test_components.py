"""Every component explained where it sits (inferno.components): each location, Sin Track, gate,
Phlegethon cube, stop on Dante's path and Guardian has a text in the game's words, citing the rulebook,
with every amount read from the rules data."""

from __future__ import annotations

import dataclasses
import re

import pytest

import inferno
from inferno import Scenario
from inferno.components import action_components, component_list, components, find_components, location_does
from inferno.rules.model import LocationAction
from inferno.rules.state import State

AREAS = ("walls", "phlegethon", "graveyard", "plague", "styx", "loans", "dante", "fraud", "bonuses", "council")
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[A-Z]+_[A-Z_]+\b")  # data ids and decision names


def _game(players: int = 2, seed: int = 3) -> State:
    return inferno.new_game(players=players, seed=seed)


def _keys(s: State) -> list[str]:
    """The keys every game must explain: its locations, tracks, gates, cubes, stops, Guardians, areas."""
    r = s.rules
    return [
        *(f"location:{loc.index}" for loc in r.locations),
        *(f"track:{c}" for c in range(2, 10)),
        *(f"gate:{g}" for g in range(s.board.gates)),
        *(f"phleg:{c}" for c in range(2, 10)),
        *(f"stop:{i}" for i in range(len(s.stops))),
        *(f"guardian:{slot}" for slot in range(len(s.guardians))),
        *AREAS,
    ]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_component_is_explained_in_the_games_words_with_its_rule(players: int) -> None:
    s = _game(players)
    table = components(s)
    for key in _keys(s):
        c = table[key]
        assert c.title and len(c.text) > 60, key
        assert c.rule.startswith("rulebook"), (key, c.rule)
        assert not INTERNAL.findall(c.title + " " + c.text), (key, INTERNAL.findall(c.text))
        assert "  " not in c.text and " ." not in c.text and ";." not in c.text, key
        assert not re.search(r"\. [a-z]", c.text), (key, c.text)  # every sentence starts upper-case


def test_a_location_says_what_it_does_costs_and_who_may_enter() -> None:
    s = _game()
    table = components(s)
    for loc in s.rules.locations:
        c = table[f"location:{loc.index}"]
        sin = s.rules.circles[loc.circle - 1].sin
        assert c.title.startswith(loc.name) and sin in c.title
        assert location_does(s, loc) in c.text
        if loc.special:
            assert f"a Noble pays {loc.noble_florins} Florin" in c.text and "an Urchin enters free" in c.text
            assert f"the {sin} Guest in your Tower" in c.text
        else:
            assert "any family member enters free" in c.text and "no Guest needed" in c.text
        assert s.rules.quartieri[s.loc_quartiere[loc.index]] in c.text
    bank = next(loc for loc in s.rules.locations if loc.action is LocationAction.BANK)
    assert "Gain 2 Florins, plus 1 per Guest" in table[f"location:{bank.index}"].text


def test_amounts_are_read_from_the_rules_data() -> None:
    """Change the data and the words follow: no amount is written in the texts."""
    s = _game()
    r = s.rules
    locs = tuple(
        dataclasses.replace(loc, params={**loc.params, "styx_cost": 5, "guardian_cost": 4})
        if loc.action is LocationAction.BONFIRE
        else loc
        for loc in r.locations
    )
    changed = dataclasses.replace(
        r,
        council_cost=7,
        bribe_cost=6,
        ferry_cost=3,
        drachmas_per_loan=9,
        loan_positions=((0, -11), (-12, -13)),
        graveyard_refill=8,
        phleg_max=9,
        final_stop_infamy=15,
        locations=locs,
    )
    t = s.copy()
    t.rules = changed
    table = components(t)
    assert "lose 7 Infamy points" in table["council"].text
    assert "Pay 6 Drachmas" in table["bribe"].text
    assert (
        "for 3 Drachmas" in table["graveyard"].text and "the 8 Souls of the top Plague card" in table["graveyard"].text
    )
    loans = table["loans"].text
    assert "lends you 9 Drachmas" in loans and "loan 1, 11 Infamy points lost at the end" in loans
    assert "loan 2, 12 Infamy points lost at once, 13 Infamy points lost at the end" in loans
    assert "from 1 to 9" in table["phlegethon"].text
    assert "scores 15 Infamy points" in table["dante"].text
    assert "for 5 Drachmas" in table["styx"].text
    assert "for 4 Drachmas" in table["guardian:0"].text
    assert "lose 7" not in components(s)["council"].text  # the game's own data is untouched


def test_the_bonus_beside_each_track_is_named_by_what_it_does() -> None:
    s = _game()
    table = components(s)
    for c in range(2, 10):
        tile = s.rules.bonus_tiles[s.bonus[c]]
        text = table[f"track:{c}"].text
        assert f"Its bonus ({tile.kind}):" in text and tile.id not in text
        assert f"beyond space {s.rules.track_max} scores {s.rules.overflow_infamy[c]} Infamy points" in text


def test_each_stop_on_dantes_path_says_what_it_gives() -> None:
    s = _game()
    table = components(s)
    for i, stop in enumerate(s.stops):
        text = table[f"stop:{i}"].text
        assert text.startswith(f"Stop {i + 1} of {len(s.stops)}")
        kind = stop.kind.value
        if kind == "F":
            assert "play a Fraud card" in text
        elif kind == "P":
            assert "a pagan Soul enters the Graveyard" in text
        else:
            sin = s.rules.circles[stop.circle - 1].sin
            assert f"the {sin} Diploma goes to the player furthest along the {sin} track" in text
    assert "last turn" in table[f"stop:{len(s.stops) - 1}"].text


@pytest.mark.parametrize("guardian", ["cerberus", "minotaur", "medusa", "minos", "geryon", "furies"])
def test_every_guardian_says_what_it_does_in_words(guardian: str) -> None:
    s = Scenario(2, 1).guardians(guardian).state
    g = s.rules.guardian_by_id(guardian)
    assert g is not None
    c = components(s)["guardian:0"]
    assert c.title == f"Guardian: {g.name}" and c.rule == "rulebook p.22-23: Guardians"
    the = "the " if guardian in ("minotaur", "furies") else ""
    assert c.text.startswith(f"When {the}{g.name} moves, ")
    words = {
        "geryon": "digs a Pit",
        "medusa": "lies down where it stands",
        "cerberus": "drops straight down",
        "minotaur": "moves down one line",
        "minos": "goes down to an empty shield of its own circle",
        "furies": "slides sideways",
    }
    assert words[guardian] in c.text


def test_an_option_names_the_components_it_involves() -> None:
    s = Scenario(2, 1).at(0, "bank", "noble").florence_phase(0, "bank")
    by_text = {inferno.action_text(s, a): a for a in inferno.legal_actions(s)}
    titles = [c.title for c in action_components(s, by_text["accuse bank noble"])]
    assert titles[0].startswith("BANK") and "Dante's path" in titles
    assert any(t.startswith("Dante's path, stop") for t in titles)
    assert [c.title for c in action_components(s, by_text["council"])] == ["Family council"]


def test_components_can_be_found_by_name_and_are_listed_once() -> None:
    s = _game()
    assert [c.key for c in find_components(s, "styx")] == ["styx"]
    assert next(c.title for c in find_components(s, "banquet")).startswith("BANQUET")
    listed = [c.key for c in component_list(s)]
    assert len(listed) == len(set(listed)) and not any(k.startswith("colour:") for k in listed)


def test_the_phlegethon_text_gives_each_cubes_own_start() -> None:
    """Setup (each Phlegethon cube on its printed start space): one start for all is said once; starts
    that differ are listed for circles 2-9, and each cube's own text gives its start."""
    s = inferno.new_game(3, 0, record_events=False)
    t = s.copy()
    t.board = dataclasses.replace(s.board, phleg_start=(0, 0, *[4] * 8))
    assert "every cube starts at 4" in components(t)["phlegethon"].text
    t.board = dataclasses.replace(s.board, phleg_start=(0, 0, 2, 2, 3, 3, 4, 4, 5, 5))
    table = components(t)
    assert "the cubes of circles 2 to 9 start at 2, 2, 3, 3, 4, 4, 5, 5, in that order" in table["phlegethon"].text
    assert "Its cube starts at 5." in table["phleg:9"].text and "Its cube starts at 2." in table["phleg:2"].text
