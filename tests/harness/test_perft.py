"""Perft (STYLE lesson 10): numbers of legal action sequences to depth 1-3 from fixed positions, stored as
data (tests/data/perft.json) and recounted here. Any change to what is legal changes a count.

Regenerate after an intended rules change with ``python -m tests.golden_tools``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import inferno
from tests.golden_tools import PERFT_DEPTH, PERFT_FILE, PERFT_POSITIONS, PerftPosition, perft, perft_counts

STORED: dict[str, Any] = json.loads(PERFT_FILE.read_text(encoding="utf-8"))
ROWS: list[dict[str, Any]] = STORED["positions"]


def test_stored_positions_are_the_listed_ones() -> None:
    """The data file covers every player count on both sides, as golden_tools lists them."""
    assert [PerftPosition(r["players"], r["seed"], r["side"], r["prefix"]) for r in ROWS] == list(PERFT_POSITIONS)
    assert {(r["players"], r["side"]) for r in ROWS} == {(n, side) for n in (1, 2, 3, 4) for side in ("I/II", "III/IV")}
    assert STORED["rules_fingerprint"] == inferno.load_rules().fingerprint, "rules data changed: regenerate"


@pytest.mark.parametrize(
    "row", ROWS, ids=[f"p{r['players']}-{r['side'].replace('/', '-')}-s{r['seed']}-k{r['prefix']}" for r in ROWS]
)
def test_perft_counts(row: dict[str, Any]) -> None:
    pos = PerftPosition(row["players"], row["seed"], row["side"], row["prefix"])
    assert perft_counts(pos) == row["counts"]
    assert len(row["counts"]) == PERFT_DEPTH


def test_perft_counts_do_not_depend_on_copying() -> None:
    """Counting by apply_in_place on copies gives the same numbers as apply (which copies itself)."""

    def perft_in_place(s: inferno.State, depth: int) -> int:
        if depth == 0 or s.over:
            return 1
        total = 0
        for a in inferno.legal_actions(s):
            t = s.copy()
            inferno.apply_in_place(t, a)
            total += perft_in_place(t, depth - 1)
        return total

    for pos in PERFT_POSITIONS[::5]:
        s = pos.state()
        assert [perft_in_place(s, d) for d in (1, 2, 3)] == [perft(s, d) for d in (1, 2, 3)]
