"""Reading the end screen's six-step table back from the terminal's text, to check it against
``result()`` (the full-screen end, the line mode's end)."""

from __future__ import annotations

from inferno.rules.scoring import result
from inferno.rules.state import State


def table_rows(text: str) -> list[list[int]]:
    """The number cells of each row of the "Final scoring in six steps" table: in play, the six steps,
    the total and the Diplomas held (a name wrapped over two lines is one row)."""
    start = text.index("Final scoring in six steps")
    rows = []
    for line in text[start:].splitlines():
        if not line.startswith("│"):
            if rows and line.startswith("└"):
                break
            continue
        cells = [c.strip() for c in line.strip().strip("│").split("│")]
        if cells[1]:
            rows.append([int(c) for c in cells[1:]])
    return rows


def check_end_text(s: State, text: str) -> None:
    """The end screen's totals are the engine's: each row's steps add up to its total, which is the
    player's Infamy in ``result()`` (the solo Rival's row last)."""
    r = result(s)
    want = [*r.players, *([r.solo.rival] if r.solo is not None else [])]
    rows = table_rows(text)
    assert len(rows) == len(want), text
    for row, pr in zip(rows, want, strict=True):
        in_play, *steps, total, diplomas = row
        assert in_play + sum(steps) == total == pr.infamy
        assert in_play == pr.before_final and diplomas == pr.diplomas
        assert steps == list(pr.steps.values())
