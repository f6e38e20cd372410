"""Rule citations in players' words: the rulebook by page, public sources by name, no internal codes."""

from __future__ import annotations

import random
import re

import pytest

import inferno
from inferno.help import DECISION_HELP, help_text
from inferno.records.log import log_lines
from inferno.rules.citations import cite

RAW_CODE = re.compile(r"\b(S[0-3]|IT|LM|U\d+|D\d+)\b|§|_")


@pytest.mark.parametrize(
    ("tag", "words"),
    [
        ("S2 Florence phase; S1 p.12", "rulebook p.12: Florence phase"),
        ("S2 Florence phase; S1 p.12, p.14-15", "rulebook p.12, p.14-15: Florence phase"),
        ("S3 step 4", "rulebook: final scoring step 4"),
        ("S3", "rulebook"),
        ("S0; S1 (rulebook p.9)", "rulebook p.9"),
        ("IT family council", "IronTarkles' teaching summary: family council"),
        ("S0 Sin Tracks; U4", "rulebook: Sin Tracks; a default of this edition"),
        ("S0; D3 accuser_floor_rule", "rulebook; this edition's reading of the rules"),
        ("Dante reached the end", "Dante reached the end"),
        ("rulebook p.14", "rulebook p.14"),
    ],
)
def test_cite_turns_source_codes_into_words(tag: str, words: str) -> None:
    assert cite(tag) == words


def test_every_help_citation_reads_without_codes() -> None:
    s = inferno.new_game(3, 1)
    for decision in DECISION_HELP:
        rule = help_text(s, decision)[2]
        assert rule and not RAW_CODE.search(rule), (decision, rule)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_log_lines_of_a_whole_game_cite_without_codes(players: int) -> None:
    """The readable log (terminal, records) names its rules in words at every line."""
    s = inferno.new_game(players, 5)
    rng = random.Random(5)
    while not s.over:
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    for line in log_lines(s):
        rule = line.rsplit("  (", 1)[-1]
        assert not RAW_CODE.search(rule), line


def test_browser_log_and_decision_cite_without_codes() -> None:
    pytest.importorskip("fastapi")
    from inferno.server.views import view_json

    s = inferno.new_game(3, 2)
    rng = random.Random(2)
    for _ in range(80):
        inferno.apply_in_place(s, rng.choice(inferno.legal_actions(s)))
    out = view_json(s, 0)
    assert out["log"]
    for e in out["log"]:
        assert not RAW_CODE.search(e["rule"]), e["rule"]
    assert out["pending"] is None or not RAW_CODE.search(out["pending"]["rule"])
