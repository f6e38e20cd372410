"""The plain tutorial's words: the cue, the board in words, held-back moves, help and leaving."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from inferno.tui.tutorial_plain import HELP, LEFT, NEW_POSITION, PlainTutorial
from inferno.tutorial.progress import resume
from inferno.tutorial.session import Tutorial


def run(lines: list[str]) -> tuple[str, PlainTutorial]:
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    feed: Iterator[str] = iter(lines)

    def ask(prompt: str) -> str:
        console.print(prompt, end="")
        return next(feed)  # StopIteration would mean the loop asked too often

    plain = PlainTutorial(Tutorial.start(), console, ask)
    plain.run()
    return out.getvalue(), plain


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("INFERNO_DATA_DIR", str(tmp_path))
    return tmp_path


def test_the_cue_the_board_and_a_held_back_move() -> None:
    text, plain = run(["next"] * 4 + ["board", "me", "where", "help", "enter violence", "enter lust", "quit"])
    assert "On the board: Graveyard (where tells more)." in text
    assert "Graveyard: The Souls waiting to enter Hell" in text
    assert "Play: enter lust" in text and NEW_POSITION in text
    assert "Hell, circle by circle:" in text and "Florence, location by location:" in text
    assert "Player 1 (you): Infamy 0" in text and HELP in " ".join(text.split())
    assert "Let's ferry the purple Lust Soul first: play enter lust." in text
    assert "You played enter lust: Drachmas 1 → 0 (-1)." in text
    assert text.rstrip().endswith(LEFT)
    assert plain.t.index == 5


def test_an_empty_line_on_an_act_step_repeats_the_cue() -> None:
    text, _ = run(["next"] * 4 + ["", "quit"])
    assert text.count("Play: enter lust") == 2


def test_leaving_records_the_session_to_resume() -> None:
    run(["next", "next", "quit"])
    back = resume()
    assert back is not None and back.index == 2


def test_end_of_input_leaves_like_quit() -> None:
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)

    def ask(prompt: str) -> str:
        raise EOFError

    PlainTutorial(Tutorial.start(), console, ask).run()
    assert LEFT in out.getvalue()
