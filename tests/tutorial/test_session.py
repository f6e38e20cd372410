"""The tutorial core: walking the whole script, held-back moves, leave and resume."""

from __future__ import annotations

import pytest

from inferno.rules.engine import legal_actions, to_move
from inferno.rules.notation import action_text
from inferno.tutorial.script import DEFAULT_HELD_BACK, load_script, parse_script
from inferno.tutorial.session import EXPLAIN_FIRST, FINISHED, Reply, StepKind, Tutorial, TutorialError


def finish_step(t: Tutorial) -> None:
    step = t.step
    assert step is not None
    if step.kind is StepKind.EXPLAIN:
        t.next()
    else:
        reply = t.play(step.expected[0])
        assert reply.accepted, reply.message


def advance_to(t: Tutorial, kind: StepKind) -> None:
    while t.step is not None and t.step.kind is not kind:
        finish_step(t)


def test_every_expected_move_is_legal_when_its_step_asks() -> None:
    t = Tutorial.start()
    while not t.done:
        step = t.step
        assert step is not None
        if step.kind is StepKind.ACT:
            assert to_move(t.state) == t.seat, step.id
            legal = {action_text(t.state, a) for a in legal_actions(t.state)}
            assert set(step.expected) <= legal, (step.id, step.expected, sorted(legal))
        finish_step(t)
    assert t.step is None and t.index == t.total


def test_every_expected_alternative_is_accepted() -> None:
    t = Tutorial.start()
    while not t.done:
        step = t.step
        assert step is not None
        for alternative in step.expected[1:]:
            trial = Tutorial.from_json(t.to_json())
            assert trial.play(alternative).accepted, (step.id, alternative)
        finish_step(t)


def test_a_held_back_move_answers_with_the_friendly_word() -> None:
    t = Tutorial.start()
    advance_to(t, StepKind.ACT)
    step = t.step
    assert step is not None
    other = next(
        action_text(t.state, a) for a in legal_actions(t.state) if action_text(t.state, a) not in step.expected
    )
    before = (t.index, t.state)
    assert t.play(other) == Reply(False, step.held_back)
    assert t.play("fly to the moon") == Reply(False, step.held_back)
    assert (t.index, t.state) == before


def test_the_default_held_back_word_is_friendly() -> None:
    (chapter,) = parse_script(
        '[[chapter]]\nid = "c"\ntitle = "C"\n[[chapter.step]]\nid = "s"\ntitle = "S"\nkind = "act"\n'
        'cite = "rulebook p.11"\ntext = "Do it."\nexpected = ["enter lust"]\n'
    )
    assert chapter.steps[0].held_back == DEFAULT_HELD_BACK


def test_explain_steps_need_next_and_act_steps_need_a_move() -> None:
    t = Tutorial.start()
    assert t.step is not None and t.step.kind is StepKind.EXPLAIN
    assert t.play("enter lust") == Reply(False, EXPLAIN_FIRST)
    advance_to(t, StepKind.ACT)
    with pytest.raises(TutorialError, match="asks for a move"):
        t.next()


def test_accepted_move_says_what_happened() -> None:
    t = Tutorial.start()
    advance_to(t, StepKind.ACT)
    step = t.step
    assert step is not None
    reply = t.play(step.expected[0])
    assert reply.accepted and reply.message.startswith(f"You played {step.expected[0]}")


def test_round_trip_mid_way() -> None:
    t = Tutorial.start()
    for _ in range(t.total // 2):
        finish_step(t)
    back = Tutorial.from_json(t.to_json())
    assert back.index == t.index and back.step == t.step
    assert legal_actions(back.state) == legal_actions(t.state)
    assert back.to_json() == t.to_json()


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"tutorial": 99, "inputs": []},
        {"tutorial": 1, "inputs": "next"},
        {"tutorial": 1, "inputs": [3]},
        {"tutorial": 1, "inputs": ["send bank noble"]},
        {"tutorial": 1, "inputs": ["next"] * 10_000},
    ],
)
def test_bad_json_gives_a_tutorial_error(data: object) -> None:
    with pytest.raises(TutorialError):
        Tutorial.from_json(data)


def test_finished_tutorial_says_play_your_first_game() -> None:
    t = Tutorial.start()
    while not t.done:
        finish_step(t)
    assert t.play("enter lust") == Reply(False, FINISHED)
    with pytest.raises(TutorialError, match="play your first game"):
        t.next()


def test_every_step_cites_the_rulebook() -> None:
    for chapter in load_script():
        for step in chapter.steps:
            assert step.cite.startswith("rulebook"), step.id
            assert step.text and step.title


def test_act_steps_name_their_moves_in_the_text() -> None:
    for chapter in load_script():
        for step in chapter.steps:
            if step.kind is StepKind.ACT:
                assert step.expected[0] in step.text, step.id


def test_every_target_is_the_option_or_a_component_on_the_board() -> None:
    from inferno.components import components

    t = Tutorial.start()
    while not t.done:
        step = t.step
        assert step is not None
        if step.target not in ("", "option"):
            assert step.target in components(t.state), (step.id, step.target)
        finish_step(t)
