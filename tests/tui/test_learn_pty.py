"""The real ``inferno learn --plain`` in a pseudo-terminal, completed from its printed cues only."""

from __future__ import annotations

import json
from pathlib import Path

from tests.tui.pty_driver import INFERNO, PtyProcess

CUE = r"(Play: (?P<move>[^\n]+?)(?: or [^\n]*)?\n|Next\? |Tutorial complete\. Play your first game)"


def test_the_whole_tutorial_from_its_cues(tmp_path: Path) -> None:
    p = PtyProcess([INFERNO, "learn", "--plain"], env={"INFERNO_DATA_DIR": str(tmp_path)})
    for _ in range(500):
        m = p.expect(CUE)
        if m.group(0).startswith("Tutorial complete"):
            break
        if m.group("move"):
            p.expect(r"Your move\? ")
            p.send(m.group("move"))
        else:
            p.send("next")
    else:
        raise AssertionError("the tutorial did not end")
    assert p.wait() == 0
    assert json.loads((tmp_path / "tutorial.json").read_text(encoding="utf-8"))["done"] is True


def test_leave_and_resume(tmp_path: Path) -> None:
    env = {"INFERNO_DATA_DIR": str(tmp_path)}
    p = PtyProcess([INFERNO, "learn", "--plain"], env=env)
    p.expect(r"Next\? ")
    p.send("next")
    p.expect(r"Next\? ")
    p.send("quit")
    p.expect("resumes it where you were")
    assert p.wait() == 0
    again = PtyProcess([INFERNO, "learn", "--plain"], env=env)
    again.expect(r"Resuming the tutorial at step 2 of \d+")
    again.send("quit")
    assert again.wait() == 0


def test_a_saved_tutorial_that_no_longer_fits_starts_over_with_a_word(tmp_path: Path) -> None:
    (tmp_path / "tutorial.json").write_text(
        json.dumps({"done": False, "session": {"tutorial": 1, "inputs": ["fly to the moon"]}}), encoding="utf-8"
    )
    p = PtyProcess([INFERNO, "learn", "--plain"], env={"INFERNO_DATA_DIR": str(tmp_path)})
    p.expect("The tutorial has changed since you left it")
    p.expect(r"step 1 of \d+")
    p.send("quit")
    assert p.wait() == 0
