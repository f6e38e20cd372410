"""The tutorial's chapters cover every topic a new player needs, in the order good tutorials use."""

from __future__ import annotations

from inferno.tutorial.script import Step, StepKind, load_script


def steps() -> dict[str, Step]:
    return {s.id: s for c in load_script() for s in c.steps}


def titles() -> list[str]:
    return [c.title for c in load_script()]


def text_of(*ids: str) -> str:
    found = steps()
    return " ".join(found[i].text for i in ids)


def test_theme_goal_overview_and_turn_come_first() -> None:
    first = load_script()[0]
    assert [s.id for s in first.steps] == ["theme", "goal", "overview", "turn"]
    assert all(s.kind is StepKind.EXPLAIN for s in first.steps)


def test_hell_phase_graveyard_and_charon() -> None:
    assert "Charon" in text_of("graveyard") and steps()["graveyard"].expected == ("enter lust",)


def test_hell_phase_lines_jumps_and_lying_down() -> None:
    assert "jumps" in text_of("jump") and "lies down" in text_of("lie_down")
    assert steps()["lines"].expected[0].startswith("move ")


def test_hell_phase_walls_and_safe_passages() -> None:
    assert "safe passage" in text_of("walls", "safe_passage")
    assert steps()["safe_passage"].expected == ("gate 1",)


def test_hell_phase_quartiere() -> None:
    assert "quartiere" in text_of("quartiere")


def test_florence_sends_nobles_and_urchins_and_visits_each_location_once() -> None:
    sent = [e.split()[1] for s in steps().values() for e in s.expected[:1] if e.startswith("send ")]
    assert sorted(sent) == sorted(["haystack", "banquet", "bank", "courtyard", "bonfire", "wall", "market", "palace"])
    members = {e.split()[2] for s in steps().values() for e in s.expected if e.startswith("send ")}
    assert members == {"noble", "urchin"}
    assert "Urchin" in text_of("haystack", "florence_intro")


def test_florence_tower() -> None:
    assert "Tower" in text_of("banquet") and steps()["guest"].target == "tower"


def test_accusation_all_five_steps() -> None:
    five = text_of("five_steps")
    assert all(f"{n}." in five for n in range(1, 6))
    assert steps()["accuse"].expected == ("accuse wall noble",)


def test_sin_tracks_bonuses_dante_and_diplomas() -> None:
    assert "Sin Tracks, bonuses, Dante and Diplomas" in titles()
    assert "½ Diploma" in text_of("sin_track") and "bonus" in text_of("bonus") and "Diploma" in text_of("dante")


def test_florins_drachmas_and_loans() -> None:
    assert "Florins, Drachmas and loans" in titles()
    assert "Loan track" in text_of("loan") and "Drachmas" in text_of("coins")


def test_fraud_cards_and_barrels() -> None:
    assert "Fraud cards and Barrels" in titles()
    assert steps()["fraud_source"].expected == ("play F05",) and steps()["deliver"].expected == ("deliver grey",)


def test_a_guardian() -> None:
    assert "A Guardian" in titles() and steps()["guardian_move"].expected[0].startswith("gmove ")


def test_family_council() -> None:
    assert steps()["council_call"].expected == ("council",)


def test_last_round_and_six_steps_of_final_scoring_with_the_phlegethon() -> None:
    scoring = text_of("scoring_order", "extra_diploma", "scoring_rest")
    assert all(f"{n}." in scoring for n in range(1, 7))
    assert "last turn" in text_of("final_stop") and steps()["scoring_order"].target == "phlegethon"


def test_ends_with_play_your_first_game() -> None:
    assert "Play your first game" in load_script()[-1].steps[-1].text
