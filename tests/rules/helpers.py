"""Small helpers shared by the rule tests: list, play and inspect decisions by their text form."""

from __future__ import annotations

import functools
import re
import tempfile
from pathlib import Path

import inferno
from inferno import Decision, State

DATA = Path(inferno.__file__).resolve().parent / "data"


def texts(s: State) -> list[str]:
    """The legal actions' text forms, sorted."""
    return sorted(inferno.action_text(s, a) for a in inferno.legal_actions(s))


def do(s: State, *commands: str) -> State:
    """Apply actions given in text form, one after the other."""
    for c in commands:
        s = inferno.apply(s, inferno.parse_action(s, c))
    return s


play = do


def decision(s: State) -> Decision | None:
    """The kind of the pending decision (None when the game is over)."""
    pend = inferno.pending(s)
    return None if pend is None else pend.decision


@functools.cache
def placeholder_rules() -> str:
    """A rules folder holding the first placeholder Hell (4–6 shields per circle, the layout rule of
    tools/generate_default_data.py) and Phlegethon cubes starting at 3: the fixed board on which the
    position-building rule tests name their shields. The rules themselves are the same on any board."""
    from tools.calibrate_hell import FILES, PLACEHOLDER
    from tools.generate_default_data import board

    folder = Path(tempfile.mkdtemp(prefix="inferno-test-board-"))
    for side, name in FILES.items():
        (folder / name).write_text(board(side, PLACEHOLDER[side]), encoding="utf-8")
    core = (DATA / "core.toml").read_text(encoding="utf-8")
    start = re.compile(r"^start = \{ value = \d+,", re.M)
    assert start.search(core), "core.toml's Phlegethon start has moved: update placeholder_rules"
    (folder / "core.toml").write_text(start.sub("start = { value = 3,", core), encoding="utf-8")
    return str(folder)
