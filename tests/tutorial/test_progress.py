"""The tutorial's progress file: done, and the session to resume."""

from __future__ import annotations

from pathlib import Path

import pytest

from inferno.tutorial.progress import load_progress, progress_path, record, resume
from inferno.tutorial.session import StepKind, Tutorial


def test_data_dir_is_overridable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INFERNO_DATA_DIR", str(tmp_path))
    assert progress_path() == tmp_path / "tutorial.json"


def test_leave_and_resume_then_done(tmp_path: Path) -> None:
    path = tmp_path / "tutorial.json"
    assert resume(path) is None and not load_progress(path).done
    t = Tutorial.start()
    t.next()
    record(t, path)
    back = resume(path)
    assert back is not None and back.index == 1
    while not t.done:
        step = t.step
        assert step is not None
        t.next() if step.kind is StepKind.EXPLAIN else t.play(step.expected[0])
    record(t, path)
    assert load_progress(path).done and resume(path) is None


def test_unreadable_progress_counts_as_none(tmp_path: Path) -> None:
    path = tmp_path / "tutorial.json"
    path.write_text("{not json", encoding="utf-8")
    assert load_progress(path).done is False and resume(path) is None
    path.write_text('{"done": true, "session": {"tutorial": 1, "inputs": ["fly"]}}', encoding="utf-8")
    assert load_progress(path).done and resume(path) is None


def test_progress_that_cannot_be_written_is_said_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    problem = record(Tutorial.start(), blocker / "tutorial.json")
    assert problem.startswith("Your progress cannot be recorded in") and "goes on" in problem
    assert "Error" not in problem and "Traceback" not in problem
