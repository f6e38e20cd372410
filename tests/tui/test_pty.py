"""The real ``inferno play`` in a pseudo-terminal: a whole game, and resume after a kill."""

from __future__ import annotations

import re
from pathlib import Path

import inferno
from inferno.records.record import load_record, replay
from inferno.records.undo import steps_of
from inferno.tui.session import Session
from tests.tui.pty_driver import INFERNO, PtyProcess

PROMPT = r"Player 1, which option\? "
END = r"Final scoring \(rulebook p\.16-17\)"
REVIEW_OFFER = "Type r and Enter to review this game now"


def _play_to_end(p: PtyProcess, max_decisions: int = 2000) -> int:
    """Answer option 1 (or 'help' / a bad line now and then) at every prompt until the game ends."""
    for n in range(max_decisions):
        m = p.expect(f"({PROMPT}|{END})")
        if m.group(1).startswith("Final"):
            p.expect(" wins |share the victory")
            p.expect("The game record is saved in")
            p.expect(REVIEW_OFFER)
            p.send("")  # Enter alone quits
            return n
        if n == 3:
            p.send("help")
            p.expect("Rule: ")
            p.expect(PROMPT)
        if n == 5:
            p.send("0")
            p.expect("there is no option 0")
            p.expect(PROMPT)
        p.send("1")
    raise AssertionError("game did not end")


def test_whole_game_through_the_real_command_in_a_terminal(tmp_path: Path) -> None:
    save = tmp_path / "pty.json"
    args = [
        INFERNO,
        "play",
        "--plain",
        "--seat",
        "1=human",
        "--seat",
        "2=bot:random",
        "--seed",
        "12",
        "--save",
        str(save),
    ]
    p = PtyProcess(args)
    decisions = _play_to_end(p)
    assert p.wait() == 0
    assert decisions > 10
    final = replay(load_record(save))
    assert final.over


def test_resume_after_a_kill_mid_game_loses_no_move(tmp_path: Path) -> None:
    save = tmp_path / "killed.json"
    args = [
        INFERNO,
        "play",
        "--plain",
        "--seat",
        "1=human",
        "--seat",
        "2=bot:random",
        "--seed",
        "21",
        "--save",
        str(save),
    ]
    p = PtyProcess(args)
    for _ in range(12):
        p.expect(PROMPT)
        p.send("1")
    p.expect(PROMPT)  # the 12th decision has been applied and the next prompt shown
    p.kill()
    rec = load_record(save)
    assert sum(1 for st in steps_of(rec) if st.player == 0) >= 12
    at_kill = replay(rec)
    assert not at_kill.over and inferno.to_move(at_kill) == 0
    # The resumed session rebuilds exactly the state at the kill.
    assert inferno.state_to_dict(Session.resume(save).state) == inferno.state_to_dict(at_kill)
    # And the real command resumes it and plays on to the end.
    q = PtyProcess([INFERNO, "play", "--plain", "--resume", str(save)])
    q.expect(f"Resumed {save} at action {len(rec.actions)}")
    _play_to_end(q)
    assert q.wait() == 0
    done = load_record(save)
    assert done.actions[: len(rec.actions)] == rec.actions
    assert replay(done).over


def test_quit_in_a_terminal_saves_and_says_how_to_resume(tmp_path: Path) -> None:
    save = tmp_path / "q.json"
    p = PtyProcess(
        [INFERNO, "play", "--plain", "--seat", "1=human", "--seat", "2=bot:random", "--seed", "2", "--save", str(save)]
    )
    p.expect(PROMPT)
    p.send("1")
    p.expect(PROMPT)
    p.send("quit")
    p.expect(f"Resume with: inferno play --resume {save}")
    assert p.wait() == 0
    assert len(load_record(save).actions) >= 1


def test_ctrl_c_saves_every_move_made(tmp_path: Path) -> None:
    save = tmp_path / "c.json"
    p = PtyProcess(
        [INFERNO, "play", "--plain", "--seat", "1=human", "--seat", "2=bot:random", "--seed", "4", "--save", str(save)]
    )
    p.expect(PROMPT)
    p.send("1")
    p.expect(PROMPT)
    made = load_record(save).actions
    p.interrupt()  # Ctrl-C at the prompt
    p.expect("Interrupted; game saved")
    assert p.wait() == 130
    assert load_record(save).actions == made
    assert any(st.player == 0 for st in steps_of(load_record(save)))


BOX_DRAWING = re.compile("[\u2500-\u257f]")
MAX_LINES = 30  # what a screen reader reads at one decision, about


def test_screen_reader_mode_reads_a_whole_game_in_short_plain_lines(tmp_path: Path) -> None:
    """--screen-reader, read top to bottom: no box drawing anywhere, no decision longer than about
    30 lines, every prompt one line ending in a question; board and preview on request."""
    save = tmp_path / "sr.json"
    args = [INFERNO, "play", "--screen-reader", "--seat", "1=human", "--seat", "2=bot:greedy"]
    p = PtyProcess([*args, "--seed", "12", "--save", str(save)], env={"COLUMNS": "80", "LINES": "24"})
    transcript: list[str] = []
    longest = 0
    for n in range(2000):
        m = p.expect(f"({PROMPT}|{END})")
        chunk = m.string[: m.end()]
        transcript.append(chunk)
        if m.group(1).startswith("Final"):
            m = p.expect(REVIEW_OFFER)
            transcript.append(m.string[: m.end()])
            p.send("")
            break
        lines = chunk.split("\n")
        longest = max(longest, len(lines))
        assert len(lines) <= MAX_LINES, chunk
        assert lines[-1].endswith("which option? "), lines[-1]  # the prompt: one line, a question
        if n == 2:
            p.send("board")
        elif n == 3:
            p.send("preview 1")
        else:
            p.send("1")
    else:
        raise AssertionError("game did not end")
    assert p.wait() == 0
    text = "".join(transcript)
    assert not BOX_DRAWING.search(text), BOX_DRAWING.search(text)
    assert "Hell, circle by circle:" in text and "Circle 9, Treachery" in text and "PALACE, in" in text
    assert "Option 1, " in text
    assert (" wins " in text or "share the victory" in text) and replay(load_record(save)).over
    assert "Step 4, Diplomas" in text and "In play" in text
    assert longest > 5  # the decisions were read out
