"""The story of a finished game (the end screens' one source): its sums against ``result()`` for seeded
finished games of 2, 4 and 5 players (P&P) and solo, the steps, the verdict, the tie-break, the solo
Rival's row and rank ladder, and a game played without an event log."""

from __future__ import annotations

import random
import re

import pytest

import inferno
from inferno.records.story import FINAL_SOURCE, GameStory, game_story
from inferno.rules.actions import GameNotOverError
from inferno.rules.pack import load_rules
from inferno.rules.scoring import STEPS, result
from inferno.rules.solo_model import SoloConfig
from inferno.rules.state import State


def finished(
    players: int,
    seed: int,
    *,
    modules: tuple[str, ...] = (),
    solo: SoloConfig | None = None,
    record_events: bool = True,
) -> State:
    s = inferno.new_game(players, seed, modules=modules, solo=solo, record_events=record_events)
    rng = random.Random(seed)
    while not s.over:
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    return s


SOLO_VARIANTS = tuple(load_rules().solo.variants)
GAMES = [
    pytest.param(2, 3, (), None, id="2p"),
    pytest.param(4, 5, (), None, id="4p"),
    pytest.param(5, 9, ("plutus", "phlegyas"), None, id="5p-pnp"),
    *(pytest.param(1, 4, (), SoloConfig(v, "medium"), id=f"solo-{v}") for v in SOLO_VARIANTS),
]


def check_sums(s: State, story: GameStory) -> None:
    """Every number of the story is the engine's: sources and steps add up to ``result()``."""
    r = result(s)
    rows = [*r.players, *([r.solo.rival] if r.solo is not None else [])]
    assert [p.player for p in story.players] == [pr.player for pr in rows]
    for p, pr in zip(story.players, rows, strict=True):
        assert sum(x.points for x in p.sources) == pr.infamy == p.infamy
        assert sum(x.points for x in p.sources if not x.final) == pr.before_final == p.in_play
        assert p.diplomas == pr.diplomas and p.winner == pr.winner and p.rank == pr.rank
        for key, step in FINAL_SOURCE.items():
            assert p.points(key) == pr.steps[step]
    assert [st.key for st in story.steps] == list(STEPS)
    for i, pr in enumerate(rows):
        assert [st.points[i] for st in story.steps] == [pr.steps[k] for k in STEPS]
    for st in story.steps:
        assert st.rule.startswith("rulebook p.16-17") and st.happened and st.text


@pytest.mark.parametrize(("players", "seed", "modules", "solo"), GAMES)
def test_the_story_adds_up_to_the_result(
    players: int, seed: int, modules: tuple[str, ...], solo: SoloConfig | None
) -> None:
    s = finished(players, seed, modules=modules, solo=solo)
    story = game_story(s)
    check_sums(s, story)
    r = result(s)
    assert "In play" in story.in_play_note and story.how
    text = " ".join([story.verdict, story.decided, *(line for st in story.steps for line in st.happened)])
    # No internal identifiers; a Fraud card is named as the game prints it ("Fraud card F19").
    bare = re.sub(r"Fraud card F\d\d\b", "Fraud card", text)
    assert "_" not in bare and " F0" not in bare and " F1" not in bare and " F2" not in bare
    if r.solo is None:
        win = next(p for p in story.players if p.winner)
        assert story.verdict.startswith(win.name)
        others = sorted((p.infamy for p in story.players if not p.winner), reverse=True)
        if len(r.winners) == 1:
            assert story.margin == win.infamy - others[0]
            assert (story.tie_break is None) == (story.margin > 0)
            assert story.deciding_source is not None or story.tie_break is not None
    else:
        assert story.players[1].rival and "Rival" in story.players[1].name
        assert story.solo is not None and story.margin == r.solo.margin
        assert [x.yours for x in story.solo.ladder].count(True) == 1
        assert next(x.name for x in story.solo.ladder if x.yours) == r.solo.rank
        assert ("You win" if r.solo.won else "You lose") in story.verdict
        assert story.steps[5].text == "Not used in the solo game."


def test_a_game_without_its_event_log_still_adds_up() -> None:
    s = finished(3, 7, record_events=False)
    story = game_story(s)
    check_sums(s, story)
    assert all(p.sources[0].key == "other" for p in story.players)  # "in play" in one bar


def test_a_tie_on_infamy_is_broken_by_diplomas_and_said_so() -> None:
    s = finished(2, 3)
    a, b = s.players
    b.infamy = a.infamy  # the same Infamy: the Diplomas decide (S3)
    bits = [bin(pl.diplomas).count("1") for pl in s.players]
    story = game_story(s, ["Ann", "Bob"])
    check_sums(s, story)
    if bits[0] != bits[1]:
        winner = "Ann" if bits[0] > bits[1] else "Bob"
        assert story.verdict.startswith(f"{winner} wins on the tie-break")
        assert story.tie_break is not None and "most Diplomas breaks the tie" in story.tie_break
        assert "rulebook p.16-17" in story.tie_break and story.margin == 0
    else:
        assert "share the victory" in story.verdict


def test_the_names_given_are_used_and_the_json_is_plain_data() -> None:
    s = finished(2, 3)
    story = game_story(s, ["Ann", "Bob"])
    d = story.to_dict()
    assert [p["name"] for p in d["players"]] == ["Ann", "Bob"]
    assert d["steps"][3]["title"] == "Diplomas" and d["steps"][2]["title"] == "Extra Diplomas"
    assert {"verdict", "decided", "margin", "players", "steps", "solo"} <= set(d)


def test_a_game_not_over_has_no_story() -> None:
    with pytest.raises(GameNotOverError):
        game_story(inferno.new_game(2, 1))
