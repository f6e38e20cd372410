"""Every option in words (inferno.option_words): a walk through seeded random games of every player count,
with the P&P modules and solo, checks that each legal action gets words a player can read."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from inferno import Scenario
from inferno.defaults import PNP_MODULES, default_solo
from inferno.option_words import option_words
from inferno.rules.actions import Act, Decision
from inferno.rules.engine import apply_in_place, legal_actions, to_move
from inferno.rules.notation import action_text, parse_action
from inferno.rules.setup import new_game
from inferno.rules.state import State

# A shield's or a Tower space's number shown without the word that says what it is.
_BARE_NUMBERS = re.compile(r"(?<!shield )(?<!gate )(?<!floor )(?<!space )(?<!effect )\b\d+\.\d+\b")
_IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[A-Z]+_[A-Z_]+\b")


def _games() -> Iterator[tuple[str, State]]:
    for players in (2, 3, 4):
        yield f"{players} players", new_game(players, 100 + players)
    yield "5 players, P&P", new_game(5, 105, modules=PNP_MODULES)
    yield "3 players, P&P", new_game(3, 203, modules=PNP_MODULES)
    yield "solo", new_game(1, 301, solo=default_solo())


def _walk(s: State, seed: int, moves: int = 700) -> Iterator[State]:
    rng = random.Random(seed)
    for _ in range(moves):
        if s.over:
            return
        yield s
        s = s.copy()
        apply_in_place(s, rng.choice(legal_actions(s)))


def _check(s: State, seen: set[Act]) -> None:
    for a in legal_actions(s):
        words = option_words(s, a)
        seen.add(a.kind)
        where = f"{action_text(s, a)!r} → {words!r}"
        assert words and words[0].isupper(), where
        assert "None" not in words and "_" not in words and "?" not in words, where
        assert not _BARE_NUMBERS.search(words), where
        assert not _IDENTIFIER.search(words), where
        assert parse_action(s, action_text(s, a)) == a  # the notation stays what a player types


@pytest.mark.parametrize(("name", "start"), list(_games()), ids=[n for n, _ in _games()])
def test_every_legal_action_of_random_games_gets_words(name: str, start: State) -> None:
    seen: set[Act] = set()
    for k in range(3):
        for s in _walk(start.copy(), k):
            _check(s, seen)
    assert {Act.MOVE, Act.SEND, Act.DONE} <= seen, name


def test_some_words_read_as_the_game_says_them() -> None:
    s = Scenario(2, 1).decision((Decision.PALACE, 0))
    guests = {action_text(s, a): option_words(s, a) for a in legal_actions(s)}
    heresy = next(t for t in guests if t.startswith("guest heresy"))
    assert guests[heresy] == f"Invite the Heresy Guest to Tower floor {heresy.split()[-1]}"
    s = Scenario(2, 1).florence_phase(0, "bank")
    words = {action_text(s, a): option_words(s, a) for a in legal_actions(s)}
    assert words["send bank noble"] == "Send a Noble to the BANK"
    assert words["council"] == f"Family council: lose {s.rules.council_cost} Infamy points"
    assert to_move(s) == 0


def test_a_pit_and_a_move_name_their_shields() -> None:
    """ "target 6.4 6.4" said without a noun was the complaint: the words say what happens on which shield."""
    sc = Scenario(2, 1).guardians("geryon")
    s = sc.decision((Decision.GUARDIAN_MOVE, 0, 1))
    gmove = legal_actions(s)[0]
    assert option_words(s, gmove) == f"Move Geryon to the empty shield {action_text(s, gmove).split()[-1]}"
    s = s.copy()
    apply_in_place(s, gmove)
    pits = [a for a in legal_actions(s) if a.kind is Act.TARGET]
    assert pits
    for a in pits:
        label = action_text(s, a).split()[-1]
        assert action_text(s, a) == f"target {label} {label}"
        assert option_words(s, a) == f"Geryon digs a Pit on the empty shield {label}"
