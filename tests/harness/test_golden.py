"""Golden game logs (STYLE lesson 12): seeded random-bot games regenerated and compared line by line with
tests/golden/*.txt — action texts, every event line with its rule, and the final scoring table (S3).

Regenerate after an intended rules change with ``python -m tests.golden_tools`` and review the diff.
"""

from __future__ import annotations

import difflib

import pytest

import inferno
from tests.golden_tools import GOLDEN_DIR, GOLDEN_GAMES, GoldenGame, golden_lines
from tests.harness.play import play_random

MAX_DIFF_LINES = 60


@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=[g.path.stem for g in GOLDEN_GAMES])
def test_golden_game_log(game: GoldenGame) -> None:
    stored = game.path.read_text(encoding="utf-8").splitlines()
    fresh = golden_lines(game)
    if fresh != stored:
        diff = list(difflib.unified_diff(stored, fresh, str(game.path), "regenerated", lineterm="", n=2))
        shown = "\n".join(diff[:MAX_DIFF_LINES])
        more = f"\n... {len(diff) - MAX_DIFF_LINES} more diff lines" if len(diff) > MAX_DIFF_LINES else ""
        pytest.fail(f"golden log differs (run `python -m tests.golden_tools` if intended):\n{shown}{more}")


@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=[g.path.stem for g in GOLDEN_GAMES])
def test_golden_file_holds_the_whole_log(game: GoldenGame) -> None:
    """The file's event lines are exactly log_lines() of the game, its actions exactly its record."""
    s = play_random(game.players, game.seed, game.side, bot=game.bot)
    stored = game.path.read_text(encoding="utf-8").splitlines()
    cut = stored.index("[scoring]")
    play, scoring = stored[:cut], stored[cut + 1 :]
    events = [line[2:] for line in play if line.startswith("  ")]
    actions = [line.split(": ", 1)[1] for line in play if line.startswith("> ")]
    assert events == inferno.log_lines(s)
    assert actions == inferno.record_of(s).actions
    assert scoring == inferno.scoring_table(inferno.result(s))


def test_golden_files_are_all_listed() -> None:
    assert sorted(p.name for p in GOLDEN_DIR.glob("*.txt")) == sorted(g.path.name for g in GOLDEN_GAMES)


def test_golden_games_cover_both_endings() -> None:
    """At least one golden game ends in sudden death and one with Dante at his last stop (S3)."""
    endings = {stored.splitlines()[-1].endswith("(sudden death)") for stored in _texts()}
    assert endings == {True, False}


def _texts() -> list[str]:
    return [g.path.read_text(encoding="utf-8") for g in GOLDEN_GAMES]
