"""The screen: whole open state, a symbol and a colour per sin, only the viewer's own hand."""

from __future__ import annotations

import io
import random

from rich.console import Console

import inferno
from inferno.help import DECISION_HELP, effect_words, help_text
from inferno.rules.engine import pending
from inferno.tui.screen import game_screen
from inferno.tui.text import sin_mark


def _text(renderable: object, width: int = 160) -> str:
    console = Console(record=True, width=width, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def _midgame(seed: int = 3, players: int = 3, n: int = 120) -> inferno.State:
    s = inferno.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(n):
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    return s


def test_every_sin_has_its_glyph_letter_and_colour_from_the_rules_data() -> None:
    """RULES.md §23: each sin gets a distinct shape as well as a colour (colour-blind players)."""
    s = inferno.new_game(3, 1)
    out = _text(game_screen(s, 0, ["(you)", "(bot)", "(bot)"], pending(s), []))
    marks = set()
    for c in s.rules.circles:
        mark = sin_mark(s.rules, c.number)
        assert mark.plain == f"{c.glyph}{c.letter}"
        assert mark.style.color is not None and mark.style.color.triplet is not None
        assert mark.style.color.triplet.hex == c.hex.lower()
        assert f"{c.glyph}{c.letter} {c.sin}" in out
        marks.add(mark.plain)
    assert len(marks) == len(s.rules.circles)


def test_screen_shows_own_hand_only() -> None:
    """D5: other players' Fraud hands are hidden; the screen is built from inferno.view."""
    s = _midgame()
    p = inferno.to_move(s)
    v = inferno.view(s, p)
    out = _text(game_screen(v, p, ["", "", ""], pending(s), []))
    ids = s.rules.fraud_cards
    for q, pl in enumerate(s.players):
        for card in pl.hand:
            line = f"│ {ids[card].id}  "
            if q == p:
                assert line in out
            else:
                assert line not in out


def test_screen_lists_the_open_state() -> None:
    s = _midgame()
    p = inferno.to_move(s)
    pend = pending(s)
    assert pend is not None
    # a circle of 16 shields (Limbo on side III/IV) needs about 260 columns in the line-mode Hell table
    out = _text(game_screen(inferno.view(s, p), p, ["", "", ""], pend, []), width=280)
    for label in ("Hell", "Walls of Dis", "Graveyard", "Next Plague card", "Dante's path", "Florence", "Families"):
        assert label in out
    for loc in s.rules.locations:
        assert loc.name in out
    for shield in s.board.labels:
        assert shield in out
    for i, a in enumerate(pend.actions, 1):
        assert f"{i}. {inferno.action_text(s, a)}" in out
    standing = sum(1 for c in s.hell if 0 < c < 10)
    assert out.count("▲") >= standing


def test_help_exists_for_every_decision_and_cites_a_rule() -> None:
    s = inferno.new_game(2, 1)
    for d in inferno.Decision:
        if d < 100:
            assert d in DECISION_HELP
            title, text, rule = help_text(s, d)
            assert title and text and rule and "RULES.md" not in rule
    _, text, _ = help_text(s, inferno.Decision.HELL)
    assert f"{s.rules.ferry_cost} Drachma" in text


def test_fraud_effect_options_say_what_each_half_does() -> None:
    """S0 Fraud cards: the player picks one of the two instant effects; both are shown in words."""
    seed = 0
    s = inferno.new_game(2, seed)
    rng = random.Random(seed)
    while not (s.stack and s.stack[-1][0] == inferno.Decision.FRAUD_EFFECT):
        if s.over:
            seed += 1
            s, rng = inferno.new_game(2, seed), random.Random(seed)
            continue
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    p = inferno.to_move(s)
    out = _text(game_screen(inferno.view(s, p), p, ["", ""], pending(s), []))
    card = s.rules.fraud_cards[s.stack[-1][2]]
    for i, e in enumerate(card.instant, 1):
        assert f"{i}. effect {i}   (Instant effect {i} of {card.id}: {effect_words(s.rules, e)})" in out
